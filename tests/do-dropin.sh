#!/bin/sh
# do-dropin.sh - submission folders dropped in unmodified build the intended
# set and PASS, whatever their layout (tests/fixtures/dropin/):
#   varsig128/official  one folder for three sets, -DVARSIG_VARIANT=$(VARIANT)
#                       in its Makefile, a header default of 512: the plain
#                       file official.cflags says VARIANT=128
#   treesig/ref         src/, lib/blk/ref/, the ICCS copies in lib/, -I and
#                       -D flags in the Makefile, a bench program with main
#   arithsig/ref        a subdirectory of arithmetic sources, -DUSE_API_PKC
#   paramsig160f/ref    -DPARAMS=$(PARAMS) and one of two thash_*.c files,
#                       both through Makefile variables
#   ownkatsig/ref       its own KAT file in Test_Vectors/, no kat.sha256
# and what goes wrong without the plain file, or with a wrong shipped KAT
# file, is caught and named; what a Makefile sets that ngbench does not apply
# is in the build record and on the page.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-dropin
d=$fix/dropin/crypto_sign
r=$work/src/crypto_sign
mkdir -p "$r"
# the same varsig folder without its plain file (the silent wrong build of
# old), and as the 256 set with VARIANT=256 (no manifest: the KAT is new)
mkdir -p "$r/nocflags128" "$r/varsig256"
cp -R "$d/varsig128/official" "$d/varsig128/kat.sha256" "$r/nocflags128/"
cp -R "$d/varsig128/official" "$r/varsig256/"
echo 'VARIANT=256 # the plain file beside the folder' >"$r/varsig256/official.cflags"
# paramsig with the other thash file chosen in the plain file: not the KAT's
mkdir -p "$r/paramsig160f"
cp -R "$d/paramsig160f/ref" "$d/paramsig160f/kat.sha256" "$r/paramsig160f/"
mv "$r/paramsig160f/ref" "$r/paramsig160f/simple"
echo 'THASH=simple' >"$r/paramsig160f/simple.cflags"
# ownkatsig shipping a KAT file with one wrong signature byte in record 3
mkdir -p "$r/badownkat"
cp -R "$d/ownkatsig/ref" "$r/badownkat/"
k=$r/badownkat/ref/Test_Vectors/KAT_SIG_OWNKATSIG_1.txt
awk '/^Count = 3$/ { c = 1 } c && /^Sn = / { sub(/^Sn = ./, "Sn = " (substr($0, 6, 1) == "0" ? "1" : "0")); c = 0 } { print }' \
    "$k" >"$k.new" && mv "$k.new" "$k"

"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" --no-measure \
    "$d/varsig128" "$d/treesig" "$d/arithsig" "$d/paramsig160f" "$d/ownkatsig" \
    "$r/nocflags128" "$r/varsig256" "$r/paramsig160f" "$r/badownkat" >"$work/do.out" 2>&1
# (exit 1: some targets rightly fail)

for t in varsig128/official treesig/ref arithsig/ref paramsig160f/ref ownkatsig/ref; do
    s=$(status_of "crypto_sign/$t/cc")
    [ "$s" = PASS ] && ok "$t: PASS" || bad "$t: status '$s'"
done
first() { "$rec" get -d -k "$1" -w @target="crypto_sign/$2/cc" -f "$3" "$data" | head -n 1; }

# varsig: the plain file's VARIANT reached the build; the claims, evaluated
# by the compiler (CEIL_DIV) with that flag, agree with the getters
f=$(first build varsig128/official flags,makefile_ignored,settings)
case $f in *-DVARSIG_VARIANT=128*-march=native*official.cflags) ok "varsig128: -DVARSIG_VARIANT=128 from official.cflags; -O3 -march=native named as not applied" ;;
*) bad "varsig128 build record: '$f'" ;; esac
f=$(first claims varsig128/official algname,sn,agree)
[ "$f" = "VARSIG_128	33	yes" ] && ok "varsig128 claims: VARSIG_128, 33-byte signatures, agree" || bad "varsig128 claims: '$f'"
# without the plain file: the header's default set, caught by the KAT gate
f=$(first kat nocflags128/official status,detail)
case $f in FAIL*record*0*) ok "varsig128 without official.cflags: KAT FAIL at record 0 (the 512 set)" ;; *) bad "varsig128 without the plain file: '$f'" ;; esac
f=$(first claims nocflags128/official algname)
[ "$f" = VARSIG_512 ] && ok "... and the claims say VARSIG_512" || bad "claims without the plain file: '$f'"
f=$(first claims varsig256/official algname,sn,agree)
[ "$f" = "VARSIG_256	50	yes" ] && ok "varsig256 (VARIANT=256): VARSIG_256, 50-byte signatures, agree" || bad "varsig256 claims: '$f'"

