package variant

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
)

// raceBudget is the number of nodes the lexicographic search of a race
// may visit before it gives up: about a fiftieth of a second. Alternated
// four times on two cores, on the 1,124 CSPLib Excluded Diagonals runs
// closest to a tenth of the published time, 2^18 and 2^20 took 0.92 and
// 0.86 as long in all as a race in which the main search ran alone on one
// goroutine and started again on every one after 2^18 nodes; 2^20 cost
// the ASP boards, which the main search decides alone, a tenth more time,
// and 2^18 nothing. With 2^18, the run 19-15-45 of the Excluded Diagonals
// benchmark, whose first solution the lexicographic search meets after
// 280,828 nodes and the main one after 579,345, took 0.118 of the
// published time, and with 2^19 0.075; the 400 ASP boards took 8.9 s in
// all against 8.3 s, the slowest 0.027 of Lingeling's time against 0.026.
const raceBudget = 1 << 19

// raceDives is the number of random dives with which a race estimates
// the size of each of its two searches (see estimate): about 35 µs for
// both on a board of 18 columns (55 to 80 µs for 40 dives, timed within
// races on a slow spell of the machine). Three runs of the 47,301 CSPLib
// Excluded Diagonals runs published at 10 ms or more with 50 dives and
// no main search first (see race), alternated with three with 100 dives
// after 2,048 nodes of the main search, left 38, 31 and 20 over a tenth
// of the published time against 45, 45 and 56, in as long in all; on
// the 3,226 runs closest to a tenth, 12 and 13 against 24 and 47, and
// with 100 dives 15 and 14. On the runs published at 3 to 10 ms, where
// a tenth is 0.3 to 1 ms, the dives' time counts: with the grace and the
// band of today (raceGrace, lexBandShare), on the 22 or 23 of them then
// closest to a tenth, the slowest took 0.095 of the published time with
// 30 dives, 0.096 with 40 and 0.103 with 50 (one run each, best of
// five); with 20, and a grace of 4,096 nodes, 18-14-665 took 0.126. But
// 30 dives left 17-14-488 at 0.094 of its 44 ms, where 40 and 50 leave
// it under 0.085.
//
// With the early phase (see raceEarly), the dives come after the grace,
// while the lexicographic search has the other goroutines only, and
// fewer pay. Alternated twice on two cores, 24, 32 and 40 dives left 44
// and 42, 39 and 40, and 47 and 43 of the 107,673 runs published at one
// and two milliseconds over a tenth of the published time; of the
// 85,701 at 3 to 10 ms, 9 and 10 (the slowest at 0.115 and 0.116), 10
// and 10 (0.120 and 0.118), and 11 and 11 (0.124 and 0.120); of the
// 47,301 at 10 ms or more, 1 and 2 over 0.085 (the slowest at 0.104 and
// 0.100), 3 and 3 (0.106 and 0.102), and 3 and 3 (0.106 and 0.101), in
// 40.9 and 40.7 s in all, 40.5 and 39.8 s, and 40.3 and 38.3 s; the
// ASP boards took 7.6 s with 24 and 40. With 16, on a faster spell of
// the machine, the slowest of the runs at 3 to 10 ms took 0.123 and
// 0.130 of the published time, where 24 left 0.112 and 0.117.
const raceDives = 24

// raceFirst is the number of nodes of the main search with which a race
// begins, alone on the calling goroutine, before anything else: about two
// microseconds, which decides the smallest instances without the cost of
// the race, and which the race throws away where it does not. That phase
// looks at its budget every raceFirst nodes rather than every checkNodes
// (see checkMask), so that it stops on it.
//
// It was checkNodes nodes, about eight microseconds that every race lost
// before it began, and that counted on the runs decided in about a tenth
// of a millisecond. On two cores, alternated, of the 107,673 CSPLib
// Excluded Diagonals runs published at one and two milliseconds (files 1
// to 100 of N = 20 and 21), 64 nodes left 17 to 20 over a tenth of the
// published time in nine runs, the slowest at 0.156 to 0.163, against 24
// to 26 with 256 nodes in six (0.165 to 0.179), 18 to 22 with 128, 19
// with 32 and 21 and 22 with none, in 0.59 s in all against 0.52 to 0.55
// s (0.55 with 128, 0.65 with 32, 0.87 with none); of the 2,532
// published at 0.000 s, against half a millisecond, 12 and 14 against 17
// and 18; of the 85,701 at 3 to 10 ms, none against one, in 1.35 s
// against 1.38 s; of the 47,301 at 10 ms or more, the slowest at 0.086
// and 0.085 against 0.090 and 0.088, in 34.1 and 34.0 s against 35.8 and
// 35.9 s; the 400 ASP boards took 6.7 s against 7.4 s. Sixteen instances
// of 14 columns decided one after the other on two goroutines
// (BenchmarkVariantsSolveMany) took 0.222 ms against 0.235 ms with 256
// nodes and 0.251 ms with none.
const raceFirst = 64

