package queens

import (
	"errors"
	"testing"
)

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, "512": 512, "1K": 1024, "512M": 512 << 20, "1.5GiB": 3 << 29, "800MB": 800e6, "2g": 2 << 30, "1 T": 1 << 40, "7B": 7} {
		if got, err := ParseBytes(in); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "M", "-1G", "12X", "1e3", "1..2M", "99999999999T"} {
		if got, err := ParseBytes(in); err == nil {
			t.Errorf("ParseBytes(%q) = %d, want an error", in, got)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for in, want := range map[uint64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 25 << 20: "25.0 MiB", 5 << 30: "5.0 GiB"} {
		if got := FormatBytes(in); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestCheckMemory(t *testing.T) {
	if err := CheckMemory(10, 100); err != nil {
		t.Errorf("CheckMemory(10, 100) = %v", err)
	}
	if err := CheckMemory(200, 100); !errors.Is(err, ErrMemory) {
		t.Errorf("CheckMemory(200, 100) = %v, want ErrMemory", err)
	}
	if m := PhysicalMemory(); m > 0 {
		if err := CheckMemory(m+1, 0); !errors.Is(err, ErrMemory) {
			t.Errorf("CheckMemory above the computer's memory = %v, want ErrMemory", err)
		}
	}
}
