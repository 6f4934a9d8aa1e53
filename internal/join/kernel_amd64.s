//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// A row of the table is 64 bytes and a piece has 64 rows, so piece c
// starts 4096·c bytes into the table, and value v of a piece 64·v bytes
// into it. R8 holds the signature shifted left by 6, so that bits 6..11
// of its rotation right by 6·c are the byte offset of the row piece c
// selects.
#define FIRST(sig, off, z) \
	MOVQ sig, off; ANDQ $0xFC0, off; VMOVDQU64 (DI)(off*1), z

#define PIECE(c, sig, off, z) \
	RORXQ $(6*c), sig, off; ANDQ $0xFC0, off; VPANDQ (4096*c)(DI)(off*1), z, z

#define PIECES4(sig, off, z) \
	PIECE(1, sig, off, z); PIECE(2, sig, off, z); PIECE(3, sig, off, z)

#define PIECES5(sig, off, z) PIECES4(sig, off, z); PIECE(4, sig, off, z)
#define PIECES6(sig, off, z) PIECES5(sig, off, z); PIECE(5, sig, off, z)
#define PIECES7(sig, off, z) PIECES6(sig, off, z); PIECE(6, sig, off, z)
#define PIECES8(sig, off, z) PIECES7(sig, off, z); PIECE(7, sig, off, z)
#define PIECES9(sig, off, z) PIECES8(sig, off, z); PIECE(8, sig, off, z)

// LOOP counts with a fixed number of pieces: two signatures an
// iteration, each in its own register chain, then the odd one.
#define LOOP(name, tail, PIECES) \
name: \
	CMPQ DX, $2; JB tail; \
	MOVQ (SI), R8; SHLQ $6, R8; MOVQ 8(SI), R9; SHLQ $6, R9; \
	FIRST(R8, BX, Z1); FIRST(R9, R10, Z2); \
	PIECES(R8, BX, Z1); PIECES(R9, R10, Z2); \
	VPOPCNTQ Z1, Z1; VPOPCNTQ Z2, Z2; VPADDQ Z1, Z0, Z0; VPADDQ Z2, Z3, Z3; \
	ADDQ $16, SI; SUBQ $2, DX; JMP name; \
tail: \
	TESTQ DX, DX; JZ done; \
	MOVQ (SI), R8; SHLQ $6, R8; FIRST(R8, BX, Z1); PIECES(R8, BX, Z1); \
	VPOPCNTQ Z1, Z1; VPADDQ Z1, Z0, Z0; \
	JMP done

// func countBlockAVX512(t *table, chunks int, stream []uint64) uint64
TEXT ·countBlockAVX512(SB), NOSPLIT, $0-48
	MOVQ t+0(FP), DI
	MOVQ chunks+8(FP), CX
	MOVQ stream_base+16(FP), SI
	MOVQ stream_len+24(FP), DX
	VPXORQ Z0, Z0, Z0
	VPXORQ Z3, Z3, Z3
	CMPQ CX, $4
	JLE  four
	CMPQ CX, $5
	JEQ  five
	CMPQ CX, $6
	JEQ  six
	CMPQ CX, $7
	JEQ  seven
	CMPQ CX, $8
	JEQ  eight
	JMP  nine

	LOOP(four, four1, PIECES4)
	LOOP(five, five1, PIECES5)
	LOOP(six, six1, PIECES6)
	LOOP(seven, seven1, PIECES7)
	LOOP(eight, eight1, PIECES8)
	LOOP(nine, nine1, PIECES9)

done:
	VPADDQ Z3, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDQ Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDQ X1, X0, X0
	VPSHUFD $0x4E, X0, X1
	VPADDQ X1, X0, X0
	VMOVQ X0, AX
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET

