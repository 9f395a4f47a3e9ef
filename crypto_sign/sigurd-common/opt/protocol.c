/* protocol.c (opt) - the power sums of the final response, evaluation at
 * z and the row combinations by carry-less multiplication (clmul.h) at the
 * avx2 and avx512 levels: sums of products are reduced once; ref's
 * protocol.c, included below, is everything else and the portable code. */
#include "../ref/protocol.h"
#include "clmul.h"

#define sigurd_power_sums sigurd_power_sums_ref
#define sigurd_eval_at sigurd_eval_at_ref
#define sigurd_combine_rows sigurd_combine_rows_ref
void sigurd_power_sums(uint16_t (*acc)[7][SIGURD_ULEN], const uint16_t (*x)[SIGURD_TAU],
                       const uint16_t (*tau)[SIGURD_TAU], const uint8_t *bucket);
void sigurd_eval_at(uint16_t out[SIGURD_TAU], const uint16_t (*x)[SIGURD_TAU], size_t count, const ext_mulc_t *z);
void sigurd_combine_rows(uint16_t out[SIGURD_TAU], const uint16_t rho[SIGURD_RHO], const uint16_t (*y)[SIGURD_TAU]);
#include "../ref/protocol.c"
#undef sigurd_power_sums
#undef sigurd_eval_at
#undef sigurd_combine_rows

#if SIGURD_X86
SIGURD_AVX2_TARGET static void power_sums_clmul(uint16_t (*acc)[7][SIGURD_ULEN], const uint16_t (*x)[SIGURD_TAU],
                                                const uint16_t (*tau)[SIGURD_TAU], const uint8_t *bucket)
{
    kx_prod s[7], p;
    kx_el xe[7], te;
    uint16_t pw[SIGURD_TAU];
    unsigned nb = bucket ? 6 : 1, b, k;
    size_t j, i;

    /* bucket by bucket, so that its sums stay in the Kronecker form */
    for (b = 0; b < nb; b++) {
        for (k = 1; k <= 6; k++)
            kx_zero(&s[k]);
        for (j = 0; j < SIGURD_N; j++) {
            if (bucket && bucket[j] != b)
                continue;
            /* x^2, x^4, x^6 are squares (Frobenius); x^3 and x^5 products */
            kx_load(&xe[1], x[j]);
            kx_zero(&p);
            kx_sqr_acc(&p, &xe[1]);
            kx_reduced(pw, &p);
            kx_load(&xe[2], pw);
            kx_zero(&p);
            kx_mul_acc(&p, &xe[2], &xe[1]);
            kx_reduced(pw, &p);
            kx_load(&xe[3], pw);
            kx_zero(&p);
            kx_sqr_acc(&p, &xe[2]);
            kx_reduced(pw, &p);
            kx_load(&xe[4], pw);
            kx_zero(&p);
            kx_mul_acc(&p, &xe[4], &xe[1]);
            kx_reduced(pw, &p);
            kx_load(&xe[5], pw);
            kx_zero(&p);
            kx_sqr_acc(&p, &xe[3]);
            kx_reduced(pw, &p);
            kx_load(&xe[6], pw);
            kx_load(&te, tau[j]);
            for (i = 0; i < SIGURD_TAU; i++)
                acc[b][0][i] ^= tau[j][i];
            for (k = 1; k <= 6; k++)
                kx_mul_acc(&s[k], &te, &xe[k]);
        }
        for (k = 1; k <= 6; k++) {
            kx_reduced(pw, &s[k]); /* congruent mod P: what the caller reduces */
            for (i = 0; i < SIGURD_TAU; i++)
                acc[b][k][i] ^= pw[i];
        }
    }
}

/* Horner's rule by blocks of EB: sum_i x_i z^i = sum_l z^{EB l} S_l with
 * S_l = sum_{u < EB} x_{EB l + u} z^u, so that a step adds EB + 1 products
 * (acc z^EB and the block's x_i z^u) and reduces once. */
#define EB 8

SIGURD_AVX2_TARGET static void eval_at_clmul(uint16_t out[SIGURD_TAU], const uint16_t (*x)[SIGURD_TAU], size_t count,
                                             const uint16_t z[SIGURD_TAU])
{
    kx_el zp[EB + 1], xe;
    kx_prod p;
    uint16_t acc[SIGURD_TAU];
    size_t nblk = (count + EB - 1) / EB, l, u;

    /* zp[u] = z^u, u <= EB */
    memset(acc, 0, sizeof acc);
    acc[0] = 1;
    kx_load(&zp[0], acc);
    kx_load(&zp[1], z);
    for (u = 2; u <= EB; u++) {
        kx_zero(&p);
        kx_mul_acc(&p, &zp[u - 1], &zp[1]);
        kx_reduced(acc, &p);
        kx_load(&zp[u], acc);
    }
    memset(acc, 0, sizeof acc);
    for (l = nblk; l-- > 0;) {
        kx_zero(&p);
        if (l + 1 < nblk) {
            kx_load(&xe, acc);
            kx_mul_acc(&p, &xe, &zp[EB]);
        }
        for (u = 0; u < EB && EB * l + u < count; u++) {
            kx_load(&xe, x[EB * l + u]);
            kx_mul_acc(&p, &xe, &zp[u]);
        }
        kx_reduced(acc, &p);
    }
    memcpy(out, acc, sizeof acc);
}

SIGURD_AVX2_TARGET static void combine_rows_clmul(uint16_t out[SIGURD_TAU], const uint16_t rho[SIGURD_RHO],
                                                  const uint16_t (*y)[SIGURD_TAU])
{
    kx_scaled s;
    kx_el ye;
    size_t r;
    kx_scaled_zero(&s);
    for (r = 0; r < SIGURD_RHO; r++) {
        kx_load(&ye, y[r]);
        kx_scale_acc(&s, &ye, _mm_cvtsi32_si128(rho[r]));
    }
    kx_scaled_out(out, &s);
}
#endif

void sigurd_power_sums(uint16_t (*acc)[7][SIGURD_ULEN], const uint16_t (*x)[SIGURD_TAU],
                       const uint16_t (*tau)[SIGURD_TAU], const uint8_t *bucket)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        power_sums_clmul(acc, x, tau, bucket);
        return;
    }
#endif
    sigurd_power_sums_ref(acc, x, tau, bucket);
}

void sigurd_eval_at(uint16_t out[SIGURD_TAU], const uint16_t (*x)[SIGURD_TAU], size_t count, const ext_mulc_t *z)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        uint16_t zc[SIGURD_TAU];
        size_t i;
        for (i = 0; i < SIGURD_TAU; i++)
            zc[i] = z->c[i].lo[1]; /* the table of z_i holds z_i * 1 there */
        eval_at_clmul(out, x, count, zc);
        return;
    }
#endif
    sigurd_eval_at_ref(out, x, count, z);
}

void sigurd_combine_rows(uint16_t out[SIGURD_TAU], const uint16_t rho[SIGURD_RHO], const uint16_t (*y)[SIGURD_TAU])
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        combine_rows_clmul(out, rho, y);
        return;
    }
#endif
    sigurd_combine_rows_ref(out, rho, y);
}
