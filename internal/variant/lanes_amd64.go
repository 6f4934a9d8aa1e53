//go:build amd64 && !purego

package variant

import "golang.org/x/sys/cpu"

// haveLanesAVX512 reports whether the processor runs the AVX-512 lanes:
// they need AVX-512 Foundation and its population count (VPOPCNTQ).
var haveLanesAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ

// laneStepsAVX512 is laneStepsGo in AVX-512. It requires
// haveLanesAVX512.
//
//go:noescape
func laneStepsAVX512(st *laneState, allow *[64]uint64, buf *prefixBuffer, n, depth, steps int) int
