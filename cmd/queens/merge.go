package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/shard"
)

func newMergeCmd(io streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "merge PART...",
		Short: "Sum the part files of a count split with --shard",
		Long: `Sum the part files that 'queens count N --shard I/M -o FILE' wrote for
every shard of a count, and print the count as 'queens count' does; the
time is the counting time of all parts together.

The parts must hold a result for every unit of the count. A unit may be
in more than one part when the results agree. Parts of different board
sizes or plan versions, parts that lack units or disagree, and files that
are not intact part files are refused. A PART of - is read from standard
input, as a part that 'queens count N --shard I/M' writes there.

The elapsed time of a part is informational: it is not covered by the
part's checksum, and only the time that merge prints depends on it.`,
		Example: `  for i in 0 1 2; do queens count 14 --shard $i/3 -o part-$i.json; done
  queens merge part-*.json
  queens count 14 --shard 2/3 | queens merge part-0.json part-1.json -`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError(errors.New("merge takes the part files to sum"), "try 'queens merge part-*.json'")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			parts := make([]*shard.Part, 0, len(args))
			names := make([]string, 0, len(args))
			stdin := false
			for _, name := range args {
				if name == "-" {
					if stdin {
						return usageError(errors.New("merge reads standard input once: give - only once"), "")
					}
					stdin = true
				}
				pt, err := readPart(cmd.Context(), name, io.in)
				if err != nil {
					return err
				}
				parts = append(parts, pt)
				names = append(names, partName(name))
			}
			sum, err := shard.Merge(parts, names)
			if err != nil {
				return usageError(err, mergeHint(err, parts[0]))
			}
			fast, _ := queens.LookupAlgorithm("")
			out := countOutcome{Result: queens.Result{N: sum.N, Total: sum.Total, Unique: sum.Unique, Nodes: sum.Nodes,
				Elapsed: time.Duration(sum.Millis * float64(time.Millisecond)), Algorithm: fast.Name}}
			return out.print(io.out, io.p, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// partName is the name of a part in messages.
func partName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// readPart reads and checks one part file, until ctx ends; "-" is
// standard input, stdin.
func readPart(ctx context.Context, name string, stdin io.Reader) (*shard.Part, error) {
	r := stdin
	if name != "-" {
		f, err := openInput(ctx, name)
		if err != nil && err == ctx.Err() {
			return nil, err
		}
		if err != nil {
			return nil, usageError(fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err)), "give the part files written by 'queens count N --shard I/M -o FILE'")
		}
		defer f.Close()
		r = f
	}
	pt, err := shard.Read(&ctxReader{ctx: ctx, r: r})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, usageError(fmt.Errorf("%s: %w", partName(name), err), "give the part files written by 'queens count N --shard I/M -o FILE'")
	}
	return pt, nil
}

// mergeHint tells what to do about a refused merge.
func mergeHint(err error, first *shard.Part) string {
	switch {
	case errors.Is(err, shard.ErrMissing):
		return fmt.Sprintf("count the missing shards, as 'queens count %d --shard I/%d -o part-I.json'", first.N, first.Shard.Count)
	case errors.Is(err, shard.ErrConflict):
		return "count the shards of that unit again, on another machine: one of them miscounted"
	case errors.Is(err, shard.ErrMixed):
		return "merge the parts of one count, made by one version of queens"
	}
	return ""
}
