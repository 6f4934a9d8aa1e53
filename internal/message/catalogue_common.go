package message

// Words every part of queens uses.
func init() {
	add(
		Entry{Key: "error", Zh: "错误"},
		Entry{Key: "hint", Zh: "提示"},
		Entry{Key: "interrupted", Zh: "已中断"},
		Entry{Key: "hung up", Zh: "连接已挂断"},
		Entry{Key: "unknown language %q (known: en, zh)", Zh: "未知的语言 %q（可选：en、zh）"},
		Entry{Key: "%d solutions", One: "%d solution", Zh: "%d 个解"},
		Entry{Key: "%d unique solutions", One: "%d unique solution", Zh: "%d 个本质不同的解"},
		Entry{Key: "%s: %s", Zh: "%s：%s"},
		Entry{Key: "no named pipes", Zh: "没有命名管道"},
		Entry{Key: "%w: the recount disagrees on units %s; on the first, %s: the count gave total %d, unique share %d, the recount total %d, unique share %d", Zh: "%w：重新计数与单元 %s 的结果不符；其中第一个，%s：计数得到总数 %d、本质不同份额 %d，重新计数得到总数 %d、本质不同份额 %d"},
		Entry{Key: "the parts of configuration %d, east set %d", Zh: "配置 %d 的东侧集合 %d 的各部分"},
	)
}
