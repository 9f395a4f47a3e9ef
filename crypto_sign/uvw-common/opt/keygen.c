/* keygen.c - sig_keygen (spec section 5) on tiled matrices: ref's keygen.c
 * step for step (the same draws, checks and retries; see its comments),
 * with the eliminations of tiled.c (H1 eliminated once: see
 * systematic_form) and H_sk's columns gathered 64 rows at a time
 * (uvw_tgather). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "uvw-opt.h"

#define SH UVW_STRIPES(UVW_AH) /* stripes of H1 (m = h columns) */
#define SK UVW_STRIPES(UVW_AK) /* stripes of R0 and R */

/* ref's uvw_store_le64, inlined here (the public key is 6 to 95 MB of it) */
static inline void store_le64(unsigned char *p, uint64_t x)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        p[i] = (unsigned char)(x >> (8 * i));
}

#define PAD64(r) (((size_t)(r) + 63) & ~(size_t)63)

/* ref's uvw_secret_alloc, with the rows of H_X, H_Y, H_Z padded to a
 * multiple of 64 (zero rows), for uvw_mat_to_columns. */
static int secret_alloc(uvw_secret *s)
{
    memset(s, 0, sizeof *s);
    s->d = malloc(UVW_N);
    s->p = malloc(UVW_N * sizeof *s->p);
    if (!s->d || !s->p || uvw_mat_alloc(&s->hx, PAD64(UVW_RX), UVW_AH) ||
        uvw_mat_alloc(&s->hy, PAD64(UVW_RX), UVW_AH) || uvw_mat_alloc(&s->hz, PAD64(UVW_RZ), UVW_AH)) {
        uvw_secret_free(s);
        return -1;
    }
    return 0;
}

/* Rank of the rows x cols matrix made of the first cols columns of h. */
static long rank_of_left(const uvw_mat *h, uvw_tmat *t, size_t rows, size_t cols)
{
    size_t nw = UVW_WORDS(cols), r, w;
    uvw_tmat_shape(t, rows, UVW_STRIPES(nw));
    for (r = 0; r < rows; r++)
        for (w = 0; w < nw; w++) {
            *uvw_tword(t, r, w, 0) = h->row[r][w];
            *uvw_tword(t, r, w, 1) = h->row[r][h->st + w];
        }
    return uvw_techelon(t, cols, UVW_STRIPES(nw), UVW_ECH_SKIP, NULL);
}

/* ref's rank test of steps 2-4: 1 if the rows x UVW_H matrix h has full
 * row rank (first on rows + 64 columns, the full width only if that is
 * short of full rank), 0 if not, -2 without memory. */
static int full_rank(const uvw_mat *h, uvw_tmat *t, size_t rows)
{
    long rank = rank_of_left(h, t, rows, rows + 64 < UVW_H ? rows + 64 : UVW_H);
    if (rank >= 0 && (size_t)rank < rows)
        rank = rank_of_left(h, t, rows, UVW_H);
    if (rank < 0)
        return -2;
    return (size_t)rank == rows;
}

/* Steps 2-3: nonces until the expanded matrix has full row rank. */
static int full_rank_nonce(uvw_mat *h, uvw_tmat *t, const unsigned char *seed, uint16_t *nu, size_t rows)
{
    int tries;
    for (tries = 0; tries < UVW_MAX_TRIES; tries++) {
        int ok;
        *nu = uvw_r16(&drng_algorithm);
        uvw_expand_matrix(h, seed, *nu, rows, UVW_H);
        if ((ok = full_rank(h, t, rows)) != 0)
            return ok < 0 ? -2 : 0;
    }
    return -1;
}

/* The columns of H_sk = H_left D as eliminated. H1 (the first m) is
 * invertible, and R = H1^-1 H2, whatever invertible column operations T are
 * made on H1, if R is then taken as T R' (R' from H1 T). For each j whose
 * two columns of H_left both go to H1 (at pl = p_j and pr = p_{h+j}, times
 * sl = d_j and sr = d_{h+j}), column pl plus c = sl sr times column pr is
 * sl (H_X + H_Y)_j over zero (the lower rows of H_left are [-H_Z | H_Z]), so
 * R[pr] = R'[pr] + c R'[pl]. These columns (a quarter of H1) are eliminated
 * first, where the lower r_z rows are zero and the elimination leaves them
 * out (uvw_elog zrows, zcols); the other columns of H1 follow in order, then
 * R0's. */
typedef struct {
    uint32_t *desc;  /* uvw_tgather descriptors: n columns */
    uint32_t *perm;  /* eliminated column i of H1 is column perm[i] of H_sk */
    uint32_t *inv;   /* the inverse of perm */
    uint32_t *pair;  /* (pl, pr, c) for each j above */
    size_t npair;
} plan;

