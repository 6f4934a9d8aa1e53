package format

import (
	"strconv"
	"strings"
)

// values are the numbers a text shows, by slot: for a line of numbers,
// the position counted from 1, the value counted from 1 and the value
// counted from 0; for a header, the number of the solution; for a total
// line, the count.
type values [3]int64

// text is a sentence compiled for appending without allocating: literal
// pieces, with a value between each two.
type text struct {
	lits  []string // one more than slots
	slots []int    // the slot of the value each verb shows
}

// compile compiles t, a sentence with the verbs %d and %[k]d of package
// fmt (and %% for a percent sign): its k-th value, counted from 1, comes
// from the slot slots[k-1]. Any other verb is a mistake in the program,
// and panics.
func compile(t string, slots ...int) text {
	var (
		out  text
		lit  strings.Builder
		next int // the value of the next plain verb, from 0
	)
	for i := 0; i < len(t); i++ {
		if t[i] != '%' {
			lit.WriteByte(t[i])
			continue
		}
		i++
		if i < len(t) && t[i] == '%' {
			lit.WriteByte('%')
			continue
		}
		arg := next
		if i < len(t) && t[i] == '[' {
			end := strings.IndexByte(t[i:], ']')
			k, err := strconv.Atoi(t[i+1 : i+max(end, 1)])
			if end < 0 || err != nil || k < 1 {
				panic("format: bad verb in " + strconv.Quote(t))
			}
			arg = k - 1
			i += end + 1
		}
		if i >= len(t) || t[i] != 'd' || arg >= len(slots) {
			panic("format: bad verb in " + strconv.Quote(t))
		}
		next = arg + 1
		out.lits = append(out.lits, lit.String())
		out.slots = append(out.slots, slots[arg])
		lit.Reset()
	}
	out.lits = append(out.lits, lit.String())
	return out
}

// literal returns a text without values.
func literal(s string) text { return text{lits: []string{s}} }

// append appends the text with the values v to b.
func (t *text) append(b []byte, v *values) []byte {
	b = append(b, t.lits[0]...)
	for i, s := range t.slots {
		b = strconv.AppendInt(b, v[s], 10)
		b = append(b, t.lits[i+1]...)
	}
	return b
}
