package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServe starts the server on a free port, asks it for the algorithms,
// and stops it as Ctrl-C would.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		code := run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), outW, &errOut)
		outW.Close()
		done <- code
	}()
	url, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the URL: %v", err)
	}
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("URL %q, want http://127.0.0.1:PORT/", url)
	}
	go io.Copy(io.Discard, outR)

	res, err := http.Get(url + "api/algorithms")
	if err != nil {
		t.Fatal(err)
	}
	var algos []struct{ Name string }
	err = json.NewDecoder(res.Body).Decode(&algos)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || len(algos) == 0 {
		t.Fatalf("GET /api/algorithms: status %d, %d algorithms, %v", res.StatusCode, len(algos), err)
	}
	res, err = http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "<title") || !strings.Contains(string(page), ">queens · ") {
		t.Errorf("GET /: no page: %.200s", page)
	}

	// A page elsewhere that points its host name at 127.0.0.1 gets nothing.
	req, _ := http.NewRequest("GET", url+"api/limits", nil)
	req.Host = "attacker.example"
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("request for another host: %v, %v; want 403", res.Status, err)
	} else {
		res.Body.Close()
	}

	cancel()
	select {
	case code := <-done:
		if code != exitInterrupted {
			t.Errorf("exit code %d after Ctrl-C, want %d; stderr:\n%s", code, exitInterrupted, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop within 10 s of Ctrl-C")
	}
	for _, want := range []string{"loopback only", "shutting down", "queens: interrupted"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
		}
	}
}

func TestServeBadInput(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--max-count-n", "40"}, "--max-count-n must be from 1 to 32"},
		{[]string{"serve", "--max-count-n", "0"}, "--max-count-n must be from 1 to 32"},
		{[]string{"serve", "8"}, "unknown command"},
		{[]string{"serve", "--addr", "nonsense"}, `--addr must be host:port, got "nonsense"`},
		{[]string{"serve", "--addr", busy.Addr().String()}, "cannot listen on " + busy.Addr().String()},
		{[]string{"serve", "--port", "80"}, "unknown flag"},
	} {
		var out, errOut bytes.Buffer
		code := run(context.Background(), tc.args, strings.NewReader(""), &out, &errOut)
		if code != exitUsage {
			t.Errorf("%v: exit code %d, want %d", tc.args, code, exitUsage)
		}
		if !strings.HasPrefix(errOut.String(), "queens: error: ") || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: stderr %q, want an error about %q", tc.args, errOut.String(), tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("%v: stdout %q, want nothing", tc.args, out.String())
		}
	}
}

func TestPageURL(t *testing.T) {
	for _, tc := range []struct {
		addr *net.TCPAddr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 80}, "http://127.0.0.1:80/"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, "http://127.0.0.1:9000/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 9000}, "http://[::1]:9000/"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 8080}, "http://192.168.1.5:8080/"},
	} {
		if got := pageURL(tc.addr, tc.addr.String()); got != tc.want {
			t.Errorf("pageURL(%v) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}
