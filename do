#!/bin/sh
# do - ngbench's orchestrator. For every implementation and every usable
# compiler line: build, KAT gate, functional checks; records go to
# bench-results/<host>/data. Runs are append-only and resumable: a killed
# ./do run again with the same selection continues where it stopped.
set -u
top=$(cd "$(dirname "$0")" && pwd)
libdir=$top/harness
NGBENCH_LIBDIR=$libdir
. "$libdir/records.sh"

usage() {
    cat <<'USAGE'
usage: ./do [options] [PRIMITIVE-OR-IMPLEMENTATION-DIR ...]

Builds every implementation under crypto_sign/ and crypto_kem/ (or under the
given directories) with every usable compiler line of okcompilers/c, checks it
against its primitive's kat.sha256 (the KAT gate) and runs the functional
checks. Each (implementation, compiler line) is a target; its records are
appended to RESULTS/<host>/data (and data.jsonl) when it finishes.

Selection
  -c PATTERN         only compiler lines whose id or text contains PATTERN
  --okcompilers FILE compiler lines from FILE instead of okcompilers/c
  --quick            the quick tier: first KAT record only
Running
  -j N               run N targets at once (default 1)
  --timeout S        limit for each run of an implementation (default 3600)
  --build-timeout S  limit for each build (default 900)
  --memory MB        address-space limit for builds and runs (default 8192)
  --filesize MB      file-size limit (default 8192)
  --keep-kat         keep generated KAT files that pass (default: keep their digests)
Measurement (after the checks, for every target that built and ran)
  --no-measure       stop after the functional checks
  --no-profile       skip the ICCS helper profile
  --trials T         timing trials per operation, each a fresh process (default 5)
  --min-calls M      timed calls per operation to aim for over all trials (default 100)
  --min-time S       and at least S seconds of timed work per trial (default 0.2)
  --budget S         ...unless that takes longer than S seconds in all (default 20);
                     every trial times at least one call
  (--quick also shortens measurement: 3 trials, 10 calls, 0.05 s, 2 s)
  --restart          start a new campaign even if this selection's last one
                     was interrupted (default: resume it)
Output
  --results DIR      results directory (default: bench-results/ here)
  --list             print the targets and exit
  -h, --help         this text
Merging (ngbench-report merge --help)
  ./do merge [--results DIR] [-o OUT] [INPUT...]
                     every DIR/<host>/data (default bench-results/) into tables,
                     pages and plots under OUT (default DIR/merged/)

Statuses: PASS, FAIL (KAT differs: the first differing record is named),
CRYPTOFAIL (KAT matches but a functional check fails), NOKAT (no manifest),
BUILDFAIL, CRASH, TIMEOUT. Exit status 0 when every target is PASS or NOKAT.
Record kinds and fields: doc/records.md. Environment: NGBENCH_HOST names the
host in records (default: hostname).
USAGE
}

quick=
cpattern=
jobs=1
okfile=$top/okcompilers/c
results=$top/bench-results
restart=
list=
rt_opts=
run_one_line=
NGBENCH_MEMORY_MB=${NGBENCH_MEMORY_MB:-8192}
NGBENCH_FILESIZE_MB=${NGBENCH_FILESIZE_MB:-8192}
need() { [ $# -ge 2 ] || { echo "do: $1 needs a value (try --help)" >&2; exit 1; }; }
# the merge step is its own tool: ./do merge only hands over to it
if [ "${1:-}" = merge ]; then
    shift
    tool=${NGBENCH_REPORT:-$top/report/ngbench-report}
    [ -x "$tool" ] || { echo "do: $tool is missing: run make first" >&2; exit 1; }
    exec "$tool" merge --results "$top/bench-results" "$@"
fi
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --quick) quick=1; rt_opts="$rt_opts --quick --trials 3 --min-calls 10 --min-time 0.05 --budget 2"; shift ;;
    --no-measure | --no-profile) rt_opts="$rt_opts $1"; shift ;;
    --trials | --min-calls | --budget | --min-time)
        need "$@"
        case $2 in '' | *[!0-9.]*) echo "do: $1 wants a number, not '$2'" >&2; exit 1 ;; esac
        rt_opts="$rt_opts $1 $2"
        shift 2
        ;;
    -c) need "$@"; cpattern=$2; shift 2 ;;
    -j) need "$@"; jobs=$2; shift 2 ;;
    -j[0-9]*) jobs=${1#-j}; shift ;;
    --okcompilers) need "$@"; okfile=$2; shift 2 ;;
    --results) need "$@"; results=$2; shift 2 ;;
    --timeout | --build-timeout)
        need "$@"
        case $2 in '' | *[!0-9]*) echo "do: $1 wants seconds, not '$2'" >&2; exit 1 ;; esac
        rt_opts="$rt_opts $1 $2"
        shift 2
        ;;
    --memory) need "$@"; NGBENCH_MEMORY_MB=$2; shift 2 ;;
    --filesize) need "$@"; NGBENCH_FILESIZE_MB=$2; shift 2 ;;
    --keep-kat) rt_opts="$rt_opts --keep-kat"; shift ;;
    --restart) restart=1; shift ;;
    --list) list=1; shift ;;
    --run-one-internal) need "$@"; run_one_line=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "do: unknown option $1 (try --help)" >&2; exit 1 ;;
    *) break ;;
    esac
