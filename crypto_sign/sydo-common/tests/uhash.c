/* sydo-uhash.c - SYDO's universal hashes (spec P9, P10) at sydo_160f: the
 * VOLE-check hashes of KAT record 0 (h_s, h_t, u-tilde, the transcript's first
 * and last entries), linearity of VCH, that it reads no column bit past R_v,
 * and the QuickSilver Horner step against explicit powers of the keys. */
#include "bavc.h"
#include "drng.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"
#include "uhash.h"
#include "vole.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint8_t rnd8(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint8_t)(rng >> 32);
}

static void test_record0(void)
{
    uint8_t *nodes = calloc(SYDO_NODES, SYDO_LB), *cols = malloc((size_t)SYDO_LAMBDA * SYDO_COLB);
    sydo_vole_work *wk = malloc(sizeof *wk);
    uint8_t iv[SYDO_LB], chal1[SYDO_CHAL1B], u[SYDO_COLB], C[SYDO_CB], hcom[2 * SYDO_LB], b[SYDO_LB];
    uint8_t T[4 * SYDO_VCHB], last[SYDO_VCHB];
    uint64_t hs[SYDO_NW], ht;
    unsigned g, i;

    if (!nodes || !cols || !wk) {
        failures++;
        return;
    }
    unhex(nodes, SYDO_LB, T160F_R);
    unhex(iv, sizeof iv, T160F_IV);
    unhex(chal1, sizeof chal1, T160F_CHAL1);
    sydo_bavc_expand(nodes, iv);
    CHECK(sydo_vole_commit(u, cols, C, hcom, nodes, iv, wk) == 0, "vole_commit");

    sydo_vch_hashes(hs, &ht, u, chal1);
    gf_store(b, hs);
    CHECK_HEX("VCH(u): h_s", b, T160F_VCH_U_HS);
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(ht >> (8 * i));
    CHECK_HEX("VCH(u): h_t", b, T160F_VCH_U_HT);
    sydo_vch_hashes(hs, &ht, SYDO_COL(cols, 0), chal1);
    gf_store(b, hs);
    CHECK_HEX("VCH(v_0): h_s", b, T160F_VCH_V0_HS);
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(ht >> (8 * i));
    CHECK_HEX("VCH(v_0): h_t", b, T160F_VCH_V0_HT);

    sydo_vch(T, u, chal1);
    CHECK_HEX("u-tilde = VCH(u)", T, T160F_UTILDE);
    for (g = 0; g < 3; g++)
        sydo_vch(T + (g + 1) * SYDO_VCHB, SYDO_COL(cols, g), chal1);
    CHECK_HEX("T[0..88)", T, T160F_T_PREFIX);
    sydo_vch(last, SYDO_COL(cols, SYDO_D - 1), chal1);
    CHECK_HEX("last transcript entry VCH(v_159)", last, T160F_T_LAST);
    free(nodes);
    free(cols);
    free(wk);
}

static void test_linear(void)
{
    uint8_t chal1[SYDO_CHAL1B], x[SYDO_COLB], y[SYDO_COLB], xy[SYDO_COLB];
    uint8_t hx[SYDO_VCHB], hy[SYDO_VCHB], hxy[SYDO_VCHB];
    unsigned k, i;
    for (k = 0; k < 20; k++) {
        for (i = 0; i < SYDO_CHAL1B; i++)
            chal1[i] = rnd8();
        for (i = 0; i < SYDO_COLB; i++) {
            x[i] = rnd8();
            y[i] = rnd8();
            xy[i] = x[i] ^ y[i];
        }
        sydo_vch(hx, x, chal1);
        sydo_vch(hy, y, chal1);
        sydo_vch(hxy, xy, chal1);
        for (i = 0; i < SYDO_VCHB; i++)
            hx[i] ^= hy[i];
        CHECK(memcmp(hx, hxy, SYDO_VCHB) == 0, "VCH is linear");
        /* bits past R_v do not matter */
        for (i = SYDO_RV / 8; i < SYDO_COLB; i++)
            x[i] = rnd8();
        sydo_vch(hxy, x, chal1);
        sydo_vch(hy, x, chal1);
        for (i = SYDO_RV / 8; i < SYDO_COLB; i++)
            x[i] ^= 0xFF;
        sydo_vch(hx, x, chal1);
        CHECK(memcmp(hx, hy, SYDO_VCHB) == 0, "VCH ignores column bytes past R_v");
    }
}

static void test_horner(void)
{
    uint8_t b[SYDO_LB];
    gf_t s, e[5], a, bb, pw, want_a, want_b, x;
    uint64_t t;
    unsigned k, i, n = 5;
    for (k = 0; k < 10; k++) {
        for (i = 0; i < SYDO_LB; i++)
            b[i] = rnd8();
        gf_load(s, b);
        t = (uint64_t)rnd8() << 56 | (uint64_t)rnd8() << 17 | rnd8();
        gf_zero(a);
        gf_zero(bb);
        for (i = 0; i < n; i++) {
            unsigned j;
            for (j = 0; j < SYDO_LB; j++)
                b[j] = rnd8();
            gf_load(e[i], b);
            sydo_uhash_step(a, bb, s, t, e[i]);
        }
        /* sum_i e_i s^(n-1-i): the first input gets the highest power */
        gf_zero(want_a);
        gf_zero(want_b);
        for (i = n; i-- > 0;) {
            unsigned j;
            gf_copy(pw, e[i]);
            for (j = i + 1; j < n; j++)
                gf_mul(pw, pw, s);
            gf_add(want_a, pw);
            gf_copy(x, e[i]);
            for (j = i + 1; j < n; j++)
                gf_mul64(x, x, t);
            gf_add(want_b, x);
        }
        CHECK(memcmp(a, want_a, sizeof a) == 0, "A = sum e_i s^(N-1-i)");
        CHECK(memcmp(bb, want_b, sizeof bb) == 0, "B = sum e_i t^(N-1-i) in GF(2^lambda)");
    }
}

static void run(void)
{
    test_record0();
    test_linear();
    test_horner();
}

int main(void)
{
    each_backend(run);
    return finish("sydo-uhash");
}
