package cluster

import (
	"context"
	"flag"
	"runtime"
	"testing"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/plan"
)

var benchN = flag.Int("cluster.n", 15, "board size that BenchmarkClusterOverhead counts")

// BenchmarkClusterOverhead counts the board of size -cluster.n twice per
// iteration on all cores of this machine: with local workers, as 'queens
// count' does, and through the cluster path, as 'queens count --cluster'
// does (an embedded server with its store on disk, the work queue, the
// result bucket, local cluster workers). It reports the time of each and
// the overhead of the cluster path in percent:
//
//	go test ./internal/cluster -run '^$' -bench ClusterOverhead -cluster.n 17 -benchtime 3x
func BenchmarkClusterOverhead(b *testing.B) {
	p, err := plan.New(*benchN)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	workers := runtime.GOMAXPROCS(0)
	var local, clustered time.Duration
	runs := 0
	for b.Loop() {
		start := time.Now()
		var total queens.Uint128
		err := p.Run(ctx, plan.RunOptions{Workers: workers, OnResult: func(r plan.Result) { total = total.Add64(r.Total) }})
		if err != nil {
			b.Fatal(err)
		}
		local += time.Since(start)

		start = time.Now()
		s, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		nc, err := Connect(ConnOptions{Server: s})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Count(ctx, nc, p, Options{Workers: workers})
		nc.Close()
		s.Shutdown()
		if err != nil {
			b.Fatal(err)
		}
		clustered += time.Since(start)
		if res.Total != total {
			b.Fatalf("N=%d: cluster total %s, local total %s", p.N, res.Total, total)
		}
		runs++
	}
	b.ReportMetric(local.Seconds()/float64(runs), "local-s/op")
	b.ReportMetric(clustered.Seconds()/float64(runs), "cluster-s/op")
	b.ReportMetric(100*(clustered.Seconds()-local.Seconds())/local.Seconds(), "overhead-%")
	b.ReportMetric(float64(len(p.Units))*float64(runs)/clustered.Seconds(), "cluster-units/s")
}
