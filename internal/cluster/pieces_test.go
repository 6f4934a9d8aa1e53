package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens/internal/plan"
)

// piecedPlans returns a function that makes the plans of small boards
// with their units cut into about eight pieces each, as the units of
// N = 28 are cut by their time.
func piecedPlans(t *testing.T) func(n int) (*plan.Plan, error) {
	return func(n int) (*plan.Plan, error) {
		whole, err := plan.NewJoin(n)
		if err != nil {
			return nil, err
		}
		var most float64
		for _, u := range whole.Units {
			most = max(most, u.Cost())
		}
		return plan.NewPieced(n, most/8)
	}
}

// TestCountInPieces counts a plan whose units are in pieces on the
// cluster, then has a worker take over units whose pieces another worker
// left in the store: it counts only the pieces missing, keeps its
// progress in the store after each piece, and counts again pieces whose
// record does not check out.
func TestCountInPieces(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	newPieced := piecedPlans(t)
	p, err := newPieced(11)
	if err != nil {
		t.Fatal(err)
	}
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf, newPlan: newPieced})
	ctx := context.Background()
	res, err := Count(ctx, nc, p, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	stop()

	js, _ := jetstream.New(nc)
	o, err := lookup(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	run := RunID(p)
	lister, err := o.kv.ListKeysFiltered(ctx, run+".pieces.>")
	if err != nil {
		t.Fatal(err)
	}
	for key := range lister.Keys() {
		t.Errorf("key %s left after the count", key)
	}

	u := p.Units[1]
	for u.Pieces() < 4 {
		u = p.Units[u.ID+1]
	}
	want, err := p.Count(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Pieces 0 and 2 left by a worker that stopped, with a mark in their
	// nodes: the worker that takes over adds them as they are.
	var left plan.Result
	for _, k := range []int{0, 2} {
		r, err := p.CountPiece(ctx, u.ID, k)
		if err != nil {
			t.Fatal(err)
		}
		left, _ = p.Merge(left, r)
	}
	left.Nodes += 1000
	tk := task{Run: run, N: p.N, Unit: u.ID}
	put := func(r pieces) {
		data, _ := json.Marshal(r)
		if _, err := o.kv.Put(ctx, tk.piecesKey(), data); err != nil {
			t.Fatal(err)
		}
	}
	put(newPieces(run, left))
	var logged []string
	w := &worker{opts: WorkOptions{Name: "test"}, logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }}
	got, err := w.countPieces(ctx, o.kv, p, tk)
	if err != nil {
		t.Fatal(err)
	}
	if got.Total != want.Total || got.Unique != want.Unique || got.Nodes != want.Nodes+1000 || got.Pieces != 0 {
		t.Errorf("taken over: %+v, want %+v with 1000 more nodes", got, want)
	}
	e, err := o.kv.Get(ctx, tk.piecesKey())
	if err != nil {
		t.Fatal(err)
	}
	if r, err := decodePieces(e.Value(), run, u.ID); err != nil || r.Pieces != 1<<u.Pieces()-1-1<<(u.Pieces()-1) {
		t.Errorf("the pieces stored before the last: %+v, %v", r, err)
	}
	// A record spoiled after its checksum was taken is counted again.
	bad := newPieces(run, left)
	bad.Total++
	put(bad)
	got, err = w.countPieces(ctx, o.kv, p, tk)
	if err != nil || got != want {
		t.Errorf("over a spoiled record: %+v, %v; want %+v", got, err, want)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "again") {
		t.Errorf("log %q: want one note of the pieces counted again", logged)
	}
}
