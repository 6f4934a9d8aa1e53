//go:build amd64 && !purego

#include "textflag.h"

// The lanes' state, laneState, in two groups of eight lanes: the free
// squares yet to try (Z0, Z16), the columns (Z1, Z17), the sum diagonals
// (Z2, Z18) and the difference diagonals (Z3, Z19) of the queens, the
// rows (Z4, Z20), the prefixes (Z5, Z21), the two words of the history
// (Z8 and Z23, Z24 and Z30) and the lanes that search (K1, K2). Z6 holds
// n-1, Z7 the rows of a prefix, Z9 ones, Z11 the five bits of a field,
// Z31 the twelve fields of a word of the history (historyLow), Z25 to
// Z28 the allowed squares of rows 0 to 31 and Z29 sixteen. R8 points at
// the prefixes; R9 counts the steps left, R10 the nodes, R11 and R12 are
// the next prefix and the number in the buffer; CX gathers the lanes
// that are done, R13 those that met a solution.

// STEP moves the lanes of one group one node on (see laneStepsGo), with
// the temporaries Z10, Z12 to Z15 and Z22, and adds the group's lanes
// that are done and that met a solution, shifted by SHIFT, to CX and
// R13. Both moves are made ready from the state before the step: going
// down, the lowest free square, its column pushed on the history, the
// row one lower; going back, the column popped off the history, the row
// one higher. The masks of the lanes that go down (K3) and back (K6)
// then pick one or the other, so that the step waits on its free squares
// only for the masks, and the lines and free squares of the new row come
// after.
#define STEP(FREE, COLS, SUMS, DIFFS, ROW, H0, H1, KACT, SHIFT) \
	VPTESTMQ FREE, FREE, KACT, K3; \
	VPCMPUQ $4, Z7, ROW, KACT, K4; \
	KANDNW K4, K3, K6; \
	KORW K3, K6, K5; \
	KANDNW KACT, K5, K7; \
	KMOVW K7, AX; SHLQ $SHIFT, AX; ORQ AX, CX; \
	VPCMPEQQ Z6, ROW, K3, K7; \
	KMOVW K7, AX; SHLQ $SHIFT, AX; ORQ AX, R13; \
	KMOVW K3, AX; POPCNTL AX, AX; ADDQ AX, R10; \
	VPSUBQ Z9, FREE, Z12; VPANDNQ FREE, Z12, Z13; \
	VPANDNQ Z12, FREE, Z12; VPOPCNTQ Z12, Z12; \
	VPSLLQ $5, H0, Z14; VPTERNLOGQ $0xEA, Z12, Z31, Z14; \
	VPSRLQ $55, H0, Z15; VPSLLQ $5, H1, Z22; VPORQ Z22, Z15, Z15; \
	VPANDQ Z11, H0, Z22; VPSLLVQ Z22, Z9, K6, Z13; \
	VPSRLQ $5, H0, Z10; VPSLLQ $55, H1, Z22; VPTERNLOGQ $0xF8, Z31, Z22, Z10; \
	VMOVDQA64 Z14, K3, H0; VMOVDQA64 Z10, K6, H0; \
	VPSRLQ $5, H1, K6, H1; VMOVDQA64 Z15, K3, H1; \
	VPSUBQ Z9, ROW, Z12; VMOVDQA64 ROW, K3, Z12; \
	VPXORQ Z13, COLS, K5, COLS; \
	VPSLLVQ Z12, Z13, Z14; VPXORQ Z14, SUMS, K5, SUMS; \
	VPSUBQ Z12, Z6, Z14; VPSLLVQ Z14, Z13, Z14; VPXORQ Z14, DIFFS, K5, DIFFS; \
	VPADDQ Z9, ROW, K3, ROW; VMOVDQA64 Z12, K6, ROW; \
	VPSRLVQ ROW, SUMS, Z14; VPSUBQ ROW, Z6, Z15; VPSRLVQ Z15, DIFFS, Z15; \
	VPTERNLOGQ $0xFE, COLS, Z14, Z15; \
	VMOVDQA64 ROW, Z14; VPERMI2Q Z26, Z25, Z14; \
	VMOVDQA64 ROW, Z10; VPERMI2Q Z28, Z27, Z10; \
	VPTESTMQ Z29, ROW, K4; VMOVDQA64 Z10, K4, Z14; \
	VPANDNQ Z14, Z15, K5, FREE; \
	VPADDQ Z13, Z13, Z14; VPSUBQ Z9, Z14, Z14; VPANDNQ FREE, Z14, K6, FREE

