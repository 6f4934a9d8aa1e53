package plan

import (
	"context"
	"math"
	"testing"
)

// TestSamplerDraws checks how a sampler narrows a batch of east sets to
// one of them, drawn in proportion to its cost, and that parts of an
// east set time.
func TestSamplerDraws(t *testing.T) {
	p, err := NewJoin(16)
	if err != nil {
		t.Fatal(err)
	}
	s := p.NewSampler(1)
	var batch Unit
	for _, u := range p.Units {
		if !u.SymmetricSolutions && u.Last-u.First >= 3 {
			batch = u
			break
		}
	}
	if batch.Last == 0 {
		t.Fatal("no unit of N=16 has three east sets")
	}
	drawn := map[int]int{}
	for range 20000 {
		i := s.drawSet(batch)
		if i < int(batch.First) || i >= int(batch.Last) {
			t.Fatalf("unit %v: drew east set %d", batch, i)
		}
		drawn[i]++
	}
	for i := int(batch.First); i < int(batch.Last); i++ {
		want := 20000 * p.join.Cost(int(batch.Config), i) / batch.cost
		if got := float64(drawn[i]); math.Abs(got-want) > 5*math.Sqrt(want)+1 {
			t.Errorf("east set %d drawn %v times in 20000, want about %.0f", i, got, want)
		}
	}

	// The parts of the costliest east set of N=16, cut small.
	ci, best := 0, 0
	for i := range p.join.Sets(0) {
		if p.join.Cost(0, i) > p.join.Cost(0, best) {
			best = i
		}
	}
	before := len(p.Units)
	p.Units, _ = p.appendParts(p.Units, nil, ci, best, p.join.Cost(0, best)/4)
	parts := p.Units[before:]
	if len(parts) < 2 {
		t.Fatalf("the costliest east set of N=16 made %d parts", len(parts))
	}
	for _, part := range parts {
		p.Units = append(p.Units[:before], part)
		p.Units[before].ID = before
		if secs, _, err := s.Time(context.Background(), before); err != nil || secs <= 0 {
			t.Fatalf("timing part %d..%d: %v s, %v", part.EastFrom, part.EastTo, secs, err)
		}
	}
}
