# sched-lib.sh - shared by the tests that run campaigns under real
# schedulers (sched-slurm.sh, sched-ssh.sh, sched-make.sh); sourced after
# do-lib.sh and setup. The selection is a few tiny fixture targets that pass
# (so every exit status is 0 unless a campaign is incomplete); the checks
# read the records through ngbench-rec.
tab=$(printf '\t')
targets="$fix/crypto_sign/toysig $fix/crypto_kem/toykem $fix/crypto_sign/nistsig"
ntargets=3
# the selection every invocation of a campaign repeats (README: same
# selection, same options): the quick tier, one compiler line
selopts() { echo --quick --no-measure --okcompilers "$work/okcompilers" --results "$1"; }

# skip WHY: the scheduler cannot run here; say so, exit 77 (never a silent pass)
skip() {
    echo "SKIP: $*"
    exit 77
}

# free_port: a TCP port nothing listens on (from a range tests rarely use)
free_port() {
    _p=$(( ($$ * 7 + $(date +%S) * 131) % 20000 + 21000 ))
    while [ "$_p" -lt 65000 ]; do
        if ! ss -Hltn "sport = :$_p" 2>/dev/null | grep -q .; then
            echo "$_p"
            return 0
        fi
        _p=$((_p + 1))
    done
    return 1
}

# campaign_of RESULTS: the campaign id of the (only) campaign there
campaign_of() { cat "$(ls "$1"/"$NGBENCH_HOST"/campaigns/*/id | head -n 1)"; }
cdir_of() { dirname "$(ls "$1"/"$NGBENCH_HOST"/campaigns/*/id | head -n 1)"; }
# done_in RESULTS CAMPAIGN: the targets with a done record, one a line, sorted (repeats kept)
done_in() { "$rec" get -k done -w campaign="$2" -f @target "$1/$NGBENCH_HOST/data" | sort; }

# once RESULTS CAMPAIGN WHAT: every target of the selection done exactly once
once() {
    _d=$(done_in "$1" "$2")
    _n=$(printf '%s\n' "$_d" | grep -c .)
    _u=$(printf '%s\n' "$_d" | grep . | sort -u | wc -l)
    _nc=$("$rec" get -k plan -f campaign "$1/$NGBENCH_HOST/data" | sort -u | wc -l)
    [ "$_nc" -eq 1 ] || bad "$3: $_nc campaigns in the records, want 1"
    if [ "$_n" -eq "$ntargets" ] && [ "$_u" -eq "$ntargets" ]; then
        ok "$3: every target exactly once ($_n done)"
    else
        bad "$3: $_n done records for $_u targets, want $ntargets each once"
        printf '%s\n' "$_d" | uniq -c
    fi
}

# agree RESULTS SEL-ARGS... : ./do --summary and ngbench-report status say
# the same about the campaign (its completeness lines and the exit status);
# sets summary_rc
agree() {
    _r=$1
    shift
    "$datadir/do" "$@" --summary >"$work/agree.do" 2>&1
    summary_rc=$?
    "$NGBENCH_REPORT" status --results "$_r" >"$work/agree.st" 2>&1
    _st=$?
    # what each says about the campaign: its targets not finished and its counts
    sed -n '/^not finished in campaign/,$p; /^campaign .* planned/p' "$work/agree.do" | sort -u >"$work/agree.do.c"
    sed -n '/^not finished in campaign/,$p; /^campaign .* planned/p' "$work/agree.st" | sort -u >"$work/agree.st.c"
    if [ "$summary_rc" -eq "$_st" ] && cmp -s "$work/agree.do.c" "$work/agree.st.c"; then
        ok "./do --summary and ngbench-report status agree (exit $summary_rc: $(grep '^campaign .* planned' "$work/agree.do.c" | head -n 1))"
    else
        bad "./do --summary (exit $summary_rc) and ngbench-report status (exit $_st) disagree:"
        diff "$work/agree.do.c" "$work/agree.st.c" | head -n 20
    fi
}

# leftovers RESULTS: the per-process files left in the campaign's directory
# and work/ (none expected when no ./do of it runs)
leftovers() {
    _c=$(cdir_of "$1")
    ls "$_c" "$_c/locks" "$1/$NGBENCH_HOST/work" 2>/dev/null |
        grep -E '^(progress|todo|todo-all|done|run|hostinfo|impls|compilers|specs|leftout|a|b)\.[0-9]+|\.owner$|\.new\.[0-9]+$'
}
no_leftovers() {
    _l=$(leftovers "$1")
    [ -z "$_l" ] && ok "$2: no per-process file left behind" || bad "$2: left behind: $(echo $_l)"
}
