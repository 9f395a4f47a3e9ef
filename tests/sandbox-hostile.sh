#!/bin/sh
# sandbox-hostile.sh - ./do on submissions that attack the harness, one
# class each (tests/fixtures/sandbox/: remount, /proc/<ppid>/root, setns,
# unshare, ptrace, signals outside, a constructor before main, open64, raw
# syscall(SYS_openat) and syscall(SYS_socket), forged records, forked
# children and a daemon, a stdout flood; built here: source names with
# spaces and $(, a primitive directory with a space, a symbolic link and an
# absolute include out of the folder). Each gets the status asserted below,
# and after the run: every record valid and none forged, no file outside
# the target directories changed, no process of the run left, ./do's own
# output small.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup sandbox-hostile
rec=${NGBENCH_REC:-$PWD/report/ngbench-rec}
level=$("${NGBENCH_SANDBOX:-harness/ngbench-sandbox}" --probe)
echo "sandbox here: $level"
case $level in *seccomp=notify*) ;; *) echo "SKIP: no seccomp filter with notification here ($level)"; exit 77 ;; esac

# ---- the fixtures built at run time (names git and tarballs should not carry) ----
gen=$work/fix/crypto_sign
toy=$fix/crypto_sign/toysig
mkdir -p "$gen/namesig/ref" "$gen/space dir/ref" "$gen/symlinksig/ref" "$gen/absincsig/ref"
for p in namesig symlinksig absincsig; do cp "$toy/kat.sha256" "$gen/$p/"; done
sed 's/"TOYSIG"/"TOYSIG"/' "$toy/ref/api.h" >"$gen/namesig/ref/api.h"
{ echo '#include "x y.h"'; cat "$toy/ref/toysig.c"; } >"$gen/namesig/ref/my file.c"
echo '/* x y.h - a header whose name has a space */' >"$gen/namesig/ref/x y.h"
printf 'int namesig_extra(void);\nint namesig_extra(void) { return 1; }\n' >"$gen/namesig/ref/\$(touch PWNED) x.c"
cp "$toy/ref/api.h" "$toy/ref/toysig.c" "$gen/space dir/ref/"
cp "$toy/ref/api.h" "$toy/ref/toysig.c" "$gen/symlinksig/ref/"
ln -s /etc/passwd "$gen/symlinksig/ref/evil.c"
cp "$toy/ref/api.h" "$toy/ref/toysig.c" "$gen/absincsig/ref/"
printf '#include "/etc/passwd"\n' >"$gen/absincsig/ref/leak.c"

# what must not change: a sentinel in the results directory, the fixtures
mkdir -p "$work/res/testhost"
echo sentinel >"$work/res/testhost/sentinel"
echo sentinel >"$work/res/sentinel"
sums() { (cd "$1" && find . -path ./testhost/targets -prune -o -path ./testhost/campaigns -prune -o \
    -path ./testhost/work -prune -o -path ./testhost/cache -prune -o -type f ! -name 'data*' -print | LC_ALL=C sort | xargs sha256sum); }
sums "$work/res" >"$work/before.res"
(cd "$datadir/tests/fixtures/sandbox" && find . -type f | LC_ALL=C sort | xargs sha256sum) >"$work/before.fix"
rm -f /tmp/ngbench-hostile-* 2>/dev/null

# ---- the run (through a pipe: a child holding ./do's stdout would hang it) ----
start=$(date +%s)
timeout 900 "$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --timeout 20 --no-measure \
    "$datadir"/tests/fixtures/sandbox/crypto_sign/* "$gen/namesig" "$gen/symlinksig" "$gen/absincsig" 2>&1 |
    cat >"$work/do.out"
echo "./do took $(($(date +%s) - start)) s"
cat "$work/do.out"
[ "$(wc -c <"$work/do.out")" -lt 100000 ] && ok "./do's output stays small ($(wc -c <"$work/do.out") bytes; the flood went to a capped log)" ||
    bad "./do printed $(wc -c <"$work/do.out") bytes"

# ---- statuses ----
# TARGET STATUS [what=... target-pattern]
while read -r p want what target; do
    got=$(status_of "crypto_sign/$p/ref/cc")
    [ "$got" = "$want" ] || { bad "$p: status '$got', expected $want"; continue; }
    if [ "$what" != - ]; then
        "$rec" get -k violation -w @primitive="$p" -f what,target -d "$data" | grep -q "^$what	$target" &&
            ok "$p: $want ($what $target)" ||
            { bad "$p: no violation record '$what $target'"; "$rec" get -k violation -w @primitive="$p" -f what,target -d "$data"; }
    else
        ok "$p: $want"
    fi
