//go:build amd64 && !purego

#include "textflag.h"

#include "kernels.h"

// ONES sets r to as many ones, from bit 0, as the count n says.
#define ONES(n, r) MOVQ n, CX; MOVQ $-1, r; BZHIQ CX, r, r

// The bit planes of the positions of a word: bit i of planes+8j is bit
// j of i.
DATA planes<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
DATA planes<>+8(SB)/8, $0xCCCCCCCCCCCCCCCC
DATA planes<>+16(SB)/8, $0xF0F0F0F0F0F0F0F0
DATA planes<>+24(SB)/8, $0xFF00FF00FF00FF00
DATA planes<>+32(SB)/8, $0xFFFF0000FFFF0000
DATA planes<>+40(SB)/8, $0xFFFFFFFF00000000
GLOBL planes<>(SB), RODATA|NOPTR, $48

// POSSUM sets out to the sum of the positions of the bits of x: the sum
// over the bit planes of the positions of the bits of x in each, times
// its weight.
#define POSSUM(x, out, t) \
	MOVQ x, out; ANDQ planes<>+0(SB), out; POPCNTQ out, out; \
	MOVQ x, t; ANDQ planes<>+8(SB), t; POPCNTQ t, t; LEAQ (out)(t*2), out; \
	MOVQ x, t; ANDQ planes<>+16(SB), t; POPCNTQ t, t; LEAQ (out)(t*4), out; \
	MOVQ x, t; ANDQ planes<>+24(SB), t; POPCNTQ t, t; LEAQ (out)(t*8), out; \
	MOVQ x, t; ANDQ planes<>+32(SB), t; POPCNTQ t, t; SHLQ $4, t; ADDQ t, out; \
	MOVQ x, t; ANDQ planes<>+40(SB), t; POPCNTQ t, t; SHLQ $5, t; ADDQ t, out

// LOWHIGH stores to lo and hi the sums of the positions of the m lowest
// and the m highest bits of x; R14 holds m ones, CX m.
#define LOWHIGH(x, lo, hi) \
	PDEPQ x, R14, AX; POSSUM(AX, DI, DX); MOVQ DI, lo; \
	POPCNTQ x, BX; SUBQ CX, BX; MOVQ $-1, AX; BZHIQ BX, AX, AX; \
	PDEPQ x, AX, AX; ANDNQ x, AX, AX; POSSUM(AX, DI, DX); MOVQ DI, hi

// ZBYTE adds to out the entry of byte i of x in the table of 256 words
// at DI, and moves DI on to the next table: from zSquares, the squares
// of the distances of its bits; from byteSquares, of their positions.
#define ZBYTE(x, i, out) \
	MOVQ x, AX; SHRQ $(8*i), AX; MOVBQZX AL, AX; \
	MOVWQZX (DI)(AX*2), DX; ADDQ DX, out; ADDQ $512, DI

// NEAR adds to out the least sum of the squares of m of the distances of
// the interleaved masks near and far (see nearSquares).
#define NEAR(near, far, out) \
	MOVQ $0x5555555555555555, AX; PDEPQ AX, near, BX; \
	MOVQ $0xAAAAAAAAAAAAAAAA, AX; PDEPQ AX, far, DX; ORQ DX, BX; \
	PDEPQ BX, R14, BX; LEAQ ·zSquares(SB), DI; \
	ZBYTE(BX, 0, out); ZBYTE(BX, 1, out); ZBYTE(BX, 2, out); ZBYTE(BX, 3, out); \
	ZBYTE(BX, 4, out); ZBYTE(BX, 5, out); ZBYTE(BX, 6, out); ZBYTE(BX, 7, out)

// func indexBoundsBMI2(sums, diffs uint64, m int) (sumLow, sumHigh, diffLow, diffHigh int)
TEXT ·indexBoundsBMI2(SB), NOSPLIT, $0-56
	ONES(m+16(FP), R14)
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
	ZBYTE(BX, 0, R9); ZBYTE(BX, 1, R9); ZBYTE(BX, 2, R9); ZBYTE(BX, 3, R9); \
	ZBYTE(BX, 4, R9); ZBYTE(BX, 5, R9); ZBYTE(BX, 6, R9); ZBYTE(BX, 7, R9)

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

