#!/bin/sh
# do - ngbench's orchestrator. For every implementation and every usable
# compiler line: build, KAT gate, functional checks; records go to
# bench-results/<host>/data. Runs are append-only and resumable: a killed
# ./do run again with the same selection continues where it stopped.
set -u
top=$(cd "$(dirname "$0")" && pwd)
# Where things are. In a source tree everything is beside this script; the
# installed front end (ngbench) sets these to the installed locations.
libdir=${NGBENCH_LIBDIR:-$top/harness}
datadir=${NGBENCH_DATADIR:-$top}
NGBENCH_LIBDIR=$libdir
NGBENCH_DATADIR=$datadir
export NGBENCH_LIBDIR NGBENCH_DATADIR
# tool NAME SUBDIR: the program built in this tree, else the installed one
tool() {
    if [ -x "$top/$2/$1" ]; then echo "$top/$2/$1"
    elif [ -n "${NGBENCH_BINDIR:-}" ] && [ -x "$NGBENCH_BINDIR/$1" ]; then echo "$NGBENCH_BINDIR/$1"
    elif [ -x "$libdir/$1" ]; then echo "$libdir/$1"
    else command -v "$1" || echo "$top/$2/$1"; fi
}
. "$libdir/records.sh"

usage() {
    cat <<'USAGE'
usage: ./do [options] [PRIMITIVE-OR-IMPLEMENTATION-DIR ...]   (installed: ngbench ...)

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
  -j N               run N targets at once (default 1; longest first by the estimates)
  --timeout S        limit for each run of an implementation (default 3600)
  --build-timeout S  limit for each build (default 900)
  --memory MB        address-space limit for builds and runs (default 8192)
  --filesize MB      file-size limit (default 8192)
  --keep-kat         keep generated KAT files that pass (default: keep their digests)
  --no-sandbox       run builds and implementations without ngbench-sandbox (the
                     limits and the guards against writes and sockets still apply)
Constant time
  --ct               also check each operation under valgrind memcheck with the
                     secrets (secret key, DRNG output) marked undefined: every
                     secret-dependent branch or memory index is reported. An
                     implementation declares itself constant-time with the files
                     goal-constbranch and goal-constindex; a failing check flags it.
Measurement (after the checks, for every target that built and ran)
  --no-measure       stop after the functional checks
  --no-profile       skip the ICCS helper profile
  --trials T         timing trials per operation, each a fresh process (default 5)
  --min-calls M      timed calls per operation to aim for over all trials (default 100)
  --min-time S       and at least S seconds of timed work per trial (default 1,
                     as the NGCC pages time about a second per trial)
  --budget S         ...unless that takes longer than S seconds in all (default 20);
                     every trial times at least one call
  (--quick also shortens measurement: 3 trials, 10 calls, 0.05 s, 2 s)
  --restart          start a new campaign even if this selection's last one
                     was interrupted (default: resume it)
Output
  --results DIR      results directory (default: bench-results/ beside ./do;
                     for the installed ngbench, ./bench-results)
  --list             print the targets and exit
  --summary          print the status table of this selection's campaign and exit
  -h, --help         this text
  --version          ngbench's version
Campaigns over many cores and hosts (see README.md, "Campaigns")
  --plan             print the campaign as a list of jobs (one per target) with
                     estimated seconds from earlier runs on this host
  --job ID           run exactly one job of the campaign (ID from --plan)
  --shard K/N        run the K-th of N balanced shares (longest jobs first)
  --makefile         print a makefile with one rule per job: make -j N -f FILE
Merging (ngbench-report merge --help)
  ./do merge [--results DIR] [-o OUT] [INPUT...]
                     every DIR/<host>/data (default bench-results/) into tables,
                     pages and plots under OUT (default DIR/merged/)

Statuses: PASS, FAIL (KAT differs: the first differing record is named),
CRYPTOFAIL (KAT matches but a functional check fails), NOKAT (no manifest),
BUILDFAIL, CRASH, TIMEOUT, VIOLATION (tried to write outside its directory
or to open a socket). Exit status 0 when every target is PASS or NOKAT.
Record kinds and fields: doc/records.md. Environment: NGBENCH_HOST names the
host in records (default: hostname).
USAGE
}