done <<'EOT'
remountsig VIOLATION syscall mount
procrootsig VIOLATION write-outside-scratch /proc/
setnssig VIOLATION syscall setns
unsharesig VIOLATION syscall unshare
ptracesig VIOLATION syscall ptrace
killsig VIOLATION signal kill
ctorsig VIOLATION write-outside-scratch /tmp/ngbench-hostile-ctor
open64sig VIOLATION write-outside-scratch /tmp/ngbench-hostile-open64
rawopensig VIOLATION write-outside-scratch /tmp/ngbench-hostile-rawopen
rawsocketsig VIOLATION socket domain=2
forgesig VIOLATION write-outside-scratch /
forksig PASS - -
floodsig PASS - -
namesig PASS - -
symlinksig BUILDFAIL - -
absincsig BUILDFAIL - -
EOT
"$rec" get -k build -w @primitive=symlinksig -f detail -d "$data" | grep -q 'refused: evil.c is a symbolic link that resolves outside the folder' &&
    ok "symlinksig: the link out of the folder is named" || bad "symlinksig: no refusal naming evil.c"
"$rec" get -k build -w @primitive=absincsig -f detail -d "$data" | grep -q 'refused: leak.c includes /etc/passwd' &&
    ok "absincsig: the absolute include is named" || bad "absincsig: no refusal naming /etc/passwd"
"$rec" get -k build -w @primitive=namesig -f sources -d "$data" | grep -qF 'my file.c' &&
    "$rec" get -k build -w @primitive=namesig -f sources -d "$data" | grep -qF '$(touch PWNED) x.c' &&
    ok "namesig: sources with a space and \$( are built and recorded as they are" || bad "namesig: sources not recorded"
if find "$work" "$datadir" /tmp -maxdepth 6 -name PWNED 2>/dev/null | grep -q .; then bad "a file name ran as a command (PWNED exists)"; else ok "no file name ran as a command"; fi
grep -rl 'root:x:0:0' "$work/res" 2>/dev/null | grep -q . && bad "a log holds content of /etc/passwd: $(grep -rl 'root:x:0:0' "$work/res" | head -n 1)" ||
    ok "no log holds content from outside the folder"
"$rec" get -k status -w @primitive=floodsig -f status "$data" >/dev/null
grep -q 'out_dropped=[1-9]' "$work"/res/testhost/targets/*/crypto_sign/floodsig/ref/cc/logs/katgen.result &&
    ok "floodsig: the flood was cut at the log's limit (and counted)" || bad "floodsig: flood not cut"

# ---- a primitive whose name cannot be recorded: refused before anything runs ----
"$datadir/do" --results "$work/res2" --okcompilers "$work/okcompilers" --no-measure "$gen/space dir" >"$work/space.out" 2>&1
rc=$?
cat "$work/space.out"
[ $rc -ne 0 ] && grep -q "space dir" "$work/space.out" && [ ! -s "$work/res2/testhost/data" ] &&
    ok "a primitive directory named 'space dir' is refused with a message, nothing run" || bad "'space dir' not refused"

# ---- afterwards ----
"$rec" valid "$data" >"$work/invalid" && ok "every data line is a valid record" || { bad "invalid lines in data"; head "$work/invalid"; }
if grep -q 'forged\|a29991231' "$data" "$data.jsonl"; then bad "a forged line reached the data"; else ok "no forged line reached the data"; fi
sums "$work/res" | cmp -s - "$work/before.res" && ok "no file outside the target directories changed" ||
    { bad "files outside the target directories changed:"; sums "$work/res" | diff "$work/before.res" - | head; }
# the harness cache (written by the trusted step, outside the targets): every
# entry as it was made, whatever the hostile builds did
for e in "$work"/res/testhost/cache/harness/*/; do
    [ -d "$e" ] || continue
    (cd "$e" && sha256sum -c --quiet --strict SHA256SUMS) >/dev/null 2>&1 && ok "the harness cache $(basename "$e") matches its digests" ||
        bad "the harness cache $e was changed"
done
(cd "$datadir/tests/fixtures/sandbox" && find . -type f | LC_ALL=C sort | xargs sha256sum) | cmp -s - "$work/before.fix" &&
    ok "the fixtures' folders are unchanged" || bad "a fixture folder changed"
ls /tmp/ngbench-hostile-* >/dev/null 2>&1 && bad "a hostile file appeared in /tmp: $(ls /tmp/ngbench-hostile-*)" || ok "nothing appeared in /tmp"
sleep 1
left=
for p in /proc/[0-9]*; do
    c=$(readlink "$p/cwd" 2>/dev/null) || continue
    case $c in "$work"/*) left="$left ${p#/proc/}" ;; esac
done
[ -z "$left" ] && ok "no process of the run is left" || { bad "processes left:$left"; ps -o pid,ppid,cmd -p $(echo $left | tr ' ' ,); }
exit $((fails > 0))
