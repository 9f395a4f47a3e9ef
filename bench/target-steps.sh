#!/bin/sh
# target-steps.sh - where a campaign's time went: per target, the wall
# seconds of each contained step, summed by stage (build, KAT, checks,
# measure, probe, profile, other), read from the step logs ./do keeps
# (logs/STEP.sandbox is created when a step starts, logs/STEP.result is
# written when it ends). A benchmark aid: it prints, it does not judge.
case ${1-} in
-h | --help)
    cat <<'USAGE'
usage: bench/target-steps.sh TARGETS-DIR...

TARGETS-DIR: a campaign's target directories, e.g.
  bench-results/<host>/targets/<campaign>   (every target under it)
Prints one line per finished step-bearing target, tab-separated:
  target  total  build  kat  checks  measure  probe  profile  other
(seconds of wall clock; total is first step start to last step end,
so it includes the time between steps), then the sums over all targets.
USAGE
    exit 0 ;;
esac
[ $# -gt 0 ] || { echo "target-steps.sh: give a campaign's targets directory (try --help)" >&2; exit 2; }
for top in "$@"; do
    [ -d "$top" ] || { echo "target-steps.sh: $top: no such directory" >&2; exit 2; }
    find "$top" -type d -name logs | LC_ALL=C sort | while IFS= read -r logs; do
        t=${logs%/logs}
        t=${t#"$top"/}
        for r in "$logs"/*.result; do
            [ -f "$r" ] || continue
            s=${r%.result}
            b=$s.sandbox
            [ -f "$b" ] || b=$s.err
            [ -f "$b" ] || continue
            printf '%s\t%s\t%s\t%s\n' "$t" "${s##*/}" "$(stat -c %Y "$b")" "$(stat -c %Y "$r")"
        done
    done
done | awk -F '\t' '
    function stage(n) {
        if (n ~ /^build|^harness-cache/) return "build"
        if (n ~ /^katgen/) return "kat"
        if (n ~ /-probe$/) return "probe"
        if (n ~ /-profile$/) return "profile"
        if (n ~ /^(keygen|sign|verify|enc|dec)-/) return "measure"
        if (n ~ /^try|^sizes|^ct/) return "checks"
        return "other"
    }
    { if (!($1 in first)) { order[++n] = $1; first[$1] = $3; last[$1] = $4 }
      if ($3 < first[$1]) first[$1] = $3
      if ($4 > last[$1]) last[$1] = $4
      sec[$1, stage($2)] += $4 - $3 }
    END {
        split("build kat checks measure probe profile other", st, " ")
        print "target\ttotal\tbuild\tkat\tchecks\tmeasure\tprobe\tprofile\tother"
        for (i = 1; i <= n; i++) {
            t = order[i]; tot = last[t] - first[t]; all += tot
            printf "%s\t%d", t, tot
            for (j = 1; j <= 7; j++) { v = sec[t, st[j]] + 0; sum[j] += v; printf "\t%d", v }
            printf "\n"
        }
        printf "all %d targets\t%d", n, all
        for (j = 1; j <= 7; j++) printf "\t%d", sum[j]
        printf "\n"
    }'
