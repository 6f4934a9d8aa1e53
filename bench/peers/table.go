package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// table prints the line of each instance as it is done and keeps what
// the summary needs.
type table struct {
	ss        []*solver
	decided   []int
	errors    []int
	slowest   []time.Duration
	slowestAt []string
	ratios    []float64
	worstAt   string
	nInst     int
	// queens' answers that no peer decided, those of peers that queens
	// did not decide, queens' "none" and those a peer confirmed.
	onlyQueens, undecided []string
	nones, confirmed      int
	disagree, invalid     []string
	queens                int // the index of queens in ss
}

func newTable(ss []*solver) *table {
	t := &table{ss: ss, decided: make([]int, len(ss)), errors: make([]int, len(ss)),
		slowest: make([]time.Duration, len(ss)), slowestAt: make([]string, len(ss))}
	for i, s := range ss {
		if s.name == "queens" {
			t.queens = i
		}
	}
	return t
}

func (t *table) header() {
	fmt.Printf("%-26s", "instance")
	for _, s := range t.ss {
		fmt.Printf(" %17s", s.name)
	}
	fmt.Printf(" %9s\n", "ratio")
}

func (r result) text() string {
	if r.answer == ansCount {
		return strconv.FormatUint(r.count, 10)
	}
	return r.answer
}

// add prints the line of instance x and counts its results.
func (t *table) add(x instance, rs []result, limit, peerLimit time.Duration) {
	t.nInst++
	fmt.Printf("%-26s", x.name)
	var notes []string
	for i, r := range rs {
		fmt.Printf(" %9s %7.3f", r.text(), r.wall.Seconds())
		if r.decided() {
			t.decided[i]++
			if r.wall > t.slowest[i] {
				t.slowest[i], t.slowestAt[i] = r.wall, x.name
			}
		}
		if r.answer == ansError {
			t.errors[i]++
			notes = append(notes, t.ss[i].name+": "+r.msg)
			if strings.HasPrefix(r.msg, "an invalid solution") {
				t.invalid = append(t.invalid, x.name)
			}
		}
	}
	q := rs[t.queens]
	// The fastest peer that decided, and whether the answers agree.
	fastest := time.Duration(-1)
	answers := map[string]bool{}
	peerNone := false
	for i, r := range rs {
		if !r.decided() {
			continue
		}
		answers[r.text()] = true
		if i != t.queens {
			peerNone = peerNone || r.answer == ansNone
			if fastest < 0 || r.wall < fastest {
				fastest = r.wall
			}
		}
	}
	// A solution and "none" disagree, as two counts do; two solutions
	// may differ.
	if answers[ansSolution] && answers[ansNone] || len(answers) > 1 && !answers[ansSolution] {
		t.disagree = append(t.disagree, x.name)
		notes = append(notes, "DISAGREE")
	}
	ratio := "-"
	switch {
	case q.decided() && fastest >= 0:
		v := q.wall.Seconds() / fastest.Seconds()
		ratio = fmt.Sprintf("%.4f", v)
		t.ratios = append(t.ratios, v)
		if v == slices.Max(t.ratios) {
			t.worstAt = x.name
		}
	case q.decided() && len(rs) > 1:
		ratio = fmt.Sprintf("<%.4f", q.wall.Seconds()/peerLimit.Seconds())
		t.onlyQueens = append(t.onlyQueens, x.name)
	case !q.decided() && fastest >= 0:
		ratio = fmt.Sprintf(">%.4g", limit.Seconds()/fastest.Seconds())
	}
	if !q.decided() {
		t.undecided = append(t.undecided, x.name)
	}
	if q.answer == ansNone {
		t.nones++
		if peerNone {
			t.confirmed++
		}
	}
	fmt.Printf(" %9s", ratio)
	if x.note != "" {
		notes = append(notes, x.note)
	}
	if len(notes) > 0 {
		fmt.Printf("  %s", strings.Join(notes, "; "))
	}
	fmt.Println()
}

// summary prints the summary and returns the exit code: 1 where solvers
// disagree or a solution is invalid.
func (t *table) summary() int {
	fmt.Printf("\n# instances: %d\n", t.nInst)
	for i, s := range t.ss {
		fmt.Printf("# %-8s decided %d", s.name, t.decided[i])
		if t.decided[i] > 0 {
			fmt.Printf(", slowest %.3f s (%s)", t.slowest[i].Seconds(), t.slowestAt[i])
		}
		if t.errors[i] > 0 {
			fmt.Printf(", %d errors", t.errors[i])
		}
		fmt.Println()
	}
	if len(t.ratios) > 0 {
		rs := slices.Clone(t.ratios)
		slices.Sort(rs)
		fmt.Printf("# queens / fastest peer, on %d decided by both: median %.4f, worst %.4f (%s)\n",
			len(rs), rs[(len(rs)-1)/2], rs[len(rs)-1], t.worstAt)
	}
	if len(t.ss) > 1 {
		fmt.Printf("# decided by queens alone: %d\n", len(t.onlyQueens))
		fmt.Printf("# queens' \"none\" confirmed by a peer: %d of %d\n", t.confirmed, t.nones)
	}
	fmt.Printf("# not decided by queens: %d%s\n", len(t.undecided), listed(t.undecided))
	fmt.Printf("# disagreements: %d%s\n", len(t.disagree), listed(t.disagree))
	if len(t.invalid) > 0 {
		fmt.Printf("# invalid solutions: %d%s\n", len(t.invalid), listed(t.invalid))
	}
	if len(t.disagree) > 0 || len(t.invalid) > 0 {
		return 1
	}
	return 0
}

func listed(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return ": " + strings.Join(names, ", ")
}
