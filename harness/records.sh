# records.sh - shell functions shared by do and run-target: the record
# prefix, value encoding, resource limits and the locked append. Sourced, not
# run. See doc/records.md for the record format.

NGBENCH_FORMAT=1

# enc VALUE: record values carry no whitespace; '%', space, tab and newline
# are percent-encoded (decode with: sed 's/%20/ /g; s/%09/\t/g; s/%0A/\n/g; s/%25/%/g').
enc() {
    case $1 in
    *[%\ \	]* | *"
"*) printf '%s' "$1" | sed 's/%/%25/g; s/ /%20/g; s/	/%09/g' | awk 'NR>1{printf "%%0A"} {printf "%s", $0}' ;;
    *) printf '%s' "$1" ;; # the common case (numbers, names): no process to start
    esac
}

# host_name: this host's name as used in records and paths.
host_name() {
    h=${NGBENCH_HOST:-}
    [ -n "$h" ] || h=$(hostname 2>/dev/null || uname -n)
    printf '%s' "$h" | tr -c 'A-Za-z0-9._-' '_'
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
# record line to FILE. FIELDs are key=value; values are encoded here. The
# date is REC_DATE when set (a target's records carry the day it started).
record() {
    _f=$1 _op=$2 _p=$3 _i=$4 _c=$5 _k=$6
    shift 6
    {
        printf 'ngbench %s %s %s %s %s %s %s %s %s' "$NGBENCH_FORMAT" "$REC_HOST" "$REC_ABI" \
            "${REC_DATE:-$(date -u +%Y%m%d)}" "$_op" "$_p" "$_i" "$_c" "$_k"
        for _kv in "$@"; do
            _v=${_kv#*=}
            case $_v in # encode only what needs it: forks cost more than records
            *[%\ \	]* | *"
"*) _v=$(enc "$_v") ;;
            esac
            printf ' %s=%s' "${_kv%%=*}" "$_v"
        done
        printf '\n'
    } >>"$_f"
}

# with_lock LOCKFILE CMD...: run CMD holding an exclusive lock on LOCKFILE
# (flock(1) where available, else a mkdir lock with stale-owner detection).
with_lock() {
    _l=$1
    shift
    if command -v flock >/dev/null 2>&1; then
        flock "$_l" "$@"
        return
    fi
    while ! mkdir "$_l.d" 2>/dev/null; do
        _owner=$(cat "$_l.d/pid" 2>/dev/null)
        if [ -n "$_owner" ] && ! kill -0 "$_owner" 2>/dev/null; then
            rm -rf "$_l.d" # its owner died holding it
            continue
        fi
        sleep 1
    done
    echo $$ >"$_l.d/pid"
    "$@"
    _rc=$?
    rm -rf "$_l.d"
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
        cat "$2" >>"$1" && "$3" <"$2" >>"$1.jsonl"' sh "$1" "$2" "$NGBENCH_LIBDIR/records-json"
}

# limited SECONDS CMD...: run CMD under the resource limits: wall clock
# (timeout, TERM then KILL), CPU time, address space (NGBENCH_MEMORY_MB), file
# size (NGBENCH_FILESIZE_MB), no core dumps. Prints nothing of its own;
# returns CMD's status (124 or 137 after a timeout, 128+n after signal n).
limited() {
    _s=$1
    shift
    (
        ulimit -c 0 2>/dev/null
        ulimit -t $((_s + 15)) 2>/dev/null
        [ "${NGBENCH_MEMORY_MB:-0}" -gt 0 ] && ulimit -v $((NGBENCH_MEMORY_MB * 1024)) 2>/dev/null
        # -f counts 512-byte blocks in POSIX sh (1024 in bash): ask for enough either way
        [ "${NGBENCH_FILESIZE_MB:-0}" -gt 0 ] && ulimit -f $((NGBENCH_FILESIZE_MB * 2048)) 2>/dev/null
        if command -v timeout >/dev/null 2>&1; then
            exec timeout --kill-after=10 "$_s" "$@"
        fi
        exec "$@"
    )
}

# outcome RC SECONDS-TAKEN LIMIT: the status word for a limited run that
# ended with RC: ok, TIMEOUT, CRASH, or ERROR (a plain nonzero exit).
outcome() {
    if [ "$1" -eq 0 ]; then
        echo ok
    elif [ "$1" -eq 124 ] || [ "$1" -eq 152 ] || { [ "$1" -eq 137 ] && [ "$2" -ge "$3" ]; }; then
        echo TIMEOUT
    elif [ "$1" -gt 128 ]; then
        echo CRASH
    else
        echo ERROR
    fi
}

# signal_name RC: a readable name for a death by signal.
signal_name() {
    _n=$(($1 - 128))
    _name=$(kill -l "$_n" 2>/dev/null)
    echo "signal $_n${_name:+ (SIG$_name)}"
}
