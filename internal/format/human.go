package format

import (
	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// The formats made for reading (board, matrix, sentences) number each
// solution under a header, "Solution k" or "第k种情况", follow it by a
// blank line, and end with the total, as the classic programs print
// them, in the language of the Options. Their words come from the
// catalogue of package message, compiled when the writer is made.

// newHuman returns the writer of a format made for reading, whose
// solutions are the parts.
func newHuman(o *out, opts Options, parts ...part) *layoutWriter {
	p := message.NewPrinter(opts.Lang)
	total := "%d solutions\n"
	switch {
	case opts.Unique && opts.Partial:
		total = "%d unique solutions listed\n"
	case opts.Unique:
		total = "%d unique solutions\n"
	case opts.Partial:
		total = "%d solutions listed\n"
	}
	return &layoutWriter{
		out:    o,
		head:   compile(p.Text("Solution %d")+"\n", 0),
		parts:  parts,
		tail:   "\n",
		end:    compile(p.Plural(total, 2), 0),
		endOne: compile(p.Plural(total, 1), 0),
	}
}

func newBoard(o *out, opts Options) (Writer, error) {
	g, ok := glyphsNamed(opts.Glyphs)
	if !ok {
		return nil, errGlyphs(opts.Glyphs)
	}
	b := &grid{queen: g.queen, empty: g.empty, sep: " ", rowEnd: "\n", preset: g.preset, blocked: g.blocked}
	b.labels = opts.Labels
	if n := opts.N; n > 0 && (len(opts.Presets) > 0 || len(opts.Blocked) > 0) {
		b.marks = make([]byte, n*n)
		mark := func(qs []queens.Square, m byte) {
			for _, q := range qs {
				if q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n {
					b.marks[q.Row*n+q.Col] = m
				}
			}
		}
		mark(opts.Blocked, markBlocked)
		mark(opts.Presets, markPreset)
		p := message.NewPrinter(opts.Lang)
		switch {
		case len(opts.Presets) > 0 && len(opts.Blocked) > 0:
			b.legend = p.Sprintf("%s preset queen, %s placed by the search, %s blocked square", g.preset, g.queen, g.blocked) + "\n"
		case len(opts.Presets) > 0:
			b.legend = p.Sprintf("%s preset queen, %s placed by the search", g.preset, g.queen) + "\n"
		default:
			b.legend = p.Sprintf("%s queen, %s blocked square", g.queen, g.blocked) + "\n"
		}
	}
	return newHuman(o, opts, part{grid: b}), nil
}

func newMatrix(o *out, opts Options) (Writer, error) {
	return newHuman(o, opts, part{grid: &grid{queen: "  1", empty: "  0", rowEnd: "\n"}}), nil
}

func newSentences(o *out, opts Options) (Writer, error) {
	p := message.NewPrinter(opts.Lang)
	return newHuman(o, opts, part{line: &line{
		item:   compile(p.Text("queen %d in row %d, column %d"), 0, 0, 1),
		sep:    p.Text("; "),
		suffix: "\n",
	}}), nil
}

// newSolution returns the writer of the solution format of seed 003's
// second program: "Solution: " and the row of the queen in each column,
// counted from 0, each followed by a space. It has no header and no
// total, and never changes with the language.
func newSolution(o *out, opts Options) (Writer, error) {
	return &layoutWriter{
		out:    o,
		head:   literal(""),
		parts:  []part{{line: &line{prefix: "Solution: ", item: compile("%[3]d ", 0, 1, 2), suffix: "\n", byColumn: true}}},
		end:    literal(""),
		endOne: literal(""),
	}, nil
}