// PARITYEXTRA adds to R9 what the parity costs the spread of l light
// and d dark diagonals of each family (see parityExtraGo), R14 holding l
// ones and R13 d ones, for the arguments of spreadAtBMI2; dark and done
// are labels of its own.
#define PARITYEXTRA(dark, done) \
	MOVQ zs+0(FP), SI; ANDQ lightSums+16(FP), SI; \
	MOVQ zd+8(FP), DI; ANDQ lightDiffs+24(FP), DI; \
	PDEPQ SI, R14, BX; PDEPQ DI, R14, R8; \
	MOVQ odd+64(FP), R12; ANDQ $1, R12; \
	PARITY(dark); BLOCKFIX; \
dark: \
	MOVQ zs+0(FP), SI; MOVQ lightSums+16(FP), AX; ANDNQ SI, AX, SI; \
	MOVQ zd+8(FP), DI; MOVQ lightDiffs+24(FP), AX; ANDNQ DI, AX, DI; \
	PDEPQ SI, R13, BX; PDEPQ DI, R13, R8; \
	MOVQ odd+64(FP), R12; SHRQ $1, R12; ANDQ $1, R12; \
	PARITY(done); BLOCKFIX; \
done:

// func spreadAtBMI2(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd, spread int) (fits, ok bool)
TEXT ·spreadAtBMI2(SB), NOSPLIT, $0-82
	ONES(l+48(FP), R14)
	ONES(d+56(FP), R13)
	XORQ R9, R9
	SPLITNEAR(zs+0(FP), lightSums+16(FP))
	SPLITNEAR(zd+8(FP), lightDiffs+24(FP))
	SHLQ $1, R9                    // twice the least spread
	CMPQ R9, spread+72(FP)
	JGT spreadTooFar
	MOVQ R9, X0
	XORQ R9, R9
	PARITYEXTRA(spreadDark, spreadParity)
	SHLQ $1, R9
	MOVQ X0, AX
	ADDQ AX, R9
	MOVB $1, fits+80(FP)
	CMPQ R9, spread+72(FP)
	SETLE ok+81(FP)
	RET

spreadTooFar:
	MOVB $0, fits+80(FP)
	MOVB $0, ok+81(FP)
	RET

// INDEXCHECK jumps to fail when v lies outside the least and the greatest
// sum of the positions of m of the bits of x (see LOWHIGH).
#define INDEXCHECK(x, v, fail) \
	LOWHIGH(x, R8, DI); CMPQ R8, v; JGT fail; CMPQ DI, v; JLT fail

// FOLDZ sets z to the interleaved mask (see nearSquares) of the
// diagonals x of one family, whose bits reversed are in rev: bit 2d for
// the diagonal h+d, bit 2d+1 for h-d (d ≥ 1), h = n-1 in BX, 63-h in R12
// and n-1 ones less bit 0 in R13; and nearest to how many of its m lowest
// bits (R14 holds m ones) are in light.
#define FOLDZ(x, rev, light, z, nearest) \
	SHRXQ BX, x, z; MOVQ $0x5555555555555555, AX; PDEPQ AX, z, z; \
	SHRXQ R12, rev, rev; ANDQ R13, rev; MOVQ $0xAAAAAAAAAAAAAAAA, AX; PDEPQ AX, rev, rev; \
	ORQ rev, z; PDEPQ z, R14, AX; ANDQ light, AX; POPCNTQ AX, AX; MOVQ AX, nearest

