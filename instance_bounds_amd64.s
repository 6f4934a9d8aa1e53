//go:build amd64 && !purego

#include "textflag.h"

// ONES sets r to as many ones, from bit 0, as the count n says.
#define ONES(n, r) MOVQ n, CX; MOVQ $-1, r; BZHIQ CX, r, r

// POSSUM sets out to the sum of the positions of the bits of x: the sum
// over the bit planes R8..R13 of the positions (0xAAAA…, 0xCCCC…, …) of
// the bits of x in each, times its weight.
#define POSSUM(x, out, t) \
	MOVQ x, out; ANDQ R8, out; POPCNTQ out, out; \
	MOVQ x, t; ANDQ R9, t; POPCNTQ t, t; LEAQ (out)(t*2), out; \
	MOVQ x, t; ANDQ R10, t; POPCNTQ t, t; LEAQ (out)(t*4), out; \
	MOVQ x, t; ANDQ R11, t; POPCNTQ t, t; LEAQ (out)(t*8), out; \
	MOVQ x, t; ANDQ R12, t; POPCNTQ t, t; SHLQ $4, t; ADDQ t, out; \
	MOVQ x, t; ANDQ R13, t; POPCNTQ t, t; SHLQ $5, t; ADDQ t, out

// LOWHIGH stores to lo and hi the sums of the positions of the m lowest
// and the m highest bits of x; R14 holds m ones, CX m.
#define LOWHIGH(x, lo, hi) \
	PDEPQ x, R14, AX; POSSUM(AX, DI, DX); MOVQ DI, lo; \
	POPCNTQ x, BX; SUBQ CX, BX; MOVQ $-1, AX; BZHIQ BX, AX, AX; \
	PDEPQ x, AX, AX; ANDNQ x, AX, AX; POSSUM(AX, DI, DX); MOVQ DI, hi

// ZBYTE adds to out the squares of the distances of the bits of byte i
// of BX, from the table zSquares.
#define ZBYTE(i, out) \
	MOVQ BX, AX; SHRQ $(8*i), AX; MOVBQZX AL, AX; \
	MOVWQZX (DI)(AX*2), DX; ADDQ DX, out; ADDQ $512, DI

// NEAR adds to out the least sum of the squares of m of the distances of
// the interleaved masks near and far (see nearSquares).
#define NEAR(near, far, out) \
	MOVQ $0x5555555555555555, AX; PDEPQ AX, near, BX; \
	MOVQ $0xAAAAAAAAAAAAAAAA, AX; PDEPQ AX, far, DX; ORQ DX, BX; \
	PDEPQ BX, R14, BX; LEAQ ·zSquares(SB), DI; \
	ZBYTE(0, out); ZBYTE(1, out); ZBYTE(2, out); ZBYTE(3, out); \
	ZBYTE(4, out); ZBYTE(5, out); ZBYTE(6, out); ZBYTE(7, out)

// func indexBoundsBMI2(sums, diffs uint64, m int) (sumLow, sumHigh, diffLow, diffHigh int)
TEXT ·indexBoundsBMI2(SB), NOSPLIT, $0-56
	ONES(m+16(FP), R14)
	MOVQ $0xAAAAAAAAAAAAAAAA, R8
	MOVQ $0xCCCCCCCCCCCCCCCC, R9
	MOVQ $0xF0F0F0F0F0F0F0F0, R10
	MOVQ $0xFF00FF00FF00FF00, R11
	MOVQ $0xFFFF0000FFFF0000, R12
	MOVQ $0xFFFFFFFF00000000, R13
	MOVQ sums+0(FP), SI
	LOWHIGH(SI, sumLow+24(FP), sumHigh+32(FP))
	MOVQ diffs+8(FP), SI
	LOWHIGH(SI, diffLow+40(FP), diffHigh+48(FP))
	RET

// func nearBoundBMI2(su, sd, du, dd uint64, m int) int
TEXT ·nearBoundBMI2(SB), NOSPLIT, $0-48
	ONES(m+32(FP), R14)
	XORQ R9, R9
	MOVQ su+0(FP), SI
	MOVQ sd+8(FP), R8
	NEAR(SI, R8, R9)
	MOVQ du+16(FP), SI
	MOVQ dd+24(FP), R8
	NEAR(SI, R8, R9)
	MOVQ R9, ret+40(FP)
	RET

// COLOURZ stores to z the interleaved mask of the folded diagonals near
// and far of one family (R8 and R9 hold the interleaving masks), and to
// nearest how many of its m lowest bits (R14 holds m ones) are light
// ones.
#define COLOURZ(near, far, light, z, nearest) \
	MOVQ near, AX; PDEPQ R8, AX, BX; MOVQ far, AX; PDEPQ R9, AX, DX; ORQ DX, BX; \
	MOVQ BX, z; PDEPQ BX, R14, AX; ANDQ light, AX; POPCNTQ AX, AX; MOVQ AX, nearest