// raceEarly says whether the race gives the calling goroutine to the
// lexicographic search before the dives, for as long as the main search
// has its grace (see race), rather than dive first; the search goes on
// from where that phase left it (see pending). Runs that either search
// decides in about a tenth of a millisecond are then decided before the
// dives, about 0.06 ms of the calling goroutine on a board of 18
// columns; on longer runs each search has as many nodes by any time as
// before, for the lexicographic search takes the other goroutines
// during the dives instead of the calling one before them. On two
// cores, alternated twice on the same spell of the machine, the 107,673
// CSPLib Excluded Diagonals runs published at one and two milliseconds
// (of files 1 to 100 for N = 20 and 21; a tenth of them is 0.1 and
// 0.2 ms) left 60 and 45 over a tenth of the published time against 122
// and 125, in 0.67 and 0.65 s in all against 0.84 and 0.86 s; the 85,701
// published at 3 to 10 ms left 16 and 13 against 15 and 13, the slowest
// at 0.134 and 0.124 against 0.123 and 0.120, in 1.73 s in all against
// 1.95 s; the 47,301 published at 10 ms or more 4 and 4 over 0.085 of
// the published time against 3 and 5, in 43.0 and 42.4 s in all
// against 42.2 s, the slowest at 0.111 and 0.109 against 0.110 and
// 0.112; the 400 ASP boards took 8.69 and 8.78 s against 8.52 and 8.63
// s, the slowest at 0.027 of Lingeling's time. Where the main search
// kept the other goroutines during the dives instead, the runs at 3 to
// 10 ms left 19 and 18 over a tenth, and the ASP boards took 8.47 and
// 8.40 s.
const raceEarly = true

// raceLaneSteps is the number of steps of the lane search (see
// laneSearch) for which it takes the calling goroutine in the early phase
// of a race, where it takes the instance, in place of the lexicographic
// search: about 1.3 s, at about 9.4 ns a step of its sixteen lanes on one
// core of an AMD EPYC, while the main search keeps the other goroutines,
// grace or not. The lane search is the published solver's own search,
// and visits its nodes 35 to 40 times as fast (1.2 ns a node, against 41
// to 46 ns by the published nodes and times): where there is no
// solution it visits the same nodes, and so decides within about a
// thirtieth of the published time, however long that is, and where
// there is one mostly about as soon. The main search, whose propagation
// prunes most of the nodes of large trees, decides the others. Where the
// lanes have not decided within their steps, as on the hard boards of N =
// 25 to 30, whose plain trees no search finishes, the race goes on to the
// dives, and the lexicographic search starts from its root: the lanes
// have then cost the main search 1.3 s of one core.
//
// On two cores, of the 47,301 CSPLib Excluded Diagonals runs published
// at 10 ms or more (files 1 to 100 of N = 20 and 21), none is over a
// tenth of the published time, the slowest at 0.038, in 45.4 s in all.
// With fewer steps the lanes stop while they are on their way, and the
// searches after them start from their roots: with 2^15 steps (0.3 ms)
// the slowest was at 0.101, in 37.4 s; 2^17, 0.089 in 38.8 s; 2^19,
// 0.070 in 41.9 s; 2^20, 0.071 in 42.7 s; 2^22, 0.081 in 43.9 s; and
// with no limit 0.037 in 45.4 s. The time in all grows by a fifth, for
// the lanes keep a core that the main search would have used on the
// runs it decides. Of every run published at 3 ms or more (197,755), none
// is over a tenth, the slowest at 0.064, in 200.4 s in all, where with
// 2^15 steps one was, the slowest at 0.103, in 143.1 s; of the 118,471
// at one and two milliseconds none, the slowest at 0.075, in two runs.
const raceLaneSteps = 1 << 27

