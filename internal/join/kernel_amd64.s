//go:build amd64 && !purego

#include "textflag.h"

// A row of the table is 64 bytes and a piece has 32 rows, so piece c
// starts 2048·c bytes into the table, and value v of a piece 64·v bytes
// into it. R8 holds the signature shifted left by 6, so that bits 6..10
// of its rotation right by 5·c are the byte offset of the row piece c
// selects.
#define FIRST(sig, off, z) \
	MOVQ sig, off; ANDQ $0x7C0, off; VMOVDQU64 (DI)(off*1), z

#define PIECE(c, sig, off, z) \
	RORXQ $(5*c), sig, off; ANDQ $0x7C0, off; VPANDQ (2048*c)(DI)(off*1), z, z

#define PIECES6(sig, off, z) \
	PIECE(1, sig, off, z); PIECE(2, sig, off, z); PIECE(3, sig, off, z); PIECE(4, sig, off, z); PIECE(5, sig, off, z)

#define PIECES7(sig, off, z) PIECES6(sig, off, z); PIECE(6, sig, off, z)
#define PIECES8(sig, off, z) PIECES7(sig, off, z); PIECE(7, sig, off, z)
#define PIECES9(sig, off, z) PIECES8(sig, off, z); PIECE(8, sig, off, z)
#define PIECES10(sig, off, z) PIECES9(sig, off, z); PIECE(9, sig, off, z)

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
	CMPQ CX, $6
	JLE  six
	CMPQ CX, $7
	JEQ  seven
	CMPQ CX, $8
	JEQ  eight
	CMPQ CX, $9
	JEQ  nine
	JMP  ten

	LOOP(six, six1, PIECES6)
	LOOP(seven, seven1, PIECES7)
	LOOP(eight, eight1, PIECES8)
	LOOP(nine, nine1, PIECES9)
	LOOP(ten, ten1, PIECES10)

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
