// Package plan splits the count of the N-queens solutions of one board size
// into independent units of work, and counts them.
//
// A plan uses one of two engines. The join engine (package join) joins
// half boards; its units are east sets or parts of them (see [Unit]), and
// one more unit counts the symmetric solutions the number of classes
// needs. The search engine serves the other sizes: its unit is one
// arrangement of the border queens (first and last row and column), up to
// the board's symmetries, counted with its images by backtracking, so that
// the units partition the solutions.
//
// [Plan.Count] counts one unit and [Plan.Run] a plan's units on several
// goroutines. A [Plan] depends only on the board size and [Version]: local
// workers, checkpoints, shards and cluster workers refer to units by ID,
// and agree on them as long as [Plan.Fingerprint] agrees.
package plan

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/queenslab/queens/internal/join"
)

// Version is the version of the split: it changes whenever the list of
// units or the result of a unit changes, so that results of another version
// are refused. Version 3 brought the join engine; version 4 takes it to
// N = 28 and cuts the costliest east sets into parts; version 5 makes
// twice as many units of N = 26 and 28; version 6 joins N = 25 and 27;
// version 7 counts the units of over a few minutes in pieces.
const Version = 7

// JoinFrom and JoinTo are the board sizes whose plans may use the join
// engine; [New] takes it for each of them that [JoinPicked] says. Below
// JoinFrom the search engine is as fast and has less to set up. From
// N = 24 on the join builds the placements of each set of rows when a
// unit needs them, in bounded memory.
const (
	JoinFrom = 10
	JoinTo   = join.MaxN
)

// JoinPicked reports whether [New] plans the n×n board for the join
// engine, which is many times faster than the search engine wherever it
// runs (over 20 times at N = 16, more at larger N): every N from
// [JoinFrom] to [JoinTo].
func JoinPicked(n int) bool {
	return n >= JoinFrom && n <= JoinTo
}

// The engines a plan may use, as [Plan.Engine] names them.
const (
	EngineSearch = "search"
	EngineJoin   = "join"
)

// MaxN is the largest board size a plan covers: a board row is kept in a
// 32-bit word.
const MaxN = 32

// ErrSize is wrapped by the error of [New] for a board size outside
// 1..[MaxN].
var ErrSize = errors.New("board size out of range")

// ErrUnit is wrapped by the error of [Plan.Count] for a unit ID that is not
// in the plan.
var ErrUnit = errors.New("no such unit")

// ErrOverflow is wrapped by the error of [Plan.Count] when a unit's count
// does not fit in 64 bits. No board size within reach of a computer gets
// there (see [Result]).
var ErrOverflow = errors.New("count exceeds 64 bits")

// Unit is one independent piece of a count: the solutions whose border
// queens are those of the unit or an image of them under a symmetry of the
// board. Top and Bottom are the columns of the queens in the first and the
// last row, Left and Right the rows of the queens in the first and the last
// column, all counted from 0. A queen in a corner stands in a row and a
// column at once: Top = 0 means Left = 0. The border is in canonical form:
// the least of its eight images, comparing (Top, Bottom, Left, Right).
//
// A unit of the join engine is either a batch of east sets, Last−First of
// them from First on in the list of configuration Config of the join (see
// package join), or the unit of the symmetric solutions (SymmetricSolutions
// true), which counts the solutions that the half turn and the quarter
// turn map to themselves. Its border fields are 0. The fields are as
// narrow as their values allow: the largest plans hold millions of units.
type Unit struct {
	ID int
	// cost estimates the size of the unit's search, for ordering.
	cost float64

	// Config, First and Last give the east sets of a join unit. When
	// EastTo > 0 the unit is a part of one east set (Last = First+1): the
	// half boards whose east columns take the splits EastFrom to EastTo
	// (see join.Engine.Splits).
	Config, First, Last int32
	EastFrom, EastTo    int16

	Top, Bottom, Left, Right int8
	// SymmetricSolutions marks the join unit of the symmetric solutions.
	SymmetricSolutions bool
	// pieces is the number of pieces the unit is counted in, less one
	// (see [Unit.Pieces]).
	pieces uint8

	// stab has bit t set for each symmetry t (numbered as in [Symmetries])
	// that maps the border to itself; bit 0, the identity, is always set.
	stab uint8
}