// EIGHT makes the half boards of p (Z10 its clash, Z11 its part) with
// the eight lower placements at SI, of which the lanes of mask count, and
// stores them at DI, which moves on by their number.
#define EIGHT(mask) \
	VMOVDQU64 (SI), Z1; VPERMB.Z Z1, Z25, K3, Z1; \
	VPTESTNMQ Z10, Z1, mask, K1; \
	VPANDQ Z23, Z1, Z2; VPSLLVQ Z21, Z2, Z2; VPANDQ Z23, Z2, Z2; \
	VPSRLVQ Z20, Z1, Z3; VPSLLVQ Z22, Z3, Z3; VPANDQ Z24, Z3, Z3; \
	VPTERNLOGQ $0xFE, Z11, Z3, Z2; \
	VPCOMPRESSQ Z2, K1, Z4; VMOVDQU64 Z4, (DI); \
	KMOVW K1, AX; POPCNTL AX, AX; LEAQ (DI)(AX*8), DI

// func pairUpAVX512(dst, ups unsafe.Pointer, nu int, lows unsafe.Pointer, nl int, s *shape) int
//
// The shape's fields, by offset: clash 0, upSum 8, upDiff 16, lowSum 24,
// lowDiffWidth 32, mask 40, maskDiff 48, width 56, stride 64, entry 72,
// stride8 80, perm 88 (64 bytes), lanes 152, forbidUp 160, forbidLow 168.
// For each upper placement p (scalar) off the forbidden diagonals, eight
// lower placements q at a time: VPERMB spreads their
// stride-byte records over the eight lanes, K1 marks the q with
// q & clash(p) = 0, Z2 gets their signatures, and VPCOMPRESSQ packs the
// marked ones to the front of Z4, which is stored whole; DI moves on by
// their number.
TEXT ·pairUpAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ ups+8(FP), R11
	MOVQ nu+16(FP), R15
	MOVQ lows+24(FP), R13
	MOVQ nl+32(FP), R14
	MOVQ s+40(FP), DX
	MOVQ DI, ret+48(FP) // the start, until the end
	// Loop invariants: Z20 the width of a mask, Z21 lowSum, Z22
	// lowDiffWidth, Z23 mask, Z24 maskDiff, Z25 perm, K3 lanes.
	VPBROADCASTQ 56(DX), Z20
	VPBROADCASTQ 24(DX), Z21
	VPBROADCASTQ 32(DX), Z22
	VPBROADCASTQ 40(DX), Z23
	VPBROADCASTQ 48(DX), Z24
	VMOVDQU64 88(DX), Z25
	KMOVQ 152(DX), K3
	// K2 marks the lanes of the last, partial group of lows.
	MOVQ R14, CX
	ANDQ $7, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K2
	KXNORW K5, K5, K5 // all lanes, for the full groups
	MOVQ 0(DX), R8   // clash
	MOVQ 8(DX), R9   // upSum
	MOVQ 16(DX), R10 // upDiff
	MOVQ 56(DX), R12 // width

pnext:
	TESTQ R15, R15
	JZ    pdone
	MOVQ  (R11), AX
	ANDQ  72(DX), AX
	TESTQ 160(DX), AX // p on a forbidden diagonal
	JNZ   qdone
	MOVQ  AX, BX
	ANDQ  40(DX), BX  // ps
	SHRXQ R12, AX, AX // pd
	// clash = ps>>h | pd>>h<<width
	SHRXQ R8, BX, CX
	SHRXQ R8, AX, SI
	SHLXQ R12, SI, SI
	ORQ   SI, CX
	ORQ   168(DX), CX // and the lower quadrant's forbidden diagonals
	VPBROADCASTQ CX, Z10
	// part = ps>>upSum & mask | (pd>>upDiff & mask) << width
	SHRXQ R9, BX, CX
	ANDQ  40(DX), CX
	SHRXQ R10, AX, SI
	ANDQ  40(DX), SI
	SHLXQ R12, SI, SI
	ORQ   SI, CX
	VPBROADCASTQ CX, Z11

	MOVQ R13, SI // lows
	MOVQ R14, CX // lows left

qloop:
	CMPQ CX, $8
	JB   qtail
	EIGHT(K5)
	ADDQ       80(DX), SI
	SUBQ       $8, CX
	JMP        qloop

qtail:
	TESTQ CX, CX
	JZ    qdone
	EIGHT(K2)

qdone:
	ADDQ 64(DX), R11
	DECQ R15
	JMP  pnext

