# records.sh - shell functions shared by do and run-target: the host's
# name and ABI, the run's own records and the locked append. Sourced, not
# run. Records are written and read only through ngbench-rec (report/record.c
# owns the format); see doc/records.md.

# the record tool: built in this tree, or installed beside the harness
if [ -z "${NGBENCH_REC:-}" ]; then
    for _r in "${NGBENCH_LIBDIR:-.}/../report/ngbench-rec" "${NGBENCH_BINDIR:-/nonexistent}/ngbench-rec" \
        "${NGBENCH_LIBDIR:-.}/ngbench-rec"; do
        [ -x "$_r" ] && { NGBENCH_REC=$_r; break; }
    done
    : "${NGBENCH_REC:=ngbench-rec}"
fi
export NGBENCH_REC

# host_name: this host's name as used in records and paths.
host_name() {
    h=${NGBENCH_HOST:-}
    [ -n "$h" ] || h=$(hostname 2>/dev/null || uname -n)
    printf '%s' "$h" | tr -c 'A-Za-z0-9._-' '_' | cut -c 1-64
}

# host_abi: the ABI name of this machine (amd64, arm64, ...).
host_abi() {
    m=$(uname -m)
    case $m in
    x86_64 | amd64) echo amd64 ;;
    aarch64 | arm64) echo arm64 ;;
    i?86) echo x86 ;;
    *) printf '%s\n' "$m" | tr -c 'A-Za-z0-9_\n' '_' ;;
    esac
}

# record FILE OPERATION PRIMITIVE IMPL COMPILER-ID KIND FIELD...: append one
# record line to FILE (ngbench-rec write). The date is REC_DATE when set.
record() {
    _f=$1
    shift
    "$NGBENCH_REC" write -H "$REC_HOST" -A "$REC_ABI" ${REC_DATE:+-D "$REC_DATE"} "$_f" "$@"
}

# lock_take DIR [WAIT]: the one stale-pid lock of ngbench's scripts (the
# campaign's and the data file's where flock(1) is missing, a measuring
# CPU's): a directory made atomically by mkdir, DIR/pid naming its holder.
# A lock whose holder is dead (killed with SIGKILL while holding it) is
# taken over; a live holder is waited for, 1 s at a time, for ever or at
# most WAIT seconds (0: one try). Returns 0 with the lock held (DIR/pid is
# this shell's $$), 1 when WAIT ran out. tests/lock.sh checks both.
lock_take() {
    _lt_d=$1 _lt_w=${2:--1}
    while ! mkdir "$_lt_d" 2>/dev/null; do
        _lt_o=$(cat "$_lt_d/pid" 2>/dev/null)
        if [ -n "$_lt_o" ] && ! kill -0 "$_lt_o" 2>/dev/null; then
            rm -rf "$_lt_d" # its holder died holding it
            continue
        fi
        [ "$_lt_w" -eq 0 ] && return 1
        sleep 1
        [ "$_lt_w" -gt 0 ] && _lt_w=$((_lt_w - 1))
    done
    echo $$ >"$_lt_d/pid"
}
# lock_drop DIR: give the lock back
lock_drop() { rm -rf "$1"; }

# with_lock LOCKFILE CMD...: run CMD holding an exclusive lock on LOCKFILE
# (flock(1) where available, else lock_take).
with_lock() {
    _l=$1
    shift
    if command -v flock >/dev/null 2>&1; then
        flock "$_l" "$@"
        return
    fi
    lock_take "$_l.d"
    "$@"
    _rc=$?
    lock_drop "$_l.d"
    return $_rc
}

# append_block DATA BLOCK: append a block of records, and their JSON lines to
# DATA.jsonl, under DATA's lock. A file left without its final newline by a
# killed writer gets one first, so the broken line stays on its own.
append_block() {
    with_lock "$1.lock" sh -c '
        for f in "$1" "$1.jsonl"; do
            [ -s "$f" ] && [ "$(tail -c 1 "$f" | od -An -c | tr -d " ")" != "\\n" ] && echo >>"$f"
        done
        cat "$2" >>"$1" && "$3" json "$2" >>"$1.jsonl"' sh "$1" "$2" "$NGBENCH_REC"
}
