# Sourced by the scripts whose tools run for minutes to an hour with their console quiet (yosys -q,
# nextpnr -q: board/*/build.sh, hw/syn/area.sh), so that a long run shows where it is (bash).
#
#   mma_progress TAG LOG [--out FILE] [--err FILE] [--both FILE] CMD [ARGS...]
#       runs CMD in the background (its stdout / stderr / both into FILE with --out / --err /
#       --both) and, while
#       it runs, prints a line to stderr every
#       MMA_PROGRESS_SECS seconds (default 60; 0: none) - "TAG: 12 min 0 s, nextpnr router1: 14286
#       arcs left (4790 s routing)" - from what the tool last wrote to LOG; returns CMD's exit
#       status. CMD must not read standard input. A SIGINT or SIGTERM of the script stops CMD too.
#   mma_progress_where LOG
#       that description alone: yosys' current pass, or nextpnr's phase (the static placer's
#       iteration, the annealer, router1's arcs left, router2's iteration and overused wires),
#       else LOG's last line; "starting" while LOG is empty
mma_progress_where() {
  local log=$1 line
  [[ -s $log ]] || { echo "starting"; return 0; }
  # the newest line that tells a phase, read from the end (a yosys log reaches 15 MB)
  line=$(tac "$log" 2>/dev/null | grep -m1 -E '^[0-9.]+ Executing |^Info: +[0-9]+ +\||iter=[0-9]+ wires=|^Info: iter=[0-9]+ steplen|^Info: +at (initial placer|iteration #)|^Info: Running |^Info: Routing [0-9]+ arcs|^Info: Max frequency' || true)
  [[ -n $line ]] || line=$(tail -n 1 "$log")
  awk -v l="$line" 'BEGIN {
    if (l ~ /^[0-9.]+ Executing /) { sub(/^[0-9.]+ Executing /, "", l); print "yosys: " l; exit }
    if (l ~ /^Info: +[0-9]+ +\|/) {                    # router1 table: iterations | ripup | delta | left | time
      n = split(l, f, "|"); gsub(/ /, "", f[4]); split(f[5], t, " ")
      print "nextpnr router1: " f[4] " arcs left (" int(t[2]) " s routing)"; exit
    }
    if (match(l, /iter=[0-9]+ wires=[0-9]+ overused=[0-9]+/)) {
      s = substr(l, RSTART, RLENGTH); split(s, f, /[= ]/)
      print "nextpnr router2: iteration " f[2] ", " f[6] " overused wires"; exit
    }
    if (l ~ /^Info: iter=[0-9]+ steplen/) { split(l, f, /[= ]/); print "nextpnr static placer: iteration " f[3]; exit }
    if (l ~ /^Info: +at iteration #[0-9]+, type /) {  # HeAP: "at iteration #17, type ALL: wirelen solved = ..."
      split(l, f, /[#,]/); print "nextpnr HeAP placer: iteration " f[2]; exit
    }
    if (l ~ /^Info: +at iteration #/) { sub(/^Info: +at /, "", l); print "nextpnr annealer: " substr(l, 1, 90); exit }
    if (l ~ /^Info: +at initial placer/) { sub(/^Info: +at /, "", l); print "nextpnr " substr(l, 1, 90); exit }
    sub(/^Info: +/, "", l)
    print substr(l, 1, 110)
  }'
}

mma_progress() {
  local tag=$1 log=$2 every=${MMA_PROGRESS_SECS:-60} out="" err="" both=""
  shift 2
  while (($#)); do
    case $1 in
      --out) out=$2; shift 2 ;;
      --err) err=$2; shift 2 ;;
      --both) both=$2; shift 2 ;;
      *) break ;;
    esac
  done
  # only the streams asked for are redirected (a reopened /dev/stdout would truncate a caller's log)
  (
    [[ -z $both ]] || exec >"$both" 2>&1
    [[ -z $out ]] || exec >"$out"
    [[ -z $err ]] || exec 2>"$err"
    exec "$@"
  ) </dev/null &
  local pid=$! t0 next now rc=0
  # A background command outlives a script that is killed (it went on alone, its parent process 1,
  # when the script got SIGTERM): stop the tool with the script.
  trap 'kill -TERM "$pid" 2>/dev/null' INT TERM
  t0=$(date +%s)
  next=$((t0 + every))
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    ((every > 0)) || continue
    now=$(date +%s)
    if ((now >= next)) && kill -0 "$pid" 2>/dev/null; then
      echo "$tag: $(((now - t0) / 60)) min $(((now - t0) % 60)) s, $(mma_progress_where "$log")" >&2
      next=$((next + every))
    fi
  done
  wait "$pid" || rc=$?
  trap - INT TERM
  return "$rc"
}