// raceEarlyCheck is how often, in nodes, the lexicographic search of the
// early phase (see raceEarly) looks whether to stop, where other searches
// look every checkNodes: once the main search, on another goroutine,
// decides or has had its grace, it stops within 64 nodes rather than 256,
// so that the calling goroutine goes on to return, or to the dives, up
// to about 5 µs sooner. The looks cost the search a quarter of a percent
// of its time (on 963 CSPLib Excluded Diagonals runs, alone on one core:
// 57.0 ms against 56.9 ms). On two cores, alternated, the
// 107,673 CSPLib Excluded Diagonals runs published at one and two
// milliseconds took 0.55 s in all against 0.59 s with a look every
// checkNodes (three runs each), and left as many over a tenth of the
// published time (15 to 18 against 16 and 17); the 85,701 at 3 to 10 ms
// took 1.28 s against 1.33 and 1.34 s, the slowest at 0.100 and 0.098
// against 0.099 and 0.101; the 2,532 published at 0.000 s, against half
// a millisecond, left 11 and 15 over a tenth against 12 and 15; sixteen
// instances of 14 columns decided one after the other
// (BenchmarkVariantsSolveMany) took 0.207 ms against 0.219 ms; the
// 47,301 runs at 10 ms or more and the 400 ASP boards took as long
// (33.8 s and 6.7 s in all).
const raceEarlyCheck = 64

// raceGrace is the number of nodes of the main search of a race,
// counted from its start, before it leaves its goroutines to the
// lexicographic search (see race and raceEarly): about 0.1 ms. Without
// the early phase, it kept one goroutine for as long where the
// estimates gave the lexicographic search the others, the dives' time
// included. The estimates of the whole trees say little about how soon
// a search meets a solution: of the CSPLib Excluded
// Diagonals runs closest to a tenth of the published time, many with a
// solution have the main search meet it within a few thousand nodes
// where the lexicographic search takes tens of thousands (16-11-193:
// 4,532 against 16,314), and many others the other way round
// (20-19-15: 518,666 against 15,068). A longer grace serves the first,
// and a shorter the second, for the lexicographic search on every
// goroutine meets its first solution about twice as soon as on one
// (best of twelve on two cores: 20-19-15 in 0.21 ms against 0.48 ms
// alone, 19-20-399 in 0.13 ms against 0.30 ms, 18-14-665 in 0.17 ms
// against 0.32 ms).
//
// It was 2^14 nodes, chosen on the runs published at 10 ms or more: on
// the 412 of them over a twentieth of the published time, a grace of
// 2^12, 2^13, 2^14 and 2^15 nodes took 0.83, 0.79, 0.76 and 0.75 as long
// in all as none, and left 2, 2, 1 and 6 runs over a tenth against 2.
// On the 85,701 runs published under 10 ms and at 3 ms or more (a
// tenth of them 0.3 to 1 ms), it left 15 and 16 over a tenth, the
// slowest at 0.141 (18-14-665: 0.42 ms against 3 ms), most of them runs
// that the lexicographic search decides while the main search keeps its
// grace. With the band (see lexBandShare) and 40 dives, on the 26 runs
// closest to a tenth, a grace of 2,048, 3,072, 4,096, 6,144 and 16,384
// nodes left the slowest at 0.098 and 0.099, 0.101 and 0.101, 0.102 and
// 0.102, 0.108 and 0.109, and 0.132 and 0.137 of the published time (two
// runs each, alternated, best of five); on the 85,701 runs, 2,048 left
// 18-14-222, whose main search meets a solution after 3,413 nodes, at
// 0.102. With 3,072, two runs of the 85,701 left none over a tenth, the
// slowest at 0.099 and 0.099, in 1.59 and 1.58 s in all against 1.59
// and 1.58 s; two of the 47,301 runs published at 10 ms or more left
// none either, the slowest at 0.093 and 0.092 against 0.086 and 0.087,
// in 35.1 and 34.9 s in all against 32.9 and 33.3 s; the 400 ASP boards
// took 7.07 s either way.
//
// With the early phase and a first phase of 64 nodes (see raceFirst),
// it is 4,096. Alternated on two cores, of the 107,673 runs published at
// one and two milliseconds, six runs with 4,096 left 14 to 17 over a
// tenth of the published time against 18 to 20 with 3,072 (22 and 22
// with 2,048, 18 with 6,144); of the 85,701 at 3 to 10 ms, the slowest
// at 0.099 to 0.101 in five runs (one over a tenth in two of them)
// against 0.095 to 0.098, in 1.33 s in all against 1.35 s; of the
// 2,532 published at 0.000 s, against half a millisecond, 15 and 12 over
// a tenth against 12 and 13; of the 47,301 at 10 ms or more, 33.8 and
// 33.7 s in all against 34.0 and 34.0 s, one run of each at 0.108 or
// 0.109 and the others under 0.087; the ASP boards 6.7 s either way.
const raceGrace = 4 << 10

