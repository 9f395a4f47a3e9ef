/* sydo-vole.c - VOLE from the BAVC leaves (spec P8) at sydo_160f against KAT
 * record 0: u, the columns v_g, the correction C and h_com of the signer; then
 * the verifier's pass from the opening, which must give q_g = v_g + Delta_g*u
 * on every VOLE row and the same h_com. */
#include "bavc.h"
#include "drng.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"
#include "vole.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static void run(void)
{
    uint8_t *nodes = calloc(SYDO_NODES, SYDO_LB), *nodes2 = calloc(SYDO_NODES, SYDO_LB);
    uint8_t *mark = calloc(SYDO_NODES, 1), *cols = malloc((size_t)SYDO_LAMBDA * SYDO_COLB);
    uint8_t *qcols = malloc((size_t)SYDO_LAMBDA * SYDO_COLB);
    sydo_vole_work *wk = malloc(sizeof *wk);
    uint8_t iv[SYDO_LB], delta[SYDO_LB], hcom[2 * SYDO_LB], hcom2[2 * SYDO_LB], open[SYDO_OPENB];
    uint8_t u[SYDO_COLB], C[SYDO_CB];
    unsigned dv[SYDO_TAU], g, i, ok;

    if (!nodes || !nodes2 || !mark || !cols || !qcols || !wk) {
        fprintf(stderr, "sydo-vole: out of memory\n");
        exit(99);
    }
    unhex(nodes, SYDO_LB, T160F_R);
    unhex(iv, sizeof iv, T160F_IV);
    sydo_bavc_expand(nodes, iv);
    CHECK(sydo_vole_commit(u, cols, C, hcom, nodes, iv, wk) == 0, "vole_commit");
    CHECK_HEX("u[0..48)", u, T160F_U_PREFIX);
    CHECK_HEX("v_0[0..32)", SYDO_COL(cols, 0), T160F_V0);
    CHECK_HEX("v_1[0..32)", SYDO_COL(cols, 1), T160F_V1);
    CHECK_HEX("v_2[0..32)", SYDO_COL(cols, 2), T160F_V2);
    CHECK_HEX("v_8[0..32)", SYDO_COL(cols, 8), T160F_V8);
    CHECK_HEX("v_159[0..32)", SYDO_COL(cols, 159), T160F_V159);
    CHECK_HEX("C[0..48)", C, T160F_C_PREFIX);
    CHECK_HEX("h_com", hcom, T160F_HCOM);

    unhex(delta, sizeof delta, T160F_DELTA);
    sydo_bavc_challenge(dv, delta);
    CHECK(sydo_bavc_open(open, nodes, iv, dv, mark) == 136, "open");
    CHECK(sydo_bavc_reconstruct(nodes2, mark, open, iv, dv) == 0, "reconstruct");
    CHECK(sydo_vole_receive(qcols, hcom2, nodes2, open, C, dv, iv, wk) == 0, "vole_receive");
    CHECK(memcmp(hcom, hcom2, sizeof hcom) == 0, "verifier's h_com = signer's");
    for (ok = 1, g = 0; g < SYDO_LAMBDA; g++)
        for (i = 0; i < SYDO_RV / 8; i++)
            ok &= SYDO_COL(qcols, g)[i] == (SYDO_COL(cols, g)[i] ^ (sydo_bit(delta, g) ? u[i] : 0));
    CHECK(ok, "q_g = v_g + Delta_g u on the first R_v bits");

    free(nodes);
    free(nodes2);
    free(mark);
    free(cols);
    free(qcols);
    free(wk);
}

int main(void)
{
    each_backend(run);
    return finish("sydo-vole");
}
