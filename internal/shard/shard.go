// Package shard splits a count into shards for batch schedulers (Slurm job
// arrays, Kubernetes Indexed Jobs, GNU parallel): shard I of M counts the
// units of the plan whose ID is I modulo M and writes their results to a
// part file; [Merge] sums the part files of all shards, refusing parts that
// do not fit together.
package shard

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/plan"
)

// Errors of the package; the errors returned wrap one of them.
var (
	// ErrSpec: a shard specification that cannot be understood.
	ErrSpec = errors.New("bad shard")
	// ErrFormat: a file that is not a valid part file.
	ErrFormat = errors.New("not a valid part file")
	// ErrMixed: parts of different counts (N, plan version or plan).
	ErrMixed = errors.New("parts of different counts")
	// ErrMissing: units without a result in any part.
	ErrMissing = errors.New("missing units")
	// ErrConflict: a unit with two different results.
	ErrConflict = errors.New("conflicting results")
)

// IndexVars are the environment variables that give a shard's index when
// the specification gives only the number of shards: that of Kubernetes
// Indexed Jobs, then that of Slurm job arrays.
var IndexVars = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// Spec is shard Index of Count: the units whose ID modulo Count is Index.
type Spec struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String returns the spec as "I/M".
func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Has reports whether the unit belongs to the shard.
func (s Spec) Has(unit int) bool { return unit%s.Count == s.Index }

// Parse parses a shard specification: "I/M" is shard I of M, 0 ≤ I < M;
// "M" alone takes I from the first of [IndexVars] that getenv finds set.
func Parse(text string, getenv func(string) string) (Spec, error) {
	idx, cnt, both := strings.Cut(text, "/")
	if !both {
		idx, cnt = "", text
	}
	m, err := strconv.Atoi(cnt)
	if err != nil || m < 1 {
		return Spec{}, fmt.Errorf("%w %q: the number of shards must be a whole number from 1, as in 2/8 or 8", ErrSpec, text)
	}
	source := ""
	if !both {
		for _, v := range IndexVars {
			if idx = getenv(v); idx != "" {
				source = " (from $" + v + ")"
				break
			}
		}
		if idx == "" {
			return Spec{}, fmt.Errorf("%w %q: give the shard as I/%d, or set %s", ErrSpec, text, m, strings.Join(IndexVars, " or "))
		}
	}
	i, err := strconv.Atoi(strings.TrimSpace(idx))
	if err != nil || i < 0 || i >= m {
		return Spec{}, fmt.Errorf("%w: index %q%s must be a whole number from 0 to %d for %d shards", ErrSpec, idx, source, m-1, m)
	}
	return Spec{Index: i, Count: m}, nil
}

// Format identifies part files; FormatVersion is the version of their
// layout.
const (
	Format        = "queens-part"
	FormatVersion = 1
)

// Part is the content of a part file: the results of the units of one
// shard of a plan.
type Part struct {
	Format        string        `json:"format"`
	FormatVersion int           `json:"format_version"`
	N             int           `json:"n"`
	PlanVersion   int           `json:"plan_version"`
	Fingerprint   string        `json:"fingerprint"` // of the plan
	Units         int           `json:"units"`       // of the whole plan
	Shard         Spec          `json:"shard"`
	Millis        float64       `json:"elapsed_ms"` // informational: not in Check
	Results       []plan.Result `json:"results"`    // by unit ID
	// Check is the CRC-32C of the canonical form of the fields above
	// that matter, so that a damaged or edited file is noticed: all but
	// Millis, the time the shard took, which only the time a merge
	// reports depends on.
	Check string `json:"check"`
}

// checksum returns the checksum of the part's header and results.
func (pt *Part) checksum() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s/%d %d %d %s %d %s\n", pt.Format, pt.FormatVersion, pt.N, pt.PlanVersion, pt.Fingerprint, pt.Units, pt.Shard)
	for _, r := range pt.Results {
		fmt.Fprintf(&b, "%d %d %d %d\n", r.Unit, r.Total, r.Unique, r.Nodes)
	}
	return fmt.Sprintf("%08x", crc32.Checksum(b.Bytes(), crc32.MakeTable(crc32.Castagnoli)))
}

