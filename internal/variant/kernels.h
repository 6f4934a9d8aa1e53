// The macros of the AVX-512 kernels that take the rows of a board in
// groups of eight, shared by scan_amd64.s and
// bounds_amd64.s.

// The kernels take the rows of the board in groups of eight, one row to
// a lane: R8 holds the rows still to take, the group's being its low
// byte, K1 the group's rows, and Z2 the row numbers of its lanes.

// The row numbers of the eight lanes of the first group.
DATA laneRows<>+0(SB)/8, $0
DATA laneRows<>+8(SB)/8, $1
DATA laneRows<>+16(SB)/8, $2
DATA laneRows<>+24(SB)/8, $3
DATA laneRows<>+32(SB)/8, $4
DATA laneRows<>+40(SB)/8, $5
DATA laneRows<>+48(SB)/8, $6
DATA laneRows<>+56(SB)/8, $7
GLOBL laneRows<>(SB), RODATA|NOPTR, $64

// LANES sets Z2 to the rows of the first group and Z12 to eight, the
// step from a group to the next.
#define LANES \
	VMOVDQU64 laneRows<>(SB), Z2; MOVQ $8, AX; VPBROADCASTQ AX, Z12

// QUEEN broadcasts the queens' row, in AX, to Z0 and their columns, in
// DX, to Z1, and sets up the lanes.
#define QUEEN \
	VPBROADCASTQ AX, Z0; VPBROADCASTQ DX, Z1; LANES

// GROUP jumps to done when no rows are left, and otherwise sets K1 to
// the rows of the group, and the zero flag where it has none: the
// kernels skip such a group, which the lexicographic search, filling
// the rows from the top, leaves at most of its nodes.
#define GROUP(done) \
	TESTQ R8, R8; JZ done; MOVQ R8, AX; ANDQ $0xFF, AX; KMOVW AX, K1

// NEXT moves on to the next group of rows.
#define NEXT VPADDQ Z12, Z2, Z2; SHRQ $8, R8

// The permutes that bring the lanes together: halves, quarters, words.
#define HALVES(z, t) VSHUFI64X2 $0x4E, z, z, t
#define QUARTERS(z, t) VSHUFI64X2 $0xB1, z, z, t
#define WORDS(z, t) VPSHUFD $0x4E, z, t

// REDUCE folds the lanes of z into each of them with op.
#define REDUCE(op, z, t) \
	HALVES(z, t); op t, z, z; QUARTERS(z, t); op t, z, z; WORDS(z, t); op t, z, z


// DIAGONALS sets X3 to the sum diagonals and X4 to the difference
// diagonals of the free squares at SI of the rows R8 of the n×n board, n
// in AX: bit r+c of the first, bit c-r+n-1 of the second; loop, empty
// and done are labels of its own.
#define DIAGONALS(loop, empty, done) \
	DECQ AX; VPBROADCASTQ AX, Z0; LANES; VPXORQ Z3, Z3, Z3; VPXORQ Z4, Z4, Z4; \
loop: \
	GROUP(done); JZ empty; VMOVDQU64.Z (SI), K1, Z7; \
	VPSLLVQ Z2, Z7, Z8; VPORQ Z8, Z3, Z3; \
	VPSLLVQ Z0, Z7, Z9; VPSRLVQ Z2, Z9, Z9; VPORQ Z9, Z4, Z4; \
empty: \
	ADDQ $64, SI; NEXT; JMP loop; \
done: \
	REDUCE(VPORQ, Z3, Z7); REDUCE(VPORQ, Z4, Z8)
