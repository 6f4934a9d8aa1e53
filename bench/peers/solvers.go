package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/queenslab/queens"
)

// The answers of a run.
const (
	ansSolution = "sol"
	ansNone     = "none"
	ansCount    = "count"
	ansTimeout  = "timeout"
	ansError    = "error"
)

// result is what one run of a solver on an instance gave.
type result struct {
	answer string
	count  uint64 // of ansCount
	wall   time.Duration
	sol    queens.Solution // of ansSolution, checked against the instance
	msg    string          // of ansError
}

// decided reports whether the run answered.
func (r result) decided() bool {
	return r.answer == ansSolution || r.answer == ansNone || r.answer == ansCount
}

// solver is queens or one of its peers: the processes of a run, a
// pipeline of commands, and how to read their output.
type solver struct {
	name  string
	bins  []string // the programs it needs, found on PATH
	count bool     // whether it counts
	cmds  func(f *files, count bool) [][]string
	read  func(f *files, out []byte, rc int, count bool) result
}

// solvers returns queens, run from the binary given, and the peers.
func solvers(queensBin, modelDir string) []*solver {
	lp, mzn := modelDir+"/queens.lp", modelDir+"/queens.mzn"
	return []*solver{{
		name:  "queens",
		count: true,
		cmds: func(f *files, count bool) [][]string {
			if count {
				return [][]string{{queensBin, "solve", "--instance", f.param, "--count", "--lang", "en"}}
			}
			return [][]string{{queensBin, "solve", "--instance", f.param, "--any", "--format", "cols", "--base", "0", "--lang", "en"}}
		},
		read: readQueens,
	}, {
		name: "cadical",
		bins: []string{"cadical"},
		cmds: func(f *files, _ bool) [][]string {
			return [][]string{{"cadical", "-q", f.cnf}}
		},
		read: readCaDiCaL,
	}, {
		name:  "clasp",
		bins:  []string{"gringo", "clasp"},
		count: true,
		cmds: func(f *files, count bool) [][]string {
			c := []string{"clasp", "1"}
			if count {
				c = []string{"clasp", "0", "-q"}
			}
			return [][]string{{"gringo", lp, f.lp}, c}
		},
		read: readClasp,
	}, {
		name:  "gecode",
		bins:  []string{"minizinc", "fzn-gecode"},
		count: true,
		cmds: func(f *files, count bool) [][]string {
			c := []string{"minizinc", "--solver", "gecode", mzn, f.dzn}
			if count {
				c = append(c, "-a", "-s")
			}
			return [][]string{c}
		},
		read: readGecode,
	}, {
		name: "cbc",
		bins: []string{"cbc"},
		cmds: func(f *files, _ bool) [][]string {
			return [][]string{{"cbc", f.mip, "solve", "solu", f.sol}}
		},
		read: readCBC,
	}}
}

// missing returns the programs of s not found on PATH.
func (s *solver) missing() []string {
	var out []string
	for _, b := range s.bins {
		if _, err := exec.LookPath(b); err != nil {
			out = append(out, b)
		}
	}
	return out
}

// run runs s on the instance with the files f, killing its processes at
// the limit, and checks a solution against the instance.
func (s *solver) run(in *queens.Instance, f *files, count bool, limit time.Duration, env []string) result {
	out, errOut, rc, wall, timedOut, err := pipeline(s.cmds(f, count), env, limit)
	var r result
	switch {
	case timedOut:
		r = result{answer: ansTimeout}
	case err != nil:
		r = result{answer: ansError, msg: err.Error()}
	default:
		r = s.read(f, out, rc, count)
	}
	r.wall = wall
	if r.answer == ansError && r.msg == "" {
		r.msg = fmt.Sprintf("exit status %d: %s", rc, firstLine(errOut))
	}
	if r.answer == ansSolution {
		if verr := in.Validate(r.sol); verr != nil {
			r = result{answer: ansError, wall: wall, msg: "an invalid solution: " + verr.Error()}
		}
	}
	return r
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return line
}

