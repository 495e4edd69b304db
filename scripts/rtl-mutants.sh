#!/usr/bin/env bash
# RTL mutation campaign: can the co-simulation regression fail on a real bug in the RTL?
#
#   bash scripts/rtl-mutants.sh [--out DIR] [--only ID,ID...] [--long-jobs N]
#   bash scripts/rtl-mutants.sh --check          # every mutant still applies (no build; ctest rtl_mutants_apply)
#   --table FILE: another mutant table (default test/mutation/rtl_mutants.tsv)
#
# Each line of test/mutation/rtl_mutants.tsv is one mutant: a plausible hardware bug written as an
# exact replacement of text that occurs once in one RTL file, and the configuration whose modes
# exercise it. For each mutant, in a copy of the sources (DIR/src, default build-mutants/; the
# repository is never touched): apply it, rebuild that configuration's Verilator model and mmasim
# (one build directory a configuration, DIR/b-CFG), run the suite's smoke regressions of the
# configuration through ctest, as the suite defines them (rtl_accel_CFG: random jobs of seed 1;
# rtl_accel_faults_CFG: a fault in every job; rtl_accel_kgrid_CFG: every mode's K grid;
# rtl_accel_storm_CFG: every job after a storm of random register traffic) and the
# register test (rtl_accel_regs: mmasim regs); if the
# mutant survives them, the suite's stage tests
# (ctest -L stage: every RTL stage module against its C stage function, tb_mma_stages), and if it
# survives those too, a longer regression (seed 2, --long-jobs, default 1000). Unmutated, all must
# pass first.
# The configuration `soc` names the SoC around the accelerator (hw/rtl/soc): its mutants rebuild
# mmasoc (every SoC model) and the firmware in DIR/b-soc, run the suite's SoC tests (ctest -L soc
# but the board tops: PicoRV32 and VexRiscv with the firmware, the DMA port's random bursts, the
# accelerator through the register window), and for a survivor the simulated board tops (ctest
# board_ulx3s_sim_bare / _ram / _soctest, board_icebreaker_sim_soctest: the UART's serializer at
# 115200 baud, 192, 130 and 8 KiB of RAM, the fp8 accelerator on one DPU) in place of the stage
# tests; there is no long regression. The configuration `micro` names the micro accelerator
# (hw/rtl/micro): its mutants rebuild tb_mma_micro (DIR/b-micro), run ctest rtl_micro (every e4m3
# code pair, random dot products, register misuse against mma_dot), and for a survivor 100 000 random
# dot products of seed 2 in place of the stage tests; there is no long regression either.
# Every mutant prints one progress line; the run ends with a table and the line
#   rtl-mutants: N mutants, K killed by the smoke regression, T by the stage tests, L by the long one,
#   S survived, B did not build
# and exits non-zero if any survived or did not build. One mutant again: --only ID.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$ROOT/scripts/build_retry.sh"
DEFAULT_TABLE="$ROOT/test/mutation/rtl_mutants.tsv"
TABLE=$DEFAULT_TABLE
OUT="$ROOT/build-mutants"
ONLY=""
LONG_JOBS=1000
CHECK=0
die() { echo "rtl-mutants: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) [[ $# -ge 2 ]] || die "--out needs a directory"; OUT=$2; shift 2 ;;
    --only) [[ $# -ge 2 ]] || die "--only needs mutant ids"; ONLY=",$2,"; shift 2 ;;
    --long-jobs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "--long-jobs needs a positive number"; LONG_JOBS=$2; shift 2 ;;
    --check) CHECK=1; shift ;;
    --table) [[ $# -ge 2 ]] || die "--table needs a file"; TABLE=$2; shift 2 ;;
    *) die "unknown option $1 (see the header of $0)" ;;
  esac
done
[[ -f $TABLE ]] || die "no mutant table $TABLE"

# ---- the table: id, config, file, old, new, what (tab separated; # comments)
ids=(); cfgs=(); files=(); olds=(); news=(); whats=()
lineno=0
while IFS= read -r line || [[ -n $line ]]; do
  lineno=$((lineno + 1))
  [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
  IFS=$'\t' read -r -a f <<< "$line"
  [[ ${#f[@]} -eq 6 ]] || die "$TABLE:$lineno: ${#f[@]} fields, not 6 (id, config, file, old, new, what)"
  [[ ${f[1]} == soc || ${f[1]} == micro || -f $ROOT/hw/config/${f[1]}.json ]] || die "$TABLE:$lineno: ${f[1]} is not a configuration of hw/config, nor soc or micro"
  [[ -f $ROOT/${f[2]} ]] || die "$TABLE:$lineno: no file ${f[2]}"
  [[ ${f[3]} != "${f[4]}" ]] || die "$TABLE:$lineno: old and new text are the same"
  for i in "${ids[@]}"; do [[ $i != "${f[0]}" ]] || die "$TABLE:$lineno: id ${f[0]} twice"; done
  ids+=("${f[0]}"); cfgs+=("${f[1]}"); files+=("${f[2]}"); olds+=("${f[3]}"); news+=("${f[4]}"); whats+=("${f[5]}")
done < "$TABLE"
[[ ${#ids[@]} -gt 0 ]] || die "$TABLE has no mutant"

# occurrences of the literal text $2 in file $1
count() { OLD=$2 perl -0ne '$n = () = /\Q$ENV{OLD}\E/g; print $n' "$1"; }
bad=0
for n in "${!ids[@]}"; do
  c=$(count "$ROOT/${files[$n]}" "${olds[$n]}")
  if [[ $c != 1 ]]; then
    echo "rtl-mutants: ${ids[$n]}: its text occurs $c times in ${files[$n]}, not once: update the table" >&2
    bad=$((bad + 1))
  fi
done
if [[ $CHECK == 1 ]]; then
  [[ $bad == 0 ]] || { echo "rtl-mutants: $bad of ${#ids[@]} mutants do not apply"; exit 1; }
  echo "rtl-mutants: ${#ids[@]} mutants apply to the RTL"
  exit 0
fi
[[ $bad == 0 ]] || die "$bad mutants do not apply (bash $0 --check)"

again="bash $0"
[[ $TABLE == "$DEFAULT_TABLE" ]] || again+=" --table $TABLE"
[[ $OUT == "$ROOT/build-mutants" ]] || again+=" --out $OUT"
sel=()
for n in "${!ids[@]}"; do
  [[ -z $ONLY || $ONLY == *",${ids[$n]},"* ]] && sel+=("$n")
done
[[ ${#sel[@]} -gt 0 ]] || die "no mutant of the table is named by --only ${ONLY//,/ }"

# ---- a copy of the sources (the files git tracks, as they are in the working tree). A file that
# differs from its copy is copied with a fresh time, the others keep theirs, so the builds below
# redo only what the change since the last run (or its last mutant, restored) touches.
mkdir -p "$OUT/log" "$OUT/src"
OUT="$(cd "$OUT" && pwd)"
(cd "$ROOT" && git ls-files -z) | while IFS= read -r -d '' f; do
  if [[ -f $ROOT/$f ]] && ! cmp -s "$ROOT/$f" "$OUT/src/$f"; then
    mkdir -p "$(dirname "$OUT/src/$f")"
    cp "$ROOT/$f" "$OUT/src/$f"
  fi
done
[[ -d $ROOT/.venv ]] && ln -sfn "$ROOT/.venv" "$OUT/src/.venv"
# ../shared beside the copy as beside the repository (the real-GPU data sets the firmware embeds)
[[ -d $ROOT/../shared ]] && ln -sfn "$(cd "$ROOT/../shared" && pwd)" "$OUT/shared"

build_target() {  # build target $2 of configuration $1's build directory; log appended to $3
  # (a mutant can change the list of a model's generated files: scripts/build_retry.sh)
  # shellcheck disable=SC2086  # $2 may name several targets
  mma_build "$OUT/b-$1" --target $2 -j "${MMA_MUTANT_BUILD_JOBS:-1}" >> "$3" 2>&1
}
build() {  # build mmasim of configuration $1 into $OUT/b-$1 (for soc: mmasoc and the firmware); log $2
  local b="$OUT/b-$1"
  if [[ $1 == soc ]]; then
    if [[ ! -f $b/CMakeCache.txt ]]; then
      # the whole suite configured (the board tests need MMA_BUILD_TESTS), only the SoC's targets built
      cmake -S "$OUT/src" -B "$b" -DMMA_SIM_CONFIGS=volta > "$2" 2>&1 || return 1
    fi
    # (golden_digest_host: the host side of soc_golden_digest)
    build_target soc "mmasoc mma_firmware mma_firmware_rv32im golden_digest_host" "$2"
    return
  fi
  if [[ $1 == micro ]]; then
    if [[ ! -f $b/CMakeCache.txt ]]; then
      cmake -S "$OUT/src" -B "$b" -DMMA_LIBRARY_ONLY=ON -DMMA_BUILD_SIM=ON -DMMA_BUILD_TESTS=OFF \
        -DMMA_BUILD_CLI=OFF -DMMA_SIM_CONFIGS=fp8 > "$2" 2>&1 || return 1
    fi
    build_target micro tb_mma_micro "$2"
    return
  fi
  if [[ ! -f $b/CMakeCache.txt ]]; then
    cmake -S "$OUT/src" -B "$b" -DMMA_LIBRARY_ONLY=ON -DMMA_BUILD_SIM=ON -DMMA_BUILD_TESTS=OFF \
      -DMMA_BUILD_CLI=OFF -DMMA_SIM_CONFIGS="$1" > "$2" 2>&1 || return 1
  fi
  build_target "$1" mmasim "$2"
}
regress() {  # configuration $1, seed $2, jobs $3, log $4: 0 passed, 1 failed, 124 timed out
  local rc=0
  timeout 1800 "$OUT/b-$1/bin/mmasim" regress --config "$1" --seed "$2" --jobs "$3" --quiet > "$4" 2>&1 || rc=$?
  [[ $rc == 124 ]] && echo "rtl-mutants: timed out after 1800 s" >> "$4"
  [[ $rc == 0 || $rc == 124 ]] && return $rc
  return 1
}
first_fail() {  # the first line of log $1 that says what failed: the harness's own (lines matching
                # $2, by default a regression's words), else ctest's verdict
  local pat=${2:-"FAIL|mismatch|assert|error|timed out"}
  # (not ctest's own lines, which name the tests: soc_elf_errors is no error)
  # (-a: a board top's log may hold the bytes of a garbled UART line)
  { grep -a -v -E "Test +#[0-9]+:|^ *Start +[0-9]+:|^The following tests FAILED" "$1" | grep -a -m1 -E "$pat" || true
    grep -a -m1 -E "Test +#[0-9]+:.*[*]{3}" "$1" || true; } | head -1 | cut -c1-110
}
stages() {  # the suite's stage tests (ctest -L stage) with configuration $1's build (for soc: the
            # simulated board tops); log $2
  : > "$2"
  if [[ $1 == soc ]]; then
    ctest --test-dir "$OUT/b-soc" -R '^board_(ulx3s_sim_(bare|ram|soctest)|icebreaker_sim_soctest)$' --no-tests=error --output-on-failure >> "$2" 2>&1
    return
  fi
  if [[ $1 == micro ]]; then   # more random dot products, another seed
    timeout 1800 "$OUT/b-micro/bin/tb_mma_micro" --seed 2 --pairs 0 --random 100000 >> "$2" 2>&1
    return
  fi
  build_target "$1" tb_mma_stages "$2" || return 2
  ctest --test-dir "$OUT/b-$1" -L "^stage$" --no-tests=error --output-on-failure --timeout 900 >> "$2" 2>&1
}
smoke() {  # the suite's smoke regressions of configuration $1 (ctest rtl_accel_CFG, rtl_accel_faults_CFG,
           # rtl_accel_kgrid_CFG, rtl_accel_storm_CFG) and the register test (rtl_accel_regs); for soc
           # the SoC tests; log $2
  if [[ $1 == soc ]]; then
    # (the first failure suffices: a mutant that hangs the firmware would run each test to its cycle limit)
    ctest --test-dir "$OUT/b-soc" -L '^soc$' -E '^board_' --stop-on-failure --no-tests=error --output-on-failure > "$2" 2>&1
    return
  fi
  if [[ $1 == micro ]]; then
    ctest --test-dir "$OUT/b-micro" -R '^rtl_micro$' --no-tests=error --output-on-failure > "$2" 2>&1
    return
  fi
  ctest --test-dir "$OUT/b-$1" -R "^rtl_accel_((faults_|kgrid_|storm_)?$1|regs)\$" --no-tests=error --output-on-failure > "$2" 2>&1
}

declare -A base_ok
for n in "${sel[@]}"; do
  c=${cfgs[$n]}
  [[ -n ${base_ok[$c]:-} ]] && continue
  echo "rtl-mutants: building $c unmutated ($OUT/b-$c)"
  build "$c" "$OUT/log/base-$c.build.log" || die "the unmutated $c does not build: $OUT/log/base-$c.build.log"
  smoke "$c" "$OUT/log/base-$c.smoke.log" || die "the unmutated $c fails its smoke regressions: $OUT/log/base-$c.smoke.log"
  stages "$c" "$OUT/log/base-$c.stages.log" || die "the unmutated $c fails the stage tests: $OUT/log/base-$c.stages.log"
  [[ $c == soc || $c == micro ]] || regress "$c" 2 "$LONG_JOBS" "$OUT/log/base-$c.long.log" || die "the unmutated $c fails the long regression: $OUT/log/base-$c.long.log"
  base_ok[$c]=1
done

# ---- the mutants
results=()
killed=0; killed_stage=0; killed_long=0; survived=0; nobuild=0; i=0
t0=$SECONDS
for n in "${sel[@]}"; do
  i=$((i + 1))
  id=${ids[$n]}; c=${cfgs[$n]}; f=${files[$n]}
  OLD=${olds[$n]} NEW=${news[$n]} perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$OUT/src/$f"
  log="$OUT/log/$id"
  ts=$SECONDS
  if ! build "$c" "$log.build.log"; then
    r="did not build"; nobuild=$((nobuild + 1)); how="$log.build.log"
  elif smoke "$c" "$log.smoke.log"; then
    src=0
    stages "$c" "$log.stages.log" || src=$?
    if [[ $src == 2 ]]; then
      r="did not build"; nobuild=$((nobuild + 1)); how="$log.stages.log"
    elif [[ $src != 0 ]]; then
      r="killed (stages)"; killed_stage=$((killed_stage + 1))
      how=$(first_fail "$log.stages.log" "MISMATCH|reproduce:|failed|FAIL")   # a stage test's reproduce line
    elif [[ $c == soc ]]; then
      r="SURVIVED"; survived=$((survived + 1)); how="passed the SoC tests and the board simulations"
    elif [[ $c == micro ]]; then
      r="SURVIVED"; survived=$((survived + 1)); how="passed rtl_micro and 100 000 more dot products"
    elif regress "$c" 2 "$LONG_JOBS" "$log.long.log"; then
      r="SURVIVED"; survived=$((survived + 1)); how="passed $(grep -m1 -oE '[0-9]+ passed, 0 failed' "$log.long.log" || true)"
    else
      r="killed (long)"; killed_long=$((killed_long + 1)); how=$(first_fail "$log.long.log")
    fi
  else
    r="killed"; killed=$((killed + 1))
    if [[ $c == soc ]]; then   # the SoC harness's and the firmware's words ("0 errors" is a pass)
      how=$(first_fail "$log.smoke.log" "FAILED|expected|trapped|unmapped|[1-9][0-9]* errors|timed out")
    else
      how=$(first_fail "$log.smoke.log")
    fi
  fi
  cp "$ROOT/$f" "$OUT/src/$f"
  printf '[%d/%d] %-24s %-8s %-14s %4d s  %s\n' "$i" "${#sel[@]}" "$id" "$c" "$r" $((SECONDS - ts)) "$how"
  results+=("$(printf '| `%s` | %s | %s | %s | %s |' "$id" "$c" "${f#hw/rtl/}" "${whats[$n]}" "$r")")
done

echo
echo "| mutant | config | file | the bug | result |"
echo "|---|---|---|---|---|"
printf '%s\n' "${results[@]}"
echo
echo "rtl-mutants: ${#sel[@]} mutants, $killed killed by the smoke regression, $killed_stage by the stage tests, $killed_long by the long one," \
     "$survived survived, $nobuild did not build ($((SECONDS - t0)) s; logs in $OUT/log; one again: $again --only ID)"
[[ $survived == 0 && $nobuild == 0 ]]
