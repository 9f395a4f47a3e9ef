/* sign.c - sig_sign (spec section 6): rebuild the secret matrices from sk,
 * hash M || salt to a syndrome s, map it to the secret syndrome sigma = H1*s,
 * decode the H_Z part (DecZ) and then the H_X + H_Y part (DecXY) until the
 * weight is exactly w, and map the error vector back through D.
 *
 * Same draws and outputs as the reference with much less work (spec
 * section 11): sigma = H1*s is computed from H_X, H_Y, H_Z without forming
 * H_sk; DecZ solves its square system by one elimination instead of an
 * inversion; DecXY factors its information set once (a forward elimination
 * of [A | I] gives U = F*A) and each weight iteration is then two
 * matrix-vector products and a back substitution. */
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "uvw.h"

/* A safety net only: the reference's weight loop has no bound, and the
 * expected number of iterations is in the tens. */
#define UVW_MAX_WEIGHT_ITERATIONS 1000000L

#define AX UVW_WORDS(UVW_RX)
#define AZ UVW_WORDS(UVW_RZ)
#define AM UVW_WORDS(UVW_M)

/* Work space of one signature; everything large is on the heap. */
typedef struct {
    uvw_secret sec;
    uvw_mat work;       /* DecZ: [A | b], RZ rows; DecXY: [A | I], RX rows */
    uint32_t *cols;     /* a column shuffle of 0..h-1 */
    uint32_t *desc;     /* gather descriptors */
    f3word *v;          /* scratch vectors, VEC words each */
} signer;

#define VEC (2 * UVW_AN) /* words of a scratch vector (length up to n) */
enum { V_S, V_SIGMA, V_SP, V_E2, V_E1, V_X, V_B, V_Z, V_Y, V_T, NVEC };

static f3word *vec(signer *g, int i)
{
    return g->v + (size_t)i * VEC;
}

/* sigma = H1 * s = H_left * s' with s'_i = d_i * s_{p_i} where p_i < m. */
static void secret_syndrome(signer *g, const f3word *s, f3word *sigma)
{
    const uvw_secret *sec = &g->sec;
    f3word *sp = vec(g, V_SP), *left = sp, *right = sp + 2 * UVW_AH, *diff = vec(g, V_T);
    size_t i, r;

    memset(sp, 0, VEC * sizeof *sp);
    for (i = 0; i < UVW_N; i++) {
        if (sec->p[i] < UVW_M) {
            unsigned t = uvw_f3_get(s, AM, sec->p[i]);
            if (t && sec->d[i] == 2)
                t = 3 - t;
            if (i < UVW_H)
                uvw_f3_set(left, UVW_AH, i, t);
            else
                uvw_f3_set(right, UVW_AH, i - UVW_H, t);
        }
    }
    memcpy(diff, right, 2 * UVW_AH * sizeof *diff); /* -H_Z s'_L + H_Z s'_R */
    uvw_f3_row_sub(diff, left, UVW_AH, 0, UVW_AH);
    memset(sigma, 0, 2 * AM * sizeof *sigma);
    for (r = 0; r < UVW_RX; r++) {
        unsigned t = uvw_f3_dot(sec->hx.row[r], UVW_AH, left, UVW_AH, 0, UVW_AH) +
                     uvw_f3_dot(sec->hy.row[r], UVW_AH, right, UVW_AH, 0, UVW_AH);
        uvw_f3_set(sigma, AM, r, t % 3);
    }
    for (r = 0; r < UVW_RZ; r++)
        uvw_f3_set(sigma, AM, UVW_RX + r, uvw_f3_dot(sec->hz.row[r], UVW_AH, diff, UVW_AH, 0, UVW_AH));
}

/* Gather descriptors (see uvw_gather) that pick columns cols[0..cnt) of a
 * matrix as they are: from the "left half", never negated. */
static void plain_columns(uint32_t *desc, const uint32_t *cols, size_t cnt)
{
    size_t i;
    for (i = 0; i < cnt; i++)
        desc[i] = cols[i] << 2;
}

