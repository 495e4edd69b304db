#!/usr/bin/env bash
# Static analysis of the library, the CLI and the public headers: clang-tidy and cppcheck.
#
#   bash scripts/static-analysis.sh [--build-dir DIR] [--jobs N]
#
# clang-tidy: the checks of .clang-tidy (repository root) on the library sources (cmake/MmaLibSources.cmake) and cli/*.c, with
#   include/mma/*.h and the private headers through HeaderFilterRegex; it needs a compilation
#   database, made by configuring the project (no build) in DIR (default build-sa/).
# cppcheck: --enable=warning,portability,performance on firmware/lib, cli and include; suppressions
#   only inline ("// cppcheck-suppress <id>" with the reason on the same line), never in a file.
# Exit status: 0 clean, 1 findings (listed, then counted per tool), 2 usage or configure error,
# 77 clang-tidy or cppcheck missing (ctest reports the test as skipped; apt-get install clang-tidy
# cppcheck).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build-sa"
JOBS=${JOBS:-2}
while (($#)); do
  case $1 in
    --build-dir) BUILD=${2:?}; shift 2 ;;
    --jobs) JOBS=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^set -/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "static-analysis.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

missing=()
command -v clang-tidy >/dev/null 2>&1 || missing+=(clang-tidy)
command -v cppcheck >/dev/null 2>&1 || missing+=(cppcheck)
if ((${#missing[@]})); then
  echo "SKIPPED: static analysis needs ${missing[*]} (apt-get install ${missing[*]})"
  exit 77
fi

# ---------------------------------------------------------------- compilation database
cc=cc
command -v clang >/dev/null 2>&1 && cc=clang # clang-tidy understands every clang flag
mkdir -p "$BUILD"
# Only the library and the CLI are analysed: the Verilator models (verilate() runs Verilator at
# configure time: 14 runs, most of this script's time until 2026-11-28), the RTL generator and the
# firmware cross build stay off.
if ! CC=$cc cmake -S "$ROOT" -B "$BUILD" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DMMA_BUILD_TESTS=OFF \
  -DMMA_BUILD_CLI=ON -DMMA_FUZZ=OFF -DMMA_LIBRARY_ONLY=ON \
  >"$BUILD/configure.log" 2>&1; then
  cat "$BUILD/configure.log" >&2
  echo "static-analysis.sh: configure failed" >&2
  exit 2
fi

# The library's sources from the one list (cmake/MmaLibSources.cmake), then the CLI.
sources=()
while IFS= read -r f; do
  [[ -n $f ]] && sources+=("$ROOT/$f")
done < <(cmake -DMMA_PRINT_SOURCES=ON -P "$ROOT/cmake/MmaLibSources.cmake")
for f in "$ROOT"/cli/*.c; do
  [[ -f $f ]] && sources+=("$f")
done

# ---------------------------------------------------------------- clang-tidy
echo "== clang-tidy ($(clang-tidy --version | grep -oE 'version [0-9.]+' | head -n 1)): ${#sources[@]} files"
tidy_log="$BUILD/clang-tidy.log"
printf '%s\n' "${sources[@]}" |
  xargs -P "$JOBS" -n 4 clang-tidy -p "$BUILD" --quiet >"$tidy_log" 2>"$BUILD/clang-tidy.stderr"
# One finding per unique "file:line:col: severity: text [check]" line (headers are seen many times).
tidy_findings=$(grep -E '^/.*:[0-9]+:[0-9]+: (warning|error): ' "$tidy_log" | sort -u)
tidy_count=0
if [[ -n $tidy_findings ]]; then
  tidy_count=$(printf '%s\n' "$tidy_findings" | wc -l)
  printf '%s\n' "$tidy_findings" | sed "s|$ROOT/||"
fi
if grep -qE 'error: (unable|cannot|could not)|Error while processing' "$BUILD/clang-tidy.stderr" "$tidy_log"; then
  grep -E 'error: (unable|cannot|could not)|Error while processing' "$BUILD/clang-tidy.stderr" "$tidy_log" | head >&2
  tidy_count=$((tidy_count + 1))
fi

# ---------------------------------------------------------------- cppcheck
echo "== cppcheck ($(cppcheck --version)): firmware/lib cli include"
cpp_log="$BUILD/cppcheck.log"
cppcheck --enable=warning,portability,performance --error-exitcode=1 --inline-suppr --std=c11 --language=c \
  --quiet -j "$JOBS" -I "$ROOT/include" -I "$ROOT/firmware/lib" -I "$ROOT/cli" \
  --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
  "$ROOT/firmware/lib" "$ROOT/cli" "$ROOT/include" >"$cpp_log" 2>&1
cpp_rc=$?
cpp_count=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: ' "$cpp_log")
sed "s|$ROOT/||" "$cpp_log"
if ((cpp_rc != 0 && cpp_count == 0)); then
  cpp_count=1 # failed without a finding line (e.g. a syntax error it could not parse)
fi

echo "== static analysis: clang-tidy $tidy_count finding(s), cppcheck $cpp_count finding(s)"
((tidy_count == 0 && cpp_count == 0))
