package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
)

func newCountCmd(io streams) *cobra.Command {
	var (
		algo    string
		workers int
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "count N",
		Short: "Count the solutions of the N×N board",
		Long: `Count the solutions of the N×N board: the total, and the unique ones,
counting solutions that are rotations or reflections of each other once.`,
		Example: `  queens count 8
  queens count 16 --json`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseN(args[0], queens.MaxN)
			if err != nil {
				return err
			}
			res, err := queens.Count(cmd.Context(), n, queens.Options{Algorithm: algo, Workers: workers})
			if err != nil {
				return libraryError(err)
			}
			if asJSON {
				return json.NewEncoder(io.out).Encode(countJSON(res))
			}
			_, err = fmt.Fprintf(io.out, "N=%d: %s solutions, %s unique\nnodes: %s\ntime: %s\n",
				n, res.Total, res.Unique, res.Nodes, millis(res.Elapsed))
			return err
		},
	}
	cmd.Flags().StringVar(&algo, "algo", "", "algorithm that counts (see 'queens bench'); default the fastest")
	cmd.Flags().IntVar(&workers, "workers", 0, "number of counting goroutines; 0 means one per CPU")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// countResult is the JSON form of a count.
type countResult struct {
	N         int            `json:"n"`
	Total     queens.Uint128 `json:"total"`
	Unique    queens.Uint128 `json:"unique"`
	Nodes     queens.Uint128 `json:"nodes"`
	Millis    float64        `json:"elapsed_ms"`
	Algorithm string         `json:"algorithm"`
}

func countJSON(r queens.Result) countResult {
	return countResult{N: r.N, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes, Millis: float64(r.Elapsed.Microseconds()) / 1000, Algorithm: r.Algorithm}
}

// millis formats a duration in milliseconds, as the seed programs print
// their running time.
func millis(d time.Duration) string {
	return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000)
}
