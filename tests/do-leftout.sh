#!/bin/sh
# do-leftout.sh - the default selection drops nothing silently: in a tree
# with a primitive whose name cannot be recorded (crypto_sign/bad name), an
# implementation folder likewise (Bad@impl), a folder without C sources and
# a -common folder, ./do --list and the run's output say "do: left out:
# FOLDER: REASON" for each, and the plan's header has "# left out:" lines;
# named on the command line, the unfit folder is refused (exit 2). And the
# read-only rule: --summary of a selection without a campaign exits 2 and
# creates nothing.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-leftout
tree=$work/tree
mkdir -p "$tree/crypto_sign" "$tree/crypto_kem"
cp -R "$fix/crypto_sign/toysig" "$tree/crypto_sign/"
mkdir -p "$tree/crypto_sign/bad name/ref" "$tree/crypto_sign/toysig/Bad@impl" "$tree/crypto_sign/toysig/doc" \
    "$tree/crypto_sign/toysig-common"
cp "$tree/crypto_sign/toysig/ref/"*.c "$tree/crypto_sign/bad name/ref/"
cp "$tree/crypto_sign/toysig/ref/"*.c "$tree/crypto_sign/toysig/Bad@impl/"
d() { NGBENCH_DATADIR=$tree "$datadir/do" --okcompilers "$work/okcompilers" --quick --results "$work/res" "$@"; }

d --list >"$work/list.out" 2>"$work/list.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^crypto_sign/toysig/ref/' "$work/list.out" && ok "--list of the default selection: toysig/ref" ||
    bad "--list exits $rc"
for f in "crypto_sign/bad name: its name cannot name records" "crypto_sign/toysig/Bad@impl: its name cannot name records" \
    "crypto_sign/toysig/doc: no C sources" "crypto_sign/toysig-common: shared code"; do
    grep -qF "do: left out: $f" "$work/list.err" && ok "--list says: left out: $f" || bad "--list does not say: left out: $f"
done
d --summary >"$work/sum.out" 2>&1
rc=$?
[ $rc -eq 2 ] && [ ! -d "$work/res/testhost/campaigns" ] && ok "--summary without a campaign: exit 2, nothing created" ||
    bad "--summary without a campaign: exit $rc, campaigns: $(ls "$work/res/testhost" 2>/dev/null)"
d --plan >"$work/plan.out" 2>&1
n=$(grep -c '^# left out: ' "$work/plan.out")
[ "$n" -eq 4 ] && grep -q '^# left out: crypto_sign/bad name: ' "$work/plan.out" && ok "the plan's header lists the 4 folders left out" ||
    { bad "the plan's header lists $n folders left out"; cat "$work/plan.out"; }
d "$tree/crypto_sign/bad name" --list >"$work/named.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q 'bad name.*must be letters' "$work/named.out" && ok "named on the command line, 'bad name' is refused (exit 2)" ||
    { bad "named 'bad name': exit $rc"; cat "$work/named.out"; }
exit $((fails > 0))
