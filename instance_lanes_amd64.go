//go:build amd64 && !purego

package queens

import "golang.org/x/sys/cpu"

// haveLanesAVX512 reports whether the processor runs the AVX-512 lanes:
// they need AVX-512 Foundation.
var haveLanesAVX512 = cpu.X86.HasAVX512F

// laneStepsAVX512 is laneStepsGo in AVX-512. It requires
// haveLanesAVX512.
//
//go:noescape
func laneStepsAVX512(st *laneState, allow *[64]uint64, stack *[64][laneCount]uint64, buf *prefixBuffer, n, depth, steps int) int
