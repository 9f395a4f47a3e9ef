/* gauss.c - Gaussian elimination over F3 on bit-sliced rows, the work that
 * dominates UVW (rank checks and systematic form in keygen, the solves of
 * signing).
 *
 * Every decision UVW takes from an elimination (a rank, "invertible?") and
 * every result (a systematic form, the unique solution of a square system)
 * is canonical, so the pivoting strategy is free (spec section 5). This one
 * is a ternary "method of four Russians": pivots are found GP at a time and
 * made to form an identity on their columns; the 3^GK combinations of each
 * group of GK pivot rows are tabulated, and every other row is then cleared
 * on all GP columns with GT table additions in one pass over it, instead of
 * up to GP row operations in GP passes. Tables are built one stripe of
 * columns at a time so that they stay in cache. */
#include <stdlib.h>
#include <string.h>

#include "uvw.h"

#define GK 5            /* pivots per table */
#define GE 243          /* 3^GK table entries */
#define GT 4            /* tables per pass */
#define GP (GK * GT)    /* pivots per pass */
#define STRIPE 32       /* words per plane of a table entry */

static const unsigned pow3[GK] = { 1, 3, 9, 27, 81 };

/* z = x + y over n words, each operand given by its two planes. */
static void add3(f3word *z1, f3word *z2, const f3word *x1, const f3word *x2, const f3word *y1,
                 const f3word *y2, size_t n)
{
    size_t w;
    for (w = 0; w < n; w++) {
        f3word a1 = x1[w], a2 = x2[w], b1 = y1[w], b2 = y2[w];
        f3word t = (a2 | b1) ^ (a1 | b2);
        z2[w] = (a1 | b1) ^ t;
        z1[w] = (a2 | b2) ^ t;
    }
}

/* Entry col of row r after subtracting the pending pivots of this pass:
 * the pivot rows P_j have 1 in their own column pc[j] and 0 in the other
 * pivot columns, so r's multiplier for P_j is simply r[pc[j]]. */
static unsigned reduced_entry(const f3word *r, f3word *const *prow, const size_t *pc, size_t f,
                              size_t st, size_t col)
{
    unsigned c = uvw_f3_get(r, st, col);
    size_t j;
    for (j = 0; j < f; j++) {
        unsigned t = uvw_f3_get(r, st, pc[j]);
        if (t)
            c += 3 * 2 - t * uvw_f3_get(prow[j], st, col);
    }
    return c % 3;
}

/* row -= t * piv over words [w0, w1), t in {0, 1, 2}. */
static void sub_multiple(f3word *row, const f3word *piv, unsigned t, size_t st, size_t w0, size_t w1)
{
    if (t == 1)
        uvw_f3_row_sub(row, piv, st, w0, w1);
    else if (t == 2)
        uvw_f3_row_add(row, piv, st, w0, w1);
}

/* Clears the f pivot columns pc[] in the rows listed in upd[] (nupd rows),
 * using the pivot rows prow[0..f), over words [w0, nw). */
