package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/message"
)

// TestLangErrorsInChinese runs bad input of every kind with --lang zh and
// fails when an error or a hint still has English words in it, or when the
// exit code is not that of bad input (2) or of a definite no (1).
func TestLangErrorsInChinese(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		t.Setenv(v, "")
	}
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(path(name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	quiet := func(args ...string) {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut.String())
		}
	}

	// Instance files, each wrong in one way.
	instances := map[string]string{
		"unclosed":     "n = 8\nblocks = [[1,2]\n",
		"zero":         "letting n = 0\n",
		"parameter":    "n = 4\nfoo = 3\n",
		"attack":       "n = 8\ninit = [[0,0],[1,1]]\n",
		"twice":        "n = 8\nn = 9\n",
		"offboard":     "n = 8\nblocks = [[9,9]]\n",
		"notlist":      "n = 8\nblocks = 3\n",
		"notpair":      "n = 8\nblocks = [[1]]\n",
		"noequals":     "n\n",
		"minus":        "n = -\n",
		"character":    "n = 8 @\n",
		"kind":         "n = 8\ndiags = [[3, 5]]\n",
		"diagonal":     "n = 8\ndiags = [[30, 1]]\n",
		"numdiags":     "n = 8\nnumdiags = 1\n",
		"numdiagslong": "n = 8\ndiags = [[3, 1]]\nnumdiags = 5\n",
		"nosize":       "blocks = []\n",
		"large":        "n = 99999999999999999999\n",
		"value":        "n == 8\n",
		"queens":       "n = 8\ninit = [[0,0]]\n",
	}
	for name, content := range instances {
		write(name+".param", content)
	}

	// Checkpoints: one of another count, a damaged one, a file that is none.
	quiet("count", "6", "--quiet", "--checkpoint", path("six.ckpt"))
	six, err := os.ReadFile(path("six.ckpt"))
	if err != nil {
		t.Fatal(err)
	}
	write("damaged.ckpt", string(six)+"garbage\n{\"unit\":1}\n")
	write("other.ckpt", "hello\n")
	if err := os.Mkdir(path("dir.ckpt"), 0o755); err != nil {
		t.Fatal(err)
	}

	// Part files: two halves of one count, a part of another, an edited one.
	quiet("count", "10", "--shard", "0/2", "-o", path("p0.json"))
	quiet("count", "10", "--shard", "1/2", "-o", path("p1.json"))
	quiet("count", "9", "--shard", "0/1", "-o", path("p9.json"))
	p0, err := os.ReadFile(path("p0.json"))
	if err != nil {
		t.Fatal(err)
	}
	write("edited.json", strings.Replace(string(p0), `"total": `, `"total": 1`, 1))
	write("broken.json", `{"format":"queens-part"`)
	write("foreign.json", `{"format":"other"}`)
	if err := os.Mkdir(path("out"), 0o755); err != nil {
		t.Fatal(err)
	}

	// Solutions: a line with a column off the board, two queens that attack.
	write("offboard.txt", "1 9 3 4\n")
	write("attack.txt", "1 2 3 4\n")
	// Lines verify cannot read, one of each kind of error.
	badLines := map[string]string{
		"json-count": `{"n":4,"cols":[0,0]}`, "json-nocols": `{"n":4}`, "json-type": `{"n":4,"cols":"x"}`,
		"json-ntype": `{"n":"a","cols":[0]}`, "json-end": `{"n":4,"cols":[0,`, "json-syntax": `{"n":4 x}`,
		"json-float": `{"n":4,"cols":[1.5]}`, "csv-fields": "index,c1,c2\n1,2", "csv-comma": "1,,2",
		"board-short": "Qx..", "board-row": "Q..\n.Q", "board-q1": "Q1\n..", "cols-large": "1 99999999999999999999",
		"cols-char": "1 2 a", "fen-char": "q7/8/8/8/8/8/8/9 w - - 0 1", "fen-piece": "k7/8/8/8/8/8/8/8 w - - 0 1",
		"fen-ranks": "q7/8/8 w - - 0 1", "fen-rank": "q6/8/8/8/8/8/8/8 w - - 0 1", "pairs": "(1,2) (x",
		"sentence": "queen 1 in row 1, col", "row-queens": "qqqqqqqq/8/8/8/8/8/8/8 w - - 0 1",
	}
	for name, line := range badLines {
		write(name+".txt", line+"\n")
	}

	files := []string{"none.param", "six.ckpt", "damaged.ckpt", "other.ckpt", "dir.ckpt", "p0.json", "p1.json", "p9.json", "edited.json", "broken.json", "foreign.json", "none.json", "none/part.json", "out", "offboard.txt", "attack.txt"}
	for name := range badLines {
		files = append(files, name+".txt")
	}
	for name := range instances {
		files = append(files, name+".param")
	}
	// The longest first, so that no path is replaced within another.
	slices.SortFunc(files, func(a, b string) int { return len(b) - len(a) })

	cases := []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string // a piece of the Chinese error, when it is worth checking
		// hint is the hint of the command line, a key of its catalogue: the
		// hint is not checked while the catalogue lacks it.
		hint string
	}{
		{"N not a number", []string{"count", "abc"}, nil, 2, "N 必须是", ""},
		{"N zero", []string{"count", "0"}, nil, 2, "", ""},
		{"N negative", []string{"count", "-1"}, nil, 2, "", ""},
		{"N too large for list", []string{"list", "99"}, nil, 2, "", ""},
		{"N too large for trace", []string{"trace", "99"}, nil, 2, "", ""},
		{"N by LANG", []string{"count", "abc"}, map[string]string{"LANG": "zh_CN.UTF-8"}, 2, "N 必须是", ""},
		{"square off the board", []string{"solve", "8", "--with", "z9"}, nil, 2, "无效的格子", ""},
		{"pair off the board", []string{"solve", "8", "--with", "9:1"}, nil, 2, "在 8×8 棋盘之外", ""},
		{"square not a square", []string{"solve", "8", "--with", "bogus"}, nil, 2, "无效的格子", ""},
		{"chess square on a large board", []string{"solve", "30", "--with", "a1"}, nil, 2, "26×26", ""},
		{"square twice", []string{"solve", "8", "--with", "a1,a1"}, nil, 2, "给出了两次", ""},
		{"queens that attack", []string{"solve", "8", "--with", "a1,b2"}, nil, 2, "互相攻击", ""},
		{"queens in a row", []string{"solve", "8", "--with", "1:1,1:5"}, nil, 2, "同一行", ""},
		{"queens in a column", []string{"solve", "8", "--with", "1:1,5:1"}, nil, 2, "同一列", ""},
		{"diagonal off the board", []string{"solve", "8", "--exclude", "sum:99"}, nil, 2, "无效的对角线", ""},
		{"diagonal not a diagonal", []string{"solve", "8", "--exclude", "foo"}, nil, 2, "无效的对角线", ""},
		{"blocked diagonal off the board", []string{"solve", "8", "--block", "a1", "--exclude", "diff:99"}, nil, 2, "", ""},
		{"no completion", []string{"solve", "3", "--with", "a1"}, nil, 1, "", ""},
		{"no solution", []string{"solve", "2"}, nil, 1, "无解", ""},
		{"instance: missing file", []string{"solve", "--instance", path("none.param")}, nil, 2, "", ""},
		{"instance: unclosed list", []string{"solve", "--instance", path("unclosed.param")}, nil, 2, "文件末尾", ""},
		{"instance: n zero", []string{"solve", "--instance", path("zero.param")}, nil, 2, ":1:13：", ""},
		{"instance: unknown parameter", []string{"solve", "--instance", path("parameter.param")}, nil, 2, "未知的参数", ""},
		{"instance: presets attack", []string{"solve", "--instance", path("attack.param")}, nil, 2, "互相攻击", ""},
		{"instance: given twice", []string{"solve", "--instance", path("twice.param")}, nil, 2, "给出了两次", ""},
		{"instance: block off the board", []string{"solve", "--instance", path("offboard.param")}, nil, 2, "[9,9]", ""},
		{"instance: blocks not a list", []string{"solve", "--instance", path("notlist.param")}, nil, 2, "", ""},
		{"instance: not a pair", []string{"solve", "--instance", path("notpair.param")}, nil, 2, "", ""},
		{"instance: no equals sign", []string{"solve", "--instance", path("noequals.param")}, nil, 2, "", ""},
		{"instance: minus sign", []string{"solve", "--instance", path("minus.param")}, nil, 2, "负号", ""},
		{"instance: character", []string{"solve", "--instance", path("character.param")}, nil, 2, "'@'", ""},
		{"instance: kind of diagonal", []string{"solve", "--instance", path("kind.param")}, nil, 2, "", ""},
		{"instance: diagonal off the board", []string{"solve", "--instance", path("diagonal.param")}, nil, 2, "", ""},
		{"instance: numdiags alone", []string{"solve", "--instance", path("numdiags.param")}, nil, 2, "", ""},
		{"instance: numdiags too long", []string{"solve", "--instance", path("numdiagslong.param")}, nil, 2, "", ""},
		{"instance: no size", []string{"solve", "--instance", path("nosize.param")}, nil, 2, "", ""},
		{"instance: number too large", []string{"solve", "--instance", path("large.param")}, nil, 2, "", ""},
		{"instance: not a value", []string{"solve", "--instance", path("value.param")}, nil, 2, "", ""},
		{"instance: too few diagonals", []string{"solve", "--instance", path("queens.param"), "--diagonals", "3"}, nil, 2, "", ""},
		{"convert: diags of presets", []string{"convert", "--to", "diags", path("queens.param")}, nil, 2, "无效的输出格式", ""},
		{"checkpoint of another count", []string{"count", "8", "--quiet", "--checkpoint", path("six.ckpt")}, nil, 2, "检查点属于另一次计数", ""},
		{"damaged checkpoint", []string{"count", "6", "--quiet", "--checkpoint", path("damaged.ckpt")}, nil, 2, "检查点已损坏", ""},
		{"not a checkpoint", []string{"count", "8", "--quiet", "--checkpoint", path("other.ckpt")}, nil, 2, "不是 queens 的检查点", ""},
		{"checkpoint a directory", []string{"count", "8", "--quiet", "--checkpoint", path("dir.ckpt")}, nil, 2, "目录", ""},
		{"shard index too large", []string{"count", "8", "--shard", "3/2"}, nil, 2, "无效的分片", ""},
		{"shard not a number", []string{"count", "8", "--shard", "x"}, nil, 2, "无效的分片", "try --shard 0/4 for the first of four shards"},
		{"shard count zero", []string{"count", "8", "--shard", "0/0"}, nil, 2, "", "try --shard 0/4 for the first of four shards"},
		{"shard without index", []string{"count", "8", "--shard", "8"}, nil, 2, "", "try --shard 0/4 for the first of four shards"},
		{"shard index from the environment", []string{"count", "8", "--shard", "8"}, map[string]string{"SLURM_ARRAY_TASK_ID": "9"}, 2, "取自 $SLURM_ARRAY_TASK_ID", "try --shard 0/4 for the first of four shards"},
		{"worker: bad NATS URL", []string{"worker", "--nats", "bogus://x:1"}, nil, 2, "无效的 NATS URL", ""},
		{"worker: NATS URL without host", []string{"worker", "--nats", "nats://"}, nil, 2, "没有指定主机", ""},
		{"cluster: bad NATS URL", []string{"count", "8", "--cluster", "--nats", "bogus://x"}, nil, 2, "", ""},
		{"cluster: bad listen address", []string{"count", "8", "--cluster", "--listen", "nope"}, nil, 2, "无效的监听地址", ""},
		{"max-memory: unknown unit", []string{"count", "8", "--max-memory", "12Q"}, nil, 2, "未知的单位", ""},
		{"max-memory: not a size", []string{"count", "8", "--max-memory", "abc"}, nil, 2, "不是大小", ""},
		{"max-memory: too large", []string{"count", "8", "--max-memory", "99999999999T"}, nil, 2, "太大", ""},
		{"max-memory: too little", []string{"count", "20", "--quiet", "--max-memory", "1K"}, nil, 2, "内存不足", ""},
		{"verify: column off the board", []string{"verify", path("offboard.txt")}, nil, 1, "", ""},
		{"verify: queens that attack", []string{"verify", path("attack.txt")}, nil, 1, "", ""},
		{"merge: missing part", []string{"merge", path("none.json")}, nil, 2, "", ""},
		{"merge: missing shard", []string{"merge", path("p0.json")}, nil, 2, "缺少单元", ""},
		{"merge: parts of different counts", []string{"merge", path("p0.json"), path("p9.json")}, nil, 2, "不同的计数", "merge the parts of one count, made by one version of queens"},
		{"merge: edited part", []string{"merge", path("edited.json"), path("p1.json")}, nil, 2, "校验和", ""},
		{"merge: broken part", []string{"merge", path("broken.json")}, nil, 2, "不是有效的部分文件", ""},
		{"merge: not a part", []string{"merge", path("foreign.json")}, nil, 2, "不是有效的部分文件", ""},
		{"merge: a checkpoint", []string{"merge", path("six.ckpt")}, nil, 2, "未知的键", ""},
		{"shard: output a directory", []string{"count", "8", "--shard", "0/2", "-o", path("out")}, nil, 2, "无法写入", ""},
		{"shard: output in no directory", []string{"count", "8", "--shard", "0/2", "-o", path("none/part.json")}, nil, 2, "没有那个文件或目录", ""},
		{"instance without a solution", []string{"solve", "3", "--block", "a1"}, nil, 1, "无解", ""},
		{"unknown algorithm", []string{"count", "8", "--algo", "nope"}, nil, 2, "未知的算法", ""},
	}
	for name := range badLines {
		code := 2
		if name == "row-queens" {
			code = 1 // a placement, invalid
		}
		cases = append(cases, cases[0])
		c := &cases[len(cases)-1]
		c.name, c.args, c.env, c.code, c.want, c.hint = "verify: "+name, []string{"verify", path(name + ".txt")}, nil, code, "", ""
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.hint != "" && !message.Has(c.hint) {
				t.Errorf("the hint %q is not in the catalogue", c.hint)
			}
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			args := c.args
			if _, byLocale := c.env["LANG"]; !byLocale {
				args = append(append([]string(nil), args...), "--lang", "zh")
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var out, errOut bytes.Buffer
			code := run(ctx, args, strings.NewReader(""), &out, &errOut)
			stderr := errOut.String()
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s", code, c.code, stderr)
			}
			if !strings.Contains(stderr, "queens: 错误：") {
				t.Errorf("no error in Chinese:\n%s", stderr)
			}
			if c.want != "" && !strings.Contains(stderr, c.want) {
				t.Errorf("the error lacks %q:\n%s", c.want, stderr)
			}
			// The paths of the files are values: they stay as they are.
			text := stderr
			for _, name := range files {
				text = strings.ReplaceAll(text, path(name), "FILE")
			}
			for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
				rest := strings.TrimPrefix(line, "queens: ")
				if w := message.EnglishWords(rest); len(w) > 0 {
					t.Errorf("English words %q left in %q", w, line)
				}
			}
		})
	}
}
