#!/usr/bin/env bash
# Checks a nextpnr-ice40 log's device utilisation against the device: each of the iCE40 resources
# the iCEBreaker design uses must be present in the log and used at most as often as the device
# has it (board/icebreaker/build.sh runs it on the log of nextpnr-ice40, and with --fit on that of
# nextpnr-ice40 --pack-only).
#
#   bash board/icebreaker/fit_check.sh NEXTPNR_LOG
#
# Prints "icebreaker: R used / total" for each resource, then "icebreaker: fits the UP5K after
# packing (N / M logic cells" ... on success. Exit status: 0 fits, 1 a resource over the device's
# count or missing or unreadable in the log (each named on stderr), 2 a usage error.
set -uo pipefail
(($# == 1)) || { echo "fit_check.sh: takes one nextpnr log, got $#" >&2; exit 2; }
log=$1
[[ -r $log ]] || { echo "fit_check.sh: cannot read '$log'" >&2; exit 2; }
bad=0
for r in ICESTORM_LC ICESTORM_RAM ICESTORM_DSP ICESTORM_SPRAM SB_IO SB_GB; do
  # "Info: 	         ICESTORM_LC:  5028/ 5280    95%" (the last one: nextpnr prints it once after packing)
  line=$(grep -E "^Info:[[:space:]]+$r:" "$log" | tail -n 1)
  if [[ -z $line ]]; then
    echo "icebreaker: $log has no $r utilisation line" >&2; bad=1; continue
  fi
  if ! [[ $line =~ $r:[[:space:]]*([0-9]+)/[[:space:]]*([0-9]+)[[:space:]] ]]; then
    echo "icebreaker: $r: cannot read the utilisation line '$line'" >&2; bad=1; continue
  fi
  used=$((10#${BASH_REMATCH[1]})) total=$((10#${BASH_REMATCH[2]}))
  echo "icebreaker: $r $used / $total"
  ((used <= total)) || { echo "icebreaker: $r: the design needs $used, the UP5K has $total" >&2; bad=1; }
  [[ $r != ICESTORM_LC ]] || lc="$used / $total"
done
((bad == 0)) || exit 1
echo "icebreaker: fits the UP5K after packing ($lc logic cells)"
