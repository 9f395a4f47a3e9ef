/* quicksilver.c - degree-4 QuickSilver for SYDO (sydo.md 5).
 *
 * Variables are the 10 witness bits of each block. With z_b = m_b + a_b*Delta
 * the prover's polynomial for a product over a set S is
 *     prod_{b in S} z_b = sum_{R subset S} m_R * a_{S\R} * Delta^{|S|-|R|}
 * (m_R the product of the MACs over R, a_{S\R} the AND of witness bits), so
 * every coefficient is a masked sum of MAC products: the witness bits only
 * ever select with masks, never branch or index.
 *
 * The inner-product polynomial F (5.5) is evaluated through the same
 * expansion. With g the subset sums of the folded row h-hat over a block,
 *     sum_S g_S prod_{b in S} z_b Delta^{4-|S|} = sum_R m_R Delta^{4-|R|} beta_R,
 *     beta_R = sum_{S superset of R} g_S a_{S\R},
 * and beta is computed with masked superset sums (no products), leaving one
 * product per valid pattern R. The verifier evaluates the same sums at its
 * Delta with its keys K_b in place of the z_b. */
#include <string.h>

#include "prg.h"
#include "quicksilver.h"
#include "rsd.h"
#include "uhash.h"

/* the row of a witness bit r < 10w, and of mask bit b < 3 lambda */
#define WROW(r) (r)
#define MROW(b) (10 * SYDO_W + (b))

typedef struct {
    gf_t kappa0, kappa1, s, alpha[3];
    uint64_t t;
} challenge2;

static void parse_chal2(challenge2 *ch, const uint8_t chal2[SYDO_CHAL2B], sydo_qs_work *wk)
{
    unsigned i;
    gf_load(ch->kappa0, chal2);
    gf_load(ch->kappa1, chal2 + SYDO_LB);
    gf_load(ch->s, chal2 + 2 * SYDO_LB);
    ch->t = 0;
    for (i = 0; i < 8; i++)
        ch->t |= (uint64_t)chal2[3 * SYDO_LB + i] << (8 * i);
    for (i = 0; i < 3; i++) {
        gf_load(ch->alpha[i], chal2 + 3 * SYDO_LB + 8 + i * SYDO_LB);
        gf_table8(wk->alpha_tab[i], ch->alpha[i]);
    }
}

