#!/bin/sh
# scheme-test.sh - make check driver for one scheme test: a C test program
# described by a .test file beside its sources (crypto_*/<scheme>-common/
# tests/NAME.test), linked against every implementation the file names, each
# built by harness/build-impl (the one way an implementation is compiled).
#
# usage: scheme-test.sh PATH/TO/NAME.test
# The .test file, one item a line, '#' starts a comment:
#   source FILE...    the test's C sources (relative to the .test file)
#   impl PATTERN...   implementation directories, shell patterns relative to
#                     the top of the tree (e.g. crypto_sign/tsuov*/*);
#                     <scheme>-common directories never match
#   extra FILE...     ngbench sources linked in too (relative to the top,
#                     e.g. kat/sha256.c)
#   cflags FLAG...    compiler flags of the test (-IDIR relative to the .test)
#   ldflags FLAG...   link flags (e.g. -static -Wl,--wrap=malloc)
#   valgrind yes      also run the program under valgrind memcheck (any error
#                     or leak fails; that run is skipped without valgrind)
# Work directory: tests/scheme.d/ of the build tree (never the source tree).
# No libtool here: the programs link dynamically against libc, as the old
# libtool-built tests did (their -static was libtool's, not the linker's).
# Exit: 0 pass, 1 fail, 77 nothing to do (no implementation matches).
set -u
spec=$1
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd -P)}
compiler="${NGBENCH_CC:-cc} ${NGBENCH_CFLAGS:--O2}"
ar=${NGBENCH_AR:-ar}
tdir=$(cd "$(dirname "$spec")" && pwd -P)
tname=$(basename "$spec" .test)
# <category>/<scheme>-common: names the work directory
scheme=$(basename "$(dirname "$tdir")")
category=$(basename "$(dirname "$(dirname "$tdir")")")
work=tests/scheme.d
# lock_take/lock_drop: the one stale-pid lock (harness/records.sh)
. "$datadir/harness/records.sh"
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout ${NGBENCH_SCHEME_TIMEOUT:-3600}"

