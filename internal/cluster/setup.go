package cluster

import (
	"context"
	"errors"
	"fmt"
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

// setup creates the stream, the consumer and the bucket, or updates them to
// this configuration; the coordinator does it. The stream and the bucket
// are kept in memory when memory is set, on disk otherwise.
func setup(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, memory bool) (*objects, error) {
	storage := jetstream.FileStorage
	if memory {
		storage = jetstream.MemoryStorage
	}
	// The storage of a stream or bucket cannot change.
	streamStorage, kvStorage := storage, storage
	if st, err := js.Stream(ctx, StreamName); err == nil {
		streamStorage = st.CachedInfo().Config.Storage
	}
	if kv, err := js.KeyValue(ctx, BucketName); err == nil {
		if status, err := kv.Status(ctx); err == nil {
			kvStorage = status.Config().Storage
		}
	}
	stream, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamName,
		Description: "units of N-queens counts waiting for a worker",
		Subjects:    []string{workSubjects},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     streamStorage,
		Duplicates:  dedupWindow,
		MaxMsgSize:  maxMessageSize,
	})
	if err != nil {
		return nil, fmt.Errorf("cannot set up stream %s: %w", StreamName, err)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, StreamName, jetstream.ConsumerConfig{
		Durable:       ConsumerName,
		Description:   "queens workers",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxDeliver:    -1,
		FilterSubject: workSubjects,
		MaxAckPending: -1,
		MaxWaiting:    4096,
	})
	if err != nil {
		return nil, fmt.Errorf("cannot set up consumer %s: %w", ConsumerName, err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:       BucketName,
		Description:  "manifests and unit results of N-queens counts",
		Storage:      kvStorage,
		MaxValueSize: maxMessageSize,
	})
	if err != nil {
		return nil, fmt.Errorf("cannot set up bucket %s: %w", BucketName, err)
	}
	return &objects{js: js, stream: stream, cons: cons, kv: kv}, nil
}

// bind finds the objects a coordinator set up, waiting for them while ctx
// lasts; workers do it. waiting is called once when they are not there yet.
func bind(ctx context.Context, js jetstream.JetStream, waiting func()) (*objects, error) {
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
		case <-time.After(500 * time.Millisecond):
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
