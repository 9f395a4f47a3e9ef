# stage.sh - what the stages of a target (harness/stage-*) share; sourced,
# not run. A stage is run as `stage-NAME TDIR` by run-target, or alone in a
# test. Its contract:
#   input   TDIR/target.spec (the target spec ./do wrote and run-target added
#           the attempt's fields to; doc/records.md, "target"), read as
#           T_FIELD variables, and the files earlier stages left in TDIR
#   output  records appended to TDIR/records, only through `rec` (that is,
#           ngbench-rec write), and evidence files in TDIR
#   status  one word in TDIR/stages/NAME (the stage's statuses are listed
#           in its header), written by `finish_stage`; progress lines go to
#           standard output; exit 0 unless the stage itself could not run (2)
# TDIR is the trusted side's: untrusted steps run in TDIR/work, the only
# directory they can write, through `step` (ngbench-sandbox); nothing they
# write is read back without being validated, and only the stages write
# records.
set -u
[ $# -ge 1 ] || { echo "${0##*/}: usage: ${0##*/} TDIR (see harness/stage.sh)" >&2; exit 2; }
case $1 in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p; }' "$0"; exit 0 ;; esac
TDIR=$(cd "$1" && pwd) || exit 2
[ -f "$TDIR/target.spec" ] || { echo "${0##*/}: $TDIR/target.spec: missing (run-target writes it)" >&2; exit 2; }
# the spec's one reader, ngbench-rec (found as records.sh finds it)
NGBENCH_LIBDIR=${0%/*}
. "${0%/*}/records.sh"
_spec=$("$NGBENCH_REC" spec sh "$TDIR/target.spec") ||
    { echo "${0##*/}: $TDIR/target.spec: not a valid target spec" >&2; exit 2; }
eval "$_spec"
NGBENCH_REC=${T_REC:-$NGBENCH_REC}
work=$TDIR/work

# rec KIND KEY=VALUE...: one record of this target. A record the schema
# refuses is an ngbench bug, never data to lose quietly: it is named on
# stderr and in TDIR/refused, which run-target reports in the status record.
rec() {
    _k=$1
    shift
    "$NGBENCH_REC" write -H "$T_HOST" -A "$T_ABI" -D "$T_DATE" "$TDIR/records" "$T_OPERATION" "$T_PRIMITIVE" \
        "$T_IMPLEMENTATION" "$T_COMPILER" "$_k" "campaign=$T_CAMPAIGN" "attempt=$T_ATTEMPT" "$@" 2>>"$TDIR/refused" || {
        echo "${0##*/}: a $_k record was refused: $(tail -n 1 "$TDIR/refused")" >&2
        return 0
    }
}

# rec_from FILE KIND [-w KEY=VALUE] [KEY=VALUE...]: one record of this
# target for each KIND field line a program printed into FILE (measure,
# probe, profile, ngbench-stats, ngbench-sandbox print them through
# report/record.c), the KEY=VALUE fields first: ngbench-rec write -F checks
# each line against the schema and passes it on as it is (never re-encoded
# here); with -w, only the lines whose field KEY is VALUE
rec_from() {
    _src=$1 _k=$2
    shift 2
    _rf_w=
    case ${1:-} in -w) _rf_w=$2; shift 2 ;; esac
    "$NGBENCH_REC" write -H "$T_HOST" -A "$T_ABI" -D "$T_DATE" -F "$_src" ${_rf_w:+-w "$_rf_w"} "$TDIR/records" \
        "$T_OPERATION" "$T_PRIMITIVE" "$T_IMPLEMENTATION" "$T_COMPILER" "$_k" "campaign=$T_CAMPAIGN" \
        "attempt=$T_ATTEMPT" "$@" 2>>"$TDIR/refused" || {
        echo "${0##*/}: a $_k line of ${_src##*/} was refused: $(tail -n 1 "$TDIR/refused")" >&2
        return 0
    }
}
# line_field FILE KIND FIELD [KEY=VALUE]: FIELD of the first KIND field line
# in FILE (whose field KEY is VALUE), decoded; the field name is checked
# against the schema (ngbench-rec line get)
line_field() {
    "$NGBENCH_REC" line get -k "$2" -f "$3" ${4:+-w "$4"} "$1" 2>/dev/null | head -n 1
}
# line_fields FILE KIND FIELD: FIELD of every KIND line in FILE, one a line
line_fields() { "$NGBENCH_REC" line get -k "$2" -f "$3" "$1" 2>/dev/null; }

say() { printf '%s %s/%s %s: %s\n' "$T_PROGRESS" "$T_PRIMITIVE" "$T_IMPLEMENTATION" "$T_COMPILER" "$*"; }

# finish_stage WORD: this stage's status, for run-target and the next stages
finish_stage() {
    mkdir -p "$TDIR/stages"
    printf '%s\n' "$1" >"$TDIR/stages/${0##*/stage-}"
    exit 0
}
# stage_status NAME: an earlier stage's status (empty if it did not run)
stage_status() { cat "$TDIR/stages/$1" 2>/dev/null; }

# step NAME SECONDS [--output-limit BYTES] [--scratch DIR] CMD...: one
# untrusted run in work/ (or DIR), contained by ngbench-sandbox; its stdout and stderr go to
# TDIR/logs/NAME.out and .err, its outcome to TDIR/logs/NAME.result. Sets
#   st       ok, ERROR (nonzero exit), CRASH, TIMEOUT or VIOLATION
#   st_code  the exit status, st_sig the signal number (0 when none)
#   st_why   a readable reason when st is not ok
# and, on a violation, writes its record and marks the target (TDIR/violated).
step() {
    _name=$1 _secs=$2
    shift 2
    _lim=1048576
    if [ "$1" = --output-limit ]; then _lim=$2; shift 2; fi
    _scr=$work
    if [ "$1" = --scratch ]; then _scr=$2; shift 2; fi
    mkdir -p "$TDIR/logs"
    # under ./do -j N, while some target times on the measuring CPU, a step
    # keeps to the others (the measuring stage's own steps pin themselves)
    _pin=
    case ${T_PREP_CPUS:--}/${step_pin:-1} in
    -/* | */0) ;;
    *) [ -d "$T_HOSTDIR/cores/$T_MEASURE_CPUS" ] && command -v taskset >/dev/null 2>&1 && _pin="taskset -c $T_PREP_CPUS" ;;
    esac
    # ngbench's own tree (build-impl, ngbench-rec, the harness sources) stays
    # readable where it lives under /tmp: the step's /tmp is private
    $_pin "$T_SANDBOX" --mode "$T_SANDBOX_MODE" --timeout "$_secs" --cpu $((_secs + 15)) \
        --memory "${T_MEMORY_MB:-0}" --filesize "${T_FILESIZE_MB:-0}" --output-limit "$_lim" \
        --stdout "$TDIR/logs/$_name.out" --stderr "$TDIR/logs/$_name.err" --result "$TDIR/logs/$_name.result" \
        --ro "$T_DATADIR" --ro "$T_LIBDIR" --ro "$(dirname "$NGBENCH_REC")" \
        "$_scr" "$@" 2>"$TDIR/logs/$_name.sandbox"
    _rc=$?
    st_code=0 st_sig=0 st_why=
    _res=$(cat "$TDIR/logs/$_name.result" 2>/dev/null)
    case " $_res " in
    *" status=ok "*) st=ok ;;
    *" status=exit "*) st=ERROR; st_code=$(result_field code); st_why="exit status $st_code" ;;
    *" status=signal "*) st=CRASH; st_sig=$(result_field signal); st_why=$(signal_name "$st_sig") ;;
    *" status=timeout "*) st=TIMEOUT; st_why="no result after $_secs s" ;;
    *" status=violation "*)
        st=VIOLATION
        # the sandbox's violation line: what was refused, decoded by ngbench-rec
        st_why="$(line_field "$TDIR/logs/$_name.result" violation what) $(line_field "$TDIR/logs/$_name.result" violation target)"
        rec_from "$TDIR/logs/$_name.result" violation "step=$_name"
        printf '%s\n' "$st_why" >>"$TDIR/violated"
        ;;
    *)
        st=ERROR
        st_why="the sandbox could not run the step: $(head -c 300 "$TDIR/logs/$_name.sandbox" | tr '\n' ' ')"
        ;;
    esac
    case $(result_field out_dropped) in '' | 0) ;; *) st_why="${st_why:+$st_why; }output beyond $_lim bytes dropped" ;; esac
    return 0
}
# result_field KEY: a word of the last step's result (values as written)
result_field() { printf '%s\n' "$_res" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }

signal_name() {
    _n=$1
    _nm=$(kill -l "$_n" 2>/dev/null)
    echo "signal $_n${_nm:+ (SIG$_nm)}"
}

# first_line FILE [MAX]: the first nonblank line of a log, printable, cut
first_line() { grep -v '^[[:space:]]*$' "$1" 2>/dev/null | head -n 1 | tr -c '[:print:]\n' '?' | cut -c "1-${2:-300}"; }

# keep FILE DEST [MAX-BYTES]: a trusted, size-limited copy of an untrusted file
keep() {
    [ -f "$1" ] || return 0
    mkdir -p "$(dirname "$2")"
    head -c "${3:-1048576}" "$1" >"$2"
}

# num VALUE: the value when it is a plain decimal number, else nothing
num() { case $1 in '' | *[!0-9.eE+-]*) ;; *) printf '%s' "$1" ;; esac; }
# word VALUE: the value when it is one word of [A-Za-z0-9._+-], else nothing
word() { case $1 in '' | *[!A-Za-z0-9._+-]*) ;; *) printf '%s' "$1" ;; esac; }
# kvs LINE: the key=value words of LINE whose keys are [a-z_]+ and values
# plain numbers or words (what the harness programs print); others dropped
kvs() {
    set -f # no file name expansion of what a program printed
    for _kv in $1; do
        case $_kv in
        [a-z]*=*)
            _key=${_kv%%=*} _v=${_kv#*=}
            case $_key in *[!a-z0-9_]*) continue ;; esac
            case $_v in '' | *[!A-Za-z0-9._+-]*) continue ;; esac
            printf '%s\n' "$_kv" ;;
        esac
    done
    set +f
}
