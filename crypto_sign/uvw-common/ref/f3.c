/* f3.c - F3 arithmetic on bit-sliced rows: allocation of row matrices, row
 * addition and negation, dot products and weights, little-endian words.
 *
 * Addition of one-hot planes (x1, x2) + (y1, y2), bit by bit:
 *   t = (x2 | y1) ^ (x1 | y2);  z2 = (x1 | y1) ^ t;  z1 = (x2 | y2) ^ t
 * which a truth table over the nine pairs confirms. Subtraction adds the
 * negation, i.e. swaps y's planes. */
#include <stdlib.h>

#include "f3vec.h"
#include "uvw.h"

int uvw_mat_alloc(uvw_mat *a, size_t nrows, size_t st)
{
    size_t i;
    a->row = NULL;
    a->mem = NULL;
    a->nrows = 0;
    a->st = st;
    if (nrows == 0 || st == 0 || nrows > (size_t)-1 / (2 * st * sizeof(f3word)))
        return -1;
    a->row = malloc(nrows * sizeof *a->row);
    a->mem = calloc(nrows * 2 * st, sizeof(f3word));
    if (!a->row || !a->mem) {
        uvw_mat_free(a);
        return -1;
    }
    a->nrows = nrows;
    for (i = 0; i < nrows; i++)
        a->row[i] = a->mem + i * 2 * st;
    return 0;
}

void uvw_mat_free(uvw_mat *a)
{
    free(a->row);
    free(a->mem);
    a->row = NULL;
    a->mem = NULL;
    a->nrows = 0;
}

void uvw_mat_reshape(uvw_mat *a, size_t nrows, size_t st)
{
    size_t i;
    a->st = st;
    for (i = 0; i < nrows; i++)
        a->row[i] = a->mem + i * 2 * st;
}

void uvw_f3_row_add(f3word *d, const f3word *s, size_t st, size_t w0, size_t w1)
{
    f3v_add(d + w0, d + st + w0, d + w0, d + st + w0, s + w0, s + st + w0, w1 - w0);
}

void uvw_f3_row_sub(f3word *d, const f3word *s, size_t st, size_t w0, size_t w1)
{
    f3v_add(d + w0, d + st + w0, d + w0, d + st + w0, s + st + w0, s + w0, w1 - w0);
}

void uvw_f3_row_neg(f3word *d, size_t st, size_t w0, size_t w1)
{
    size_t w;
    for (w = w0; w < w1; w++) {
        f3word t = d[w];
        d[w] = d[st + w];
        d[st + w] = t;
    }
}

size_t uvw_popcount(f3word x)
{
#if (defined(__GNUC__) || defined(__clang__)) && defined(__POPCNT__)
    return (size_t)__builtin_popcountll(x);
#else
    /* without a popcount instruction the builtin is a library call */
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (size_t)((x * 0x0101010101010101u) >> 56);
#endif
}

unsigned uvw_f3_dot(const f3word *a, size_t sa, const f3word *b, size_t sb, size_t w0, size_t w1)
{
    /* products equal to 1 count once, products equal to 2 twice */
    size_t ones = 0, twos = 0, w;
    for (w = w0; w < w1; w++) {
        f3word a1 = a[w], a2 = a[sa + w], b1 = b[w], b2 = b[sb + w];
        ones += uvw_popcount((a1 & b1) | (a2 & b2));
        twos += uvw_popcount((a1 & b2) | (a2 & b1));
    }
    return (unsigned)((ones + 2 * twos) % 3);
}

size_t uvw_f3_weight(const f3word *v, size_t st, size_t nw)
{
    size_t n = 0, w;
    for (w = 0; w < nw; w++)
        n += uvw_popcount(v[w] | v[st + w]);
    return n;
}

uint64_t uvw_load_le64(const unsigned char *p)
{
    /* written out so that compilers see a plain load */
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

void uvw_store_le64(unsigned char *p, uint64_t x)
{
    int i;
    for (i = 0; i < 8; i++)
        p[i] = (unsigned char)(x >> (8 * i));
}
