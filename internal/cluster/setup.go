package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// DefaultAckWait is how long the server waits for a worker's word on a unit
// before it hands the unit to another worker. Workers send a heartbeat
// several times within it, so a long unit is not redelivered; a worker
// that dies holds up its units for this long at most.
const DefaultAckWait = 10 * time.Second

// dedupWindow is how long the stream remembers message IDs: publishing a
// unit again within it is a no-op.
const dedupWindow = 10 * time.Minute

// objects are the JetStream objects of the cluster.
type objects struct {
	js     jetstream.JetStream
	stream jetstream.Stream
	cons   jetstream.Consumer
	kv     jetstream.KeyValue
}

// ErrReplicas is wrapped by the error of [Count] when JetStream cannot keep
// as many replicas of the queue and the results as asked for: the server
// is not part of a JetStream cluster, or the cluster has too few servers
// up.
var ErrReplicas = errors.New("JetStream cannot keep the replicas asked for")

// kvStreamName is the name of the stream that holds the bucket.
const kvStreamName = "KV_" + BucketName

// setupConfig says how [setup] makes the objects.
type setupConfig struct {
	ackWait  time.Duration
	memory   bool // keep the stream and the bucket in memory, not on disk
	replicas int  // 0: 3 on a JetStream cluster of three servers or more, else 1
	logf     func(format string, args ...any)
	health   *health
}