quick=
cpattern=
jobs=1
okfile=$datadir/okcompilers/c
results=${NGBENCH_RESULTS:-$top/bench-results}
restart=
list=
rt_opts=
run_one_line=
plan=
job=
shard=
makefile=
summary=
dosel= # the options a generated makefile repeats in every rule
dirs=
q() { printf " '%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
keep() { for _a in "$@"; do dosel="$dosel$(q "$_a")"; done; }
NGBENCH_MEMORY_MB=${NGBENCH_MEMORY_MB:-8192}
NGBENCH_FILESIZE_MB=${NGBENCH_FILESIZE_MB:-8192}
need() { [ $# -ge 2 ] || { echo "do: $1 needs a value (try --help)" >&2; exit 1; }; }
# the merge step is its own tool: ./do merge only hands over to it
if [ "${1:-}" = merge ]; then
    shift
    report=${NGBENCH_REPORT:-$(tool ngbench-report report)}
    [ -x "$report" ] || { echo "do: $report is missing: run make first" >&2; exit 1; }
    exec "$report" merge --results "$results" "$@"
fi
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --version) echo "ngbench $(cat "$datadir/VERSION" 2>/dev/null || echo unknown)"; exit 0 ;;
    --quick) keep "$1"; quick=1; rt_opts="$rt_opts --quick --trials 3 --min-calls 10 --min-time 0.05 --budget 2"; shift ;;
    --no-measure | --no-profile | --ct) keep "$1"; rt_opts="$rt_opts $1"; shift ;;
    --trials | --min-calls | --budget | --min-time)
        need "$@"
        case $2 in '' | *[!0-9.]*) echo "do: $1 wants a number, not '$2'" >&2; exit 1 ;; esac
        keep "$1" "$2"
        rt_opts="$rt_opts $1 $2"
        shift 2
        ;;
    -c) need "$@"; keep "$1" "$2"; cpattern=$2; shift 2 ;;
    -j) need "$@"; jobs=$2; shift 2 ;;
    -j[0-9]*) jobs=${1#-j}; shift ;;
    --okcompilers)
        need "$@"
        [ -r "$2" ] || { echo "do: cannot read $2" >&2; exit 1; }
        okfile=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        keep "$1" "$okfile"
        shift 2
        ;;
    --results) need "$@"; mkdir -p "$2" && results=$(cd "$2" && pwd); keep "$1" "$results"; shift 2 ;;
    --timeout | --build-timeout)
        need "$@"
        case $2 in '' | *[!0-9]*) echo "do: $1 wants seconds, not '$2'" >&2; exit 1 ;; esac
        keep "$1" "$2"
        rt_opts="$rt_opts $1 $2"
        shift 2
        ;;
    --memory) need "$@"; keep "$1" "$2"; NGBENCH_MEMORY_MB=$2; shift 2 ;;
    --filesize) need "$@"; keep "$1" "$2"; NGBENCH_FILESIZE_MB=$2; shift 2 ;;
    --keep-kat) keep "$1"; rt_opts="$rt_opts --keep-kat"; shift ;;
    --no-sandbox) keep "$1"; NGBENCH_NO_SANDBOX=1; export NGBENCH_NO_SANDBOX; shift ;;
    --restart) restart=1; shift ;;
    --list) list=1; shift ;;
    --run-one-internal) need "$@"; run_one_line=$2; shift 2 ;;
    --plan) plan=1; shift ;;
    --makefile) makefile=1; shift ;;
    --summary) summary=1; shift ;;
    --job) need "$@"; job=$2; shift 2 ;;
    --shard)
        need "$@"
        case $2 in
        [1-9]*/[1-9]*) shard=$2 ;;
        *) echo "do: --shard wants K/N with 1 <= K <= N, not '$2'" >&2; exit 1 ;;
        esac
        [ "${shard%/*}" -le "${shard#*/}" ] 2>/dev/null || { echo "do: --shard wants K/N with 1 <= K <= N" >&2; exit 1; }
        shift 2
        ;;
    --)
        shift
        for _a in "$@"; do dirs="$dirs$(q "$_a")"; done
        break
        ;;
    -*) echo "do: unknown option $1 (try --help)" >&2; exit 1 ;;
    *) dirs="$dirs$(q "$1")"; shift ;; # options may follow the directories
    esac
