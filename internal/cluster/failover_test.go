package cluster

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens/internal/testenv"
)

// testNode is one server of a cluster of embedded NATS servers, which the
// test may stop and start again on the same ports and storage.
type testNode struct {
	opts *server.Options
	ns   *server.Server
}

// freePort returns a TCP port of the loopback interface that is free now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startTestCluster starts size clustered NATS servers with JetStream on
// loopback, each storing in a directory of its own, and waits until
// JetStream has a leader and every server is current. The ports are free
// when chosen, but another process may take one before its server
// listens: then the cluster starts again on new ports, up to three times.
func startTestCluster(t *testing.T, size int) []*testNode {
	t.Helper()
	var nodes []*testNode
	var err error
	for range 3 {
		if nodes, err = tryTestCluster(t, size); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, n := range nodes {
			n.stop()
		}
	})
	waitFor(t, 30*time.Second, "a JetStream leader and every server current", func() bool {
		leader := false
		for _, n := range nodes {
			if n.ns == nil || !n.ns.JetStreamIsCurrent() {
				return false
			}
			leader = leader || n.ns.JetStreamIsLeader()
		}
		return leader
	})
	return nodes
}

// tryTestCluster starts the servers of startTestCluster on ports free
// now, and stops those it started where one does not start.
func tryTestCluster(t *testing.T, size int) ([]*testNode, error) {
	t.Helper()
	clientPorts, routePorts := make([]int, size), make([]int, size)
	for i := range size {
		clientPorts[i], routePorts[i] = freePort(t), freePort(t)
	}
	nodes := make([]*testNode, size)
	for i := range size {
		opts := &server.Options{
			ServerName: fmt.Sprintf("n%d", i),
			Host:       "127.0.0.1",
			Port:       clientPorts[i],
			JetStream:  true,
			StoreDir:   t.TempDir(),
			NoSigs:     true,
			NoLog:      true,
			Cluster:    server.ClusterOpts{Name: "queens-test", Host: "127.0.0.1", Port: routePorts[i]},

			DisableJetStreamBanner: true,
		}
		for j := range size {
			if j != i {
				opts.Routes = append(opts.Routes, &url.URL{Scheme: "nats", Host: fmt.Sprintf("127.0.0.1:%d", routePorts[j])})
			}
		}
		nodes[i] = &testNode{opts: opts}
		if err := nodes[i].tryStart(); err != nil {
			for _, n := range nodes[:i] {
				n.stop()
			}
			return nil, err
		}
	}
	return nodes, nil
}

// start starts the node's server and waits until it accepts clients.
func (n *testNode) start(t *testing.T) {
	t.Helper()
	if err := n.tryStart(); err != nil {
		t.Fatal(err)
	}
}

// tryStart starts the node's server and waits until it accepts clients,
// or returns why it does not.
func (n *testNode) tryStart() error {
	ns, err := server.NewServer(n.opts.Clone())
	if err != nil {
		return err
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return fmt.Errorf("server %s did not start", n.opts.ServerName)
	}
	n.ns = ns
	return nil
}

// stop shuts the node's server down, if it runs.
func (n *testNode) stop() {
	if n.ns != nil {
		n.ns.Shutdown()
		n.ns.WaitForShutdown()
		n.ns = nil
	}
}

func (n *testNode) url() string { return fmt.Sprintf("nats://127.0.0.1:%d", n.opts.Port) }

// clusterURLs returns the URLs of the nodes, the one of nodes[first]
// first.
func clusterURLs(nodes []*testNode, first int) string {
	var urls []string
	for i := range nodes {
		urls = append(urls, nodes[(first+i)%len(nodes)].url())
	}
	return strings.Join(urls, ",")
}

// waitFor waits until cond holds, checking it every 50 ms, and fails the
// test when it does not hold within limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %s", what, limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// testLog collects the lines logged by coordinators and workers, and
// passes them on to the test's log while the test runs.
type testLog struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
	done  bool
}

func newTestLog(t *testing.T) *testLog {
	l := &testLog{t: t}
	t.Cleanup(func() {
		l.mu.Lock()
		l.done = true
		l.mu.Unlock()
	})
	return l
}

// logf returns a logging function whose lines begin with prefix.
func (l *testLog) logf(prefix string) func(format string, args ...any) {
	return func(format string, args ...any) {
		line := prefix + fmt.Sprintf(format, args...)
		l.mu.Lock()
		defer l.mu.Unlock()
		l.lines = append(l.lines, line)
		if !l.done {
			l.t.Log(line)
		}
	}
}

// find returns the lines that begin with prefix and contain text.
func (l *testLog) find(prefix, text string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var found []string
	for _, line := range l.lines {
		if strings.HasPrefix(line, prefix) && strings.Contains(line, text) {
			found = append(found, line)
		}
	}
	return found
}

