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
// limit, or, with limit 0, the computer's memory where it can be told.
func Check(need, limit uint64) error {
	what := "the --max-memory limit of"
	if limit == 0 {
		limit, what = Physical(), "the computer's"
		if limit == 0 {
			return nil
		}
	}
	if need > limit {
		return fmt.Errorf("%w: it needs about %s, more than %s %s", ErrNotEnough, Format(need), what, Format(limit))
	}
	return nil
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
