/* rs.c - the chunked Reed-Solomon encoder of spec §5.
 *
 * The padded input is cut into 32 chunks of k consecutive elements; in every
 * coefficient lane t, chunk c is the polynomial with the chunk's first
 * element as constant term, evaluated at alpha^1 .. alpha^R (alpha = x), and
 * output position cR + p is kept while it is below N. This is a direct sum
 * of 32 short codes rather than one RS code of length N (finding sign-24-1),
 * but it is what the KAT files encode, so it is reproduced here exactly.
 *
 * All 32 * tau lanes share the evaluation point of a position, so each point
 * gets one byte table and every lane runs Horner's rule with it. */
#include "gf.h"
#include "rs.h"

void sigurd_rs_encode(uint16_t (*c)[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU])
{
    gf_mulc_t tab;
    uint16_t acc[32][SIGURD_TAU];
    uint16_t point = 1;
    size_t p, ch, b, t;

    for (p = 0; p < SIGURD_R; p++) {
        /* chunks whose position cR + p survives the truncation at N */
        size_t nch = p < SIGURD_NCW ? (SIGURD_NCW - 1 - p) / SIGURD_R + 1 : 0;
        if (nch > 32)
            nch = 32;
        point = gf_xtime(point); /* alpha^(p+1) */
        sigurd_gf_mulc_init(&tab, point);
        for (ch = 0; ch < nch; ch++)
            for (t = 0; t < SIGURD_TAU; t++)
                acc[ch][t] = a[ch * SIGURD_K + SIGURD_K - 1][t];
        for (b = SIGURD_K - 1; b-- > 0;)
            for (ch = 0; ch < nch; ch++) {
                const uint16_t *in = a[ch * SIGURD_K + b];
                for (t = 0; t < SIGURD_TAU; t++)
                    acc[ch][t] = (uint16_t)(gf_mulc(&tab, acc[ch][t]) ^ in[t]);
            }
        for (ch = 0; ch < nch; ch++)
            for (t = 0; t < SIGURD_TAU; t++)
                c[ch * SIGURD_R + p][t] = acc[ch][t];
    }
}

void sigurd_rs_position(uint16_t out[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU], uint32_t pos)
{
    gf_mulc_t tab;
    size_t ch = pos / SIGURD_R, p = pos % SIGURD_R, b, t;
    uint16_t point = 1;

    for (b = 0; b <= p; b++)
        point = gf_xtime(point);
    sigurd_gf_mulc_init(&tab, point);
    for (t = 0; t < SIGURD_TAU; t++)
        out[t] = a[ch * SIGURD_K + SIGURD_K - 1][t];
    for (b = SIGURD_K - 1; b-- > 0;) {
        const uint16_t *in = a[ch * SIGURD_K + b];
        for (t = 0; t < SIGURD_TAU; t++)
            out[t] = (uint16_t)(gf_mulc(&tab, out[t]) ^ in[t]);
    }
}
