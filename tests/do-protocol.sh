#!/bin/sh
# do-protocol.sh - what the timed calls work on (issue 33), on the msgsig
# fixture, whose sign cost depends on the message (a retry for about half of
# all messages) and which logs every call a timing process makes:
#   default (--protocol many): each sign call signs a message of its own,
#   the trials do not replay one DRNG stream, the page gives the spread
#   across messages, and the headline of the two clusters of cost is their
#   mean, not one message's cost;
#   --protocol ngcc: the NGCC pages' harness exactly: the DRNG seeded 00..2f
#   (the first bytes drawn are those of that seed), the message i*131+64, the
#   same calls in each of 5 trials, each trial exactly its call count (no
#   warm-up call), recorded as protocol=ngcc.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-protocol
"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" --no-profile --trials 3 --min-calls 60 \
    --min-time 0.2 --budget 6 --quiet-wait 0 "$fix/crypto_sign/msgsig" >"$work/many.out" 2>&1 ||
    { cat "$work/many.out"; bad "./do (many) failed"; }
"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" --no-profile --quiet-wait 0 --protocol ngcc \
    "$fix/crypto_sign/msgsig" >"$work/ngcc.out" 2>&1 || { cat "$work/ngcc.out"; bad "./do --protocol ngcc failed"; }