static void make_plan(plan *pl, const uvw_secret *s)
{
    uint32_t *std = pl->inv; /* first: the descriptor of each column of H_sk */
    size_t i, c, n = 0;
    for (i = 0; i < UVW_N; i++) {
        uint32_t side = i >= UVW_H, j = (uint32_t)(side ? i - UVW_H : i);
        if (s->p[i] < UVW_M)
            std[s->p[i]] = j << 3 | side << 1 | (uint32_t)(s->d[i] == 2);
        else
            pl->desc[s->p[i]] = j << 3 | side << 1 | (uint32_t)(s->d[i] == 2);
    }
    pl->npair = 0;
    for (i = 0; i < UVW_H; i++) {
        uint32_t l = s->p[i], r = s->p[UVW_H + i];
        if (l < UVW_M && r < UVW_M) {
            pl->desc[n] = (uint32_t)i << 3 | 4 | (uint32_t)(s->d[i] == 2);
            pl->perm[n++] = l;
            pl->pair[3 * pl->npair] = l;
            pl->pair[3 * pl->npair + 1] = r;
            pl->pair[3 * pl->npair + 2] = (uint32_t)(s->d[i] * s->d[UVW_H + i] % 3);
            pl->npair++;
            std[l] |= 0x80000000u; /* taken */
        }
    }
    for (c = 0; c < UVW_M; c++)
        if (!(std[c] & 0x80000000u)) {
            pl->desc[n] = std[c];
            pl->perm[n++] = (uint32_t)c;
        }
    for (i = 0; i < UVW_M; i++)
        pl->inv[pl->perm[i]] = (uint32_t)i;
}

/* Step 6 for one D: 1 if H1 is invertible, with R' (see make_plan) in
 * stripes 0..SK-1 of work, 0 if H1 is singular, -2 without memory. Only H1 is
 * eliminated at first (all that a singular attempt costs); if it is
 * invertible, the record of that elimination is repeated on R0 (replay)
 * and the pivot columns are cleared above the pivots (backward): H1 is
 * eliminated once, where ref eliminates [H1 | R0] again from the start. */
