#!/bin/sh
# do - ngbench's orchestrator: the command line, the discovery of targets
# (implementation x compiler line) and the loop that runs them. Campaign
# planning (estimates, the fixed plan, shards, the makefile) is
# harness/campaign's; one target is harness/run-target's; records are read
# and written through ngbench-rec; the terminal report is ngbench-report
# status's. Runs are append-only and resumable: a killed ./do run again with
# the same selection continues its campaign.
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
NGBENCH_REC=${NGBENCH_REC:-$(tool ngbench-rec report)}
export NGBENCH_REC
. "$libdir/records.sh"
version=$(cat "$datadir/VERSION" 2>/dev/null || echo unknown)

usage() {
    cat <<'USAGE'
usage: ./do [options] [PRIMITIVE-OR-IMPLEMENTATION-DIR ...]   (installed: ngbench ...)
       ./do merge [--results DIR] [-o OUT] [INPUT...]
       ./do compare [--results DIR] [--fail-if-slower PCT] [A B]
       ./do collect [--results DEST] SOURCE...

Builds every implementation under crypto_sign/ and crypto_kem/ (or under the
given directories) with every usable compiler line of okcompilers/c, checks it
against its primitive's kat.sha256 (the KAT gate) and runs the functional
checks, then measures it. Each (implementation, compiler line) is a target;
its records are appended to RESULTS/<host>/data (and data.jsonl) when it
finishes. Every option also takes the form --option=value.

How long: ./do --plan prints the estimate for any selection before anything
runs, with one worker and with -j 2 (the larger of the timing trials' sum and
half of all the steps). The full default campaign (204 targets) has not yet
run to its end; on a 2-vCPU AMD EPYC VM with -j 2 its timing trials alone add
up to about 2.2 hours (UVW-512 ref: 10 min a target), README.md "How long".
One primitive with --quick: minutes.

Selection
  -c PATTERN         only compiler lines whose id or text contains PATTERN
  --okcompilers FILE compiler lines from FILE instead of okcompilers/c
  --quick            the quick tier: first KAT record only, short measurements
  --kat once|full|quick
                     the KAT tier per target. once (default): the full tier (all
                     ten records) on the first usable line of okcompilers order
                     and the first record on the other lines, as SUPERCOP runs
                     checksumbig once and checksumsmall on every compiler; full:
                     the full tier on every line; quick: the first record on
                     every line (the default with --quick). A primitive without
                     kat.sha256 generates the full tier everywhere
Running
  -j N               run N targets at once (default 1; longest first by the plan).
                     Timing stays alone: on 2 or more CPUs, trials run on the last
                     CPU, one target at a time, while the other targets build, run
                     their KATs and checks on the other CPUs; their CPU time beside
                     each trial is recorded (others_own) and is not taken for a busy
                     host. -j 2 on a 2-core machine is the main job's setting
  --timeout S        limit for each run of an implementation (default 3600)
  --build-timeout S  limit for each build (default 900)
  --memory MB        address-space limit for builds and runs (default 8192)
  --filesize MB      file-size limit (default 8192)
  --keep-kat         keep generated KAT files that pass (default: keep their digests)
  --iccs ngbench|submission
                     the ICCS layer an implementation is linked with: ngbench's
                     iccs/ (default: every scheme on equal helpers), or the copies
                     of the ICCS package a NICCS folder ships (auxfunc.c, drng.c:
                     to reproduce published figures): such a folder is then built
                     twice, once on each layer, the second under the compiler id
                     ID+own-iccs, so the pages show both side by side; a folder
                     without copies is built with ngbench's layer, and ./do says so
  --no-sandbox       run untrusted steps uncontained (limits and output capture
                     only; the records say so)
  --ct               also check each operation under valgrind memcheck with the
                     secrets (secret key, DRNG output) marked undefined
Measurement (after the checks, for every target that built and ran)
  --no-measure       stop after the functional checks
  --no-profile       skip the ICCS helper profile
  --trials T         timing trials per operation, each a fresh process (default 5)
  --min-calls M      timed calls per operation to aim for over all trials (default 100)
  --min-time S       and at least S seconds of timed work per trial (default 1)
  --budget S         ...unless that takes longer than S seconds in all (default 20)
  --protocol many|ngcc
                     what the timed calls work on. many (default): as users meet
                     the operation: each sign call its own message drawn from the
                     DRNG, each verify call an honest signature of its own, each dec
                     a ciphertext of its own (prepared untimed), each trial its own
                     DRNG stream; the pages give the spread across messages. ngcc:
                     the NGCC performance pages' harness, to compare with them like
                     for like: DRNG seeded 00..2f, keys made once, the message byte
                     i = i*131+64 signed by every call, one signature verified by
                     every call, no warm-up call, 5 fresh-process trials of the
                     pages' call counts (measure/ngcc-calls); targets under the
                     compiler id ID+ngcc, beside the default ones on the pages
  --quiet-wait S     per target, at most S seconds spent waiting for a quiet host
                     (default 30): a trial the host disturbed (the reference kernel
                     run beside it off its quiet speed, other work holding the other
                     CPUs, steal) is repeated after a bounded back-off; what stays
                     disturbed is published marked "host busy", with the host's speed
                     spread in its uncertainty (0: never wait, only mark)
  --mlen LIST        also time sign and verify over these message lengths (bytes,
                     comma-separated, e.g. 0,1024,65536; the main figures use 64):
                     the pages plot cost against length
  (--quick also shortens measurement: 3 trials, 10 calls, 0.05 s, 2 s, quiet-wait 5 s)
Campaigns (README.md, "A campaign's life"): a campaign is fixed when it
starts: its targets, their order and estimates are its plan, stored with it,
and every later --shard, --job, resume or requeue of it reads that plan. A
--shard, --array-task or --job of a complete campaign runs nothing ("campaign
C is complete", exit 0); a plain ./do after completion starts a new one.
--summary, and --plan and --makefile of an existing campaign, only read.
  --restart          start a new campaign even if this selection's last one
                     was interrupted (default: resume it); with --shard,
                     --array-task or --job only after completion (else they
                     join the running campaign)
  --plan             print the campaign's plan: one job per target with its
                     estimated seconds and where the estimate came from, and the
                     total (this fixes the plan if the campaign has none yet)
  --plan-file FILE   start the campaign with the plan in FILE (./do --plan on
                     another host: one plan for every host); its jobs must be
                     this selection's targets
  --estimates-from DIR  also estimate from the records in DIR (merged records or
                     other hosts' results), scaled to this host; the shipped
                     reference dataset is always one (bench-results/README.md)
  --job ID           run exactly one job of the campaign (ID from --plan)
  --shard K/N        run the K-th of N balanced shares of the plan
  --array-task I --array-range MIN-MAX[:STEP]
                     run the share of task I of a scheduler's array (any range,
                     0-based or not, with steps); a single resubmitted task uses
                     the array the campaign was first run with (doc/slurm-array.sh)
  --makefile         print a makefile with one rule per job: make -j N -f FILE
  --summary          print the campaign's figures and, per target it did not
                     finish, "running on H since T", "interrupted at T (owner
                     gone)" or "never started"; exit with its status (below)
Output
  --results DIR      results directory (default: bench-results/ beside ./do;
                     for the installed ngbench, ./bench-results)
  --list             print the targets and exit
  -h, --help         this text
  --version          ngbench's version
Subcommands
  merge              hands over to ngbench-report merge (its --help), with the
                     shipped reference dataset as one more host (below)
  compare            hands over to ngbench-report compare (its --help): is B faster
                     than A, per target and operation, with 95% intervals; without
                     A and B, the campaign before the last against the last (run
                     ./do twice, e.g. with -c gcc-Os, then -c clang-O3, then compare)
  collect            copies other results directories (other hosts, shards run
                     elsewhere) into --results: each host's records are added to
                     its data file without duplicates, never replaced; evidence
                     is copied without overwriting

Statuses: PASS, FAIL (KAT differs: the first differing record is named),
CRYPTOFAIL (KAT matches but a functional check fails), NOKAT (no manifest),
BUILDFAIL, CRASH, TIMEOUT, VIOLATION (the sandbox refused a call).
Exit status: 0 every target of this invocation finished PASS or NOKAT; 1 all
finished but some did not pass (deterministic: rerunning will not help); 75
some did not finish and no live process owns it, or the host failed (worth
retrying: it resumes); 2 bad usage or setup. The default selection (no
directories) names every folder it leaves out, and why ("do: left out:
..."). Record kinds and fields: doc/records.md. Environment:
NGBENCH_HOST names the host in records (default: hostname; give every host of
a campaign its own).
Reference dataset: a complete default campaign's records ship in
bench-results/<host>/ (a REFERENCE file and README.md there say which machine
and commit made them). Each finished target's figures then end with
"R x reference" (its median cycles over the reference's, same target and
compiler id), and ./do merge shows the reference beside your hosts. ./do never
writes into it (NGBENCH_REFERENCE=none: no comparison).
USAGE
}

# --opt=value is --opt value
q() { printf " '%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
_s=
for _a in "$@"; do
    case $_a in
    --*=*) _s="$_s$(q "${_a%%=*}")$(q "${_a#*=}")" ;;
    *) _s="$_s$(q "$_a")" ;;
    esac
done
eval "set -- $_s"

quick=
cpattern=
jobs=1
okfile=$datadir/okcompilers/c
results=${NGBENCH_RESULTS:-$top/bench-results}
restart=
list=
one_internal=
plan=
plan_file=
estimates_from=
job=
shard=
array_task=
array_range=
makefile=
summary=
# what each target is asked to do: its spec's fields (doc/records.md, "target")
o_measure=1 o_profile=1 o_ct=0 o_keep_kat=0 o_mlen= o_timeout=3600 o_build_timeout=900
o_trials= o_min_calls= o_min_time= o_budget= o_quiet_wait= # given, or the tier's defaults (below)
iccs=ngbench
katrule= # --kat: once (default), full or quick (the default with --quick)
protocol=many
dosel= # the options a generated makefile repeats in every rule
dirs=
keep() { for _a in "$@"; do dosel="$dosel$(q "$_a")"; done; }
NGBENCH_MEMORY_MB=${NGBENCH_MEMORY_MB:-8192}
NGBENCH_FILESIZE_MB=${NGBENCH_FILESIZE_MB:-8192}
need() { [ $# -ge 2 ] || { echo "do: $1 needs a value (try --help)" >&2; exit 2; }; }
# the shipped reference dataset(s): a host directory with a REFERENCE file
# (bench-results/README.md); NGBENCH_REFERENCE names another one, or none
reference_dirs() {
    case ${NGBENCH_REFERENCE:-} in
    none) return 0 ;;
    '') for _f in "$datadir"/bench-results/*/REFERENCE; do [ -f "$_f" ] && echo "${_f%/REFERENCE}"; done ;;
    *) [ -f "$NGBENCH_REFERENCE/data" ] && echo "$NGBENCH_REFERENCE" ||
        echo "do: NGBENCH_REFERENCE=$NGBENCH_REFERENCE holds no data file; no reference comparison" >&2 ;;
    esac
    return 0
}
# the merge step is its own tool: ./do merge and ./do compare only hand over to it
case ${1:-} in merge | compare)
    sub=$1
    shift
    report=${NGBENCH_REPORT:-$(tool ngbench-report report)}
    [ -x "$report" ] || { echo "do: $report is missing: run make first" >&2; exit 2; }
    refargs=
    if [ "$sub" = merge ]; then
        for _r in $(reference_dirs); do refargs="$refargs$(q --reference-data)$(q "$_r")"; done
    fi
    eval "set -- $refargs"' "$@"'
    exec "$report" "$sub" --results "$results" "$@" ;;
esac
collect=
if [ "${1:-}" = collect ]; then collect=1; shift; fi
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --version) echo "ngbench $version"; exit 0 ;;
    --quick) keep "$1"; quick=1; shift ;;
    --no-measure) keep "$1"; o_measure=0; shift ;;
    --no-profile) keep "$1"; o_profile=0; shift ;;
    --ct) keep "$1"; o_ct=1; shift ;;
    --trials | --min-calls | --budget | --min-time | --quiet-wait)
        need "$@"
        case $2 in '' | *[!0-9.]*) echo "do: $1 wants a number, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        case $1 in --trials) o_trials=$2 ;; --min-calls) o_min_calls=$2 ;; --budget) o_budget=$2 ;; --quiet-wait) o_quiet_wait=$2 ;; *) o_min_time=$2 ;; esac
        shift 2
        ;;
    --mlen)
        need "$@"
        case $2 in '' | *[!0-9,]*) echo "do: --mlen wants byte counts separated by commas, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        o_mlen=$2
        shift 2
        ;;
    --protocol)
        need "$@"
        case $2 in many | ngcc) protocol=$2 ;; *) echo "do: --protocol wants many or ngcc, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        shift 2
        ;;
    --kat)
        need "$@"
        case $2 in once | full | quick) katrule=$2 ;; *) echo "do: --kat wants once, full or quick, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        shift 2
        ;;
    --iccs)
        need "$@"
        case $2 in ngbench | submission) iccs=$2 ;; *) echo "do: --iccs wants ngbench or submission, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        shift 2
        ;;
    -c) need "$@"; keep "$1" "$2"; cpattern=$2; shift 2 ;;
    -j) need "$@"; jobs=$2; shift 2 ;;
    -j[0-9]*) jobs=${1#-j}; shift ;;
    --okcompilers)
        need "$@"
        [ -r "$2" ] || { echo "do: cannot read $2" >&2; exit 2; }
        okfile=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        keep "$1" "$okfile"
        shift 2
        ;;
    --results) need "$@"; mkdir -p "$2" && results=$(cd "$2" && pwd); keep "$1" "$results"; shift 2 ;;
    --timeout | --build-timeout)
        need "$@"
        case $2 in '' | *[!0-9]*) echo "do: $1 wants seconds, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        if [ "$1" = --timeout ]; then o_timeout=$2; else o_build_timeout=$2; fi
        shift 2
        ;;
    --memory | --filesize)
        need "$@"
        case $2 in '' | *[!0-9]*) echo "do: $1 wants MiB, not '$2'" >&2; exit 2 ;; esac
        keep "$1" "$2"
        if [ "$1" = --memory ]; then NGBENCH_MEMORY_MB=$2; else NGBENCH_FILESIZE_MB=$2; fi
        shift 2
        ;;
    --keep-kat) keep "$1"; o_keep_kat=1; shift ;;
    --no-sandbox) keep "$1"; NGBENCH_NO_SANDBOX=1; export NGBENCH_NO_SANDBOX; shift ;;
    --restart) restart=1; shift ;;
    --list) list=1; shift ;;
    --run-one-internal) # CDIR TOTAL PROGRESS TODO JOBS LINE: one target of a parallel run (-j)
        [ $# -ge 7 ] || { echo "do: --run-one-internal is ./do's own" >&2; exit 2; }
        one_internal=1 cdir=$2 total=$3 progress=$4 todo_all=$5 jobs=$6 run_one_line=$7
        shift 7 ;;
    --plan) plan=1; shift ;;
    --plan-file)
        need "$@"
        [ -r "$2" ] || { echo "do: cannot read the plan $2" >&2; exit 2; }
        plan_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        shift 2
        ;;
    --estimates-from)
        need "$@"
        [ -d "$2" ] || [ -f "$2" ] || { echo "do: --estimates-from: $2: no such file or directory" >&2; exit 2; }
        estimates_from="$estimates_from$(q "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")")"
        shift 2
        ;;
    --makefile) makefile=1; shift ;;
    --summary) summary=1; shift ;;
    --job) need "$@"; job=$2; shift 2 ;;
    --shard)
        need "$@"
        case $2 in
        [1-9]*/[1-9]*) shard=$2 ;;
        *) echo "do: --shard wants K/N with 1 <= K <= N, not '$2'" >&2; exit 2 ;;
        esac
        [ "${shard%/*}" -le "${shard#*/}" ] 2>/dev/null || { echo "do: --shard wants K/N with 1 <= K <= N" >&2; exit 2; }
        shift 2
        ;;
    --array-task)
        need "$@"
        case $2 in '' | *[!0-9]*) echo "do: --array-task wants a task index, not '$2'" >&2; exit 2 ;; esac
        array_task=$2
        shift 2
        ;;
    --array-range)
        need "$@"
        printf '%s' "$2" | grep -Eq '^[0-9]+-[0-9]+(:[0-9]+)?$' ||
            { echo "do: --array-range wants MIN-MAX or MIN-MAX:STEP, not '$2'" >&2; exit 2; }
        array_range=$2
        shift 2
        ;;
    --)
        shift
        for _a in "$@"; do dirs="$dirs$(q "$_a")"; done
        break
        ;;
    -*) echo "do: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) dirs="$dirs$(q "$1")"; shift ;; # options may follow the directories
    esac
