package main

// The flags of 'queens count' that spread a count over many machines:
// --cluster (a NATS JetStream work queue) and --shard (one part of the
// count for a batch scheduler).

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/cluster"
	"github.com/queenslab/queens/internal/plan"
	"github.com/queenslab/queens/internal/progress"
	"github.com/queenslab/queens/internal/shard"
)

// tokenEnv is the environment variable that gives the NATS token when
// --token does not, so that the token need not appear in the list of
// processes.
const tokenEnv = "QUEENS_NATS_TOKEN"

// clusterFlags are the flags of 'queens count' for many machines.
type clusterFlags struct {
	cluster  bool
	listen   string
	store    string
	natsURL  string
	auth     natsAuth
	shard    string
	output   string
	ackWait  time.Duration
	replicas int

	cmd *cobra.Command // the command the flags are registered with
}

// clusterFlagNames are the flags of clusterFlags.
var clusterFlagNames = []string{"cluster", "listen", "store", "nats", "token", "creds", "shard", "output", "ack-wait", "replicas"}

// natsAuth are the credentials flags that the coordinator and the workers
// share.
type natsAuth struct {
	token string
	creds string
}

func (a *natsAuth) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&a.token, "token", "", "secret `TOKEN` that NATS clients present (default $"+tokenEnv+")")
	cmd.Flags().StringVar(&a.creds, "creds", "", "NATS credentials `FILE` (user JWT and key) for a server that uses them")
}

// resolve fills the token from the environment when the flag does not
// give it.
func (a *natsAuth) resolve() {
	if a.token == "" {
		a.token = os.Getenv(tokenEnv)
	}
}

// register adds the flags to the count command and its help.
func (c *clusterFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	c.cmd = cmd
	fs.BoolVar(&c.cluster, "cluster", false, "count on many machines through a NATS JetStream work queue")
	fs.StringVar(&c.listen, "listen", cluster.DefaultListen, "with --cluster: `HOST:PORT` the embedded NATS server listens on")
	fs.StringVar(&c.store, "store", "", "with --cluster: keep the queue and results in `DIR`, to resume after a restart")
	fs.StringVar(&c.natsURL, "nats", "", "with --cluster: use the NATS server at `URL` instead of an embedded one")
	c.auth.register(cmd)
	fs.StringVar(&c.shard, "shard", "", "count shard `I/M` only (or M, with I from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID)")
	fs.StringVarP(&c.output, "output", "o", "", "with --shard: write the part file to `FILE` (default standard output)")
	fs.DurationVar(&c.ackWait, "ack-wait", cluster.DefaultAckWait, "with --cluster: time a unit may go without a word from its worker")
	fs.MarkHidden("ack-wait")
	fs.IntVar(&c.replicas, "replicas", 0, "with --nats: `R` servers of a JetStream cluster keep the queue and results, 1, 3 or 5 (default 3 on a cluster of three or more, else 1)")
	cmd.Long += `

With --cluster, the count is spread over many machines through NATS
JetStream. The command starts a NATS server (on 127.0.0.1:4222; see
--listen), puts the work units on a queue, counts with --workers local
workers and sums the results that 'queens worker' processes on any machine
store. With --cluster, --workers defaults to one per CPU, and 0 means that
this machine counts no unit itself (without --cluster, 0 means one per
CPU). With --store DIR the queue
and the results are kept in DIR: the same command resumes a count that was
stopped. With --nats URL it uses a NATS server you run instead. Listening
beyond this machine needs --token (or $` + tokenEnv + `), given to the
workers too; the connection has no TLS. On a NATS cluster, --replicas R
keeps the queue and the results on R servers (1, 3 or 5; by default 3 when
the cluster has three JetStream servers or more), so that the count goes
on when one of them is lost; give --nats the URLs of all the servers,
separated by commas.

With --shard I/M, the command counts every M-th unit from unit I and writes
the results to a part file (-o FILE); 'queens merge' sums the parts of all
M shards. With --shard M, I comes from $JOB_COMPLETION_INDEX (Kubernetes
Indexed Jobs) or $SLURM_ARRAY_TASK_ID (Slurm job arrays, --array=0-(M-1)).`
	cmd.Example += `
  queens count 16 --cluster --workers 0 --store q16   # then 'queens worker' elsewhere
  queens count 14 --shard 0/3 -o part-0.json          # then 'queens merge part-*.json'`
}

