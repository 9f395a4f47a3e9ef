#!/bin/sh
# reference.sh - the shipped reference dataset: bench/make-reference turns a
# finished campaign into bench-results/NAME/ (records renamed, evidence
# digests, REFERENCE, README.md; an unfinished campaign only with
# --partial), ./do prints "x reference" after a target the reference has,
# never writes into it, and ./do merge shows it as one more host that
# ngbench-report check accepts.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup reference
report=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
export NGBENCH_REC=$rec NGBENCH_REPORT=$report
mk="$datadir/bench/make-reference"
q="--quick --no-profile --trials 2 --min-calls 4 --quiet-wait 0"

# a campaign to ship, on a host called refsrc
NGBENCH_HOST=refsrc "$datadir/do" $q --okcompilers "$work/okcompilers" --results "$work/res" \
    "$fix/crypto_sign/toysig" >"$work/out1" 2>&1 || bad "the source campaign did not pass (see $work/out1)"
src=$work/res/refsrc
if "$mk" --into "$work/refs" "$src" toyref >"$work/mk.out" 2>&1; then
    ok "make-reference shipped a finished campaign: $(cat "$work/mk.out")"
else
    bad "make-reference failed: $(cat "$work/mk.out")"
fi
ref=$work/refs/toyref
for f in data evidence.sha256 REFERENCE README.md; do [ -s "$ref/$f" ] || bad "the dataset has no $f"; done
hosts=$("$rec" get -f @host "$ref/data" | sort -u | tr '\n' ' ')
[ "$hosts" = "toyref " ] && ok "every record renamed to the dataset's host" || bad "hosts in the dataset: $hosts"
[ "$("$rec" get -k done -f @target "$ref/data" | grep -c .)" -eq "$("$rec" get -k done -f @target "$src/data" | grep -c .)" ] &&
    ok "every finished target is in it" || bad "targets went missing"
c=$(sed -n 's/^campaign=//p' "$ref/REFERENCE")
(cd "$src/targets/$c" && sha256sum -c --quiet --strict "$ref/evidence.sha256") &&
    ok "evidence.sha256 matches the campaign's evidence" || bad "evidence.sha256 does not match"
grep -q "^source_host=refsrc$" "$ref/REFERENCE" && grep -q "Machine:" "$ref/README.md" &&
    ok "REFERENCE and README.md say where it came from" || bad "REFERENCE/README.md incomplete"

# an unfinished campaign is refused, and shipped with --partial
cp -R "$src" "$work/partial"
"$rec" write -H refsrc -A amd64 "$work/partial/data" crypto_sign toysig ref never plan campaign="$c" order=99 estimate=1 source=model ||
    bad "could not add a plan record"
"$mk" --into "$work/refs" "$work/partial" half >"$work/mk2.out" 2>&1
[ $? -eq 1 ] && grep -q "not complete" "$work/mk2.out" && [ ! -e "$work/refs/half" ] &&
    ok "an unfinished campaign is refused ($(head -n 1 "$work/mk2.out"))" || bad "an unfinished campaign: $(cat "$work/mk2.out")"
"$mk" --partial --into "$work/refs" "$work/partial" half >/dev/null 2>&1 && grep -q '^finished=1$' "$work/refs/half/REFERENCE" &&
    grep -q '^planned=2$' "$work/refs/half/REFERENCE" && ok "--partial ships it and says 1 of 2" || bad "--partial did not ship it"
"$mk" --into "$work/refs" "$src" toyref >/dev/null 2>&1
[ $? -eq 2 ] && ok "an existing dataset is not replaced without --force" || bad "an existing dataset was replaced"
"$mk" --into "$work/refs" "$src" 'bad name' >/dev/null 2>&1
[ $? -eq 2 ] && ok "a bad name is refused" || bad "a bad name was taken"

# a user's run beside it: "x reference" after the target
NGBENCH_REFERENCE=$ref "$datadir/do" $q --okcompilers "$work/okcompilers" --results "$work/res" \
    "$fix/crypto_sign/toysig" >"$work/out2" 2>&1 || bad "the user's campaign did not pass (see $work/out2)"
n=$(grep -c " x reference" "$work/out2")
[ "$n" -eq 3 ] && ok "each operation's figure is given as a multiple of the reference ($(grep -m 1 ' x reference' "$work/out2" | tr -s ' '))" ||
    bad "$n operations with 'x reference' (want 3; see $work/out2)"
NGBENCH_REFERENCE=none "$datadir/do" $q --restart --okcompilers "$work/okcompilers" --results "$work/res" \
    "$fix/crypto_sign/toysig" >"$work/out3" 2>&1
grep -q " x reference" "$work/out3" && bad "NGBENCH_REFERENCE=none still compared" || ok "NGBENCH_REFERENCE=none: no comparison"
# ./do never writes into a reference dataset
before=$(cksum <"$ref/data")
NGBENCH_HOST=toyref "$datadir/do" $q --okcompilers "$work/okcompilers" --results "$work/refs" \
    "$fix/crypto_sign/toysig" >"$work/out4" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "reference dataset" "$work/out4" && [ "$(cksum <"$ref/data")" = "$before" ] &&
    ok "./do refuses to write into the reference ($(head -n 1 "$work/out4"))" || bad "./do into the reference: exit $rc, $(head -n 2 "$work/out4")"

# a fresh host plans from the reference's measured seconds, not the model
NGBENCH_HOST=fresh NGBENCH_REFERENCE=$ref "$datadir/do" $q --plan --okcompilers "$work/okcompilers" --results "$work/res2" \
    "$fix/crypto_sign/toysig" >"$work/plan.out" 2>&1
grep -q "^crypto_sign/toysig/ref/cc$(printf '\t')[0-9]*$(printf '\t')other-host" "$work/plan.out" &&
    ok "a fresh host's plan takes the reference's seconds" || bad "the plan: $(grep toysig "$work/plan.out")"

# merge: the reference is one more host, and check accepts the output
NGBENCH_REFERENCE=$ref "$datadir/do" merge --results "$work/res" -o "$work/merged" -q >"$work/merge.out" 2>&1 ||
    bad "./do merge failed: $(tail -n 3 "$work/merge.out")"
[ -d "$work/merged/pages/toyref" ] && [ -d "$work/merged/pages/testhost" ] && grep -q toyref "$work/merged/summary.md" &&
    ok "./do merge shows the reference beside the user's host" || bad "the merged output has no reference host"
"$report" check --reference-data "$ref" -o "$work/merged" "$work/res" >"$work/check.out" 2>&1 &&
    ok "ngbench-report check accepts the merge with the reference" || bad "check: $(tail -n 3 "$work/check.out")"

[ "$fails" -eq 0 ] || exit 1
rm -rf "$work"
