import random, sys
# random excluded-diagonals instances in the generator's file format
for n in (16, 20, 24):
    for seed in range(1, 6):
        r = random.Random(n * 100 + seed)
        ds = [(v, t) for v in range(2 * n - 1) for t in (0, 1)]
        r.shuffle(ds)
        d = n  # exclude n diagonals
        with open(f"d-{n}-{seed}.param", "w") as f:
            f.write(f"n = {n}\nnumdiags = {d}\ndiags = [" + ", ".join(f"[{v}, {t}]" for v, t in ds[:d]) + "]\n")