// Count counts the units of shard s of plan p with the given number of
// goroutines (0: one per CPU). onResult, when not nil, hears of each
// finished unit, never from two goroutines at once. Count returns
// ctx.Err() when ctx ends first.
func Count(ctx context.Context, p *plan.Plan, s Spec, workers int, onResult func(plan.Result)) (*Part, error) {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return nil, fmt.Errorf("%w %s", ErrSpec, s)
	}
	start := time.Now()
	pt := &Part{Format: Format, FormatVersion: FormatVersion, N: p.N, PlanVersion: p.Version, Fingerprint: p.Fingerprint(), Units: len(p.Units), Shard: s, Results: []plan.Result{}}
	// The pieces of a unit counted in pieces add up to its result.
	units := p.NewGather()
	var mergeErr error
	err := p.Run(ctx, plan.RunOptions{
		Workers: workers,
		Skip:    func(unit int) bool { return !s.Has(unit) },
		OnResult: func(r plan.Result) {
			r, whole, err := units.Add(r)
			if mergeErr = cmp.Or(mergeErr, err); !whole {
				return
			}
			pt.Results = append(pt.Results, r)
			if onResult != nil {
				onResult(r)
			}
		},
	})
	if err = cmp.Or(err, mergeErr); err != nil {
		return nil, err
	}
	slices.SortFunc(pt.Results, func(a, b plan.Result) int { return a.Unit - b.Unit })
	pt.Millis = float64(time.Since(start).Microseconds()) / 1000
	pt.Check = pt.checksum()
	return pt, nil
}

// ShardUnits returns the number of units of a plan of units units in shard
// s.
func ShardUnits(units int, s Spec) int {
	if s.Index >= units {
		return 0
	}
	return (units-1-s.Index)/s.Count + 1
}

// maxUnits bounds the units of a plan a part file may claim; the largest
// plan has far fewer.
const maxUnits = 1 << 24

