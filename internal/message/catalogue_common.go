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
	)
}
