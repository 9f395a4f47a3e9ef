/* fold.c - quicksilver.c's hook SYDO_FOLD_BLOCK: the folded row of block i,
 * g[j] = sum_eta alpha_eta * H'(eta*n + 279i + j) (sydo.md 5.5), as in ref
 * but with the public matrix made a run of elements at a time (prgx.c), so
 * the ciphers work on many blocks per call. */
#include <string.h>

#include "../ref/quicksilver.h"

#define RUN 32

/* clears the bits of row eta past m (P4 row masking), as ref's mask_row */
static void mask_row(uint8_t *x, unsigned eta)
{
    long keep = (long)SYDO_M - (long)eta * SYDO_LAMBDA, b;
    for (b = keep < 0 ? 0 : keep; b < SYDO_LAMBDA; b++)
        x[b / 8] &= (uint8_t) ~(1u << (b % 8));
}

void sydo_opt_fold_block(uint64_t *g, const uint64_t *alpha_tabs, const sydo_hgen_key *hk, unsigned i)
{
    uint8_t h[3][RUN * SYDO_LB];
    gf_t x[3];
    const uint64_t *xs[3];
    const uint64_t(*tabs[3])[SYDO_NW + 1];
    unsigned j0, j, n, eta;
    for (eta = 0; eta < 3; eta++) {
        xs[eta] = x[eta];
        tabs[eta] = (const uint64_t(*)[SYDO_NW + 1])(alpha_tabs + (size_t)eta * 256 * (SYDO_NW + 1));
    }
    for (j0 = 0; j0 < SYDO_BLOCK; j0 += n) {
        n = SYDO_BLOCK - j0 < RUN ? SYDO_BLOCK - j0 : RUN;
        for (eta = 0; eta < 3; eta++)
            sydo_prgx_hgen(hk, (uint32_t)(eta * SYDO_N + SYDO_BLOCK * i + j0), n, h[eta]);
        for (j = 0; j < n; j++) {
            for (eta = 0; eta < 3; eta++) {
                mask_row(h[eta] + j * SYDO_LB, eta);
                gf_load(x[eta], h[eta] + j * SYDO_LB);
            }
            gf_fold3_vt(g + (size_t)(j0 + j) * SYDO_NW, tabs, xs);
        }
    }
}