// Cost estimates the work of the unit, in units comparable between the
// units of one plan: a progress bar can weigh the units done by it.
func (u Unit) Cost() float64 { return u.cost }

// Pieces returns the number of pieces the unit is counted in, from 1 to
// [MaxPieces]: a unit of the join that would take a core more than a
// few minutes is cut into pieces of about equal cost, which workers
// count apart (see [Plan.CountPiece]) and checkpoints record as they
// end, so that a stopped count loses at most a piece a worker. Their
// results add up to the unit's.
func (u Unit) Pieces() int { return int(u.pieces) + 1 }

// MaxPieces is the most pieces of a unit: a [Result] marks the pieces it
// holds in a 64-bit mask.
const MaxPieces = 64

// border returns the unit's border queens.
func (u Unit) border() border { return border{int(u.Top), int(u.Bottom), int(u.Left), int(u.Right)} }

// String describes the unit.
func (u Unit) String() string {
	switch {
	case u.SymmetricSolutions:
		return fmt.Sprintf("unit %d: the solutions a half or a quarter turn maps to themselves", u.ID)
	case u.EastTo > 0:
		return fmt.Sprintf("unit %d: configuration %d, east set %d, splits %d to %d%s", u.ID, u.Config, u.First, u.EastFrom, u.EastTo-1, u.piecesNote())
	case u.Last > 0:
		return fmt.Sprintf("unit %d: configuration %d, east sets %d to %d%s", u.ID, u.Config, u.First, u.Last-1, u.piecesNote())
	}
	return fmt.Sprintf("unit %d: border queens top %d, bottom %d, left %d, right %d", u.ID, u.Top, u.Bottom, u.Left, u.Right)
}

// piecesNote returns ", in K pieces" for a unit counted in pieces.
func (u Unit) piecesNote() string {
	if u.pieces == 0 {
		return ""
	}
	return fmt.Sprintf(", in %d pieces", u.Pieces())
}

// Symmetric reports whether a symmetry of the board other than the
// identity maps the unit's border to itself. Such a unit stands for fewer
// borders than the eight of the others, and some of its solutions may be
// symmetric themselves.
func (u Unit) Symmetric() bool { return u.stab != 1 }

// Plan is the list of units of the count of the N×N board. Units[i].ID is
// i; the units are ordered from the (estimated) largest to the smallest,
// so that workers that take them in order finish close together. A plan
// is never modified after New returns it, and is safe for concurrent use.
//
// The plans of N = 2 and N = 3 have no units: those boards have no
// solution, not even a border.
//
// The units of a join plan add up the classes of solutions eightfold:
// the sum of their Unique fields is UniqueScale times the number of
// classes (see [Result]). UniqueScale is 1 for the search engine.
type Plan struct {
	N, Version  int
	Engine      string
	UniqueScale uint64
	Units       []Unit

	join *join.Engine
	// idle holds the join's counters that no unit is using: each holds
	// a worker's scratch memory, kept for the next unit.
	idle   []*join.Counter
	idleMu sync.Mutex
}

// Result is one unit's contribution to the count. Total counts the
// solutions of the unit with all their images under the symmetries of the
// board; Unique counts each class of equivalent solutions once; Nodes
// counts the queens the search placed. In a join plan, Total counts the
// unit's solutions and the half boards of their images too, Unique is the
// unit's share of eight times the number of classes (Burnside's lemma: the
// unit's Total, and for the unit of the symmetric solutions the solutions
// the half turn fixes plus twice those the quarter turn fixes), and Nodes
// counts the half boards made and, for the symmetric unit, the queens its
// searches placed.
//
// The fields are 64-bit: sums over units need more (Q(29) exceeds 2^64),
// one unit does not, for the largest holds about ten times the average
// share and one reaching 2^64 would keep a core busy for centuries. Should
// it happen, [Plan.Count] returns an error wrapping [ErrOverflow].
type Result struct {
	Unit   int    `json:"unit"`
	Total  uint64 `json:"total"`
	Unique uint64 `json:"unique"`
	Nodes  uint64 `json:"nodes"`
	// Pieces is 0 for the result of a whole unit; for that of some of
	// the pieces of a unit counted in pieces, it has bit k set for each
	// piece k it adds up (see [Unit.Pieces] and [Plan.Merge]).
	Pieces uint64 `json:"pieces,omitempty"`
}

