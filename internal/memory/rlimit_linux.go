package memory

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// addressSpaceLeft returns what is left of the process's limit of
// address space (RLIMIT_AS) beyond what it has mapped already, or 0
// where there is no limit or it cannot be told.
func addressSpaceLeft() uint64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) {
		return 0
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, err := strconv.ParseUint(f[0], 10, 64)
	if err != nil {
		return 0
	}
	used := pages * uint64(os.Getpagesize())
	if used >= rl.Cur {
		return 1 // nothing left: any need exceeds it
	}
	return rl.Cur - used
}
