#!/bin/sh
# sched-slurm.sh - the README's Slurm recipe (sbatch --array=... doc/slurm-array.sh
# --quick ...) on a real, private, single-node Slurm cluster that this test
# starts on localhost (its own slurm.conf, ports, state and spool dirs, and
# munge key and socket) and stops. Scenarios: a 0-based array with more
# tasks than jobs; a task resubmitted and an array started after the
# campaign completed (they run nothing, exit 0, change nothing); --summary
# after completion (read-only, exit 0); a task cancelled mid-target (status
# says "running on" before, "interrupted at" after, exit 75; nothing left
# behind) and resubmitted alone (it runs its own share). Every target runs
# exactly once, and ./do --summary agrees with ngbench-report status.
# Without root or the daemons (slurmctld, slurmd, munged: bootstrap installs
# them as optional test dependencies) it says why and exits 77 (skipped).
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup sched-slurm
. "$datadir/tests/sched-lib.sh"

# ---- the cluster ----
[ "$(id -u)" = 0 ] || skip "a private Slurm cluster needs root here (slurmd starts jobs as their users)"
for t in munged slurmctld slurmd sbatch squeue scancel scontrol sinfo ss; do
    command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] ||
        skip "$t is missing (Debian: apt-get install slurmd slurmctld munge slurm-client iproute2; ./bootstrap installs them)"
