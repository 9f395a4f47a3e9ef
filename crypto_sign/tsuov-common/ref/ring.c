/* ring.c - arithmetic in R = F_q[z]/(f) (§2.4): the sums of shifted
 * polynomials that give the constant part c and the matrix A of the signing
 * system (§6 step 4) and the verification polynomial acc (§7 step 4).
 * Multiplication by z^e is exact, so the shifted terms are summed unreduced
 * and reduced modulo f once: f = z^m2 - (g0 + g1 z + g2 z^2) and every
 * exponent stays below 2 m2 - 2, so one pass from the top folds everything. */
#include <string.h>

#include "tsuov.h"

typedef char tsuov_fold_once[TSUOV_ACC_LEN <= 2 * TSUOV_M2 - 2 ? 1 : -1];

static void reduce(uint8_t out[TSUOV_M2], uint32_t acc[TSUOV_ACC_LEN])
{
    size_t p, r;

    for (p = TSUOV_ACC_LEN; p-- > TSUOV_M2;) {
        uint32_t c = tsuov_mod(acc[p]);
        acc[p - TSUOV_M2] += TSUOV_GAMMA0 * c;
        acc[p - TSUOV_M2 + 1] += TSUOV_GAMMA1 * c;
        acc[p - TSUOV_M2 + 2] += TSUOV_GAMMA2 * c;
    }
    for (r = 0; r < TSUOV_M2; r++)
        out[r] = tsuov_mod(acc[r]);
}

static void add_shifted(uint32_t acc[TSUOV_ACC_LEN], const uint8_t *u, unsigned e, uint32_t w)
{
    size_t i;

    for (i = 0; i < TSUOV_M1; i++)
        acc[e + i] += w * u[i];
}

/* out = sum over pairs p = e(a, b) of z^p u_p. */
void tsuov_combine(uint8_t out[TSUOV_M2], const uint8_t *u)
{
    uint32_t acc[TSUOV_ACC_LEN];
    unsigned p;

    memset(acc, 0, sizeof acc);
    for (p = 0; p < TSUOV_NPAIRS; p++)
        add_shifted(acc, u + p * TSUOV_M1, p, 1);
    reduce(out, acc);
}

/* Column b*2O + lambda of A: the sum over copies a of z^e(min, max) M_a[lambda],
 * the diagonal pair counted twice. */
void tsuov_system(uint8_t a[TSUOV_M2][TSUOV_M2P], const uint8_t *m)
{
    uint32_t acc[TSUOV_ACC_LEN];
    uint8_t col[TSUOV_M2];
    unsigned b, lambda, c, r;

    for (b = 0; b < TSUOV_K; b++)
        for (lambda = 0; lambda < TSUOV_O2; lambda++) {
            memset(acc, 0, sizeof acc);
            for (c = 0; c < TSUOV_K; c++) {
                const uint8_t *mc = m + (c * TSUOV_O2 + lambda) * TSUOV_M1;
                if (c < b)
                    add_shifted(acc, mc, tsuov_pair_exp(c, b), 1);
                else if (c == b)
                    add_shifted(acc, mc, tsuov_pair_exp(b, b), 2);
                else
                    add_shifted(acc, mc, tsuov_pair_exp(b, c), 1);
            }
            reduce(col, acc);
            for (r = 0; r < TSUOV_M2; r++)
                a[r][b * TSUOV_O2 + lambda] = col[r];
        }
    for (r = 0; r < TSUOV_M2; r++)
        memset(&a[r][TSUOV_M2], 0, TSUOV_M2P - TSUOV_M2);
}
