package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestWorkerNotNATS points a worker at a web server: it ends at once
// with exit 2 and says what answers there.
func TestWorkerNotNATS(t *testing.T) {
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer web.Close()
	url := "nats://" + strings.TrimPrefix(web.URL, "http://")
	r := runCLI(t.Context(), nil, "worker", "--nats", url, "--give-up", "1m")
	if r.code != exitUsage || !strings.HasPrefix(r.stderr, "queens: error: the NATS server is unreachable at "+url+": not a NATS server: it answers \"HTTP/1.1 400 Bad Request\"\n") {
		t.Errorf("%s", r)
	}
	if r := runCLI(t.Context(), nil, "worker", "--give-up", "0s"); r.code != exitUsage {
		t.Errorf("%s", r)
	}
}
