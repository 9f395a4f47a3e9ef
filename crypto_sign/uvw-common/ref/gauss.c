/* gauss.c - Gaussian elimination over F3 on bit-sliced rows, the work that
 * dominates UVW (rank checks and systematic form in keygen, the solves of
 * signing).
 *
 * Every decision UVW takes from an elimination (a rank, "invertible?") and
 * every result (a systematic form, the unique solution of a square system)
 * is canonical, so the pivoting strategy is free (spec section 5). This one
 * is a ternary "method of four Russians": pivots are found up to 80 at a
 * time and made to form an identity on their columns; the 3^5 combinations
 * of each group of 5 pivot rows are tabulated, and every other row is then
 * cleared on all those columns with one table addition per group in one pass
 * over it, instead of up to 80 row operations in 80 passes. Tables are built
 * one stripe of 64 words at a time so that they stay in cache, and rows are
 * swept in address order. */
#include <stdlib.h>
#include <string.h>

#include "f3vec.h"
#include "uvw.h"

/* row -= t * piv over words [w0, w1), t in {0, 1, 2}. */
static void sub_multiple(f3word *row, const f3word *piv, unsigned t, size_t st, size_t w0, size_t w1)
{
    if (t == 1)
        uvw_f3_row_sub(row, piv, st, w0, w1);
    else if (t == 2)
        uvw_f3_row_add(row, piv, st, w0, w1);
}

#ifdef UVW_NAIVE
/* Benchmark baseline only (bench/uvw-bench.sh): the submitted code's way of
 * eliminating, one pivot at a time with one row operation per nonzero
 * entry, on the same word-parallel rows. Same results. */
long uvw_echelon(uvw_mat *a, size_t nrows, size_t ncols, size_t nw, int flags, size_t *piv)
{
    f3word **row = a->row;
    size_t st = a->st, r0 = 0, col, i;
    for (col = 0; col < ncols && r0 < nrows; col++) {
        f3word *p;
        unsigned c = 0;
        for (i = r0; i < nrows && !(c = uvw_f3_get(row[i], st, col)); i++)
            ;
        if (i == nrows) {
            if (flags & UVW_ECH_SKIP)
                continue;
            break;
        }
        p = row[i];
        row[i] = row[r0];
        row[r0] = p;
        if (c == 2)
            uvw_f3_row_neg(p, st, 0, nw);
        for (i = (flags & UVW_ECH_FULL) ? 0 : r0 + 1; i < nrows; i++)
            if (i != r0)
                sub_multiple(row[i], p, uvw_f3_get(row[i], st, col), st, 0, nw);
        if (piv)
            piv[r0] = col;
        r0++;
    }
    return (long)r0;
}
#else

#define GK 5       /* pivots per table */
#define GE 243     /* 3^GK table entries */
#define GT_MAX 16  /* tables per pass, at most */
#define STRIPE 64  /* words per plane of a table entry */

static const unsigned pow3[GK] = { 1, 3, 9, 27, 81 };

/* Tables per pass. More tables mean fewer passes over the matrix, and
 * fewer loads and stores of each row (memory traffic dominates large
 * matrices), but O(pivots^2) more work on the pivot rows themselves, which
 * only many rows amortise. Measured on x86-64 (Zen 3). */
static size_t tables_per_pass(size_t nrows)
{
    return nrows >= 4000 ? 16 : nrows >= 2000 ? 8 : 4;
}

/* r += e[0] + ... + e[ne-1] over n words; table entries have their planes
 * stripe words apart. One pass over r for all tables of a pass. */
