# do-lib.sh - shared setup for the tests that drive ./do on the fixtures
# (sourced). Every test gets its own results directory and a one-line
# okcompilers file with the configured compiler (no -Werror: the fixtures
# imitate submissions, warnings and all).
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
export NGBENCH_KAT_TOOL=${NGBENCH_KAT_TOOL:-$PWD/kat/ngbench-kat}
export NGBENCH_HOST=testhost
fix=$datadir/tests/fixtures
cc=${NGBENCH_CC:-cc}
# records are read through the record tool, never by field position
rec=${NGBENCH_REC:-$PWD/report/ngbench-rec}
fails=0

setup() {
    work=tests/$1.d
    rm -rf "$work"
    mkdir -p "$work"
    work=$(cd "$work" && pwd)
    printf '@cc %s -O2\n' "$cc" >"$work/okcompilers"
    data=$work/res/testhost/data
}

ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# status_of TARGET (operation/primitive/impl/compiler): its status in data
status_of() {
    "$rec" get -k status -w @target="$1" -f status "$data" | tail -n 1
}

# count_kind KIND [FILE]: how many records of KIND (default: the data file)
count_kind() { "$rec" get -k "$1" -f @kind "${2:-$data}" | grep -c .; }

# stable_records FILE: the records of blocks that reached their 'done' record,
# without the fields that change from run to run (dates, times, seconds,
# campaign and attempt ids, digests of timing-dependent output) and without
# the start records (who ran a target, and how often it was started)
stable_records() {
    "$rec" get --complete -x run,host,compiler,start "$1" |
        sed -E 's/^(ngbench [0-9]+ [^ ]+ [^ ]+) [0-9]{8}/\1 DATE/; s/ (campaign|attempt|seconds|cache_seconds|start)=[^ ]*//g' | sort
}

# same_records REF-DATA DATA MESSAGE: ok MESSAGE when the two data files hold
# the same stable records (left in $work/ref.stable and $work/res.stable),
# else bad, with the first differences
same_records() {
    stable_records "$1" >"$work/ref.stable"
    stable_records "$2" >"$work/res.stable"
    if cmp -s "$work/ref.stable" "$work/res.stable"; then
        ok "$3"
    else
        bad "$3: no, the records differ:"
        diff "$work/ref.stable" "$work/res.stable" | head -n 20
    fi
}