// Where the estimate of the lexicographic search is at least lexTrail
// times that of the main search, it races for lexTrailBudget nodes
// rather than raceBudget, and then leaves its goroutine to the main
// search. Two full runs of the 47,301 CSPLib Excluded Diagonals runs
// published at 10 ms or more, on two cores, alternated with one
// without, took 37.9 s in all against 39.9 s; the 400 ASP boards took
// 7.3 s against 8.8 s. The budget was 2^15 nodes at first; once the
// searches had become faster, the run 20-23-31, whose lexicographic
// search needs 87,945 nodes, 2.9 ms alone, and the main one 315,426,
// with an estimate 5.3 times as large, was the slowest of all, at 0.090
// to 0.097 of the published time. Of the 5,644 runs whose estimates
// trail so, a model of the race from each search's time alone put the
// slowest at 0.35, 0.106, 0.115, 0.068 and 0.064 of the published time
// with budgets of 2^14 to 2^18; measured, twice each, alternated, with
// 2^17 they took 5.69 s in all against 5.06 s, the slowest at 0.065 of
// the published time against 0.090, and the ASP boards 7.3 s against
// 7.0 s (at most 0.025 of Lingeling's time).
const (
	lexTrail       = 4
	lexTrailBudget = 1 << 17
)

// The race gives every goroutine to the lexicographic search when its
// estimate is below lexLead times that of the main search (see
// lexShare), for lexShareFactor times its estimate, at least
// lexShareMin and at most lexShareMax nodes; the main search then has
// them all. They were chosen on two cores, on a model of the 47,301
// CSPLib Excluded Diagonals runs published at 10 ms or more, from the
// nodes and the estimates of both searches on each; full runs with a
// lead of 2, and with 50 or 200 dives, came within the machine's noise
// of these (29 to 109 runs over a tenth of the published time, against
// 29 to 67).
const (
	lexLead        = 1.6
	lexShareFactor = 4
	lexShareMin    = 1 << 12
	lexShareMax    = 1 << 20
)

// shareRaceBudget is the number of nodes for which the lexicographic
// search, once it has spent the budget of its share of every goroutine
// undecided, races on one goroutine against the main search on the
// others, before it leaves that one to the main search too. Knuth's
// estimate, the mean of a few dives, often falls well short of a tree
// whose nodes lie in a few deep subtrees that few dives reach: of the
// runs of the CSPLib Excluded Diagonals sets of N = 20 and 21, many
// that the lexicographic search decides in under a millisecond, such as
// 20-20-258 (6,390 nodes; estimate 222), spent their share and were left
// to the main search, which took 9 to 64 ms on both cores, up to 0.15
// of the published time: a full run of all 91,847 runs of N = 13 to 21
// published at 10 ms or more (every file of N = 20 and 21) left 8 over a
// tenth of it, the eight all without a solution. Racing on after the
// share, for as many nodes as a race gives it at first, the eight took
// 0.003 to 0.045 of the published time, and a full run left none over a
// tenth, the slowest at 0.086, in 128.6 s in all against 132.7 s. A
// model of the race from each search's nodes and time alone put the
// slowest of these 91,847 runs as close to a tenth with 2^19 or 2^20
// nodes, further from it with 2^17 or 2^18, or with the share's budget
// again, and took longest in all without a limit.
const shareRaceBudget = raceBudget