// pipeline runs the commands with each one's output the next one's
// input, all in one new process group, which is killed at the limit. The
// wall time runs from before the first start to after the last exit; rc
// is the last command's exit status.
func pipeline(cmds [][]string, env []string, limit time.Duration) (out, errOut []byte, rc int, wall time.Duration, timedOut bool, err error) {
	var stdout bytes.Buffer
	stderr := make([]bytes.Buffer, len(cmds)) // one each: they write at once
	procs := make([]*exec.Cmd, len(cmds))
	for i, c := range cmds {
		p := exec.Command(c[0], c[1:]...)
		p.Env = env
		p.Stderr = &stderr[i]
		p.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		procs[i] = p
	}
	procs[len(procs)-1].Stdout = &stdout
	var pipes []io.Closer
	for i := 0; i+1 < len(procs); i++ {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, nil, 0, 0, false, err
		}
		procs[i].Stdout, procs[i+1].Stdin = w, r
		pipes = append(pipes, r, w)
	}
	start := time.Now()
	pgid := 0
	started := 0
	for _, p := range procs {
		p.SysProcAttr.Pgid = pgid
		if err = p.Start(); err != nil {
			break
		}
		if pgid == 0 {
			pgid = p.Process.Pid
		}
		started++
	}
	// The parent's ends of the pipes go, so that each reader sees the end
	// of its input once its writer exits.
	for _, c := range pipes {
		c.Close()
	}
	var killed atomic.Bool
	var timer *time.Timer
	if pgid != 0 {
		timer = time.AfterFunc(limit, func() {
			killed.Store(true)
			syscall.Kill(-pgid, syscall.SIGKILL)
		})
		if err != nil { // a later command did not start: the rest go
			syscall.Kill(-pgid, syscall.SIGKILL)
		}
	}
	for i := range started {
		werr := procs[i].Wait()
		if i == len(procs)-1 {
			var ee *exec.ExitError
			if errors.As(werr, &ee) {
				rc = ee.ExitCode()
			} else if werr != nil && err == nil {
				err = werr
			}
		}
	}
	wall = time.Since(start)
	if timer != nil {
		timer.Stop()
	}
	for i := range stderr {
		errOut = append(errOut, stderr[i].Bytes()...)
	}
	return stdout.Bytes(), errOut, rc, wall, killed.Load(), err
}

// readQueens reads 'queens solve': exit status 0 with the columns from
// 0, or with the count; 1 with no solution.
func readQueens(_ *files, out []byte, rc int, count bool) result {
	text := strings.TrimSpace(string(out))
	switch {
	case count && (rc == 0 || rc == 1):
		n, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return result{answer: ansError, msg: fmt.Sprintf("cannot read the count %q", text)}
		}
		return result{answer: ansCount, count: n}
	case rc == 1:
		return result{answer: ansNone}
	case rc == 0:
		var sol queens.Solution
		for _, f := range strings.Fields(text) {
			c, err := strconv.Atoi(f)
			if err != nil {
				return result{answer: ansError, msg: fmt.Sprintf("cannot read the solution %q", text)}
			}
			sol = append(sol, c)
		}
		return result{answer: ansSolution, sol: sol}
	}
	return result{answer: ansError}
}

// readCaDiCaL reads the SAT competition's exit status (10 satisfiable,
// 20 unsatisfiable) and the model's "v" lines.
func readCaDiCaL(f *files, out []byte, rc int, _ bool) result {
	switch rc {
	case 20:
		return result{answer: ansNone}
	case 10:
	default:
		return result{answer: ansError}
	}
	n := len(f.vars)
	cols := map[int]int{}
	for _, q := range f.presets {
		cols[q.Row] = q.Col
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "v ") {
			continue
		}
		for _, lit := range strings.Fields(line[2:]) {
			v, err := strconv.Atoi(lit)
			if err != nil {
				return result{answer: ansError, msg: "cannot read the model"}
			}
			if v > 0 && v <= n {
				q := f.vars[v-1]
				if _, dup := cols[q.Row]; dup {
					return result{answer: ansError, msg: fmt.Sprintf("a model with two queens in row %d", q.Row)}
				}
				cols[q.Row] = q.Col
			}
		}
	}
	return result{answer: ansSolution, sol: rowsToSolution(cols)}
}

// rowsToSolution turns a map from row to column into a solution; a row
// without a queen gets column −1, which Validate refuses.
func rowsToSolution(cols map[int]int) queens.Solution {
	n := 0
	for r := range cols {
		n = max(n, r+1)
	}
	sol := make(queens.Solution, n)
	for r := range sol {
		c, ok := cols[r]
		if !ok {
			c = -1
		}
		sol[r] = c
	}
	return sol
}

var (
	atomRE   = regexp.MustCompile(`q\((\d+),(\d+)\)`)
	modelsRE = regexp.MustCompile(`(?m)^Models\s*:\s*(\d+)(\+?)`)
)