done
PATH=$PATH:/usr/sbin
cl=$work/cluster
mkdir -p "$cl/state" "$cl/spool" "$cl/log" "$cl/run"
chmod 700 "$cl/run"
pids=
stop_cluster() {
    for p in $pids; do kill "$p" 2>/dev/null; done
    [ -f "$cl/run/munged.pid" ] && kill "$(cat "$cl/run/munged.pid")" 2>/dev/null
    for p in $pids; do wait "$p" 2>/dev/null; done
    return 0
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM HUP
dd if=/dev/urandom of="$cl/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$cl/munge.key"
munged --socket="$cl/run/munge.sock" --key-file="$cl/munge.key" --pid-file="$cl/run/munged.pid" \
    --log-file="$cl/log/munged.log" --seed-file="$cl/run/munge.seed" --force >"$cl/log/munged.out" 2>&1 ||
    skip "munged does not start: $(tail -n 2 "$cl/log/munged.out" "$cl/log/munged.log" 2>/dev/null | tr '\n' ' ')"
ctlport=$(free_port) && dport=$((ctlport + 1)) || skip "no free TCP port"
ncpu=$(nproc 2>/dev/null || echo 1)
cat >"$cl/slurm.conf" <<EOF
ClusterName=ngbenchtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctlport
SlurmdPort=$dport
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$cl/run/munge.sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$cl/state
SlurmdSpoolDir=$cl/spool
SlurmctldPidFile=$cl/run/slurmctld.pid
SlurmdPidFile=$cl/run/slurmd.pid
SlurmctldLogFile=$cl/log/slurmctld.log
SlurmdLogFile=$cl/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MailProg=/bin/true
KillWait=5
MinJobAge=600
NodeName=ngbenchnode NodeAddr=127.0.0.1 CPUs=$ncpu State=UNKNOWN
PartitionName=ngbenchtest Nodes=ngbenchnode Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$cl/slurm.conf
export SLURM_CONF
slurmctld -D -i -f "$SLURM_CONF" >"$cl/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -N ngbenchnode -f "$SLURM_CONF" >"$cl/log/slurmd.out" 2>&1 &
pids="$pids $!"
i=0
until sinfo -h -o %t 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; do
    i=$((i + 1))
    [ $i -le 60 ] || skip "the private Slurm cluster did not come up: $(tail -n 3 "$cl/log/slurmctld.log" "$cl/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"
    sleep 0.5
done
echo "a private Slurm cluster: slurmctld on 127.0.0.1:$ctlport, one node of $ncpu CPU(s) ($(sinfo -V))"

# sub RESULTS ARRAY [SEL...]: the README's recipe, from the tree; prints the job id
sub() {
    _r=$1 _a=$2
    shift 2
    (cd "$datadir" && sbatch --parsable --array="$_a" -o "$work/slurm-%A_%a.out" doc/slurm-array.sh $(selopts "$_r") "$@" $targets)
}
# wait_job JOBID: until none of its tasks is pending or running (at most 5 min)
wait_job() {
    _i=0
    while squeue -h -j "$1" -o %i 2>/dev/null | grep -q .; do
        _i=$((_i + 1))
        [ $_i -le 600 ] || { bad "job $1 still queued or running after 5 minutes"; scancel "$1"; return 1; }
        sleep 0.5
    done
}
# rcs JOBID: TASK=EXIT-CODE per array task, sorted by task (scontrol keeps
# finished jobs for MinJobAge)
rcs() {
    scontrol -o show job "$1" 2>/dev/null |
        sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*ExitCode=\([0-9]*\):\([0-9]*\).*/\1=\3:\2/p' | sort -n
}
# all_rcs JOBID WANT WHAT: every task of the job ended COMPLETED with exit WANT
all_rcs() {
    _got=$(rcs "$1" | tr '\n' ' ')
    _badt=$(rcs "$1" | grep -v "=$2:COMPLETED$")
    if [ -n "$_got" ] && [ -z "$_badt" ]; then ok "$3: every task exits $2 ($_got)"; else bad "$3: task exits: $_got (want $2)"; fi
}
sel=$(selopts "$work/a")

# ---- 1. a 0-based array with more tasks than jobs: 5 tasks, 3 targets ----
jid=$(sub "$work/a" 0-4) || bad "sbatch --array=0-4 refused"
wait_job "$jid"
c=$(campaign_of "$work/a")
once "$work/a" "$c" "sbatch --array=0-4 over $ntargets targets"
all_rcs "$jid" 0 "--array=0-4"
grep -l 'nothing to run\|0 to run here' "$work"/slurm-"$jid"_*.out >/dev/null 2>&1 ||
    grep -h 'to run here' "$work"/slurm-"$jid"_*.out | head -n 5
[ -f "$(cdir_of "$work/a")/complete" ] && ok "the campaign is marked complete" || bad "no complete mark"
no_leftovers "$work/a" "after the array"
agree "$work/a" $sel $targets
[ "$summary_rc" -eq 0 ] && ok "--summary after completion: exit 0" || bad "--summary after completion: exit $summary_rc"
grep -q "^campaign $c on testhost: $ntargets planned, $ntargets finished, complete" "$work/agree.do" &&
    ok "--summary shows the finished campaign $c" || { bad "--summary does not show $c complete"; cat "$work/agree.do"; }

# ---- 2. after completion: a resubmitted task, and a late bigger array ----
snap() { (cd "$work/a/testhost" && cksum data && ls -R campaigns | grep -v '^$' && cat campaigns/*/id campaigns/*/array 2>/dev/null) | cksum; }
before=$(snap)
jid2=$(sub "$work/a" 3)
jid3=$(sub "$work/a" 0-7)
wait_job "$jid2"
wait_job "$jid3"
all_rcs "$jid2" 0 "task 3 resubmitted after completion"
all_rcs "$jid3" 0 "--array=0-7 started after completion"
n=$(grep -l "campaign $c is complete" "$work"/slurm-"$jid2"_*.out "$work"/slurm-"$jid3"_*.out | wc -l)
[ "$n" -eq 9 ] && ok "each of the 9 late tasks says 'campaign $c is complete'" || bad "$n of 9 late tasks say the campaign is complete"
[ "$(snap)" = "$before" ] && ok "late tasks changed nothing (records, campaign id, plan, array)" ||
    bad "late tasks changed the campaign or its records"
"$datadir/do" $sel $targets --summary >"$work/s2.out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(snap)" = "$before" ] && ok "--summary again: exit 0, read-only" || bad "--summary again: exit $rc or changed something"
"$datadir/do" $sel $targets --plan >/dev/null 2>&1
[ "$(snap)" = "$before" ] && ok "--plan of the finished campaign: read-only" || bad "--plan changed the campaign"
"$NGBENCH_REPORT" status --results "$work/a" >/dev/null 2>&1
[ "$(snap)" = "$before" ] && ok "ngbench-report status: read-only" || bad "ngbench-report status changed something"
once "$work/a" "$c" "after the late tasks"