// lexBandShare is the share of lexShare, in nodes, where the estimate of
// the lexicographic search trails that of the main search, but by less
// than lexTrail: the band where the two used to race at once. There, as
// where it leads, it takes every goroutine once the main search has had
// its grace, which, with the dives, is about a tenth of a millisecond;
// it then races on one goroutine for shareRaceBudget more nodes, as it
// did from the start before, and the main search takes every goroutine
// after that. On the runs published at 3 to 10 ms, most of those over a
// tenth of the published time were runs that the lexicographic search
// decides where the estimates put it in the band: on two cores,
// 18-14-665 (estimates 10.8 and 3.3 million nodes; its first solution
// after 10,170 nodes, and the main search's after 19,400) took 0.42 ms,
// 0.14 of the published 3 ms, and with the band 0.28 to 0.30 ms. On the
// nine runs then slowest, with a grace of 2,048 nodes, a share of 2^13
// nodes left the slowest at 0.114 of the published time and one of 2^14
// at 0.093; on twelve, with a grace of 4,096, shares of 2^14 and 2^15
// both left it at 0.096 (best of five).
const lexBandShare = 1 << 14

// raceConfig is how a race runs: the defaults of race, and others for
// the tests.
type raceConfig struct {
	// lexBudget is the budget of nodes of the lexicographic search where
	// it races on one goroutine (0: no limit).
	lexBudget uint64
	// dives is the number of random dives into each search before the
	// race; 0: none, and the two searches race.
	dives int
	// share returns, for the estimates of the two searches, the nodes for
	// which the lexicographic search takes every goroutine, or 0 for a
	// race.
	share func(lexNodes, mainNodes float64) uint64
	// first is the number of nodes of the main search that the calling
	// goroutine searches alone before the race, give or take checkNodes
	// (0: none).
	first uint64
	// trailBudget, where not 0, is the budget of the lexicographic search
	// in place of lexBudget where its estimate trails (see lexTrail).
	trailBudget uint64
	// grace is the number of nodes the main search keeps a goroutine
	// for, give or take checkNodes, when the lexicographic search takes
	// the others (0: none).
	grace uint64
	// shareRace is the number of nodes for which the lexicographic
	// search races on one goroutine once it has spent the budget of its
	// share undecided (0: none; the main search then takes every
	// goroutine at once).
	shareRace uint64
	// ready, when not nil, holds the main search back until it is closed.
	ready <-chan struct{}
	// early says whether the lexicographic search takes the calling
	// goroutine until the main search has had its grace, before the
	// dives (which early needs, with a grace).
	early bool
	// lanes, where not 0, is the number of steps for which the lane
	// search takes the calling goroutine in the early phase instead of
	// the lexicographic search, where it takes the instance.
	lanes uint64
}

// laneSearch returns the lane search of the early phase of a race of
// in, or nil where the race has none: also where the processor lacks
// the AVX-512 lanes, without which the lane search, its pure-Go twin,
// takes about fourteen nanoseconds a node.
func (cfg *raceConfig) laneSearch(in *Instance) *laneSearch {
	if cfg.lanes == 0 || !haveLanesAVX512 {
		return nil
	}
	return newLaneSearch(in)
}

// lexShare is the share of raceConfig for race: the lexicographic search
// takes every goroutine where its estimated tree is less than lexLead
// times the main search's, for lexShareFactor times its estimate, and
// where it is less than lexTrail times, for lexBandShare nodes.
func lexShare(lexNodes, mainNodes float64) uint64 {
	switch {
	case lexNodes < lexLead*mainNodes:
		return uint64(min(max(lexShareFactor*lexNodes, lexShareMin), lexShareMax))
	case lexNodes < lexTrail*mainNodes:
		return lexBandShare
	}
	return 0
}

