//go:build unix

package cluster

import (
	"context"
	"flag"
	"runtime"
	"syscall"
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
// result bucket, local cluster workers). It reports the time of each, and
// the overhead of the cluster path in percent: in elapsed time, and in the
// CPU time of the process, which other load on the machine disturbs less:
//
//	go test ./internal/cluster -run '^$' -bench ClusterOverhead -cluster.n 17 -benchtime 3x
func BenchmarkClusterOverhead(b *testing.B) {
	p, err := plan.New(*benchN)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	workers := runtime.NumCPU()
	var local, clustered, localCPU, clusteredCPU time.Duration
	runs := 0
	for b.Loop() {
		cpu0 := cpuTime()
		start := time.Now()
		var total queens.Uint128
		err := p.Run(ctx, plan.RunOptions{Workers: workers, OnResult: func(r plan.Result) { total = total.Add64(r.Total) }})
		if err != nil {
			b.Fatal(err)
		}
		local += time.Since(start)
		cpu1 := cpuTime()
		localCPU += cpu1 - cpu0

		start = time.Now()
		s, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		nc, err := Connect(context.Background(), ConnOptions{Server: s})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Count(ctx, nc, p, Options{Workers: workers, Memory: true})
		nc.Close()
		s.Shutdown()
		if err != nil {
			b.Fatal(err)
		}
		clustered += time.Since(start)
		clusteredCPU += cpuTime() - cpu1
		if res.Total != total {
			b.Fatalf("N=%d: cluster total %s, local total %s", p.N, res.Total, total)
		}
		runs++
	}
	b.ReportMetric(local.Seconds()/float64(runs), "local-s/op")
	b.ReportMetric(clustered.Seconds()/float64(runs), "cluster-s/op")
	b.ReportMetric(100*(clustered.Seconds()-local.Seconds())/local.Seconds(), "overhead-%")
	b.ReportMetric(100*(clusteredCPU.Seconds()-localCPU.Seconds())/localCPU.Seconds(), "cpu-overhead-%")
	b.ReportMetric(float64(len(p.Units))*float64(runs)/clustered.Seconds(), "cluster-units/s")
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
