#!/bin/sh
# sandbox.sh - ngbench-sandbox itself, in each mode this host allows: what
# the probe says is what holds inside (identity, capabilities,
# no_new_privs, namespaces, read-only file system and /proc, no network),
# the scratch directory is the only writable place, refused calls end the
# step and are named, output is capped, the wall clock is enforced, and no
# process of a step outlives it.
set -u
sbx=${NGBENCH_SANDBOX:-harness/ngbench-sandbox}
w=$(pwd)/tests/sandbox.d
rm -rf "$w"
mkdir -p "$w/scratch"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# run MODE CMD...: one step; sets out, res (the result words), rc
run() {
    _m=$1
    shift
    "$sbx" --mode "$_m" --timeout 20 --stdout "$w/out" --stderr "$w/err" --result "$w/res" "$w/scratch" "$@"
    rc=$?
    out=$(cat "$w/out")
    res=$(cat "$w/res")
}
has() { case " $res " in *" $1 "*) return 0 ;; esac; return 1; }

"$sbx" --help | grep -q 'usage: ngbench-sandbox' && ok "--help" || bad "--help"
"$sbx" --bogus >/dev/null 2>&1; [ $? -eq 1 ] && ok "an unknown option exits 1" || bad "unknown option"

for mode in bwrap builtin none; do
    level=$("$sbx" --probe --mode $mode)
    echo "== $mode: $level"
    case $level in *started=no*) echo "skipped: mode $mode cannot start here"; continue ;; esac
    # what the probe claims must hold inside, checked here independently
    run $mode sh -c 'id -u; grep -E "^(CapEff|NoNewPrivs|Seccomp):" /proc/self/status | tr -s "\t " " "'
    echo "$out" | sed 's/^/   inside: /'
    case $level in *caps=none*) echo "$out" | grep -qx 'CapEff: 0000000000000000' && ok "$mode: no capabilities, as probed" ||
        bad "$mode: capabilities inside although the probe says none" ;; esac
    case $level in *nnp=yes*) echo "$out" | grep -qx 'NoNewPrivs: 1' && ok "$mode: no_new_privs, as probed" || bad "$mode: no_new_privs" ;; esac
    case $level in *seccomp=notify* | *seccomp=kill*) echo "$out" | grep -qx 'Seccomp: 2' && ok "$mode: a seccomp filter, as probed" ||
        bad "$mode: no seccomp filter inside" ;; esac
    if [ "$(id -u)" = 0 ] && [ $mode != none ]; then
        [ "$(echo "$out" | head -n 1)" != 0 ] && ok "$mode: run as root, the step is not root" || bad "$mode: the step runs as root"
    fi
    if [ $mode = none ]; then continue; fi
    run $mode sh -c 'echo ok > inside.txt'
    [ -f "$w/scratch/inside.txt" ] && ok "$mode: the scratch directory is writable" || bad "$mode: cannot write the scratch directory ($res)"
    rm -f "$w/outside.txt"
    run $mode sh -c "echo no > '$w/outside.txt'"
    [ ! -e "$w/outside.txt" ] && has status=violation && has what=write-outside-scratch && [ $rc -eq 125 ] &&
        ok "$mode: a write outside the scratch directory is refused, named and ends the step (exit 125)" ||
        bad "$mode: write outside: rc $rc, $res"
    case $level in *fs=readonly-but-scratch*)
        # not through the filter's check: the mount itself refuses
        run $mode sh -c "grep ' / ' /proc/self/mountinfo | head -n 1"
        echo "$out" | grep -q ' / ro' && ok "$mode: the root file system is read-only inside" || bad "$mode: / is not read-only: $out" ;;
    esac
    case $level in *proc=own-readonly*)
        run $mode sh -c 'ls /proc | grep -c "^[0-9]"'
        [ "${out:-99}" -lt 10 ] && ok "$mode: its own /proc ($out processes visible)" || bad "$mode: the host's processes are visible ($out)" ;;
    esac
    case $level in *net=none*)
        run $mode sh -c "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"
        [ "$out" = lo ] && ok "$mode: only a loopback interface inside" || bad "$mode: interfaces inside: $out" ;;
    esac
    # a refused system call: unshare(1) calls unshare()
    if command -v unshare >/dev/null 2>&1; then
        run $mode unshare -U true
        has status=violation && has what=syscall && has target=unshare && ok "$mode: unshare() is refused and named" ||
            bad "$mode: unshare: $res"
    fi
    # the wall clock
    run $mode sh -c 'while :; do :; done'
    has status=timeout && [ $rc -eq 124 ] && ok "$mode: the wall-clock limit ends the step (exit 124)" || bad "$mode: timeout: rc $rc, $res"
    # output beyond the limit is dropped and counted, never passed on
    "$sbx" --mode $mode --output-limit 1000 --stdout "$w/out" --result "$w/res" "$w/scratch" \
        sh -c 'i=0; while [ $i -lt 2000 ]; do echo 0123456789; i=$((i + 1)); done' >"$w/direct" 2>&1
    res=$(cat "$w/res")
    [ "$(wc -c <"$w/out")" -eq 1000 ] && has out_dropped=21000 && [ ! -s "$w/direct" ] &&
        ok "$mode: output capped at the limit, the rest counted" || bad "$mode: output limit: $(wc -c <"$w/out") bytes, $res"
    # no process outlives the step: a child in a session of its own
    # (a sleep of its own length per mode and per run, so that no other
    # test's or mode's process is counted; a killed process may take a
    # moment to go on a loaded host, a leaked one stays for minutes)
    secs=$((300 + $$ % 500 + ${#mode}))
    run $mode sh -c "setsid sh -c 'sleep $secs' >/dev/null 2>&1 & sleep $secs & echo started"
    i=0
    while left=$(ps -eo pid,args | grep -c "[s]leep $secs") && [ "$left" -gt 0 ] && [ $i -lt 50 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    [ "$left" -eq 0 ] && ok "$mode: no process of the step is left after it" ||
        { bad "$mode: $left processes left after 5 s"; ps -eo pid,ppid,stat,etime,args | grep "[s]leep $secs"; }
done
# --ro: a directory under /tmp (hidden by the step's private /tmp) shown
# read-only at its own path: ngbench's tree when it lives under /tmp
case $("$sbx" --probe --mode bwrap) in
*started=no*) echo "skip: --ro: bwrap cannot start here" ;;
*)
    t=$(mktemp -d /tmp/ngbench-ro-test.XXXXXX) && chmod 755 "$t" && echo seen >"$t/f" && chmod 644 "$t/f"
    run bwrap cat "$t/f"
    [ "$out" != seen ] && ok "bwrap: /tmp/... is private to the step" || bad "bwrap: the step saw the caller's /tmp"
    "$sbx" --mode bwrap --timeout 20 --ro "$t" --stdout "$w/out" --result "$w/res" "$w/scratch" sh -c "cat '$t/f'; echo x >>'$t/f'"
    [ "$(cat "$w/out")" = seen ] && [ "$(cat "$t/f")" = seen ] && ok "bwrap --ro: readable at its own path, not writable" ||
        bad "bwrap --ro: out '$(cat "$w/out")', file now '$(cat "$t/f")'"
    rm -rf "$t"
    ;;
esac
# --can-reach: as root, steps run as an unprivileged uid, which cannot
# search a 0700 directory (/root): ./do says so up front instead of failing every build
t=$(mktemp -d) && mkdir "$t/in"
chmod 700 "$t"
if [ "$(id -u)" = 0 ]; then
    msg=$("$sbx" --can-reach "$t/in")
    [ $? -eq 1 ] && case $msg in *"$t is mode 0700"*) true ;; *) false ;; esac &&
        ok "--can-reach names the closed directory ($msg)" || bad "--can-reach: '$msg'"
fi
chmod 755 "$t"
"$sbx" --can-reach "$t/in" >/dev/null && ok "--can-reach: an open path is reachable" || bad "--can-reach refused an open path"
rm -rf "$t"
rm -rf "$w"
exit $fails
