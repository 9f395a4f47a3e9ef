/* protocol.c - challenge derivation and the shared algebra of signing and
 * verification (spec §7 steps 5-12, §10 checks 2-5). Every XOF word is BE16
 * (spec §3.2). */
#include <string.h>

#include "hash.h"
#include "protocol.h"

void sigurd_f_poly(uint16_t f[7][SIGURD_TAU])
{
    uint16_t t[SIGURD_TAU];
    unsigned i, d;

    memset(f, 0, 7 * sizeof f[0]);
    f[0][0] = 1;
    /* multiply the degree-i polynomial by (X + Y^i): f_d <- f_{d-1} + Y^i f_d */
    for (i = 0; i < 6; i++) {
        for (d = i + 1; d > 0; d--) {
            sigurd_ext_mul_ymono(t, f[d], i);
            memcpy(f[d], f[d - 1], sizeof t);
            sigurd_ext_add(f[d], t);
        }
        sigurd_ext_mul_ymono(f[0], f[0], i);
    }
}

int sigurd_challenge_elem(uint16_t out[SIGURD_TAU], const char *label, const uint8_t *h)
{
    uint8_t s[SIGURD_EBYTES];
    size_t t;
    int rc = sigurd_xof(s, sizeof s, label, h, SIGURD_HBYTES);
    if (rc != 0)
        return rc;
    for (t = 0; t < SIGURD_TAU; t++)
        out[t] = sigurd_be16(s, t);
    return 0;
}

int sigurd_challenge_ic(uint16_t gamma[SIGURD_SIGMA], uint16_t (*rho)[SIGURD_RHO], const uint8_t *h_ic)
{
    uint8_t s[2 * SIGURD_SIGMA * (SIGURD_RHO + 1)];
    size_t i, r, w = 0;
    int rc = sigurd_xof(s, sizeof s, "intercheck", h_ic, SIGURD_HBYTES);
    if (rc != 0)
        return rc;
    for (i = 0; i < SIGURD_SIGMA; i++) {
        gamma[i] = sigurd_be16(s, w++);
        for (r = 0; r < SIGURD_RHO; r++)
            rho[i][r] = sigurd_be16(s, w++);
    }
    return 0;
}

int sigurd_challenge_pr(uint16_t (*tau)[SIGURD_TAU], uint16_t *zeta, const uint8_t *h_pr, uint8_t *buf)
{
    size_t j, t;
    int rc = sigurd_xof(buf, 2 * ((size_t)SIGURD_N * SIGURD_TAU + 1), "polyres", h_pr, SIGURD_HBYTES);
    if (rc != 0)
        return rc;
    for (j = 0; j < SIGURD_N; j++)
        for (t = 0; t < SIGURD_TAU; t++)
            tau[j][t] = sigurd_be16(buf, j * SIGURD_TAU + t);
    *zeta = sigurd_be16(buf, (size_t)SIGURD_N * SIGURD_TAU);
    return 0;
}

int sigurd_challenge_open(uint32_t pi[SIGURD_Q], const uint8_t *h_open, uint16_t *pool)
{
    uint8_t s[2 * SIGURD_Q];
    size_t i;
    int rc = sigurd_xof(s, sizeof s, "open", h_open, SIGURD_HBYTES);
    if (rc != 0)
        return rc;
    for (i = 0; i < SIGURD_NCW; i++)
        pool[i] = (uint16_t)i;
    for (i = 0; i < SIGURD_Q; i++) {
        size_t j = sigurd_be16(s, i) % (SIGURD_NCW - i);
        uint16_t tmp = pool[i];
        pool[i] = pool[i + j];
        pool[i + j] = tmp;
        pi[i] = pool[i];
    }
    return 0;
}

void sigurd_eval_at(uint16_t out[SIGURD_TAU], const uint16_t (*x)[SIGURD_TAU], size_t count,
                    const ext_mulc_t *z)
{
    size_t i;
    memset(out, 0, SIGURD_EBYTES);
    for (i = count; i-- > 0;) {
        sigurd_ext_mulc(out, z, out);
        sigurd_ext_add(out, x[i]);
    }
}

void sigurd_combine_rows(uint16_t out[SIGURD_TAU], const uint16_t rho[SIGURD_RHO],
                         const uint16_t (*y)[SIGURD_TAU])
{
    size_t r;
    memset(out, 0, SIGURD_EBYTES);
    for (r = 0; r < SIGURD_RHO; r++)
        sigurd_ext_scale_acc(out, rho[r], y[r]);
}

uint16_t sigurd_combine_yhat(const uint16_t rho[SIGURD_RHO], const uint16_t yhat[SIGURD_RHO])
{
    size_t r;
    uint16_t pi = 0;
    for (r = 0; r < SIGURD_RHO; r++)
        pi ^= gf_mul(rho[r], yhat[r]);
    return pi;
}

void sigurd_power_sums(uint16_t (*acc)[7][SIGURD_ULEN], const uint16_t (*x)[SIGURD_TAU],
                       const uint16_t (*tau)[SIGURD_TAU], const uint8_t *bucket)
{
    uint16_t pw[7][SIGURD_TAU], u[SIGURD_ULEN];
    ext_log_t lx, lt;
    size_t j;
    unsigned k;

    for (j = 0; j < SIGURD_N; j++) {
        uint16_t (*a)[SIGURD_ULEN] = acc[bucket ? bucket[j] : 0];
        /* squarings are cheap (Frobenius), so only x^3 and x^5 need products */
        memcpy(pw[1], x[j], sizeof pw[1]);
        sigurd_ext_to_log(&lx, x[j]);
        sigurd_ext_sqr(pw[2], pw[1]);
        memset(u, 0, sizeof u);
        sigurd_ext_mul_acc_log(u, pw[2], &lx);
        sigurd_ext_reduce(pw[3], u, SIGURD_ULEN);
        sigurd_ext_sqr(pw[4], pw[2]);
        memset(u, 0, sizeof u);
        sigurd_ext_mul_acc_log(u, pw[4], &lx);
        sigurd_ext_reduce(pw[5], u, SIGURD_ULEN);
        sigurd_ext_sqr(pw[6], pw[3]);
        sigurd_ext_to_log(&lt, tau[j]);
        for (k = 0; k < SIGURD_TAU; k++)
            a[0][k] ^= tau[j][k];
        for (k = 1; k <= 6; k++)
            sigurd_ext_mul_acc_log(a[k], pw[k], &lt);
    }
}

size_t sigurd_tree_leaves(uint32_t *leaves, uint32_t *sel, const uint32_t pi[SIGURD_Q], size_t g)
{
    size_t i, n = 0;
    for (i = 0; i < SIGURD_Q; i++)
        if (pi[i] / SIGURD_S == g) {
            leaves[n] = pi[i] % SIGURD_S;
            if (sel)
                sel[n] = (uint32_t)i;
            n++;
        }
    return n;
}