static unsigned popcount(unsigned x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

static void tables(sydo_qs_work *wk)
{
    unsigned mask, r;
    int j;
    for (mask = 0; mask < 1024; mask++) {
        j = sydo_block_index(mask);
        wk->idx[mask] = (int16_t)j;
        if (j >= 0)
            wk->pattern[j] = (uint16_t)mask;
    }
    for (r = 0; r < 70; r++)
        wk->quad[r] = (uint8_t)sydo_subset_unrank(8, 4, r);
}

/* Row r of the lambda columns as a field element: bit c is bit r of column c.
 * Only rows of the witness and the masks are kept; columns >= D are zero.
 * SYDO_TRANSPOSE: the opt implementation sets its own (opt/fold.c). */
#ifndef SYDO_TRANSPOSE
static void transpose(sydo_qs_work *wk, const uint8_t *cols)
{
    unsigned c, r;
    memset(wk->row, 0, sizeof wk->row);
    for (c = 0; c < SYDO_D; c++) {
        const uint8_t *col = cols + (size_t)c * SYDO_COLB;
        unsigned w = c / 64, sh = c % 64;
        for (r = 0; r < 10 * SYDO_W; r++)
            wk->row[WROW(r)][w] |= (uint64_t)sydo_bit(col, r) << sh;
        for (r = 0; r < 3 * SYDO_LAMBDA; r++)
            wk->row[MROW(r)][w] |= (uint64_t)sydo_bit(col, SYDO_WBITS + r) << sh;
    }
}
#define SYDO_TRANSPOSE(wk, cols) transpose((wk), (cols))
#endif

/* sum_{b < lambda} row[MROW(first + b)] * x^b, reduced (5.6). */
static void mask_poly(uint64_t r[SYDO_NW], const sydo_qs_work *wk, unsigned first)
{
    gfw_t w;
    unsigned b, i, sh, ws;
    gfw_zero(w);
    for (b = 0; b < SYDO_LAMBDA; b++) {
        const uint64_t *m = wk->row[MROW(first + b)];
        ws = b / 64;
        sh = b % 64;
        for (i = 0; i < SYDO_NW; i++) {
            w[i + ws] ^= m[i] << sh;
            if (sh)
                w[i + ws + 1] ^= m[i] >> (64 - sh);
        }
    }
    gf_reduce(r, w);
}

/* Row eta of the syndrome / matrix as a field element with the bits past m
 * cleared (P4 row masking). */
static void mask_row(uint8_t *x, unsigned eta)
{
    long keep = (long)SYDO_M - (long)eta * SYDO_LAMBDA, b;
    for (b = keep < 0 ? 0 : keep; b < SYDO_LAMBDA; b++)
        x[b / 8] &= (uint8_t) ~(1u << (b % 8));
}

/* SYDO_FOLD_BLOCK: the opt implementation sets its own (opt/fold.c) */
#ifndef SYDO_FOLD_BLOCK
/* g[j] = h-hat of the block's column j = sum_eta alpha_eta * H'(eta*n + 279i + j).
 * Everything here is public, so the variable-time products serve both sides. */
static void fold_block(sydo_qs_work *wk, const sydo_hgen_key *hk, unsigned i)
{
    uint8_t h[SYDO_LB];
    gf_t x[3];
    const uint64_t *xs[3];
    const uint64_t(*tabs[3])[SYDO_NW + 1];
    unsigned j, eta;
    for (eta = 0; eta < 3; eta++) {
        xs[eta] = x[eta];
        tabs[eta] = (const uint64_t(*)[SYDO_NW + 1])wk->alpha_tab[eta];
    }
    for (j = 0; j < SYDO_BLOCK; j++) {
        for (eta = 0; eta < 3; eta++) {
            sydo_hgen(hk, (uint32_t)(eta * SYDO_N + SYDO_BLOCK * i + j), h);
            mask_row(h, eta);
            gf_load(x[eta], h);
        }
        gf_fold3_vt(wk->g[j], tabs, xs);
    }
}
#define SYDO_FOLD_BLOCK(wk, hk, i) fold_block((wk), (hk), (i))
#endif

/* SYDO_UHASH4: one step of both Horner hashes of the four slots (P10); the
 * opt implementation sets its own (four slots side by side) */
#ifndef SYDO_UHASH4
#define SYDO_UHASH4(A, B, s, t, e)                                                                           \
    do {                                                                                                     \
        unsigned d_;                                                                                         \
        for (d_ = 0; d_ < 4; d_++)                                                                           \
            sydo_uhash_step((A)[d_], (B)[d_], (s), (t), (e)[d_]);                                            \
    } while (0)
#endif

/* g <- subset sums of g over the valid patterns (downward closed, so the
 * usual one-bit-at-a-time pass stays inside them). */
static void subset_sums(sydo_qs_work *wk)
{
    unsigned b, j, s;
    for (b = 0; b < 10; b++)
        for (j = 0; j < SYDO_BLOCK; j++) {
            s = wk->pattern[j];
            if (s >> b & 1)
                gf_add(wk->g[j], wk->g[wk->idx[s ^ (1u << b)]]);
        }
}

/* prod[S] for the subsets S of {0..7} of up to four elements, from
 * prod[{q}] = v[q]. */
static void products(sydo_qs_work *wk, const uint64_t (*v)[SYDO_NW])
{
    unsigned q, mask, low;
    for (q = 0; q < 8; q++)
        gf_copy(wk->prod[1u << q], v[q]);
    for (mask = 3; mask < 256; mask++) {
        if (popcount(mask) < 2 || popcount(mask) > 4)
            continue;
        low = mask & (0u - mask);
        gf_mul(wk->prod[mask], wk->prod[mask ^ low], wk->prod[low]);
    }
}

/* ---- verifier helpers: Delta and s multiply many public values, so they get
 * window tables; one-off products use the constant-time gf_mul, which is as
 * fast as a fresh table would be. ---- */

static void mul_table(uint64_t r[SYDO_NW], gf_tab8_t tab, const uint64_t b[SYDO_NW])
{
    gf_mul_table8_vt(r, (const uint64_t(*)[SYDO_NW + 1])tab, b);
}

/* ((sig0 Delta + sig1) Delta + sig2) Delta + sig3 */
static void horner_delta(uint64_t r[SYDO_NW], const uint64_t (*sig)[SYDO_NW], gf_tab8_t dtab)
{
    unsigned d;
    gf_copy(r, sig[0]);
    for (d = 1; d < 4; d++) {
        mul_table(r, dtab, r);
        gf_add(r, sig[d]);
    }
}

/* both Horner hashes of the verifier's single slot */
static void hash_step(uint64_t a[SYDO_NW], uint64_t b[SYDO_NW], gf_tab8_t stab, uint64_t t,
                      const uint64_t e[SYDO_NW])
{
    mul_table(a, stab, a);
    gf_add(a, e);
    gf_mul64(b, b, t);
    gf_add(b, e);
}

void sydo_qs_prove(uint8_t c0[SYDO_LB], uint8_t c123[3 * SYDO_LB], const uint8_t *cols, const uint8_t *u,
                   const uint8_t xbar[SYDO_WB], const uint8_t pk[SYDO_PKB], const uint8_t chal2[SYDO_CHAL2B],
                   sydo_qs_work *wk)
{
    challenge2 ch;
    sydo_hgen_key hk;
    gf_t A[4], B[4], e[4], m[10], inner[2][4], x;
    gfw_t Fw[4], innerw[2][4];
    uint64_t am[10];
    unsigned i, b, d, r, j, q, Q, R, R0, R1;

    parse_chal2(&ch, chal2, wk);
    sydo_hgen_setkey(&hk, SYDO_LAMBDA, pk);
    tables(wk);
    SYDO_TRANSPOSE(wk, cols);
    for (d = 0; d < 4; d++) {
        gf_zero(A[d]);
        gf_zero(B[d]);
        gfw_zero(Fw[d]);
    }

    for (i = 0; i < SYDO_W; i++) {
        for (b = 0; b < 10; b++) {
            gf_copy(m[b], wk->row[WROW(10 * i + b)]);
            am[b] = 0 - (uint64_t)sydo_bit(xbar, 10 * i + b);
        }
        products(wk, (const uint64_t(*)[SYDO_NW])(m + 2));

        /* block-0 constraint (degree 2), lifted into slots 2 and 3 */
        gf_zero(e[0]);
        gf_zero(e[1]);
        gf_mul(e[2], m[0], m[1]);
        gf_zero(e[3]);
        gf_addmask(e[3], m[1], am[0]);
        gf_addmask(e[3], m[0], am[1]);
        SYDO_UHASH4(A, B, ch.s, ch.t, e);

        /* block-1 constraints: every 4-subset Q, coefficient d of prod_Q z */
        for (r = 0; r < 70; r++) {
            Q = wk->quad[r];
            gf_copy(e[0], wk->prod[Q]);
            gf_zero(e[1]);
            gf_zero(e[2]);
            gf_zero(e[3]);
            for (q = 0; q < 8; q++) {
                uint64_t mq, rest;
                if (!(Q >> q & 1))
                    continue;
                mq = am[2 + q];
                /* AND of the other three witness bits of Q */
                rest = ~(uint64_t)0;
                for (b = 0; b < 8; b++)
                    if ((Q ^ (1u << q)) >> b & 1)
                        rest &= am[2 + b];
                gf_addmask(e[1], wk->prod[Q ^ (1u << q)], mq);
                gf_addmask(e[3], m[2 + q], rest);
                for (b = q + 1; b < 8; b++)
                    if (Q >> b & 1) /* Q \ {q, b} carries the witness bits */
                        gf_addmask(e[2], wk->prod[Q ^ (1u << q) ^ (1u << b)], mq & am[2 + b]);
            }
            SYDO_UHASH4(A, B, ch.s, ch.t, e);
        }

        /* inner-product polynomial: beta_R, then m_R * beta_R into F_{4-|R|} */
        SYDO_FOLD_BLOCK(wk, &hk, i);
        subset_sums(wk);
        for (b = 0; b < 10; b++)
            for (j = 0; j < SYDO_BLOCK; j++) {
                R = wk->pattern[j];
                if (!(R >> b & 1) && wk->idx[R | 1u << b] >= 0)
                    gf_addmask(wk->g[j], wk->g[wk->idx[R | 1u << b]], am[b]);
            }
        for (r = 0; r < 2; r++)
            for (d = 0; d < 4; d++) {
                gf_zero(inner[r][d]);
                gfw_zero(innerw[r][d]);
            }
        for (j = 0; j < SYDO_BLOCK; j++) {
            R = wk->pattern[j];
            R0 = R & 3u;
            R1 = R >> 2;
            d = popcount(R1);
            if (R0 == 0) {
                if (R1 != 0)
                    gf_muladd_wide(Fw[4 - d], wk->prod[R1], wk->g[j]);
            } else if (d == 0) {
                gf_add(inner[R0 - 1][0], wk->g[j]);
            } else {
                gf_muladd_wide(innerw[R0 - 1][d], wk->prod[R1], wk->g[j]);
            }
        }
        /* pattern R0 = {0} (mask 1) multiplies by m_0, {1} (mask 2) by m_1 */
        for (r = 0; r < 2; r++)
            for (d = 0; d < 4; d++) {
                if (d > 0)
                    gf_reduce(inner[r][d], innerw[r][d]);
                gf_muladd_wide(Fw[3 - d], m[r], inner[r][d]);
            }
    }
    /* three padding constraints */
    gf_zero(e[0]);
    for (r = 0; r < 3; r++)
        for (d = 0; d < 4; d++)
            sydo_uhash_step(A[d], B[d], ch.s, ch.t, e[0]);

    /* c_d = M_d + kappa0 A_d + kappa1 B_d + F_d */
    for (d = 0; d < 4; d++) {
        gf_t c, nu;
        gfw_t w;
        if (d < 3)
            mask_poly(c, wk, d * SYDO_LAMBDA);
        else
            gf_zero(c);
        if (d > 0) {
            gf_load(nu, u + SYDO_WB + (d - 1) * SYDO_LB);
            gf_add(c, nu);
        }
        memcpy(w, Fw[d], sizeof w);
        gf_muladd_wide(w, ch.kappa0, A[d]);
        gf_muladd_wide(w, ch.kappa1, B[d]);
        gf_reduce(x, w);
        gf_add(c, x);
        if (d == 0)
            gf_store(c0, c);
        else
            gf_store(c123 + (d - 1) * SYDO_LB, c);
    }
}

void sydo_qs_verify(uint8_t c0[SYDO_LB], const uint8_t *qcols, const uint8_t delta[SYDO_LB],
                    const uint8_t c123[3 * SYDO_LB], const uint8_t pk[SYDO_PKB],
                    const uint8_t chal2[SYDO_CHAL2B], sydo_qs_work *wk)
{
    challenge2 ch;
    sydo_hgen_key hk;
    gf_tab8_t *stab = &wk->key_tab[0], *dtab = &wk->key_tab[1];
    gf_t A, B, E, K[10], D, D2, sig0[4], sig[2][4], inner, x, y, c;
    gfw_t Fw, sig0w[4], sigw[2][4];
    uint8_t row[SYDO_LB];
    unsigned i, b, d, r, S1, s0;
    int j;

    parse_chal2(&ch, chal2, wk);
    sydo_hgen_setkey(&hk, SYDO_LAMBDA, pk);
    tables(wk);
    SYDO_TRANSPOSE(wk, qcols);
    gf_table8(*stab, ch.s);
    gf_load(D, delta);
    gf_table8(*dtab, D);
    mul_table(D2, *dtab, D);
    gf_zero(A);
    gf_zero(B);
    gfw_zero(Fw);
    for (d = 0; d < 4; d++)
        gfw_zero(sig0w[d]);

    for (i = 0; i < SYDO_W; i++) {
        for (b = 0; b < 10; b++)
            gf_copy(K[b], wk->row[WROW(10 * i + b)]);
        products(wk, (const uint64_t(*)[SYDO_NW])(K + 2));

        /* membership: K_0 K_1 Delta^2, then prod_Q K for the 4-subsets */
        gf_mul(E, K[0], K[1]);
        gf_mul(E, E, D2);
        hash_step(A, B, *stab, ch.t, E);
        for (r = 0; r < 70; r++)
            hash_step(A, B, *stab, ch.t, wk->prod[wk->quad[r]]);

        /* F' of the block: sigma^{S0}_d = sum_{|S1| = d} g_{S0,S1} K_{S1} */
        SYDO_FOLD_BLOCK(wk, &hk, i);
        subset_sums(wk);
        for (r = 0; r < 2; r++)
            for (d = 0; d < 4; d++)
                gfw_zero(sigw[r][d]);
        for (S1 = 0; S1 < 256; S1++) {
            d = popcount(S1);
            if (d > 3)
                continue;
            for (s0 = 0; s0 < 3; s0++) {
                uint64_t *acc = s0 == 0 ? sig0w[d] : sigw[s0 - 1][d];
                j = wk->idx[s0 | S1 << 2];
                if (d == 0)
                    gf_add(acc, wk->g[j]); /* low words of the wide sum */
                else
                    gf_muladd_wide(acc, wk->prod[S1], wk->g[j]);
            }
        }
        /* S0 = {0} and {1}: times K_{10i} and K_{10i+1} */
        for (r = 0; r < 2; r++) {
            for (d = 0; d < 4; d++)
                gf_reduce(sig[r][d], sigw[r][d]);
            horner_delta(inner, (const uint64_t(*)[SYDO_NW])sig[r], *dtab);
            gf_muladd_wide(Fw, K[r], inner);
        }
    }
    gf_zero(E);
    for (r = 0; r < 3; r++)
        hash_step(A, B, *stab, ch.t, E);

    /* S0 = empty, summed over all blocks: Delta * inner; then y-hat Delta^4 */
    for (d = 0; d < 4; d++)
        gf_reduce(sig0[d], sig0w[d]);
    horner_delta(inner, (const uint64_t(*)[SYDO_NW])sig0, *dtab);
    gf_muladd_wide(Fw, D, inner);
    gf_zero(y);
    for (r = 0; r < 3; r++) {
        memset(row, 0, sizeof row);
        if (SYDO_LB + r * SYDO_LB < SYDO_PKB) {
            size_t have = SYDO_PKB - SYDO_LB - r * SYDO_LB;
            memcpy(row, pk + SYDO_LB + r * SYDO_LB, have < SYDO_LB ? have : SYDO_LB);
        }
        mask_row(row, r);
        gf_load(x, row);
        gf_mul(x, x, ch.alpha[r]);
        gf_add(y, x);
    }
    mul_table(x, *dtab, D2);
    mul_table(x, *dtab, x);
    gf_muladd_wide(Fw, y, x);

    /* M' = sum K x^b + (.. + c_1) Delta + (.. + c_2) Delta^2 + c_3 Delta^3, by Horner */
    gf_load(c, c123 + 2 * SYDO_LB);
    for (d = 3; d-- > 0;) {
        mul_table(c, *dtab, c);
        mask_poly(x, wk, d * SYDO_LAMBDA);
        gf_add(c, x);
        if (d > 0) {
            gf_load(x, c123 + (d - 1) * SYDO_LB);
            gf_add(c, x);
        }
    }
    gf_muladd_wide(Fw, ch.kappa0, A);
    gf_muladd_wide(Fw, ch.kappa1, B);
    gf_reduce(x, Fw);
    gf_add(c, x);
    gf_store(c0, c);
}