// connectCluster connects to the cluster's servers, trying them in the
// order of urls.
func connectCluster(t *testing.T, urls, name string, logf func(string, ...any)) *nats.Conn {
	t.Helper()
	nc, err := Connect(context.Background(), ConnOptions{URL: urls, Name: name, Logf: logf, noRandomize: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// streamLeader returns the index of the node that leads the work stream,
// asking through js until ctx ends.
func streamLeader(ctx context.Context, t *testing.T, js jetstream.JetStream, nodes []*testNode) int {
	t.Helper()
	for {
		if st, err := js.Stream(ctx, StreamName); err == nil {
			if c := st.CachedInfo().Cluster; c != nil {
				for i, n := range nodes {
					if n.opts.ServerName == c.Leader {
						return i
					}
				}
			}
		}
		if ctx.Err() != nil {
			t.Fatal("no leader of the work stream")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// checkReplicas fails unless the stream, its consumer and the bucket have
// r replicas, waiting a little for the consumer, which follows its stream.
func checkReplicas(ctx context.Context, t *testing.T, js jetstream.JetStream, r int) {
	t.Helper()
	for _, name := range []string{StreamName, kvStreamName} {
		st, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatalf("stream %s: %v", name, err)
		}
		if got := st.CachedInfo().Config.Replicas; got != r {
			t.Errorf("stream %s has %d replicas, want %d", name, got, r)
		}
	}
	got := 0
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		cons, err := js.Consumer(ctx, StreamName, ConsumerName)
		if err == nil && cons.CachedInfo().Cluster != nil {
			if got = 1 + len(cons.CachedInfo().Cluster.Replicas); got == r {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("consumer %s has %d replicas, want %d", ConsumerName, got, r)
}

// TestFailover counts through a cluster of three NATS servers and shuts
// down the leader of the work stream half way: the count goes on on the
// other two and its total is exact. The objects that an older
// coordinator made with one replica are raised to three first; after the
// count, the lost server comes back and a second count runs on the same
// cluster.
func TestFailover(t *testing.T) {
	testenv.SkipUnlessSlow(t, "a cluster of three servers losing one")
	n, second := 14, 12
	if raceEnabled {
		n, second = 12, 10
	}
	const ackWait = 2 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	nodes := startTestCluster(t, 3)
	logs := newTestLog(t)

	// The objects as a coordinator of one replica left them.
	admin := connectCluster(t, clusterURLs(nodes, 0), "admin", logs.logf("admin: "))
	js, err := jetstream.New(admin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := setup(ctx, js, setupConfig{ackWait: ackWait, replicas: 1, logf: logs.logf("setup: ")}); err != nil {
		t.Fatal(err)
	}
	checkReplicas(ctx, t, js, 1)
	leader := streamLeader(ctx, t, js, nodes)

	// A worker on each server, and the coordinator on the stream's leader.
	for i := range nodes {
		prefix := fmt.Sprintf("worker %d: ", i)
		nc := connectCluster(t, clusterURLs(nodes, i), "worker", logs.logf(prefix))
		// Units that take a little while, so that the server goes
		// while there is work left.
		stop := goWork(t, nc, WorkOptions{Workers: 1, Logf: logs.logf(prefix), delay: 10 * time.Millisecond})
		t.Cleanup(func() {
			if st := stop(); st.Rejected != 0 || st.Conflicts != 0 {
				t.Errorf("worker %d stats %+v: nothing should be rejected", i, st)
			}
		})
	}
	coord := connectCluster(t, clusterURLs(nodes, leader), "coordinator", logs.logf("coordinator: "))

	type outcome struct {
		res Result
		err error
	}
	progress := make(chan Progress, 4096)
	done := make(chan outcome, 1)
	pl := newPlan(t, n)
	go func() {
		res, err := Count(ctx, coord, pl, Options{AckWait: ackWait, Logf: logs.logf("coordinator: "), Progress: func(p Progress) {
			select {
			case progress <- p:
			default:
			}
		}})
		done <- outcome{res, err}
	}()

	// Half way through, the stream's leader goes.
	var killed int
	var killedAt, last time.Time
	stall := time.Duration(0)
	var out outcome
wait:
	for {
		select {
		case p := <-progress:
			now := time.Now()
			if killedAt.IsZero() && p.Done >= p.Units/3 {
				killed = streamLeader(ctx, t, js, nodes)
				t.Logf("%d of %d units done: shutting down %s, the leader of stream %s", p.Done, p.Units, nodes[killed].opts.ServerName, StreamName)
				nodes[killed].stop()
				killedAt, last = time.Now(), time.Now()
				continue
			}
			if !killedAt.IsZero() {
				stall = max(stall, now.Sub(last))
				last = now
			}
		case out = <-done:
			break wait
		}
	}
	if out.err != nil {
		t.Fatalf("count of N=%d: %v", n, out.err)
	}
	if killedAt.IsZero() {
		t.Fatalf("the count of N=%d ended before a server could be shut down", n)
	}
	checkKnown(t, out.res)
	t.Logf("N=%d: %d units in %v; the longest wait for a result after the loss of %s: %v",
		n, out.res.Units, out.res.Elapsed.Round(time.Millisecond), nodes[killed].opts.ServerName, stall.Round(time.Millisecond))
	if limit := 9*time.Second + ackWait + 10*time.Second; stall > limit {
		t.Errorf("the count stalled for %v after the loss of the stream's leader, more than %v", stall, limit)
	}
	checkReplicas(ctx, t, js, 3)
	for _, obj := range []string{"stream " + StreamName, "bucket " + BucketName} {
		if len(logs.find("coordinator: ", obj+" has 1 replica, fewer than 3: raising it to 3")) != 1 {
			t.Errorf("the coordinator did not say once that it raised the replicas of %s", obj)
		}
	}
	// The clients of the lost server say where they went, in one line.
	lostURL := nodes[killed].url()
	clients := []string{fmt.Sprintf("worker %d: ", killed)}
	if killed == leader {
		clients = append(clients, "coordinator: ")
	}
	for _, client := range clients {
		waitFor(t, 10*time.Second, client+"word of the lost server", func() bool {
			return len(logs.find(client, "lost the connection to "+lostURL)) > 0
		})
		moved := logs.find(client, "lost the connection to "+lostURL)
		if len(moved) != 1 || !strings.Contains(moved[0], "now using nats://127.0.0.1:") {
			t.Errorf("%son the lost server, logged %q; want one line naming the server it now uses", client, moved)
		}
	}

	// The lost server comes back, catches up, and serves a second count.
	nodes[killed].start(t)
	waitFor(t, 20*time.Second, "current replicas on the restarted server", func() bool {
		st, err := js.Stream(ctx, StreamName)
		if err != nil || st.CachedInfo().Cluster == nil {
			return false
		}
		c := st.CachedInfo().Cluster
		if c.Leader == "" || len(c.Replicas) != 2 {
			return false
		}
		for _, r := range c.Replicas {
			if !r.Current || r.Offline {
				return false
			}
		}
		return true
	})
	res, err := Count(ctx, coord, newPlan(t, second), Options{AckWait: ackWait, Logf: logs.logf("coordinator: ")})
	if err != nil {
		t.Fatalf("count of N=%d after the restart: %v", second, err)
	}
	checkKnown(t, res)
	checkReplicas(ctx, t, js, 3)
}

// TestLostMajority shuts down two of the three servers of a cluster during
// a count: the workers say that JetStream does not answer; when one of the
// two comes back, they say that it answers again, and the count goes on to
// its exact total.
func TestLostMajority(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("waits for two elections")
	}
	const n = 12
	defer func(limit time.Duration) { quietLimit = limit }(quietLimit)
	quietLimit = 2 * time.Second
	const ackWait = 2 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	nodes := startTestCluster(t, 3)
	logs := newTestLog(t)
	for i := range nodes {
		prefix := fmt.Sprintf("worker %d: ", i)
		// Units that take a while, so that the servers go while there
		// is work left.
		goWork(t, connectCluster(t, clusterURLs(nodes, i), "worker", logs.logf(prefix)), WorkOptions{Workers: 1, Logf: logs.logf(prefix), delay: 20 * time.Millisecond})
	}
	coord := connectCluster(t, clusterURLs(nodes, 0), "coordinator", logs.logf("coordinator: "))
	progress := make(chan Progress, 4096)
	type outcome struct {
		res Result
		err error
	}
	done := make(chan outcome, 1)
	pl := newPlan(t, n)
	go func() {
		res, err := Count(ctx, coord, pl, Options{AckWait: ackWait, Logf: logs.logf("coordinator: "), Progress: func(p Progress) {
			select {
			case progress <- p:
			default:
			}
		}})
		done <- outcome{res, err}
	}()
	var out outcome
	stopped := false
wait:
	for {
		select {
		case p := <-progress:
			if stopped || p.Done < p.Units/3 {
				continue
			}
			stopped = true
			t.Logf("%d of %d units done: shutting down %s and %s", p.Done, p.Units, nodes[1].opts.ServerName, nodes[2].opts.ServerName)
			nodes[1].stop()
			nodes[2].stop()
			waitFor(t, 30*time.Second, "word that JetStream does not answer", func() bool {
				return len(logs.find("worker ", "JetStream has not answered")) > 0
			})
			t.Logf("starting %s again", nodes[1].opts.ServerName)
			nodes[1].start(t)
		case out = <-done:
			break wait
		}
	}
	if out.err != nil {
		t.Fatalf("count of N=%d: %v", n, out.err)
	}
	if !stopped {
		t.Fatalf("the count of N=%d ended before two servers could be shut down", n)
	}
	checkKnown(t, out.res)
	// Each worker that said so says that JetStream answers again, at
	// the latest when it next asks for work.
	waitFor(t, 10*time.Second, "word from the workers that JetStream answers again", func() bool {
		for i := range nodes {
			prefix := fmt.Sprintf("worker %d: ", i)
			if len(logs.find(prefix, "JetStream has not answered")) > len(logs.find(prefix, "JetStream answers again")) {
				return false
			}
		}
		return true
	})
}
