/* keygen.c - sig_keygen (spec section 5): seed and nonces from the
 * algorithm DRNG, full-rank H_X, H_Y, H_Z, then monomial matrices D until
 * the left m x m block H1 of H_sk = H_left * D is invertible; the public key
 * is R with [I | R] the systematic form of H_sk.
 *
 * The outputs are the reference's, with far less work (spec section 11):
 * H_X, H_Y, H_Z are expanded once, not once per D attempt; each attempt
 * first only tests H1 (a forward elimination of an m x m matrix, which is
 * all a singular attempt costs), and only the accepted one reduces [H1 | R0]
 * to [I | R] - one elimination instead of inverting H1 and multiplying. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "uvw.h"

/* Rank of the rows x cols matrix made of the first cols columns of h. */
static long rank_of_left(const uvw_mat *h, uvw_mat *work, size_t rows, size_t cols)
{
    size_t r, nw = UVW_WORDS(cols);
    uvw_mat_reshape(work, rows, h->st);
    for (r = 0; r < rows; r++) {
        memcpy(work->row[r], h->row[r], nw * sizeof(f3word));
        memcpy(work->row[r] + h->st, h->row[r] + h->st, nw * sizeof(f3word));
    }
    return uvw_echelon(work, rows, cols, nw, UVW_ECH_SKIP, NULL);
}

/* Steps 2-4: nonces until the expanded matrix has full row rank. A random
 * matrix almost surely has it already on its first rows + 64 columns, which
 * is much less work to check; only if that fails is the whole width needed. */
static int full_rank_nonce(uvw_mat *h, uvw_mat *work, const unsigned char *seed, uint16_t *nu,
                           size_t rows)
{
    int tries;
    for (tries = 0; tries < UVW_MAX_TRIES; tries++) {
        long rank;
        *nu = uvw_r16(&drng_algorithm);
        uvw_expand_matrix(h, seed, *nu, rows, UVW_H);
        rank = rank_of_left(h, work, rows, rows + 64 < UVW_H ? rows + 64 : UVW_H);
        if (rank >= 0 && (size_t)rank < rows)
            rank = rank_of_left(h, work, rows, UVW_H);
        if (rank < 0)
            return -2;
        if ((size_t)rank == rows)
            return 0;
    }
    return -1;
}

/* Columns [0, m) of H_sk into words [0, A(m)) of work's rows and, if
 * with_r0, columns [m, n) into the words from A(m) on (the layout keeps R
 * word-aligned for encoding). */
static void build_hsk(uvw_mat *work, const uvw_secret *s, const uint32_t *desc, int with_r0)
{
    size_t r;
    for (r = 0; r < UVW_M; r++) {
        const f3word *left, *right;
        unsigned neg;
        uvw_hleft_row(s, r, &left, &right, &neg);
        uvw_gather(work->row[r], work->st, desc, UVW_M, left, right, UVW_AH, neg);
        if (with_r0)
            uvw_gather(work->row[r] + UVW_AH, work->st, desc + UVW_M, UVW_K, left, right, UVW_AH, neg);
    }
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    unsigned char seed[UVW_SEEDBYTES];
    uint16_t nu[4]; /* nu_x, nu_y, nu_z, nu_d */
    uvw_secret s;
    uvw_mat work;
    uint32_t *desc = NULL;
    int rc = -2, tries, i;
    size_t r;

    get_random_number(&drng_algorithm, seed, 8 * UVW_SEEDBYTES);
    if (uvw_secret_alloc(&s))
        return -2;
    desc = malloc(UVW_N * sizeof *desc);
    if (!desc || uvw_mat_alloc(&work, UVW_M, UVW_AH + UVW_AK)) {
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
        long rank;
        nu[3] = uvw_r16(&drng_algorithm);
        uvw_expand_monomial(s.d, s.p, seed, nu[3]);
        uvw_hsk_describe(&s, desc, UVW_N);

        uvw_mat_reshape(&work, UVW_M, UVW_AH);
        build_hsk(&work, &s, desc, 0);
        rank = uvw_echelon(&work, UVW_M, UVW_M, UVW_AH, 0, NULL);
        if (rank < 0) {
            rc = -2;
            goto done;
        }
        if ((size_t)rank < UVW_M)
            continue; /* H1 singular: next nu_d */

        uvw_mat_reshape(&work, UVW_M, UVW_AH + UVW_AK);
        build_hsk(&work, &s, desc, 1);
        rank = uvw_echelon(&work, UVW_M, UVW_M, UVW_AH + UVW_AK, UVW_ECH_FULL, NULL);
        if (rank < 0)
            rc = -2;
        else if ((size_t)rank == UVW_M)
            rc = 0;
        break;
    }
    if (rc != 0) {
        if (tries == UVW_MAX_TRIES)
            fprintf(stderr, "ERROR: Failed after %d D-matrix retries\n", UVW_MAX_TRIES);
        goto done;
    }

    /* pk = header || per row of R: "nonzero" plane, "is two" plane (step 7) */
    uvw_put_header(pk);
    for (r = 0; r < UVW_M; r++)
        uvw_encode_vec(pk + UVW_HEADERBYTES + r * UVW_AK * 16, work.row[r] + UVW_AH, work.st, UVW_K);
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
    uvw_mat_free(&work);
    uvw_secret_free(&s);
    return rc;
}