static void add_entries(f3word *r1, f3word *r2, const f3word *const *e, size_t ne, size_t stripe,
                        size_t n)
{
    size_t w, j, nv = n - n % LANES;
    for (w = 0; w < nv; w += LANES) {
        vword x1 = vload(r1 + w), x2 = vload(r2 + w);
        for (j = 0; j < ne; j++) {
            vword y1 = vload(e[j] + w), y2 = vload(e[j] + stripe + w);
            F3_ADD(x1, x2, x1, x2, y1, y2);
        }
        vstore(r1 + w, x1);
        vstore(r2 + w, x2);
    }
    for (; w < n; w++) {
        f3word x1 = r1[w], x2 = r2[w];
        for (j = 0; j < ne; j++) {
            f3word y1 = e[j][w], y2 = e[j][stripe + w];
            F3_ADD1(x1, x2, x1, x2, y1, y2);
        }
        r1[w] = x1;
        r2[w] = x2;
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

/* Clears the f pivot columns pc[] in the nupd rows upd[] (in increasing
 * address order, so that the sweeps below stream through memory), using the
 * pivot rows prow[0..f), over words [w0, nw); gt tables. */
static void apply_tables(f3word *const *upd, size_t nupd, f3word *const *prow, const size_t *pc,
                         size_t f, size_t st, size_t w0, size_t nw, f3word *tab, uint16_t *idx)
{
    size_t ng = (f + GK - 1) / GK, stripe = STRIPE, i, g, ws;

    /* every row's multipliers first: the stripes below change pivot columns */
    for (i = 0; i < nupd; i++) {
        const f3word *r = upd[i];
        for (g = 0; g < ng; g++) {
            unsigned e = 0;
            size_t j;
            for (j = g * GK; j < f && j < (g + 1) * GK; j++)
                e += pow3[j - g * GK] * uvw_f3_get(r, st, pc[j]);
            idx[i * GT_MAX + g] = (uint16_t)e;
        }
    }
    for (ws = w0; ws < nw; ws += stripe) {
        size_t sw = nw - ws < stripe ? nw - ws : stripe;
        /* table entry e of group g holds -(sum of digit_j(e) * P_j) */
        for (g = 0; g < ng; g++) {
            f3word *t = tab + g * GE * 2 * stripe;
            size_t j, ne = 1;
            memset(t, 0, 2 * stripe * sizeof *t);
            for (j = g * GK; j < f && j < (g + 1) * GK; j++) {
                const f3word *p1 = prow[j] + ws, *p2 = prow[j] + st + ws;
                size_t e;
                for (e = 0; e < ne; e++) {
                    f3word *src = t + e * 2 * stripe;
                    f3word *one = t + (e + ne) * 2 * stripe, *two = t + (e + 2 * ne) * 2 * stripe;
                    f3v_add(one, one + stripe, src, src + stripe, p2, p1, sw); /* - P_j */
                    f3v_add(two, two + stripe, src, src + stripe, p1, p2, sw); /* - 2 P_j */
                }
                ne *= 3;
            }
        }
        for (i = 0; i < nupd; i++) {
            f3word *r = upd[i];
            const f3word *ent[GT_MAX];
            size_t ne = 0;
            for (g = 0; g < ng; g++) {
                unsigned e = idx[i * GT_MAX + g];
                if (e)
                    ent[ne++] = tab + (g * GE + e) * 2 * stripe;
            }
            if (ne)
                add_entries(r + ws, r + st + ws, ent, ne, stripe, sw);
        }
    }
}

/* Row states, by memory slot: still to be reduced, pivot row of an earlier
 * pass, pivot row of the current pass. */
enum { ROW_OPEN, ROW_DONE, ROW_PIVOT };

long uvw_echelon(uvw_mat *a, size_t nrows, size_t ncols, size_t nw, int flags, size_t *piv)
{
    f3word **row = a->row;
    size_t st = a->st, r0 = 0, col = 0, i, gt = tables_per_pass(nrows), gp = gt * GK;
    f3word *tab = malloc((size_t)gt * GE * 2 * STRIPE * sizeof *tab);
    uint16_t *idx = malloc((nrows ? nrows : 1) * GT_MAX * sizeof *idx);
    f3word **upd = malloc((nrows ? nrows : 1) * sizeof *upd);
    unsigned char *state = calloc(nrows ? nrows : 1, 1);
    long rc = -1;
    int stop = 0;

#define SLOT(p) ((size_t)((p) - a->mem) / (2 * st))
    if (!tab || !idx || !upd || !state)
        goto done;
    for (i = 0; i < nrows; i++)
        if (row[i] < a->mem || SLOT(row[i]) >= nrows)
            goto done; /* rows must be a permutation of the first nrows slots */
    while (!stop && r0 < nrows && col < ncols) {
        size_t pc[GT_MAX * GK], f = 0, w0 = col / 64, nupd = 0, j;
        /* rows from r0 on are zero left of col, so everything starts at w0 */
        while (f < gp && r0 + f < nrows && col < ncols) {
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
            state[SLOT(p)] = ROW_PIVOT;
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
        for (i = 0; i < nrows; i++)
            if (state[i] == ROW_OPEN || (state[i] == ROW_DONE && (flags & UVW_ECH_FULL)))
                upd[nupd++] = a->mem + i * 2 * st;
        apply_tables(upd, nupd, row + r0, pc, f, st, w0, nw, tab, idx);
        for (j = 0; j < f; j++)
            state[SLOT(row[r0 + j])] = ROW_DONE;
        r0 += f;
    }
    rc = (long)r0;
done:
#undef SLOT
    free(tab);
    free(idx);
    free(upd);
    free(state);
    return rc;
}
#endif

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