/* DecZ (6.3): e2 with H_Z e2 = s2, t random entries fixed on J. */
static int dec_z(signer *g, const f3word *s2, f3word *e2)
{
    const uvw_mat *hz = &g->sec.hz;
    uvw_mat *w = &g->work;
    uint32_t *cols = g->cols, *jset = g->cols + UVW_RZ;
    f3word *x = vec(g, V_X), *z = vec(g, V_Z), *y = vec(g, V_Y), *b = vec(g, V_T);
    size_t i, r;

    for (;;) {
        size_t t = (size_t)(uvw_r64(&drng_algorithm) % (UVW_K2 + 1));
        long rank;
        for (i = 0; i < UVW_H; i++)
            cols[i] = (uint32_t)i;
        uvw_shuffle(&drng_algorithm, cols, UVW_H, UVW_RZ);
        uvw_shuffle(&drng_algorithm, jset, UVW_K2, t); /* indices relative to J */
        memset(x, 0, 2 * UVW_AH * sizeof *x);
        for (i = 0; i < t; i++)
            uvw_f3_set(x, UVW_AH, jset[i], 1 + (uvw_r8(&drng_algorithm) & 1));

        /* A = H_Z[:, co] and b = s2 - H_Z x; all draws of the attempt are made */
        plain_columns(g->desc, cols, UVW_RZ);
        memset(b, 0, 2 * AZ * sizeof *b);
        for (r = 0; r < UVW_RZ; r++) {
            unsigned v = uvw_f3_get(s2, AZ, r) + 3 - uvw_f3_dot(hz->row[r], UVW_AH, x, UVW_AH, 0, UVW_AH);
            uvw_f3_set(b, AZ, r, v % 3);
        }
#ifndef UVW_NAIVE
        /* [A | b], forward: A y = b becomes U y = z */
        uvw_mat_reshape(w, UVW_RZ, AZ + 1);
        for (r = 0; r < UVW_RZ; r++) {
            f3word *row = w->row[r];
            uvw_gather(row, w->st, g->desc, UVW_RZ, hz->row[r], hz->row[r], UVW_AH, 0);
            row[AZ] = 0;
            row[w->st + AZ] = 0;
            uvw_f3_set(row + AZ, w->st, 0, uvw_f3_get(b, AZ, r));
        }
        rank = uvw_echelon(w, UVW_RZ, UVW_RZ, AZ + 1, 0, NULL);
#else
        /* benchmark baseline only: the reference's inverse, [A | I] -> [I | A^-1] */
        uvw_mat_reshape(w, UVW_RZ, 2 * AZ);
        for (r = 0; r < UVW_RZ; r++) {
            f3word *row = w->row[r];
            uvw_gather(row, w->st, g->desc, UVW_RZ, hz->row[r], hz->row[r], UVW_AH, 0);
            memset(row + AZ, 0, AZ * sizeof *row);
            memset(row + w->st + AZ, 0, AZ * sizeof *row);
            uvw_f3_set(row + AZ, w->st, r, 1);
        }
        rank = uvw_echelon(w, UVW_RZ, UVW_RZ, 2 * AZ, UVW_ECH_FULL, NULL);
#endif
        if (rank < 0)
            return -2;
        if ((size_t)rank == UVW_RZ)
            break; /* otherwise singular: a new attempt with all new draws */
    }
#ifndef UVW_NAIVE
    memset(z, 0, 2 * AZ * sizeof *z);
    for (r = 0; r < UVW_RZ; r++)
        uvw_f3_set(z, AZ, r, uvw_f3_get(w->row[r] + AZ, w->st, 0));
    uvw_back_substitute(w, UVW_RZ, z, y);
#else
    memset(y, 0, 2 * AZ * sizeof *y);
    for (r = 0; r < UVW_RZ; r++)
        uvw_f3_set(y, AZ, r, uvw_f3_dot(w->row[r] + AZ, w->st, b, AZ, 0, AZ));
    (void)z;
#endif
    memcpy(e2, x, 2 * UVW_AH * sizeof *e2);
    for (i = 0; i < UVW_RZ; i++)
        uvw_f3_set(e2, UVW_AH, cols[i], uvw_f3_get(y, AZ, i));
    return 0;
}

/* DecXY (6.4): e1 with H e1 = s1' (H = H_X + H_Y) and weight(e1) +
 * weight(e1 + e2) = w; the information set is drawn once. */