// setup creates the stream, the consumer and the bucket, or updates them to
// this configuration; the coordinator does it. The stream and the bucket
// are kept in memory when memory is set, on disk otherwise; a stream or
// bucket that exists keeps its storage, and never loses replicas. Requests
// that fail while the cluster elects leaders are tried again.
func setup(ctx context.Context, js jetstream.JetStream, cfg setupConfig) (*objects, error) {
	if cfg.logf == nil {
		cfg.logf = func(string, ...any) {}
	}
	if cfg.health == nil {
		cfg.health = newHealth(cfg.logf)
	}
	storage := jetstream.FileStorage
	if cfg.memory {
		storage = jetstream.MemoryStorage
	}
	// A first request, to tell a server without JetStream at once.
	if _, err := js.AccountInfo(ctx); errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount) {
		return nil, fmt.Errorf("cannot set up stream %s: %w", StreamName, err)
	}
	want, auto := cfg.replicas, cfg.replicas == 0
	if auto {
		want = autoReplicas(ctx, js.Conn(), cfg.logf)
	}
	var oldStream, oldKV *jetstream.StreamConfig
	err := retry(ctx, cfg.health, func(ctx context.Context) error {
		oldStream, oldKV = nil, nil
		st, err := js.Stream(ctx, StreamName)
		switch {
		case err == nil:
			c := st.CachedInfo().Config
			oldStream = &c
		case !errors.Is(err, jetstream.ErrStreamNotFound):
			return err
		}
		st, err = js.Stream(ctx, kvStreamName)
		switch {
		case err == nil:
			c := st.CachedInfo().Config
			oldKV = &c
		case !errors.Is(err, jetstream.ErrStreamNotFound):
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cannot read stream %s: %w", StreamName, err)
	}
	streamStorage, kvStorage := storage, storage
	if oldStream != nil {
		streamStorage = oldStream.Storage
	}
	if oldKV != nil {
		kvStorage = oldKV.Storage
	}

	streamConfig := func(replicas int) jetstream.StreamConfig {
		return jetstream.StreamConfig{
			Name:        StreamName,
			Description: "units of N-queens counts waiting for a worker",
			Subjects:    []string{workSubjects},
			Retention:   jetstream.WorkQueuePolicy,
			Storage:     streamStorage,
			Duplicates:  dedupWindow,
			MaxMsgSize:  maxMessageSize,
			Replicas:    replicas,
		}
	}
	var stream jetstream.Stream
	_, err = placeReplicas(ctx, cfg, js, "stream "+StreamName, StreamName, oldStream, want, auto, func(ctx context.Context, r int) error {
		var err error
		stream, err = js.CreateOrUpdateStream(ctx, streamConfig(r))
		return err
	})
	if err != nil {
		return nil, err
	}

	var cons jetstream.Consumer
	err = retry(ctx, cfg.health, func(ctx context.Context) error {
		var err error
		cons, err = js.CreateOrUpdateConsumer(ctx, StreamName, jetstream.ConsumerConfig{
			Durable:       ConsumerName,
			Description:   "queens workers",
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       cfg.ackWait,
			MaxDeliver:    -1,
			FilterSubject: workSubjects,
			MaxAckPending: -1,
			MaxWaiting:    4096,
			// Replicas 0: those of the stream, whose changes the
			// consumer of a work queue follows.
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("cannot set up consumer %s: %w", ConsumerName, err)
	}

	var kv jetstream.KeyValue
	_, err = placeReplicas(ctx, cfg, js, "bucket "+BucketName, kvStreamName, oldKV, want, auto, func(ctx context.Context, r int) error {
		var err error
		kv, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket:       BucketName,
			Description:  "manifests and unit results of N-queens counts",
			Storage:      kvStorage,
			MaxValueSize: maxMessageSize,
			Replicas:     r,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return &objects{js: js, stream: stream, cons: cons, kv: kv}, nil
}

// placeReplicas creates or updates one object (what, kept in the stream
// named stream) with want replicas, by apply, and returns the replicas it
// has. An object that has more replicas keeps them; one that has fewer is
// raised, and when JetStream cannot place the replicas it keeps those it
// has and the log says how to raise them. A new object whose replicas
// JetStream cannot place is an error wrapping [ErrReplicas], unless the
// replicas were not asked for (auto): then it is made with one.
func placeReplicas(ctx context.Context, cfg setupConfig, js jetstream.JetStream, what, stream string, old *jetstream.StreamConfig, want int, auto bool, apply func(ctx context.Context, r int) error) (int, error) {
	r := want
	if old != nil {
		have := max(old.Replicas, 1)
		switch {
		case have > want:
			if !auto {
				cfg.logf("%s has %s, more than the %d asked for: it keeps them", what, plural(have, "replica", "replicas"), want)
			}
			r = have
		case have < want:
			cfg.logf("%s has %s, fewer than %d: raising it to %d", what, plural(have, "replica", "replicas"), want, want)
		}
	}
	err := retry(ctx, cfg.health, func(ctx context.Context) error { return apply(ctx, r) })
	if err == nil || !isPlacement(err) {
		if err != nil {
			return 0, fmt.Errorf("cannot set up %s: %w", what, err)
		}
		if old != nil && max(old.Replicas, 1) < r {
			waitReplicas(ctx, cfg, js, what, stream, r)
		}
		return r, nil
	}
	reason := placementReason(err, r)
	switch {
	case old != nil && max(old.Replicas, 1) < r:
		have := max(old.Replicas, 1)
		cfg.logf("cannot raise %s to %d replicas: %s; it keeps %d (raise it later with 'nats stream edit %s --replicas %d')", what, r, reason, have, stream, r)
		r = have
	case auto && r > 1:
		cfg.logf("cannot keep %d replicas of %s: %s; it has 1", r, what, reason)
		r = 1
	default:
		return 0, fmt.Errorf("%w: %d replicas of %s: %s", ErrReplicas, r, what, reason)
	}
	if err := retry(ctx, cfg.health, func(ctx context.Context) error { return apply(ctx, r) }); err != nil {
		return 0, fmt.Errorf("cannot set up %s: %w", what, err)
	}
	return r, nil
}

// raiseWait bounds the wait of [waitReplicas].
const raiseWait = time.Minute

// waitReplicas waits until the r replicas of a stream that was raised to
// them are current, so that the count does not begin while the stream
// still moves; it logs when the wait is long, and gives up after
// raiseWait.
func waitReplicas(ctx context.Context, cfg setupConfig, js jetstream.JetStream, what, stream string, r int) {
	start := time.Now()
	told := false
	for time.Since(start) < raiseWait && ctx.Err() == nil {
		actx, cancel := context.WithTimeout(ctx, attemptTimeout)
		st, err := js.Stream(actx, stream)
		cancel()
		if err == nil && replicasCurrent(st.CachedInfo().Cluster, r) {
			if told {
				cfg.logf("%s has its %d replicas after %s", what, r, time.Since(start).Round(time.Second))
			}
			return
		}
		if !told && time.Since(start) > 5*time.Second {
			cfg.logf("waiting for the new replicas of %s to catch up", what)
			told = true
		}
		sleep(ctx, 200*time.Millisecond)
	}
	cfg.logf("the new replicas of %s did not catch up in %s; counting all the same", what, raiseWait)
}

// replicasCurrent reports whether c shows a leader and r-1 other replicas,
// all current.
func replicasCurrent(c *jetstream.ClusterInfo, r int) bool {
	if c == nil || c.Leader == "" || len(c.Replicas) != r-1 {
		return false
	}
	for _, p := range c.Replicas {
		if !p.Current || p.Offline {
			return false
		}
	}
	return true
}

// isPlacement reports whether err says that JetStream cannot place the
// replicas of a stream.
func isPlacement(err error) bool {
	switch apiCode(err) {
	case codeNoPeers, codeInsufficient, codeReplicasNotSupported:
		return true
	}
	return false
}

// placementReason says in words why JetStream cannot place r replicas.
func placementReason(err error, r int) string {
	if apiCode(err) == codeReplicasNotSupported {
		return "the NATS server is not part of a JetStream cluster"
	}
	return fmt.Sprintf("the JetStream cluster does not have %d servers up with room for them (%s)", r, strings.TrimPrefix(err.Error(), "nats: "))
}

// clusterReplicas is the number of replicas on a JetStream cluster of at
// least as many servers.
const clusterReplicas = 3

// autoReplicas returns the replicas the objects get when none are asked
// for: clusterReplicas when the server that nc reaches is part of a
// cluster with at least as many JetStream servers, else 1.
func autoReplicas(ctx context.Context, nc *nats.Conn, logf func(format string, args ...any)) int {
	if nc.ConnectedClusterName() == "" {
		return 1
	}
	n, err := jetStreamServers(ctx, nc, clusterReplicas, 2*time.Second)
	switch {
	case err != nil || n == 0:
		logf("cannot tell how many JetStream servers cluster %s has: keeping 1 replica of the queue and the results (give --replicas 3 for three)", nc.ConnectedClusterName())
		return 1
	case n < clusterReplicas:
		logf("cluster %s has %s up: keeping 1 replica of the queue and the results", nc.ConnectedClusterName(), plural(n, "JetStream server", "JetStream servers"))
		return 1
	}
	return clusterReplicas
}

// statzSubject is where every server of a cluster answers a client with
// statistics of the client's account, and with its own name and whether
// it runs JetStream.
const statzSubject = "$SYS.REQ.ACCOUNT.PING.STATZ"

// jetStreamServers asks the servers of the cluster that nc is connected to
// which of them run JetStream, and returns how many answered so, waiting
// at most wait for the answers and no longer once enough have come.
func jetStreamServers(ctx context.Context, nc *nats.Conn, enough int, wait time.Duration) (int, error) {
	inbox := nc.NewInbox()
	sub, err := nc.SubscribeSync(inbox)
	if err != nil {
		return 0, err
	}
	defer sub.Unsubscribe()
	if err := nc.PublishRequest(statzSubject, inbox, []byte(`{"include_unused":true}`)); err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	seen := map[string]bool{}
	for len(seen) < enough {
		m, err := sub.NextMsgWithContext(ctx)
		if err != nil {
			break
		}
		var reply struct {
			Server struct {
				ID        string `json:"id"`
				JetStream bool   `json:"jetstream"`
			} `json:"server"`
		}
		if json.Unmarshal(m.Data, &reply) == nil && reply.Server.JetStream && reply.Server.ID != "" {
			seen[reply.Server.ID] = true
		}
	}
	return len(seen), nil
}

// bind finds the objects a coordinator set up, waiting for them while ctx
// lasts; workers do it. waiting is called once when they are not there yet.
// bind looks again after retry (0: half a second), and at once when ready
// receives (a coordinator's notice that it has set them up); ready may be
// nil.
func bind(ctx context.Context, js jetstream.JetStream, ready <-chan struct{}, retry time.Duration, waiting func()) (*objects, error) {
	if retry == 0 {
		retry = 500 * time.Millisecond
	}
	told := false
	for {
		o, err := lookup(ctx, js)
		if err == nil {
			return o, nil
		}
		if !told {
			waiting()
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-ready:
		case <-time.After(retry):
		}
	}
}

func lookup(ctx context.Context, js jetstream.JetStream) (*objects, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	stream, err := js.Stream(ctx, StreamName)
	if err != nil {
		return nil, err
	}
	cons, err := stream.Consumer(ctx, ConsumerName)
	if err != nil {
		return nil, err
	}
	kv, err := js.KeyValue(ctx, BucketName)
	if err != nil {
		return nil, err
	}
	return &objects{js: js, stream: stream, cons: cons, kv: kv}, nil
}

// isTimeout reports whether err only says that nothing came in time.
func isTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, jetstream.ErrNoMessages) ||
		errors.Is(err, jetstream.ErrNoHeartbeat) || errors.Is(err, nats.ErrTimeout)
}
