#!/usr/bin/env bash
# `mmacore conform` on every <GPU>/<format> data set under a directory in the layout of
# ../shared/vectors/gpu, then one summary line: "conform tree: N data sets, P passed, F failed".
# Exit 0 only when every line of every set passed; 1 on a mismatch, 2 on a usage or read error.
#
#   bash test/conformance/conform_tree.sh MMACORE DIR
set -uo pipefail
if (($# != 2)) || [[ ! -x $1 || ! -d $2 ]]; then
  echo "usage: conform_tree.sh MMACORE DIR (MMACORE: the mmacore binary; DIR: <GPU>/<format>/ data sets)" >&2
  exit 2
fi
mmacore=$1 root=$2
sets=0 pass=0 fail=0 rc=0
for d in "$root"/*/*/; do
  [[ -e $d ]] || continue
  out=$("$mmacore" conform "$d" 2>&1)
  st=$?
  ((st > rc)) && rc=$st
  sets=$((sets + 1))
  # the per-output summaries: "<dir>: N passed, M failed"
  while read -r p f; do
    pass=$((pass + p)) fail=$((fail + f))
  done < <(sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' <<<"$out")
  if ((st != 0)); then
    echo "== $d (exit $st)"
    echo "$out" | head -n 20
  fi
done
((sets == 0)) && { echo "conform_tree.sh: no <GPU>/<format> data sets under $root" >&2; exit 2; }
echo "conform tree: $sets data sets, $pass passed, $fail failed"
exit $rc
