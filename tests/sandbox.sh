#!/bin/sh
# sandbox.sh - ngbench-sandbox itself: inside it the scratch directory is
# writable, the rest of the file system is not, and the network namespace
# has no interface but a downed loopback. Parts the kernel does not allow
# here are reported as skipped, as --probe reports them.
set -u
sbx=${NGBENCH_SANDBOX:-harness/ngbench-sandbox}
w=$(pwd)/tests/sandbox.d
rm -rf "$w"
mkdir -p "$w/scratch"
level=$("$sbx" --probe)
echo "here: $level"
fails=0
case $level in
*fs=readonly*)
    "$sbx" "$w/scratch" sh -c 'echo ok > inside.txt' && [ -f "$w/scratch/inside.txt" ] &&
        echo "ok: the scratch directory is writable" || { echo "FAIL: cannot write the scratch directory"; fails=1; }
    if "$sbx" "$w/scratch" sh -c "echo no > '$w/outside.txt'" 2>/dev/null || [ -e "$w/outside.txt" ]; then
        echo "FAIL: wrote outside the scratch directory"; fails=1
    else
        echo "ok: writing outside the scratch directory fails"
    fi
    [ "$("$sbx" "$w/scratch" sh -c 'echo "$TMPDIR"')" = "$w/scratch/.tmp" ] &&
        echo "ok: TMPDIR points into the scratch directory" || { echo "FAIL: TMPDIR"; fails=1; }
    ;;
*) echo "skipped: read-only file system not enforceable here" ;;
esac
case $level in
*net=isolated*)
    ifs=$("$sbx" "$w/scratch" sh -c "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '")
    [ "$ifs" = lo ] && echo "ok: only a loopback interface inside" || { echo "FAIL: interfaces inside: $ifs"; fails=1; }
    ;;
*) echo "skipped: network isolation not enforceable here" ;;
esac
exit $fails