// enabled reports whether any of the flags is given: the count is a
// cluster or a shard count, or the flags are wrong.
func (c *clusterFlags) enabled() bool {
	for _, name := range clusterFlagNames {
		if c.cmd.Flags().Changed(name) {
			return true
		}
	}
	return false
}

// check checks the flags of a cluster or shard count against each other
// and against the other flags of count.
func (c *clusterFlags) check(cmd *cobra.Command, f countFlags) error {
	changed := cmd.Flags().Changed
	var set []string
	for _, name := range []string{"listen", "store", "nats", "token", "creds", "ack-wait", "replicas"} {
		if changed(name) {
			set = append(set, "--"+name)
		}
	}
	switch {
	case !c.cluster && c.shard == "" && len(set) > 0:
		return usageError(fmt.Errorf("%s needs --cluster", set[0]), "")
	case c.cluster && c.shard != "":
		return usageError(errors.New("--cluster and --shard exclude each other"), "count a shard with --shard, or the whole count with --cluster")
	case c.shard != "" && len(set) > 0:
		return usageError(fmt.Errorf("%s needs --cluster; a shard counts on this machine", set[0]), "")
	case changed("output") && c.shard == "":
		return usageError(errors.New("-o needs --shard: only a shard writes a part file"), "try 'queens count 14 --shard 0/3 -o part-0.json'")
	case f.checkpoint != "":
		return usageError(errors.New("--checkpoint does not combine with --cluster or --shard"), "--store keeps the results of a cluster count; a shard writes its part file")
	case c.natsURL != "" && (changed("listen") || changed("store")):
		return usageError(errors.New("--listen and --store are for the embedded server, not with --nats"), "")
	case c.natsURL == "" && c.auth.creds != "":
		return usageError(errors.New("--creds is for a NATS server given by --nats; the embedded server takes --token"), "")
	case f.asJSON && c.shard != "":
		return usageError(errors.New("--json does not combine with --shard: the part file is JSON already"), "merge the parts with 'queens merge --json' for the total")
	case c.ackWait < time.Second/10:
		return usageError(fmt.Errorf("--ack-wait must be at least 100ms, got %s", c.ackWait), "")
	case changed("replicas") && c.replicas != 1 && c.replicas != 3 && c.replicas != 5:
		return usageError(fmt.Errorf("--replicas must be 1, 3 or 5, got %d", c.replicas), "JetStream keeps an odd number of copies; 3 survive the loss of one server")
	case c.replicas > 1 && c.natsURL == "":
		return usageError(fmt.Errorf("--replicas %d needs --nats: the embedded server is one server", c.replicas),
			"run a NATS cluster of three servers or more and give their URLs, e.g. --nats nats://a:4222,nats://b:4222,nats://c:4222")
	}
	if f.algo != "" {
		if fast, _ := queens.LookupAlgorithm(""); f.algo != fast.Name {
			return usageError(fmt.Errorf("--cluster and --shard count with the fast engine only, not --algo %s", f.algo), "drop --algo")
		}
	}
	return nil
}

// runClusterCount runs a count with --cluster or --shard.
func runClusterCount(cmd *cobra.Command, n int, f countFlags, c clusterFlags, io streams) error {
	if err := c.check(cmd, f); err != nil {
		return err
	}
	p, err := plan.NewContext(cmd.Context(), n)
	if ctxErr := cmd.Context().Err(); ctxErr != nil {
		return ctxErr
	}
	if err != nil {
		return usageError(err, "")
	}
	if c.shard != "" {
		return countShard(cmd.Context(), p, f, c, io)
	}
	workers := f.workers
	if !cmd.Flags().Changed("workers") {
		workers = runtime.NumCPU()
	}
	return coordinate(cmd.Context(), p, workers, f, c, io)
}

// logger returns a logging function that writes lines "queens: LABEL:
// ..." to standard error, one line at a time, in the language of std.
func logger(std streams, label string) func(format string, args ...any) {
	var mu sync.Mutex
	return func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		std.say(label, format, args...)
	}
}

// warnPlainText warns when credentials go to a server beyond this machine
// without TLS.
func warnPlainText(std streams, serverURL string, a natsAuth) {
	if a.token == "" && a.creds == "" {
		return
	}
	for _, s := range strings.Split(serverURL, ",") {
		u, err := url.Parse(strings.TrimSpace(s))
		if err != nil || u.Scheme == "tls" {
			continue
		}
		if !cluster.IsLoopback(net.JoinHostPort(u.Hostname(), "0")) {
			std.say("warning", "%s is reached without TLS: the credentials and the results cross the network in the clear", u.Host)
		}
	}
}