static int dec_xy(signer *g, const uvw_mat *h, const f3word *s1p, const f3word *e2, f3word *e1)
{
    uvw_mat *w = &g->work;
    uint32_t *cols = g->cols, *jset = g->cols + UVW_RX;
    f3word *x = vec(g, V_X), *b = vec(g, V_B), *z = vec(g, V_Z), *y = vec(g, V_Y), *sum = vec(g, V_T);
    size_t i, r;
    long iter;

    for (;;) {
        long rank;
        for (i = 0; i < UVW_H; i++)
            cols[i] = (uint32_t)i;
        uvw_shuffle(&drng_algorithm, cols, UVW_H, UVW_RX);
        /* [A | I] with A = H[:, co]: the forward elimination leaves [U | F], F*A = U */
        plain_columns(g->desc, cols, UVW_RX);
        uvw_mat_reshape(w, UVW_RX, 2 * AX);
        for (r = 0; r < UVW_RX; r++) {
            f3word *row = w->row[r];
            uvw_gather(row, w->st, g->desc, UVW_RX, h->row[r], h->row[r], UVW_AH, 0);
            memset(row + AX, 0, AX * sizeof *row);
            memset(row + w->st + AX, 0, AX * sizeof *row);
            uvw_f3_set(row + AX, w->st, r, 1);
        }
#ifndef UVW_NAIVE
        rank = uvw_echelon(w, UVW_RX, UVW_RX, 2 * AX, 0, NULL);
#else
        rank = uvw_echelon(w, UVW_RX, UVW_RX, 2 * AX, UVW_ECH_FULL, NULL); /* A^-1, as the reference */
#endif
        if (rank < 0)
            return -2;
        if ((size_t)rank == UVW_RX)
            break;
    }
    for (iter = 0; iter < UVW_MAX_WEIGHT_ITERATIONS; iter++) {
        memset(x, 0, 2 * UVW_AH * sizeof *x);
        for (i = 0; i < UVW_K1; i++) {
            unsigned c = uvw_f3_get(e2, UVW_AH, jset[i]);
            uvw_f3_set(x, UVW_AH, jset[i], c ? c : 1 + (uvw_r8(&drng_algorithm) & 1));
        }
        /* A y = s1' - H x, with x zero on co; y = U^-1 F (s1' - H x) */
        memset(b, 0, 2 * AX * sizeof *b);
        for (r = 0; r < UVW_RX; r++) {
            unsigned v = uvw_f3_get(s1p, AX, r) + 3 - uvw_f3_dot(h->row[r], UVW_AH, x, UVW_AH, 0, UVW_AH);
            uvw_f3_set(b, AX, r, v % 3);
        }
        memset(z, 0, 2 * AX * sizeof *z);
        for (r = 0; r < UVW_RX; r++)
            uvw_f3_set(z, AX, r, uvw_f3_dot(w->row[r] + AX, w->st, b, AX, 0, AX));
        uvw_back_substitute(w, UVW_RX, z, y);
        memcpy(e1, x, 2 * UVW_AH * sizeof *e1);
        for (i = 0; i < UVW_RX; i++)
            uvw_f3_set(e1, UVW_AH, cols[i], uvw_f3_get(y, AX, i));

        memcpy(sum, e1, 2 * UVW_AH * sizeof *sum);
        uvw_f3_row_add(sum, e2, UVW_AH, 0, UVW_AH);
        if (uvw_f3_weight(e1, UVW_AH, UVW_AH) + uvw_f3_weight(sum, UVW_AH, UVW_AH) == UVW_W)
            return 0;
    }
    return -1;
}

static void signer_free(signer *g)
{
    uvw_secret_free(&g->sec);
    uvw_mat_free(&g->work);
    free(g->cols);
    free(g->desc);
    free(g->v);
}

