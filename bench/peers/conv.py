import re, sys
for p in sys.argv[1:]:
    s = open(p).read()
    n = int(re.search(r"n = (\d+)", s).group(1))
    pairs = [(int(a), int(b)) for a, b in re.findall(r"\[(-?\d+), (\d)\]", s)]
    xs = [v for v, t in pairs if t == 1]
    xd = [v - (n - 1) for v, t in pairs if t == 0]
    base = p[:-6]
    open(base + ".lp", "w").write(f"#const n={n}.\n" + "".join(f"xs({k}).\n" for k in xs) + "".join(f"xd({k}).\n" for k in xd))
    open(base + ".dzn", "w").write(f"n = {n};\nexs = {{{', '.join(map(str, xs))}}};\nexd = {{{', '.join(map(str, xd))}}};\n")