done
eval "set -- $dirs"
case $jobs in '' | *[!0-9]* | 0) echo "do: -j wants a positive number" >&2; exit 1 ;; esac
export NGBENCH_MEMORY_MB NGBENCH_FILESIZE_MB
NGBENCH_KAT_TOOL=${NGBENCH_KAT_TOOL:-$(tool ngbench-kat kat)}
export NGBENCH_KAT_TOOL
NGBENCH_STATS=${NGBENCH_STATS:-$(tool ngbench-stats measure)}
NGBENCH_APIH=${NGBENCH_APIH:-$(tool ngbench-apih harness)}
NGBENCH_SANDBOX=${NGBENCH_SANDBOX:-$(tool ngbench-sandbox harness)}
NGBENCH_OKPARSE=${NGBENCH_OKPARSE:-$(tool ngbench-okparse harness)}
export NGBENCH_OKPARSE
export NGBENCH_STATS NGBENCH_APIH NGBENCH_SANDBOX
if [ -n "${NGBENCH_NO_SANDBOX:-}" ] || [ ! -x "$NGBENCH_SANDBOX" ]; then
    NGBENCH_SANDBOX_LEVEL="none"
else
    NGBENCH_SANDBOX_LEVEL=$("$NGBENCH_SANDBOX" --probe | tr ' ' ',')
fi
export NGBENCH_SANDBOX_LEVEL
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
add_impl() { # skipped, loudly, if its architectures file rules this host out
    if need=$("$libdir/arch-ok" "$1"); then (cd "$1" && pwd) >>"$impls"
    else echo "do: skipping ${1#"$datadir"/}: needs $need (architectures)" >&2; fi
}
add_prim() {
    for d in "$1"/*/; do
        d=${d%/}
        has_c "$d" && add_impl "$d"
    done
}
if [ $# -eq 0 ]; then
    for p in "$datadir"/crypto_sign/* "$datadir"/crypto_kem/*; do
        case ${p##*/} in *[!a-z0-9]*) continue ;; esac # e.g. tsuov-common: shared code
        [ -d "$p" ] && add_prim "$p"
    done
else
    for arg in "$@"; do
        if [ ! -d "$arg" ]; then
            echo "do: $arg: not a directory" >&2
            exit 1
        elif has_c "$arg"; then
            add_impl "$arg"
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
    "$libdir/okcompilers" -c "$cpattern" "$okfile" "$hostdir/work/probe.$$" >"$compilers"
else
    "$libdir/okcompilers" "$okfile" "$hostdir/work/probe.$$" >"$compilers"
fi
rm -rf "$hostdir/work/probe.$$" # each ./do probes in a directory of its own: they may run at once
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

# estimates: seconds each target took in its newest finished run on this host;
# else the mean over the same implementation's other compiler lines; else 60
estimate() {
    awk -F "$tab" -v data="$hostdir/data" '
        FILENAME == data {
            if ($1 != "ngbench" || $10 != "status") next
            t = $6 "/" $7 "/" $8 "/" $9; s = ""
            for (i = 11; i <= NF; i++) if ($i ~ /^seconds=/) s = substr($i, 9) + 0
            if (s != "") { sec[t] = s; impl = $6 "/" $7 "/" $8; isum[impl] += s; icnt[impl]++ }
            next
        }
        {
            t = $1; n = split(t, a, "/"); impl = a[1] "/" a[2] "/" a[3]
            if (t in sec) e = sec[t] " measured"
            else if (impl in icnt) e = int(isum[impl] / icnt[impl] + 0.5) " other-compilers"
            else e = "60 default"
            split(e, b, " ")
            print $1 "\t" b[1] "\t" b[2]
        }' FS=' ' "${hostdir}/data" FS="$tab" "$1" 2>/dev/null
}
[ -f "$hostdir/data" ] || : >"$hostdir/data"
estimate "$targets" >"$targets.est"