sources='' impls='' extra='' cflags='' ldflags='' valgrind=''
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    line=$(printf '%s' "$line" | sed 's/#.*//; s/^[[:space:]]*//; s/[[:space:]]*$//')
    key=${line%%[[:space:]]*}
    val=$(printf '%s' "${line#"$key"}" | sed 's/^[[:space:]]*//')
    case $key in
    '') ;;
    source) for f in $val; do sources="$sources $tdir/$f"; done ;;
    impl) impls="$impls $val" ;;
    extra) for f in $val; do extra="$extra $datadir/$f"; done ;;
    cflags)
        for f in $val; do
            case $f in -I/*) ;; -I*) f=-I$tdir/${f#-I} ;; esac
            cflags="$cflags $f"
        done ;;
    ldflags) ldflags="$ldflags $val" ;;
    valgrind) [ "$val" = yes ] && valgrind=1 ;;
    *) echo "FAIL $spec:$lineno: not an item: $line"; exit 1 ;;
    esac
done <"$spec"
[ -n "$sources" ] || { echo "FAIL $spec: no source line"; exit 1; }

# the implementation directories the patterns name, in order, once each
dirs=$(cd "$datadir" && for p in $impls; do
    for d in $p; do
        [ -d "$d" ] || continue
        case /$d/ in */*-common/*) continue ;; esac # shared code, and the tests
        ls "$d"/*.c >/dev/null 2>&1 && printf '%s\n' "$d"
    done
done | awk '!seen[$0]++')
if [ -z "$dirs" ]; then
    echo "SKIP $spec: no implementation matches '$impls'"
    exit 77
fi

# build IMPL OUT: build-impl's objects of IMPL in OUT, shared by the tests
# of a run (a lock: make -j runs several at once); rebuilt when the line or
# any source of the category's tree or of iccs/ is newer than the last build
build() {
    _impl=$1 _out=$2
    mkdir -p "${_out%/*}" || return 1
    lock_take "$_out.lock" 3600 || { echo "   waited an hour for $_out.lock"; return 1; }
    _rc=0
    if [ ! -f "$_out/stamp" ] || [ "$(cat "$_out/stamp")" != "$compiler" ] ||
        [ -n "$(find "$datadir/${_impl%%/*}" "$datadir/iccs" "$datadir/harness/build-impl" \
            -newer "$_out/stamp" -type f \( -name "*.[chS]" -o -name "*.inc" -o -name "*.cflags" -o -name build-impl \) 2>/dev/null | head -n 1)" ]; then
        rm -f "$_out/stamp" "$_out/libimpl.a"
        # shellcheck disable=SC2046 # object paths: build-impl's, without spaces
        if NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -p objects -c "$compiler" \
            "$datadir/$_impl" "$_out" >/dev/null 2>&1 &&
            # an archive: the test takes only the members it needs, as from a
            # library (build-impl leaves the ICCS layer as iccs/libiccs.a)
            $ar rc "$_out/libimpl.a" $(cat "$_out/obj/objects.txt") $(ls "$_out"/harness/*.o 2>/dev/null); then
            printf '%s\n' "$compiler" >"$_out/stamp"
        else
            tail -n 30 "$_out/build.log" 2>/dev/null
            _rc=1
        fi
    fi
    lock_drop "$_out.lock"
    return $_rc
}

# info FIELD: a field of impl.info (the words after the name)
info() { sed -n "s/^$1 //p" "$b/impl.info"; }

vg=
if [ -n "$valgrind" ]; then
    vg=${VALGRIND:-}
    [ -n "$vg" ] || vg=$(command -v valgrind 2>/dev/null)
fi
status=0
skipped=0
for d in $dirs; do
    label=$d
    if ! miss=$("$datadir/harness/libs-ok" "$datadir/$d"); then
        echo "SKIP $d: needs $miss, which does not link on this host (apt-get install libssl-dev for -lcrypto)"
        skipped=$((skipped + 1))
        continue
    fi
    b=$work/build/$d
    run=$work/run/$category/$scheme/$tname/$d
    if ! build "$d" "$b"; then
        echo "BUILDFAIL $label: build-impl (log: $b/build.log)"
        status=1
        continue
    fi
    # the implementation's include path and flags, as build-impl used them
    set --
    set -- "$@" -I"$datadir/$d"
    for i in $(info includes); do set -- "$@" -I"$datadir/$d/$i"; done
    libs=
    for f in $(info flags); do
        case $f in -l*) libs="$libs $f" ;; *) set -- "$@" "$f" ;; esac
    done
    mkdir -p "$run"
    rm -f "$run/test" "$run/out" "$run/vg.out" "$run/vg.err"
    # shellcheck disable=SC2086 # lines and lists of flags are words
    # drng_algorithm: target/target.c, the one definition every program links
    if ! $compiler "$@" $cflags -I"$datadir/tests" -I"$datadir/iccs" -I"$datadir/kat" -I"$datadir/target" \
        -o "$run/test" $sources $extra "$datadir/target/target.c" "$b/libimpl.a" "$b/iccs/libiccs.a" $ldflags $libs >"$run/cc.log" 2>&1; then
        cat "$run/cc.log"
        echo "BUILDFAIL $label: compiling or linking the test"
        status=1
        continue
    fi
    [ -s "$run/cc.log" ] && cat "$run/cc.log"
    start=$(date +%s)
    if $limit "$run/test" >"$run/out" 2>&1; then
        echo "PASS $label ($(($(date +%s) - start)) s): $(tail -n 1 "$run/out")"
    else
        cat "$run/out"
        echo "FAIL $label"
        status=1
        continue
    fi
    [ -n "$valgrind" ] || continue
    if [ -z "$vg" ]; then
        echo "   (valgrind not found: the memcheck run of $label is skipped)"
        continue
    fi
    if $limit "$vg" --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect -q \
        "$run/test" >"$run/vg.out" 2>"$run/vg.err"; then
        echo "PASS $label under valgrind: $(tail -n 1 "$run/vg.out")"
    else
        head -n 40 "$run/vg.err"
        echo "FAIL $label under valgrind"
        status=1
    fi
done
# every implementation skipped (a library this host lacks): nothing was tested
[ $status = 0 ] && [ "$skipped" -gt 0 ] && [ "$skipped" -eq "$(printf '%s\n' "$dirs" | wc -l)" ] && exit 77
exit $status
