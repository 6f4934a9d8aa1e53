//go:build !amd64 || purego

package variant

// haveLanesAVX512 reports whether this build has the AVX-512 lanes.
const haveLanesAVX512 = false

// laneStepsAVX512 stands in for the AVX-512 kernel, which this build
// lacks; it is never called.
func laneStepsAVX512(st *laneState, allow *[64]uint64, buf *prefixBuffer, n, depth, steps int) int {
	return laneStepsGo(st, allow, buf, n, depth, steps)
}
