//go:build amd64 && !purego

#include "textflag.h"

#include "kernels.h"

// ATTACKED sets Z11 to the columns of the lanes' rows on the lines of
// the queens: their columns and their diagonals, cols<<d and cols>>d for
// d = |q-r|.
#define ATTACKED \
	VPSUBQ Z0, Z2, Z8; VPABSQ Z8, Z8; VPSLLVQ Z8, Z1, Z9; VPSRLVQ Z8, Z1, Z10; \
	VMOVDQA64 Z1, Z11; VPTERNLOGQ $0xFE, Z10, Z9, Z11

// FOLD2 combines the lanes of the counts (Z4, Z5: columns with at least
// one and two free squares) with the lanes that the permute PERM brings
// beside them.
#define FOLD2(PERM) \
	PERM(Z4, Z7); PERM(Z5, Z8); \
	VPTERNLOGQ $0xF8, Z7, Z4, Z5; VPORQ Z8, Z5, Z5; VPORQ Z7, Z4, Z4

// FOLD3 is FOLD2 with Z6, the columns with at least three.
#define FOLD3(PERM) \
	PERM(Z4, Z7); PERM(Z5, Z8); PERM(Z6, Z9); \
	VMOVDQA64 Z5, Z10; VPTERNLOGQ $0xF8, Z7, Z4, Z10; VPORQ Z8, Z10, Z10; \
	VPANDQ Z8, Z4, Z11; VPTERNLOGQ $0xF8, Z7, Z5, Z11; VPTERNLOGQ $0xFE, Z9, Z11, Z6; \
	VPORQ Z7, Z4, Z4; VMOVDQA64 Z10, Z5

// func scanAboveAVX512(above, frees *[64]uint64, open uint64, r int, cols uint64) (key, c1, c2 uint64)
TEXT ·scanAboveAVX512(SB), NOSPLIT, $0-64
	MOVQ above+0(FP), DI
	MOVQ frees+8(FP), SI
	MOVQ open+16(FP), R8
	MOVQ r+24(FP), AX
	MOVQ cols+32(FP), DX
	QUEEN
	VPTERNLOGQ $0xFF, Z3, Z3, Z3  // the least key so far: none
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5

scanLoop:
	GROUP(scanFold)
	JZ scanEmpty
	// The whole group is loaded and stored, the lanes of the rows not
	// in it too, which only the masked operations below leave out: with
	// a masked load and store, which the next node's load follows, the
	// search took about 2% longer. A group without a row is skipped, and
	// its words are left as they are: no node below has a row in it.
	// On the 412 CSPLib Excluded Diagonals runs over a twentieth of the
	// published time, on one core, the lexicographic search then took
	// 0.98 as long (1.40 s against 1.44 s, with the same skip in
	// DIAGONALS; medians of four, alternated), and the main search as
	// long, give or take 1%.
	VMOVDQU64 (DI), Z7                // the rows' free squares above
	ATTACKED
	VPANDNQ Z7, Z11, Z7               // less those the queen takes
	VMOVDQU64 Z7, (SI)
	VPOPCNTQ Z7, Z8
	VPSLLQ $6, Z8, Z8
	VPORQ Z2, Z8, Z8                  // the keys count<<6 | row
	VPMINUQ Z8, Z3, K1, Z3
	VPTERNLOGQ $0xF8, Z7, Z4, K1, Z5  // c2 |= c1 & f
	VPORQ Z7, Z4, K1, Z4              // c1 |= f
	ADDQ $64, DI
	ADDQ $64, SI
	NEXT
	JMP scanLoop

scanEmpty:
	ADDQ $64, DI
	ADDQ $64, SI
	NEXT
	JMP scanLoop