done
eval "set -- $dirs"
case $jobs in '' | *[!0-9]* | 0) echo "do: -j wants a positive number" >&2; exit 2 ;; esac
[ -n "$array_task" ] && [ -z "$array_range" ] && { echo "do: --array-task needs --array-range" >&2; exit 2; }
[ -n "$array_range" ] && [ -z "$array_task" ] && { echo "do: --array-range needs --array-task" >&2; exit 2; }
[ -n "$array_task" ] && [ -n "$shard$job" ] && { echo "do: --array-task, --shard and --job exclude each other" >&2; exit 2; }
export NGBENCH_MEMORY_MB NGBENCH_FILESIZE_MB
mkdir -p "$results" || exit 2
results=$(cd "$results" && pwd)

# ---- collect: other results directories into this one, losing nothing ----
if [ -n "$collect" ]; then
    [ $# -ge 1 ] || { echo "do: collect wants the results (or host) directories to copy from" >&2; exit 2; }
    rc=0
    for src in "$@"; do
        [ -d "$src" ] || { echo "do: collect: $src: not a directory" >&2; rc=2; continue; }
        # a host directory (it holds data) or a results directory (of host directories)
        if [ -f "$src/data" ]; then set -- "$src"; else set -- "$src"/*/; fi
        for hd in "$@"; do
            hd=${hd%/}
            [ -f "$hd/data" ] || continue
            # the host is what the records say, whatever the directory is called
            hosts=$("$NGBENCH_REC" get -f @host "$hd/data" | sort -u)
            [ "$(printf '%s\n' "$hosts" | grep -c .)" -eq 1 ] ||
                { echo "do: collect: $hd/data holds records of several hosts ($(echo $hosts)); skipped" >&2; rc=2; continue; }
            [ "$hosts" = "${hd##*/}" ] || echo "do: collect: note: $hd holds the records of host '$hosts'; collected as $hosts"
            dest=$results/$hosts
            mkdir -p "$dest"
            [ "$(cd "$hd" && pwd -P)" = "$(cd "$dest" && pwd -P)" ] && continue
            new=$dest/work/collect.$$
            mkdir -p "$dest/work"
            # the lines the destination lacks, in their order (records are unique lines)
            touch "$dest/data"
            awk 'FILENAME == ARGV[1] { have[$0] = 1; next } !($0 in have) { have[$0] = 1; print }' "$dest/data" "$hd/data" >"$new"
            n=$(wc -l <"$new")
            [ "$n" -gt 0 ] && append_block "$dest/data" "$new"
            rm -f "$new"
            # evidence and campaigns, never overwriting what is there
            for sub in targets campaigns; do
                [ -d "$hd/$sub" ] && mkdir -p "$dest/$sub" && cp -R -n "$hd/$sub/." "$dest/$sub/" 2>/dev/null
            done
            echo "do: collect: $hd -> $dest: $n new record(s)"
        done
    done
    exit $rc
