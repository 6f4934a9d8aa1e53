// Package memory reads and writes sizes in bytes, and tells whether the
// computer has the memory a job needs.
package memory

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrNotEnough is wrapped by the error of a job that needs more memory
// than it may have.
var ErrNotEnough = errors.New("not enough memory")

// Check returns an error wrapping [ErrNotEnough] when need exceeds
// limit, or, with limit 0, the memory this process may have where it can
// be told ([Available]).
func Check(need, limit uint64) error {
	what := "the --max-memory limit of"
	if limit == 0 {
		limit, what = Available()
		if limit == 0 {
			return nil
		}
	}
	if need > limit {
		return fmt.Errorf("%w: it needs about %s, more than %s %s", ErrNotEnough, Format(need), what, Format(limit))
	}
	return nil
}

// Available returns the bytes of memory this process may still take, or
// 0 where that cannot be told, and what bounds them, as words that go
// before the size in a sentence: the computer's memory, the memory limit
// of its control group (a container), or what is left under its limit of
// address space (ulimit -v), which counts memory reserved as well as
// used.
func Available() (uint64, string) {
	limit, what := Physical(), "the computer's"
	if c := cgroupLimit(); c > 0 && (limit == 0 || c < limit) {
		limit, what = c, "the memory limit of"
	}
	if as := addressSpaceLeft(); as > 0 && (limit == 0 || as < limit) {
		limit, what = as, "the address space left of"
	}
	return limit, what
}

// cgroupLimit returns the memory limit of the control group of the
// process (cgroup v2, or v1's memory controller), or 0 where there is
// none or it cannot be read.
func cgroupLimit() uint64 {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			if v := readLimit("/sys/fs/cgroup" + f[2] + "/memory.max"); v > 0 {
				return v
			}
		case f[1] == "memory":
			if v := readLimit("/sys/fs/cgroup/memory" + f[2] + "/memory.limit_in_bytes"); v > 0 {
				return v
			}
			return readLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes")
		}
	}
	return 0
}

// readLimit reads a number of bytes from a file of the control groups,
// or 0 for "max", an unreadable file, or v1's "no limit" (about 2^63).
func readLimit(path string) uint64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || v >= 1<<62 {
		return 0
	}
	return v
}

// Physical returns the bytes of memory of the computer, or 0 where
// it cannot be told (it reads /proc/meminfo).
func Physical() uint64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}

// Format formats a number of bytes with a binary prefix: "512 B",
// "24.4 MiB", "5.0 GiB".
func Format(b uint64) string {
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	v, prefix := float64(b)/unit, 0
	for v >= unit && prefix < 5 {
		v /= unit
		prefix++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTPE"[prefix])
}

// Parse reads a number of bytes: a whole or decimal number with an
// optional unit, B, K, M, G or T (powers of 1024, also written KiB, MiB,
// …) or KB, MB, GB, TB (powers of 1000), case not minded: "512M",
// "1.5GiB", "800MB", "1000000".
func Parse(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, suffix := t, ""
	if i >= 0 {
		num, suffix = t[:i], strings.ToUpper(strings.TrimSpace(t[i:]))
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" || v < 0 {
		return 0, fmt.Errorf("%q is not a size (say 512M, 2G or 800MB)", s)
	}
	mult := map[string]float64{"": 1, "B": 1,
		"K": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MIB": 1 << 20, "G": 1 << 30, "GIB": 1 << 30, "T": 1 << 40, "TIB": 1 << 40,
		"KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}[suffix]
	if mult == 0 {
		return 0, fmt.Errorf("%q is not a size: unknown unit %q (say K, M, G, T or KB, MB, GB, TB)", s, suffix)
	}
	if v*mult >= 1<<63 {
		return 0, fmt.Errorf("%q is too large a size", s)
	}
	return uint64(v * mult), nil
}
