package queens

import (
	"context"
	"fmt"
	"testing"

	"github.com/queenslab/queens/internal/join"
)

// reportCount reports the speed of a count: nanoseconds per node (queen
// placed) and solutions per second.
func reportCount(b *testing.B, res Result) {
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/float64(res.Nodes.Uint64()), "ns/node")
	b.ReportMetric(float64(res.Total.Uint64())/ns*1e9, "solutions/s")
}

// BenchmarkCount times the fast engine on one goroutine, the measure the
// README compares with other counters. From N = 10 on the engine joins
// half boards, and a node is a half board made.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{8, 10, 12, 14, 16, 17, 18} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var res Result
			for b.Loop() {
				res, _ = Count(context.Background(), n, Options{Workers: 1})
			}
			reportCount(b, res)
		})
	}
}

// BenchmarkCountWorkers times the fast engine on one goroutine and on one
// per CPU: the ratio of the two is its scaling.
func BenchmarkCountWorkers(b *testing.B) {
	const n = 15
	for _, w := range []int{1, 2, 0} {
		b.Run(fmt.Sprintf("n=%d/workers=%d", n, w), func(b *testing.B) {
			var res Result
			for b.Loop() {
				res, _ = Count(context.Background(), n, Options{Workers: w})
			}
			reportCount(b, res)
		})
	}
}

// BenchmarkCountPlain times the plain counter, the baseline of the fast
// engine.
func BenchmarkCountPlain(b *testing.B) {
	for _, n := range []int{8, 10, 12, 14} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var res Result
			for b.Loop() {
				res, _ = countPlain(context.Background(), n)
			}
			reportCount(b, res)
		})
	}
}

// BenchmarkJoin times the join engine's kernels, on one goroutine, on a
// fixed sample of the east sets of each board (one in sixteen, which
// keeps the pure-Go kernel's runs short): nanoseconds per pair of half
// boards joined, and pairs per second.
func BenchmarkJoin(b *testing.B) {
	for _, n := range []int{16, 17, 18} {
		e, err := join.New(n)
		if err != nil {
			b.Fatal(err)
		}
		for _, kernel := range join.Kernels() {
			b.Run(fmt.Sprintf("n=%d/kernel=%s", n, kernel), func(b *testing.B) {
				c := e.NewCounter()
				if err := c.UseKernel(kernel); err != nil {
					b.Fatal(err)
				}
				var pairs uint64
				for b.Loop() {
					pairs = 0
					for ci := range e.Configs() {
						sets := e.Sets(ci)
						for i := 0; i < len(sets); i += 16 {
							c.Count(ci, sets[i])
							pairs += c.Pairs()
						}
					}
				}
				ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				b.ReportMetric(ns/float64(pairs), "ns/pair")
				b.ReportMetric(float64(pairs)/ns*1e9, "pairs/s")
			})
		}
	}
}