// func colourCoreAVX512(frees *[64]uint64, open, need uint64, n, m int) (zs, zd uint64, nearestS, nearestD, spread int, ok bool)
TEXT ·colourCoreAVX512(SB), NOSPLIT, $0-81
	MOVQ frees+0(FP), SI
	MOVQ open+8(FP), R8
	MOVQ n+24(FP), AX
	DIAGONALS(coreLoop, coreEmpty, coreOr)
	VMOVQ X3, R9                   // the sum diagonals
	VMOVQ X4, R10                  // the difference diagonals
	ONES(m+32(FP), R14)

	// As many light and dark diagonals of each family as queens.
	MOVQ $0x5555555555555555, DX   // the light sum diagonals
	MOVQ n+24(FP), BX
	ANDQ $1, BX
	DECQ BX
	XORQ DX, BX                    // the light difference diagonals
	MOVQ R9, AX
	ANDQ DX, AX
	POPCNTQ AX, AX
	MOVQ R10, DI
	ANDQ BX, DI
	POPCNTQ DI, DI
	CMPQ AX, DI
	CMOVQGT DI, AX                 // the light diagonals a queen may take
	ANDNQ R9, DX, DI
	POPCNTQ DI, DI
	ANDNQ R10, BX, BX
	POPCNTQ BX, BX
	CMPQ DI, BX
	CMOVQGT BX, DI                 // the dark ones
	ADDQ DI, AX
	CMPQ AX, CX
	JLT coreFail

	// The sums of the diagonals' indices.
	MOVQ open+8(FP), R11
	MOVQ need+16(FP), R12
	POSSUM(R11, R13, AX)           // the sum of the rows
	POSSUM(R12, DI, AX)            // the sum of the columns
	LEAQ (R13)(DI*1), SI           // t
	SUBQ R13, DI
	MOVQ n+24(FP), R13
	DECQ R13
	IMULQ CX, R13
	ADDQ DI, R13                   // u
	INDEXCHECK(R9, SI, coreFail)
	INDEXCHECK(R10, R13, coreFail)

	// The spread of the rows and the columns.
	XORQ BX, BX
	LEAQ ·byteSquares(SB), DI
	ZBYTE(R11, 0, BX); ZBYTE(R11, 1, BX); ZBYTE(R11, 2, BX); ZBYTE(R11, 3, BX)
	LEAQ ·byteSquares(SB), DI
	ZBYTE(R12, 0, BX); ZBYTE(R12, 1, BX); ZBYTE(R12, 2, BX); ZBYTE(R12, 3, BX)
	SHLQ $2, BX                    // 4Σi²
	MOVQ n+24(FP), DX
	DECQ DX                        // h
	IMULQ DX, SI
	SHLQ $2, SI
	SUBQ SI, BX                    // - 4ht
	MOVQ DX, AX
	IMULQ DX, AX
	IMULQ CX, AX
	SHLQ $1, AX
	ADDQ AX, BX                    // + 2mh²
	MOVQ BX, spread+72(FP)

	// The folded diagonals, with their bits reversed by GFNI in each
	// byte and by BSWAP in each word.
	VPUNPCKLQDQ X4, X3, X5
	MOVQ $0x8040201008040201, AX
	VPBROADCASTQ AX, X6
	VGF2P8AFFINEQB $0, X6, X5, X5
	VMOVQ X5, R11
	BSWAPQ R11                     // the sum diagonals reversed
	VPEXTRQ $1, X5, DI
	BSWAPQ DI                      // the difference diagonals reversed
	MOVQ DX, BX                    // h
	MOVQ $63, R12
	SUBQ BX, R12
	MOVQ n+24(FP), CX
	MOVQ $-2, R13
	BZHIQ CX, R13, R13
	MOVQ $0x3333333333333333, SI   // the light difference diagonals
	ANDQ $1, CX
	DECQ CX
	XORQ SI, CX                    // the light sum diagonals
	FOLDZ(R9, R11, CX, R8, nearestS+56(FP))
	MOVQ R8, zs+40(FP)
	FOLDZ(R10, DI, SI, R8, nearestD+64(FP))
	MOVQ R8, zd+48(FP)
	MOVB $1, ok+80(FP)
	VZEROUPPER
	RET

coreFail:
	MOVB $0, ok+80(FP)
	VZEROUPPER
	RET