if [ -n "$plan" ]; then
    echo "# ngbench campaign plan: $total jobs on $REC_HOST (selection $key${quick:+, quick tier})"
    echo "# run one with: ./do [the same selection] --job ID; balanced shares: --shard K/N"
    echo "# longest first, so that a scheduler taking the jobs in this order keeps its workers busy"
    echo "# ID	estimated-seconds	estimate-source	compiler-line"
    awk -F "$tab" 'FILENAME == ARGV[1] { e[$1] = $2 "\t" $3; next } { print FNR "\t" $1 "\t" e[$1] "\t" $4 }' \
        "$targets.est" "$targets" | sort -t "$tab" -k 3,3nr -k 1,1n | cut -f 2-
    rm -f "$targets" "$targets.est" "$compilers"
    exit 0
fi
if [ -n "$makefile" ]; then
    # one rule per job, so that make -j (or its job server) schedules them
    sel=
    for a in "$@"; do sel="$sel$(q "$(cd "$a" && pwd)")"; done
    echo "# ngbench campaign: $total jobs; run with make -j N -f THIS-FILE"
    echo "# generated by ./do --makefile; the selection is repeated in every rule"
    echo "DO = ${NGBENCH_DO:-$top/do}"
    echo "SELECTION =$dosel$sel"
    printf ".PHONY: all summary"; j=1; while [ $j -le "$total" ]; do printf " job%d" $j; j=$((j + 1)); done; echo
    printf 'all: summary\n'
    i=0
    while IFS="$tab" read -r id rest; do
        i=$((i + 1))
        printf 'job%d:\n\t-$(DO) $(SELECTION) --job %s\n' "$i" "$id"
    done <"$targets"
    # make -j starts prerequisites in the order listed: longest first
    printf 'summary:'
    awk -F "$tab" 'FILENAME == ARGV[1] { e[$1] = $2; next } { print e[$1] + 0 "\t" FNR }' "$targets.est" "$targets" |
        sort -t "$tab" -k 1,1nr -k 2,2n | cut -f 2 | while read -r j; do printf ' job%d' "$j"; done
    printf '\n\t$(DO) $(SELECTION) --summary\n'
    rm -f "$targets" "$targets.est" "$compilers"
    exit 0
fi

# ---- the campaign: created once, under a lock, shared by every ./do of it ----
mkdir -p "$cdir"
if [ -n "$summary" ]; then
    [ -f "$cdir/id" ] || { echo "do: no campaign for this selection yet" >&2; exit 1; }
    event=summary
