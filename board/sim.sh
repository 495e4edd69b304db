# The board flows' simulation step (board/icebreaker/build.sh and board/ulx3s/build.sh, --sim),
# sourced by them after they set ROOT:
#   mma_board_sim TAG OUT EXIT VERILATOR_ARGS... [-- SIM_TOP_ARGS...]
#       builds OUT/sim/sim_top (verilator --cc --exe --build with the SoC's Verilator flags of
#       cmake/MmaRtlSources.cmake and VERILATOR_ARGS: the top, its sources, its sim_top.cpp; the
#       log in OUT/sim.build.log), runs it in OUT (where firmware.hex is) with SIM_TOP_ARGS, its
#       console to stdout and OUT/sim.log (after checking that it refuses bad options), and exits 1 ("TAG: ...", with the command that runs it
#       again) unless it passes - the firmware ended with exit code EXIT (what the message names)
mma_board_sim() {
  local tag=$1 out=$2 want=$3 vflags t0 t1 try
  shift 3
  local vargs=()
  while (($#)) && [[ $1 != -- ]]; do vargs+=("$1"); shift; done
  (($# == 0)) || shift
  mapfile -t vflags < <(cmake -DMMA_PRINT_RTL=soc_verilator_args -P "$ROOT/cmake/MmaRtlSources.cmake")
  t0=$(date +%s)
  # A second try from scratch: the dependency files of an earlier build in OUT/sim may name a
  # file that is gone (make: "No rule to make target").
  for try in 1 2; do
    verilator --cc --exe --build -j 2 "${vflags[@]}" --Mdir "$out/sim" -o sim_top "${vargs[@]}" \
      >"$out/sim.build.log" 2>&1 && break
    ((try == 1)) || { tail -n 30 "$out/sim.build.log" >&2; echo "$tag: the simulation model did not build" >&2; exit 1; }
    rm -rf "$out/sim"
  done
  t1=$(date +%s)
  # a bad option must stop the top before it runs (status 2), not run it for 0 cycles
  local bad
  for bad in "--max-cycles 12x" "--max-cycles 0" "--max-cycles" "--cycles 5"; do
    # shellcheck disable=SC2086  # split on purpose: the option and its value
    if (cd "$out" && ./sim/sim_top $bad >/dev/null 2>&1); (($? != 2)); then
      echo "$tag: sim_top did not refuse '$bad' with status 2" >&2
      exit 1
    fi
  done
  (cd "$out" && ./sim/sim_top "$@") | tee "$out/sim.log"
  ((PIPESTATUS[0] == 0)) || {
    echo "$tag: the simulated board did not exit $want (see $out/sim.log); again: (cd $out && ./sim/sim_top${*:+ $*})" >&2
    exit 1
  }
  echo "$tag: simulation $(($(date +%s) - t1)) s (model build $((t1 - t0)) s)"
}
