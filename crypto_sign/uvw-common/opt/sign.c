/* sign.c - sig_sign (spec section 6) on tiled matrices: ref's sign.c step
 * for step (the same draws, the same solves; see its comments), with DecZ's
 * [A | b] and DecXY's [A | I] gathered 64 rows at a time into tiled
 * matrices and eliminated by tiled.c, the matrix-vector products on the
 * kernels' dot product, and the 8-bit draws of DecZ and of each DecXY
 * iteration made in one batch (uvw_drng_draws: the same draws). */
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "uvw-opt.h"

/* A safety net only (ref: the weight loop has no bound). */
#define UVW_MAX_WEIGHT_ITERATIONS 1000000L

#define AX UVW_WORDS(UVW_RX)
#define AZ UVW_WORDS(UVW_RZ)
#define AM UVW_WORDS(UVW_M)
#define SX UVW_STRIPES(AX)     /* stripes of DecXY's A, and of its I */
#define SZ UVW_STRIPES(AZ + 1) /* stripes of DecZ's [A | b] */

typedef struct {
    uvw_secret sec;
    uvw_tmat work;   /* DecZ: [A | b], RZ rows; DecXY: [A | I], RX rows */
    uint32_t *cols;  /* a column shuffle of 0..h-1 */
    uint32_t *desc;  /* gather descriptors */
    unsigned char *draw; /* a batch of 8-bit draws */
    f3word *v;       /* scratch vectors, VEC words each */
} signer;

#define VEC (2 * UVW_AN)
enum { V_S, V_SIGMA, V_SP, V_E2, V_E1, V_X, V_B, V_Z, V_Y, V_T, NVEC };

static f3word *vec(signer *g, int i)
{
    return g->v + (size_t)i * VEC;
}

/* a . b over nw words (planes sa and sb words apart) */
static unsigned dot(const f3word *a, size_t sa, const f3word *b, size_t sb, size_t nw)
{
    size_t ones, twos;
    uvw_kern_get()->dot(a, a + sa, b, b + sb, nw, &ones, &twos);
    return (unsigned)((ones + 2 * twos) % 3);
}

/* out = t - M x for the rows of M (h columns; t, out: A(rows) words per plane) */
static void residual(f3word *out, const f3word *t, const uvw_mat *m, size_t rows, const f3word *x)
{
    size_t ar = UVW_WORDS(rows), r;
    memset(out, 0, 2 * ar * sizeof *out);
    for (r = 0; r < rows; r++)
        uvw_f3_set(out, ar, r, (uvw_f3_get(t, ar, r) + 3 - dot(m->row[r], m->st, x, UVW_AH, UVW_AH)) % 3);
}

/* sigma = H1 * s = H_left * s' with s'_i = d_i * s_{p_i} where p_i < m */
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
        unsigned t = dot(sec->hx.row[r], UVW_AH, left, UVW_AH, UVW_AH) + dot(sec->hy.row[r], UVW_AH, right, UVW_AH, UVW_AH);
        uvw_f3_set(sigma, AM, r, t % 3);
    }
    for (r = 0; r < UVW_RZ; r++)
        uvw_f3_set(sigma, AM, UVW_RX + r, dot(sec->hz.row[r], UVW_AH, diff, UVW_AH, UVW_AH));
}

/* Columns cols[0..rows) of the rows x h matrix m into the first stripes of
 * g->work (rows rows; the stripes after them zero, nst in all). */
static int gather_plain(signer *g, const uvw_mat *m, size_t rows, size_t nst)
{
    uvw_rowsrc src;
    size_t i;
    for (i = 0; i < rows; i++)
        g->desc[i] = g->cols[i] << 3;
    src.top_l = src.top_r = m;
    src.bot = NULL;
    src.ntop = rows;
    src.nbot = 0;
    src.sst = UVW_AH;
    uvw_tmat_shape(&g->work, rows, nst);
    return uvw_tgather(&g->work, 0, g->desc, rows, &src);
}

/* DecZ (6.3): e2 with H_Z e2 = s2, t random entries fixed on J. */
static int dec_z(signer *g, const f3word *s2, f3word *e2)
{
    const uvw_mat *hz = &g->sec.hz;
    uvw_tmat *w = &g->work;
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
        uvw_drng_draws(&drng_algorithm, g->draw, 1, t);
        for (i = 0; i < t; i++)
            uvw_f3_set(x, UVW_AH, jset[i], 1u + (g->draw[i] & 1u));

        /* [A | b] with A = H_Z[:, co], b = s2 - H_Z x in column 64 AZ */
        residual(b, s2, hz, UVW_RZ, x);
        if (gather_plain(g, hz, UVW_RZ, SZ))
            return -2;
        for (r = 0; r < UVW_RZ; r++) {
            unsigned v = uvw_f3_get(b, AZ, r);
            if (v)
                *uvw_tword(w, r, AZ, v - 1) = 1;
        }
        rank = uvw_techelon(w, UVW_RZ, SZ, 0, NULL);
        if (rank < 0)
            return -2;
        if ((size_t)rank == UVW_RZ)
            break; /* otherwise singular: a new attempt with all new draws */
    }
    memset(z, 0, 2 * AZ * sizeof *z);
    for (r = 0; r < UVW_RZ; r++)
        uvw_f3_set(z, AZ, r, uvw_tget(w, r, 64 * AZ));
    uvw_tback_substitute(w, UVW_RZ, z, y);
    memcpy(e2, x, 2 * UVW_AH * sizeof *e2);
    for (i = 0; i < UVW_RZ; i++)
        uvw_f3_set(e2, UVW_AH, cols[i], uvw_f3_get(y, AZ, i));
    return 0;
}

