//go:build amd64 && !purego

package join

import (
	"slices"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// haveAVX512 reports whether the processor runs the AVX-512 kernels: they
// need AVX-512 Foundation, its population count (VPOPCNTQ), its byte
// permutes (VBMI) and byte masks (BW), and BMI2.
var haveAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512BW && cpu.X86.HasBMI2

// countBlock is the kernel of the join, chosen for the processor.
var countBlock = func() func(*table, int, []uint64) uint64 {
	if haveAVX512 {
		return countBlockAVX512
	}
	return countBlockGo
}()

// countBlockAVX512 is countBlockGo in AVX-512: a 512-bit row is one
// register. It requires haveAVX512, chunkBits = 6 and 4 ≤ chunks ≤ 9.
//
//go:noescape
func countBlockAVX512(t *table, chunks int, stream []uint64) uint64

// pairUp makes half boards, with the kernel chosen for the processor.
var pairUp = func() func(dst []uint64, ups []byte, nu int, lows []byte, nl int, s *shape) []uint64 {
	if haveAVX512 {
		return pairUpVector
	}
	return pairUpGo
}()

// pairUpVector is pairUpGo with the AVX-512 kernel, which writes up to
// eight words past the signatures it makes.
//
// The kernel is given as many upper placements at a time as keep the room
// it may need under slack words, so that dst grows with what it holds
// rather than with what it might.
func pairUpVector(dst []uint64, ups []byte, nu int, lows []byte, nl int, s *shape) []uint64 {
	const slack = 1 << 12
	if nl == 0 {
		return dst
	}
	step := max(1, slack/nl)
	w := int(s.stride)
	for nu > 0 {
		batch := min(step, nu)
		dst = slices.Grow(dst, batch*nl+8)
		n := pairUpAVX512(unsafe.Pointer(unsafe.SliceData(dst[len(dst):cap(dst)])), unsafe.Pointer(unsafe.SliceData(ups)), batch,
			unsafe.Pointer(unsafe.SliceData(lows)), nl, s)
		dst = dst[:len(dst)+n]
		ups, nu = ups[batch*w:], nu-batch
	}
	return dst
}

// pairUpAVX512 writes at dst the signatures pairUpGo appends, and
// returns how many; it may write eight more words, and reads the lists'
// padding. It requires haveAVX512 and AVX-512 VBMI.
//
//go:noescape
func pairUpAVX512(dst, ups unsafe.Pointer, nu int, lows unsafe.Pointer, nl int, s *shape) int

// buildTable fills a table, with the kernel chosen for the processor.
var buildTable = func() func(*table, []uint64, int) {
	if haveAVX512 {
		return buildVector
	}
	return (*table).build
}()

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

// classify sorts signatures into the classes of a sieve, with PEXT where
// the processor has it.
var classify = func() func(cls []uint16, rest, list []uint64, mask uint64) {
	if cpu.X86.HasBMI2 {
		return classifyBMI2
	}
	return classifyGo
}()

// classifyBMI2 is classifyGo with the instruction PEXT. It requires BMI2
// and len(cls), len(rest) ≥ len(list).
//
//go:noescape
func classifyBMI2(cls []uint16, rest, list []uint64, mask uint64)

// dotReversedAVX512 is dotReversedGo over the first 16·blocks groups, n
// groups in all, in AVX-512: it reads up's starts 0 to 16·blocks and
// low's n−16·blocks to n. It requires haveAVX512 and 16·blocks ≤ n.
//
//go:noescape
func dotReversedAVX512(up, low *uint32, n, blocks int) uint64