# ---- 3. a task cancelled mid-target, then resubmitted alone ----
jid=$(sub "$work/b" 0-1)
# task 1's first target: cancel it as soon as its start is recorded
i=0
while :; do
    c=$(campaign_of "$work/b" 2>/dev/null)
    if [ -n "$c" ] && [ -f "$work/b/testhost/data" ] && [ -f "$(cdir_of "$work/b")/plan" ]; then
        t1=$("$datadir/harness/campaign" shard "$(cdir_of "$work/b")/plan" 2 2 2>/dev/null | head -n 1)
        "$rec" get -k start -w campaign="$c" -w @target="$t1" -f @target "$work/b/testhost/data" 2>/dev/null | grep -q . && break
    fi
    i=$((i + 1))
    [ $i -le 1200 ] || { bad "task 1 never started its first target"; break; }
    sleep 0.1
done
agree "$work/b" $(selopts "$work/b") $targets
if grep -q "  $t1: running on $(uname -n) since " "$work/agree.do"; then
    ok "while task 1 runs $t1: status says 'running on $(uname -n) since ...'"
    running_seen=1
else
    echo "note: $t1 finished before status looked:"; cat "$work/agree.do"
    running_seen=
fi
scancel "${jid}_1"
wait_job "$jid"
st=$(rcs "$jid" | tr '\n' ' ')
case $st in *1=*:CANCELLED*) ok "task 1 cancelled ($st)" ;; *) bad "task 1 not cancelled: $st" ;; esac
no_leftovers "$work/b" "after scancel"
agree "$work/b" $(selopts "$work/b") $targets
if done_in "$work/b" "$c" | grep -qxF "$t1"; then
    echo "note: $t1 finished before the cancel reached it"
else
    [ "$summary_rc" -eq 75 ] && ok "the cancelled campaign: --summary exits 75" || bad "after the cancel: exit $summary_rc, want 75"
    grep -q "  $t1: interrupted at .* (owner gone" "$work/agree.do" && ok "$t1: 'interrupted at T (owner gone)'" ||
        { bad "$t1 is not shown interrupted"; cat "$work/agree.do"; }
fi
before=$(done_in "$work/b" "$c")
jid=$(sub "$work/b" 1) # sbatch --array=1: the cancelled task alone
wait_job "$jid"
all_rcs "$jid" 0 "task 1 resubmitted"
grep -q "task 1 alone: a resubmission into the array 0-1:1" "$work"/slurm-"$jid"_1.out &&
    ok "the resubmitted task knows its array (0-1)" || bad "the resubmitted task did not take its array's share"
new=$(done_in "$work/b" "$c" | grep -vxF "$before")
share=$("$datadir/harness/campaign" shard "$(cdir_of "$work/b")/plan" 2 2)
[ -z "$(printf '%s\n' "$new" | grep . | grep -vxF "$share")" ] && ok "the resubmitted task ran only its own share" ||
    bad "the resubmitted task ran others' targets: $new"
once "$work/b" "$c" "cancelled and resubmitted"
no_leftovers "$work/b" "after the resubmission"
agree "$work/b" $(selopts "$work/b") $targets
[ "$summary_rc" -eq 0 ] && ok "the resubmitted campaign is complete: exit 0" || bad "after the resubmission: exit $summary_rc"
[ -n "$running_seen" ] || echo "note: 'running on' was not observed (the target was too quick)"

stop_cluster
pids=
trap - EXIT
exit $((fails > 0))
