//go:build !amd64 || purego

package queens

// haveBoundsBMI2 reports whether this build has the BMI2 bounds kernel.
const haveBoundsBMI2 = false

// diagonalBoundsBMI2 stands in for the BMI2 kernel, which this build
// lacks; it is never called.
func diagonalBoundsBMI2(sums, diffs, su, sd, du, dd uint64, m int) (sumLow, sumHigh, diffLow, diffHigh, near int) {
	return diagonalBoundsGo(sums, diffs, su, sd, du, dd, m)
}
