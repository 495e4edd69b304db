#!/usr/bin/env bash
# scripts/progress.sh: what mma_progress_where makes of yosys and nextpnr logs (lines as those
# tools write them: yosys 0.23 / 0.70, nextpnr-ice40 and nextpnr-ecp5 0.x with router1, router2,
# the static, HeAP and annealing placers), and that mma_progress returns its command's exit status,
# redirects only what it is asked to and prints its progress lines.
set -euo pipefail
. "$1/scripts/progress.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
check() { # check NAME EXPECTED LOG-TEXT
  printf '%s\n' "$3" >"$work/log"
  local got
  got=$(mma_progress_where "$work/log")
  if [[ $got != "$2" ]]; then
    echo "FAIL $1: expected '$2', got '$got'"
    fails=$((fails + 1))
  fi
}
: >"$work/empty"
[[ $(mma_progress_where "$work/empty") == starting ]] || { echo "FAIL empty log"; fails=$((fails + 1)); }
[[ $(mma_progress_where "$work/none") == starting ]] || { echo "FAIL missing log"; fails=$((fails + 1)); }
check yosys "yosys: OPT_MUXTREE pass (detect dead branches in mux trees)." \
'2.3.4. Executing OPT_EXPR pass (perform const folding).
Optimizing module mma_ulx3s_top.
2.3.5. Executing OPT_MUXTREE pass (detect dead branches in mux trees).
Running muxtree optimizer on module \mma_ulx3s_top..
  Creating internal representation of mux trees.'
check router1 "nextpnr router1: 14286 arcs left (4789 s routing)" \
'Info: Routing 221131 arcs.
Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |
Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|
Info:     558000 |   150570     397620 |  509   491 |     14079|     207.76    4442.48|
Info:     559000 |   151069     398121 |  499   501 |     14286|     347.19    4789.67|'
check router1-start "Routing 221131 arcs." \
'Info: Setting up routing queue.
Info: Routing 221131 arcs.'
check router2 "nextpnr router2: iteration 32, 2658 overused wires" \
'Info: Running main router loop...
Info:     iter=31 wires=1037399 overused=2562 overuse=2585 archfail=NA
Info:     iter=32 wires=1038224 overused=2658 overuse=2687 archfail=NA'
check static "nextpnr static placer: iteration 28" \
'Info: Running Static placer...
Info: iter=27 steplen=0.398884 a=15.176470 penalty=[0.00, 0.00, 0.00, 0.00]
Info:    system converged after ...
Info: iter=28 steplen=0.394087 a=15.684704 penalty=[0.00, 0.00, 0.00, 0.00]'
check heap "nextpnr HeAP placer: iteration 17" \
'Info:     at initial placer iter 2, wirelen = 2347
Info:     at iteration #17, type ALL: wirelen solved = 11666, spread = 24926, legal = 27187; time = 0.1s'
check anneal "nextpnr annealer: iteration #30: temp = 0.000000, timing cost = 1904, wirelen = 17673" \
'Info: Running simulated annealing placer for refinement.
Info:   at iteration #30: temp = 0.000000, timing cost = 1904, wirelen = 17673'
check fmax "Max frequency for clock '\$glbnet\$clk': 10.64 MHz (PASS at 8.33 MHz)" \
"Info: Max frequency for clock '\$glbnet\$clk': 10.64 MHz (PASS at 8.33 MHz)"
check initial "nextpnr initial placer iter 2, wirelen = 2347" \
'Info:     at initial placer iter 1, wirelen = 2317
Info:     at initial placer iter 2, wirelen = 2347'
check other "some tool line" 'some tool line'

# mma_progress: exit status, redirection, progress lines
if MMA_PROGRESS_SECS=0 mma_progress t "$work/none" bash -c 'exit 3'; then
  echo "FAIL exit status: 0 for a command that exited 3"; fails=$((fails + 1))
else
  rc=$?; ((rc == 3)) || { echo "FAIL exit status: $rc, not 3"; fails=$((fails + 1)); }
fi
MMA_PROGRESS_SECS=0 mma_progress t "$work/none" --both "$work/both" bash -c 'echo out; echo err >&2'
[[ $(sort "$work/both" | tr '\n' ' ') == "err out " ]] || { echo "FAIL --both: $(cat "$work/both")"; fails=$((fails + 1)); }
out=$(MMA_PROGRESS_SECS=0 mma_progress t "$work/none" --err "$work/err" bash -c 'echo out; echo err >&2')
[[ $out == out && $(cat "$work/err") == err ]] || { echo "FAIL --err: '$out' / '$(cat "$work/err")'"; fails=$((fails + 1)); }
printf '%s\n' '2.1. Executing HIERARCHY pass (managing design hierarchy).' >"$work/ys"
lines=$(MMA_PROGRESS_SECS=1 mma_progress demo "$work/ys" sleep 3 2>&1 >/dev/null)
n=$(grep -c '^demo: 0 min [0-9] s, yosys: HIERARCHY pass (managing design hierarchy).$' <<<"$lines" || true)
((n >= 1 && n <= 3)) || { echo "FAIL progress lines ($n): $lines"; fails=$((fails + 1)); }

# a script killed while its tool runs takes the tool with it (without the trap it ran on, orphaned)
cat >"$work/killed.sh" <<EOS
. "$1/scripts/progress.sh"
MMA_PROGRESS_SECS=0 mma_progress t /dev/null sleep 317.25
EOS
bash "$work/killed.sh" &
sp=$!
for _ in $(seq 50); do pgrep -f "sleep 317.25" >/dev/null && break; sleep 0.1; done
kill -TERM "$sp"
wait "$sp" 2>/dev/null || true
sleep 0.5
if pgrep -f "sleep 317.25" >/dev/null; then
  echo "FAIL a killed script left its tool running"; fails=$((fails + 1))
  pkill -f "sleep 317.25" || true
fi

if ((fails)); then
  echo "test_progress: $fails failed"
  exit 1
fi
echo "test_progress: all passed"
