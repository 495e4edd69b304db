#!/usr/bin/env bash
# Compares the golden model's digest lines (firmware/apps/digest) of the host build with those of
# a firmware run, line by line.
#
#   bash firmware/apps/digest/compare.sh HOST_TOOL [HOST_ARGS...] -- RUNNER...
#
# HOST_TOOL [HOST_ARGS]: golden_digest_host [--small]; RUNNER...: the command that runs the digest
# ELF and prints its UART (board/qemu-virt/run.sh digest.elf, or mmasoc digest_small.elf). Every "digest ..." line must be the
# same in both, in the same order, the last one the summary ("digest: N runs, all CRC"). Prints
# the first differing lines with the command that reproduces each side; exit 0 equal, 1 not.
set -uo pipefail
host=()
while (($#)) && [[ $1 != -- ]]; do host+=("$1"); shift; done
(($# >= 2 && ${#host[@]} >= 1)) || { echo "usage: compare.sh HOST_TOOL [HOST_ARGS...] -- RUNNER..." >&2; exit 2; }
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/digest.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
"${host[@]}" >"$work/host.raw" || { echo "compare.sh: ${host[*]} failed (exit $?)" >&2; exit 1; }
"$@" >"$work/target.raw" 2>"$work/target.err"
rc=$?
grep -a '^digest' "$work/host.raw" >"$work/host"
grep -a '^digest' "$work/target.raw" | tr -d '\r' >"$work/target"
summary=$(tail -n 1 "$work/host")
if ((rc != 0)); then
  echo "compare.sh: the firmware run failed (exit $rc): $*"
  tail -n 5 "$work/target.err" "$work/target.raw"
  exit 1
fi
if ! [[ $summary =~ ^digest:\ ([0-9]+)\ runs ]]; then
  echo "compare.sh: no summary line from ${host[*]}"
  exit 1
fi
if cmp -s "$work/host" "$work/target"; then
  echo "golden digest: ${BASH_REMATCH[1]} runs, all equal (host: ${host[*]}; target: $*)"
  exit 0
fi
n_host=$(wc -l <"$work/host") n_target=$(wc -l <"$work/target")
echo "golden digest: host and target differ ($n_host and $n_target lines); first differences (< host, > target):"
diff "$work/host" "$work/target" | head -n 20
echo "reproduce: ${host[*]} | grep '^digest'   and   $* | grep '^digest'"
exit 1