fi

NGBENCH_KAT_TOOL=${NGBENCH_KAT_TOOL:-$(tool ngbench-kat kat)}
export NGBENCH_KAT_TOOL
NGBENCH_STATS=${NGBENCH_STATS:-$(tool ngbench-stats measure)}
NGBENCH_SANDBOX=${NGBENCH_SANDBOX:-$(tool ngbench-sandbox harness)}
NGBENCH_HOSTSPEED=${NGBENCH_HOSTSPEED:-$(tool ngbench-hostspeed harness)}
NGBENCH_OKPARSE=${NGBENCH_OKPARSE:-$(tool ngbench-okparse harness)}
NGBENCH_REPORT=${NGBENCH_REPORT:-$(tool ngbench-report report)}
export NGBENCH_OKPARSE NGBENCH_STATS NGBENCH_SANDBOX NGBENCH_REPORT NGBENCH_HOSTSPEED
for t in "$NGBENCH_KAT_TOOL" "$NGBENCH_SANDBOX" "$NGBENCH_REC"; do
    [ -x "$t" ] || { echo "do: $t is missing: run ./configure && make first" >&2; exit 2; }
done
REC_HOST=$(host_name)
REC_ABI=$(host_abi)
hostdir=$results/$REC_HOST
if [ -f "$hostdir/REFERENCE" ]; then
    echo "do: $hostdir is a shipped reference dataset (its REFERENCE file): ./do does not add to it; name this host otherwise (NGBENCH_HOST=...) or use --results" >&2
    exit 2
