package plan

import (
	"context"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// TestRecount checks that the plain backtracking of Recount gives every
// unit the result Count gives, for both engines.
func TestRecount(t *testing.T) {
	ctx := context.Background()
	top := 13
	if !testenv.Slow() {
		top = 11
	}
	for n := 1; n <= top; n++ {
		plans := []*Plan{}
		p, err := NewSearch(n)
		if err != nil {
			t.Fatal(err)
		}
		plans = append(plans, p)
		if n >= JoinFrom {
			j, err := NewJoin(n)
			if err != nil {
				t.Fatal(err)
			}
			plans = append(plans, j)
		}
		for _, p := range plans {
			for _, u := range p.Units {
				want, err := p.Count(ctx, u.ID)
				if err != nil {
					t.Fatal(err)
				}
				got, err := p.Recount(ctx, u.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.Total != want.Total || got.Unique != want.Unique || got.Unit != want.Unit {
					t.Errorf("N=%d %s %v: recount %+v, count %+v", n, p.Engine, u, got, want)
				}
			}
		}
	}
}