// race decides the instance in, whose search is base, on k ≥ 2 goroutines
// for Solve with AnySolution. It has two searches: the main one, and the
// lexicographic search (see searcher) of the transposed instance, which
// goes column by column, from the left, each column's squares from the
// top: the order of the classic column-by-column backtracking. The two
// orders are good on different instances: of the CSPLib Excluded
// Diagonals runs that take the main search longest, the other decides
// many several times sooner.
//
// After raceFirst nodes of the main search alone, the other k-1
// goroutines start on the main search, a shared search (see
// sharedSearch), and the calling goroutine on the lane search (see
// laneSearch), where it takes the instance, for raceLaneSteps steps,
// after which the race goes on to the dives below; elsewhere the calling
// goroutine takes the lexicographic search,
// until the main search has had its grace of raceGrace nodes (see
// raceEarly). The lexicographic search then hands all it has yet to
// search to a shared search, which the other goroutines take, where the
// main search pauses, while the calling goroutine estimates the size of
// both trees, with raceDives random dives into each (see estimate). A
// dive that meets a solution decides. Unless the estimate of the
// lexicographic search trails the main search's lexTrail times or more,
// the lexicographic search takes every goroutine for a budget of nodes
// (see lexShare: larger where its tree is the smaller, give or take
// lexLead, and lexBandShare otherwise); the main search goes on where it
// stopped once that budget is spent, racing on k-1 goroutines against
// the lexicographic search on one for shareRaceBudget more nodes of it,
// and then on every goroutine. Otherwise the two searches race: the
// lexicographic search keeps one goroutine for at most lexTrailBudget
// more nodes, and the main search takes the other k-1, and that one too
// once the lexicographic search has given up. The first search to find
// a solution, or that there is none, decides.
//
// Two searches that race on two cores take both cores for the one that
// decides, and on a virtual machine slow each other down: the race takes
// about 1.16 times as long as the faster search alone on one core, where
// a shared search on two takes 0.65 to 0.69 of it (medians over the 1,124
// CSPLib Excluded Diagonals runs closest to a tenth of the published
// time). On the instances without a solution the estimates predict which
// tree is the smaller on 95% of the runs (the logarithms of their ratio
// and of the true one correlate with 0.95). On those with one, a dive
// meets a solution on more than a third of the runs; on the others the
// estimates of the whole trees still choose, though they say less about
// how soon a search meets a solution. Two runs of the 47,301 CSPLib
// Excluded Diagonals runs published at 10 ms or more, alternated with
// two of the race alone, left 51 and 64 over a tenth of the published
// time against 131 and 153, in about as long in all.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	return base.raceWith(ctx, k, in, raceConfig{lexBudget: raceBudget, trailBudget: lexTrailBudget, dives: raceDives, share: lexShare, first: raceFirst, grace: raceGrace, shareRace: shareRaceBudget, early: raceEarly, lanes: raceLaneSteps})
}