else
    event=$(NGBENCH_CDIR=$cdir NGBENCH_RESTART=$restart NGBENCH_PART=$job$shard with_lock "$cdir/lock" sh -c '
        cdir=$NGBENCH_CDIR
        if [ -f "$cdir/id" ] && [ ! -f "$cdir/complete" ] && { [ -z "$NGBENCH_RESTART" ] || [ -n "$NGBENCH_PART" ]; }; then
            echo resume
        else
            echo "c$(date -u +%Y%m%dT%H%M%SZ)-$$" >"$cdir/id.new" && mv "$cdir/id.new" "$cdir/id"
            rm -f "$cdir/complete"
            echo start
        fi')
fi
campaign=$(cat "$cdir/id")
mv "$targets" "$cdir/targets"
mv "$targets.est" "$cdir/estimates"
mv "$compilers" "$cdir/compilers"

# ---- the run's own records: the whole block when a campaign starts or a
# plain ./do resumes it; a single run record for one job or one shard ----
runblock=$hostdir/work/run.$$
: >"$runblock"
if [ "$event" != summary ]; then
    part=
    [ -n "$job" ] && part="job=$job"
    [ -n "$shard" ] && part="shard=$shard"
    record "$runblock" - - - - run "campaign=$campaign" "event=$event" "targets=$total" "quick=${quick:-0}" \
        "okcompilers=$okfile" "start=$(date -u +%Y-%m-%dT%H:%M:%SZ)" ${part:+"$part"}
    if [ "$event" = start ] || [ -z "$part" ]; then
        hostinfo=$hostdir/work/hostinfo.$$
        "$libdir/hostinfo" >"$hostinfo" 2>"$hostinfo.warn"
        set --
        while IFS= read -r kv; do set -- "$@" "$kv"; done <"$hostinfo"
        while IFS= read -r w; do set -- "$@" "warning=${w#hostinfo: warning: }"; done <"$hostinfo.warn"
        record "$runblock" - - - - host "campaign=$campaign" "$@" "sandbox=$NGBENCH_SANDBOX_LEVEL"
        sed 's/^hostinfo: /do: /' "$hostinfo.warn"
        rm -f "$hostinfo" "$hostinfo.warn"
        while IFS="$tab" read -r cid line; do
            version=$(${line%%[[:space:]]*} --version 2>/dev/null | head -n 1)
            record "$runblock" - - - "$cid" compiler "campaign=$campaign" "command=$line" "version=$version"
        done <"$cdir/compilers"
    fi
    append_block "$hostdir/data" "$runblock"
fi
rm -f "$runblock"

# ---- what this invocation runs ----
todo=$cdir/todo.$$
done_targets >"$cdir/done"
awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($1 in d) { print FNR "\t" $0 }' "$cdir/done" "$cdir/targets" >"$todo"
if [ -n "$job" ]; then
    if ! cut -f 1 "$cdir/targets" | grep -qxF "$job"; then
        echo "do: no job '$job' in this selection (see ./do --plan)" >&2
        rm -f "$todo"
        exit 1
    fi
    awk -F "$tab" -v j="$job" '$2 == j' "$todo" >"$todo.1" && mv "$todo.1" "$todo"
fi
if [ -n "$shard" ]; then
    # longest first onto the least loaded of N shards, over the whole campaign
    # so that every shard computes the same split
    k=${shard%/*}
    n=${shard#*/}
    sort -t "$tab" -k 2,2nr -k 1,1 "$cdir/estimates" | awk -F "$tab" -v n="$n" -v k="$k" '{
            best = 1; for (s = 2; s <= n; s++) if (load[s] < load[best]) best = s
            load[best] += $2; if (best == k) print $1 }' >"$todo.mine"
    awk -F "$tab" 'FILENAME == ARGV[1] { m[$0] = 1; next } ($2 in m)' "$todo.mine" "$todo" >"$todo.1"
    mv "$todo.1" "$todo"
    rm -f "$todo.mine"
fi
if [ "$jobs" -gt 1 ]; then
    # N workers: longest first (by the estimates), so that a long target does
    # not start last and leave the other workers idle at the end
    awk -F "$tab" 'FILENAME == ARGV[1] { e[$1] = $2; next } { print e[$2] + 0 "\t" $0 }' "$cdir/estimates" "$todo" |
        sort -t "$tab" -k 1,1nr -k 2,2n | cut -f 2- >"$todo.1"
    mv "$todo.1" "$todo"
fi
left=$(wc -l <"$todo")
[ "$event" = summary ] && left=0
if [ "$event" != summary ]; then
    echo "do: campaign $campaign ($event): $total targets, $(wc -l <"$cdir/done") already done, $left to run here${quick:+, quick tier}${job:+ (job $job)}${shard:+ (shard $shard)}"
    echo "do: results in $hostdir"
fi

if [ "$jobs" -gt 1 ] && [ "$left" -gt 1 ]; then
    # each line runs in its own ./do --run-one-internal, N at a time
    export NGBENCH_DO_CAMPAIGN=$campaign NGBENCH_DO_CDIR=$cdir NGBENCH_DO_TOTAL=$total NGBENCH_DO_RTOPTS=$rt_opts
    tr '\n' '\0' <"$todo" | xargs -0 -P "$jobs" -n 1 sh "$top/do" --results "$results" --run-one-internal
