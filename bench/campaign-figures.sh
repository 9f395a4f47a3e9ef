#!/bin/sh
# campaign-figures.sh - how long a campaign took against its plan: the sum
# of the targets' own seconds (status records) against the plan's estimate,
# per primitive, the slowest targets, and where the time went by stage
# (bench/target-steps.sh over its evidence). A benchmark aid: it prints, it
# does not judge.
set -u
usage() {
    cat <<'USAGE'
usage: bench/campaign-figures.sh [-n N] HOSTDIR [CAMPAIGN]

HOSTDIR: a results host directory (bench-results/<host>); CAMPAIGN: one of
its campaigns (default: the newest, by its run records). Prints:
  - planned and finished targets; the plan's total (one worker) against the
    sum of the finished targets' seconds (their status records), and the
    ratio measured/planned over the finished targets only;
  - per primitive: targets, seconds, planned seconds, ratio;
  - the timing lane: the seconds the targets held the timing CPU (their
    trials; under -j N one target at a time, so the wall time is at least
    that) and, where recorded, how long they waited for it;
  - the N slowest targets (default 10) with their planned seconds;
  - the stage split (build, kat, checks, measure, probe, profile) over every
    target whose evidence is still in HOSTDIR/targets/CAMPAIGN.
Runs with one worker: the targets' seconds add up to the wall time spent in
them; with -j N the wall time is about their sum over N.
USAGE
}
n=10
case ${1-} in -h | --help) usage; exit 0 ;; -n) n=$2; shift 2 ;; esac
[ $# -ge 1 ] || { usage >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
rec=${NGBENCH_REC:-$top/report/ngbench-rec}
hd=$1
[ -f "$hd/data" ] || { echo "campaign-figures.sh: $hd/data: no such file" >&2; exit 2; }
c=${2:-$("$rec" get -k run -f campaign "$hd/data" | tail -n 1)}
[ -n "$c" ] || { echo "campaign-figures.sh: no campaign in $hd/data" >&2; exit 2; }
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
"$rec" get -k plan -w campaign="$c" -f @target,estimate "$hd/data" | sort -u >"$w/plan"
# the newest finished attempt of each target
"$rec" get -k status -w campaign="$c" -f @target,seconds,status "$hd/data" |
    awk -F '\t' '{ s[$1] = $2; st[$1] = $3 } END { for (t in s) print t "\t" s[t] "\t" st[t] }' | sort >"$w/done"
echo "campaign $c on $(basename "$hd")"
awk -F '\t' 'FILENAME == ARGV[1] { est[$1] = $2; np++; tot += $2; next }
    { nd++; sec += $2; if ($1 in est) { pe += est[$1]; ps += $2 } ; if ($3 != "PASS" && $3 != "NOKAT") bad++ }
    END {
        printf "targets: %d planned, %d finished (%d did not pass)\n", np, nd, bad
        printf "plan (one worker): %.0f s = %.2f h\n", tot, tot / 3600
        printf "finished targets: %.0f s = %.2f h measured, %.0f s planned for them", sec, sec / 3600, pe
        if (pe > 0) printf ": measured/planned %.2f", ps / pe
        printf "\n"
        if (pe > 0 && np > nd) printf "the whole plan at that ratio: %.2f h\n", tot * ps / pe / 3600
    }' "$w/plan" "$w/done"
# the timing lane: under ./do -j N the targets take turns on one CPU for
# their trials (stages lane_seconds), so its sum bounds the wall time below
"$rec" get --complete -k stages -w campaign="$c" -f lane_seconds,lane_wait_seconds "$hd/data" |
    awk -F '\t' '$1 != "-" { n++; l += $1 } $2 != "-" { w += $2; nw++ }
        END { if (n) printf "timing lane: %.0f s = %.2f h over %d targets (the trials, one target at a time under -j N)%s\n", l, l / 3600, n,
                  nw ? sprintf("; waited for it: %.0f s", w) : "" }'
echo
echo "per primitive (finished targets): targets, seconds, planned, measured/planned"
awk -F '\t' 'FILENAME == ARGV[1] { est[$1] = $2; next }
    { split($1, p, "/"); k = p[1] "/" p[2]; nt[k]++; s[k] += $2; e[k] += est[$1] }
    END { for (k in nt) printf "%s\t%d\t%.0f\t%.0f\t%s\n", k, nt[k], s[k], e[k], (e[k] > 0 ? sprintf("%.2f", s[k] / e[k]) : "-") }' \
    "$w/plan" "$w/done" | sort -t "$(printf '\t')" -k 3,3nr
echo
echo "the $n slowest targets: seconds, planned, status"
awk -F '\t' 'FILENAME == ARGV[1] { est[$1] = $2; next } { printf "%s\t%s\t%s\t%s\n", $1, $2, ($1 in est) ? est[$1] : "-", $3 }' \
    "$w/plan" "$w/done" | sort -t "$(printf '\t')" -k 2,2nr | head -n "$n"
if [ -d "$hd/targets/$c" ]; then
    echo
    echo "by stage (wall seconds of the contained steps; bench/target-steps.sh):"
    sh "$top/bench/target-steps.sh" "$hd/targets/$c" | tail -n 1 |
        awk -F '\t' '{ split("total build kat checks measure probe profile other", h, " ")
            for (i = 2; i <= 9; i++) printf "%s %d s%s%s", h[i - 1], $i, (i > 2 && $2 > 0) ? sprintf(" (%.0f%%)", 100 * $i / $2) : "", i < 9 ? ", " : "\n" }'
fi