fi
mkdir -p "$hostdir/work" || exit 2
refdata=$(reference_dirs | head -n 1)
tab=$(printf '\t')
# every file this process makes in the campaign's directory and in work/ is
# named NAME.PID (or NAME.PID.SUFFIX): gone on every exit path; a SIGKILL
# leaves them, and the next ./do of the campaign removes them (sweep_stale)
cdir=${cdir:-} # (a -j child gets it as an argument)
xargs_pid=
cleanup() {
    trap '' TERM INT HUP # a second signal (make passes its own on) must not cut this short
    # -j N: no further targets start (those running end with this ./do)
    [ -n "$xargs_pid" ] && kill "$xargs_pid" 2>/dev/null
    rm -rf "$hostdir/work/"*".$$" "$hostdir/work/"*".$$."* 2>/dev/null
    [ -n "$cdir" ] && rm -f "$cdir/"*".$$" "$cdir/"*".$$."* 2>/dev/null
    return 0
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP
# pid_of FILE: the process id in a per-process file name (its first
# all-digit dot-separated part), or nothing
pid_of() { printf '%s\n' "${1##*/}" | awk -F . '{ for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) { print $i; exit } }'; }
# sweep_stale: the per-process files of processes that are gone, and the
# owner notes of target locks nobody holds (under the campaign lock)
sweep_stale() {
    for f in "$cdir"/progress.* "$cdir"/todo.* "$cdir"/todo-all.* "$cdir"/done.* "$cdir"/*.new.* \
        "$cdir"/a.* "$cdir"/b.* "$hostdir"/work/*.*; do
        [ -e "$f" ] || continue
        p=$(pid_of "$f")
        [ -n "$p" ] && [ "$p" != $$ ] && ! kill -0 "$p" 2>/dev/null && rm -rf "$f"
    done
    for o in "$cdir"/locks/*.owner; do
        [ -e "$o" ] && ! lock_live "${o%.owner}" && rm -f "$o"
    done
    return 0
}
# lock_live LOCK: some live process holds a target's lock (run-target holds
# it with flock for as long as the target runs; without flock(1), its owner
# note names the process)
lock_live() {
    if command -v flock >/dev/null 2>&1; then
        [ -e "$1" ] && ! flock -n -s "$1" true 2>/dev/null
    else
        _p=$(cut -d ' ' -f 2 "$1.owner" 2>/dev/null)
        [ -n "$_p" ] && kill -0 "$_p" 2>/dev/null
    fi
}

# done_targets: the targets of this campaign that have a 'done' record.
done_targets() {
    [ -f "$hostdir/data" ] || return 0
    "$NGBENCH_REC" get -k done -w campaign="$campaign" -f @target "$hostdir/data" | sort -u
}
now() { date +%s; }
human() { awk -v s="$1" 'BEGIN { if (s >= 3600) printf "%.1f h", s / 3600; else if (s >= 60) printf "%.0f min", s / 60; else printf "%d s", s }'; }

# allowed_cpus: the CPUs this ./do may use, one a line
allowed_cpus() {
    _c=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //' | tr ',' '\n' |
        awk -F- '{ if (NF == 2) for (i = $1; i <= $2; i++) print i; else print $1 }')
    [ -n "$_c" ] && printf '%s\n' "$_c" && return
    seq 0 $(($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) - 1))
}
# par: how many CPUs -j N keeps busy here (1 without the lever: -j 1, or one
# CPU), for the wall-clock model (harness/campaign wall)
par() {
    _n=$(allowed_cpus | wc -l)
    [ "$jobs" -gt 1 ] && [ "$_n" -ge 2 ] || { echo 1; return; }
    [ "$jobs" -lt "$_n" ] && echo "$jobs" || echo "$_n"
}
# plan_wall: the plan's wall-clock model at this -j, under the plan
plan_wall() {
    [ "$jobs" -gt 1 ] || return 0
    _w=$(grep -v '^#' "$cdir/plan" | awk -F "$tab" '{ print $2 "\t" ($5 == "" ? "-" : $5) }' | "$libdir/campaign" wall "$(par)")
    echo "# with -j $jobs here ($(allowed_cpus | wc -l) CPUs, $(par) kept busy): about $_w s ($(human "$_w")), one CPU timing while the others prepare"
}

# spec_of ID: where the campaign keeps the target's spec
spec_of() { printf '%s/specs/%s.spec' "$cdir" "$1"; }

# run_one LINE: one line of the todo list (N, ID, ESTIMATE, TIMING). run-target
# reads the target's spec, runs in a session of its own, holds the target's
# lock for as long as anything of it runs, and dies with this ./do (its
# watchdog).
run_one() {
    IFS="$tab" read -r n tname est _lane <<EOT
$1
EOT
    kill -0 "$NGBENCH_DO_PID" 2>/dev/null || return 0 # the ./do that started this is gone
    mkdir -p "$cdir/locks"
    campaign=$(cat "$cdir/id")
    t0=$(now)
    # in the background and waited for: a signal to this ./do interrupts the
    # wait, so it exits (cleaning up) at once and the target's watchdog ends it
    $setsid "$libdir/run-target" --results "$results" --progress "[$n/$total]" \
        --lock "$cdir/locks/$(printf '%s' "$tname" | tr / _)" --do-pid "$NGBENCH_DO_PID" "$(spec_of "$tname")" </dev/null &
    wait $!
    rc=$?
    took=$(($(now) - t0))
    case $rc in
    0)
        # elapsed, the ETA of what this ./do has left, and the figures
        printf '%s\t%s\t%s\n' "$tname" "$took" "${est:--}" >>"$progress"
        # what is left of this run, at the pace the finished targets set against their estimates
        par=${par:-$(par)}
        eta=$(awk -F "$tab" -v par="$par" 'FILENAME == ARGV[1] { fin[$1] = 1; if ($3 != "-") { r += $2; e += $3 }; next }
            !($2 in fin) { rem++; if ($3 != "-") rest += $3; else unk++; if ($4 != "" && $4 != "-") lane += $4 }
            END { if (!rem) exit; f = (e > 0 ? r / e : 1); s = rest * f / par; if (par > 1 && lane * f > s) s = lane * f
                  t = s >= 3600 ? sprintf("%.1f h", s / 3600) : s >= 60 ? sprintf("%.0f min", s / 60) : sprintf("%d s", s)
                  if (rest > 0) printf "about %s left%s", t, unk ? sprintf(" and %d target(s) without an estimate", unk) : ""
                  else printf "%d target(s) left, without an estimate", unk }' \
            "$progress" "$todo_all" 2>/dev/null)
        echo "$n/$total ${tname#*/}: took $(human "$took")${eta:+; $eta}"
        "$NGBENCH_REPORT" status --campaign "$campaign" --host "$REC_HOST" --target "$tname" \
            ${refdata:+--reference-data "$refdata"} "$hostdir/data" 2>/dev/null | sed -n '2,$p'
        ;;
    3) echo "[$n/$total] $tname: running in another ./do; skipped here" ;;
    *) echo "[$n/$total] $tname: run-target failed (exit $rc)" >&2 ;;
    esac
}
setsid=
if command -v setsid >/dev/null 2>&1 && setsid --help 2>&1 | grep -q -- '--wait'; then setsid="setsid --wait"; fi

# one target of a parallel run (-j): the campaign's directory, its size and
# the run's files come from the parent ./do as arguments
if [ -n "$one_internal" ]; then
    run_one "$run_one_line" </dev/null
    exit 0
fi

# ---- what contains the untrusted steps here, probed once for the whole run ----
if [ -n "${NGBENCH_NO_SANDBOX:-}" ]; then
    NGBENCH_SANDBOX_MODE=none
else
    NGBENCH_SANDBOX_MODE=${NGBENCH_SANDBOX_MODE:-auto}
fi
if [ -z "$plan$makefile$summary$list" ]; then
    NGBENCH_SANDBOX_LEVEL=$("$NGBENCH_SANDBOX" --probe --mode "$NGBENCH_SANDBOX_MODE" 2>/dev/null | head -n 1)
    NGBENCH_SANDBOX_MODE=$(printf '%s\n' "$NGBENCH_SANDBOX_LEVEL" | tr ' ' '\n' | sed -n 's/^mode=//p')
    case $NGBENCH_SANDBOX_MODE in
    bwrap) ;;
    builtin) echo "do: warning: no bubblewrap sandbox here (bwrap missing or refused by the kernel): untrusted steps run with $NGBENCH_SANDBOX_LEVEL" >&2 ;;
    none) echo "do: warning: --no-sandbox: untrusted steps run uncontained (limits and output capture only)" >&2 ;;
    *) echo "do: $NGBENCH_SANDBOX --probe failed: ${NGBENCH_SANDBOX_LEVEL:-no answer}" >&2; exit 75 ;;
    esac
    export NGBENCH_SANDBOX_MODE NGBENCH_SANDBOX_LEVEL
    # as root, untrusted steps run as an unprivileged uid: a tree or results
    # directory below a closed directory (/root is 0700) would fail every build
    if [ "$NGBENCH_SANDBOX_MODE" != none ] && ! closed=$("$NGBENCH_SANDBOX" --can-reach "$hostdir" "$datadir" "$libdir" 2>&1); then
        printf '%s\n' "$closed" | sed 's/^/do: /' >&2
        echo "do: the sandbox runs untrusted steps as an unprivileged user (you are root; NGBENCH_SANDBOX_UID picks it, default 65534), which cannot reach these directories: put the ngbench tree and --results under a directory it can search (e.g. /srv or /opt, or chmod o+x the closed one), run ./do as a normal user, or --no-sandbox (uncontained)" >&2
        exit 2
    fi
fi

# ---- implementations ----
impls=$hostdir/work/impls.$$
: >"$impls"
# every folder the selection leaves out, with why (FOLDER<TAB>REASON): said
# in the run's output and in the plan's header, never dropped silently
leftout=$hostdir/work/leftout.$$
: >"$leftout"
left_out() { printf '%s\t%s\n' "${1#"$datadir"/}" "$2" >>"$leftout"; }
recordable() { printf '%s' "$1" | grep -Eq '^[A-Za-z0-9_+-][A-Za-z0-9._+-]{0,63}$'; }
unfit_why="its name cannot name records and files (letters, digits, '.', '_', '+' or '-', at most 64, not starting with '.'): rename it"
has_c() { ls "$1"/*.c >/dev/null 2>&1 || [ -n "$(find "$1" -name '*.c' 2>/dev/null | head -n 1)" ]; }
add_impl() { # left out, loudly, if its architectures file rules this host out or a library it names is missing
    if ! need=$("$libdir/arch-ok" "$1"); then
        left_out "$1" "needs $need (its architectures file)"
    elif ! need=$("$libdir/libs-ok" "$1"); then
        left_out "$1" "needs $need, which does not link on this host (its .cflags file; for -lcrypto: apt-get install libssl-dev)"
    elif [ -n "$default_sel" ] && ! recordable "${1##*/}"; then
        left_out "$1" "$unfit_why" # named on the command line, it is refused below
    else
        (cd "$1" && pwd) >>"$impls"
    fi
}
add_prim() {
    case ${1%/} in *-common) return 0 ;; esac # shared code of a scheme, not a primitive
    for d in "$1"/*/; do
        d=${d%/}
        [ -d "$d" ] || continue
        if has_c "$d"; then add_impl "$d"; else left_out "$d" "no C sources in it: not an implementation"; fi
    done
}
default_sel=
if [ $# -eq 0 ]; then
    default_sel=1
    for p in "$datadir"/crypto_sign/* "$datadir"/crypto_kem/*; do
        [ -d "$p" ] || continue
        case ${p##*/} in
        *-common) left_out "$p" "shared code of a scheme (a -common folder), not a primitive" ;;
        *) if recordable "${p##*/}"; then add_prim "$p"; else left_out "$p" "$unfit_why"; fi ;;
        esac
    done
else
    for arg in "$@"; do
        if [ ! -d "$arg" ]; then
            echo "do: $arg: not a directory" >&2
            rm -f "$impls"
            exit 2
        elif [ "$(basename "$(dirname "$(cd "$arg" && pwd)")")" = crypto_sign ] ||
            [ "$(basename "$(dirname "$(cd "$arg" && pwd)")")" = crypto_kem ]; then
            before=$(wc -l <"$impls")
            add_prim "$arg"
            [ "$(wc -l <"$impls")" -gt "$before" ] || echo "do: $arg: no implementation directories in it" >&2
        elif has_c "$arg"; then
            add_impl "$arg"
        else
            before=$(wc -l <"$impls")
            add_prim "$arg"
            [ "$(wc -l <"$impls")" -gt "$before" ] || echo "do: $arg: no implementation directories in it" >&2
        fi
    done
fi
# say_left_out: the folders left out, on stderr
say_left_out() { awk -F "$tab" '{ print "do: left out: " $1 ": " $2 }' "$leftout" >&2; }
[ -s "$impls" ] || { say_left_out; echo "do: nothing to run" >&2; exit 2; }
# primitive and implementation names become record fields and file names:
# one that cannot be recorded as it is stops the run before anything runs
unfit=$(while IFS= read -r d; do
    for n in "$(basename "$(dirname "$d")")" "$(basename "$d")"; do
        recordable "$n" || { printf '%s\n' "$d"; break; }
    done
done <"$impls")
if [ -n "$unfit" ]; then
    printf '%s\n' "$unfit" | while IFS= read -r d; do
        echo "do: $d: a primitive or implementation directory name must be letters, digits, '.', '_', '+' or '-' (at most 64, not starting with '.'): it names records and files; rename it" >&2
    done
    rm -f "$impls"
    exit 2
fi

# ---- compiler lines ----
compilers=$hostdir/work/compilers.$$
if [ -n "$cpattern" ]; then
    "$libdir/okcompilers" -c "$cpattern" "$okfile" "$hostdir/work/probe.$$" >"$compilers"
else
    "$libdir/okcompilers" "$okfile" "$hostdir/work/probe.$$" >"$compilers"
fi
rm -rf "$hostdir/work/probe.$$" # each ./do probes in a directory of its own: they may run at once
[ -s "$compilers" ] || { echo "do: no usable compiler line (okcompilers: $okfile${cpattern:+, -c $cpattern})" >&2; rm -f "$impls" "$compilers"; exit 2; }

# ---- targets: one spec each (doc/records.md, "target"), the one
# description of a target that run-target, the stages and build-impl read ----
: "${katrule:=$([ -n "$quick" ] && echo quick || echo once)}"
if [ -n "$quick" ]; then
    tier=quick
    : "${o_trials:=3}" "${o_min_calls:=10}" "${o_min_time:=0.05}" "${o_budget:=2}" "${o_quiet_wait:=5}"
else
    tier=full
    : "${o_trials:=5}" "${o_min_calls:=100}" "${o_min_time:=1}" "${o_budget:=20}" "${o_quiet_wait:=30}"
fi
newspecs=$hostdir/work/specs.$$
rm -rf "$newspecs"
mkdir -p "$newspecs" || exit 2
: >"$newspecs/ids"
# with --iccs submission: the folders that ship the ICCS package's copies
# (auxfunc.c and drng.c, at any depth) are built with them, as targets of
# their own (compiler id ID+own-iccs)
own_iccs() {
    [ "$iccs" = submission ] && [ -n "$(find "$1" -name auxfunc.c -type f 2>/dev/null | head -n 1)" ] &&
        [ -n "$(find "$1" -name drng.c -type f 2>/dev/null | head -n 1)" ]
}
# with --protocol ngcc: targets of their own (compiler id ID+ngcc), beside
# the default protocol's on the pages
psfx=
[ "$protocol" = ngcc ] && psfx=+ngcc
while IFS= read -r impl; do
    case $impl in */crypto_kem/*) op=crypto_kem fam=kem ;; *) op=crypto_sign fam=sig ;; esac
    prim=$(basename "$(dirname "$impl")") name=$(basename "$impl")
    # with its own copies: a target on each layer, side by side
    sfxs=-
    if own_iccs "$impl"; then
        sfxs="- +own-iccs"
    elif [ "$iccs" = submission ]; then
        echo "do: ${impl#"$datadir"/}: no copies of the ICCS package (auxfunc.c, drng.c) in it: built with ngbench's layer only" >&2
    fi
    for sfx in $sfxs; do
        ic=ngbench
        if [ "$sfx" = - ]; then sfx=; else ic=submission; fi
        # the KAT rule (--kat): with once, the full tier on the first line of
        # okcompilers order and the first record on the others
        fullon=
        [ "$katrule" = once ] && fullon=$(head -n 1 "$compilers" | cut -f 1)$sfx$psfx
        while IFS="$tab" read -r cid lto line nolto; do
            tid=$op/$prim/$name/$cid$sfx$psfx
            f=$newspecs/$tid.spec
            if [ -f "$f" ]; then
                # one target id, two folders (crypto_sign/x/ref given from two places): the
                # records could not tell them apart, so neither is run in the other's name
                echo "do: $tid: two folders give this target: $("$NGBENCH_REC" spec get -f dir "$f") and $impl; select one of them (target names must be unique)" >&2
                rm -rf "$newspecs" "$compilers" "$impls"
                exit 2
            fi
            mkdir -p "${f%/*}"
            "$NGBENCH_REC" spec write "$f" "id=$tid" "operation=$op" "primitive=$prim" "implementation=$name" \
                "compiler=$cid$sfx$psfx" "dir=$impl" "family=$fam" "line=$line" "line_nolto=$nolto" "lto=$lto" "iccs=$ic" \
                "tier=$([ "$katrule" = full ] || { [ "$katrule" = once ] && [ "$cid$sfx$psfx" = "$fullon" ]; } && echo full || echo quick)" \
                "kat_rule=$katrule" ${fullon:+"kat_full_on=$fullon"} "keep_kat=$o_keep_kat" "measure=$o_measure" "profile=$o_profile" "ct=$o_ct" \
                "trials=$o_trials" "min_calls=$o_min_calls" "min_time=$o_min_time" "budget=$o_budget" "quiet_wait=$o_quiet_wait" "protocol=$protocol" "mlen=$o_mlen" \
                "timeout=$o_timeout" "build_timeout=$o_build_timeout" "memory_mb=$NGBENCH_MEMORY_MB" \
                "filesize_mb=$NGBENCH_FILESIZE_MB" || { rm -rf "$newspecs"; exit 2; }
            echo "$tid" >>"$newspecs/ids"
        done <"$compilers"
    done
done <"$impls"
rm -f "$impls" "$compilers"
LC_ALL=C sort -o "$newspecs/ids" "$newspecs/ids"
# specs_get FIELDS IDS DIR: those fields of the specs DIR/ID.spec of the IDs listed in IDS, tab-separated, in order
specs_get() { awk -v d="$3" '{ print d "/" $0 ".spec" }' "$2" | tr '\n' '\0' | xargs -0 "$NGBENCH_REC" spec get -f "$1"; }
total=$(wc -l <"$newspecs/ids")
if [ -n "$list" ]; then
    say_left_out
    specs_get id,line "$newspecs/ids" "$newspecs"
    exit 0
fi
key=$( { specs_get id,line "$newspecs/ids" "$newspecs"; echo "quick=$quick"
    [ -n "$quick" ] && [ "$katrule" = quick ] || echo "kat=$katrule"; } | sha256sum | cut -c 1-16)
cdir=$hostdir/campaigns/$key
targets=$cdir/targets # the IDs, one a line

# ---- a campaign's life (README.md, "Campaigns"; ngbench(1), CAMPAIGNS) ----
#   none      no campaign for this selection: --summary says so (exit 2);
#             anything else starts one (--plan and --makefile only fix its plan)
#   planned   plan fixed, nothing run: runs, shards, jobs start it
#   running   some target not finished: runs, shards, jobs resume it;
#             --restart (without --shard, --array-task or --job) starts a new one
#   complete  every target has its 'done' record: a shard, array task or job
#             runs nothing ("campaign C is complete"), exit 0; a plain run or
#             --restart (with a shard too: the first to come starts it, the
#             others join) starts a new one
# Read-only in every state: --summary, --plan and --makefile of an existing
# campaign (they create, reopen and change nothing).
# array_of: MIN, MAX, STEP and the task count of --array-range; a single
# task alone is a resubmission of one task of the array the campaign first
# ran with
array_of() {
    amin=${array_range%%-*}
    rest=${array_range#*-}
    amax=${rest%%:*}
    astep=1
    case $rest in *:*) astep=${rest#*:} ;; esac
    [ "$astep" -ge 1 ] && [ "$amax" -ge "$amin" ] || { echo "do: --array-range $array_range: want MIN <= MAX and STEP >= 1" >&2; exit 2; }
    acount=$(((amax - amin) / astep + 1))
}
# array_member: the task is one of that array's (its offset in off), else exit 2
array_member() {
    if [ "$acount" -eq 1 ] && [ -f "$cdir/array" ]; then read -r amin amax astep acount <"$cdir/array"; fi
    off=$((array_task - amin))
    { [ "$off" -ge 0 ] && [ $((off % astep)) -eq 0 ] && [ "$array_task" -le "$amax" ]; } ||
        { echo "do: task $array_task is not in the array $amin-$amax:$astep" >&2; exit 2; }
}
part_of=$job$shard$array_task
exists=
[ -f "$cdir/id" ] && [ -f "$cdir/plan" ] && exists=1
if [ -n "$summary" ] || { [ -n "$plan$makefile" ] && [ -n "$exists" ] && [ -z "$restart" ] && [ -z "$plan_file" ]; }; then
    [ -n "$exists" ] || { echo "do: no campaign for this selection yet (./do --plan fixes one; ./do runs one)" >&2; exit 2; }
    campaign=$(cat "$cdir/id")
    if [ -n "$plan" ]; then
        cat "$cdir/plan"
        plan_wall
    elif [ -n "$makefile" ]; then
        sel=
        for a in "$@"; do sel="$sel$(q "$(cd "$a" && pwd)")"; done
        "$libdir/campaign" makefile "$cdir/plan" "${NGBENCH_DO:-$top/do}" "$dosel$sel"
    elif [ ! -f "$cdir/planned" ] && [ ! -f "$cdir/plan.recorded" ]; then
        # fixed by --plan of an older ./do, never run: nothing of it in the records yet
        echo "campaign $campaign on $REC_HOST: $(grep -vc '^#' "$cdir/plan") planned (by --plan), none started"
        exit 75
    else
        "$NGBENCH_REPORT" status --campaign "$campaign" --host "$REC_HOST" "$hostdir/data"
        exit $?
    fi
    exit 0
fi
mkdir -p "$cdir"
cp "$newspecs/ids" "$cdir/targets.new.$$" && mv "$cdir/targets.new.$$" "$targets"
[ -f "$hostdir/data" ] || : >"$hostdir/data"

# ---- the campaign: created once, with its plan, under a lock; shared by
# every ./do, shard, job and requeue of it ----
# make_plan: the plan a new campaign starts with (--plan-file, else computed)
make_plan() {
    if [ -n "$plan_file" ]; then
        grep -v '^#' "$plan_file" | cut -f 1 | sort >"$cdir/plan.ids.$$"
        sort "$targets" | cmp -s - "$cdir/plan.ids.$$" || {
            echo "do: the plan $plan_file does not list this selection's targets:" >&2
            sort "$targets" | diff - "$cdir/plan.ids.$$" | sed -n 's/^</  not in the plan:/p; s/^>/  not selected:/p' | head >&2
            return 1
        }
        cp "$plan_file" "$cdir/plan.new.$$"
    else
        eval "set -- $estimates_from"
        others=
        for e in "$@"; do
            if [ -f "$e" ]; then others="$others$(q "$e")"; else for f in "$e"/data "$e"/*/data; do [ -f "$f" ] && others="$others$(q "$f")"; done; fi
        done
        # the shipped reference dataset is one more host: a fresh host's plan
        # comes from its measured seconds (other-host), not from the model
        for r in $(reference_dirs); do others="$others$(q "$r/data")"; done
        eval "set -- $others"
        # shellcheck disable=SC2086
        "$libdir/campaign" plan --key "$key" --host "$REC_HOST" --left-out "$leftout" \
            "$newspecs" "$hostdir/data" "$@" >"$cdir/plan.new.$$" || return 1
    fi
    mv "$cdir/plan.new.$$" "$cdir/plan"
}
# lock_campaign / unlock_campaign: one ./do at a time decides the campaign
lock_campaign() {
    if command -v flock >/dev/null 2>&1; then
        exec 8>>"$cdir/lock"
        flock 8
        return
    fi
    lock_take "$cdir/lock.d" # records.sh: the stale-pid lock
}
unlock_campaign() { if command -v flock >/dev/null 2>&1; then exec 8>&-; else lock_drop "$cdir/lock.d"; fi; }
# plan_records FILE: the plan as records (one per job), what status compares
# the finished targets with; in the records from the campaign's start
plan_records() {
    grep -v '^#' "$cdir/plan" | awk -F "$tab" '{ print NR "\t" $0 }' | while IFS="$tab" read -r n id est src line lane; do
        o=${id%%/*} r=${id#*/}; p=${r%%/*} r=${r#*/}; i=${r%%/*} c=${r#*/}
        record "$1" "$o" "$p" "$i" "$c" plan "campaign=$campaign" "order=$n" "estimate=$est" "source=$src" \
            ${lane:+"timing_estimate=$lane"}
    done
}
lock_campaign
sweep_stale
# decided again under the lock: of tasks started together, one creates it
exists=
[ -f "$cdir/id" ] && [ -f "$cdir/plan" ] && exists=1
state=none
if [ -n "$exists" ]; then
    campaign=$(cat "$cdir/id")
    state=running
    [ -f "$cdir/planned" ] || state=planned
    done_targets >"$cdir/done.$$"
    if [ "$state" = running ] && [ -z "$(awk 'FILENAME == ARGV[1] { d[$0] = 1; next } !($0 in d)' "$cdir/done.$$" "$targets")" ]; then
        state=complete
        : >"$cdir/complete"
    fi
