#!/bin/sh
# report-html.sh - the merged HTML pages render in a real browser: headless
# Chromium loads the index, the summary, a primitive page and a compiler
# comparison from file:// (no network), and its DOM must hold the tables,
# the section headings and the inline SVG plots with their bars, points and
# segments; no page (fixtures and the scheme fixture of report-scheme.sh)
# may be wider than its column at 1400 or 1920 px, nor hide a table's
# columns behind a scrollbar (a test-only script in a copy of each page
# measures it); screenshots of a page and of a standalone SVG must be
# non-empty PNGs. Skipped (77) where Chromium is not installed (Debian: apt-get
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
# every background service off (no network: --disable-quic too); stdout to OUTFILE
n=0
run_browser() {
    out=$1
    shift
    n=$((n + 1))
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --disable-background-networking \
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

# no horizontal overflow at 1400 and 1920 px: every page, in a copy with a
# test-only script (the pages themselves stay script-free) that measures,
# after layout, every block against the body's content box (a table may be
# wider only inside its own scrolling box) and every table box whose content
# would need scrolling; it writes what it finds into the DOM
cat >"$work/probe.js" <<'PROBE'
<script>
window.addEventListener('load', function () {
  var d = document.documentElement, b = document.body, cs = getComputedStyle(b), i, bad = [], scroll = [];
  var right = b.getBoundingClientRect().right - parseFloat(cs.paddingRight);
  if (d.scrollWidth > d.clientWidth) bad.push('page:' + d.scrollWidth + '>' + d.clientWidth);
  var els = document.querySelectorAll('table, figure, svg, p, h1, h2, h3, ul, div.tbl, footer, nav');
  for (i = 0; i < els.length; i++) {
    var e = els[i], p = e.parentElement, clipped = false;
    for (; p; p = p.parentElement) if (p.classList && p.classList.contains('tbl')) clipped = true;
    if (!clipped && e.getBoundingClientRect().right > right + 1)
      bad.push(e.tagName.toLowerCase() + i + ':' + Math.round(e.getBoundingClientRect().right) + '>' + Math.round(right));
  }
  var boxes = document.querySelectorAll('div.tbl');
  for (i = 0; i < boxes.length; i++)
    if (boxes[i].scrollWidth > boxes[i].clientWidth + 1)
      scroll.push('table' + i + ':' + boxes[i].scrollWidth + '>' + boxes[i].clientWidth);
  b.setAttribute('data-overflow', bad.length ? bad.join(',') : 'none');
  b.setAttribute('data-scroll', scroll.length ? scroll.join(',') : 'none');
});
</script>
PROBE
# overflow PAGE WIDTH: prints "OVERFLOW-VERDICT SCROLL-VERDICT" for PAGE (a path) at WIDTH px
overflow() {
    probe=${1%.html}.probe.html
    sed "/<\/body>/e cat $work/probe.js" "$1" >"$probe"
    run_browser "$work/probe.out" --window-size="$2",900 --dump-dom "file://$probe"
    rm -f "$probe"
    o=$(grep -o 'data-overflow="[^"]*"' "$work/probe.out" | sed 's/^data-overflow="//; s/"$//')
    sc=$(grep -o 'data-scroll="[^"]*"' "$work/probe.out" | sed 's/^data-scroll="//; s/"$//')
    echo "${o:-unmeasured} ${sc:-unmeasured}"
}
# the test can fail: a copy of the summary with a table too wide, outside a scrolling box
sed 's|</h1>|</h1><table><tr><td style="white-space:nowrap">'"$(head -c 600 /dev/zero | tr '\0' x)"'</td></tr></table>|' \
    "$work/out/summary.html" >"$work/out/wide.html"
v=$(overflow "$work/out/wide.html" 1400)
case $v in *table*) ok "the overflow probe sees a table wider than the page's column ($v)" ;;
    *) bad "the overflow probe missed a wide table: $v" ;; esac
rm -f "$work/out/wide.html"
(mkdir -p "$work/scheme" && cp -R "$datadir/tests/fixtures/data-scheme/x86a" "$datadir/tests/fixtures/data-scheme/arm1" "$work/scheme/" &&
    cd "$work/scheme" && "$tool" merge -q -o "$work/out/scheme" x86a arm1) \
    >/dev/null 2>&1 || bad "cannot merge the scheme fixture"
for f in $(cd "$work/out" && find . -name '*.html' | sort); do
    for w in 1400 1920; do
        v=$(overflow "$work/out/$f" $w)
        [ "$v" = "none none" ] && ok "$f at $w px: nothing wider than the page, no table to scroll" ||
            bad "$f at $w px: overflow/scroll: $v"
    done
done

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
