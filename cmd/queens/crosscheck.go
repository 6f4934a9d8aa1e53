package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/queenslab/queens"
)

// crossCheckNone decides again, by the dancing links, an instance that
// the search found no solution for. It prints the agreement to standard
// error and returns nil, or returns the error that says why it could not
// agree: a solution found, an internal error, or the search stopped by
// the context.
func crossCheckNone(ctx context.Context, std streams, in *queens.Instance, f solveFlags) error {
	s, err := in.CrossSolve(ctx)
	switch {
	case err == nil:
		return fmt.Errorf("internal error: the search found no solution, but the cross-check by dancing links found %v", s)
	case !errors.Is(err, queens.ErrNoSolution):
		return instanceError(ctx, err, f)
	}
	std.say("", "cross-check: dancing links find no solution either")
	return nil
}

// crossCheckCount counts again, by the dancing links, the solutions of an
// instance that the search counted total of. It prints the agreement to
// standard error and returns nil, or returns the error that says why it
// could not agree.
func crossCheckCount(ctx context.Context, std streams, in *queens.Instance, total queens.Uint128, f solveFlags) error {
	again, err := in.CrossCount(ctx)
	switch {
	case err != nil:
		return instanceError(ctx, err, f)
	case again != total:
		return fmt.Errorf("internal error: the search counted %v solutions, but the cross-check by dancing links %v", total, again)
	}
	std.say("", "cross-check: dancing links count %v as well", again)
	return nil
}
