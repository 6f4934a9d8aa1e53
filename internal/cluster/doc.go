// Package cluster counts a plan of work units on many machines through NATS
// JetStream: a coordinator puts the units on a work-queue stream, workers
// anywhere pull them from one durable consumer, count them and store each
// result in a key-value bucket, and the coordinator sums the results.
//
// The server is either embedded in the coordinator ([StartServer], with
// JetStream's file storage in a directory of the user's choice, which it
// locks against a second server) or any NATS server or cluster the user
// runs. Every message and result carries enough to be checked: work
// messages name the run, N, the plan version and its fingerprint; results
// carry a CRC-32C checksum and are stored only once per unit. A run is
// identified by [RunID], derived from the plan, so a restarted coordinator
// finds its run, its manifest and its results again, and queues again
// every unit that is neither done nor deliverable.
//
// On a JetStream cluster, the queue and the results are kept on several
// servers ([Options.Replicas]): when one of them is lost, the others elect
// new leaders, the clients move to another server, and the coordinator and
// the workers try their requests again until JetStream answers, so that
// the count goes on to its exact total.
//
// The subjects, stream, consumer and bucket:
//
//	queens.work.RUN.UNIT   work messages, stream QUEENS_WORK (work queue),
//	                       durable pull consumer queens-workers
//	queens.control         notices from a coordinator to its workers
//	bucket queens          RUN.manifest, RUN.unit.UNIT, RUN.conflict.UNIT
package cluster
