package progress

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/message"
	"github.com/vbauerster/mpb/v8"
)

func TestNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	if IsTerminal(&buf) {
		t.Error("a buffer is a terminal")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a regular file is a terminal")
	}
	for _, w := range []interface{ Write([]byte) (int, error) }{&buf, f} {
		if b := New(w, 10, 0, time.Time{}); b != nil {
			t.Errorf("New on a %T returned a bar", w)
		}
	}
	// A nil bar does nothing.
	var b *Bar
	b.Add(3)
	b.Stop()
	if buf.Len() != 0 {
		t.Errorf("output on a buffer: %q", buf.String())
	}
}

// syncBuffer is a bytes.Buffer safe for the bar's goroutine and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// lastLine returns the last bar drawn: the text after the last cursor
// movement or carriage return.
func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexAny(s, "\r\n"); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.LastIndex(s, "\x1b["); i >= 0 {
		// Skip the escape sequence: "ESC [ digits letter".
		j := i + 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
			j++
		}
		s = s[j+1:]
	}
	return s
}

func TestBarCompletes(t *testing.T) {
	var out syncBuffer
	start := time.Now().Add(-10 * time.Second)
	b := newBar(&out, english, 40, 10, start, mpb.ForceTTY(), mpb.WithAutoRefresh())
	for range 30 {
		b.Add(1)
	}
	b.Stop()
	line := lastLine(out.String())
	for _, want := range []string{"units 40/40", "100.0%", "units/s", "elapsed 10s", "done"} {
		if !strings.Contains(line, want) {
			t.Errorf("last bar %q lacks %q", line, want)
		}
	}
}

func TestBarInterrupted(t *testing.T) {
	var out syncBuffer
	b := newBar(&out, english, 200, 50, time.Time{}, mpb.ForceTTY(), mpb.WithAutoRefresh())
	b.Add(25)
	stopped := make(chan struct{})
	go func() {
		b.Stop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("Stop of an unfinished bar hangs")
	}
	line := lastLine(out.String())
	for _, want := range []string{"units 75/200", " 37.5%", "eta "} {
		if !strings.Contains(line, want) {
			t.Errorf("last bar %q lacks %q", line, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		done, base, units int
		elapsed           time.Duration
		want              string
	}{
		{0, 0, 100, 0, "  0.0%  0.00 units/s  elapsed 0s  eta -"},
		{10, 0, 100, 5 * time.Second, " 10.0%  2.00 units/s  elapsed 5s  eta 45s"},
		// Units from a checkpoint count as done but not in the rate.
		{60, 50, 100, 5 * time.Second, " 60.0%  2.00 units/s  elapsed 5s  eta 20s"},
		{50, 50, 100, 5 * time.Second, " 50.0%  0.00 units/s  elapsed 5s  eta -"},
		{1000, 0, 4000, 4 * time.Second, " 25.0%  250 units/s  elapsed 4s  eta 12s"},
		{1, 0, 4000, 100 * time.Second, "  0.0%  0.01 units/s  elapsed 1m40s  eta 4d15h"},
		{4000, 0, 4000, 3725 * time.Second, "100.0%  1.07 units/s  elapsed 1h02m05s  done"},
	} {
		if got := english.describe(c.done, c.base, c.units, c.elapsed); got != c.want {
			t.Errorf("describe(%d, %d, %d, %v) = %q, want %q", c.done, c.base, c.units, c.elapsed, got, c.want)
		}
	}
}

// BenchmarkAdd measures what reporting one finished unit costs the
// counting goroutine while the bar is drawn.
func BenchmarkAdd(b *testing.B) {
	var out syncBuffer
	bar := newBar(&out, english, 1<<30, 0, time.Time{}, mpb.ForceTTY(), mpb.WithAutoRefresh())
	for b.Loop() {
		bar.Add(1)
	}
	b.StopTimer()
	bar.Stop()
}

func TestElapsed(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{42 * time.Microsecond, "0.042 ms"},
		{3210 * time.Microsecond, "3.21 ms"},
		{41500 * time.Microsecond, "41.5 ms"},
		{412 * time.Millisecond, "412 ms"},
		{2346 * time.Millisecond, "2.35 s"},
		{19114320 * time.Microsecond, "19.1 s"},
		{185 * time.Second, "3m05s"},
	} {
		if got := Elapsed(tc.d); got != tc.want {
			t.Errorf("Elapsed(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestDescribeWork(t *testing.T) {
	// A tenth of the work in the first half of the units, ten seconds in:
	// the time left is ninety seconds, not ten.
	got := english.describeWork(50, 0, 100, 10, 0, 100, 10*time.Second)
	if !strings.Contains(got, " 10.0%") || !strings.Contains(got, "eta 1m30s") {
		t.Errorf("describeWork = %q, want 10.0%% and eta 1m30s", got)
	}
	// Work done before the run does not count toward the rate.
	got = english.describeWork(60, 50, 100, 60, 50, 100, 10*time.Second)
	if !strings.Contains(got, "eta 40s") {
		t.Errorf("describeWork after a resume = %q, want eta 40s", got)
	}
	if got := english.describeWork(100, 0, 100, 100, 0, 100, time.Second); !strings.Contains(got, "done") {
		t.Errorf("describeWork at the end = %q", got)
	}
	if got := english.describeWork(3, 3, 100, 5, 5, 100, time.Second); !strings.Contains(got, "eta -") {
		t.Errorf("describeWork with nothing done yet = %q", got)
	}
}

// TestWordsInChinese checks the labels of a bar in Chinese.
func TestWordsInChinese(t *testing.T) {
	zh := newWords(message.NewPrinter(message.Chinese))
	got := zh.describe(50, 0, 100, 10*time.Second)
	if !strings.Contains(got, "单元/秒") || !strings.Contains(got, "已用 10s") || !strings.Contains(got, "剩余 10s") {
		t.Errorf("describe in Chinese = %q", got)
	}
	if got := zh.describe(100, 0, 100, time.Second); !strings.Contains(got, "完成") {
		t.Errorf("describe at the end in Chinese = %q", got)
	}
}

func TestTerminalWidth(t *testing.T) {
	for _, tc := range []struct {
		width int
		err   error
		want  int
	}{
		{120, nil, 120}, {30, nil, 30}, {0, nil, assumedWidth}, {0, errors.New("inappropriate ioctl"), assumedWidth},
	} {
		if got := terminalWidth(tc.width, 24, tc.err); got != tc.want {
			t.Errorf("terminalWidth(%d, %v) = %d, want %d", tc.width, tc.err, got, tc.want)
		}
	}
}
