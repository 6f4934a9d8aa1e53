#!/bin/bash
# one line per instance: wall seconds and exit status of queens, cadical, clingo and gecode
t() { local s=$(date +%s.%N); timeout 60 "$@" > out.txt 2>&1; local rc=$?; local e=$(date +%s.%N); printf "%.3f:%s " $(echo "$e - $s" | bc) $rc; }
for f in d-*.param; do
  b=${f%.param}
  printf "%s " $b
  t queens solve --instance $f --format cols
  t cadical -q $b.cnf
  t clingo -q queens.lp $b.lp
  t minizinc --solver gecode queens.mzn $b.dzn
  echo
done
