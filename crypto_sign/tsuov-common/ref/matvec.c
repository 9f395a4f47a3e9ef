/* matvec.c - products of matrices over F_{q^2} with sets of vectors, the
 * bulk of keygen (P1 T), sign (P1 v_a) and verify (P1 s_a). See tsuov.h for
 * the row and operand forms: with them one F_{q^2} product of length V is
 * two int16 dot products of the constant length TSUOV_LD, which compilers
 * vectorise (pmaddwd and the like) without target-specific code. */
#include "tsuov.h"

void tsuov_row(tsuov_rowv row[TSUOV_LD], const tsuov_fq2 *v, size_t stride)
{
    size_t y;

    for (y = 0; y < TSUOV_V; y++) {
        row[2 * y] = v[y * stride].c0;
        row[2 * y + 1] = v[y * stride].c1;
    }
    for (y = 2 * TSUOV_V; y < TSUOV_LD; y++)
        row[y] = 0;
}

void tsuov_operand(tsuov_opv op[TSUOV_OPLEN], const tsuov_fq2 *v, size_t stride)
{
    tsuov_opv *a = op, *b = op + TSUOV_LD;
    size_t y;

    for (y = 0; y < TSUOV_V; y++) {
        a[2 * y] = v[y * stride].c0;
        a[2 * y + 1] = (tsuov_opv)(3 * v[y * stride].c1);
        b[2 * y] = v[y * stride].c1;
        b[2 * y + 1] = v[y * stride].c0;
    }
    for (y = 2 * TSUOV_V; y < TSUOV_LD; y++)
        a[y] = b[y] = 0;
}

/* Entries are below 91, so a full dot product stays below
 * TSUOV_VP * (30 * 30 + 30 * 90) < 2^31. */
static void dot2(int32_t s[2], const tsuov_rowv *row, const tsuov_opv *op)
{
    const tsuov_opv *a = op, *b = op + TSUOV_LD;
    int32_t x0 = 0, x1 = 0;
    size_t y;

    for (y = 0; y < TSUOV_LD; y++) {
        x0 += (int32_t)row[y] * a[y];
        x1 += (int32_t)row[y] * b[y];
    }
    s[0] = x0;
    s[1] = x1;
}

/* Two rows against two operands: every value loaded serves two products,
 * which is what the multiply-add units need to stay busy. */
static void dot22(int32_t s[8], const tsuov_rowv *r0, const tsuov_rowv *r1, const tsuov_opv *p,
                  const tsuov_opv *q)
{
    const tsuov_opv *pa = p, *pb = p + TSUOV_LD, *qa = q, *qb = q + TSUOV_LD;
    int32_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0;
    size_t y;

    for (y = 0; y < TSUOV_LD; y++) {
        int32_t u = r0[y], w = r1[y];
        x0 += u * pa[y];
        x1 += u * pb[y];
        x2 += u * qa[y];
        x3 += u * qb[y];
        x4 += w * pa[y];
        x5 += w * pb[y];
        x6 += w * qa[y];
        x7 += w * qb[y];
    }
    s[0] = x0;
    s[1] = x1;
    s[2] = x2;
    s[3] = x3;
    s[4] = x4;
    s[5] = x5;
    s[6] = x6;
    s[7] = x7;
}

static void put(tsuov_fq2 *out, const int32_t s[2])
{
    out->c0 = tsuov_mod((uint32_t)s[0]);
    out->c1 = tsuov_mod((uint32_t)s[1]);
}

void tsuov_matvec(tsuov_fq2 *out, const tsuov_rowv *rows, size_t nrows, const tsuov_opv *ops, size_t nops)
{
    size_t r, a;
    int32_t s[8];

    for (r = 0; r + 2 <= nrows; r += 2) {
        const tsuov_rowv *r0 = rows + r * TSUOV_LD, *r1 = r0 + TSUOV_LD;
        tsuov_fq2 *o0 = out + r * nops, *o1 = o0 + nops;
        for (a = 0; a + 2 <= nops; a += 2) {
            dot22(s, r0, r1, ops + a * TSUOV_OPLEN, ops + (a + 1) * TSUOV_OPLEN);
            put(&o0[a], s);
            put(&o0[a + 1], s + 2);
            put(&o1[a], s + 4);
            put(&o1[a + 1], s + 6);
        }
        if (a < nops) {
            dot2(s, r0, ops + a * TSUOV_OPLEN);
            put(&o0[a], s);
            dot2(s, r1, ops + a * TSUOV_OPLEN);
            put(&o1[a], s);
        }
    }
    if (r < nrows)
        for (a = 0; a < nops; a++) {
            dot2(s, rows + r * TSUOV_LD, ops + a * TSUOV_OPLEN);
            put(&out[r * nops + a], s);
        }
}