static void apply_tables(f3word **row, const size_t *upd, size_t nupd, f3word *const *prow,
                         const size_t *pc, size_t f, size_t st, size_t w0, size_t nw, f3word *tab,
                         uint16_t *idx)
{
    size_t ng = (f + GK - 1) / GK, i, g, ws;

    /* every row's multipliers first: the stripes below change pivot columns */
    for (i = 0; i < nupd; i++) {
        const f3word *r = row[upd[i]];
        for (g = 0; g < ng; g++) {
            unsigned e = 0;
            size_t j;
            for (j = g * GK; j < f && j < (g + 1) * GK; j++)
                e += pow3[j - g * GK] * uvw_f3_get(r, st, pc[j]);
            idx[i * GT + g] = (uint16_t)e;
        }
    }
    for (ws = w0; ws < nw; ws += STRIPE) {
        size_t sw = nw - ws < STRIPE ? nw - ws : STRIPE;
        /* table entry e of group g holds -(sum of digit_j(e) * P_j) */
        for (g = 0; g < ng; g++) {
            f3word *t = tab + g * GE * 2 * STRIPE;
            size_t j, ne = 1;
            memset(t, 0, 2 * STRIPE * sizeof *t);
            for (j = g * GK; j < f && j < (g + 1) * GK; j++) {
                const f3word *p1 = prow[j] + ws, *p2 = prow[j] + st + ws;
                size_t e;
                for (e = 0; e < ne; e++) {
                    f3word *src = t + e * 2 * STRIPE;
                    f3word *one = t + (e + ne) * 2 * STRIPE, *two = t + (e + 2 * ne) * 2 * STRIPE;
                    add3(one, one + STRIPE, src, src + STRIPE, p2, p1, sw);  /* - P_j */
                    add3(two, two + STRIPE, src, src + STRIPE, p1, p2, sw);  /* - 2 P_j */
                }
                ne *= 3;
            }
        }
        for (i = 0; i < nupd; i++) {
            f3word *r = row[upd[i]];
            for (g = 0; g < ng; g++) {
                unsigned e = idx[i * GT + g];
                if (e) {
                    const f3word *te = tab + (g * GE + e) * 2 * STRIPE;
                    add3(r + ws, r + st + ws, r + ws, r + st + ws, te, te + STRIPE, sw);
                }
            }
        }
    }
}

long uvw_echelon(uvw_mat *a, size_t nrows, size_t ncols, size_t nw, int flags, size_t *piv)
{
    f3word **row = a->row;
    size_t st = a->st, r0 = 0, col = 0, i;
    f3word *tab = malloc(GT * GE * 2 * STRIPE * sizeof *tab);
    uint16_t *idx = malloc((nrows ? nrows : 1) * GT * sizeof *idx);
    size_t *upd = malloc((nrows ? nrows : 1) * sizeof *upd);
    int stop = 0;

    if (!tab || !idx || !upd) {
        free(tab);
        free(idx);
        free(upd);
        return -1;
    }
    while (!stop && r0 < nrows && col < ncols) {
        size_t pc[GP], f = 0, w0 = col / 64, nupd = 0, j;
        /* rows from r0 on are zero left of col, so everything starts at w0 */
        while (f < GP && r0 + f < nrows && col < ncols) {
            unsigned c = 0;
            f3word *p;
            for (i = r0 + f; i < nrows; i++) {
                c = reduced_entry(row[i], row + r0, pc, f, st, col);
                if (c)
                    break;
            }
            if (i == nrows) {
                if (!(flags & UVW_ECH_SKIP)) {
                    stop = 1;
                    break;
                }
                col++;
                continue;
            }
            p = row[i];
            row[i] = row[r0 + f];
            row[r0 + f] = p;
            for (j = 0; j < f; j++)
                sub_multiple(p, row[r0 + j], uvw_f3_get(p, st, pc[j]), st, w0, nw);
            if (c == 2)
                uvw_f3_row_neg(p, st, w0, nw);
            for (j = 0; j < f; j++)
                sub_multiple(row[r0 + j], p, uvw_f3_get(row[r0 + j], st, col), st, w0, nw);
            pc[f] = col;
            if (piv)
                piv[r0 + f] = col;
            f++;
            col++;
        }
        if (f == 0)
            break;
        if (flags & UVW_ECH_FULL)
            for (i = 0; i < r0; i++)
                upd[nupd++] = i;
        for (i = r0 + f; i < nrows; i++)
            upd[nupd++] = i;
        apply_tables(row, upd, nupd, row + r0, pc, f, st, w0, nw, tab, idx);
        r0 += f;
    }
    free(tab);
    free(idx);
    free(upd);
    return (long)r0;
}

void uvw_back_substitute(const uvw_mat *u, size_t r, const f3word *z, f3word *y)
{
    size_t ar = UVW_WORDS(r), i;
    memset(y, 0, 2 * ar * sizeof *y);
    /* y_i = z_i - sum_{j>i} U_ij y_j; entries of y at and before i are still 0 */
    for (i = r; i-- > 0;) {
        unsigned s = uvw_f3_dot(u->row[i], u->st, y, ar, i / 64, ar);
        uvw_f3_set(y, ar, i, (uvw_f3_get(z, ar, i) + 3 - s) % 3);
    }
}
