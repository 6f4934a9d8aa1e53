//go:build !amd64 || purego

package variant

// haveBoundsBMI2 reports whether this build has the BMI2 bounds kernels.
const haveBoundsBMI2 = false

// indexBoundsBMI2 stands in for the BMI2 kernel, which this build lacks;
// it is never called.
func indexBoundsBMI2(sums, diffs uint64, m int) (sumLow, sumHigh, diffLow, diffHigh int) {
	return indexBoundsGo(sums, diffs, m)
}

// nearBoundBMI2 stands in for the BMI2 kernel; it is never called.
func nearBoundBMI2(su, sd, du, dd uint64, m int) int {
	return nearBoundGo(su, sd, du, dd, m)
}

// colourNearestBMI2 stands in for the BMI2 kernel; it is never called.
func colourNearestBMI2(su, sd, du, dd uint64, m int, lightSums, lightDiffs uint64) (zs, zd uint64, nearestS, nearestD int) {
	return colourNearestGo(su, sd, du, dd, m, lightSums, lightDiffs)
}

// spreadAtBMI2 stands in for the BMI2 kernel; it is never called.
func spreadAtBMI2(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd, spread int) (fits, ok bool) {
	return spreadAtGo(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs, l, d, odd, spread)
}

// haveColourCore reports whether this build has the AVX-512 kernel of
// the colours' bounds.
const haveColourCore = false

// colourCoreAVX512 stands in for the AVX-512 kernel; it is never called.
func colourCoreAVX512(frees *[64]uint64, open, need uint64, n, m int) (zs, zd uint64, nearestS, nearestD, spread int, ok bool) {
	return colourCoreGo(frees, open, need, n, m)
}