pdone:
	SUBQ ret+48(FP), DI
	SHRQ $3, DI
	MOVQ DI, ret+48(FP)
	VZEROUPPER
	RET

// func buildAVX512(t *table, sigs []uint64, chunks int, valid *row)
//
// First the zero rows: eight signatures at a time (lanes past the block
// read as all ones, which no row selects), VPTESTNMQ with each bit marks
// the lanes without it, one byte of zero[b]. Bytes of groups past the
// block keep what they held: every row is ANDed with valid, which clears
// them. Then each piece's 64 rows, from valid and the piece's six zero
// rows: row v is row v&(v−1) without the lanes that have v's lowest bit.
#define ROW(v, p, zb) \
	VMOVDQU64 (64*p)(DI), Z7; VPANDQ zb, Z7, Z7; VMOVDQU64 Z7, (64*v)(DI)

TEXT ·buildAVX512(SB), NOSPLIT, $0-48
	MOVQ t+0(FP), DI
	MOVQ sigs_base+8(FP), SI
	MOVQ sigs_len+16(FP), CX
	MOVQ chunks+32(FP), R9
	MOVQ valid+40(FP), R11
	LEAQ (R9)(R9*2), R8
	SHLQ $1, R8 // bits = 6·chunks
	VPTERNLOGQ $0xFF, Z31, Z31, Z31
	MOVQ $1, AX
	VPBROADCASTQ AX, Z30
	LEAQ table_zero(DI), R12 // &t.zero[0]
	MOVQ R12, R10        // byte of the group in zero[0]

group:
	TESTQ CX, CX
	JZ    rowsStart
	MOVQ  $0xff, AX
	CMPQ  CX, $8
	JAE   full
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	MOVQ  $8, CX
full:
	KMOVW AX, K2
	VMOVDQA64 Z31, Z1
	VMOVDQU64 (SI), K2, Z1
	VMOVDQA64 Z30, Z2
	MOVQ  R10, BX
	MOVQ  R8, DX

bit:
	VPTESTNMQ Z2, Z1, K1
	KMOVW K1, AX
	MOVB  AL, (BX)
	ADDQ  $64, BX
	VPADDQ Z2, Z2, Z2
	DECQ  DX
	JNZ   bit
	ADDQ  $64, SI
	INCQ  R10
	SUBQ  $8, CX
	JMP   group

rowsStart:
	VMOVDQU64 (R11), Z0

piece:
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 0(R12), Z1
	VMOVDQU64 64(R12), Z2
	VMOVDQU64 128(R12), Z3
	VMOVDQU64 192(R12), Z4
	VMOVDQU64 256(R12), Z5
	VMOVDQU64 320(R12), Z6
	ROW(1, 0, Z1)
	ROW(2, 0, Z2)
	ROW(3, 2, Z1)
	ROW(4, 0, Z3)
	ROW(5, 4, Z1)
	ROW(6, 4, Z2)
	ROW(7, 6, Z1)
	ROW(8, 0, Z4)
	ROW(9, 8, Z1)
	ROW(10, 8, Z2)
	ROW(11, 10, Z1)
	ROW(12, 8, Z3)
	ROW(13, 12, Z1)
	ROW(14, 12, Z2)
	ROW(15, 14, Z1)
	ROW(16, 0, Z5)
	ROW(17, 16, Z1)
	ROW(18, 16, Z2)
	ROW(19, 18, Z1)
	ROW(20, 16, Z3)
	ROW(21, 20, Z1)
	ROW(22, 20, Z2)
	ROW(23, 22, Z1)
	ROW(24, 16, Z4)
	ROW(25, 24, Z1)
	ROW(26, 24, Z2)
	ROW(27, 26, Z1)
	ROW(28, 24, Z3)
	ROW(29, 28, Z1)
	ROW(30, 28, Z2)
	ROW(31, 30, Z1)
	ROW(32, 0, Z6)
	ROW(33, 32, Z1)
	ROW(34, 32, Z2)
	ROW(35, 34, Z1)
	ROW(36, 32, Z3)
	ROW(37, 36, Z1)
	ROW(38, 36, Z2)
	ROW(39, 38, Z1)
	ROW(40, 32, Z4)
	ROW(41, 40, Z1)
	ROW(42, 40, Z2)
	ROW(43, 42, Z1)
	ROW(44, 40, Z3)
	ROW(45, 44, Z1)
	ROW(46, 44, Z2)
	ROW(47, 46, Z1)
	ROW(48, 32, Z5)
	ROW(49, 48, Z1)
	ROW(50, 48, Z2)
	ROW(51, 50, Z1)
	ROW(52, 48, Z3)
	ROW(53, 52, Z1)
	ROW(54, 52, Z2)
	ROW(55, 54, Z1)
	ROW(56, 48, Z4)
	ROW(57, 56, Z1)
	ROW(58, 56, Z2)
	ROW(59, 58, Z1)
	ROW(60, 56, Z3)
	ROW(61, 60, Z1)
	ROW(62, 60, Z2)
	ROW(63, 62, Z1)
	ADDQ $4096, DI
	ADDQ $384, R12
	DECQ R9
	JNZ  piece
	VZEROUPPER
	RET

