/* matvec.c - products of matrices over F_{q^2} with sets of vectors, the
 * bulk of keygen (P1 T), sign (P1 v_a) and verify (P1 s_a). See tsuov.h for
 * the row and operand forms: with them one F_{q^2} product of length V is
 * two int16 dot products of the constant length TSUOV_LD, which compilers
 * vectorise (pmaddwd and the like) without target-specific code. */
#include "tsuov.h"

void tsuov_row(int16_t row[TSUOV_LD], const tsuov_fq2 *v, size_t stride)
{
    size_t y;

    for (y = 0; y < TSUOV_V; y++) {
        row[2 * y] = v[y * stride].c0;
        row[2 * y + 1] = v[y * stride].c1;
    }
    for (y = 2 * TSUOV_V; y < TSUOV_LD; y++)
        row[y] = 0;
}

void tsuov_operand(int16_t op[TSUOV_OPLEN], const tsuov_fq2 *v, size_t stride)
{
    int16_t *a = op, *b = op + TSUOV_LD;
    size_t y;

    for (y = 0; y < TSUOV_V; y++) {
        a[2 * y] = v[y * stride].c0;
        a[2 * y + 1] = (int16_t)(3 * v[y * stride].c1);
        b[2 * y] = v[y * stride].c1;
        b[2 * y + 1] = v[y * stride].c0;
    }
    for (y = 2 * TSUOV_V; y < TSUOV_LD; y++)
        a[y] = b[y] = 0;
}

/* Entries are below 91, so a full dot product stays below
 * TSUOV_VP * (30 * 30 + 30 * 90) < 2^31. */
static void dot2(int32_t *s0, int32_t *s1, const int16_t *row, const int16_t *op)
{
    const int16_t *a = op, *b = op + TSUOV_LD;
    int32_t x0 = 0, x1 = 0;
    size_t y;

    for (y = 0; y < TSUOV_LD; y++) {
        x0 += (int32_t)row[y] * a[y];
        x1 += (int32_t)row[y] * b[y];
    }
    *s0 = x0;
    *s1 = x1;
}

void tsuov_matvec(tsuov_fq2 *out, const int16_t *rows, size_t nrows, const int16_t *ops, size_t nops)
{
    size_t r, a;
    int32_t s0, s1;

    for (r = 0; r < nrows; r++)
        for (a = 0; a < nops; a++) {
            dot2(&s0, &s1, rows + r * TSUOV_LD, ops + a * TSUOV_OPLEN);
            out[r * nops + a].c0 = tsuov_mod((uint32_t)s0);
            out[r * nops + a].c1 = tsuov_mod((uint32_t)s1);
        }
}