// connectError gives an error of cluster.Connect its exit code and a hint.
func connectError(err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, cluster.ErrAuth):
		return usageError(err, "give the token of the server with --token (or set "+tokenEnv+"), or its credentials with --creds")
	case errors.Is(err, cluster.ErrURL):
		return usageError(err, "try --nats nats://127.0.0.1:4222")
	case errors.Is(err, cluster.ErrUnreachable):
		return usageError(err, "check the host and port of --nats, and that the server runs")
	}
	return usageError(err, "")
}

// coordinate runs the coordinator of a cluster count.
func coordinate(ctx context.Context, p *plan.Plan, workers int, f countFlags, c clusterFlags, io streams) error {
	c.auth.resolve()
	logf := logger(io, "cluster")
	opts := cluster.RunOptions{
		Options: cluster.Options{Workers: workers, AckWait: c.ackWait, Replicas: c.replicas, Logf: logf, Double: f.recount / 100},
		Conn:    cluster.ConnOptions{URL: c.natsURL, Token: c.auth.token, Creds: c.auth.creds, Name: "queens coordinator", Logf: logf},
		Server:  cluster.ServerOptions{Listen: c.listen, StoreDir: c.store, Token: c.auth.token, Logf: logf},
		OnServer: func(srv *cluster.Server) {
			if !cluster.IsLoopback(c.listen) {
				io.say("warning", "listening on %s without TLS: the token and the results cross the network in the clear", c.listen)
			}
			where := io.p.Text("in memory; give --store DIR to resume after a restart")
			if c.store != "" {
				where = io.p.Sprintf("in %s", c.store)
			}
			io.say("cluster", "NATS server at %s, queue and results %s", srv.URL(), where)
			urls := cluster.JoinURLs(srv.URL())
			token := ""
			if c.auth.token != "" {
				token = " --token TOKEN (or with $" + tokenEnv + " set)"
			}
			io.say("cluster", "workers join with: queens worker --nats %s%s", urls[0], token)
			if len(urls) > 1 {
				io.say("cluster", "this machine is also reachable at %s", strings.Join(urls[1:], ", "))
			}
		},
	}
	if c.natsURL != "" {
		warnPlainText(io, c.natsURL, c.auth)
	}

	var (
		bar     *progress.Bar
		started bool
		shown   int
	)
	start := time.Now()
	if !f.quiet {
		opts.Progress = func(pr cluster.Progress) {
			if !started {
				bar, started, shown = progress.NewIn(io.errOut, io.p, pr.Units, pr.Done, start), true, pr.Done
			}
			bar.Add(pr.Done - shown)
			shown = pr.Done
		}
	}
	res, err := cluster.Run(ctx, p, opts)
	bar.Stop()
	if se, ok := errors.AsType[*cluster.ServerError](err); ok {
		return serverError(se.Err, c)
	}
	if ce, ok := errors.AsType[*cluster.ConnectError](err); ok {
		return connectError(ce.Err)
	}
	if errors.Is(err, cluster.ErrReplicas) {
		return usageError(err, "start more servers of the cluster, or give fewer --replicas")
	}
	if errors.Is(err, cluster.ErrIntegrity) {
		return &exitError{code: exitMismatch, err: err, hint: "two results of the same unit disagree: count it again on another computer, and check the memory of the workers named"}
	}
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			hint := "the results are lost with the temporary store; give --store DIR to keep them"
			if c.store != "" || c.natsURL != "" {
				hint = "the results so far are kept; run the same command again to resume"
			}
			return &exitError{code: exitInterrupted, err: err, hint: hint}
		}
		return err
	}
	if res.Resumed > 0 {
		io.say("cluster", "run %s: %d of %d units from earlier runs", res.Run, res.Resumed, res.Units)
	}
	if len(res.Doubled) > 0 {
		apart := 0
		for _, d := range res.Doubled {
			if d.First != d.Second {
				apart++
			}
		}
		io.say("cluster", "%d units counted twice agree, %d of them counted by two workers", len(res.Doubled), apart)
	}
	fast, _ := queens.LookupAlgorithm("")
	out := countOutcome{Result: queens.Result{N: res.N, Total: res.Total, Unique: res.Unique, Nodes: res.Nodes, Elapsed: res.Elapsed, Algorithm: fast.Name}}
	return out.print(io.out, io.p, f.asJSON)
}