elif [ "$left" -gt 0 ]; then
    while IFS= read -r jobline; do
        run_one "$jobline" </dev/null
    done <"$todo"
fi
rm -f "$todo"

# ---- summary: this invocation's targets (a job's or a shard's), or all ----
done_targets >"$cdir/done"
remaining=$(awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($1 in d)' "$cdir/done" "$cdir/targets" | wc -l)
[ "$remaining" -eq 0 ] && : >"$cdir/complete"
scope=$cdir/scope.$$
if [ -n "$job" ]; then
    printf '%s\n' "$job" >"$scope"
else
    cut -f 1 "$cdir/targets" >"$scope"
fi
echo
printf '%-40s %-14s %-11s %s\n' "implementation" "compiler" "status" "(kat / checks)"
awk -v c="campaign=$campaign" '
    FILENAME == ARGV[1] { want[$0] = 1; next }
    $1 == "ngbench" && $11 == c && ($10 == "status" || $10 == "done") {
        t = $6 "/" $7 "/" $8 "/" $9
        if (!(t in want)) next
        if ($10 == "done") { ok[t] = 1; next }
        split("", f); for (i = 12; i <= NF; i++) { p = index($i, "="); f[substr($i, 1, p - 1)] = substr($i, p + 1) }
        line[t] = sprintf("%-40s %-14s %-11s (%s / %s)", $7 "/" $8, $9, f["status"], f["kat"], f["checks"])
        st[t] = f["status"]
    }
    END {
        for (t in line) if (ok[t]) { print line[t]; if (st[t] != "PASS" && st[t] != "NOKAT") bad++ }
        if (bad) print bad > "/dev/stderr"
    }' "$scope" "$hostdir/data" 2>"$scope.bad" | sort
bad=$(cat "$scope.bad" 2>/dev/null)
# exported symbols shared by different implementations: harmless apart, but
# they collide when the implementations are linked into one program
awk -v c="campaign=$campaign" '$1 == "ngbench" && $10 == "symbols" && $11 == c {
        for (i = 12; i <= NF; i++) if ($i ~ /^names=/) {
            n = split(substr($i, 7), a, ","); for (k = 1; k <= n; k++) if (a[k] != "") {
                impl = $7 "/" $8; if (index(" " who[a[k]] " ", " " impl " ") == 0) { who[a[k]] = who[a[k]] " " impl; cnt[a[k]]++ } } }
        for (i = 12; i <= NF; i++) if ($i ~ /^iccs=/ && $i != "iccs=-") print "do: warning: " $7 "/" $8 " defines ICCS symbols itself: " substr($i, 6) }
    END { for (s in cnt) if (cnt[s] > 1) { shared++; if (!ex) ex = s ":" who[s] }
        if (shared) printf "do: note: %d exported symbol(s) are defined by more than one implementation, e.g. %s\n", shared, ex }' \
    "$hostdir/data" | sort -u
awk -v c="campaign=$campaign" '$1 == "ngbench" && $10 == "ct" && $11 == c && / result=fail / && / declared=yes/ {
        op = ""; first = ""
        for (i = 12; i <= NF; i++) {
            if ($i ~ /^op=/) op = substr($i, 4)
            if ($i ~ /^first=/) { first = substr($i, 7); gsub(/%20/, " ", first); gsub(/%25/, "%", first) }
        }
        print "do: warning: " $7 "/" $8 " (" $9 ") declares itself constant-time but " op " fails the check: " first }' \
    "$hostdir/data" | sort -u
rm -f "$scope" "$scope.bad"
if [ "$remaining" -gt 0 ] && [ -z "$job$shard" ]; then
    echo "do: $remaining target(s) not finished; run the same ./do again to resume campaign $campaign"
    exit 1
fi
[ -n "$job$shard" ] && [ "$remaining" -gt 0 ] && echo "do: campaign $campaign: $remaining target(s) left for other jobs or shards"
[ -z "$bad" ]
