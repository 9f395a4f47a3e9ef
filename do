#!/bin/sh
# do - ngbench's orchestrator: for every implementation and every usable
# compiler line, build it and check it against its known-answer manifest.
# (Measurement and records are being added; see README.md.)
set -u
top=$(cd "$(dirname "$0")" && pwd)

usage() {
    cat <<'USAGE'
usage: ./do [--quick] [-c PATTERN] [PRIMITIVE-OR-IMPL-DIR ...]

Builds every implementation under crypto_sign/ and crypto_kem/ (or the given
directories) with every usable compiler line of okcompilers/c, runs its KAT
generator and compares the output with the primitive's kat.sha256.
  --quick      first KAT record only (the quick tier)
  -c PATTERN   only compiler lines containing PATTERN (a fixed string)
  -h, --help   this text
Run ./configure && make first (the KAT tool is built by make).
USAGE
}

quick=
cfilter=
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --quick) quick=1; shift ;;
    -c) [ $# -ge 2 ] || { usage >&2; exit 1; }; cfilter=$2; shift 2 ;;
    -*) echo "do: unknown option $1 (try --help)" >&2; exit 1 ;;
    *) break ;;
    esac
done
kattool=$top/kat/ngbench-kat
[ -x "$kattool" ] || { echo "do: $kattool missing: run ./configure && make first" >&2; exit 1; }
host=$(hostname 2>/dev/null || uname -n)
work=$top/bench-results/$host/work
mkdir -p "$work"

# ---- compiler lines that work here ----
lines=$work/compilers
: >"$lines"
probe=$work/probe.c
printf '#include <stdio.h>\nint main(void){puts("ok");return 0;}\n' >"$probe"
grep -v '^[[:space:]]*#' "$top/okcompilers/c" | grep -v '^[[:space:]]*$' | while IFS= read -r line; do
    id=
    case $line in @*) id=${line%% *}; id=${id#@}; line=${line#* } ;; esac
    [ -n "$id" ] || id=$(printf '%s' "$line" | sha256sum | cut -c1-8 | sed "s/^/${line%% *}-/")
    if [ -n "$cfilter" ]; then
        case $line in *"$cfilter"*) ;; *) continue ;; esac
    fi
    # shellcheck disable=SC2086
    if $line "$probe" -o "$work/probe" >"$work/probe.log" 2>&1 && [ "$("$work/probe")" = ok ]; then
        printf '%s\t%s\n' "$id" "$line" >>"$lines"
    else
        echo "do: skipping compiler line '$line': it cannot compile and run a test program here:" >&2
        sed 's/^/    /' "$work/probe.log" | head -n 5 >&2
    fi
done
[ -s "$lines" ] || { echo "do: no usable compiler line in okcompilers/c" >&2; exit 1; }

# ---- implementations ----
if [ $# -eq 0 ]; then
    set -- "$top"/crypto_sign/* "$top"/crypto_kem/*
fi
impls=$work/impls
: >"$impls"
for arg in "$@"; do
    [ -d "$arg" ] || { echo "do: $arg: not a directory" >&2; continue; }
    if [ -f "$arg/kat.sha256" ] || ls -d "$arg"/*/ >/dev/null 2>&1 && ! ls "$arg"/*.c >/dev/null 2>&1; then
        for d in "$arg"/*/; do ls "${d}"*.c >/dev/null 2>&1 && echo "${d%/}" >>"$impls"; done
    elif ls "$arg"/*.c >/dev/null 2>&1; then
        echo "$arg" >>"$impls"
    fi
done
summary=$work/summary
: >"$summary"
total=$(($(wc -l <"$impls") * $(wc -l <"$lines")))
n=0
while IFS= read -r impl; do
    impl=$(cd "$impl" && pwd)
    prim_dir=$(dirname "$impl")
    prim=$(basename "$prim_dir")
    name=$(basename "$impl")
    while IFS="$(printf '\t')" read -r id line; do
        n=$((n + 1))
        echo "[$n/$total] $prim/$name with $id: $line"
        out=$work/build/$prim/$name/$id
        if ! "$top/harness/build-impl" -c "$line" "$impl" "$out" 2>/dev/null; then
            status=BUILDFAIL
        elif [ ! -f "$prim_dir/kat.sha256" ]; then
            status=NOKAT
        else
            records=10
            [ -n "$quick" ] && records=1
            tier=full
            [ -n "$quick" ] && tier=quick
            "$out/katgen" -n $records -o "$out/kat.txt" 2>"$out/katgen.err"
            rc=$?
            if [ $rc -ge 128 ]; then
                status=CRASH
            elif [ $rc -ne 0 ]; then
                status=FAIL
            elif "$kattool" check --tier $tier "$prim_dir/kat.sha256" "$out/kat.txt" >"$out/katcheck.txt"; then
                status=PASS
            else
                status=FAIL
            fi
        fi
        echo "    $status"
        printf '%s/%s\t%s\t%s\n' "$prim" "$name" "$id" "$status" >>"$summary"
    done <"$lines" 3<&0
done <"$impls"
echo
echo "implementation            compiler        KAT"
awk -F'\t' '{printf "%-25s %-15s %s\n", $1, $2, $3}' "$summary"
! grep -qv '	PASS$' "$summary"
