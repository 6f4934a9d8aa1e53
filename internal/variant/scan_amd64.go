//go:build amd64 && !purego

package variant

import "golang.org/x/sys/cpu"

// haveScanAVX512 reports whether the processor runs the AVX-512 scans:
// they need AVX-512 Foundation and its population count (VPOPCNTQ).
var haveScanAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ

// scanAboveAVX512 is scanAboveGo in AVX-512. It requires haveScanAVX512.
//
//go:noescape
func scanAboveAVX512(above, frees *[64]uint64, open uint64, r int, cols uint64) (key, c1, c2 uint64)

// lossAVX512 is lossGo in AVX-512. It requires haveScanAVX512.
//
//go:noescape
func lossAVX512(frees *[64]uint64, open uint64, r int, cols uint64) int

// diagonalsAVX512 is diagonalsGo in AVX-512. It requires haveScanAVX512.
//
//go:noescape
func diagonalsAVX512(frees *[64]uint64, open uint64, n int) (sums, diffs uint64)

// columnRowsAVX512 is columnRowsGo in AVX-512. It requires
// haveScanAVX512.
//
//go:noescape
func columnRowsAVX512(frees *[64]uint64, open uint64, c int) uint64

// columnsThreeAVX512 is columnsThreeGo in AVX-512. It requires
// haveScanAVX512.
//
//go:noescape
func columnsThreeAVX512(frees *[64]uint64, open uint64) uint64