// readClasp reads clasp's exit status (10 a model, 20 none, 30 every
// model enumerated) and its "Answer:" line or its count of models.
func readClasp(_ *files, out []byte, rc int, count bool) result {
	if rc != 10 && rc != 20 && rc != 30 {
		return result{answer: ansError}
	}
	if count {
		m := modelsRE.FindSubmatch(out)
		if m == nil || len(m[2]) > 0 {
			return result{answer: ansError, msg: "clasp did not count every model"}
		}
		n, _ := strconv.ParseUint(string(m[1]), 10, 64)
		return result{answer: ansCount, count: n}
	}
	if rc == 20 {
		return result{answer: ansNone}
	}
	_, answer, ok := bytes.Cut(out, []byte("Answer: 1\n"))
	if !ok {
		return result{answer: ansError, msg: "clasp printed no model"}
	}
	line, _, _ := bytes.Cut(answer, []byte("\n"))
	cols := map[int]int{}
	for _, m := range atomRE.FindAllSubmatch(line, -1) {
		r, _ := strconv.Atoi(string(m[1]))
		c, _ := strconv.Atoi(string(m[2]))
		cols[r] = c
	}
	return result{answer: ansSolution, sol: rowsToSolution(cols)}
}

var nSolutionsRE = regexp.MustCompile(`(?m)^%%%mzn-stat: nSolutions=(\d+)`)

// readGecode reads MiniZinc's output: "q" and the columns of a solution
// and a line of dashes, "=====UNSATISFIABLE=====", or with every
// solution asked for the line of "=" that says the search is complete
// and the count in the statistics.
func readGecode(_ *files, out []byte, rc int, count bool) result {
	if rc != 0 {
		return result{answer: ansError}
	}
	unsat := bytes.Contains(out, []byte("=====UNSATISFIABLE====="))
	if count {
		switch {
		case unsat:
			return result{answer: ansCount}
		case !bytes.Contains(out, []byte("\n==========\n")):
			return result{answer: ansError, msg: "gecode did not finish the search"}
		}
		n := uint64(bytes.Count(out, []byte("\n----------\n")))
		if m := nSolutionsRE.FindSubmatch(out); m != nil {
			n, _ = strconv.ParseUint(string(m[1]), 10, 64)
		}
		return result{answer: ansCount, count: n}
	}
	if unsat {
		return result{answer: ansNone}
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != "q" {
			continue
		}
		var sol queens.Solution
		for _, s := range f[1:] {
			c, err := strconv.Atoi(s)
			if err != nil {
				return result{answer: ansError, msg: "cannot read the solution"}
			}
			sol = append(sol, c)
		}
		return result{answer: ansSolution, sol: sol}
	}
	return result{answer: ansError, msg: "gecode printed no solution"}
}

// readCBC reads the solution file CBC writes: a first line that starts
// with "Optimal" and the variables q_R_C that are 1, or one that says
// the programme is infeasible.
func readCBC(f *files, _ []byte, rc int, _ bool) result {
	data, err := os.ReadFile(f.sol)
	if rc != 0 || err != nil {
		return result{answer: ansError}
	}
	os.Remove(f.sol) // the next run must not read it
	first, rest, _ := strings.Cut(string(data), "\n")
	switch {
	case strings.HasPrefix(first, "Infeasible") || strings.HasPrefix(first, "Integer infeasible"):
		return result{answer: ansNone}
	case !strings.HasPrefix(first, "Optimal"):
		return result{answer: ansError, msg: "cbc: " + first}
	}
	cols := map[int]int{}
	for _, q := range f.presets {
		cols[q.Row] = q.Col
	}
	// The lines name the index, the variable, its value and its reduced
	// cost; zero is the LP file's variable fixed at 0.
	for _, line := range strings.Split(rest, "\n") {
		fs := strings.Fields(line)
		if len(fs) < 3 || fs[1] == "zero" {
			continue
		}
		v, err := strconv.ParseFloat(fs[2], 64)
		var r, c int
		if _, serr := fmt.Sscanf(fs[1], "q_%d_%d", &r, &c); err != nil || serr != nil {
			return result{answer: ansError, msg: fmt.Sprintf("cbc: cannot read %q", line)}
		}
		if v > 0.5 {
			if _, dup := cols[r]; dup {
				return result{answer: ansError, msg: fmt.Sprintf("cbc: two queens in row %d", r)}
			}
			cols[r] = c
		}
	}
	return result{answer: ansSolution, sol: rowsToSolution(cols)}
}