scanFold:
	// The keys fit in 16 bits, and are all ones in the lanes without a
	// row: PHMINPOSUW finds the least of the eight in one instruction,
	// where three permutes and minimums took 2 to 3% of the search's
	// time (on two cores, the 47,301 CSPLib Excluded Diagonals runs
	// published at 10 ms or more took 36.7 s against 37.8 s). A word of
	// all ones widens to a key of all ones.
	VPMOVQW Z3, X3
	VPHMINPOSUW X3, X3
	FOLD2(HALVES)
	FOLD2(QUARTERS)
	FOLD2(WORDS)
	VMOVD X3, AX
	MOVWQSX AX, AX
	MOVQ AX, key+40(FP)
	VMOVQ X4, AX
	MOVQ AX, c1+48(FP)
	VMOVQ X5, AX
	MOVQ AX, c2+56(FP)
	VZEROUPPER
	RET

// func columnsThreeAVX512(frees *[64]uint64, open uint64) uint64
TEXT ·columnsThreeAVX512(SB), NOSPLIT, $0-24
	MOVQ frees+0(FP), SI
	MOVQ open+8(FP), R8
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6

threeLoop:
	GROUP(threeFold)
	JZ threeEmpty
	VMOVDQU64.Z (SI), K1, Z7          // the rows' free squares
	VPTERNLOGQ $0xF8, Z7, Z5, Z6      // c3 |= c2 & f
	VPTERNLOGQ $0xF8, Z7, Z4, Z5      // c2 |= c1 & f
	VPORQ Z7, Z4, Z4                  // c1 |= f

threeEmpty:
	ADDQ $64, SI
	SHRQ $8, R8
	JMP threeLoop

threeFold:
	FOLD3(HALVES)
	FOLD3(QUARTERS)
	FOLD3(WORDS)
	VMOVQ X6, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// func lossAVX512(frees *[64]uint64, open uint64, r int, cols uint64) int
TEXT ·lossAVX512(SB), NOSPLIT, $0-40
	MOVQ frees+0(FP), SI
	MOVQ open+8(FP), R8
	MOVQ r+16(FP), AX
	MOVQ cols+24(FP), DX
	QUEEN
	VPXORQ Z3, Z3, Z3             // the squares taken, by lane

lossLoop:
	GROUP(lossSum)
	VMOVDQU64.Z (SI), K1, Z7      // the rows' free squares
	ATTACKED
	VPANDQ Z11, Z7, Z7            // those the queen takes
	VPOPCNTQ Z7, Z7
	VPADDQ Z7, Z3, Z3
	ADDQ $64, SI
	NEXT
	JMP lossLoop

lossSum:
	REDUCE(VPADDQ, Z3, Z7)
	VMOVQ X3, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

// func diagonalsAVX512(frees *[64]uint64, open uint64, n int) (sums, diffs uint64)
TEXT ·diagonalsAVX512(SB), NOSPLIT, $0-40
	MOVQ frees+0(FP), SI
	MOVQ open+8(FP), R8
	MOVQ n+16(FP), AX
	DIAGONALS(diagonalsLoop, diagonalsEmpty, diagonalsOr)
	VMOVQ X3, AX
	MOVQ AX, sums+24(FP)
	VMOVQ X4, AX
	MOVQ AX, diffs+32(FP)
	VZEROUPPER
	RET

// func columnRowsAVX512(frees *[64]uint64, open uint64, c int) uint64
TEXT ·columnRowsAVX512(SB), NOSPLIT, $0-32
	MOVQ frees+0(FP), SI
	MOVQ open+8(FP), R8
	MOVQ c+16(FP), CX
	MOVQ $1, AX
	SHLQ CX, AX
	VPBROADCASTQ AX, Z1           // the column's bit
	XORQ DX, DX                   // the rows found
	XORQ CX, CX                   // the first row of the group

columnLoop:
	GROUP(columnDone)
	VPTESTMQ (SI), Z1, K1, K2     // the rows with a free square on the column
	KMOVW K2, AX
	SHLQ CX, AX
	ORQ AX, DX
	ADDQ $64, SI
	ADDQ $8, CX
	SHRQ $8, R8
	JMP columnLoop

columnDone:
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET
