package plan

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/queenslab/queens/internal/cputime"
	"github.com/queenslab/queens/internal/join"
)

// Sampler times units of a plan to estimate the cost of its count. It is
// not safe for concurrent use: each goroutine needs its own.
type Sampler struct {
	p     *Plan
	c     *join.Counter
	rng   *rand.Rand
	extra int     // levels the timed branches of the search keep above the kernel
	mean  float64 // the running mean of the seconds a timed branch took
	timed int
	// splits is scratch for the costs of the splits of a side of an
	// item.
	splits []float64
	warm   bool // the counter's buffers have grown once
}

// NewSampler returns a sampler of the plan's units, whose random choices
// follow from seed. For a join plan it lists the placements of a quadrant
// first, unless they are listed.
func (p *Plan) NewSampler(seed uint64) *Sampler {
	s := &Sampler{p: p, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	if p.Engine == EngineJoin {
		s.c = p.join.NewCounter()
	}
	return s
}

// Time estimates the seconds one worker takes to count the unit, and
// returns apart the seconds it took to make ready for the unit's
// configuration of the join (load), which a count pays once per worker
// and configuration. The seconds are those of the CPU time of the
// calling thread (see package cputime): other work on the computer does
// not lengthen them. Of a join unit a set, a split or a slice is timed
// (see timeJoin). Of a unit of the search one random branch of its top
// levels is counted, and its time scaled by the number of branches it
// stands for (Knuth's estimator, unbiased), deep enough that a branch
// takes a millisecond or so.
func (s *Sampler) Time(ctx context.Context, unit int) (seconds, load float64, err error) {
	defer cputime.Lock()()
	u, ok := s.p.Unit(unit)
	if !ok {
		_, err := s.p.Count(ctx, unit)
		return 0, 0, err
	}
	if s.p.Engine == EngineJoin {
		if u.SymmetricSolutions {
			// One piece, at random, for all of them.
			start := cputime.Thread()
			_, err := s.p.countJoin(ctx, u, s.rng.IntN(u.Pieces()), s.c, nil)
			return cputime.Since(start).Seconds() * float64(u.Pieces()), 0, err
		}
		start := cputime.Thread()
		s.c.Load(int(u.Config))
		load = cputime.Since(start).Seconds()
		return s.timeJoin(ctx, u, load)
	}
	start := cputime.Thread()
	st := newUnitSearch(s.p.N, u.border())
	st.done = ctx.Done()
	setup := cputime.Since(start).Seconds()
	var (
		placed     int
		used, cols uint32
		d1, d2     uint64
		scale      = 1.0
	)
	for placed+kernelLevels+s.extra < st.levels {
		best, fewest := -1, 33
		for i := range st.levels {
			if used&(1<<i) != 0 {
				continue
			}
			if c := bits.OnesCount32(st.avail(i, cols, d1, d2)); c < fewest {
				best, fewest = i, c
			}
		}
		if fewest == 0 {
			return setup, 0, nil // a dead end: its branch costs next to nothing
		}
		avail := st.avail(best, cols, d1, d2)
		for k := s.rng.IntN(fewest); k > 0; k-- {
			avail &= avail - 1
		}
		bit := avail & -avail
		r := uint(st.rows[best])
		b := uint64(bit)
		placed, used, cols, d1, d2 = placed+1, used|1<<best, cols|bit, d1|b<<r, d2|b<<(uint(s.p.N)-1-r)
		scale *= float64(fewest)
	}
	start = cputime.Thread()
	st.outer(placed, used, cols, d1, d2, 1)
	took := cputime.Since(start).Seconds()
	if st.stop {
		return 0, 0, ctx.Err()
	}
	// Branches of under a millisecond time badly: go a level deeper
	// until they take one, as the mean of the last ones tells.
	s.timed++
	s.mean += (took - s.mean) / float64(min(s.timed, 8))
	if s.timed >= 4 && s.mean < 1e-3 && placed > 0 {
		s.extra++
		s.timed, s.mean = 0, 0
	}
	return setup + took*scale, 0, nil
}

// drawSet returns one of the east sets of join unit u, each with a chance
// in proportion to its cost.
func (s *Sampler) drawSet(u Unit) int {
	x := s.rng.Float64() * u.cost
	for i := int(u.First); i < int(u.Last)-1; i++ {
		if x -= s.p.join.Cost(int(u.Config), i); x < 0 {
			return i
		}
	}
	return int(u.Last) - 1
}

// Slices: each side of a sampled item or part is cut into slices of
// about sliceEast and sliceWest pairs of placements, some of which make
// half boards: the west slice about as many as a count joins at once,
// so that the join runs as in a count.
const (
	sliceEast = 1 << 23
	sliceWest = 1 << 24
)

// wholeUnit is the most cost of a join unit that the sampler times whole:
// a few tenths of a second.
const wholeUnit = 3e10

// timeJoin times join unit u, after its configuration was loaded in
// load seconds (see Time). A unit of at most wholeUnit is counted. Of a
// larger unit of several east sets one is drawn, in proportion to its
// cost, and its time scaled by the unit's cost over its own. The
// placements of its sets of rows are made, timed, and charged as its
// cost charges them (join.Engine.ListShare). A set whose sides each fit
// in one slice is then counted; of a larger one one random slice of
// each side is made and joined (see join.Slice), each step timed:
// making a side's half boards scales with the number of slices of that
// side, the join with the product, and the west side is made again for
// each chunk of the east side, as a count does.
func (s *Sampler) timeJoin(ctx context.Context, u Unit, load float64) (seconds, _ float64, err error) {
	if u.EastTo == 0 && u.cost <= wholeUnit {
		// A small unit is timed whole: one of its sets alone would be
		// counted with cold caches, which its neighbours warm in a count.
		start := cputime.Thread()
		_, err := s.p.countJoin(ctx, u, 0, s.c, nil)
		return cputime.Since(start).Seconds(), load, err
	}
	scale := 1.0
	if u.EastTo == 0 && u.Last-u.First > 1 {
		i := s.drawSet(u)
		scale = u.cost / s.p.join.Cost(int(u.Config), i)
		u.First, u.Last = int32(i), int32(i+1)
	}
	j := s.p.join
	ci := int(u.Config)
	rows := j.Sets(ci)[u.First]
	var west float64
	s.splits, west = j.SplitCosts(s.splits[:0], ci, rows)
	first, last := 0, len(s.splits)
	if u.EastTo > 0 {
		first, last = int(u.EastFrom), int(u.EastTo)
	}
	var east float64
	for _, c := range s.splits[first:last] {
		east += c
	}
	eastSlice, eastSlices := s.slice(east, sliceEast)
	eastSlice.First, eastSlice.Last = first, last
	westSlice, westSlices := s.slice(west, sliceWest)
	westSlice.Last = j.WestSplits(ci, rows)
	// The lists are made first, and timed apart: a count builds the
	// north lists once for a run of east sets (a part builds them all).
	start := cputime.Thread()
	s.c.Prepare(ci, rows)
	prep := cputime.Since(start).Seconds()
	if u.EastTo == 0 {
		prep *= j.ListShare(ci, int(u.First))
	}
	if eastSlices == 1 && westSlices == 1 {
		// Sides of one slice each: the count itself is timed, as cheap
		// and without the slices' own steps, which weigh on small items.
		start := cputime.Thread()
		if _, err := s.p.countJoin(ctx, u, 0, s.c, nil); err != nil {
			return 0, 0, err
		}
		return (prep + cputime.Since(start).Seconds()) * scale, load, nil
	}
	if !s.warm {
		// The counter's buffers grow to the size of the first slices:
		// memory first touched costs more than the count, and is not
		// what a count pays for each item.
		s.c.CountSlices(ci, rows, eastSlice, westSlice)
		s.warm = true
	}
	r := s.c.CountSlices(ci, rows, eastSlice, westSlice)
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	limit := float64(j.HalfLimit())
	eastHalves, westHalves := float64(r.EastHalves)*eastSlices, float64(r.WestHalves)*westSlices
	westMade := 1.0
	if westHalves > limit {
		westMade = max(1, math.Ceil(eastHalves/limit))
	}
	took := r.EastTime.Seconds()*eastSlices + r.WestTime.Seconds()*westSlices*westMade +
		r.JoinTime.Seconds()*eastSlices*westSlices
	return (prep + took) * scale, load, nil
}

// slice returns one of the slices of a side of the given pairs of
// placements, cut into as many equal shares as hold about want pairs
// each, drawn at random, and the number of slices.
func (s *Sampler) slice(pairs, want float64) (join.Slice, float64) {
	n := max(1, math.Ceil(pairs/want))
	i := float64(s.rng.IntN(int(n)))
	return join.Slice{From: i / n, To: (i + 1) / n}, n
}

// Configs returns the number of configurations of the join of a join
// plan (see package join), and 0 for the search engine.
func (p *Plan) Configs() int {
	if p.join == nil {
		return 0
	}
	return p.join.Configs()
}
