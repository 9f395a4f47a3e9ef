/* keygen.c - sig_keygen (spec section 5) on tiled matrices: ref's keygen.c
 * step for step (the same draws, checks and retries; see its comments),
 * with the eliminations of tiled.c and H_sk's columns gathered 64 rows at a
 * time (uvw_tgather). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "uvw-opt.h"

#define SH UVW_STRIPES(UVW_AH) /* stripes of H1 (m = h columns) */
#define SK UVW_STRIPES(UVW_AK) /* stripes of R0 and R */

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

/* Steps 2-4 (ref: first on rows + 64 columns, the full width only if that
 * is short of full rank). */
static int full_rank_nonce(uvw_mat *h, uvw_tmat *t, const unsigned char *seed, uint16_t *nu, size_t rows)
{
    int tries;
    for (tries = 0; tries < UVW_MAX_TRIES; tries++) {
        long rank;
        *nu = uvw_r16(&drng_algorithm);
        uvw_expand_matrix(h, seed, *nu, rows, UVW_H);
        rank = rank_of_left(h, t, rows, rows + 64 < UVW_H ? rows + 64 : UVW_H);
        if (rank >= 0 && (size_t)rank < rows)
            rank = rank_of_left(h, t, rows, UVW_H);
        if (rank < 0)
            return -2;
        if ((size_t)rank == rows)
            return 0;
    }
    return -1;
}

/* Step 6 for one D: 1 if H1 is invertible, with work then [I | R] (R from
 * stripe SH on), 0 if H1 is singular, -2 without memory. */
static int systematic_form(uvw_tmat *work, const uvw_secret *s, const uint32_t *desc)
{
    uvw_rowsrc src;
    long rank;
    src.top_l = &s->hx;
    src.top_r = &s->hy;
    src.bot = &s->hz;
    src.ntop = UVW_RX;
    src.nbot = UVW_RZ;
    src.sst = UVW_AH;
    uvw_tmat_shape(work, UVW_M, SH);
    if (uvw_tgather(work, 0, desc, UVW_M, &src))
        return -2;
    rank = uvw_techelon(work, UVW_M, SH, 0, NULL);
    if (rank < 0)
        return -2;
    if ((size_t)rank < UVW_M)
        return 0;
    uvw_tmat_shape(work, UVW_M, SH + SK);
    if (uvw_tgather(work, 0, desc, UVW_M, &src) || uvw_tgather(work, SH, desc + UVW_M, UVW_K, &src))
        return -2;
    rank = uvw_techelon(work, UVW_M, SH + SK, UVW_ECH_FULL, NULL);
    if (rank < 0)
        return -2;
    return (size_t)rank == UVW_M; /* always, H1 being invertible */
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    unsigned char seed[UVW_SEEDBYTES];
    uint16_t nu[4]; /* nu_x, nu_y, nu_z, nu_d */
    uvw_secret s;
    uvw_tmat work;
    uint32_t *desc = NULL;
    int rc = -2, tries, i;
    size_t r, w;

    if (!pk || !pk_len_bytes || !sk || !sk_len_bytes)
        return -1;
    get_random_number(&drng_algorithm, seed, 8 * UVW_SEEDBYTES);
    if (uvw_secret_alloc(&s))
        return -2;
    desc = malloc(UVW_N * sizeof *desc);
    if (!desc || uvw_tmat_alloc(&work, UVW_M, SH + SK)) {
        free(desc);
        uvw_secret_free(&s);
        return -2;
    }
    if ((rc = full_rank_nonce(&s.hx, &work, seed, &nu[0], UVW_RX)) != 0 ||
        (rc = full_rank_nonce(&s.hy, &work, seed, &nu[1], UVW_RX)) != 0 ||
        (rc = full_rank_nonce(&s.hz, &work, seed, &nu[2], UVW_RZ)) != 0)
        goto done;

    rc = -1;
    for (tries = 0; tries < UVW_MAX_TRIES; tries++) {
        int ok;
        nu[3] = uvw_r16(&drng_algorithm);
        uvw_expand_monomial(s.d, s.p, seed, nu[3]);
        uvw_hsk_describe(&s, desc, UVW_N);
        ok = systematic_form(&work, &s, desc);
        if (ok < 0) {
            rc = -2;
            goto done;
        }
        if (ok) {
            rc = 0;
            break;
        } /* else H1 singular: next nu_d */
    }
    if (rc != 0) {
        if (tries == UVW_MAX_TRIES)
            fprintf(stderr, "ERROR: Failed after %d D-matrix retries\n", UVW_MAX_TRIES);
        goto done;
    }

    /* pk = header || per row of R: "nonzero" plane, "is two" plane (step 7) */
    uvw_put_header(pk);
    for (r = 0; r < UVW_M; r++) {
        unsigned char *out = pk + UVW_HEADERBYTES + r * UVW_AK * 16;
        for (w = 0; w < UVW_AK; w++) {
            f3word x1 = *uvw_tword(&work, r, SH * UVW_TW + w, 0), x2 = *uvw_tword(&work, r, SH * UVW_TW + w, 1);
            uvw_store_le64(out + 8 * w, x1 | x2);
            uvw_store_le64(out + 8 * (UVW_AK + w), x2);
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
    free(desc);
    uvw_tmat_free(&work);
    uvw_secret_free(&s);
    return rc;
}