// Write writes the part as indented JSON.
func (pt *Part) Write(w io.Writer) error {
	data, err := json.MarshalIndent(pt, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Read reads and checks a part file: its format, its checksum, and that it
// holds exactly the results of the units of its shard.
func Read(r io.Reader) (*Part, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var pt Part
	if err := dec.Decode(&pt); err == io.EOF {
		return nil, fmt.Errorf("%w: the file is empty", ErrFormat)
	} else if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, message.JSONError(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: data after the JSON object", ErrFormat)
	}
	switch {
	case pt.Format != Format:
		return nil, fmt.Errorf("%w: format %q, want %q", ErrFormat, pt.Format, Format)
	case pt.FormatVersion != FormatVersion:
		return nil, fmt.Errorf("%w: format version %d, this queens reads version %d", ErrFormat, pt.FormatVersion, FormatVersion)
	case pt.N < 1 || pt.N > plan.MaxN:
		return nil, fmt.Errorf("%w: N=%d", ErrFormat, pt.N)
	case pt.Units < 0 || pt.Units > maxUnits:
		return nil, fmt.Errorf("%w: %d units", ErrFormat, pt.Units)
	case pt.Shard.Count < 1 || pt.Shard.Index < 0 || pt.Shard.Index >= pt.Shard.Count:
		return nil, fmt.Errorf("%w: shard %s", ErrFormat, pt.Shard)
	case !(pt.Millis >= 0 && pt.Millis <= maxMillis):
		return nil, fmt.Errorf("%w: elapsed_ms %v is not a time from 0 to 100 years", ErrFormat, pt.Millis)
	case pt.Check != pt.checksum():
		return nil, fmt.Errorf("%w: checksum %s does not match the content (want %s): the file was changed after it was written", ErrFormat, pt.Check, pt.checksum())
	}
	if want := ShardUnits(pt.Units, pt.Shard); len(pt.Results) != want {
		return nil, fmt.Errorf("%w: shard %s of %d units holds %d results, want %d", ErrFormat, pt.Shard, pt.Units, len(pt.Results), want)
	}
	for i, r := range pt.Results {
		if r.Unit < 0 || r.Unit >= pt.Units || !pt.Shard.Has(r.Unit) || i > 0 && r.Unit <= pt.Results[i-1].Unit {
			return nil, fmt.Errorf("%w: unit %d is not in order in shard %s of %d units", ErrFormat, r.Unit, pt.Shard, pt.Units)
		}
	}
	return &pt, nil
}

// maxMillis bounds the time of a part, and of the parts together, in
// milliseconds: 100 years, far beyond any count, and within what a
// time.Duration holds.
const maxMillis = 100 * 365.25 * 24 * 3600 * 1000

// Sum is the merged count of the parts of all shards.
type Sum struct {
	N           int
	PlanVersion int
	Fingerprint string
	Units       int
	Total       queens.Uint128
	Unique      queens.Uint128
	Nodes       queens.Uint128
	Millis      float64 // the counting time of all parts together
}

// Merge sums parts that together hold a result for every unit of one
// plan; names name the parts in errors (names[i] is parts[i]). A unit in
// two parts must have the same result in both. Merge refuses parts of
// different N, plan versions or plans (an error wrapping [ErrMixed]),
// missing units ([ErrMissing]) and different results for a unit
// ([ErrConflict]). When the plan version is the one of this build, the
// fingerprint must be that of this build's plan.
func Merge(parts []*Part, names []string) (Sum, error) {
	if len(parts) == 0 {
		return Sum{}, fmt.Errorf("%w: no parts", ErrMissing)
	}
	first := parts[0]
	for i, pt := range parts[1:] {
		if pt.N != first.N || pt.PlanVersion != first.PlanVersion || pt.Fingerprint != first.Fingerprint || pt.Units != first.Units {
			return Sum{}, fmt.Errorf("%w: %s is N=%d, plan version %d (%s), but %s is N=%d, plan version %d (%s)", ErrMixed,
				names[0], first.N, first.PlanVersion, first.Fingerprint, names[i+1], pt.N, pt.PlanVersion, pt.Fingerprint)
		}
	}
	if first.PlanVersion != plan.Version {
		return Sum{}, fmt.Errorf("%w: the parts were made with plan version %d, this queens has plan version %d; count the shards again with this queens, or merge them with the queens that made them", ErrMixed,
			first.PlanVersion, plan.Version)
	}
	p, err := plan.New(first.N)
	if err != nil {
		return Sum{}, err
	}
	if p.Fingerprint() != first.Fingerprint || len(p.Units) != first.Units {
		return Sum{}, fmt.Errorf("%w: the parts were made with plan %s of %d units, this queens has plan %s of %d units for N=%d", ErrMixed,
			first.Fingerprint, first.Units, p.Fingerprint(), len(p.Units), first.N)
	}
	results := make([]plan.Result, first.Units)
	from := make([]int, first.Units) // 1 + the index of the part of each result, 0: none yet
	s := Sum{N: first.N, PlanVersion: first.PlanVersion, Fingerprint: first.Fingerprint, Units: first.Units}
	for i, pt := range parts {
		if s.Millis += pt.Millis; s.Millis > maxMillis {
			return Sum{}, fmt.Errorf("%w: the times of the parts add up to more than 100 years", ErrFormat)
		}
		for _, r := range pt.Results {
			if from[r.Unit] != 0 {
				if results[r.Unit] != r {
					return Sum{}, fmt.Errorf("%w: unit %d is total %d, unique %d in %s but total %d, unique %d in %s", ErrConflict,
						r.Unit, results[r.Unit].Total, results[r.Unit].Unique, names[from[r.Unit]-1], r.Total, r.Unique, names[i])
				}
				continue
			}
			results[r.Unit], from[r.Unit] = r, i+1
		}
	}
	var missing []int
	for u, f := range from {
		if f == 0 {
			missing = append(missing, u)
		}
	}
	if len(missing) > 0 {
		return Sum{}, fmt.Errorf("%w: %d of %d units have no result (%s)%s", ErrMissing, len(missing), first.Units, listUnits(missing), missingShards(parts))
	}
	for _, r := range results {
		s.Total = s.Total.Add64(r.Total)
		s.Unique = s.Unique.Add64(r.Unique)
		s.Nodes = s.Nodes.Add64(r.Nodes)
	}
	// A join plan's units add up the classes eightfold.
	unique, rest := s.Unique.Div64(p.UniqueScale)
	if rest != 0 {
		return Sum{}, fmt.Errorf("%w: the parts' unique shares sum to %s, not a multiple of %d", ErrConflict, s.Unique, p.UniqueScale)
	}
	s.Unique = unique
	return s, nil
}

// listUnits lists the first few unit IDs.
func listUnits(units []int) string {
	const most = 5
	var b strings.Builder
	b.WriteString("units ")
	for i, u := range units[:min(len(units), most)] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(u))
	}
	if len(units) > most {
		b.WriteString(", …")
	}
	return b.String()
}

// missingShards names the shards missing from parts that all split the
// plan the same way.
func missingShards(parts []*Part) string {
	m := parts[0].Shard.Count
	have := make([]bool, m)
	for _, pt := range parts {
		if pt.Shard.Count != m {
			return ""
		}
		have[pt.Shard.Index] = true
	}
	var lack []string
	for i, ok := range have {
		if !ok {
			lack = append(lack, Spec{i, m}.String())
		}
	}
	if len(lack) == 0 {
		return ""
	}
	return "; missing shards: " + strings.Join(lack, ", ")
}