fi
if [ "$state" = complete ] && [ -n "$part_of" ] && [ -z "$restart" ]; then
    unlock_campaign
    if [ -n "$array_task" ]; then # a task outside its array is still a usage error
        array_of
        array_member
    fi
    echo "do: campaign $campaign is complete: nothing to run${job:+ for job $job}${shard:+ in shard $shard}${array_task:+ in array task $array_task} (a plain ./do of this selection, or --restart, starts a new campaign)"
    exit 0
fi
if { [ "$state" = planned ] || [ "$state" = running ]; } && { [ -z "$restart" ] || [ -n "$part_of" ]; }; then
    event=resume
    [ "$state" = planned ] && event=start # fixed by --plan, nothing run yet
    if [ -n "$plan_file" ]; then
        grep -v '^#' "$plan_file" | cut -f 1,2 >"$cdir/a.$$"
        grep -v '^#' "$cdir/plan" | cut -f 1,2 >"$cdir/b.$$"
        cmp -s "$cdir/a.$$" "$cdir/b.$$" ||
            { echo "do: campaign $campaign already has a plan, not $plan_file's (--restart starts a new one)" >&2; unlock_campaign; exit 2; }
        rm -f "$cdir/a.$$" "$cdir/b.$$"
    fi
else
    event=start
    rm -f "$cdir/complete" "$cdir/array" "$cdir/plan" "$cdir/planned" "$cdir/plan.recorded"
    make_plan || { unlock_campaign; exit 2; }
    campaign=c$(date -u +%Y%m%dT%H%M%SZ)-$$
    : >"$hostdir/work/plan.$$"
    plan_records "$hostdir/work/plan.$$" && append_block "$hostdir/data" "$hostdir/work/plan.$$" ||
        { echo "do: cannot append to $hostdir/data" >&2; unlock_campaign; exit 75; }
    : >"$cdir/plan.recorded"
    echo "$campaign" >"$cdir/id.new.$$" && mv "$cdir/id.new.$$" "$cdir/id"
fi
campaign=$(cat "$cdir/id")
# the targets' specs, with the campaign's id: what run-target reads (each
# ./do of the campaign writes them anew, with its own options)
mkdir -p "$cdir/specs"
"$NGBENCH_REC" spec write "$newspecs/campaign.line" "campaign=$campaign" || { unlock_campaign; exit 2; }
while IFS= read -r id; do
    f=$cdir/specs/$id.spec
    mkdir -p "${f%/*}" && cat "$newspecs/campaign.line" "$newspecs/$id.spec" >"$f.new.$$" && mv "$f.new.$$" "$f" ||
        { echo "do: cannot write $f" >&2; unlock_campaign; exit 2; }
done <"$newspecs/ids"
rm -rf "$newspecs"
unlock_campaign

if [ -n "$plan" ]; then
    cat "$cdir/plan"
    exit 0
fi
if [ -n "$makefile" ]; then
    sel=
    for a in "$@"; do sel="$sel$(q "$(cd "$a" && pwd)")"; done
    "$libdir/campaign" makefile "$cdir/plan" "${NGBENCH_DO:-$top/do}" "$dosel$sel"
    exit 0
fi
say_left_out

# ---- what this invocation runs: the plan's jobs (longest first), less
# those done; a job, or a share of them ----
if [ -n "$array_task" ]; then
    array_of
    if [ "$acount" -eq 1 ] && [ -f "$cdir/array" ]; then
        read -r amin amax astep acount <"$cdir/array"
        echo "do: task $array_task alone: a resubmission into the array $amin-$amax:$astep this campaign was first run with"
    elif [ "$acount" -gt 1 ]; then
        if [ -f "$cdir/array" ] && [ "$(cat "$cdir/array")" != "$amin $amax $astep $acount" ]; then
            echo "do: this campaign was first run as the array $(awk '{ print $1 "-" $2 ":" $3 }' "$cdir/array"), not $array_range (--restart starts a new one)" >&2
            exit 2
        fi
        echo "$amin $amax $astep $acount" >"$cdir/array"
    fi
    array_member
    shard=$((off / astep + 1))/$acount
fi
todo=$cdir/todo.$$
todo_all=$cdir/todo-all.$$
done_targets >"$cdir/done.$$"
# N, ID, ESTIMATE, TIMING-SECONDS in plan order (the target itself is its spec)
grep -v '^#' "$cdir/plan" | awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next }
    { n++; if (!($1 in d)) print n "\t" $1 "\t" $2 "\t" ($5 == "" ? "-" : $5) }' "$cdir/done.$$" - >"$todo"
if [ -n "$job" ]; then
    if ! grep -qxF "$job" "$targets"; then
        echo "do: no job '$job' in this selection (see ./do --plan)" >&2
        rm -f "$todo"
        exit 2
    fi
    awk -F "$tab" -v j="$job" '$2 == j' "$todo" >"$todo.1" && mv "$todo.1" "$todo"
fi
if [ -n "$shard" ]; then
    "$libdir/campaign" shard "$cdir/plan" "${shard%/*}" "${shard#*/}" >"$todo.mine" || exit 2
    awk -F "$tab" 'FILENAME == ARGV[1] { m[$0] = 1; next } ($2 in m)' "$todo.mine" "$todo" >"$todo.1"
    mv "$todo.1" "$todo"
fi
left=$(wc -l <"$todo")
cp "$todo" "$todo_all"

# ---- the run's own records: the whole block when a campaign starts or a
# plain ./do resumes it; a single run record for one job or one shard ----
# under the campaign lock: of jobs started together, one writes the plan
lock_campaign
[ "$event" = start ] && [ -f "$cdir/planned" ] && event=resume
runblock=$hostdir/work/run.$$
: >"$runblock"
part=
[ -n "$job" ] && part="job=$job"
[ -n "$shard" ] && part="shard=$shard"
commit=-
if [ -d "$datadir/.git" ] && command -v git >/dev/null 2>&1; then
    commit=$(git -C "$datadir" describe --always --dirty --abbrev=12 2>/dev/null || echo -)
elif [ -f "$datadir/COMMIT" ]; then
    commit=$(head -n 1 "$datadir/COMMIT")
fi
opts_text=$(printf '%s' "$dosel" | sed 's/^ //')
record "$runblock" - - - - run "campaign=$campaign" "event=$event" "targets=$total" "quick=${quick:-0}" \
    "okcompilers=$okfile" "start=$(date -u +%Y-%m-%dT%H:%M:%SZ)" "version=$version" "commit=$commit" \
    "options=$opts_text" "plan=$(sha256sum <"$cdir/plan" | cut -c 1-16)" ${part:+"$part"}
