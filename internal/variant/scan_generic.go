//go:build !amd64 || purego

package variant

// haveScanAVX512 reports whether this build has the AVX-512 scans.
const haveScanAVX512 = false

// scanAboveAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func scanAboveAVX512(above, frees *[64]uint64, open uint64, r int, cols uint64) (key, c1, c2 uint64) {
	return scanAboveGo(above, frees, open, r, cols)
}

// lossAVX512 stands in for the AVX-512 kernel, which this build lacks;
// it is never called.
func lossAVX512(frees *[64]uint64, open uint64, r int, cols uint64) int {
	return lossGo(frees, open, r, cols)
}

// diagonalsAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func diagonalsAVX512(frees *[64]uint64, open uint64, n int) (sums, diffs uint64) {
	return diagonalsGo(frees, open, n)
}

// columnRowsAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func columnRowsAVX512(frees *[64]uint64, open uint64, c int) uint64 {
	return columnRowsGo(frees, open, c)
}

// columnsThreeAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func columnsThreeAVX512(frees *[64]uint64, open uint64) uint64 {
	return columnsThreeGo(frees, open)
}