done
case $jobs in '' | *[!0-9]* | 0) echo "do: -j wants a positive number" >&2; exit 1 ;; esac
export NGBENCH_MEMORY_MB NGBENCH_FILESIZE_MB
NGBENCH_KAT_TOOL=${NGBENCH_KAT_TOOL:-$top/kat/ngbench-kat}
export NGBENCH_KAT_TOOL
NGBENCH_STATS=${NGBENCH_STATS:-$top/measure/ngbench-stats}
export NGBENCH_STATS
[ -x "$NGBENCH_KAT_TOOL" ] || {
    echo "do: $NGBENCH_KAT_TOOL is missing: run ./configure && make first" >&2
    exit 1
}
mkdir -p "$results" || exit 1
results=$(cd "$results" && pwd)
REC_HOST=$(host_name)
REC_ABI=$(host_abi)
hostdir=$results/$REC_HOST
mkdir -p "$hostdir/work" || exit 1

# done_targets: the targets of this campaign that have a 'done' record.
done_targets() {
    [ -f "$hostdir/data" ] || return 0
    awk -v c="campaign=$campaign" '$1 == "ngbench" && $10 == "done" && $11 == c { print $6 "/" $7 "/" $8 "/" $9 }' \
        "$hostdir/data" | sort -u
}
# run_one: one line of the todo list, under a per-target lock so that two
# ./do running the same campaign never run the same target.
run_one() {
    IFS="$tab" read -r n tname impl cid line <<EOT
$1
EOT
    lock=$cdir/locks/$(printf '%s' "$tname" | tr / _)
    mkdir -p "$cdir/locks"
    if ! mkdir "$lock" 2>/dev/null; then
        owner=$(cat "$lock/pid" 2>/dev/null)
        if [ -n "$owner" ] && kill -0 "$owner" 2>/dev/null; then
            echo "[$n/$total] $tname: running in another ./do (pid $owner); skipped here"
            return 0
        fi
        rm -rf "$lock" && mkdir "$lock" 2>/dev/null || return 0
    fi
    echo $$ >"$lock/pid"
    if done_targets | grep -qxF "$tname"; then
        rm -rf "$lock"
        return 0
    fi
    # shellcheck disable=SC2086
    "$libdir/run-target" --results "$results" --campaign "$campaign" --progress "[$n/$total]" $rt_opts \
        "$impl" "$cid" "$line"
    rm -rf "$lock"
}

# one target of a parallel run (-j): the campaign comes from the parent ./do
if [ -n "$run_one_line" ]; then
    tab=$(printf '\t')
    campaign=$NGBENCH_DO_CAMPAIGN cdir=$NGBENCH_DO_CDIR total=$NGBENCH_DO_TOTAL rt_opts=$NGBENCH_DO_RTOPTS
    run_one "$run_one_line" </dev/null
    exit 0
fi


# ---- implementations ----
impls=$hostdir/work/impls.$$
: >"$impls"
has_c() { ls "$1"/*.c >/dev/null 2>&1; }
add_prim() {
    for d in "$1"/*/; do
        d=${d%/}
        has_c "$d" && (cd "$d" && pwd) >>"$impls"
    done
}
if [ $# -eq 0 ]; then
    for p in "$top"/crypto_sign/* "$top"/crypto_kem/*; do
        case ${p##*/} in *[!a-z0-9]*) continue ;; esac # e.g. tsuov-common: shared code
        [ -d "$p" ] && add_prim "$p"
    done
else
    for arg in "$@"; do
        if [ ! -d "$arg" ]; then
            echo "do: $arg: not a directory" >&2
            exit 1
        elif has_c "$arg"; then
            (cd "$arg" && pwd) >>"$impls"
        else
            before=$(wc -l <"$impls")
            add_prim "$arg"
            [ "$(wc -l <"$impls")" -gt "$before" ] || echo "do: $arg: no implementation directories in it" >&2
        fi
    done
fi
[ -s "$impls" ] || { echo "do: nothing to run" >&2; rm -f "$impls"; exit 1; }

# ---- compiler lines ----
compilers=$hostdir/work/compilers.$$
if [ -n "$cpattern" ]; then
    "$libdir/okcompilers" -c "$cpattern" "$okfile" "$hostdir/work" >"$compilers"
else
    "$libdir/okcompilers" "$okfile" "$hostdir/work" >"$compilers"
fi
[ -s "$compilers" ] || { echo "do: no usable compiler line (okcompilers: $okfile${cpattern:+, -c $cpattern})" >&2; exit 1; }

