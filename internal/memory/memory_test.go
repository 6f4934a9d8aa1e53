package memory

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, "512": 512, "1K": 1024, "512M": 512 << 20, "1.5GiB": 3 << 29, "800MB": 800e6, "2g": 2 << 30, "1 T": 1 << 40, "7B": 7} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "M", "-1G", "12X", "1e3", "1..2M", "99999999999T"} {
		if got, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", in, got)
		}
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[uint64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 25 << 20: "25.0 MiB", 5 << 30: "5.0 GiB"} {
		if got := Format(in); got != want {
			t.Errorf("Format(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := Check(10, 100); err != nil {
		t.Errorf("Check(10, 100) = %v", err)
	}
	if err := Check(200, 100); !errors.Is(err, ErrNotEnough) {
		t.Errorf("Check(200, 100) = %v, want ErrNotEnough", err)
	}
	if m := Physical(); m > 0 {
		if err := Check(m+1, 0); !errors.Is(err, ErrNotEnough) {
			t.Errorf("Check above the computer's memory = %v, want ErrNotEnough", err)
		}
	}
}