static int systematic_form(uvw_tmat *work, const uvw_secret *s, const plan *pl, uvw_elog *log)
{
    uvw_bwd bw;
    long rank;
    int rc;
    uvw_tmat_view(work, UVW_M, SH); /* the gathers write every word */
    if (uvw_tgather_cols(work, 0, pl->desc, UVW_M, &s->hx, &s->hy, &s->hz, UVW_RX, UVW_RZ))
        return -2;
    log->zcols = pl->npair;
    log->zrows = UVW_RX;
    rank = uvw_techelon_log(work, UVW_M, SH, 0, NULL, log);
    if (rank < 0)
        return -2;
    if ((size_t)rank < UVW_M)
        return 0;
    /* the backward pass's multipliers from H1's stripes, which then take
     * R0's columns (SK = SH: k = h = m) */
    if (uvw_tbackward_prepare(work, log, &bw))
        return -2;
    uvw_tmat_view(work, UVW_M, SK);
    rc = uvw_tgather_cols(work, 0, pl->desc + UVW_M, UVW_K, &s->hx, &s->hy, &s->hz, UVW_RX, UVW_RZ);
    if (!rc)
        rc = uvw_treplay(work, log, 0, SK);
    if (!rc)
        rc = uvw_tbackward_run(work, log, &bw, 0, SK);
    uvw_tbackward_free(&bw);
    if (rc)
        return -2;
    return 1;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    unsigned char seed[UVW_SEEDBYTES];
    uint16_t nu[4]; /* nu_x, nu_y, nu_z, nu_d */
    uvw_secret s;
    uvw_tmat work;
    uvw_elog log;
    plan pl;
    int rc = -2, tries, ztries, i;
    size_t r, w;

    if (!pk || !pk_len_bytes || !sk || !sk_len_bytes)
        return -1;
    get_random_number(&drng_algorithm, seed, 8 * UVW_SEEDBYTES);
    uvw_elog_init(&log);
    memset(&work, 0, sizeof work);
    if (secret_alloc(&s))
        return -2;
    pl.desc = malloc(UVW_N * sizeof *pl.desc);
    pl.perm = malloc(UVW_M * sizeof *pl.perm);
    pl.inv = malloc(UVW_M * sizeof *pl.inv);
    pl.pair = malloc(3 * UVW_H * sizeof *pl.pair);
    if (!pl.desc || !pl.perm || !pl.inv || !pl.pair || uvw_tmat_alloc(&work, UVW_M, SH > SK ? SH : SK))
        goto done;
    if ((rc = full_rank_nonce(&s.hx, &work, seed, &nu[0], UVW_RX)) != 0 ||
        (rc = full_rank_nonce(&s.hy, &work, seed, &nu[1], UVW_RX)) != 0)
        goto done;
    /* from here on, H_X, H_Y, H_Z are only read by uvw_tgather_cols */
    rc = -2;
    if (uvw_mat_to_columns(&s.hx, PAD64(UVW_RX)) || uvw_mat_to_columns(&s.hy, PAD64(UVW_RX)))
        goto done;

    /* Step 4 and the D loop (step 6). H_Z's rank test is put off: an
     * invertible H1 proves it (H_left D, hence H_left, then has m
     * independent rows, among them [-H_Z | H_Z], whose rank is H_Z's), and
     * a rank-deficient H_Z (probability about 3^-1600) makes every H1
     * singular. So the test is made only if all UVW_MAX_TRIES D fail; if it
     * fails then, the draws since nu_z are undone (ALG restored) and the
     * next nu_z is drawn, as ref does. */
    for (ztries = 0;;) {
        DRNG_ctx alg;
        int z;
        if (ztries == UVW_MAX_TRIES) {
            rc = -1; /* the last H_Z was rank-deficient */
            goto done;
        }
        ztries++;
        nu[2] = uvw_r16(&drng_algorithm);
        uvw_expand_matrix(&s.hz, seed, nu[2], UVW_RZ, UVW_H);
        if (uvw_mat_to_columns(&s.hz, PAD64(UVW_RZ))) {
            rc = -2;
            goto done;
        }
        alg = drng_algorithm;
        for (tries = 0; tries < UVW_MAX_TRIES; tries++) {
            int ok;
            nu[3] = uvw_r16(&drng_algorithm);
            uvw_expand_monomial(s.d, s.p, seed, nu[3]);
            make_plan(&pl, &s);
            ok = systematic_form(&work, &s, &pl, &log);
            if (ok < 0) {
                rc = -2;
                goto done;
            }
            if (ok)
                break; /* else H1 singular: next nu_d */
        }
        if (tries < UVW_MAX_TRIES)
            break;
        uvw_expand_matrix(&s.hz, seed, nu[2], UVW_RZ, UVW_H); /* rows again */
        if ((z = full_rank(&s.hz, &work, UVW_RZ)) < 0) {
            rc = -2;
            goto done;
        }
        if (z) { /* H_Z has full rank: every D failed */
            fprintf(stderr, "ERROR: Failed after %d D-matrix retries\n", UVW_MAX_TRIES);
            rc = -1;
            goto done;
        }
        drng_algorithm = alg; /* H_Z rank-deficient: the nu_d drawn were not drawn */
    }
    rc = 0;

    /* R from R' (make_plan), then pk = header || per row of R: "nonzero"
     * plane, "is two" plane (step 7) */
    for (r = 0; r < pl.npair; r++) {
        const uint32_t *q = pl.pair + 3 * r;
        uvw_kern_get()->tiles_sub(uvw_tile(&work, pl.inv[q[1]], 0), uvw_tile(&work, pl.inv[q[0]], 0), SK,
                                  UVW_M * UVW_TILE, 3 - q[2]);
    }
    uvw_put_header(pk);
    for (r = 0; r < UVW_M; r++) {
        unsigned char *out = pk + UVW_HEADERBYTES + (size_t)pl.perm[r] * UVW_AK * 16;
        for (w = 0; w < UVW_AK; w++) {
            f3word x1 = *uvw_tword(&work, r, w, 0), x2 = *uvw_tword(&work, r, w, 1);
            store_le64(out + 8 * w, x1 | x2);
            store_le64(out + 8 * (UVW_AK + w), x2);
        }
    }
    /* sk = seed || BE16 nonces (step 8) */
    memcpy(sk, seed, UVW_SEEDBYTES);
    for (i = 0; i < 4; i++) {
        sk[UVW_SEEDBYTES + 2 * i] = (unsigned char)(nu[i] >> 8);
        sk[UVW_SEEDBYTES + 2 * i + 1] = (unsigned char)nu[i];
    }
    *pk_len_bytes = UVW_PKBYTES;
    *sk_len_bytes = UVW_SKBYTES;
done:
    free(pl.desc);
    free(pl.perm);
    free(pl.inv);
    free(pl.pair);
    uvw_elog_free(&log);
    uvw_tmat_free(&work);
    uvw_secret_free(&s);
    return rc;
}