# ---- targets and the campaign they form ----
targets=$hostdir/work/targets.$$
tab=$(printf '\t')
while IFS= read -r impl; do
    case $impl in */crypto_kem/*) op=crypto_kem ;; *) op=crypto_sign ;; esac
    id=$op/$(basename "$(dirname "$impl")")/$(basename "$impl")
    while IFS="$tab" read -r cid line; do
        printf '%s/%s\t%s\t%s\t%s\n' "$id" "$cid" "$impl" "$cid" "$line"
    done <"$compilers"
done <"$impls" | sort -u -t "$tab" -k 1,1 >"$targets"
rm -f "$impls"
total=$(wc -l <"$targets")
if [ -n "$list" ]; then
    cut -f 1,4 "$targets"
    rm -f "$targets" "$compilers"
    exit 0
fi
key=$( { cat "$targets"; echo "quick=$quick"; } | sha256sum | cut -c 1-16)
cdir=$hostdir/campaigns/$key
mkdir -p "$cdir"
if [ -f "$cdir/id" ] && [ ! -f "$cdir/complete" ] && [ -z "$restart" ]; then
    campaign=$(cat "$cdir/id")
    event=resume
else
    campaign=c$(date -u +%Y%m%dT%H%M%SZ)-$$
    echo "$campaign" >"$cdir/id.new" && mv "$cdir/id.new" "$cdir/id"
    rm -f "$cdir/complete"
    event=start
fi
mv "$targets" "$cdir/targets"
mv "$compilers" "$cdir/compilers"

# ---- the run's own records ----
runblock=$hostdir/work/run.$$
: >"$runblock"
record "$runblock" - - - - run "campaign=$campaign" "event=$event" "targets=$total" "quick=${quick:-0}" \
    "okcompilers=$okfile" "start=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
hostinfo=$hostdir/work/hostinfo.$$
"$libdir/hostinfo" >"$hostinfo" 2>"$hostinfo.warn"
set --
while IFS= read -r kv; do set -- "$@" "$kv"; done <"$hostinfo"
while IFS= read -r w; do set -- "$@" "warning=${w#hostinfo: warning: }"; done <"$hostinfo.warn"
record "$runblock" - - - - host "campaign=$campaign" "$@"
sed 's/^hostinfo: /do: /' "$hostinfo.warn"
rm -f "$hostinfo" "$hostinfo.warn"
while IFS="$tab" read -r cid line; do
    version=$(${line%%[[:space:]]*} --version 2>/dev/null | head -n 1)
    record "$runblock" - - - "$cid" compiler "campaign=$campaign" "command=$line" "version=$version"
done <"$cdir/compilers"
append_block "$hostdir/data" "$runblock"
rm -f "$runblock"

todo=$cdir/todo
done_targets >"$cdir/done"
awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($1 in d) { print FNR "\t" $0 }' "$cdir/done" "$cdir/targets" >"$todo"
left=$(wc -l <"$todo")
echo "do: campaign $campaign ($event): $total targets, $((total - left)) already done, $left to run${quick:+, quick tier}"
echo "do: results in $hostdir"

if [ "$jobs" -gt 1 ] && [ "$left" -gt 1 ]; then
    # each line runs in its own ./do --run-one, N at a time
    export NGBENCH_DO_CAMPAIGN=$campaign NGBENCH_DO_CDIR=$cdir NGBENCH_DO_TOTAL=$total NGBENCH_DO_RTOPTS=$rt_opts
    tr '\n' '\0' <"$todo" | xargs -0 -P "$jobs" -n 1 sh "$top/do" --results "$results" --run-one-internal
else
    while IFS= read -r jobline; do
        run_one "$jobline" </dev/null
    done <"$todo"
fi

# ---- summary ----
done_targets >"$cdir/done"
left=$(awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($1 in d)' "$cdir/done" "$cdir/targets" | wc -l)
[ "$left" -eq 0 ] && : >"$cdir/complete"
echo
printf '%-40s %-14s %-11s %s\n' "implementation" "compiler" "status" "(kat / checks)"
awk -v c="campaign=$campaign" '$1 == "ngbench" && $11 == c && ($10 == "status" || $10 == "done") {
        t = $6 "/" $7 "/" $8 "/" $9
        if ($10 == "done") { ok[t] = 1; next }
        delete f; for (i = 12; i <= NF; i++) { p = index($i, "="); f[substr($i, 1, p - 1)] = substr($i, p + 1) }
        line[t] = sprintf("%-40s %-14s %-11s (%s / %s)", $7 "/" $8, $9, f["status"], f["kat"], f["checks"])
        st[t] = f["status"]
    }
    END { for (t in line) if (ok[t]) print line[t] }' "$hostdir/data" | sort
bad=$(awk -v c="campaign=$campaign" '$1 == "ngbench" && $10 == "status" && $11 == c && $13 !~ /^status=(PASS|NOKAT)$/' "$hostdir/data" | wc -l)
if [ "$left" -gt 0 ]; then
    echo "do: $left target(s) not finished; run the same ./do again to resume campaign $campaign"
    exit 1
fi
[ "$bad" -eq 0 ]
