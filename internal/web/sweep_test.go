package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// TestEveryN asks every route of the API that takes ?n= for each N from
// 0 to 40, and a few values that are no N: none may panic, and each
// answers 200 or a JSON error. Above N = 8 the requests are cut short,
// before they start in the quick run, after 200 ms in the slow one.
func TestEveryN(t *testing.T) {
	h := testServer(t, Options{}).handler()
	routes := []string{
		"/api/trace?n=%s", "/api/trace?n=%s&format=sse&limit=5", "/api/steps?n=%s&from=0&count=5",
		"/api/summary?n=%s", "/api/locate?n=%s&solution=1", "/api/locate?n=%s&placement=3",
		"/api/jump?n=%s&from=0&event=solution", "/api/met?n=%s&step=20", "/api/gif?n=%s&to=3",
		"/api/solutions?n=%s&limit=3", "/api/solutions?n=%s&unique=1&class=1", "/api/count?n=%s",
		"/api/trace?n=%s&algo=instance&with=a1", "/api/summary?n=%s&algo=instance&block=a1",
	}
	limit := time.Duration(0)
	if testenv.Slow() {
		limit = 200 * time.Millisecond
	}
	var values []string
	for n := range 41 {
		values = append(values, fmt.Sprint(n))
	}
	values = append(values, "-1", "", "x", "8.5", "99999999999999999999")
	for _, route := range routes {
		for _, v := range values {
			target := fmt.Sprintf(route, v)
			d := limit
			if len(v) == 1 && v[0] >= '0' && v[0] <= '8' {
				d = time.Minute // small boards finish by themselves
			}
			rec := sweepRequest(t, h, target, d)
			switch rec.Code {
			case http.StatusOK:
			case http.StatusBadRequest, http.StatusTooManyRequests, http.StatusServiceUnavailable:
				wantError(t, rec, rec.Code)
			default:
				t.Errorf("%s: status %d; body %.200s", target, rec.Code, rec.Body)
			}
			if d == time.Minute && v != "0" && rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
				t.Errorf("%s: status %d; body %.200s", target, rec.Code, rec.Body)
			}
		}
	}
}

// sweepRequest asks h for target with a context that ends after limit,
// and fails the test with the target and the stack when h panics.
func sweepRequest(t *testing.T, h http.Handler, target string, limit time.Duration) (rec *httptest.ResponseRecorder) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	defer func() {
		if v := recover(); v != nil {
			t.Fatalf("GET %s panicked: %v\n%s", target, v, debug.Stack())
		}
	}()
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodGet, target, nil))
	return rec
}