// func classifyBMI2(cls []uint8, rest, list []uint64, mask uint64)
TEXT ·classifyBMI2(SB), NOSPLIT, $0-80
	MOVQ cls_base+0(FP), DI
	MOVQ rest_base+24(FP), R9
	MOVQ list_base+48(FP), SI
	MOVQ list_len+56(FP), CX
	MOVQ mask+72(FP), DX
	MOVQ DX, R8
	NOTQ R8
	TESTQ CX, CX
	JZ    cdone

cloop:
	MOVQ  (SI), AX
	PEXTQ DX, AX, BX
	MOVW  BX, (DI)
	PEXTQ R8, AX, AX
	MOVQ  AX, (R9)
	ADDQ  $8, SI
	ADDQ  $8, R9
	ADDQ  $2, DI
	DECQ  CX
	JNZ   cloop

cdone:
	RET

// The lanes of a 512-bit register of sixteen words, reversed.
DATA reversed16<>+0(SB)/8, $0x0000000e0000000f
DATA reversed16<>+8(SB)/8, $0x0000000c0000000d
DATA reversed16<>+16(SB)/8, $0x0000000a0000000b
DATA reversed16<>+24(SB)/8, $0x0000000800000009
DATA reversed16<>+32(SB)/8, $0x0000000600000007
DATA reversed16<>+40(SB)/8, $0x0000000400000005
DATA reversed16<>+48(SB)/8, $0x0000000200000003
DATA reversed16<>+56(SB)/8, $0x0000000000000001
GLOBL reversed16<>(SB), RODATA|NOPTR, $64

// func dotReversedAVX512(up, low *uint32, n, blocks int) uint64
//
// Sixteen terms an iteration: the sizes of up's groups i..i+15, and of
// low's groups n−1−i down to n−16−i, as differences of their starts,
// multiplied in the even and the odd words apart.
TEXT ·dotReversedAVX512(SB), NOSPLIT, $0-40
	MOVQ up+0(FP), SI
	MOVQ low+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ blocks+24(FP), DX
	LEAQ -64(DI)(CX*4), R8 // low's starts n−16 on
	VMOVDQU32 reversed16<>(SB), Z5
	VPXORQ Z0, Z0, Z0
	VPXORQ Z7, Z7, Z7

dotloop:
	VMOVDQU32 (SI), Z1
	VMOVDQU32 4(SI), Z2
	VPSUBD Z1, Z2, Z2
	VMOVDQU32 (R8), Z3
	VMOVDQU32 4(R8), Z4
	VPSUBD Z3, Z4, Z4
	VPERMD Z4, Z5, Z4
	VPMULUDQ Z2, Z4, Z6
	VPADDQ Z6, Z0, Z0
	VPSRLQ $32, Z2, Z2
	VPSRLQ $32, Z4, Z4
	VPMULUDQ Z2, Z4, Z6
	VPADDQ Z6, Z7, Z7
	ADDQ $64, SI
	SUBQ $64, R8
	DECQ DX
	JNZ dotloop

	VPADDQ Z7, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDQ Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDQ X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPADDQ X1, X0, X0
	VMOVQ X0, AX
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET
