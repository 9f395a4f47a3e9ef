#!/bin/sh
# do-shards.sh - campaigns split over shards, array tasks and makefiles lose
# nothing: the plan is fixed when a campaign starts, so shards started one
# after another, with records arriving in between, cover every target
# exactly once; a killed shard run again redoes its own share; --summary
# names what did not finish and where it was assigned, and exits 75; the
# Slurm script's index arithmetic works for 0-based arrays, steps and a
# single resubmitted task (fake SLURM_ARRAY_* variables); exit statuses are
# 0 / 1 (a target did not pass) / 75 (not finished), and make propagates
# them; collecting two copies of one host's results drops no record; run
# records carry the version, commit and options, build records a digest.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-shards
# one compiler line: three targets are enough (and keep the test short)
sel() { echo --okcompilers "$work/okcompilers" --no-measure "$@"; }
tab=$(printf '\t')
run() { r=$1; shift; "$datadir/do" --results "$r" --okcompilers "$work/okcompilers" --no-measure "$@"; }
targets="$fix/crypto_sign/toysig $fix/crypto_kem/toykem $fix/crypto_sign/badkatsig"
plan_of() { ls "$1"/testhost/campaigns/*/plan | head -n 1; }
done_in() { "$rec" get -k done -w campaign="$2" -f @target "$1/testhost/data" | sort; }
campaign_of() { cat "$(ls "$1"/testhost/campaigns/*/id | head -n 1)"; }

# ---- a first campaign gives every target a measured estimate ----
run "$work/a" $targets >"$work/a0.out" 2>&1
echo "first campaign: exit $?"
# ---- shards, one after another, of a new campaign: records arrive in between ----
run "$work/a" --restart --shard 1/3 $targets >"$work/a1.out" 2>&1
rc1=$?
c=$(campaign_of "$work/a")
plan=$(plan_of "$work/a")
cp "$plan" "$work/plan.first"
run "$work/a" --shard 2/3 $targets >"$work/a2.out" 2>&1
rc2=$?
run "$work/a" --shard 3/3 $targets >"$work/a3.out" 2>&1
rc3=$?
cmp -s "$plan" "$work/plan.first" && ok "the plan stayed as the campaign started" || bad "the plan changed between shards"
n=$(done_in "$work/a" "$c" | wc -l)
dups=$(done_in "$work/a" "$c" | uniq -d | wc -l)
[ "$n" -eq 3 ] && [ "$dups" -eq 0 ] && ok "3 shards one after another: 3 targets, each done once" ||
    bad "3 shards: $n done, $dups twice"
k=1
for rc in $rc1 $rc2 $rc3; do
    mine=$("$datadir/harness/campaign" shard "$plan" $k 3)
    if printf '%s\n' "$mine" | grep -q badkatsig; then want=1; else want=0; fi
    [ "$rc" -eq "$want" ] && ok "shard $k/3 exits $rc (1 when a target of it did not pass)" || bad "shard $k/3 exits $rc, not $want"
    k=$((k + 1))
done

# ---- a shard killed mid-way, then requeued: it redoes its own share ----
run "$work/b" --shard 1/2 $targets >"$work/b1.out" 2>&1
c=$(campaign_of "$work/b")
plan=$(plan_of "$work/b")
setsid "$datadir/do" --results "$work/b" $(sel) --shard 2/2 $targets >"$work/b2.out" 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ] && [ "$(done_in "$work/b" "$c" | wc -l)" -lt "$("$datadir/harness/campaign" shard "$plan" 1 2 | wc -l)" ]; do
    sleep 0.1; i=$((i + 1))
done
sleep 2
kill -9 "$pid" 2>/dev/null
wait $pid 2>/dev/null
sleep 2
run "$work/b" --summary $targets >"$work/bs.out" 2>&1
rc=$?
cat "$work/bs.out"
missing=$("$datadir/harness/campaign" shard "$plan" 2 2 | while read -r t; do done_in "$work/b" "$c" | grep -qxF "$t" || echo "$t"; done)
if [ -n "$missing" ]; then
    [ $rc -eq 75 ] && ok "--summary of an incomplete campaign exits 75" || bad "--summary exits $rc"
    t=$(printf '%s\n' "$missing" | head -n 1)
    grep -F "  $t: " "$work/bs.out" | grep -q 'assigned to shard 2/2' &&
        ok "--summary names $t and its shard 2/2" || bad "--summary does not name $t in shard 2/2"
else
    echo "note: shard 2/2 finished before its kill; the requeue below has nothing to do"
fi
before=$("$rec" get -k status -w campaign="$c" -f @target "$work/b/testhost/data" | sort)
run "$work/b" --shard 2/2 $targets >"$work/b3.out" 2>&1
after=$("$rec" get -k status -w campaign="$c" -f @target "$work/b/testhost/data" | sort)
new=$(printf '%s\n' "$after" | grep -vxF "$before" | sort -u)
share=$("$datadir/harness/campaign" shard "$plan" 2 2 | sort)
[ -z "$(printf '%s\n' "$new" | grep . | grep -vxF "$share")" ] && ok "the requeued shard ran only its own share" ||
    bad "the requeued shard ran others' targets: $new"
[ "$(done_in "$work/b" "$c" | sort -u | wc -l)" -eq 3 ] && [ "$(done_in "$work/b" "$c" | uniq -d | wc -l)" -eq 0 ] &&
    ok "after the requeue: every target done, none twice" || bad "after the requeue: $(done_in "$work/b" "$c" | wc -l) done"
run "$work/b" --summary $targets >/dev/null 2>&1
[ $? -eq 1 ] && ok "--summary of the complete campaign with a FAIL exits 1" || bad "--summary of the complete campaign"

# ---- the Slurm script's index arithmetic, with fake SLURM_ARRAY_* ----
slurm() { # slurm RESULTS ID MIN MAX STEP
    (cd "$datadir" && env SLURM_ARRAY_TASK_ID=$2 SLURM_ARRAY_TASK_MIN=$3 SLURM_ARRAY_TASK_MAX=$4 SLURM_ARRAY_TASK_STEP=$5 \
        SLURM_SUBMIT_DIR="$datadir" sh doc/slurm-array.sh --results "$1" $(sel) $targets) >>"$work/slurm.out" 2>&1
}
# 0-based, tasks 0 and 1 of 0-2; task 2 resubmitted alone later
slurm "$work/s0" 0 0 2 1
slurm "$work/s0" 1 0 2 1
run "$work/s0" --summary $targets >"$work/s0.sum" 2>&1
[ $? -eq 75 ] && grep -q 'assigned to shard 3/3, which never ran' "$work/s0.sum" &&
    ok "--array=0-2 without task 2: --summary says shard 3/3 never ran" || { bad "0-based array summary"; cat "$work/s0.sum"; }
"$NGBENCH_REPORT" merge --results "$work/s0" -o "$work/s0m" >/dev/null 2>&1
grep -q 'INCOMPLETE: 1 of its 3 planned targets did not finish' "$work/s0m/summary.md" &&
    ok "the merged summary marks the incomplete campaign" || bad "the merged summary does not mark the incomplete campaign"
slurm "$work/s0" 2 2 2 1 # sbatch --array=2: a resubmission of the missing task
c=$(campaign_of "$work/s0")
[ "$(done_in "$work/s0" "$c" | wc -l)" -eq 3 ] && [ "$(done_in "$work/s0" "$c" | uniq -d | wc -l)" -eq 0 ] &&
    ok "the resubmitted task 2 alone ran its share of 0-2: every target once" || bad "0-based array + resubmission"
# a step: --array=1-5:2 is tasks 1, 3, 5
for i in 1 3 5; do slurm "$work/s1" $i 1 5 2; done
c=$(campaign_of "$work/s1")
[ "$(done_in "$work/s1" "$c" | wc -l)" -eq 3 ] && [ "$(done_in "$work/s1" "$c" | uniq -d | wc -l)" -eq 0 ] &&
    grep -q 'shard=3/3' "$work/s1/testhost/data" && ok "--array=1-5:2: three shares, every target once" || bad "stepped array"
(cd "$datadir" && env SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=5 SLURM_ARRAY_TASK_STEP=2 \
    sh doc/slurm-array.sh --results "$work/s1" $(sel) $targets) >/dev/null 2>&1
[ $? -eq 2 ] && ok "a task outside the array's steps is refused" || bad "task 2 of 1-5:2 accepted"

# ---- make: the makefile's exit status is the campaign's ----
run "$work/m" --makefile $targets >"$work/m.mk"
make -s -j2 -f "$work/m.mk" >"$work/m.out" 2>&1
rc=$?
[ $rc -ne 0 ] && ok "make -f the campaign makefile fails when a target does not pass (exit $rc)" || bad "make exits 0 despite a FAIL"

# ---- collect: two copies of one host's results, nothing dropped ----
run "$work/c1" --shard 1/2 $targets >/dev/null 2>&1
cp -R "$work/c1" "$work/c2"
run "$work/c2" --shard 2/2 $targets >/dev/null 2>&1
mv "$work/c2/testhost" "$work/c2/testhost-copy"
"$datadir/do" collect --results "$work/c1" "$work/c2" >"$work/collect.out" 2>&1
cat "$work/collect.out"
c=$(campaign_of "$work/c1")
[ "$(done_in "$work/c1" "$c" | wc -l)" -eq 3 ] && [ "$(done_in "$work/c1" "$c" | uniq -d | wc -l)" -eq 0 ] &&
    ok "collect: both halves in one data file, none twice" || bad "collect: $(done_in "$work/c1" "$c" | wc -l) done"
[ "$(sort "$work/c1/testhost/data" | uniq -d | wc -l)" -eq 0 ] && ok "collect: no line twice" || bad "collect duplicated lines"
grep -q "holds the records of host 'testhost'" "$work/collect.out" && ok "collect: a directory named otherwise is collected as its records' host" ||
    bad "collect: no note on the renamed host directory"
"$datadir/do" collect --results "$work/c1" "$work/c2" >/dev/null 2>&1
[ "$(sort "$work/c1/testhost/data" | uniq -d | wc -l)" -eq 0 ] && ok "collect twice: still no line twice" || bad "collect twice duplicated"

# ---- what the records carry ----
"$rec" get -k run -f version,commit,options,plan "$work/a/testhost/data" | tail -n 1 | grep -q "^$(cat "$datadir/VERSION")	" &&
    ok "run records carry the version (and commit, options, plan)" || bad "run record without version"
[ "$("$rec" get -k build -f digest "$work/a/testhost/data" | grep -c '^[0-9a-f]\{16\}$')" -gt 0 ] &&
    ok "build records carry a digest of the sources and compiler line" || bad "no build digest"
[ "$("$rec" get -k plan -w campaign="$(campaign_of "$work/s0")" -f @target "$work/s0/testhost/data" | wc -l)" -eq 3 ] &&
    ok "the plan is in the records (one plan record per job)" || bad "plan records"

# ---- merging hosts that ran other sources or another version: flagged ----
mkdir -p "$work/x/other"
sed 's/^ngbench 1 testhost /ngbench 1 other /; s/ digest=[0-9a-f]*/ digest=0000000000000000/; s/ version=[^ ]*/ version=0.0.1/' \
    "$work/a/testhost/data" >"$work/x/other/data"
"$NGBENCH_REPORT" merge -o "$work/xm" "$work/a/testhost/data" "$work/x/other/data" >/dev/null 2>&1
grep -q 'was built from different sources or compiler lines on other and testhost' "$work/xm/summary.md" &&
    grep -q 'other ran ngbench 0.0.1' "$work/xm/summary.md" &&
    ok "the merge flags hosts that ran different sources or versions of one target" || bad "no consistency warning"

# ---- a real Slurm, where there is one ----
if command -v sbatch >/dev/null 2>&1 && [ -n "${NGBENCH_TEST_SLURM:-}" ]; then
    jid=$(cd "$datadir" && sbatch --parsable --wait --array=0-1 doc/slurm-array.sh --results "$work/real" $(sel) $targets)
    c=$(campaign_of "$work/real")
    [ "$(done_in "$work/real" "$c" | wc -l)" -eq 3 ] && ok "sbatch --array=0-1 (job $jid): every target once" || bad "real Slurm"
else
    echo "skipped: a real Slurm array (set NGBENCH_TEST_SLURM=1 where sbatch works)"
fi
exit $((fails > 0))
