#!/bin/sh
# report-html.sh - the merged HTML pages render in a real browser: headless
# Chromium loads the index, the summary, a primitive page and a compiler
# comparison from file:// (no network), and its DOM must hold the tables,
# the section headings and the inline SVG plots with their bars, points and
# segments; screenshots of a page and of a standalone SVG must be non-empty
# PNGs. Skipped (77) where Chromium is not installed (Debian: apt-get
# install chromium).
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
tool=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
browser=
for b in chromium chromium-browser google-chrome; do
    command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ]; then
    echo "SKIP: no Chromium here (apt-get install chromium); the HTML was not rendered"
    exit 77
fi
work=tests/report-html.d
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

(cd "$datadir/tests/fixtures/data" && "$tool" merge -q -o "$work/out" hostA hostB) 2>/dev/null ||
    { echo "FAIL: merge failed"; exit 1; }

# run_browser OUTFILE ARGS...: one headless Chromium with a fresh profile,
# every background service off; stdout to OUTFILE
n=0
run_browser() {
    out=$1
    shift
    n=$((n + 1))
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --disable-extensions \
        --user-data-dir="$work/profile$n" "$@" >"$out" 2>"$work/browser$n.err"
}

# dom PAGE: the DOM Chromium built from PAGE
dom() {
    run_browser "$work/dom.html" --dump-dom "file://$work/out/$1" ||
        { bad "$1: Chromium failed: $(grep -v -i 'dbus\|bus.cc' "$work/browser$n.err" | tail -n 3)"; return 1; }
}
# count PATTERN: lines of the last DOM matching PATTERN
count() { grep -o "$1" "$work/dom.html" | wc -l; }
expect() { # expect PAGE WHAT MIN PATTERN
    c=$(count "$4")
    [ "$c" -ge "$3" ] && ok "$1: $2 ($c)" || bad "$1: $2: $c found, at least $3 expected"
}

if dom index.html; then
    expect index.html "links to the pages" 6 '<a href="pages/host[AB]/[a-z]*\.html"'
    expect index.html "links to the tables" 12 '<a href="tables/'
fi
if dom summary.html; then
    expect summary.html "one table per host" 2 '<table>'
    expect summary.html "inline SVG plots" 4 '<svg '
    expect summary.html "cycle bars" 12 '<rect class="bar"'
    expect summary.html "size/cycles points" 3 '<circle class="point"'
fi
if dom pages/hostA/toysig.html; then
    for s in "1. Basic information" "2. Assessment environment" "3. Functional testing (KAT)" "4. Performance" \
        "5. Resource consumption" "6. Transmission and storage overhead" "Symmetric primitives" "7. Raw evidence index"; do
        expect toysig.html "section '$s'" 1 "<h2 id=\"[a-z0-9-]*\">$s</h2>"
    done
    expect toysig.html "tables" 8 '<table>'
    expect toysig.html "compiler bars" 9 '<rect class="bar"'
    expect toysig.html "hash share segments" 9 '<rect class="seg"'
    grep -q '<script' "$work/dom.html" && bad "toysig.html: a script in the page" || ok "toysig.html: no script"
fi
if dom compilers/toysig.html; then
    expect compilers/toysig.html "ratio bars" 15 '<rect class="bar"'
fi

# the pixels: a screenshot of a page and of a standalone SVG plot
for f in pages/hostA/toysig.html plots/hostA/cycles.svg; do
    png=$work/$(echo "$f" | tr / _).png
    (cd "$work" && run_browser "$work/shot.out" --window-size=1200,1600 --screenshot="$png" "file://$work/out/$f")
    if [ -s "$png" ] && [ "$(od -An -c -N 4 "$png" | tr -d ' ')" = '211PNG' ] && [ "$(wc -c <"$png")" -gt 20000 ]; then
        ok "$f: rendered to a $(wc -c <"$png")-byte PNG"
    else
        bad "$f: no screenshot (or an empty one): $(grep -v -i 'dbus\|bus.cc' "$work/browser$n.err" | tail -n 3)"
    fi
done
exit $((fails > 0))