// New returns the plan of the n×n board, 1 ≤ n ≤ [MaxN], with the engine
// of its size. The plan depends only on n and [Version].
func New(n int) (*Plan, error) {
	return NewContext(context.Background(), n)
}

// NewContext is [New], which returns ctx.Err() soon after ctx is
// cancelled: the plans of the largest boards take seconds to make.
func NewContext(ctx context.Context, n int) (*Plan, error) {
	if JoinPicked(n) {
		return newJoin(ctx, n)
	}
	return newSearch(ctx, n)
}

// NewSearch returns the plan of the n×n board, 1 ≤ n ≤ [MaxN], that the
// search engine counts.
func NewSearch(n int) (*Plan, error) {
	return newSearch(context.Background(), n)
}

// newSearch is NewSearch, which returns ctx.Err() soon after ctx is
// cancelled.
func newSearch(ctx context.Context, n int) (*Plan, error) {
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("plan: %w: N must be from 1 to %d, got %d", ErrSize, MaxN, n)
	}
	p := &Plan{N: n, Version: Version, Engine: EngineSearch, UniqueScale: 1}
	m := n - 1
	for top := range n {
		for bottom := range n {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if n > 1 && (top == bottom || top-bottom == m || bottom-top == m) {
				continue // the queens of the first and last row attack each other
			}
			for left := range n {
				for right := range n {
					b := border{top, bottom, left, right}
					if !b.valid(n) || !b.isCanonical(n) {
						continue
					}
					u := Unit{Top: int8(top), Bottom: int8(bottom), Left: int8(left), Right: int8(right), stab: b.stabilizer(n)}
					var s search
					s.init(n, b)
					u.cost = s.estimate()
					for t := 1; t < 4; t++ {
						s.init(n, b.image(t, n))
						u.cost = min(u.cost, s.estimate())
					}
					p.Units = append(p.Units, u)
				}
			}
		}
	}
	slices.SortStableFunc(p.Units, func(x, y Unit) int {
		switch {
		case x.cost > y.cost:
			return -1
		case x.cost < y.cost:
			return 1
		}
		return 0
	})
	for i := range p.Units {
		p.Units[i].ID = i
	}
	return p, nil
}

