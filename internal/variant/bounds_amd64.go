//go:build amd64 && !purego

package variant

import "golang.org/x/sys/cpu"

// haveBoundsBMI2 reports whether the processor runs the BMI2 kernels:
// they need BMI1, BMI2, POPCNT and LZCNT, and AVX-512 as a sign that PDEP
// takes a few cycles, as it does on every processor with AVX-512 and not
// on some without.
var haveBoundsBMI2 = cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT &&
	cpu.X86.HasLZCNT && cpu.X86.HasAVX512F

// indexBoundsBMI2 is indexBoundsGo with the bits selected by PDEP and
// summed by POPCNT, without a loop. It requires haveBoundsBMI2.
//
//go:noescape
func indexBoundsBMI2(sums, diffs uint64, m int) (sumLow, sumHigh, diffLow, diffHigh int)

// nearBoundBMI2 is nearBoundGo with the nearest diagonals selected by
// PDEP and their squares summed by table. It requires haveBoundsBMI2.
//
//go:noescape
func nearBoundBMI2(su, sd, du, dd uint64, m int) int

// colourNearestBMI2 is colourNearestGo with the masks interleaved and the
// nearest diagonals selected by PDEP. It requires haveBoundsBMI2.
//
//go:noescape
func colourNearestBMI2(su, sd, du, dd uint64, m int, lightSums, lightDiffs uint64) (zs, zd uint64, nearestS, nearestD int)

// spreadAtBMI2 is spreadAtGo in one call, with the nearest diagonals
// selected by PDEP and their squares summed by table. It requires
// haveBoundsBMI2.
//
//go:noescape
func spreadAtBMI2(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd, spread int) (fits, ok bool)

// haveColourCore reports whether the processor runs colourCoreAVX512: the
// AVX-512 scans, the BMI2 bounds, and GFNI, which reverses the bits of
// the diagonals.
var haveColourCore = haveScanAVX512 && haveBoundsBMI2 && cpu.X86.HasAVX512GFNI

// colourCoreAVX512 is colourCoreGo in one call, with the diagonals found
// eight rows to an instruction as in diagonalsAVX512 and the nearest
// selected by PDEP. It requires haveColourCore.
//
//go:noescape
func colourCoreAVX512(frees *[64]uint64, open, need uint64, n, m int) (zs, zd uint64, nearestS, nearestD, spread int, ok bool)
