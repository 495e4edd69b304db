# Sourced by the scripts that build into a directory that may hold an earlier build (bash).
#
#   mma_build DIR [cmake --build options...]    cmake --build DIR ...; again while a build changed a
#                                                model's list of generated files (at most 5 builds),
#                                                and once more after a first failure
#
# Why again: Verilator's CMake function verilate() fixes the list of a model's generated C++ files
# when CMake configures, from that model's last Verilator run. After an RTL change that changes the
# list (files more or fewer), the next build runs Verilator again but compiles and links the old
# list: that can fail (undefined references, a missing file), or succeed with a stale object of the
# old list in the model's archive, which the linker may take. The build updates the list (it copies
# it to <model>_copy.cmake), so the build after it configures again and links the new one. One more
# build is not always enough: make stops at the first model that fails to link, so a model later in
# the build runs Verilator (and changes its list) only in the next build (2026-11-30: coverage.sh's
# build of the fp8 model and tb_mma_exact_array_e5 failed twice, then linked). A build that fails
# without changing a list, after the first, is a real error.
mma_build() {
  local dir=$1
  shift
  mkdir -p "$dir"
  local stamp="$dir/.mma_build_stamp" n=1 rc changed
  while :; do
    : >"$stamp"
    rc=0
    cmake --build "$dir" "$@" || rc=$?
    changed=$(find "$dir" -name '*_copy.cmake' -newer "$stamp" -print -quit)
    if [[ -z $changed ]] && { ((rc == 0)) || ((n > 1)); }; then
      return "$rc"
    fi
    if ((n >= 5)); then
      echo "build of $dir: still failing or changing a model's list of generated files after $n builds" >&2
      return $((rc != 0 ? rc : 1))
    fi
    if ((rc == 0)); then
      echo "a Verilator model's list of generated files changed in this build of $dir: once more with the new list (scripts/build_retry.sh)" >&2
    else
      echo "build of $dir failed; once more, in case Verilator's list of generated files changed (scripts/build_retry.sh)" >&2
    fi
    n=$((n + 1))
  done
}