// Fingerprint identifies the plan: its board size, its version and its list
// of units. Results and checkpoints carry it so that those of another plan
// are refused. It is 16 hexadecimal digits.
func (p *Plan) Fingerprint() string {
	h := sha256.New()
	var buf [8]byte
	put := func(v int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(v))
		h.Write(buf[:])
	}
	h.Write([]byte("queens plan"))
	put(p.N)
	put(p.Version)
	h.Write([]byte(p.Engine))
	put(len(p.Units))
	for _, u := range p.Units {
		put(u.ID)
		switch p.Engine {
		case EngineJoin:
			put(int(u.Config))
			put(int(u.First))
			put(int(u.Last))
			put(int(u.EastFrom))
			put(int(u.EastTo))
			put(u.Pieces())
		default:
			put(int(u.Top)<<24 | int(u.Bottom)<<16 | int(u.Left)<<8 | int(u.Right))
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Memory estimates the bytes a count of the plan holds at most with the
// given number of workers: for the join engine its lists, index and each
// worker's scratch; for the search engine next to nothing.
func (p *Plan) Memory(workers int) uint64 {
	units := uint64(len(p.Units)) * uint64(unsafe.Sizeof(Unit{}))
	if p.Engine == EngineJoin {
		return units + p.join.Memory(workers)
	}
	return units + uint64(workers)*uint64(unsafe.Sizeof(search{}))
}

// Unit returns the unit with the given ID, and whether there is one.
func (p *Plan) Unit(id int) (Unit, bool) {
	if id < 0 || id >= len(p.Units) {
		return Unit{}, false
	}
	return p.Units[id], true
}

// border is an arrangement of border queens: the columns of the queens in
// the first and last row, the rows of the queens in the first and last
// column.
type border struct{ top, bottom, left, right int }

// square is a square of the board, (row, column).
type square struct{ r, c int }

// squares returns the border's four queens; a corner queen appears twice.
func (b border) squares(n int) [4]square {
	m := n - 1
	return [4]square{{0, b.top}, {m, b.bottom}, {b.left, 0}, {b.right, m}}
}

// queens returns the number of queens of the border: four, less one for
// each queen that stands in a corner and so on two border lines.
func (b border) queens(n int) int {
	sq := b.squares(n)
	k := 0
	for i, s := range sq {
		if !slices.Contains(sq[:i], s) {
			k++
		}
	}
	return k
}

// valid reports whether the border is a possible border of a solution:
// each border line holds its one queen, and no two queens attack each
// other.
func (b border) valid(n int) bool {
	m := n - 1
	sq := b.squares(n)
	for i, s := range sq {
		if s.r == 0 && s.c != b.top || s.r == m && s.c != b.bottom ||
			s.c == 0 && s.r != b.left || s.c == m && s.r != b.right {
			return false
		}
		for _, t := range sq[:i] {
			if s == t {
				continue
			}
			dr, dc := s.r-t.r, s.c-t.c
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				return false
			}
		}
	}
	return true
}

// transform returns the image of the square under symmetry t of the n×n
// board. The symmetries are numbered as in [Symmetries].
func transform(t int, s square, n int) square {
	m := n - 1
	switch t {
	case 1: // quarter turn clockwise
		return square{s.c, m - s.r}
	case 2: // half turn
		return square{m - s.r, m - s.c}
	case 3: // three quarter turns
		return square{m - s.c, s.r}
	case 4: // mirror columns
		return square{s.r, m - s.c}
	case 5: // mirror rows
		return square{m - s.r, s.c}
	case 6: // transpose
		return square{s.c, s.r}
	case 7: // anti-transpose
		return square{m - s.c, m - s.r}
	}
	return s
}

// Symmetries names the eight symmetries of the board in the order the
// package numbers them; it is the order of the root package's Symmetries.
var Symmetries = [8]string{"identity", "rotate 90°", "rotate 180°", "rotate 270°", "mirror columns", "mirror rows", "transpose", "anti-transpose"}

// image returns the border's image under symmetry t. It requires a valid
// border.
func (b border) image(t, n int) border {
	m := n - 1
	var img border
	for _, s := range b.squares(n) {
		s = transform(t, s, n)
		switch {
		case s.r == 0:
			img.top = s.c
		case s.r == m:
			img.bottom = s.c
		}
		switch {
		case s.c == 0:
			img.left = s.r
		case s.c == m:
			img.right = s.r
		}
	}
	return img
}

// less reports whether b comes before o in the order of (top, bottom,
// left, right).
func (b border) less(o border) bool {
	switch {
	case b.top != o.top:
		return b.top < o.top
	case b.bottom != o.bottom:
		return b.bottom < o.bottom
	case b.left != o.left:
		return b.left < o.left
	}
	return b.right < o.right
}

// isCanonical reports whether the border is the least of its eight
// images.
func (b border) isCanonical(n int) bool {
	for t := 1; t < 8; t++ {
		if b.image(t, n).less(b) {
			return false
		}
	}
	return true
}

// canonical returns the least of the border's eight images.
func (b border) canonical(n int) border {
	best := b
	for t := 1; t < 8; t++ {
		if img := b.image(t, n); img.less(best) {
			best = img
		}
	}
	return best
}

// stabilizer returns the set of symmetries that map the border to itself,
// bit t for symmetry t.
func (b border) stabilizer(n int) uint8 {
	var set uint8
	for t := range 8 {
		if b.image(t, n) == b {
			set |= 1 << t
		}
	}
	return set
}

// orbit returns the number of distinct images of a border with the given
// stabilizer.
func orbit(stab uint8) int { return 8 / bits.OnesCount8(stab) }
