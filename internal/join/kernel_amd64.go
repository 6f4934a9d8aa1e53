//go:build amd64 && !purego

package join

import (
	"slices"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// haveAVX512 reports whether the processor runs the AVX-512 kernel: it
// needs AVX-512 Foundation, its population count (VPOPCNTQ), and BMI2.
var haveAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2

// countBlock is the kernel of the join, chosen for the processor.
var countBlock = func() func(*table, int, []uint64) uint64 {
	if haveAVX512 {
		return countBlockAVX512
	}
	return countBlockGo
}()

// kernelName names the kernel countBlock is.
var kernelName = map[bool]string{true: "avx512", false: "go"}[haveAVX512]

// countBlockAVX512 is countBlockGo in AVX-512: a 512-bit row is one
// register. It requires haveAVX512 and chunkBits = 5.
//
//go:noescape
func countBlockAVX512(t *table, chunks int, stream []uint64) uint64

// pairUp makes half boards, with the kernel chosen for the processor.
var pairUp = func() func(dst, ups, lows []uint64, s *shape) []uint64 {
	if haveAVX512 {
		return pairUpVector
	}
	return pairUpGo
}()

// pairUpVector is pairUpGo with the AVX-512 kernel, which writes up to
// eight words past the signatures it makes.
func pairUpVector(dst, ups, lows []uint64, s *shape) []uint64 {
	need := len(ups)*len(lows) + 8
	dst = slices.Grow(dst, need)
	n := pairUpAVX512(unsafe.Pointer(unsafe.SliceData(dst[len(dst):cap(dst)])), ups, lows, s)
	return dst[:len(dst)+n]
}

// pairUpAVX512 writes at dst the signatures pairUpGo appends, and
// returns how many; it may write eight more words. It requires
// haveAVX512.
//
//go:noescape
func pairUpAVX512(dst unsafe.Pointer, ups, lows []uint64, s *shape) int

// buildTable fills a table, with the kernel chosen for the processor.
var buildTable = func() func(*table, []uint64, int) {
	if haveAVX512 {
		return buildVector
	}
	return (*table).build
}()

// zeroOffset is the offset of a table's zero rows, for the assembly.
var zeroOffset = unsafe.Offsetof(table{}.zero)

// buildVector is table.build with the AVX-512 kernel.
func buildVector(t *table, sigs []uint64, chunks int) {
	valid := validLanes(len(sigs))
	buildAVX512(t, sigs, chunks, &valid)
}

// buildAVX512 is table.build in AVX-512; valid has a bit for each
// signature of the block. It requires haveAVX512 and 1 ≤ len(sigs) ≤
// lanes.
//
//go:noescape
func buildAVX512(t *table, sigs []uint64, chunks int, valid *row)
