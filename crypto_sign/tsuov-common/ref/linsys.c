/* linsys.c - the square system A x = y over F_31 of §6 (steps 5, 7 and 8).
 * A is brought to row echelon form once per signature; every salt attempt
 * then only replays the recorded row operations on its y (the LAPACK
 * getrf/getrs scheme: full-row swaps, multipliers kept below the pivots).
 * What fixes the output bytes (§6.1): pivots are the greedy-from-the-left
 * column basis, y must lie in the column space, and the free columns take
 * r_0, r_1, ... in descending column order. */
#include <string.h>

#include "tsuov.h"

typedef char tsuov_m2_fits_uint8[TSUOV_M2 <= 256 ? 1 : -1];

static const uint8_t inv31[TSUOV_Q] = {0,  1,  16, 21, 8,  25, 26, 9,  4,  7,  28, 17, 13, 12, 20, 29,
                                       2,  11, 19, 18, 14, 3,  24, 27, 22, 5,  6,  23, 10, 15, 30};

/* row_r += f row_s on the columns right of c. Columns left of c hold
 * multipliers of earlier steps in both rows, so the block holding c is done
 * element by element and only the whole blocks after it in one go. */
static void row_update(uint8_t *restrict row_r, const uint8_t *restrict row_s, size_t c, uint32_t f)
{
    size_t j, blk, first = c / 16 + 1;

    for (j = c + 1; j < 16 * first && j < TSUOV_M2P; j++)
        row_r[j] = tsuov_mod(row_r[j] + f * row_s[j]);
    for (blk = first; blk < TSUOV_M2P / 16; blk++) {
        uint8_t *restrict pr = row_r + 16 * blk;
        const uint8_t *restrict ps = row_s + 16 * blk;
        for (j = 0; j < 16; j++)
            pr[j] = (uint8_t)((uint16_t)(pr[j] + (uint16_t)f * ps[j]) % TSUOV_Q);
    }
}

void tsuov_echelon_form(tsuov_echelon *e)
{
    size_t s = 0, c, r, p, j;

    for (c = 0; c < TSUOV_M2 && s < TSUOV_M2; c++) {
        uint8_t inv;
        for (p = s; p < TSUOV_M2 && e->lu[p][c] == 0; p++)
            ;
        if (p == TSUOV_M2)
            continue; /* no pivot: a free column */
        if (p != s) {
            uint8_t tmp[TSUOV_M2P];
            memcpy(tmp, e->lu[p], sizeof tmp);
            memcpy(e->lu[p], e->lu[s], sizeof tmp);
            memcpy(e->lu[s], tmp, sizeof tmp);
        }
        e->swap[s] = (uint8_t)p;
        e->pivot_col[s] = (uint8_t)c;
        inv = inv31[e->lu[s][c]];
        e->pivot_inv[s] = inv;
        for (j = c + 1; j < TSUOV_M2; j++)
            e->lu[s][j] = tsuov_mod((uint32_t)e->lu[s][j] * inv);
        for (r = s + 1; r < TSUOV_M2; r++) {
            uint32_t f = e->lu[r][c];
            if (f == 0)
                continue;
            row_update(e->lu[r], e->lu[s], c, TSUOV_Q - f); /* lu[r][c] keeps f itself */
        }
        s++;
    }
    e->rank = s;
}

/* Replays the row operations on y (in place, giving y'); 1 if the system is
 * consistent, i.e. y' vanishes below the rank. */
int tsuov_consistent(const tsuov_echelon *e, uint8_t y[TSUOV_M2])
{
    size_t s, r;

    for (s = 0; s < e->rank; s++) {
        uint8_t tmp = y[s];
        y[s] = y[e->swap[s]];
        y[e->swap[s]] = tmp;
    }
    for (s = 0; s < e->rank; s++) {
        uint32_t ys = tsuov_mod((uint32_t)y[s] * e->pivot_inv[s]);
        size_t c = e->pivot_col[s];
        y[s] = (uint8_t)ys;
        for (r = s + 1; r < TSUOV_M2; r++)
            y[r] = tsuov_mod(y[r] + (TSUOV_Q - e->lu[r][c]) * ys);
    }
    for (r = e->rank; r < TSUOV_M2; r++)
        if (y[r] != 0)
            return 0;
    return 1;
}

/* Back substitution from the last column down; free columns take the next
 * value of r. */
void tsuov_solve(uint8_t x[TSUOV_M2], const tsuov_echelon *e, const uint8_t y[TSUOV_M2],
                 const uint8_t r[TSUOV_M2])
{
    size_t col, j, next = 0, s = e->rank;

    for (col = TSUOV_M2; col-- > 0;) {
        if (s > 0 && e->pivot_col[s - 1] == col) {
            uint32_t acc = 0;
            s--;
            for (j = col + 1; j < TSUOV_M2; j++)
                acc += (uint32_t)e->lu[s][j] * x[j];
            x[col] = tsuov_mod(y[s] + TSUOV_Q - tsuov_mod(acc));
        } else {
            x[col] = r[next++];
        }
    }
}
