/* sydo-quicksilver.c - degree-4 QuickSilver (sydo.md 5) at sydo_160f: the
 * prover's c_0 .. c_3 for KAT record 0; the verifier, given the keys
 * q'_g = v_g + Delta_g (x-bar || u past the witness), recomputes c_0; a
 * changed proof or a witness outside the balls does not check. */
#include "bavc.h"
#include "drng.h"
#include "quicksilver.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"
#include "vole.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

/* q'_g = v_g + Delta_g (xbar || u[W/8..)) for g < D */
static void keys(uint8_t *qcols, const uint8_t *cols, const uint8_t *u, const uint8_t *xbar,
                 const uint8_t *delta)
{
    unsigned g, i;
    memcpy(qcols, cols, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (g = 0; g < SYDO_D; g++)
        if (sydo_bit(delta, g))
            for (i = 0; i < SYDO_COLB; i++)
                SYDO_COL(qcols, g)[i] ^= i < SYDO_WB ? xbar[i] : u[i];
}

static void run(void)
{
    uint8_t *nodes = calloc(SYDO_NODES, SYDO_LB), *cols = malloc((size_t)SYDO_LAMBDA * SYDO_COLB);
    uint8_t *qcols = malloc((size_t)SYDO_LAMBDA * SYDO_COLB);
    sydo_vole_work *vw = malloc(sizeof *vw);
    sydo_qs_work *qw = malloc(sizeof *qw);
    uint8_t iv[SYDO_LB], u[SYDO_COLB], C[SYDO_CB], hcom[2 * SYDO_LB], chal2[SYDO_CHAL2B];
    uint8_t xbar[SYDO_WB], pk[SYDO_PKB], delta[SYDO_LB], c0[SYDO_LB], c123[3 * SYDO_LB], v0[SYDO_LB];

    if (!nodes || !cols || !qcols || !vw || !qw) {
        fprintf(stderr, "sydo-quicksilver: out of memory\n");
        exit(99);
    }
    unhex(nodes, SYDO_LB, T160F_R);
    unhex(iv, sizeof iv, T160F_IV);
    unhex(chal2, sizeof chal2, T160F_CHAL2);
    unhex(xbar, sizeof xbar, T160F_XBAR);
    unhex(pk, sizeof pk, T160F_PK);
    unhex(delta, sizeof delta, T160F_DELTA);
    sydo_bavc_expand(nodes, iv);
    CHECK(sydo_vole_commit(u, cols, C, hcom, nodes, iv, vw) == 0, "vole_commit");

    sydo_qs_prove(c0, c123, cols, u, xbar, pk, chal2, qw);
    CHECK_HEX("c_0 of record 0", c0, T160F_C0);
    CHECK_HEX("c_1 || c_2 || c_3 of record 0", c123, T160F_C123);

    keys(qcols, cols, u, xbar, delta);
    sydo_qs_verify(v0, qcols, delta, c123, pk, chal2, qw);
    CHECK(memcmp(v0, c0, SYDO_LB) == 0, "verifier's c_0' = c_0");

    c123[5] ^= 0x10;
    sydo_qs_verify(v0, qcols, delta, c123, pk, chal2, qw);
    CHECK(memcmp(v0, c0, SYDO_LB) != 0, "a changed c_2 changes c_0'");
    c123[5] ^= 0x10;

    /* block 3 with both block-0 bits set: outside the ball, the proof fails */
    xbar[30 / 8] |= 3u << (30 % 8);
    sydo_qs_prove(c0, c123, cols, u, xbar, pk, chal2, qw);
    keys(qcols, cols, u, xbar, delta);
    sydo_qs_verify(v0, qcols, delta, c123, pk, chal2, qw);
    CHECK(memcmp(v0, c0, SYDO_LB) != 0, "a witness outside the balls does not verify");

    free(nodes);
    free(cols);
    free(qcols);
    free(vw);
    free(qw);
}

int main(void)
{
    each_backend(run);
    return finish("sydo-quicksilver");
}