if [ "$event" = start ] || [ -z "$part" ]; then
    hostinfo=$hostdir/work/hostinfo.$$
    "$libdir/hostinfo" >"$hostinfo" 2>"$hostinfo.warn"
    set --
    while IFS= read -r kv; do set -- "$@" "$kv"; done <"$hostinfo"
    while IFS= read -r w; do set -- "$@" "warning=${w#hostinfo: warning: }"; done <"$hostinfo.warn"
    record "$runblock" - - - - host "campaign=$campaign" "$@" "sandbox=$(printf '%s' "${NGBENCH_SANDBOX_LEVEL:-}" | tr ' ' ,)"
    sed 's/^hostinfo: /do: /' "$hostinfo.warn"
    rm -f "$hostinfo" "$hostinfo.warn"
    # one per compiler id the targets use (with --iccs submission, ID+own-iccs
    # are the lines with the submission's ICCS copies)
    specs_get compiler,line,iccs,protocol "$targets" "$cdir/specs" | LC_ALL=C sort -u | while IFS="$tab" read -r cid line ic proto; do
        cversion=$(${line%%[[:space:]]*} --version 2>/dev/null | head -n 1)
        set --
        [ "$ic" = submission ] && set -- "$@" iccs=submission
        [ "$proto" = ngcc ] && set -- "$@" protocol=ngcc
        record "$runblock" - - - "$cid" compiler "campaign=$campaign" "command=$line" "version=$cversion" "$@"
    done
fi
[ -f "$cdir/planned" ] || [ -f "$cdir/plan.recorded" ] || plan_records "$runblock" # (a campaign started by an older ./do)
append_block "$hostdir/data" "$runblock" || { echo "do: cannot append to $hostdir/data" >&2; rm -f "$runblock"; unlock_campaign; exit 75; }
: >"$cdir/planned"
rm -f "$runblock"
unlock_campaign
est_total=$(cut -f 3,4 "$todo" | "$libdir/campaign" wall "$(par)")
est_unknown=$(awk -F "$tab" '$3 == "-"' "$todo" | wc -l)
echo "do: campaign $campaign ($event): $total targets, $(wc -l <"$cdir/done.$$") already done, $left to run here${quick:+, quick tier}${job:+ (job $job)}${shard:+ (shard $shard)}; estimated $(human "$est_total")$([ "$est_unknown" -gt 0 ] && echo " + $est_unknown target(s) without an estimate")"
echo "do: results in $hostdir"

# ---- the loop ----
progress=$cdir/progress.$$
: >"$progress"
NGBENCH_DO_PID=$$
export NGBENCH_DO_PID
# ---- -j N: one CPU times, the others prepare. Timing trials run on the
# last CPU this ./do may use, one target at a time (its lock, stage-measure);
# while a target measures there, every other step of this run (builds, KAT
# runs, checks, probes) is kept on the other CPUs (stage.sh, step; the
# measuring stage moves those already running: ngbench-hostspeed keepoff),
# and their CPU time is read around every trial (others_own), so that it is
# not taken for someone else's. Two timings side by side slow each other
# (measure/README.md), so there is never more than one. ----
NGBENCH_MEASURE_CPUS= NGBENCH_PREP_CPUS=
if [ "$jobs" -gt 1 ] && [ "$left" -gt 1 ]; then
    _cpus=$(allowed_cpus)
    if [ "$(printf '%s\n' $_cpus | wc -l)" -ge 2 ]; then
        NGBENCH_MEASURE_CPUS=$(printf '%s\n' $_cpus | tail -n 1)
        NGBENCH_PREP_CPUS=$(printf '%s\n' $_cpus | sed '$d' | paste -s -d, -)
        echo "do: -j $jobs: timing on CPU $NGBENCH_MEASURE_CPUS, one target at a time; the other targets' steps on CPU(s) $NGBENCH_PREP_CPUS meanwhile"
    fi
fi
export NGBENCH_MEASURE_CPUS NGBENCH_PREP_CPUS
if [ "$jobs" -gt 1 ] && [ "$left" -gt 1 ]; then
    # each line runs in its own ./do --run-one-internal, N at a time, longest first
    # in the background and waited for: a signal to this ./do alone (a
    # scheduler's SIGTERM) ends the wait at once, not after the last target
    # (found in the first whole campaign); its targets' watchdogs follow
    tr '\n' '\0' <"$todo" | xargs -0 -P "$jobs" -n 1 sh "$top/do" --results "$results" \
        --run-one-internal "$cdir" "$total" "$progress" "$todo_all" "$jobs" &
    xargs_pid=$!
    wait "$xargs_pid"
    xargs_pid=
elif [ "$left" -gt 0 ]; then
    while IFS= read -r jobline; do
        run_one "$jobline" </dev/null
    done <"$todo"
fi

# ---- the end: this invocation's targets (a job's or a shard's), or all ----
done_targets >"$cdir/done.$$"
remaining=$(awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($1 in d)' "$cdir/done.$$" "$targets" | wc -l)
[ "$remaining" -eq 0 ] && : >"$cdir/complete"
# this invocation's targets not finished: those another live process runs
# (their lock held: it will finish them) and the rest (a requeue resumes them)
mine=0 live=0
for t in $(awk -F "$tab" 'FILENAME == ARGV[1] { d[$0] = 1; next } !($2 in d) { print $2 }' "$cdir/done.$$" "$todo_all"); do
    if lock_live "$cdir/locks/$(printf '%s' "$t" | tr / _)"; then live=$((live + 1)); else mine=$((mine + 1)); fi
done
echo
if [ -n "$job" ]; then
    "$NGBENCH_REPORT" status --campaign "$campaign" --host "$REC_HOST" --target "$job" "$hostdir/data" 2>/dev/null
else
    "$NGBENCH_REPORT" status --campaign "$campaign" --host "$REC_HOST" "$hostdir/data" 2>/dev/null
fi
# this invocation's targets that finished but did not pass
bad=$("$NGBENCH_REC" get --complete -k status -w campaign="$campaign" -f @target,status "$hostdir/data" |
    awk -F "$tab" 'FILENAME == ARGV[1] { mine[$2] = 1; next } ($1 in mine) { st[$1] = $2 }
        END { for (t in st) if (st[t] != "PASS" && st[t] != "NOKAT") n++; print n + 0 }' "$todo_all" -)
# exported symbols shared by different implementations: harmless apart, but
# they collide when the implementations are linked into one program
"$NGBENCH_REC" get -k symbols -w campaign="$campaign" -f @primitive,@implementation,names,iccs "$hostdir/data" |
    awk -F "$tab" '{ impl = $1 "/" $2
        if ($4 != "-") print "do: warning: " impl " defines ICCS symbols itself: " $4
        n = split($3, a, ","); for (k = 1; k <= n; k++) if (a[k] != "" && a[k] != "-") {
            if (index(" " who[a[k]] " ", " " impl " ") == 0) { who[a[k]] = who[a[k]] " " impl; cnt[a[k]]++ } } }
        END { for (s in cnt) if (cnt[s] > 1) { shared++; if (!ex) ex = s ":" who[s] }
            if (shared) printf "do: note: %d exported symbol(s) are defined by more than one implementation, e.g. %s\n", shared, ex }' | sort -u
"$NGBENCH_REC" get -k ct -w campaign="$campaign" -w result=fail -w declared=yes -f @primitive,@implementation,@compiler,op,first -d "$hostdir/data" |
    awk -F "$tab" '{ print "do: warning: " $1 "/" $2 " (" $3 ") declares itself constant-time but " $4 " fails the check: " $5 }' | sort -u
if [ "$mine" -gt 0 ]; then
    echo "do: $mine target(s) of this run not finished and owned by no live process; run the same ./do again to resume campaign $campaign"
    exit 75
fi
[ "$live" -gt 0 ] && echo "do: $live target(s) of this run are running in another process, which finishes them"
[ -n "$job$shard" ] && [ "$remaining" -gt 0 ] && echo "do: campaign $campaign: $remaining target(s) left for other jobs or shards"
[ "$bad" -eq 0 ] || exit 1
exit 0
