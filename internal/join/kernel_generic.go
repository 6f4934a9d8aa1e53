//go:build !amd64 || purego

package join

// countBlock is the kernel of the join: on this build, the pure-Go one.
var countBlock = countBlockGo

// haveAVX512 reports whether this build has the AVX-512 kernel.
const haveAVX512 = false

// countBlockAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func countBlockAVX512(t *table, chunks int, stream []uint64) uint64 {
	return countBlockGo(t, chunks, stream)
}

// pairUp makes half boards: on this build, in pure Go.
var pairUp = pairUpGo

// pairUpVector stands in for the AVX-512 half-board kernel, which this
// build lacks; tests skip it.
func pairUpVector(dst []uint64, ups []byte, nu int, lows []byte, nl int, s *shape) []uint64 {
	return pairUpGo(dst, ups, nu, lows, nl, s)
}

// buildTable fills a table: on this build, in pure Go.
var buildTable = (*table).build

// buildVector stands in for the AVX-512 table builder, which this build
// lacks; tests skip it.
func buildVector(t *table, sigs []uint64, chunks int) { t.build(sigs, chunks) }

// classify sorts signatures into the classes of a sieve: on this build,
// in pure Go.
var classify = classifyGo

// classifyBMI2 stands in for the PEXT kernel, which this build lacks;
// tests skip it.
func classifyBMI2(cls []uint16, rest, list []uint64, mask uint64) {
	classifyGo(cls, rest, list, mask)
}

// dotReversedAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func dotReversedAVX512(up, low *uint32, n, blocks int) uint64 { panic("join: no AVX-512 kernel") }