/* DecXY (6.4): e1 with H e1 = s1' (H = H_X + H_Y) and weight(e1) +
 * weight(e1 + e2) = w; the information set is drawn once. */
static int dec_xy(signer *g, const uvw_mat *h, const f3word *s1p, const f3word *e2, f3word *e1)
{
    uvw_tmat *w = &g->work;
    uint32_t *cols = g->cols, *jset = g->cols + UVW_RX;
    f3word *x = vec(g, V_X), *b = vec(g, V_B), *z = vec(g, V_Z), *y = vec(g, V_Y), *sum = vec(g, V_T);
    size_t i, r, nzero = 0;
    long iter;

    for (;;) {
        long rank;
        for (i = 0; i < UVW_H; i++)
            cols[i] = (uint32_t)i;
        uvw_shuffle(&drng_algorithm, cols, UVW_H, UVW_RX);
        /* [A | I]: the forward elimination leaves [U | F], F A = U */
        if (gather_plain(g, h, UVW_RX, 2 * SX))
            return -2;
        for (r = 0; r < UVW_RX; r++)
            *uvw_tword(w, r, SX * UVW_TW + r / 64, 0) = (f3word)1 << (r % 64);
        rank = uvw_techelon(w, UVW_RX, 2 * SX, 0, NULL);
        if (rank < 0)
            return -2;
        if ((size_t)rank == UVW_RX)
            break;
    }
    /* every iteration draws where e2 is 0 on J: as many draws each time */
    for (i = 0; i < UVW_K1; i++)
        nzero += uvw_f3_get(e2, UVW_AH, jset[i]) == 0;
    for (iter = 0; iter < UVW_MAX_WEIGHT_ITERATIONS; iter++) {
        size_t d = 0;
        uvw_drng_draws(&drng_algorithm, g->draw, 1, nzero);
        memset(x, 0, 2 * UVW_AH * sizeof *x);
        for (i = 0; i < UVW_K1; i++) {
            unsigned c = uvw_f3_get(e2, UVW_AH, jset[i]);
            uvw_f3_set(x, UVW_AH, jset[i], c ? c : 1u + (g->draw[d++] & 1u));
        }
        /* A y = s1' - H x, with x zero on co; y = U^-1 F (s1' - H x) */
        residual(b, s1p, h, UVW_RX, x);
        memset(z, 0, 2 * AX * sizeof *z);
        for (r = 0; r < UVW_RX; r++)
            uvw_f3_set(z, AX, r, uvw_tdot(w, r, SX * UVW_TW, SX * UVW_TW + AX, b, AX));
        uvw_tback_substitute(w, UVW_RX, z, y);
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
    uvw_tmat_free(&g->work);
    free(g->cols);
    free(g->desc);
    free(g->draw);
    free(g->v);
}

static int signer_alloc(signer *g)
{
    size_t tz = (size_t)UVW_RZ * SZ, tx = (size_t)UVW_RX * 2 * SX;
    memset(g, 0, sizeof *g);
    if (uvw_secret_alloc(&g->sec))
        return -1;
    g->cols = malloc(UVW_H * sizeof *g->cols);
    g->desc = malloc(UVW_H * sizeof *g->desc);
    g->draw = malloc(UVW_H);
    g->v = calloc((size_t)NVEC * VEC, sizeof *g->v);
    if (!g->cols || !g->desc || !g->draw || !g->v || uvw_tmat_alloc(&g->work, 1, tz > tx ? tz : tx)) {
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
        f3word *s2 = vec(&g, V_B), *s1 = vec(&g, V_S), *s1p = vec(&g, V_SP);
        memset(s2, 0, 2 * AZ * sizeof *s2);
        for (r = 0; r < UVW_RZ; r++)
            uvw_f3_set(s2, AZ, r, uvw_f3_get(sigma, AM, UVW_RX + r));
        rc = dec_z(&g, s2, e2);
        if (rc)
            goto done;
        memset(s1, 0, 2 * AX * sizeof *s1);
        for (r = 0; r < UVW_RX; r++)
            uvw_f3_set(s1, AX, r, uvw_f3_get(sigma, AM, r));
        residual(s1p, s1, &g.sec.hy, UVW_RX, e2);
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
