package main

import (
	"context"
	"errors"
	"fmt"
	"image/gif"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/anim"
	"github.com/queenslab/queens/internal/outfile"
)

// gifOptions are the settings of trace --gif: the file and the steps it
// shows, from from to to; to < 0 means the last step.
type gifOptions struct {
	path     string
	from, to int
}

// traceGIF writes the steps of the search that o asks for as an animated
// GIF, one frame per step. A range of steps that is empty, off the search
// or too large for a GIF is refused before anything is written.
func traceGIF(ctx context.Context, io streams, algo queens.Algorithm, n int, o gifOptions) error {
	from, to, err := anim.Span(ctx, algo, n, o.from, o.to)
	switch {
	case errors.Is(err, anim.ErrTooLarge):
		return usageError(err, fmt.Sprintf("pick fewer steps, such as '--from %d --to %d'", o.from, o.from+anim.MaxFrames/5-1))
	case errors.Is(err, anim.ErrRange):
		return usageError(err, fmt.Sprintf("steps go from 0, the empty board, to the last event; try 'queens trace %d --algo %s --json | wc -l' to count them", n, algo.Name))
	case err != nil:
		return err
	}
	g, err := anim.Render(ctx, algo, n, from, to)
	if err != nil {
		return err
	}
	out, err := outfile.CreateContext(ctx, o.path, io.out)
	switch {
	case out == nil && ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, outfile.ErrReadOnly):
		return usageError(err, "give another --gif file, or make this one writable (chmod u+w) to replace it")
	case err != nil:
		return usageError(err, fileHint(err, "--gif needs the path of a file in a writable directory"))
	}
	defer out.Abort()
	if err := gif.EncodeAll(out, g); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return usageError(err, commitHint(out, err, "queens writes --gif to a temporary file and renames it: the directory must let this user replace the file"))
	}
	return nil
}