tdir() { ls -d "$work"/res/testhost/targets/*/crypto_sign/msgsig/ref/"$1" | head -n 1; }
many=$(tdir cc)/work/msgsig-calls.log
ngcc=$(tdir cc+ngcc)/work/msgsig-calls.log
[ -s "$many" ] && [ -s "$ngcc" ] || { bad "no call logs ($many, $ngcc)"; exit 1; }
# the processes of the sign operation: those that signed and never verified
# (but more than once: verify's setup, measure -p before the timing CPU is
# taken, signs once and verifies nothing)
signers() { awk '$2 == "verify" { v[$1] = 1 } $2 == "sign" { s[$1]++ } END { for (p in s) if (!(p in v) && s[p] > 1) print p, s[p] }' "$1"; }
cyc() { "$rec" get -k cycles -w @compiler="$1" -w op="$2" -f "$3" "$data"; }

# ---- many messages ----
signers "$many" >"$work/many.signers"
np=$(wc -l <"$work/many.signers")
[ "$np" = 3 ] && ok "many: 3 sign trials, each a process" || bad "many: $np sign processes ($(cat "$work/many.signers"))"
for p in $(cut -d' ' -f1 "$work/many.signers"); do
    n=$(awk -v p="$p" '$1 == p && $2 == "sign"' "$many" | wc -l)
    d=$(awk -v p="$p" '$1 == p && $2 == "sign" { print $4 }' "$many" | sort -u | wc -l)
    [ "$d" -ge $((n * 9 / 10)) ] && ok "many: process $p signed $d different messages in $n calls" ||
        bad "many: process $p signed only $d different messages in $n calls"
done
firsts=$(for p in $(cut -d' ' -f1 "$work/many.signers"); do awk -v p="$p" '$1 == p && $2 == "sign" { print $4 " " $5; exit }' "$many"; done | sort -u | wc -l)
[ "$firsts" = 3 ] && ok "many: the trials start from different messages and DRNG output (no replayed stream)" ||
    bad "many: the trials' first calls repeat ($firsts distinct of 3)"
r0=$(awk '$2 == "sign" && $6 == 0' "$many" | wc -l) r1=$(awk '$2 == "sign" && $6 == 1' "$many" | wc -l)
[ "$r0" -gt 0 ] && [ "$r1" -gt 0 ] && ok "many: $r1 of $((r0 + r1)) messages needed the retry" || bad "many: retries $r1, plain $r0"
modes=$(cyc cc sign modes) stat=$(cyc cc sign headline_stat) head=$(cyc cc sign headline) mean=$(cyc cc sign headline_mean)
q1=$(cyc cc sign headline_q1) q3=$(cyc cc sign headline_q3)
[ "${modes:-0}" -ge 2 ] && [ "$stat" = mean ] && [ "$head" = "$mean" ] &&
    ok "many: the sign cost falls into $modes clusters: the headline is the mean over messages ($head)" ||
    bad "many: modes '$modes', headline_stat '$stat', headline '$head', mean '$mean'"
awk -v a="$q1" -v b="$q3" 'BEGIN { exit !(b > 1.5 * a) }' && ok "many: the spread across messages: quartiles $q1 - $q3" ||
    bad "many: quartiles $q1 - $q3 do not show the two costs"
report=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
"$report" merge -o "$work/rep" "$work/res" >"$work/merge.out" 2>&1 || { cat "$work/merge.out"; bad "merge failed"; }
grep -q '^| ref | cc | sign | .* ([0-9]* clusters: mean) ' "$work/rep/pages/testhost/msgsig.md" &&
    grep -q 'spread across messages' "$work/rep/pages/testhost/msgsig.md" &&
    ok "the page gives the spread across messages and notes the clusters" || bad "no spread or cluster note on the page"

# ---- the NGCC pages' protocol ----
[ "$(cyc cc+ngcc sign protocol)" = ngcc ] && [ "$(cyc cc+ngcc sign trials)" = 5 ] &&
    ok "ngcc: recorded as protocol=ngcc, 5 trials" || bad "ngcc: protocol '$(cyc cc+ngcc sign protocol)', trials '$(cyc cc+ngcc sign trials)'"
iters=$(cyc cc+ngcc sign iterations)
signers "$ngcc" >"$work/ngcc.signers"
nt=$(awk -v n="$iters" '$2 == n' "$work/ngcc.signers" | wc -l)
other=$(awk -v n="$iters" '$2 != n && $2 != 1' "$work/ngcc.signers" | wc -l)
[ "$nt" = 5 ] && [ "$other" = 0 ] && ok "ngcc: 5 trial processes of exactly $iters sign calls each (no warm-up call)" ||
    bad "ngcc: processes and their calls: $(tr '\n' ' ' <"$work/ngcc.signers") (iterations $iters)"
msgs=$(awk '$2 == "sign" { print $3 " " $4 }' "$ngcc" | sort -u)
[ "$msgs" = "64 40c346c9" ] && ok "ngcc: every call signs the 64-byte message i*131+64 (40c346c9...)" || bad "ngcc: messages '$msgs'"
# the seed: the DRNG seeded 00..2f; keygen draws 256 bits, then each sign 128
cat >"$work/drng.c" <<'C'
#include <stdio.h>
#include "drng.h"
DRNG_ctx d;
int main(void)
{
    unsigned char s[48], k[32], r[16];
    int i;
    for (i = 0; i < 48; i++)
        s[i] = (unsigned char)i;
    init_random_number(&d, s, 48);
    get_random_number(&d, k, 256);
    get_random_number(&d, r, 128);
    for (i = 0; i < 8; i++) printf("%02x", k[i]);
    printf(" ");
    for (i = 0; i < 8; i++) printf("%02x", r[i]);
    printf("\n");
    return 0;
}
C
$cc -I"$datadir/iccs" -o "$work/drng" "$work/drng.c" "$datadir/iccs/drng.c" "$datadir/iccs/sm3.c" "$datadir/iccs/sm3x.c" \
    >"$work/drng.log" 2>&1 || { cat "$work/drng.log"; bad "cannot build the DRNG helper"; }
want=$("$work/drng")
kg=$(awk '$2 == "keygen" { print $3; exit }' "$ngcc")
firsts=$(for p in $(awk -v n="$iters" '$2 == n { print $1 }' "$work/ngcc.signers"); do
    awk -v p="$p" '$1 == p && $2 == "sign" { print $5; exit }' "$ngcc"; done | sort -u)
[ "$kg $firsts" = "$want" ] &&
    ok "ngcc: the keys and each trial's first signature draw the DRNG of seed 00..2f ($want)" ||
    bad "ngcc: keygen drew $kg, the trials' first signs $firsts; seed 00..2f gives $want"
seqs=$(for p in $(awk -v n="$iters" '$2 == n { print $1 }' "$work/ngcc.signers"); do
    awk -v p="$p" '$1 == p && $2 == "sign" { printf "%s", $5 } END { print "" }' "$ngcc" | cksum; done | sort -u | wc -l)
[ "$seqs" = 1 ] && ok "ngcc: the 5 trials make the same sequence of calls" || bad "ngcc: $seqs different call sequences"
grep -q 'ends in +ngcc were measured by the NGCC performance pages' "$work/rep/pages/testhost/msgsig.md" &&
    ok "the page says which lines follow the NGCC protocol" || bad "the page does not explain the +ngcc line"
"$report" check -o "$work/rep" "$work/res" >"$work/check.out" 2>&1 && grep -q '^check: OK' "$work/check.out" &&
    ok "check: $(grep 'figures recompute' "$work/check.out")" || { grep -v '^ok' "$work/check.out" | head; bad "check failed"; }
exit $((fails > 0))
