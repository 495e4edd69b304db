# Sourced by the scripts that build into a directory that may hold an earlier build (bash).
#
#   mma_build DIR [cmake --build options...]    cmake --build DIR ...; if that fails, once more
#
# Why a second time: Verilator's CMake function verilate() fixes the list of a model's generated
# C++ files when CMake configures, from that model's last Verilator run. After an RTL change that
# changes the list (files more or fewer), the next build runs Verilator again but compiles and links
# the old list, which can fail (undefined references, a missing file); it also updates the list, so
# the build after it configures again and links the new one. A real error fails both times.
mma_build() {
  local dir=$1
  shift
  cmake --build "$dir" "$@" && return 0
  echo "build of $dir failed; once more, in case Verilator's list of generated files changed (scripts/build_retry.sh)" >&2
  cmake --build "$dir" "$@"
}
