package message

// The words of the human output formats (board, matrix, sentences) and
// the descriptions of the formats, glyphs and tutorial styles.
func init() {
	add(
		// The header of each solution and the total line. The total line
		// keeps its newline in the key: its Chinese differs from that of
		// the count "%d solutions" in other sentences.
		Entry{Key: "Solution %d", Zh: "第%d种情况"},
		Entry{Key: "%d solutions\n", One: "%d solution\n", Zh: "共有%d种摆放方法\n"},
		Entry{Key: "%d unique solutions\n", One: "%d unique solution\n", Zh: "共有%d种本质不同的摆放方法\n"},
		Entry{Key: "%d solutions listed\n", One: "%d solution listed\n", Zh: "列出了%d种摆放方法\n"},
		Entry{Key: "%d unique solutions listed\n", One: "%d unique solution listed\n", Zh: "列出了%d种本质不同的摆放方法\n"},
		// One sentence per queen: its number, its row, its column.
		Entry{Key: "queen %d in row %d, column %d", Zh: "皇后%d在%d行%d列"},
		// What stands between the sentences of one solution.
		Entry{Key: "; ", Zh: "、"},

		// The legend under a board with preset queens or blocked squares.
		Entry{Key: "%s preset queen, %s placed by the search", Zh: "%s 预设的皇后，%s 搜索放下的皇后"},
		Entry{Key: "%s preset queen, %s placed by the search, %s blocked square", Zh: "%s 预设的皇后，%s 搜索放下的皇后，%s 禁放的格子"},
		Entry{Key: "%s queen, %s blocked square", Zh: "%s 皇后，%s 禁放的格子"},

		// The formats.
		Entry{Key: "a board of Q and . per solution, numbered, then the total", Zh: "每个解一个由 Q 和 . 组成的棋盘，带编号，最后是总数"},
		Entry{Key: "a grid of 0 and 1 (a queen) per solution, numbered, then the total", Zh: "每个解一个由 0 和 1（皇后）组成的方阵，带编号，最后是总数"},
		Entry{Key: "a line of columns per solution, from 1 (from 0 with --base 0)", Zh: "每个解一行列号，从 1 数起（--base 0 时从 0 数起）"},
		Entry{Key: "queen 1 in row 1, column 1; … per solution, numbered, then the total", Zh: "每个解一句“皇后1在1行1列、…”，带编号，最后是总数"},
		Entry{Key: `"Solution: " and the row of the queen in each column, from 0; listed column by column`, Zh: `每个解一行 "Solution: " 和每一列皇后所在的行号，从 0 数起；按列的顺序列出`},
		Entry{Key: `a line {"n":8,"index":1,"cols":[0,4,7,5,2,6,1,3]}; columns from 0`, Zh: `每个解一行 {"n":8,"index":1,"cols":[0,4,7,5,2,6,1,3]}；列号从 0 数起`},
		Entry{Key: "a header index,c1,…,cN, then a row per solution; columns as cols", Zh: `先是表头 "index,c1,…,cN"，然后每个解一行；列号同 cols`},
		Entry{Key: "a chess FEN line per solution, white queens, rank 8 first (8×8 only)", Zh: "每个解一行国际象棋 FEN，白后，从第 8 横排开始（仅限 8×8）"},
		Entry{Key: "one SVG picture: the board, or a grid of up to %d boards", Zh: "一幅 SVG 图：一个棋盘，或最多 %d 个棋盘排成的网格"},

		// The glyphs of the board.
		Entry{Key: "Q for a queen, . for an empty square", Zh: "Q 表示皇后，. 表示空格"},
		Entry{Key: "x for a queen, 0 for an empty square", Zh: "x 表示皇后，0 表示空格"},
		Entry{Key: "Q for a queen, X for an empty square", Zh: "Q 表示皇后，X 表示空格"},
		Entry{Key: "0 for a queen, + for an empty square", Zh: "0 表示皇后，+ 表示空格"},
		Entry{Key: "♛ for a queen, · for an empty square", Zh: "♛ 表示皇后，· 表示空格"},

		// The styles of the tutorials.
		Entry{Key: "tutorial 000, method 1: boards of x and 0, each cell followed by a space, then the count", Zh: "教程 000 方法一：由 x 和 0 组成的棋盘，每格后跟一个空格，最后是个数"},
		Entry{Key: `tutorial 000, method 2: "解答 k", then a board of " Q" and " ."`, Zh: `教程 000 方法二："解答 k"，然后是由 " Q" 和 " ." 组成的棋盘`},
		Entry{Key: "tutorial 000, method 3: the columns from 1, each followed by a space, then the count", Zh: "教程 000 方法三：从 1 数起的列号，每个后跟一个空格，最后是个数"},
		Entry{Key: `tutorial 002: "第k种情况" and a matrix of cells three wide, then "共有k种摆放方法"`, Zh: `教程 002："第k种情况"和每格三个字符宽的 0/1 方阵，最后是"共有k种摆放方法"`},
		Entry{Key: "tutorial 003, first program: the 0/1 board, without spaces, in column order", Zh: "教程 003 第一个程序：不带空格的 0/1 棋盘，按列的顺序"},
		Entry{Key: `tutorial 004, code 1: "解答k = " and the queen array, then a board of Q and X`, Zh: `教程 004 代码1："解答k = "和皇后数组，然后是由 Q 和 X 组成的棋盘`},
		Entry{Key: `tutorial 004, code 2: "方案k" and the sentences "皇后i在i行j列、"`, Zh: `教程 004 代码2："方案k"和句子"皇后i在i行j列、"`},
		Entry{Key: `tutorial 004, code 3: "以下是皇后在棋盘上的第k种方式的摆放" and a board of Q and X`, Zh: `教程 004 代码3："以下是皇后在棋盘上的第k种方式的摆放"和由 Q 和 X 组成的棋盘`},
		Entry{Key: "tutorial 004, code 4: (column,row) pairs from 1, in column order", Zh: "教程 004 代码4：从 1 数起的（列,行）对，按列的顺序"},
		Entry{Key: `tutorial 004, code 5: "皇后摆放第k种方案:" and the columns from 1 (8×8 only)`, Zh: `教程 004 代码5："皇后摆放第k种方案:"和从 1 数起的列号（仅限 8×8）`},
		Entry{Key: `tutorial 004, code 6: "第k种走法" and the board turned about its diagonal, of 0 and +`, Zh: `教程 004 代码6："第k种走法"和沿对角线翻转的、由 0 和 + 组成的棋盘`},
		// The help of the format flags of list and solve.
		Entry{Key: "cols, solution, json, csv and fen write the solutions alone, one a line,\nfor other programs (and 'queens verify'), and never change with --lang;\nboard, matrix and sentences number them and end with the total, as the\nclassic programs print them, in the language of --lang. Rows and columns\nare counted from the top left.",
			Zh: "cols、solution、json、csv 和 fen 每行只写一个解，供其他程序（以及 'queens verify'）\n读取，不随 --lang 改变；board、matrix 和 sentences 给解编号，最后写出总数，和经典\n程序打印的一样，用 --lang 的语言。行和列都从左上角数起。"},
		Entry{Key: "The board format draws with the --glyphs:", Zh: "board 格式用 --glyphs 指定的符号画棋盘："},
		Entry{Key: "--order columns lists the solutions in the order of the programs that\nplace their queens column by column: by the row of the queen in the first\ncolumn, then in the second, and so on. It is the lexicographic listing\nwith each solution turned about the main diagonal, which turns every\nsolution into another one. The solution format, which writes the row of\nthe queen in each column as tutorial 003's program does, lists in that order\nunless --order rows.",
			Zh: "--order columns 按逐列放皇后的程序的顺序列出解：先按第一列皇后所在的行，再按\n第二列，依此类推。它就是把字典序列表中的每个解沿主对角线翻转，而翻转后的每个解\n仍是一个解。solution 格式像教程 003 的程序那样写出每一列皇后所在的行，除非给出\n--order rows，它就按这个顺序列出。"},
		Entry{Key: "--style prints exactly what a program of the classic tutorials prints, in\nits own words and layout (but for the time some of them print at the\nend). A style is named after its tutorial and program: 004-2 is code 2\nof tutorial 004 (see 'queens help tutorials').",
			Zh: "--style 原样打印经典教程中某个程序打印的内容，用它自己的文字和版式（只是不打印\n有些程序最后打印的用时）。样式以教程和程序命名：004-2 是教程 004 的代码2\n（见 'queens help tutorials'）。"},
		Entry{Key: "Styles (--style):", Zh: "样式（--style）："},
		Entry{Key: "Output goes to standard output or to the file -o names, as a board up to\nN = 64 and as one line of columns (--format cols) above. The board of an\ninstance (--with, --block, --exclude, --instance) names its ranks down the\nleft side, rank 1 at the bottom, and its files a, b, … along the bottom\n(up to N = 26), and marks the preset queens (@) apart from the queens the\nsearch placed (Q), and the blocked squares (#); --glyphs picks the glyphs.\nExit status: 0 a solution or a count above 0, 1 no solution, no\ncompletion exists or a count of 0, 2 bad usage or input, 3 the --timeout\npassed without an answer, 130 interrupted.",
			Zh: "输出写到标准输出或 -o 指定的文件：N 不超过 64 时画成棋盘，更大时写成一行列号\n（--format cols）。实例（--with、--block、--exclude、--instance）的棋盘像国际象棋\n那样标出横排和纵列：左边是横排号，1 在最下面，下边是纵列字母 a、b、…（N 不超过\n26），预设的皇后（@）与搜索放下的皇后（Q）分开标出，禁放的格子标为 #；--glyphs\n选择所用的符号。退出状态：0 有解或计数大于 0，1 无解、无法补全成一个解或计数为 0，2 用法或输入\n有误，3 到了 --timeout 仍没有答案，130 被中断。"},
		Entry{Key: "the glyphs of the board format: %s", Zh: "board 格式的符号：%s"},
		Entry{Key: "rows (lexicographic) or columns (by the rows of the queens of column 1, 2, …); default rows, columns for the solution format",
			Zh: `"rows"（字典序）或 "columns"（按第 1、2、…列皇后所在的行）；默认 "rows"，solution 格式默认 "columns"`},
		Entry{Key: "print as the `PROGRAM` of a tutorial prints: %s", Zh: "像教程中的程序 `PROGRAM` 那样打印：%s"},

		// The errors and hints of the format flags.
		Entry{Key: "unknown glyphs %q", Zh: "未知的棋盘符号 %q"},
		Entry{Key: "glyphs: %s", Zh: "可选的符号：%s"},
		Entry{Key: "--glyphs applies to the board format, not to %s", Zh: "--glyphs 只用于 board 格式，不用于 %s"},
		Entry{Key: "try --format board --glyphs %s", Zh: "试试 --format board --glyphs %s"},
		Entry{Key: "unknown order %q", Zh: "未知的顺序 %q"},
		Entry{Key: "solution always counts rows from 0, as tutorial 003's program does", Zh: "solution 格式总是从 0 数行号，和教程 003 的程序一样"},
		Entry{Key: "--order is rows or columns", Zh: `--order 可以是 "rows" 或 "columns"`},
		Entry{Key: "unknown style %q", Zh: "未知的样式 %q"},
		Entry{Key: "styles: %s", Zh: "可选的样式：%s"},
		Entry{Key: "--style sets the whole layout: --%s does not apply", Zh: "--style 决定了整个版式：--%s 不适用"},
		Entry{Key: "try 'queens list %d --style %s'", Zh: "试试 'queens list %d --style %s'"},
		Entry{Key: "style %s prints the words of the 8×8 board, not of %d×%d", Zh: "样式 %s 打印的是 8×8 棋盘的文字，不适用于 %d×%d"},
	)
}
