package cluster

import (
	"strings"
	"testing"
)

// TestJoinURLs checks that workers are never told to join an address that
// means every interface.
func TestJoinURLs(t *testing.T) {
	if got := JoinURLs("nats://127.0.0.1:4222"); len(got) != 1 || got[0] != "nats://127.0.0.1:4222" {
		t.Errorf("JoinURLs of a loopback URL: %v", got)
	}
	for _, u := range []string{"nats://0.0.0.0:4333", "nats://[::]:4333"} {
		for _, got := range JoinURLs(u) {
			if strings.Contains(got, "0.0.0.0") || strings.Contains(got, "[::]") || !strings.HasSuffix(got, ":4333") || !strings.HasPrefix(got, "nats://") {
				t.Errorf("JoinURLs(%q) gives %q", u, got)
			}
		}
	}
}
