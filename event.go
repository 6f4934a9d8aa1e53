package queens

import "fmt"

// EventKind tells what an [Event] reports.
type EventKind uint8

// The kinds of event a search reports.
const (
	// EventTry: the search considers the square (Row, Col); Conflict names
	// the row of a queen that attacks it, or is -1 when the square is free.
	EventTry EventKind = iota + 1
	// EventPlace: a queen is placed on (Row, Col).
	EventPlace
	// EventRemove: the queen on (Row, Col) is taken back.
	EventRemove
	// EventSolution: the queens on the board form a solution, the Index-th.
	EventSolution
	// EventDeadEnd: row Row has no free square left; the search goes back
	// to row Row-1.
	EventDeadEnd
)

var eventKindNames = [...]string{EventTry: "try", EventPlace: "place", EventRemove: "remove", EventSolution: "solution", EventDeadEnd: "deadend"}

// String returns the kind's name as JSON carries it: "try", "place",
// "remove", "solution" or "deadend".
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText encodes the kind as its name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, name := range eventKindNames {
		if name != "" && name == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("queens: unknown event kind %q", b)
}

// Event is one step of a search, as the teaching algorithms report it. Rows
// and columns are counted from 0.
type Event struct {
	Kind EventKind `json:"kind"`
	Row  int       `json:"row"`
	Col  int       `json:"col"`
	// Depth is the number of queens on the board after the event.
	Depth int `json:"depth"`
	// Conflict is, for EventTry, the row of a queen that attacks the square
	// tried, or -1 when none does.
	Conflict int `json:"conflict"`
	// Index is, for EventSolution, the number of the solution, from 1.
	Index uint64 `json:"index,omitempty"`
	// Queens is, for EventSolution, the solution found. The search reuses
	// its memory: Clone it to keep it past the callback.
	Queens Solution `json:"queens,omitempty"`
	// Delta is, for the counter-board algorithm, the change made to every
	// attacked cell: +1 when a queen is placed, -1 when it is removed.
	Delta int `json:"delta,omitempty"`
}

// Stats counts the work of a search.
type Stats struct {
	Solutions uint64 `json:"solutions"`
	Nodes     uint64 `json:"nodes"`  // queens placed
	Checks    uint64 `json:"checks"` // safety checks: squares tested for an attack
}
