package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens/internal/cluster"
	"github.com/queenslab/queens/internal/message"
)

// defaultGiveUp is how long a worker tries to reach its server before it
// gives up, unless --give-up says otherwise.
const defaultGiveUp = 5 * time.Minute

func newWorkerCmd(io streams) *cobra.Command {
	var (
		natsURL string
		auth    natsAuth
		workers int
		name    string
		verbose bool
		giveUp  time.Duration
	)
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Count work units for 'queens count --cluster' on this machine",
		Long: `Count work units for 'queens count N --cluster', which may run on another
machine: the worker pulls units from the NATS JetStream work queue, counts
them on --workers cores and stores each result, once, in the results
bucket. It may start before the coordinator, and it serves every count on
the server, one unit after the other. While the server is unreachable, the
worker says so and tries again, every tenth of a second for ten seconds,
so that it joins even a count that ends at once, then at growing
intervals up to half a minute, for --give-up at most; a server that refuses the token or the credentials,
or something that is not a NATS server, ends it at once (exit 2).

The worker runs until Ctrl-C (or SIGTERM, or a hang-up), which hands the
units it is counting back to the queue, or until the coordinator it works
for finishes and shuts its embedded server down. A worker that is killed
loses nothing: its units go to other workers within ten seconds. When the
connection is lost, the worker reconnects on its own.

Give the worker the coordinator's --token (or set $` + tokenEnv + `). A
worker that finds a different result stored for a unit it counted
reports an integrity error and keeps the stored result; the coordinator
then refuses the count.`,
		Example: `  queens worker --nats nats://127.0.0.1:4222
  QUEENS_NATS_TOKEN=secret queens worker --nats nats://10.0.0.5:4222 --workers 16`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if giveUp <= 0 {
				return usageError(fmt.Errorf("--give-up must be a positive duration, got %s", giveUp), "try --give-up 5m")
			}
			if workers < 0 {
				return usageError(fmt.Errorf("--workers must be 0 (one per CPU) or more, got %d", workers), "")
			}
			auth.resolve()
			logf := logger(io, "worker")
			warnPlainText(io, natsURL, auth)
			nc, err := cluster.Connect(cmd.Context(), cluster.ConnOptions{URL: natsURL, Token: auth.token, Creds: auth.creds, Name: "queens worker", Wait: true, GiveUp: giveUp, Logf: logf})
			if err != nil {
				return connectError(err)
			}
			defer nc.Close()
			stats, err := cluster.Work(cmd.Context(), nc, cluster.WorkOptions{Workers: workers, Name: name, Logf: logf, Verbose: verbose})
			logf("%s", workSummary(io.p, stats))
			if errors.Is(err, cluster.ErrShutdown) {
				logf("%v", err)
				return nil
			}
			return err
		},
	}
	cmd.Flags().StringVar(&natsURL, "nats", "nats://127.0.0.1:4222", "`URL` of the NATS server (comma-separated for a NATS cluster)")
	auth.register(cmd)
	cmd.Flags().IntVar(&workers, "workers", 0, "number of units counted at once; 0 means one per CPU")
	cmd.Flags().StringVar(&name, "name", "", "`NAME` of this worker in the results (default host:pid)")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "log every unit counted")
	cmd.Flags().DurationVar(&giveUp, "give-up", defaultGiveUp, "stop trying to reach an unreachable server after this long")
	return cmd
}

// workSummary says what a worker did, in the last line it logs.
func workSummary(p *message.Printer, st cluster.WorkStats) string {
	return p.Sprintf("units counted: %d; already counted: %d; repeats: %d; rejected messages: %d; conflicts: %d",
		st.Counted, st.Skipped, st.Duplicates, st.Rejected, st.Conflicts)
}
