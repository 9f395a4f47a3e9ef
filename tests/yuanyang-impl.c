/* yuanyang-impl.c - one YuanYang.KEM parameter set (the ref/ directory first
 * on the include path) as a single translation unit for
 * tests/yuanyang-strict.c. Going through this file keeps the test's objects
 * in tests/: objects built inside crypto_kem/ would be shipped by
 * EXTRA_DIST (which takes that directory whole) and break a later distcheck. */
#include "gf2.c"
#include "kem.c"
#include "pack.c"
#include "pke.c"
#include "poly.c"
#include "sample.c"
