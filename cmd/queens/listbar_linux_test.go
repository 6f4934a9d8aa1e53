package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/queenslab/queens/internal/testenv"
)

// openTerminal opens a pseudo-terminal of 100 columns and returns its
// two sides: the one a program writes to, and the one that reads it.
func openTerminal(t *testing.T) (tty, pty *os.File) {
	t.Helper()
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	fd := int(pty.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	num, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(num), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: 100}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close(); pty.Close() })
	return tty, pty
}

// TestListProgress runs listings to a file with standard error on a
// terminal, and checks that each draws a bar that ends complete, in the
// language of the command line: the parallel cols listing, and the serial
// ones of another format, of --unique and of --limit; and the writing of a
// large solution by solve.
func TestListProgress(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"parallel", []string{"list", "12", "--format", "cols"}, []string{"units", "100.0%", "done"}},
		{"serial board", []string{"list", "10", "--format", "board"}, []string{"units", "100.0%", "done"}},
		{"unique", []string{"list", "11", "--unique", "--format", "sentences"}, []string{"units", "100.0%", "done"}},
		{"limit", []string{"list", "12", "--limit", "5000", "--format", "json"}, []string{"units 5000/5000", "done"}},
		{"Chinese", []string{"list", "10", "--format", "matrix", "--lang", "zh"}, []string{"单元", "100.0%", "完成"}},
		// A solution of 78.9 MB: the writing of a large solve.
		{"solve", []string{"solve", "10000000"}, []string{"MiB 76/76", "100.0%", "done"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tty, pty := openTerminal(t)
			out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".txt")
			cmd := exec.Command(bin, append(c.args, "-o", out)...)
			cmd.Stderr = tty
			var drawn bytes.Buffer
			read := make(chan struct{})
			go func() {
				io.Copy(&drawn, pty) // ends when the terminal closes
				close(read)
			}()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			select {
			case err := <-waited:
				if err != nil {
					t.Fatalf("%v: %v", c.args, err)
				}
			case <-time.After(procDeadline):
				cmd.Process.Kill()
				t.Fatalf("%v did not end", c.args)
			}
			tty.Close()
			pty.SetReadDeadline(time.Now().Add(5 * time.Second))
			<-read
			for _, w := range c.want {
				if !strings.Contains(drawn.String(), w) {
					t.Errorf("%v: the terminal shows no %q:\n%q", c.args, w, drawn.String())
				}
			}
			if info, err := os.Stat(out); err != nil || info.Size() == 0 {
				t.Errorf("%v: no listing in %s: %v", c.args, out, err)
			}
		})
	}
}

// TestVerifyInterruptedOnTerminal runs verify reading a terminal, as a
// user who typed 'queens verify' and some lines would, and checks that
// Ctrl-C ends it at once with exit 130. A signal that comes before verify
// handles signals kills it; the test then tries again, waiting longer.
func TestVerifyInterruptedOnTerminal(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for wait := 500 * time.Millisecond; ; wait *= 2 {
		tty, pty := openTerminal(t)
		cmd := exec.Command(bin, "verify")
		cmd.Stdin = tty
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go io.Copy(io.Discard, pty) // the echo of the lines typed
		io.WriteString(pty, "1 5 8 6 3 7 2 4\n")
		sent, early, _ := interrupt(t, cmd, wait, "verify on a terminal")
		if early && wait < 5*time.Second {
			continue // too early to tell
		}
		if d := time.Since(sent); d > 3*time.Second {
			t.Errorf("verify took %v to stop", d)
		}
		if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("verify on a terminal after SIGINT: exit %d, stderr %q; want 130 and 'interrupted'", code, stderr.String())
		}
		return
	}
}
