#!/usr/bin/env bash
# ctest qemu_selftest_no_gpu_vectors: selftest built without the real-GPU data sets (as on a machine
# without ../shared/vectors/gpu: MMA_FW_GPU_VECTORS names no directory) must still build - under the
# suite's warnings-as-errors - and run on QEMU virt: it says so, checks the rest and exits 77.
#   bash no_vectors.sh WORKDIR       (QEMU=qemu-system-riscv32 in the environment, as run.sh wants)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
W=${1:?usage: no_vectors.sh WORKDIR}
rm -rf "$W" && mkdir -p "$W"
cmake -S "$ROOT/firmware/apps" -B "$W/build" -DCMAKE_TOOLCHAIN_FILE="$ROOT/board/rv32/toolchain-rv32imc.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DMMA_FW_OUTPUT_DIR="$W/out" -DMMA_FW_GPU_VECTORS="$W/no-such-directory" > "$W/configure.log"
cmake --build "$W/build" --target selftest > "$W/build.log" 2>&1 || { cat "$W/build.log"; exit 1; }
bash "$ROOT/board/qemu-virt/run.sh" "$W/out/selftest.elf" --timeout 120 --expect-exit 77
