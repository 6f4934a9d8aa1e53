//go:build amd64 && !purego

#include "textflag.h"

// The lanes' state, laneState, in two groups of eight lanes: the free
// squares yet to try (Z0, Z16), the columns (Z1, Z17), the sum diagonals
// (Z2, Z18) and the difference diagonals (Z3, Z19) of the queens, the
// rows (Z4, Z20), the prefixes (Z5, Z21) and the lanes that search (K1,
// K2). Z6 holds n-1, Z7 the rows of a prefix, Z8 and Z24 the lanes'
// numbers, Z9 ones, Z10 n and Z11 zeros. SI points at the allowed
// squares of the rows, DI at the stacks of the queens' columns, R8 at
// the prefixes; R9 counts the steps left, R10 the nodes, R11 and R12 are
// the next prefix and the number in the buffer; CX gathers the lanes
// that are done, R13 those that met a solution.

// The numbers of the lanes of the first group.
DATA laneNumbers<>+0(SB)/8, $0
DATA laneNumbers<>+8(SB)/8, $1
DATA laneNumbers<>+16(SB)/8, $2
DATA laneNumbers<>+24(SB)/8, $3
DATA laneNumbers<>+32(SB)/8, $4
DATA laneNumbers<>+40(SB)/8, $5
DATA laneNumbers<>+48(SB)/8, $6
DATA laneNumbers<>+56(SB)/8, $7
GLOBL laneNumbers<>(SB), RODATA|NOPTR, $64

// STEP moves the lanes of one group one node on (see laneStepsGo), with
// the temporaries T1..T4 and IDX, and adds the group's lanes that are
// done and that met a solution, shifted by SHIFT, to CX and R13.
#define STEP(FREE, COLS, SUMS, DIFFS, ROW, LANE, KACT, T1, T2, T3, T4, IDX, SHIFT) \
	VPTESTMQ FREE, FREE, KACT, K3; \
	KANDNW KACT, K3, K4; \
	VPCMPEQQ Z7, ROW, K4, K5; \
	KANDNW K4, K5, K6; \
	KMOVW K5, AX; SHLQ $SHIFT, AX; ORQ AX, CX; \
	VPSUBQ FREE, Z11, T1; VPANDQ FREE, T1, T1; \
	VPSLLQ $4, ROW, IDX; VPADDQ LANE, IDX, IDX; \
	KMOVW K3, K7; VPSCATTERQQ T1, K7, (DI)(IDX*8); \
	VPSUBQ Z9, ROW, K6, ROW; \
	VPSLLQ $4, ROW, IDX; VPADDQ LANE, IDX, IDX; \
	KMOVW K6, K7; VPGATHERQQ (DI)(IDX*8), K7, T1; \
	KORW K3, K6, K5; \
	VPXORQ T1, COLS, K5, COLS; \
	VPSLLVQ ROW, T1, T2; VPXORQ T2, SUMS, K5, SUMS; \
	VPSLLVQ Z6, T1, T2; VPSRLVQ ROW, T2, T2; VPXORQ T2, DIFFS, K5, DIFFS; \
	VPADDQ Z9, ROW, K3, ROW; \
	VMOVDQA64 ROW, T2; VPERMI2Q Z26, Z25, T2; \
	VMOVDQA64 ROW, IDX; VPERMI2Q Z28, Z27, IDX; \
	VPTESTMQ Z29, ROW, K4; VMOVDQA64 IDX, K4, T2; \
	VPSRLVQ ROW, SUMS, T3; VPSUBQ ROW, Z6, T4; VPSRLVQ T4, DIFFS, T4; \
	VPTERNLOGQ $0xFE, COLS, T4, T3; \
	VPANDNQ T2, T3, K5, FREE; \
	VPADDQ T1, T1, T2; VPSUBQ T2, Z11, T2; VPANDQ T2, FREE, K6, FREE; \
	VPCMPEQQ Z10, ROW, K3, K7; \
	KMOVW K7, AX; SHLQ $SHIFT, AX; ORQ AX, R13; \
	KMOVW K3, AX; POPCNTL AX, AX; ADDQ AX, R10

// EXPAND gives the next prefixes to the lanes of a group that are done,
// in DX: their free squares, lines and indices from the buffer.
#define EXPAND(FREE, COLS, SUMS, DIFFS, PREFIX) \
	KMOVW DX, K7; LEAQ (R8)(R11*8), AX; \
	VPEXPANDQ 0(AX), K7, FREE; VPEXPANDQ 2048(AX), K7, COLS; \
	VPEXPANDQ 4096(AX), K7, SUMS; VPEXPANDQ 6144(AX), K7, DIFFS; \
	VPEXPANDQ 8192(AX), K7, PREFIX; \
	POPCNTQ DX, DX; ADDQ DX, R11

// func laneStepsAVX512(st *laneState, allow *[64]uint64, stack *[64][laneCount]uint64, buf *prefixBuffer, n, depth, steps int) int
TEXT ·laneStepsAVX512(SB), NOSPLIT, $0-64
	MOVQ st+0(FP), BX
	MOVQ allow+8(FP), SI
	MOVQ stack+16(FP), DI
	MOVQ buf+24(FP), R8
	MOVQ n+32(FP), AX
	VPBROADCASTQ AX, Z10
	DECQ AX
	VPBROADCASTQ AX, Z6
	VPBROADCASTQ depth+40(FP), Z7
	MOVQ steps+48(FP), R9
	MOVQ $1, AX
	VPBROADCASTQ AX, Z9
	VPXORQ Z11, Z11, Z11
	VMOVDQU64 laneNumbers<>(SB), Z8
	MOVQ $8, AX
	VPBROADCASTQ AX, Z24
	VPADDQ Z8, Z24, Z24

	VMOVDQU64 0(SI), Z25              // the allowed squares of rows 0 to 31
	VMOVDQU64 64(SI), Z26
	VMOVDQU64 128(SI), Z27
	VMOVDQU64 192(SI), Z28
	MOVQ $16, AX
	VPBROADCASTQ AX, Z29

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
	MOVQ 768(BX), AX
	KMOVW AX, K1
	SHRQ $8, AX
	KMOVW AX, K2
	MOVQ 776(BX), R10
	MOVQ 10240(R8), R11
	MOVQ 10248(R8), R12

laneLoop:
	XORQ CX, CX
	XORQ R13, R13
	STEP(Z0, Z1, Z2, Z3, Z4, Z8, K1, Z12, Z13, Z14, Z15, Z22, 0)
	STEP(Z16, Z17, Z18, Z19, Z20, Z24, K2, Z12, Z13, Z14, Z15, Z22, 8)
	TESTQ R13, R13
	JNZ laneFoundOne
	TESTQ CX, CX
	JNZ laneDone

laneNext:
	DECQ R9
	JNZ laneLoop
	MOVQ $0, ret+56(FP)               // laneBudget
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
	MOVQ $2, ret+56(FP)               // laneRefill
	JMP laneSave

laneFoundOne:
	TZCNTQ R13, AX
	INCQ AX
	MOVQ AX, 784(BX)
	MOVQ $1, ret+56(FP)               // laneFound

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
	MOVQ R10, 776(BX)
	MOVQ R11, 10240(R8)
	VZEROUPPER
	RET
