package message

// The sentences of the search page's teaching parts: the coarse steps,
// the stack, the lecture, the quiz, the keys, presenting mode, the GIF
// export and the notes that say why the page shows what it shows.
func init() {
	add(
		// How trace tells an attacked square: what the method's check
		// reads first, and the queen behind it.
		Entry{Key: "column flag set by the queen in row %d", Zh: "列标志已由第 %d 行的皇后置为 1"},
		Entry{Key: `"\" diagonal flag set by the queen in row %d`, Zh: "“\\”对角线标志已由第 %d 行的皇后置为 1"},
		Entry{Key: `"/" diagonal flag set by the queen in row %d`, Zh: "“/”对角线标志已由第 %d 行的皇后置为 1"},
		Entry{Key: "reads the queen of row %d in the column above", Zh: "在上方同一列读到第 %d 行的皇后"},
		Entry{Key: `reads the queen of row %d on the "\" diagonal above`, Zh: "在上方“\\”对角线上读到第 %d 行的皇后"},
		Entry{Key: `reads the queen of row %d on the "/" diagonal above`, Zh: "在上方“/”对角线上读到第 %d 行的皇后"},
		Entry{Key: "forbidden, marked first by the queen in row %d (its column)", Zh: "已禁用，最先由第 %d 行的皇后标记（同一列）"},
		Entry{Key: "forbidden, marked first by the queen in row %d (its diagonal)", Zh: "已禁用，最先由第 %d 行的皇后标记（同一对角线）"},
		Entry{Key: "column used by the queen in row %d", Zh: "这一列已被第 %d 行的皇后占用"},
		Entry{Key: "counter %d, raised first by the queen in row %d", One: "counter %d, raised by the queen in row %d", Zh: "计数器为 %d，最先由第 %d 行的皇后加上"},

		// What each method's check meets first on an attacked square.
		Entry{Key: "Row %d: try column %d.", Zh: "第 %d 行：尝试第 %d 列。"},
		Entry{Key: "The first flag the check finds set is %s; the queen in row %d set it.", Zh: "检查遇到的第一个已置位的标志是 %s，它是第 %d 行的皇后置上的。"},
		Entry{Key: "Reading the board, the check meets the queen in row %d in the column above.", Zh: "检查逐格读棋盘，先在上方同一列遇到第 %d 行的皇后。"},
		Entry{Key: `Reading the board, the check meets the queen in row %d on the "\" diagonal above.`, Zh: "检查逐格读棋盘，先在上方“\\”对角线上遇到第 %d 行的皇后。"},
		Entry{Key: `Reading the board, the check meets the queen in row %d on the "/" diagonal above.`, Zh: "检查逐格读棋盘，先在上方“/”对角线上遇到第 %d 行的皇后。"},
		Entry{Key: "Its counter %s is %d: the queens in rows %s raised it.", One: "Its counter %s is %d: the queen in row %s raised it.", Zh: "它的计数器 %s 为 %d：是第 %s 行的皇后加上去的。"},
		Entry{Key: "%s is marked: the queen in row %d marked it first.", Zh: "%s 已标记：最先标记它的是第 %d 行的皇后。"},
		Entry{Key: "Column %d is used by the queen in row %d.", Zh: "第 %d 列已被第 %d 行的皇后占用。"},
		Entry{Key: "Compared from the top, the queen in row %d is the first that attacks it, along the column.", Zh: "从上往下逐个比较，第一个攻击它的是第 %d 行的皇后，在同一列上。"},
		Entry{Key: "Compared from the top, the queen in row %d is the first that attacks it, along a diagonal.", Zh: "从上往下逐个比较，第一个攻击它的是第 %d 行的皇后，在对角线上。"},

		// The lecture at the last column of a row.
		Entry{Key: "Everything below the queen in row %d, column %d has been tried. It is taken back and its flags are cleared; column %d was the last of row %d, so the loop ends and the search goes back to row %d.", Zh: "第 %d 行第 %d 列这个皇后之下的所有情况都已试完。撤回它，清掉它的标志；第 %d 列是第 %d 行的最后一列，循环结束，搜索回到第 %d 行。"},
		Entry{Key: "Everything below the queen in row %d, column %d has been tried. It is taken back and its flags are cleared; column %d was the last of row 1, so the search is over.", Zh: "第 %d 行第 %d 列这个皇后之下的所有情况都已试完。撤回它，清掉它的标志；第 %d 列是第 1 行的最后一列，搜索到此结束。"},

		// The note under two methods side by side.
		Entry{Key: "%s: %s, %s, %s %s", Zh: "%s：%s，%s，%s %s"},
		Entry{Key: "%s: %s, %s", Zh: "%s：%s，%s"},
		Entry{Key: "So far, %s; %s.", Zh: "到目前为止，%s；%s。"},
		Entry{Key: "%s places %s and checks %s as much as %s.", Zh: "%s 放置的次数是 %[4]s 的 %[2]s，检查的次数是它的 %[3]s。"},
		Entry{Key: "The whole search of the %d×%d board, timed once: %s %s ms, %s %s ms; %s takes %s× as long as %s.", Zh: "整个 %d×%d 棋盘的搜索，计时一次：%s 用 %s 毫秒，%s 用 %s 毫秒；%s 用时是 %[10]s 的 %[9]s 倍。"},

		// trace --gif for a slide: the events that make frames, the scale.
		Entry{Key: "the events that make frames of --gif, such as place,remove (default: all)", Zh: "--gif 中生成帧的事件，例如 'place,remove'（默认：全部）"},
		Entry{Key: "draw the board of --gif this many times larger, up to 4", Zh: "把 --gif 的棋盘放大这么多倍，最多 4 倍"},
		Entry{Key: "--events takes try, place, remove, solution and deadend, got %q", Zh: "--events 可取 'try'、'place'、'remove'、'solution' 和 'deadend'，收到的是 %q"},
		Entry{Key: "try '--events place,remove,solution'", Zh: "试试 '--events place,remove,solution'"},
		Entry{Key: "--scale must be from 1 to %d, got %d", Zh: "--scale 必须在 1 到 %d 之间，收到的是 %d"},
		Entry{Key: "try '--scale 2'", Zh: "试试 '--scale 2'"},
		Entry{Key: "--events and --scale are for --gif", Zh: "--events 和 --scale 只用于 --gif"},
		Entry{Key: "try 'queens trace %d --gif search.gif --events place,remove --scale 2'", Zh: "试试 'queens trace %d --gif search.gif --events place,remove --scale 2'"},
		Entry{Key: "%w: the scale must be from 1 to %d, got %d", Zh: "%w：缩放倍数必须在 1 到 %d 之间，收到的是 %d"},
		Entry{Key: "%w: no event of the kinds asked for between steps %d and %d", Zh: "%w：第 %d 步到第 %d 步之间没有所要种类的事件"},
		Entry{Key: "%w: steps %d to %d of the %d×%d board at scale %d make about %d MB, more than %d MB", Zh: "%w：放大 %[6]d 倍时，%[4]d×%[5]d 棋盘的第 %[2]d 步到第 %[3]d 步大约有 %[7]d MB，超过了 %[8]d MB"},

		// The theme switch.
		Entry{Key: "Dark theme", Zh: "深色主题"},

		// The shorter lecture of each method but flags.
		Entry{Key: "Lecture: what %s does differently, on the 8×8 board", Zh: "讲解：%s 在 8×8 棋盘上有什么不同"},
		Entry{Key: "What it keeps", Zh: "它保存什么"},
		Entry{Key: "Its check", Zh: "它怎样检查"},
		Entry{Key: "Deeper in the search", Zh: "搜索深处"},
		Entry{Key: "The first dead end", Zh: "第一条死路"},
		Entry{Key: "The first solution", Zh: "第一个解"},
		Entry{Key: "The end", Zh: "结束"},
		Entry{Key: "The end: %d solutions. %s did it with %s %s.", Zh: "结束：共 %d 个解。%s 为此花了 %s 次%s。"},

		// The lecture's chapters.
		Entry{Key: "Chapter", Zh: "章节"},
		Entry{Key: "4×4: the start", Zh: "4×4：开始"},
		Entry{Key: "4×4: the first dead end", Zh: "4×4：第一条死路"},
		Entry{Key: "4×4: the first solution", Zh: "4×4：第一个解"},
		Entry{Key: "8×8: the flag arrays", Zh: "8×8：标志数组"},
		Entry{Key: "8×8: the first queen", Zh: "8×8：第一个皇后"},
		Entry{Key: "8×8: a column flag", Zh: "8×8：列标志"},
		Entry{Key: "8×8: a diagonal flag", Zh: "8×8：对角线标志"},
		Entry{Key: "8×8: the first dead end", Zh: "8×8：第一条死路"},
		Entry{Key: "8×8: the line to the queen that decides", Zh: "8×8：连到起决定作用的皇后的线"},
		Entry{Key: "8×8: the first solution", Zh: "8×8：第一个解"},
		Entry{Key: "8×8: the end", Zh: "8×8：结束"},

		// The quiz's questions and why their answers are right.
		Entry{Key: "The search tries row %d, column %d next. Is it free? If not, which queen does the check meet first?", Zh: "搜索接下来尝试第 %d 行第 %d 列。这一格空着吗？如果不空，检查最先遇到哪个皇后？"},
		Entry{Key: "The loop skips the square and goes on with the next column.", Zh: "循环跳过这一格，接着试下一列。"},
		Entry{Key: "Free: no queen above attacks it, so a queen goes there and the search goes down to row %d.", Zh: "空着：上面没有皇后攻击它，于是在这里放皇后，搜索往下走到第 %d 行。"},
		Entry{Key: "%s takes the lowest free bit of row %d: column %d.", Zh: "%s 取出第 %d 行最低的空闲位：第 %d 列。"},
		Entry{Key: "The loop of row %d goes on from column %d to column %d.", Zh: "第 %d 行的循环从第 %d 列接着走到第 %d 列。"},
		Entry{Key: "The queen of column %d was taken back; the loop of row %d goes on with column %d.", Zh: "第 %d 列的皇后已撤回；第 %d 行的循环接着试第 %d 列。"},
		Entry{Key: "The loop of row %d starts at its first column.", Zh: "第 %d 行的循环从第 1 列开始。"},

		// The player and its coarse steps.
		Entry{Key: "Player", Zh: "播放器"},
		Entry{Key: "Coarse steps", Zh: "大步跳转"},
		Entry{Key: "placement", Zh: "放置"},
		Entry{Key: "backtrack", Zh: "回溯"},
		Entry{Key: "this row", Zh: "本行"},
		Entry{Key: "Next placement (P)", Zh: "下一次放置（P）"},
		Entry{Key: "Previous placement (Shift+P)", Zh: "上一次放置（Shift+P）"},
		Entry{Key: "Next backtrack (B)", Zh: "下一次回溯（B）"},
		Entry{Key: "Previous backtrack (Shift+B)", Zh: "上一次回溯（Shift+B）"},
		Entry{Key: "Next solution (S)", Zh: "下一个解（S）"},
		Entry{Key: "Previous solution (Shift+S)", Zh: "上一个解（Shift+S）"},
		Entry{Key: "End of this row (E)", Zh: "本行结束处（E）"},
		Entry{Key: "Start of this row (Shift+E)", Zh: "本行开始处（Shift+E）"},
		Entry{Key: "No %s after this step: on to the end of the search.", Zh: "这一步之后没有%s了：跳到搜索的结尾。"},
		Entry{Key: "No %s before this step: back to the start.", Zh: "这一步之前没有%s：回到开头。"},
		Entry{Key: "event must be place, remove, solution, deadend or rowend, got %q", Zh: "参数 'event' 应为 'place'、'remove'、'solution'、'deadend' 或 'rowend'，收到的是 %q"},

		// Why the board is smaller than the one asked for.
		Entry{Key: "You asked for N = %d; this shows N = %d, for %s.", Zh: "你要的是 N = %d；这里显示 N = %d，因为%s。"},
		Entry{Key: "%s plays boards up to %d×%d step by step: a larger search has more than %s steps, too many to replay any of them in a second or two", Zh: "%s 逐步演示的棋盘最大到 %d×%d：更大的搜索超过 %s 步，无法在一两秒内重放到其中任意一步"},
		Entry{Key: "a board with blocked squares is searched up to %d×%d", Zh: "带禁放的格子的棋盘最大搜索到 %d×%d"},
		Entry{Key: "%d million", Zh: "%d 百万"},

		// The tools and the board editor.
		Entry{Key: "Teaching", Zh: "教学"},
		Entry{Key: "Lecture", Zh: "讲解"},
		Entry{Key: "A narrated walk through the search (L)", Zh: "带讲解地走一遍搜索（L）"},
		Entry{Key: "Quiz", Zh: "测验"},
		Entry{Key: "Predict the next step (Q)", Zh: "预测下一步（Q）"},
		Entry{Key: "Edit the board", Zh: "编辑棋盘"},
		Entry{Key: "Block squares, exclude diagonals, preset queens (I)", Zh: "禁放的格子、被排除的对角线、预设皇后（I）"},
		Entry{Key: "Present", Zh: "演示"},
		Entry{Key: "Presenting mode for a projector (F)", Zh: "投影用的演示模式（F）"},
		Entry{Key: "Keys", Zh: "快捷键"},
		Entry{Key: "Every key (?)", Zh: "所有快捷键（?）"},
		Entry{Key: "Squares are named as the command line names them: files %s from the left, ranks %s from the bottom (%s, %s). A diagonal is %s or %s, rows and columns counted from 0 from the top left, as %s takes it; its two end squares follow it.", Zh: "格子的名称与命令行相同：列 %s 从左数起，横行 %s 从下数起（%s、%s）。对角线写作 %s 或 %s，行和列从左上角、从 0 数起，与 %s 的写法相同；后面附上它两端的格子。"},

		// The counters and the comparison, in each method's own unit.
		Entry{Key: "Work: %s", Zh: "工作量：%s"},
		Entry{Key: "What %s spends on its own, counted in its own unit: %s", Zh: "%s 自己的开销，以它自己的单位计：%s"},
		Entry{Key: "Whole search: %s, %s, %s, %s: %s, %s ms without the page watching.", Zh: "整个搜索：%s，%s，%s，%s：%s；不在页面上逐步显示时用时 %s 毫秒。"},
		Entry{Key: "%s so far", Zh: "目前 %s"},

		// The stack.
		Entry{Key: "The recursion stack: %s", Zh: "递归栈：%s"},
		Entry{Key: "%d frames", One: "%d frame", Zh: "%d 层"},
		Entry{Key: "%d frames folded", One: "%d frame folded", Zh: "折叠了 %d 层"},
		Entry{Key: "%s = %d: the loop is over", Zh: "%s = %d：循环结束"},
		Entry{Key: "The explicit stack of matrix: %s, row %s = %d", Zh: "matrix 的显式栈：%s，当前行 %s = %d"},
		Entry{Key: "No queen yet: the stack is empty.", Zh: "还没有皇后：栈是空的。"},
		Entry{Key: "No call yet: %s starts at the first row.", Zh: "还没有调用：%s 从第一行开始。"},
		Entry{Key: "Back in row %d: the bit of column %d left %s before the queen went down, so the loop goes on with the bits still set.", Zh: "回到第 %d 行：第 %d 列的位在放下皇后之前已经从 %s 中去掉，循环接着处理仍然置位的那些位。"},

		// The keys.
		Entry{Key: "Every key works wherever the focus is, except in a text field.", Zh: "无论焦点在哪里，每个快捷键都有效，只有在文本框里除外。"},
		Entry{Key: "Shift", Zh: "Shift"},
		Entry{Key: "play or pause", Zh: "播放或暂停"},
		Entry{Key: "one step forward", Zh: "前进一步"},
		Entry{Key: "one step back", Zh: "后退一步"},
		Entry{Key: "next placement", Zh: "下一次放置"},
		Entry{Key: "previous placement", Zh: "上一次放置"},
		Entry{Key: "next backtrack", Zh: "下一次回溯"},
		Entry{Key: "previous backtrack", Zh: "上一次回溯"},
		Entry{Key: "previous solution", Zh: "上一个解"},
		Entry{Key: "end of this row", Zh: "本行结束处"},
		Entry{Key: "start of this row", Zh: "本行开始处"},
		Entry{Key: "back to the start", Zh: "回到开头"},
		Entry{Key: "presenting mode on or off", Zh: "打开或关闭演示模式"},
		Entry{Key: "the lecture on or off; in it, → and ← turn its pages", Zh: "打开或关闭讲解；讲解中用 → 和 ← 翻页"},
		Entry{Key: "the quiz on or off; 1 to 9 answer it", Zh: "打开或关闭测验；用 1 到 9 作答"},
		Entry{Key: "the board editor open or folded", Zh: "展开或收起棋盘编辑器"},
		Entry{Key: "this list of keys", Zh: "这张快捷键表"},
		Entry{Key: "close this list; leave presenting mode", Zh: "关闭这张表；退出演示模式"},

		// The GIF export.
		Entry{Key: "Take it out of the room: a GIF of the search", Zh: "带出课堂：把搜索导出为 GIF"},
		Entry{Key: "from step", Zh: "从第几步"},
		Entry{Key: "to step", Zh: "到第几步"},
		Entry{Key: "Export GIF", Zh: "导出 GIF"},
		Entry{Key: "Drawing steps %d to %d…", Zh: "正在绘制第 %d 步到第 %d 步……"},
		Entry{Key: "No GIF: %s", Zh: "无法导出 GIF：%s"},
		Entry{Key: "Saved %s.", Zh: "已保存 %s。"},
		Entry{Key: "Where the search meets it", Zh: "搜索在哪一步遇到它"},

		// The lecture.
		Entry{Key: "Lecture, part 1: the 4×4 board, step by step", Zh: "讲解，第一部分：4×4 棋盘，一步一步"},
		Entry{Key: "Lecture, part 2: the 8×8 board with flags", Zh: "讲解，第二部分：用 flags 方法解 8×8 棋盘"},
		Entry{Key: "%d of %d", Zh: "第 %d 页，共 %d 页"},
		Entry{Key: "Next ▶", Zh: "下一页 ▶"},
		Entry{Key: "Four queens, one per row, for two queens in a row would attack each other. flags keeps one flag per column, %s, and one per diagonal, %s and %s: a 1 means a queen stands on that line. The search starts with row 1, column 1.", Zh: "四个皇后，每行一个，因为同一行的两个皇后会互相攻击。flags 为每一列保存一个标志 %s，为每条对角线各保存一个标志 %s 和 %s：1 表示这条线上有皇后。搜索从第 1 行第 1 列开始。"},
		Entry{Key: "Row %d, column %d: %s, %s and %s are all 0. No queen above stands on this column or on either diagonal, so the square is free.", Zh: "第 %d 行第 %d 列：%s、%s 和 %s 都是 0。上方没有皇后在这一列或这两条对角线上，所以这一格是空闲的。"},
		Entry{Key: "Row %d, column %d: %s is 1, for the queen in row %d stands in this column. Two queens in one column attack each other, so the search skips the square.", Zh: "第 %d 行第 %d 列：%s 是 1，因为第 %d 行的皇后在这一列。同一列的两个皇后会互相攻击，所以搜索跳过这一格。"},
		Entry{Key: `Row %d, column %d: %s is 1, for the queen in row %d stands on the same "\" diagonal (row−col is the same for both). The search skips the square.`, Zh: `第 %d 行第 %d 列：%s 是 1，因为第 %d 行的皇后在同一条“\”对角线上（两者的 行−列 相同）。搜索跳过这一格。`},
		Entry{Key: `Row %d, column %d: %s is 1, for the queen in row %d stands on the same "/" diagonal (row+col is the same for both). The search skips the square.`, Zh: `第 %d 行第 %d 列：%s 是 1，因为第 %d 行的皇后在同一条“/”对角线上（两者的 行+列 相同）。搜索跳过这一格。`},
		Entry{Key: "The square is free, so the last queen goes on row %d, column %d.", Zh: "这一格空闲，所以最后一个皇后放在第 %d 行第 %d 列。"},
		Entry{Key: "The square is free, so a queen goes on it, and its three flags are set: the rows below will see this column and both diagonals taken at a glance. The search goes on with row %d.", Zh: "这一格空闲，于是放下一个皇后，并设置它的三个标志：下面的各行一眼就能看出这一列和两条对角线已被占用。搜索接着处理第 %d 行。"},
		Entry{Key: "Everything below the queen in row %d, column %d has been tried. It is taken back, its flags are cleared, and the loop of row %d goes on with column %d.", Zh: "第 %d 行第 %d 列这个皇后之下的所有情况都已试完。撤回它，清掉它的标志，第 %d 行的循环接着试第 %d 列。"},
		Entry{Key: "All %d queens stand and none attacks another: solution %d. The search does not stop here: it takes the last queen back to look for more.", Zh: "%d 个皇后都已放好，互不攻击：第 %d 个解。搜索并不在这里停下：它撤回最后一个皇后，继续寻找更多的解。"},
		Entry{Key: "No column of row %d is free: the queens above leave no room. So a queen above stands where no solution can follow, and the search goes back to row %d to move it.", Zh: "第 %d 行没有空闲的列：上方的皇后没有留下位置。所以上方某个皇后的位置不可能引出解，搜索回到第 %d 行去移动它。"},
		Entry{Key: "Row %d has no column left to try: the search is over.", Zh: "第 %d 行已没有可以尝试的列：搜索结束。"},
		Entry{Key: `Now the 8×8 board with flags, as the tutorial with flag and diagonal arrays teaches it. Eight columns give %s; the fifteen "\" diagonals give %s, with 7 added so that the index is never negative; the fifteen "/" diagonals give %s.`, Zh: `现在按照使用标志数组和对角线数组的那篇教程，用 flags 方法解 8×8 棋盘。八列对应 %s；十五条“\”对角线对应 %s，加 7 是为了让下标不为负；十五条“/”对角线对应 %s。`},
		Entry{Key: "Row 1 takes column 1 at once: no queen stands yet. Setting %s, %s and %s is all it takes to remember the queen.", Zh: "第 1 行立刻取第 1 列：棋盘上还没有皇后。只要设置 %s、%s 和 %s，就记住了这个皇后。"},
		Entry{Key: "Row 2, column 1: %s is 1. One array read decides, without looking at the queen itself.", Zh: "第 2 行第 1 列：%s 是 1。读一次数组就能判定，不必去看皇后本身。"},
		Entry{Key: `Row 2, column 2: %s is 1, for row−col is the same as for the queen in row 1: one "\" diagonal.`, Zh: `第 2 行第 2 列：%s 是 1，因为它的 行−列 与第 1 行的皇后相同：在同一条“\”对角线上。`},
		Entry{Key: "The first dead end: every column of this row is attacked. The loop ends without placing a queen, the function returns, and the row above moves its queen one column on.", Zh: "第一条死路：这一行的每一列都受到攻击。循环走完也没放下皇后，函数返回，上一行的皇后向右移一列。"},
		Entry{Key: "Deeper in the search: the ✕ marks a square found attacked, and the line leads to the queen whose flag decided. The stack on the right shows one call per row, each with its own column.", Zh: "搜索更深处：✕ 标出被发现受攻击的格子，连线指向置上那个标志、使检查作出判断的皇后。右边的栈每行一次调用，各有自己的列。"},
		Entry{Key: "The first solution, 1 5 8 6 3 7 2 4, the one the tutorials print first. The search goes on: it has 91 more to find.", Zh: "第一个解 1 5 8 6 3 7 2 4，也就是教程最先打印的那个。搜索继续：还有 91 个解要找。"},
		Entry{Key: "The end: 92 solutions. Press Play to watch it all, or use the coarse steps (P, B, S, E) to move from one placement, backtrack or solution to the next.", Zh: "结束：共 92 个解。按“播放”观看全过程，或用大步跳转（P、B、S、E）从一次放置、回溯或一个解跳到下一个。"},

		// The quiz.
		Entry{Key: "Predict the next step", Zh: "预测下一步"},
		Entry{Key: "Next question", Zh: "下一题"},
		Entry{Key: `Press "Next question": the search goes on and stops at a moment to ask you about.`, Zh: "按“下一题”：搜索继续进行，并在某个时刻停下来向你提问。"},
		Entry{Key: "Row %d: which column does the search try next?", Zh: "第 %d 行：搜索接下来尝试哪一列？"},
		Entry{Key: "The search tries row %d, column %d next. Is the square free, or attacked, and by which queen?", Zh: "搜索接下来尝试第 %d 行第 %d 列。这一格是空闲的，还是受攻击？被哪个皇后攻击？"},
		Entry{Key: "Free: no queen above attacks it.", Zh: "空闲：上方没有皇后攻击它。"},
		Entry{Key: "Does the search back up now, taking a queen back or leaving a row with no free square?", Zh: "搜索现在会回溯吗？即撤回一个皇后，或离开一个没有空闲格子的行？"},
		Entry{Key: "yes, it backs up", Zh: "会，它回溯"},
		Entry{Key: "no, it goes on", Zh: "不会，它继续前进"},
		Entry{Key: "Yes: the next step goes back.", Zh: "是的：下一步就是回溯。"},
		Entry{Key: "No: the next step goes on in this row or below.", Zh: "不会：下一步在本行或下面继续。"},
		Entry{Key: "Right.", Zh: "答对了。"},
		Entry{Key: "Not quite.", Zh: "不太对。"},
		Entry{Key: "score %d of %d", Zh: "得分 %d / %d"},
	)
}
