# Sourced by scripts/regress.sh and scripts/regress-all.sh: the checks of the options both take.
# mma_regress_check_opts SEED JOBS SHARDS FAULTS refuses, through the caller's usage function (its
# message, exit 2), a seed that is not a number, fewer than one job or shard, or a share of faulted
# jobs outside 0 .. 1000 permille (FAULTS empty: mmasim's default).
mma_regress_check_opts() {
  [[ $1 =~ ^[0-9]+$ ]] || usage "--seed takes a number (got '$1')"
  [[ $2 =~ ^[1-9][0-9]*$ ]] || usage "--jobs takes a number of jobs >= 1 (got '$2')"
  [[ $3 =~ ^[1-9][0-9]*$ ]] || usage "--shards takes a number >= 1 (got '$3')"
  [[ -z $4 ]] || { [[ $4 =~ ^[0-9]+$ ]] && ((10#$4 <= 1000)); } ||
    usage "--faults takes a share of faulted jobs in permille, 0 .. 1000 (got '$4')"
}
