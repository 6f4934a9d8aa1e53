package message

// The errors of the reader of verify, and of the JSON that verify, merge
// and the checkpoint read.
func init() {
	add(
		// JSON, as JSONError rephrases the errors of encoding/json.
		Entry{Key: "not valid JSON at byte %d", Zh: "第 %d 字节处不是有效的 JSON"},
		Entry{Key: "not valid JSON", Zh: "不是有效的 JSON"},
		Entry{Key: "the JSON ends too early", Zh: "JSON 提前结束"},
		Entry{Key: "%q must be %s, not %s", Zh: "%q 必须是%s，而不是%s"},
		Entry{Key: "the JSON must be %s, not %s", Zh: "JSON 必须是%s，而不是%s"},
		Entry{Key: "unknown key %s", Zh: "未知的键 %s"},
		Entry{Key: "a list of whole numbers", Zh: "整数列表"},
		Entry{Key: "a list", Zh: "列表"},
		Entry{Key: "a string", Zh: "字符串"},
		Entry{Key: "an object", Zh: "对象"},
		Entry{Key: "another value", Zh: "其他的值"},
		Entry{Key: "the number %s", Zh: "数 %s"},

		// The lines verify reads.
		Entry{Key: `JSON object with "n" %d but %s`, Zh: `JSON 对象的 "n" 是 %d，却有 %s`},
		Entry{Key: `JSON object without "cols"`, Zh: `JSON 对象没有 "cols"`},
		Entry{Key: "FEN holds a piece other than a queen: %q", Zh: "FEN 中有皇后以外的棋子：%q"},
		Entry{Key: "FEN rank %d has %s, not 8", Zh: "FEN 的第 %d 横排有 %s，而不是 8 格"},
		Entry{Key: "a FEN board has 8 ranks, this one %d", Zh: "FEN 棋盘有 8 个横排，这个有 %d 个"},
		Entry{Key: "unexpected %q in a FEN", Zh: "FEN 中出现意外的 %q"},
		Entry{Key: "board marks queens both with Q and with 1", Zh: "棋盘同时用 Q 和 1 标记皇后"},
		Entry{Key: "matrix holds both 1 and x", Zh: "矩阵中同时有 1 和 x"},
		Entry{Key: "a board %d squares wide and %d high: a board needs as many rows as columns", Zh: "棋盘宽 %d 格、高 %d 行：棋盘的行数必须等于列数"},
		Entry{Key: "%d squares", One: "%d square", Zh: "%d 格"},
		Entry{Key: "a board row of %d squares after rows of %d", Zh: "前面的行有 %[2]d 格，这一行却有 %[1]d 格"},
		Entry{Key: `cannot read %q: expected "(row,column)"`, Zh: `无法读取 %q：应为 "(row,column)"`},
		Entry{Key: `cannot read %q: expected "queen i in row r, column c"`, Zh: `无法读取 %q：应为 "queen i in row r, column c"`},
		Entry{Key: `cannot read %q: expected "皇后i在r行c列"`, Zh: `无法读取 %q：应为 "皇后i在r行c列"`},
		Entry{Key: "cannot read %q: expected the row of the queen in each column", Zh: "无法读取 %q：应为每一列中皇后所在的行"},
		Entry{Key: "a csv row of %d fields, its header of %d", Zh: "csv 行有 %d 个字段，而表头有 %d 个"},
		Entry{Key: "empty field or stray comma in a csv row", Zh: "csv 行中有空字段或多余的逗号"},
		Entry{Key: "number too large in a line of columns", Zh: "列号行中的数太大"},
		Entry{Key: "unexpected %q in a line of columns", Zh: "列号行中出现意外的 %q"},
		Entry{Key: "row %d holds no queen", Zh: "第 %d 行没有皇后"},
		Entry{Key: "a line of more than %d MiB: no solution is written on such a line but as columns", Zh: "一行超过 %d MiB：除了列号格式，没有哪种解会写成这么长的一行"},
		Entry{Key: "a board %d squares wide: boards up to %d squares wide are read; write larger ones as columns", Zh: "棋盘宽 %d 格：只读取宽度不超过 %d 格的棋盘；更大的棋盘请写成列号格式"},
		Entry{Key: "row %d holds %d queens", Zh: "第 %d 行有 %d 个皇后"},
	)
}
