package queens

// known holds the totals (OEIS A000170) and unique counts (OEIS A002562)
// for n = 1..18; known[n-1] is board size n.
var known = []struct{ total, unique uint64 }{
	{1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12},
	{352, 46}, {724, 92}, {2680, 341}, {14200, 1787}, {73712, 9233},
	{365596, 45752}, {2279184, 285053}, {14772512, 1846955},
	{95815104, 11977939}, {666090624, 83263591},
}

// knownMaxN returns the largest n whose count a test should check: 14, or
// 12 under -short.
func knownMaxN(short bool) int {
	if short {
		return 12
	}
	return 14
}