// func colourNearestBMI2(su, sd, du, dd uint64, m int, lightSums, lightDiffs uint64) (zs, zd uint64, nearestS, nearestD int)
TEXT ·colourNearestBMI2(SB), NOSPLIT, $0-88
	ONES(m+32(FP), R14)
	MOVQ $0x5555555555555555, R8
	MOVQ $0xAAAAAAAAAAAAAAAA, R9
	COLOURZ(su+0(FP), sd+8(FP), lightSums+40(FP), zs+56(FP), nearestS+72(FP))
	COLOURZ(du+16(FP), dd+24(FP), lightDiffs+48(FP), zd+64(FP), nearestD+80(FP))
	RET

// SPLITNEAR adds to R9 the squares of the distances of the l nearest
// light diagonals (R14 holds l ones) and of the d nearest dark ones (R13
// holds d ones) of the interleaved mask z of one family. The two choices
// are disjoint, so that one pass over the bytes of both together sums
// their squares.
#define SPLITNEAR(z, light) \
	MOVQ z, SI; MOVQ light, R8; MOVQ SI, R10; ANDQ R8, R10; PDEPQ R10, R14, BX; \
	ANDNQ SI, R8, R10; PDEPQ R10, R13, R10; ORQ R10, BX; LEAQ ·zSquares(SB), DI; \
	ZBYTE(0, R9); ZBYTE(1, R9); ZBYTE(2, R9); ZBYTE(3, R9); \
	ZBYTE(4, R9); ZBYTE(5, R9); ZBYTE(6, R9); ZBYTE(7, R9)

// func splitNearBMI2(zs, zd, lightSums, lightDiffs uint64, l, d int) int
TEXT ·splitNearBMI2(SB), NOSPLIT, $0-56
	ONES(l+32(FP), R14)
	ONES(d+40(FP), R13)
	XORQ R9, R9
	SPLITNEAR(zs+0(FP), lightSums+16(FP))
	SPLITNEAR(zd+8(FP), lightDiffs+24(FP))
	MOVQ R9, ret+48(FP)
	RET

// The cost of a trade that cannot be made: more than any spread.
DATA noTrade<>+0(SB)/8, $0x100000
GLOBL noTrade<>(SB), RODATA|NOPTR, $8

// TRADE sets R11 to the least of itself and the cost of a trade on the
// diagonals of one family: the nearest unchosen one of a class, in AX,
// for the farthest chosen one of the other, in CX (see trade).
#define TRADE \
	TZCNTQ AX, DX; SBBQ AX, AX; LZCNTQ CX, CX; SBBQ $0, AX; \
	SHRQ $1, DX; IMULQ DX, DX; NEGQ CX; ADDQ $63, CX; SHRQ $1, CX; IMULQ CX, CX; SUBQ CX, DX; \
	TESTQ AX, AX; CMOVQNE noTrade<>(SB), DX; CMPQ DX, R11; CMOVQLT DX, R11

// TRADES sets R11 to the least of itself and the costs of the two trades
// on the diagonals z of one family with the nearest c chosen, the lower
// classes being R10.
#define TRADES(z, c) \
	MOVQ z, AX; ANDQ R10, AX; ANDNQ AX, c, AX; ANDNQ c, R10, CX; TRADE; \
	ANDNQ z, R10, AX; ANDNQ AX, c, AX; MOVQ c, CX; ANDQ R10, CX; TRADE

// PARITY adds R12 to the numbers of the chosen diagonals in the lower
// classes of both families, BX and R8, and jumps to even when the sum
// is even.
#define PARITY(even) \
	MOVQ lowSums+32(FP), AX; ANDQ BX, AX; POPCNTQ AX, AX; \
	MOVQ lowDiffs+40(FP), CX; ANDQ R8, CX; POPCNTQ CX, CX; ADDQ CX, AX; \
	ADDQ R12, AX; TESTQ $1, AX; JZ even

// BLOCKFIX adds to R9 the least cost of a trade in the block of the sum
// diagonals SI and the difference diagonals DI, of which BX and R8 are
// chosen.
#define BLOCKFIX \
	MOVQ noTrade<>(SB), R11; \
	MOVQ lowSums+32(FP), R10; TRADES(SI, BX); \
	MOVQ lowDiffs+40(FP), R10; TRADES(DI, R8); \
	ADDQ R11, R9

// func parityExtraBMI2(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd int) int
TEXT ·parityExtraBMI2(SB), NOSPLIT, $0-80
	ONES(l+48(FP), R14)
	ONES(d+56(FP), R13)
	XORQ R9, R9
	MOVQ zs+0(FP), SI              // the light block
	ANDQ lightSums+16(FP), SI
	MOVQ zd+8(FP), DI
	ANDQ lightDiffs+24(FP), DI
	PDEPQ SI, R14, BX
	PDEPQ DI, R14, R8
	MOVQ odd+64(FP), R12
	ANDQ $1, R12
	PARITY(parityDark)
	BLOCKFIX

parityDark:
	MOVQ zs+0(FP), SI              // the dark block
	MOVQ lightSums+16(FP), AX
	ANDNQ SI, AX, SI
	MOVQ zd+8(FP), DI
	MOVQ lightDiffs+24(FP), AX
	ANDNQ DI, AX, DI
	PDEPQ SI, R13, BX
	PDEPQ DI, R13, R8
	MOVQ odd+64(FP), R12
	SHRQ $1, R12
	ANDQ $1, R12
	PARITY(parityDone)
	BLOCKFIX

parityDone:
	MOVQ R9, ret+72(FP)
	RET
