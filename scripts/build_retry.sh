# Sourced by the scripts that build into a directory that may hold an earlier build (bash).
#
#   mma_build DIR [cmake --build options...]    cmake --build DIR ...; a second time when that
#                                                failed or changed a model's list of generated files
#
# Why a second time: Verilator's CMake function verilate() fixes the list of a model's generated
# C++ files when CMake configures, from that model's last Verilator run. After an RTL change that
# changes the list (files more or fewer), the next build runs Verilator again but compiles and links
# the old list: that can fail (undefined references, a missing file), or succeed with a stale
# object of the old list in the model's archive, which the linker may take. The build updates the
# list (it copies it to <model>_copy.cmake), so the build after it configures again and links the
# new one. A real error fails both times.
mma_build() {
  local dir=$1
  shift
  mkdir -p "$dir"
  local stamp="$dir/.mma_build_stamp"
  : >"$stamp"
  if cmake --build "$dir" "$@"; then
    [[ -z $(find "$dir" -name '*_copy.cmake' -newer "$stamp" -print -quit) ]] && return 0
    echo "a Verilator model's list of generated files changed in this build of $dir: once more with the new list (scripts/build_retry.sh)" >&2
  else
    echo "build of $dir failed; once more, in case Verilator's list of generated files changed (scripts/build_retry.sh)" >&2
  fi
  cmake --build "$dir" "$@"
}