static int signer_alloc(signer *g)
{
    size_t wrows = UVW_RZ > UVW_RX ? UVW_RZ : UVW_RX;
#ifndef UVW_NAIVE
    size_t wst = AZ + 1 > 2 * AX ? AZ + 1 : 2 * AX;
#else
    size_t wst = 2 * AZ > 2 * AX ? 2 * AZ : 2 * AX;
#endif
    memset(g, 0, sizeof *g);
    if (uvw_secret_alloc(&g->sec))
        return -1;
    g->cols = malloc(UVW_H * sizeof *g->cols);
    g->desc = malloc(UVW_H * sizeof *g->desc);
    g->v = calloc((size_t)NVEC * VEC, sizeof *g->v);
    if (!g->cols || !g->desc || !g->v || uvw_mat_alloc(&g->work, wrows, wst)) {
        signer_free(g);
        return -1;
    }
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m,
             unsigned long long m_len_bytes, unsigned char *sn, unsigned long long *sn_len_bytes)
{
    signer g;
    uint16_t nu[4];
    unsigned char salt[UVW_SALTBYTES];
    f3word *s, *sigma, *e2, *e1, *u, *e;
    size_t i, r;
    int rc, k;

    if (sk_len_bytes != UVW_SKBYTES || !sk || !sn || !sn_len_bytes || (!m && m_len_bytes))
        return -1;
    for (k = 0; k < 4; k++)
        nu[k] = (uint16_t)(sk[UVW_SEEDBYTES + 2 * k] << 8 | sk[UVW_SEEDBYTES + 2 * k + 1]);
    if (signer_alloc(&g))
        return -2;
    s = vec(&g, V_S);
    sigma = vec(&g, V_SIGMA);
    e2 = vec(&g, V_E2);
    e1 = vec(&g, V_E1);

    /* rebuild (local DRNGs only) */
    uvw_expand_matrix(&g.sec.hx, sk, nu[0], UVW_RX, UVW_H);
    uvw_expand_matrix(&g.sec.hy, sk, nu[1], UVW_RX, UVW_H);
    uvw_expand_matrix(&g.sec.hz, sk, nu[2], UVW_RZ, UVW_H);
    uvw_expand_monomial(g.sec.d, g.sec.p, sk, nu[3]);

    get_random_number(&drng_algorithm, salt, UVW_LAMBDA);
    rc = uvw_hash_to_trits(s, m, m_len_bytes, salt);
    if (rc)
        goto done;
    secret_syndrome(&g, s, sigma);

    /* s2 = sigma[RX .. M) for DecZ, then s1' = s1 - H_Y e2 for DecXY */
    {
        f3word *s2 = vec(&g, V_B), *s1p = vec(&g, V_S);
        memset(s2, 0, 2 * AZ * sizeof *s2);
        for (r = 0; r < UVW_RZ; r++)
            uvw_f3_set(s2, AZ, r, uvw_f3_get(sigma, AM, UVW_RX + r));
        rc = dec_z(&g, s2, e2);
        if (rc)
            goto done;
        memset(s1p, 0, 2 * AX * sizeof *s1p);
        for (r = 0; r < UVW_RX; r++) {
            unsigned t = uvw_f3_get(sigma, AM, r) + 3 - uvw_f3_dot(g.sec.hy.row[r], UVW_AH, e2, UVW_AH, 0, UVW_AH);
            uvw_f3_set(s1p, AX, r, t % 3);
        }
        for (r = 0; r < UVW_RX; r++) /* H = H_X + H_Y, in place of H_X */
            uvw_f3_row_add(g.sec.hx.row[r], g.sec.hy.row[r], UVW_AH, 0, UVW_AH);
        rc = dec_xy(&g, &g.sec.hx, s1p, e2, e1);
        if (rc)
            goto done;
    }

    /* u = (e1 || e1 + e2), fe = u D, e = fe[m .. n) (6.1 step 10) */
    u = vec(&g, V_T);
    memcpy(u, e1, 2 * UVW_AH * sizeof *u);
    uvw_f3_row_add(u, e2, UVW_AH, 0, UVW_AH); /* right half of u */
    e = vec(&g, V_Y);
    memset(e, 0, 2 * UVW_AK * sizeof *e);
    for (i = 0; i < UVW_N; i++) {
        if (g.sec.p[i] >= UVW_M) {
            unsigned t = i < UVW_H ? uvw_f3_get(e1, UVW_AH, i) : uvw_f3_get(u, UVW_AH, i - UVW_H);
            if (t && g.sec.d[i] == 2)
                t = 3 - t;
            uvw_f3_set(e, UVW_AK, g.sec.p[i] - UVW_M, t);
        }
    }
    uvw_put_header(sn);
    memcpy(sn + UVW_HEADERBYTES, salt, UVW_SALTBYTES);
    uvw_encode_vec(sn + UVW_HEADERBYTES + UVW_SALTBYTES, e, UVW_AK, UVW_K);
    *sn_len_bytes = UVW_SNBYTES;
done:
    signer_free(&g);
    return rc;
}
