package format

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrUnknownStyle is wrapped by the error of [NewStyle] for a name that is
// not one of [StyleNames].
var ErrUnknownStyle = errors.New("unknown style")

// style is the exact output of one program of the tutorials queens grew
// from, byte for byte but for the time some of them print at the end. Its
// words are the tutorial's own, in its language, whatever the language
// of the Options. A text takes its values with %d and %[k]d: a header
// the number of the solution; an end line the count, then N; an item of
// a line the position from 1, the value from 1 and the value from 0.
type style struct {
	name, help string
	begin      string // written first, even when no solution follows
	head       string // before each solution
	parts      []partStyle
	tail       string // after each solution
	end        string // after the last solution
	columns    bool   // the program places its queens column by column
	only8      bool   // its words hold the numbers of the 8×8 board
}

// partStyle is a board, when queen is set, or a line of numbers.
type partStyle struct {
	queen, empty, sep, rowEnd string

	prefix, item, itemSep, suffix string
	byColumn                      bool
}

// board returns the part of a board of queen and empty cells, each row
// ended by rowEnd.
func board(queen, empty, rowEnd string) partStyle {
	return partStyle{queen: queen, empty: empty, rowEnd: rowEnd}
}

// styles are the programs of the tutorials, in the order of the
// tutorials. Seed 003's second program is the solution format.
var styles = []style{
	{
		name: "000-1", help: "tutorial 000, method 1: boards of x and 0, each cell followed by a space, then the count",
		parts: []partStyle{board("x ", "0 ", "\n")}, tail: "\n", end: "%d\n",
	},
	{
		name: "000-2", help: `tutorial 000, method 2: "解答 k", then a board of " Q" and " ."`,
		head: "\n解答 %d\n", parts: []partStyle{board(" Q", " .", "\n")},
	},
	{
		name: "000-3", help: "tutorial 000, method 3: the columns from 1, each followed by a space, then the count",
		parts: []partStyle{{item: "%[2]d ", suffix: "\n"}}, end: "\n%d\n",
	},
	{
		name: "002", help: `tutorial 002: "第k种情况" and a matrix of cells three wide, then "共有k种摆放方法"`,
		head: "第%d种情况\n", parts: []partStyle{board("  1", "  0", "\n")}, end: "\n共有%d种摆放方法\n",
	},
	{
		name: "003a", help: "tutorial 003, first program: the 0/1 board, without spaces, in column order",
		parts: []partStyle{board("1", "0", "\n")}, columns: true,
	},
	{
		name: "004-1", help: `tutorial 004, code 1: "解答k = " and the queen array, then a board of Q and X`,
		begin: "开始解决8皇后算法问题\n",
		// The queen array of the program starts with its unused element 0.
		head:  "\n解答%d = ",
		parts: []partStyle{{prefix: "0,", item: "%[2]d,", suffix: "\n"}, board("Q", "X", "\n")},
		only8: true,
	},
	{
		name: "004-2", help: `tutorial 004, code 2: "方案k" and the sentences "皇后i在i行j列、"`,
		head: "\n方案%d\n", parts: []partStyle{{item: "皇后%[1]d在%[1]d行%[2]d列、", suffix: "\n"}},
		end: "\n详细方案如上所示，可行个数为:%d\n",
	},
	{
		name: "004-3", help: `tutorial 004, code 3: "以下是皇后在棋盘上的第k种方式的摆放" and a board of Q and X`,
		head: "\n以下是皇后在棋盘上的第%d种方式的摆放\n\n", parts: []partStyle{board("Q", "X", "\n")},
	},
	{
		name: "004-4", help: "tutorial 004, code 4: (column,row) pairs from 1, in column order",
		parts: []partStyle{{item: "(%[1]d,%[2]d)  ", suffix: "\n", byColumn: true}}, columns: true,
	},
	{
		name: "004-5", help: `tutorial 004, code 5: "皇后摆放第k种方案:" and the columns from 1 (8×8 only)`,
		// The program ends each line of columns when it begins the next
		// solution, and leaves its last line open; here every line ends.
		begin: "////////////////////////////八皇后问题////////////////////////////////\n在8行8列的棋盘上放置8个皇后,皇后可吃掉与她处于同行或同列或同一对角线上的其他棋子,使任一个皇后都不能吃掉其他的7个皇后共有92种方法\n\n",
		head:  "皇后摆放第%d种方案:\n行分别为1 2 3 4 5 6 7 8 列分别为\n",
		parts: []partStyle{{item: "%[2]d ", suffix: "\n"}},
		only8: true,
	},
	{
		name: "004-6", help: `tutorial 004, code 6: "第k种走法" and the board turned about its diagonal, of 0 and +`,
		head: "第%d种走法  \n", parts: []partStyle{board("0 ", "+ ", " \n")}, columns: true,
		end: "%[2]d皇后问题有%[1]d种摆放方法。\n",
	},
}

// StyleNames returns the names of the styles of the tutorials' programs,
// such as "000-1" for tutorial 000, method 1 and "004-2" for tutorial 004, code 2.
func StyleNames() []string {
	names := make([]string, len(styles))
	for i, s := range styles {
		names[i] = s.name
	}
	return names
}

// DescribeStyle returns a one-line description of the named style, or ""
// for an unknown name.
func DescribeStyle(name string) string {
	if i := styleIndex(name); i >= 0 {
		return styles[i].help
	}
	return ""
}

// NewStyle returns a Writer that writes to w what the named program of
// the tutorials prints, given the solutions in lexicographic order: the
// styles of the programs that place their queens column by column write
// each solution turned about the main diagonal, which lists them in the
// program's order. Of the options it takes only N. It returns an error
// wrapping [ErrUnknownStyle] for an unknown name, and one wrapping
// [queens.ErrSize] when the style cannot show the size opts.N.
func NewStyle(name string, w io.Writer, opts Options) (Writer, error) {
	i := styleIndex(name)
	if i < 0 {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownStyle, name, strings.Join(StyleNames(), ", "))
	}
	st := &styles[i]
	if st.only8 && opts.N != 0 && opts.N != 8 {
		return nil, errOnly8(name, opts.N)
	}
	o := &out{w: w, buf: make([]byte, 0, bufSize)}
	o.buf = append(o.buf, st.begin...)
	lw := &layoutWriter{
		out: o, head: compile(st.head, 0), tail: st.tail,
		end: compile(st.end, 0, 1), columns: st.columns, only8: st.only8, styleFor: name, n: opts.N,
	}
	lw.endOne = lw.end
	for _, p := range st.parts {
		if p.queen != "" {
			lw.parts = append(lw.parts, part{grid: &grid{queen: p.queen, empty: p.empty, sep: p.sep, rowEnd: p.rowEnd}})
			continue
		}
		lw.parts = append(lw.parts, part{line: &line{
			prefix: p.prefix, item: compile(p.item, 0, 1, 2), sep: p.itemSep, suffix: p.suffix, byColumn: p.byColumn,
		}})
	}
	return lw, nil
}

// styleIndex returns the index of the named style, or -1.
func styleIndex(name string) int {
	for i, s := range styles {
		if s.name == name {
			return i
		}
	}
	return -1
}

// errOnly8 returns the error of a style of the 8×8 board given another
// size.
func errOnly8(name string, n int) error {
	return &sizeError{fmt.Sprintf("style %s prints the words of the 8×8 board, not of %d×%d", name, n, n)}
}
