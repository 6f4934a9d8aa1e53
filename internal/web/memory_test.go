package web

import (
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestGIFMemory asks for a GIF of 3000 steps: its frames are encoded as
// they are drawn, so the heap holds the GIF and a few frames, not the
// pictures of all its frames (300 MB for 5000 steps).
func TestGIFMemory(t *testing.T) {
	h := testServer(t, Options{}).handler()
	runtime.GC()
	var (
		peak uint64
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	rec := request(h, http.MethodGet, "/api/gif?n=8&to=3000")
	close(done)
	wg.Wait()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	// The recorder holds the GIF, grown by doubling.
	if size := uint64(rec.Body.Len()); peak > 4*size+48<<20 {
		t.Errorf("a GIF of %d MiB took a heap of %d MiB", size>>20, peak>>20)
	}
}

// TestGIFBurst asks for large GIFs at once: each is well formed.
func TestGIFBurst(t *testing.T) {
	h := testServer(t, Options{MaxTraces: 4}).handler()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			rec := request(h, http.MethodGet, "/api/gif?n=8&to=400")
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/gif" || rec.Body.Bytes()[rec.Body.Len()-1] != 0x3b {
				t.Errorf("status %d, %q, %d bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
			}
		})
	}
	wg.Wait()
}
