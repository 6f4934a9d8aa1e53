package main

import (
	"context"
	"errors"
	"fmt"
	"image/gif"
	goio "io"
	"strings"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/anim"
	"github.com/queenslab/queens/internal/memory"
	"github.com/queenslab/queens/internal/outfile"
)

// gifOptions are the settings of trace --gif: the file and the steps it
// shows, from from to to; to < 0 means the last step.
type gifOptions struct {
	path     string
	from, to int
	events   string // the kinds of event that make frames, a comma-separated list; "" for all
	scale    int
	caption  bool          // the sentence of each event below the board
	delay    time.Duration // the time a frame shows; 0 for anim's
}

// parseGIFEvents reads the --events list of kinds: try, place, remove,
// solution, deadend.
func parseGIFEvents(list string) ([]queens.EventKind, error) {
	if list == "" {
		return nil, nil
	}
	var kinds []queens.EventKind
	for name := range strings.SplitSeq(list, ",") {
		var k queens.EventKind
		if err := k.UnmarshalText([]byte(strings.TrimSpace(name))); err != nil {
			return nil, usageError(fmt.Errorf("--events takes try, place, remove, solution and deadend, got %q", name), "try '--events place,remove,solution'")
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
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
	kinds, err := parseGIFEvents(o.events)
	if err != nil {
		return err
	}
	if o.scale < 1 || o.scale > anim.MaxScale {
		return usageError(fmt.Errorf("--scale must be from 1 to %d, got %d", anim.MaxScale, o.scale), "try '--scale 2'")
	}
	delay := int(o.delay / (10 * time.Millisecond))
	if o.delay != 0 && (o.delay%(10*time.Millisecond) != 0 || delay < 2 || delay > anim.MaxDelay) {
		return usageError(fmt.Errorf("--delay of --gif must be from 20ms to 10s in steps of 10ms, got %v", o.delay), "try '--delay 1s'")
	}
	opts := anim.Options{Kinds: kinds, Scale: o.scale, Lang: io.p.Lang(), NoCaption: !o.caption, Delay: delay}
	// The frames are drawn before the file is made, so that no range or
	// option refused leaves a file behind.
	g, err := anim.Render(ctx, algo, n, from, to, opts)
	switch {
	case errors.Is(err, anim.ErrRange) || errors.Is(err, anim.ErrTooLarge):
		return usageError(err, "")
	case err != nil:
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
	counted := &byteCounter{w: out}
	if err := gif.EncodeAll(counted, g); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return usageError(err, commitHint(out, err, "queens writes --gif to a temporary file and renames it: the directory must let this user replace the file"))
	}
	name := o.path
	if name == "" || name == "-" {
		name = io.p.Text("standard output")
	}
	io.say("", "wrote %s: %d frames (steps %d to %d), %s", name, len(g.Image), from, to, memory.Format(counted.n))
	return nil
}

// byteCounter counts the bytes written through it.
type byteCounter struct {
	w goio.Writer
	n uint64
}

func (c *byteCounter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	return n, err
}
