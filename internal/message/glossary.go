package message

// term is a concept of the catalogue with its one Chinese word, and the
// other words a translator might reach for, which the catalogue and the
// Chinese README do not use.
type term struct {
	English string
	Chinese string
	avoid   []string
}

// glossary fixes one Chinese term per concept where Chinese offers
// several: a reader who meets two words takes them for two things.
// TestGlossary holds the catalogue and README.zh-CN.md to it.
var glossary = []term{
	{"preset queen", "预设的皇后", []string{"预置"}},
	{"blocked square", "禁放的格子", []string{"禁用格子", "禁用的格子", "被禁用", "封锁的格子"}},
	{"excluded diagonal", "被排除的对角线", []string{"排除对角线", "禁用的对角线", "禁止的对角线"}},
	{"no completion exists", "无法补全成一个解", []string{"不存在补全", "补全不存在"}},
	{"checkpoint", "检查点", []string{"断点", "存档点"}},
	{"work unit", "工作单元", []string{"工作块", "任务单元"}},
	{"worker", "工作者", []string{"工作进程", "工作节点"}},
	{"coordinator", "协调者", []string{"协调器", "协调程序"}},
	{"shard", "分片", []string{"分块", "碎片"}},
	{"unique solutions", "本质不同的解", []string{"唯一解", "独特解", "独特的解"}},
	{"node", "结点", []string{"节点"}},
	{"dead end", "死路", []string{"死胡同", "绝路", "一个死路", "个死路"}},
	{"backtrack", "回溯", []string{"回退"}},
}