# treesig: the tree, its include directories, the ICCS copies and main left out
f=$(first build treesig/ref sources,excluded)
case $f in "lib/blk/ref/blk.c,src/sign.c	"*lib/auxfunc.c\(iccs-package\)*lib/drng.c\(iccs-package\)*test/bench.c\(defines-main\)*)
    ok "treesig: src/ and lib/blk/ref/ compiled; lib/ ICCS copies and test/bench.c left out" ;;
*) bad "treesig build: '$f'" ;; esac
first build treesig/ref makefile_applied | grep -q -- '-Isrc -Ilib -Ilib/blk/ref -DTREESIG_REF_NGCC -DHAVE_GETRANDOM' &&
    ok "treesig: the Makefile's -I and -D applied" || bad "treesig: Makefile flags not applied"
# arithsig: the subdirectory and -DUSE_API_PKC
f=$(first build arithsig/ref sources,makefile_applied)
case $f in *fq_arithmetic/fq_add.c*fq_arithmetic/fq_mul.c*-DUSE_API_PKC*) ok "arithsig: fq_arithmetic/ compiled with -DUSE_API_PKC" ;;
*) bad "arithsig build: '$f'" ;; esac
# paramsig: the variables' values; THASH=simple in the plain file wins
f=$(first build paramsig160f/ref flags,excluded)
case $f in *-DPARAMS=paramsig-160f*thash_simple.c\(alternative-to-thash_robust.c\)*) ok "paramsig: -DPARAMS=paramsig-160f, thash_robust.c as the Makefile's THASH says" ;;
*) bad "paramsig build: '$f'" ;; esac
f=$("$rec" get -k build -w @target=crypto_sign/paramsig160f/simple/cc -f sources "$data" | tail -n 1)
s=$(status_of crypto_sign/paramsig160f/simple/cc)
case $f in *thash_simple.c*) [ "$s" = FAIL ] && ok "paramsig with THASH=simple: thash_simple.c built, KAT FAIL" || bad "THASH=simple: status '$s'" ;;
*) bad "THASH=simple not followed: '$f'" ;; esac

# ownkatsig: the full tier, compared with the folder's own file; the lines
# that adopt it printed
f=$(first kat ownkatsig/ref status,records,against)
[ "$f" = "PASS	10	folder:Test_Vectors/KAT_SIG_OWNKATSIG_1.txt" ] &&
    ok "ownkatsig: all 10 records, PASS against Test_Vectors/KAT_SIG_OWNKATSIG_1.txt" || bad "ownkatsig kat: '$f'"
grep -A2 'ownkatsig/ref cc: no ownkatsig/kat.sha256; these lines adopt' "$work/do.out" | grep -q '^    sha256 full [0-9a-f]\{64\} KAT_SIG_OWNKATSIG_1.txt' &&
    ok "ownkatsig: ./do prints the kat.sha256 lines to adopt" || bad "ownkatsig: no kat.sha256 lines printed"
f=$("$rec" get -k kat -w @target=crypto_sign/badownkat/ref/cc -f status,detail "$data")
case $f in FAIL*record%203*Sn*|FAIL*"record 3"*Sn*) ok "a wrong shipped KAT file: FAIL naming record 3 and Sn" ;; *) bad "bad shipped KAT: '$f'" ;; esac

# the page names what the Makefile set and ngbench did not apply
report=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
"$report" merge -o "$work/rep" "$work/res" >"$work/merge.out" 2>&1 || { cat "$work/merge.out"; bad "merge failed"; }
grep -q -- '-march=native' "$work/rep/pages/testhost/varsig.md" && ok "the varsig page names -march=native as not applied" ||
    bad "the page does not name the flags not applied"
# one target name from two folders: refused, not one of them dropped
mkdir -p "$work/two/crypto_sign"
cp -R "$d/treesig" "$work/two/crypto_sign/"
"$datadir/do" --results="$work/res2" --okcompilers="$work/okcompilers" --no-measure "$d/treesig" "$work/two/crypto_sign/treesig" \
    >"$work/two.out" 2>&1
st=$?
[ $st = 2 ] && grep -q 'crypto_sign/treesig/ref/cc: two folders give this target' "$work/two.out" &&
    ok "two folders with one target name: refused, both named" || { cat "$work/two.out"; bad "two folders, one name: exit $st"; }
[ "$fails" -eq 0 ]