// EXPAND gives the next prefixes to the lanes of a group that are done,
// in DX: their free squares, lines and indices from the buffer. Their
// histories are clear, for they are back at their prefixes' rows.
#define EXPAND(FREE, COLS, SUMS, DIFFS, PREFIX) \
	KMOVW DX, K7; LEAQ (R8)(R11*8), AX; \
	VPEXPANDQ 0(AX), K7, FREE; VPEXPANDQ 2048(AX), K7, COLS; \
	VPEXPANDQ 4096(AX), K7, SUMS; VPEXPANDQ 6144(AX), K7, DIFFS; \
	VPEXPANDQ 8192(AX), K7, PREFIX; \
	POPCNTQ DX, DX; ADDQ DX, R11

// func laneStepsAVX512(st *laneState, allow *[64]uint64, buf *prefixBuffer, n, depth, steps int) int
TEXT ·laneStepsAVX512(SB), NOSPLIT, $0-56
	MOVQ st+0(FP), BX
	MOVQ allow+8(FP), SI
	MOVQ buf+16(FP), R8
	MOVQ n+24(FP), AX
	DECQ AX
	VPBROADCASTQ AX, Z6
	VPBROADCASTQ depth+32(FP), Z7
	MOVQ steps+40(FP), R9
	MOVQ $1, AX
	VPBROADCASTQ AX, Z9
	MOVQ $31, AX
	VPBROADCASTQ AX, Z11
	MOVQ $0x0fffffffffffffff, AX
	VPBROADCASTQ AX, Z31
	MOVQ $16, AX
	VPBROADCASTQ AX, Z29
	VMOVDQU64 0(SI), Z25
	VMOVDQU64 64(SI), Z26
	VMOVDQU64 128(SI), Z27
	VMOVDQU64 192(SI), Z28

	VMOVDQU64 0(BX), Z0
	VMOVDQU64 64(BX), Z16
	VMOVDQU64 128(BX), Z1
	VMOVDQU64 192(BX), Z17
	VMOVDQU64 256(BX), Z2
	VMOVDQU64 320(BX), Z18
	VMOVDQU64 384(BX), Z3
	VMOVDQU64 448(BX), Z19
	VMOVDQU64 512(BX), Z4
	VMOVDQU64 576(BX), Z20
	VMOVDQU64 640(BX), Z5
	VMOVDQU64 704(BX), Z21
	VMOVDQU64 768(BX), Z8
	VMOVDQU64 832(BX), Z24
	VMOVDQU64 896(BX), Z23
	VMOVDQU64 960(BX), Z30
	MOVQ 1024(BX), AX
	MOVQ AX, DX
	ANDQ $0xff, DX
	KMOVW DX, K1
	SHRQ $8, AX
	ANDQ $0xff, AX
	KMOVW AX, K2
	MOVQ 1032(BX), R10
	MOVQ 10240(R8), R11
	MOVQ 10248(R8), R12

laneLoop:
	XORQ CX, CX
	XORQ R13, R13
	STEP(Z0, Z1, Z2, Z3, Z4, Z8, Z23, K1, 0)
	STEP(Z16, Z17, Z18, Z19, Z20, Z24, Z30, K2, 8)
	TESTQ R13, R13
	JNZ laneFoundOne
	TESTQ CX, CX
	JNZ laneDone

laneNext:
	DECQ R9
	JNZ laneLoop
	MOVQ $0, ret+48(FP)               // laneBudget
	JMP laneSave

laneDone:
	// The lanes done take the next prefixes, where the buffer has one
	// for each.
	POPCNTQ CX, AX
	MOVQ R12, DX
	SUBQ R11, DX
	CMPQ DX, AX
	JLT laneShort
	MOVQ CX, DX
	ANDQ $0xFF, DX
	EXPAND(Z0, Z1, Z2, Z3, Z5)
	MOVQ CX, DX
	SHRQ $8, DX
	EXPAND(Z16, Z17, Z18, Z19, Z21)
	JMP laneNext

laneShort:
	MOVQ $2, ret+48(FP)               // laneRefill
	JMP laneSave

laneFoundOne:
	TZCNTQ R13, AX
	INCQ AX
	MOVQ AX, 1040(BX)
	MOVQ $1, ret+48(FP)               // laneFound

laneSave:
	VMOVDQU64 Z0, 0(BX)
	VMOVDQU64 Z16, 64(BX)
	VMOVDQU64 Z1, 128(BX)
	VMOVDQU64 Z17, 192(BX)
	VMOVDQU64 Z2, 256(BX)
	VMOVDQU64 Z18, 320(BX)
	VMOVDQU64 Z3, 384(BX)
	VMOVDQU64 Z19, 448(BX)
	VMOVDQU64 Z4, 512(BX)
	VMOVDQU64 Z20, 576(BX)
	VMOVDQU64 Z5, 640(BX)
	VMOVDQU64 Z21, 704(BX)
	VMOVDQU64 Z8, 768(BX)
	VMOVDQU64 Z24, 832(BX)
	VMOVDQU64 Z23, 896(BX)
	VMOVDQU64 Z30, 960(BX)
	MOVQ R10, 1032(BX)
	MOVQ R11, 10240(R8)
	VZEROUPPER
	RET
