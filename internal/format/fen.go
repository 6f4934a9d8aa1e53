package format

import (
	"fmt"

	"github.com/queenslab/queens"
)

// fenWriter writes each 8×8 solution as the piece placement of a chess
// position in Forsyth–Edwards Notation: white queens, rank 8 (row 1 of the
// solution) first, file a on the left (column 1), white to move.
type fenWriter struct{ *out }

// fenRanks[c] is the FEN of a rank with a queen on file c.
var fenRanks = [8]string{"Q7", "1Q6", "2Q5", "3Q4", "4Q3", "5Q2", "6Q1", "7Q"}

// sizeError reports a board size that a format cannot show. It wraps
// [queens.ErrSize], and its message stands on its own.
type sizeError struct{ msg string }

func (e *sizeError) Error() string { return e.msg }
func (e *sizeError) Unwrap() error { return queens.ErrSize }

// errFEN returns the error of a board size FEN cannot show.
func errFEN(n int) error {
	return &sizeError{fmt.Sprintf("fen describes an 8×8 chess board, not %d×%d", n, n)}
}

func newFEN(o *out, opts Options) (Writer, error) {
	if opts.N != 0 && opts.N != 8 {
		return nil, errFEN(opts.N)
	}
	return fenWriter{o}, nil
}

func (w fenWriter) Write(_ uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if len(s) != 8 {
		return errFEN(len(s))
	}
	b := w.buf
	for r, c := range s {
		if r > 0 {
			b = append(b, '/')
		}
		if uint(c) < 8 {
			b = append(b, fenRanks[c]...)
		} else {
			b = append(b, '8')
		}
	}
	w.buf = append(b, " w - - 0 1\n"...)
	return w.done()
}

func (w fenWriter) Close() error { return w.flush() }
