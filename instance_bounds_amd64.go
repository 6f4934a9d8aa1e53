//go:build amd64 && !purego

package queens

import "golang.org/x/sys/cpu"

// haveBoundsBMI2 reports whether the processor runs diagonalBoundsBMI2:
// it needs BMI2 and POPCNT, and AVX-512 as a sign that PDEP takes a few
// cycles, as it does on every processor with AVX-512 and not on some
// without.
var haveBoundsBMI2 = cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT && cpu.X86.HasAVX512F

// diagonalBoundsBMI2 is diagonalBoundsGo with the bits selected by PDEP
// and summed by POPCNT, without a loop. It requires haveBoundsBMI2.
//
//go:noescape
func diagonalBoundsBMI2(sums, diffs, su, sd, du, dd uint64, m int) (sumLow, sumHigh, diffLow, diffHigh, near int)

// colourNearestBMI2 is colourNearestGo with the masks interleaved and the
// nearest diagonals selected by PDEP. It requires haveBoundsBMI2.
//
//go:noescape
func colourNearestBMI2(su, sd, du, dd uint64, m int, lightSums, lightDiffs uint64) (zs, zd uint64, nearestS, nearestD int)

// splitNearBMI2 is splitNearGo with the nearest diagonals selected by
// PDEP and their squares summed by table. It requires haveBoundsBMI2.
//
//go:noescape
func splitNearBMI2(zs, zd, lightSums, lightDiffs uint64, l, d int) int