// serverError gives an error of the embedded server's start its exit code
// and a hint.
func serverError(err error, c clusterFlags) error {
	switch {
	case errors.Is(err, cluster.ErrNoCredentials):
		return usageError(fmt.Errorf("--listen %s reaches beyond this machine: it needs --token", c.listen),
			"give --token TOKEN (or set "+tokenEnv+") here and to the workers, or listen on 127.0.0.1")
	case errors.Is(err, cluster.ErrListenAddress):
		return usageError(err, "try --listen 127.0.0.1:4222, or --listen 0.0.0.0:4222 with --token for workers on other machines")
	case errors.Is(err, cluster.ErrStoreInUse):
		return usageError(err, "another 'queens count --cluster' uses this --store; wait for it to end, or give another directory")
	case errors.Is(err, syscall.EADDRINUSE):
		return usageError(err, "is another 'queens count --cluster' running? Choose another port with --listen 127.0.0.1:PORT")
	}
	return usageError(err, "")
}

// shardHint is the hint for a --shard value that shard.Parse refused.
func shardHint(text string) string {
	_, count, _ := strings.Cut(text, "/")
	if m, err := strconv.Atoi(count); err == nil && m >= 1 {
		if m == 1 {
			return "shards are numbered from 0: the one shard of 1 is --shard 0/1"
		}
		return fmt.Sprintf("shards are numbered from 0: the %d shards are --shard 0/%d to --shard %d/%d", m, m, m-1, m)
	}
	return "try --shard 0/4 for the first of four shards"
}

// countShard counts one shard and writes its part file.
func countShard(ctx context.Context, p *plan.Plan, f countFlags, c clusterFlags, io streams) error {
	spec, err := shard.Parse(c.shard, os.Getenv)
	if err != nil {
		return usageError(err, shardHint(c.shard))
	}
	// Open the output first: a bad path is found before the count.
	out, err := createOutput(c.cmd, c.output, io.out)
	if err != nil {
		return err
	}
	defer out.Abort()
	var bar *progress.Bar
	if !f.quiet {
		bar = progress.NewIn(io.errOut, io.p, shard.ShardUnits(len(p.Units), spec), 0, time.Time{})
	}
	pt, err := shard.Count(ctx, p, spec, f.workers, func(plan.Result) { bar.Add(1) })
	bar.Stop()
	if err != nil {
		return err
	}
	if err := pt.Write(out); err != nil {
		return err
	}
	if err := commitOutput(out); err != nil {
		return err
	}
	if !f.quiet && c.output != "" && c.output != "-" {
		io.say("", "shard %s of N=%d: %d of %d units written to %s", spec, p.N, len(pt.Results), len(p.Units), c.output)
	}
	return nil
}

// newClusterTopic returns the help topic 'queens help cluster': the two
// ways a count is spread over many machines, and the commands of each.
func newClusterTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "cluster",
		Short: "How a count is spread over many machines",
		Long: `A count is spread over many machines in two ways, both over the work
units of its plan.

A cluster on NATS JetStream: 'queens count N --cluster' is the
coordinator. It starts a NATS server inside itself (or uses yours, with
--nats URL), puts the units on a work queue, counts with its own
--workers and sums the results. 'queens worker --nats URL' on any machine
pulls units, counts them on its cores and stores each result once.
Workers may start before the coordinator and come and go: the units of a
worker that is lost go to another. --store DIR keeps the queue and the
results on disk, so that the same command resumes after a restart;
--recount P has P percent of the units counted by two different workers;
--replicas R keeps them on R servers of a NATS cluster.

Shards, for batch systems (Slurm job arrays, Kubernetes Indexed Jobs):
'queens count N --shard I/M -o FILE' counts every M-th unit from unit I
and writes a part file; 'queens merge' sums the parts, and names the
shards that are missing.

'queens count --help' and 'queens worker --help' list every flag.

Examples:
  queens count 16 --cluster --workers 0 --store q16   # the coordinator
  queens worker --nats nats://127.0.0.1:4222          # a worker, in another terminal
  queens count 14 --shard 0/3 -o part-0.json          # shard 0 of 3
  queens merge part-*.json                            # the sum of the parts`,
	}
}
