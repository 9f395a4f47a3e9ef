/* secret.c - the secret matrices and what keygen and sign build from them:
 * H_left = [H_X | H_Y ; -H_Z | H_Z] (spec section 5 step 5) is never stored;
 * its rows are read from H_X, H_Y, H_Z, and the columns of H_sk = H_left * D
 * are gathered from them directly. */
#include <stdlib.h>
#include <string.h>

#include "uvw.h"

int uvw_secret_alloc(uvw_secret *s)
{
    memset(s, 0, sizeof *s);
    s->d = malloc(UVW_N);
    s->p = malloc(UVW_N * sizeof *s->p);
    if (!s->d || !s->p || uvw_mat_alloc(&s->hx, UVW_RX, UVW_AH) || uvw_mat_alloc(&s->hy, UVW_RX, UVW_AH) ||
        uvw_mat_alloc(&s->hz, UVW_RZ, UVW_AH)) {
        uvw_secret_free(s);
        return -1;
    }
    return 0;
}

void uvw_secret_free(uvw_secret *s)
{
    uvw_mat_free(&s->hx);
    uvw_mat_free(&s->hy);
    uvw_mat_free(&s->hz);
    free(s->d);
    free(s->p);
    s->d = NULL;
    s->p = NULL;
}

/* D moves column i of H_left to column p[i], times d[i]. For each target
 * column c < ncols, desc[c] says where it comes from: bit 0 = multiply by 2,
 * bit 1 = right half (H_Y / H_Z) rather than left (H_X / -H_Z), bits 2.. =
 * the column within that half. */
void uvw_hsk_describe(const uvw_secret *s, uint32_t *desc, size_t ncols)
{
    size_t i;
    for (i = 0; i < UVW_N; i++) {
        if (s->p[i] < ncols) {
            uint32_t half = i >= UVW_H, c = (uint32_t)(half ? i - UVW_H : i);
            desc[s->p[i]] = (c << 2) | (half << 1) | (uint32_t)(s->d[i] == 2);
        }
    }
}

/* Columns desc[0..cnt) of H_left row (left, right; left negated if neg) into
 * words [0, A(cnt)) of out's planes (stride ost). */
void uvw_gather(f3word *out, size_t ost, const uint32_t *desc, size_t cnt, const f3word *left,
                const f3word *right, size_t sst, unsigned neg)
{
    const f3word *half[2];
    size_t q;
    half[0] = left;
    half[1] = right;
    for (q = 0; 64 * q < cnt; q++) {
        f3word o1 = 0, o2 = 0;
        size_t b, nb = cnt - 64 * q < 64 ? cnt - 64 * q : 64;
        const uint32_t *dq = desc + 64 * q;
        for (b = 0; b < nb; b++) {
            uint32_t e = dq[b], c = e >> 2, side = (e >> 1) & 1;
            const f3word *src = half[side];
            f3word b1 = (src[c >> 6] >> (c & 63)) & 1, b2 = (src[sst + (c >> 6)] >> (c & 63)) & 1;
            /* multiply by 2 = swap the planes; the left half of the lower rows is negated */
            f3word flip = (f3word)0 - (f3word)((e ^ (neg & (side ^ 1))) & 1), x = (b1 ^ b2) & flip;
            o1 |= (b1 ^ x) << b;
            o2 |= (b2 ^ x) << b;
        }
        out[q] = o1;
        out[ost + q] = o2;
    }
}

void uvw_hleft_row(const uvw_secret *s, size_t r, const f3word **left, const f3word **right, unsigned *neg)
{
    if (r < UVW_RX) {
        *left = s->hx.row[r];
        *right = s->hy.row[r];
        *neg = 0;
    } else {
        *left = s->hz.row[r - UVW_RX];
        *right = s->hz.row[r - UVW_RX];
        *neg = 1;
    }
}
