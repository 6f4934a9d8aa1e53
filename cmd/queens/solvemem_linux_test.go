package main

import (
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// TestSolveAddressSpace runs solve of a board whose solution outgrows a
// limit of address space (ulimit -v): it is refused before the search
// with one error line and its hint, exit 2, where the runtime would die
// of it with a stack dump; a board that fits is solved under the same
// limit.
func TestSolveAddressSpace(t *testing.T) {
	testenv.SkipUnlessSlow(t, "solves N = 10^6 under a memory limit")
	bin := buildQueens(t)
	const limitKiB = 3000000 // about 2.9 GiB: the runtime alone reserves some GiB of it
	for _, tc := range []struct {
		n    string
		want int
	}{{"1000000000", 2}, {"1000000", 0}} {
		cmd := exec.Command("sh", "-c", `ulimit -v `+strconv.Itoa(limitKiB)+` && exec "$0" solve "$1" --format cols`, bin, tc.n)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if code != tc.want {
			t.Errorf("solve %s under ulimit -v %d: exit %d, want %d; stderr:\n%.500s", tc.n, limitKiB, code, tc.want, stderr.String())
			continue
		}
		if tc.want == 2 && (len(lines) != 2 || !strings.HasPrefix(lines[0], "queens: error: solve of N="+tc.n+": not enough memory: it needs about") || !strings.Contains(lines[0], "address space")) {
			t.Errorf("solve %s under ulimit -v %d: stderr %q, want the memory refusal and a hint", tc.n, limitKiB, stderr.String())
		}
	}
}
