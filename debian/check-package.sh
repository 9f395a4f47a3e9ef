#!/bin/sh
# debian/check-package.sh - build the Debian packages of this source tree in
# a directory outside it and run lintian on the result. Fails when the build
# fails or lintian reports an error; warnings and info are printed (see
# debian/README.source for the ones that stay and why). Not run by CI: the
# package build runs make check and takes several minutes.
#
# usage: debian/check-package.sh [OUTDIR]
#   OUTDIR  where the copy of the tree, the .debs, the .changes, build.log and
#           lintian.txt go (default: a new directory under ${TMPDIR:-/tmp});
#           it must not be inside the source tree.
# Environment: DEB_BUILD_OPTIONS as for dpkg-buildpackage (nocheck skips the
# tests, parallel=N builds with N jobs; default here: parallel=2).
# Needs: dpkg-dev, debhelper, lintian and the Build-Depends of debian/control.
case ${1-} in -h|--help) sed -n "2,/^[^#]/{/^#SBATCH/d; /^#/s/^# \{0,1\}//p; }" "$0"; exit 0 ;; esac
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
for t in dpkg-buildpackage dpkg-parsechangelog dh lintian; do
    command -v "$t" >/dev/null 2>&1 || {
        echo "check-package: $t is missing (apt-get install dpkg-dev debhelper lintian)" >&2
        exit 2
    }
done
if [ $# -ge 1 ] && [ -n "$1" ]; then
    mkdir -p "$1"
    out=$(cd "$1" && pwd)
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/ngbench-deb.XXXXXX")
fi
# dpkg-buildpackage writes its results beside the tree it builds: building
# in the source tree itself would litter its parent directory
case $out/ in
"$src"/*) echo "check-package: $out is inside the source tree; choose another OUTDIR" >&2; exit 2 ;;
esac
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
tree=$out/ngbench-${version%-*}
rm -rf "$tree"
mkdir -p "$tree"
# The sources: in a git checkout its tracked and not-ignored files (so an
# in-tree build's products stay behind); in an unpacked release tarball
# everything (dh_auto_clean runs make distclean on a configured one).
if git -C "$src" rev-parse --show-toplevel 2>/dev/null | grep -qxF "$src"; then
    (cd "$src" && git ls-files -z --cached --others --exclude-standard |
        tar --null --ignore-failed-read -T - -cf -) | tar -C "$tree" -xf -
else
    cp -R "$src"/. "$tree"
fi
echo "check-package: building in $tree (log: $out/build.log)"
if ! (cd "$tree" && DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-parallel=2} dpkg-buildpackage -us -uc -b) \
    >"$out/build.log" 2>&1; then
    tail -n 40 "$out/build.log"
    echo "check-package: dpkg-buildpackage failed; see $out/build.log" >&2
    exit 1
fi
changes=$(ls "$out"/ngbench_"$version"_*.changes)
echo "check-package: built:"
for f in "$out"/*_"$version"_*.deb; do echo "  $f"; done
echo "check-package: lintian --display-info $changes"
rc=0
lintian --fail-on error --display-info "$changes" >"$out/lintian.txt" 2>&1 || rc=$?
cat "$out/lintian.txt"
errors=$(grep -c '^E:' "$out/lintian.txt" || true)
warnings=$(grep -c '^W:' "$out/lintian.txt" || true)
echo "check-package: lintian: $errors error(s), $warnings warning(s) (full list: $out/lintian.txt)"
if [ "$rc" -ne 0 ] || [ "$errors" -ne 0 ]; then
    echo "check-package: FAILED: lintian errors" >&2
    exit 1
fi
echo "check-package: OK ($out)"
