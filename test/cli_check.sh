# cli_check.sh: the helpers of the command-line tests (POSIX sh, sourced, not run).
# . "$HERE/../cli_check.sh"; cli_check_begin NAME; check ...; expect ...; cli_check_end
# makes a temporary directory $T (removed on exit) and counts CASES and FAILED; cli_check_end prints
# "NAME: N cases, M failed" and returns non-zero on any failure.

# cli_check_begin NAME: the temporary directory $T and zeroed counters for the test NAME.
cli_check_begin() {
    CLI_CHECK_NAME=$1
    T=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
    trap 'rm -rf "$T"' EXIT INT TERM
    FAILED=0
    CASES=0
}

# check NAME WANT_RC WANT_SUBSTRING CMD...  (stdout and stderr are searched together)
check() {
    name=$1 want_rc=$2 want=$3
    shift 3
    CASES=$((CASES + 1))
    "$@" >"$T/out" 2>&1 </dev/null
    rc=$?
    if [ "$rc" != "$want_rc" ]; then
        echo "FAIL $name: exit $rc, want $want_rc"
        sed 's/^/    /' "$T/out" | head -20
        FAILED=$((FAILED + 1))
    elif [ -n "$want" ] && ! grep -qF -- "$want" "$T/out"; then
        echo "FAIL $name: output lacks '$want'"
        sed 's/^/    /' "$T/out" | head -20
        FAILED=$((FAILED + 1))
    fi
}

# expect NAME GOT WANT  (string equality)
expect() {
    CASES=$((CASES + 1))
    if [ "$2" != "$3" ]; then
        echo "FAIL $1: got '$2', want '$3'"
        FAILED=$((FAILED + 1))
    fi
}

# rows N COLS WORD: N lines of COLS copies of WORD
rows() {
    awk -v n="$1" -v c="$2" -v w="$3" 'BEGIN { for (i = 0; i < n; i++) { s = w; for (j = 1; j < c; j++) s = s " " w; print s } }'
}

# cli_check_end: the summary line; fails when any case failed.
cli_check_end() {
    echo "$CLI_CHECK_NAME: $CASES cases, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}
