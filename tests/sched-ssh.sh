#!/bin/sh
# sched-ssh.sh - the README's ssh recipe (./do --plan > plan.txt; GNU
# parallel -S host1,host2 --wd "$PWD" "./do --plan-file plan.txt --job {}")
# against a real sshd this test starts on 127.0.0.1 on a free port, with its
# own host key, user key and authorized_keys (host1 and host2 are two names
# for it in the test's own ssh_config), and stops. Every target runs
# exactly once, parallel exits 0, ./do --summary and ngbench-report status
# agree (exit 0, complete); the recipe run again after completion runs
# nothing (every job: "campaign C is complete", exit 0) and changes nothing.
# Without sshd, ssh, ssh-keygen or GNU parallel (bootstrap installs
# openssh-server and parallel as optional test dependencies) it says why
# and exits 77 (skipped).
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup sched-ssh
. "$datadir/tests/sched-lib.sh"

PATH=$PATH:/usr/sbin
for t in sshd ssh ssh-keygen parallel ss; do
    command -v "$t" >/dev/null 2>&1 || skip "$t is missing (Debian: apt-get install openssh-server openssh-client parallel iproute2; ./bootstrap installs them)"
done
parallel --version 2>/dev/null | grep -q 'GNU parallel' || skip "parallel is not GNU parallel"
# the remote ./do runs in the source tree; the tools of an out-of-tree build
# (make distcheck) travel with parallel --env
envs=
for v in NGBENCH_KAT_TOOL NGBENCH_REC NGBENCH_REPORT NGBENCH_STATS NGBENCH_SANDBOX NGBENCH_HOSTSPEED NGBENCH_OKPARSE; do
    eval "[ -n \"\${$v:-}\" ]" && { export "$v"; envs="$envs --env $v"; }
done
# a host of the recipe names itself (default: its hostname): so does this side
unset NGBENCH_HOST
NGBENCH_HOST=$(NGBENCH_LIBDIR=$datadir/harness sh -c '. "$1/harness/records.sh"; host_name' sh "$datadir")
export NGBENCH_HOST

sd=$work/sshd
mkdir -p "$sd" && chmod 700 "$sd"
ssh-keygen -q -t ed25519 -N '' -f "$sd/host_key" >/dev/null 2>&1 && ssh-keygen -q -t ed25519 -N '' -f "$sd/user_key" >/dev/null 2>&1 ||
    skip "ssh-keygen cannot make ed25519 keys"
cp "$sd/user_key.pub" "$sd/authorized_keys"
port=$(free_port) || skip "no free TCP port"
user=$(id -un)
cat >"$sd/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $sd/host_key
PidFile $sd/sshd.pid
AuthorizedKeysFile $sd/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $user
StrictModes no
UsePAM no
PrintMotd no
X11Forwarding no
LogLevel ERROR
EOF
printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d ' ' -f 1,2 "$sd/host_key.pub")" >"$sd/known_hosts"
cat >"$sd/ssh_config" <<EOF
Host host1 host2
    HostName 127.0.0.1
    Port $port
    User $user
    IdentityFile $sd/user_key
    IdentitiesOnly yes
    BatchMode yes
    StrictHostKeyChecking yes
    UserKnownHostsFile $sd/known_hosts
    LogLevel ERROR
EOF
# sshd refuses to start as root without its privilege separation directory
[ "$(id -u)" = 0 ] && [ ! -d /run/sshd ] && mkdir -p /run/sshd && chmod 755 /run/sshd
"$(command -v sshd)" -D -e -f "$sd/sshd_config" >"$sd/sshd.log" 2>&1 &
sshd_pid=$!
trap 'kill "$sshd_pid" 2>/dev/null; wait "$sshd_pid" 2>/dev/null' EXIT
trap 'exit 130' INT TERM HUP
i=0
until ssh -F "$sd/ssh_config" host1 true 2>"$sd/ssh.err"; do
    i=$((i + 1))
    kill -0 "$sshd_pid" 2>/dev/null || skip "sshd does not start: $(tr '\n' ' ' <"$sd/sshd.log")"
    [ $i -le 40 ] || skip "cannot log in to the test's sshd: $(tr '\n' ' ' <"$sd/ssh.err") $(tr '\n' ' ' <"$sd/sshd.log")"
    sleep 0.25
done
echo "a private sshd on 127.0.0.1:$port ($(ssh -V 2>&1)); parallel $(parallel --version | head -n 1)"

# ---- the README's recipe: a plan, then one job per target over ssh ----
r=$work/res
sel=$(selopts "$r")
cd "$datadir" || exit 2
# parallel keeps its state under $HOME: the test's own
HOME=$work/home
export HOME
mkdir -p "$HOME"
./do $sel $targets --plan >"$work/plan.txt" || bad "--plan failed"
c=$(campaign_of "$r")
recipe() {
    # shellcheck disable=SC2086
    grep -v '^#' "$work/plan.txt" | cut -f1 | parallel --will-cite --ssh "ssh -F $sd/ssh_config" $envs -S host1,host2 --wd "$PWD" \
        "./do $sel --plan-file $work/plan.txt --job {} $targets"
}
recipe >"$work/run1.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "parallel -S host1,host2 over sshd: exit 0" || { bad "parallel exits $rc"; tail -n 30 "$work/run1.out"; }
once "$r" "$c" "the ssh recipe"
no_leftovers "$r" "after the ssh recipe"
agree "$r" $sel $targets
[ "$summary_rc" -eq 0 ] && grep -q "^campaign $c on $NGBENCH_HOST: $ntargets planned, $ntargets finished, complete" "$work/agree.do" &&
    ok "--summary: $c complete, exit 0" || { bad "--summary after the ssh recipe: exit $summary_rc"; cat "$work/agree.do"; }

# ---- the recipe again, after completion: nothing runs, nothing changes ----
snap() { (cd "$r/$NGBENCH_HOST" && cksum data && ls -R campaigns | grep -v '^$' && cat campaigns/*/id) | cksum; }
before=$(snap)
recipe >"$work/run2.out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c "campaign $c is complete" "$work/run2.out")" -eq "$ntargets" ] &&
    ok "the recipe again: every job says 'campaign $c is complete', exit 0" || { bad "the recipe again: exit $rc"; cat "$work/run2.out"; }
[ "$(snap)" = "$before" ] && ok "the recipe again changed nothing" || bad "the recipe again changed the campaign or its records"
once "$r" "$c" "after the second round"
exit $((fails > 0))