// raceWith is race as cfg says. A cancelled ctx decides, with its error.
//
// Solve returns as soon as one search decides: the other stops within
// checkNodes nodes, on a board of its own. The other goroutines are
// helpers (see goHelper): a new goroutine may wait a while for a
// processor, where one has been idle, about a tenth of a millisecond on
// a virtual machine, and a helper that lingers after the race before
// takes the main search at once. The dives, and the lexicographic
// search, which decides many of the races that come close to a tenth of
// the published time, run on the calling goroutine and never wait. On
// the 412 CSPLib Excluded Diagonals runs over a twentieth of the
// published time, on two cores, the races took 0.95 as long in all with
// helpers as with new goroutines (0.788 s against 0.83 s, three runs of
// each, alternated), and the run 19-18-189, which the main search
// decides, 0.092 to 0.096 of the published time against 0.102 to 0.104.
//
// The main search is shared rather than split into units first: it then
// starts at once, with no probe to throw away, where a split would spend
// about half a millisecond on two goroutines before its units start.
// On six CSPLib Excluded Diagonals runs where the main search alone
// takes one to five milliseconds, less than the lexicographic search,
// the race took 0.6 to 0.95 as long (best of nine, alternated twice).
func (base *searcher) raceWith(ctx context.Context, k int, in *Instance, cfg raceConfig) runResult {
	if err := ctx.Err(); err != nil {
		return runResult{err: err}
	}
	if cfg.first > 0 {
		s := base.clone(ctx)
		s.first, s.budget = true, cfg.first
		if cfg.first < checkNodes {
			// It looks at its budget every power of two up to it.
			s.checkMask = 1<<(bits.Len64(cfg.first)-1) - 1
		}
		s.search()
		s.release()
		switch {
		case s.err == nil && s.found > 0:
			return runResult{sol: s.sol}
		case s.err == nil:
			return runResult{}
		case !errors.Is(s.err, errBudget):
			return runResult{err: s.err}
		}
	}
	main := newSharedSearch(ctx, base)
	defer main.cancel()
	lexCtx, stopLex := context.WithCancel(main.ctx)
	defer stopLex()
	// The early phase of the lexicographic search ends with the grace.
	earlyCtx, stopEarly := context.WithCancel(lexCtx)
	defer stopEarly()
	early := cfg.early && cfg.grace > 0 && cfg.dives > 0
	// While the lexicographic search takes the goroutines (lexOn), the
	// main search keeps one until it has visited cfg.grace nodes
	// (graceOver); once the share of the lexicographic search is spent,
	// the two race (racing), or the main search takes every goroutine.
	var seatsMu sync.Mutex
	lexOn, graceOver, racing := false, cfg.grace == 0, false
	if !graceOver {
		main.spent = func(int) {
			seatsMu.Lock()
			defer seatsMu.Unlock()
			graceOver = true
			stopEarly()
			if lexOn {
				main.setSeats(0)
			}
		}
		main.setBudgets([]uint64{cfg.grace})
	}
	// A goroutine works on the main search, and on the shared
	// lexicographic search while the main one has no seat for it, until
	// the one it works on is decided.
	var shared atomic.Pointer[sharedSearch] // the shared lexicographic search, once there is one
	work := func(sh *sharedSearch) {
		for sh != nil && sh.work() {
			if sh == main {
				sh = shared.Load()
			} else {
				sh = main
			}
		}
		// The lexicographic search decided: the main search, which may
		// still have goroutines, the calling one among them, stops.
		if sh != nil && sh != main {
			if _, decided := sh.result(); decided {
				main.cancel()
			}
		}
	}
	mainDone := make(chan struct{})
	goHelper(func() {
		defer close(mainDone)
		defer stopLex()
		if cfg.ready != nil {
			select {
			case <-cfg.ready:
			case <-main.ctx.Done():
			}
		}
		var others sync.WaitGroup
		for range k - 2 {
			others.Add(1)
			goHelper(func() {
				defer others.Done()
				work(main)
			})
		}
		work(main)
		others.Wait()
	})
	// The lexicographic search is made once it is needed: where the lane
	// search decides, never.
	var lex *searcher
	needLex := func() {
		if lex == nil {
			lex = newLexSearcher(in)
			lex.setContext(lexCtx)
			lex.first = true
		}
	}
	// newShared returns the shared lexicographic search, with units to
	// search (nil: all of it) and seats for seats goroutines, and makes it
	// the one that goroutines without a seat on the main search take.
	newShared := func(units [][]Square, seats int) *sharedSearch {
		sh := newSharedSearch(main.ctx, lex)
		if units != nil {
			sh.units = units
		}
		sh.spent = func(i int) {
			seatsMu.Lock()
			defer seatsMu.Unlock()
			lexOn = false
			if i == 0 && racing {
				// The share is over: the two race.
				main.setSeats(k - 1)
				sh.setSeats(1)
				return
			}
			main.setSeats(k)
			sh.setSeats(0)
		}
		sh.setSeats(seats)
		shared.Store(sh)
		return sh
	}
	// lexTakes gives the lexicographic search the goroutines of the main
	// search, which keeps one while its grace lasts; the caller holds
	// seatsMu.
	lexTakes := func() {
		lexOn = true
		if graceOver {
			main.setSeats(0)
		} else {
			main.setSeats(1)
		}
	}
	var sh *sharedSearch // the shared lexicographic search, once there is one
	if early {
		// Until the main search has had its grace, the lexicographic
		// search takes this goroutine; then the others, where the main
		// search leaves them, while this one dives.
		if ls := cfg.laneSearch(in); ls != nil {
			// The lane search takes this goroutine instead, for its
			// steps; the main search keeps the others, grace or not.
			decided := ls.run(lexCtx, cfg.lanes)
			sol := ls.sol
			ls.release()
			switch {
			case decided:
				return runResult{sol: sol}
			case lexCtx.Err() != nil: // decided, or the context is done
				awaitHelper(mainDone)
				return decision(ctx, nil, main)
			}
		} else {
			needLex()
			e := lex.clone(earlyCtx)
			e.checkMask = raceEarlyCheck - 1
			e.search()
			switch {
			case e.err == nil:
				e.release()
				return lexOutcome(e)
			case lexCtx.Err() != nil: // decided, or the context is done
				e.release()
				awaitHelper(mainDone)
				return decision(ctx, nil, main)
			}
			units := e.pending(lex)
			e.release()
			seatsMu.Lock()
			sh = newShared(units, k-1)
			lexTakes()
			seatsMu.Unlock()
		}
	}
	needLex()
	lexBudget := cfg.lexBudget
	var diveErr error // the dives stopped early: the race is decided, or the context done
	if cfg.dives > 0 {
		dive := lex.clone(lexCtx)
		lexNodes, found := dive.estimate(cfg.dives, 1)
		dive.release()
		if found {
			return runResult{sol: transposeSolution(dive.sol)}
		}
		diveErr = dive.err
		dive = base.clone(lexCtx)
		mainNodes, found := dive.estimate(cfg.dives, 2)
		dive.release()
		if found {
			return runResult{sol: dive.sol}
		}
		diveErr = cmp.Or(diveErr, dive.err)
		if diveErr == nil {
			if cfg.trailBudget > 0 && lexNodes >= lexTrail*mainNodes {
				lexBudget = cfg.trailBudget
			}
			budget := cfg.share(lexNodes, mainNodes)
			seatsMu.Lock()
			if sh == nil && budget > 0 {
				sh = newShared(nil, 0)
			}
			if sh != nil {
				// The budgets count from here.
				at := sh.nodes.Load()
				if budget > 0 {
					// The lexicographic search takes every goroutine, but
					// the one the main search keeps for its grace.
					racing = cfg.shareRace > 0
					budgets := []uint64{at + budget}
					if racing {
						budgets = append(budgets, at+budget+cfg.shareRace)
					}
					sh.setBudgets(budgets)
					sh.setSeats(k)
					lexTakes()
					seatsMu.Unlock()
					work(sh)
					return decision(ctx, sh, main)
				}
				// The two race: the lexicographic search on one of the
				// goroutines it has had since the dives, for lexBudget
				// nodes, and the main search on the others.
				sh.setBudgets([]uint64{at + max(lexBudget, 1)})
				lexOn = false
				main.setSeats(k - 1)
				sh.setSeats(1)
				seatsMu.Unlock()
				work(main)
				awaitHelper(mainDone)
				return decision(ctx, sh, main)
			}
			seatsMu.Unlock()
		}
	}
	if sh == nil && diveErr == nil {
		lex.nodes, lex.budget = 0, lexBudget
		lex.search()
		lex.release()
		switch {
		case lex.err == nil:
			return lexOutcome(lex)
		case errors.Is(lex.err, errBudget):
			work(main) // the main search has this goroutine too
		}
	}
	// The main search decides, or the context is done.
	awaitHelper(mainDone)
	return decision(ctx, sh, main)
}

// lexOutcome returns the outcome of a lexicographic search s that ran to
// its end: its solution, transposed, or none.
func lexOutcome(s *searcher) runResult {
	if s.found > 0 {
		return runResult{sol: transposeSolution(s.sol)}
	}
	return runResult{}
}

// decision returns the outcome of a race: that of lex, the shared
// lexicographic search or nil, when it is decided without an error, with
// its solution transposed; otherwise that of main when it is; otherwise
// the error of ctx, or that of main where ctx is not done. The main
// search may be undecided where ctx is done: paused while the
// lexicographic search had its goroutines, it has no outcome, and its
// empty one is not "no solution".
func decision(ctx context.Context, lex, main *sharedSearch) runResult {
	if lex != nil {
		if r, decided := lex.result(); decided && r.err == nil {
			if r.sol != nil {
				r.sol = transposeSolution(r.sol)
			}
			return r
		}
	}
	r, decided := main.result()
	if (!decided || r.err != nil) && ctx.Err() != nil {
		return runResult{err: ctx.Err()}
	}
	return r
}
