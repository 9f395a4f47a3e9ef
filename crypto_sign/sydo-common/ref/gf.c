/* gf.c - binary-field arithmetic for SYDO (spec P1).
 *
 * The 64 x 64 carry-less product splits each 32-bit half into four classes of
 * bits spaced four apart ("holes"): an integer product of two classes then
 * has at most eight terms per result bit, which fits in the three zero bits
 * above it, so the parity of each sum is a carry-less product bit. Karatsuba
 * builds the wider products from it. No branch or memory index depends on an
 * operand.
 *
 * Where one factor is public and fixed for many products (the alphas that
 * fold the public matrix, the verifier's hash key s and its Delta) and the
 * other is public too, an 8-bit window table of the fixed factor and a
 * left-to-right pass over the other's bytes is two to three times faster.
 * Those "_vt" functions index memory by operand bits and must never see a
 * secret.
 *
 * Reduction: with P(x) = x^lambda + r(x) and deg r <= 10, the high half H of
 * a wide value folds down as H*r(x) (a few shifts), and the at most ten bits
 * that this pushes past x^lambda fold down once more. */
#include <string.h>

#include "gf.h"

static inline uint64_t clmul32(uint32_t x, uint32_t y)
{
    const uint64_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u, m3 = 0x88888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u) | (z2 & 0x4444444444444444u) |
           (z3 & 0x8888888888888888u);
}

static inline void clmul64(uint64_t r[2], uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t lo = clmul32(a0, b0), hi = clmul32(a1, b1);
    uint64_t mid = clmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
    r[0] = lo ^ (mid << 32);
    r[1] = hi ^ (mid >> 32);
}

void sydo_clmul64(uint64_t r[2], uint64_t a, uint64_t b)
{
    clmul64(r, a, b);
}

uint64_t sydo_gf64_mul(uint64_t a, uint64_t b)
{
    uint64_t p[2], h, o;
    clmul64(p, a, b);
    h = p[1];
    /* x^64 = x^4 + x^3 + x + 1 */
    o = (h >> 60) ^ (h >> 61) ^ (h >> 63);
    h ^= o;
    return p[0] ^ h ^ (h << 1) ^ (h << 3) ^ (h << 4);
}

/* ---- unreduced products of 2, 3, 4 and 8 words (Karatsuba) ---- */

static void mul2(uint64_t r[4], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t lo[2], hi[2], mid[2];
    clmul64(lo, a[0], b[0]);
    clmul64(hi, a[1], b[1]);
    clmul64(mid, a[0] ^ a[1], b[0] ^ b[1]);
    mid[0] ^= lo[0] ^ hi[0];
    mid[1] ^= lo[1] ^ hi[1];
    r[0] = lo[0];
    r[1] = lo[1] ^ mid[0];
    r[2] = hi[0] ^ mid[1];
    r[3] = hi[1];
}

static void mul3(uint64_t r[6], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t p0[2], p1[2], p2[2], p01[2], p02[2], p12[2];
    unsigned i;
    clmul64(p0, a[0], b[0]);
    clmul64(p1, a[1], b[1]);
    clmul64(p2, a[2], b[2]);
    clmul64(p01, a[0] ^ a[1], b[0] ^ b[1]);
    clmul64(p02, a[0] ^ a[2], b[0] ^ b[2]);
    clmul64(p12, a[1] ^ a[2], b[1] ^ b[2]);
    for (i = 0; i < 2; i++) {
        p01[i] ^= p0[i] ^ p1[i];       /* coefficient of X   */
        p02[i] ^= p0[i] ^ p2[i] ^ p1[i]; /* coefficient of X^2 */
        p12[i] ^= p1[i] ^ p2[i];       /* coefficient of X^3 */
    }
    r[0] = p0[0];
    r[1] = p0[1] ^ p01[0];
    r[2] = p01[1] ^ p02[0];
    r[3] = p02[1] ^ p12[0];
    r[4] = p12[1] ^ p2[0];
    r[5] = p2[1];
}

static void mul4(uint64_t r[8], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t lo[4], hi[4], mid[4], as[2], bs[2];
    unsigned i;
    mul2(lo, a, b);
    mul2(hi, a + 2, b + 2);
    as[0] = a[0] ^ a[2];
    as[1] = a[1] ^ a[3];
    bs[0] = b[0] ^ b[2];
    bs[1] = b[1] ^ b[3];
    mul2(mid, as, bs);
    for (i = 0; i < 4; i++)
        mid[i] ^= lo[i] ^ hi[i];
    for (i = 0; i < 4; i++) {
        r[i] = lo[i];
        r[i + 4] = hi[i];
    }
    for (i = 0; i < 4; i++)
        r[i + 2] ^= mid[i];
}

static void mul8(uint64_t r[16], const uint64_t a[8], const uint64_t b[8])
{
    uint64_t lo[8], hi[8], mid[8], as[4], bs[4];
    unsigned i;
    mul4(lo, a, b);
    mul4(hi, a + 4, b + 4);
    for (i = 0; i < 4; i++) {
        as[i] = a[i] ^ a[i + 4];
        bs[i] = b[i] ^ b[i + 4];
    }
    mul4(mid, as, bs);
    for (i = 0; i < 8; i++)
        mid[i] ^= lo[i] ^ hi[i];
    for (i = 0; i < 8; i++) {
        r[i] = lo[i];
        r[i + 8] = hi[i];
    }
    for (i = 0; i < 8; i++)
        r[i + 4] ^= mid[i];
}

/* w[0..nw] = a[0..nw) * t, one word longer than a. */
static void mul_word(uint64_t *w, const uint64_t *a, unsigned nw, uint64_t t)
{
    uint64_t p[2];
    unsigned i;
    w[0] = 0;
    for (i = 0; i < nw; i++) {
        clmul64(p, a[i], t);
        w[i] ^= p[0];
        w[i + 1] = p[1];
    }
}

/* acc[0..nw] ^= h[0..nw) << e, 0 <= e < 64; acc has one extra word. */
static void xor_shifted(uint64_t *acc, const uint64_t *h, unsigned nw, unsigned e)
{
    unsigned i;
    if (e == 0) {
        for (i = 0; i < nw; i++)
            acc[i] ^= h[i];
        return;
    }
    for (i = 0; i < nw; i++) {
        acc[i] ^= h[i] << e;
        acc[i + 1] ^= h[i] >> (64 - e);
    }
}

/* ---- variable-time products for public operands ---- */

/* tab[u] = a * u(x) for the polynomials u of degree < log2(entries);
 * nw + 1 words each. */
static void table_build(uint64_t *tab, const uint64_t *a, unsigned nw, unsigned entries)
{
    unsigned u, i, n = nw + 1;
    for (i = 0; i < n; i++) {
        tab[i] = 0;
        tab[n + i] = i < nw ? a[i] : 0;
    }
    for (u = 2; u < entries; u++) {
        uint64_t *t = tab + u * n;
        if (u & 1) {
            for (i = 0; i < n; i++)
                t[i] = tab[(u - 1) * n + i] ^ tab[n + i];
        } else {
            const uint64_t *h = tab + (u / 2) * n;
            t[0] = h[0] << 1;
            for (i = 1; i < n; i++)
                t[i] = (h[i] << 1) | (h[i - 1] >> 63);
        }
    }
}

/* COMB(NAME, NW, NB, BITS, NE): w[0..NW+NB) ^= sum_m a_m * b_m for K pairs, with
 * tabs[m] the BITS-bit window table of a_m (NW + 1 words per entry) and b_m
 * of NB words, NE = NW + 1: one left-to-right pass over the windows of the b's, shared by
 * all K products. The constant bounds let the compiler unroll. */
/* d[0..n) ^= s[0..n) for the entry lengths in use, spelled out: at -O2 the
 * compilers do not unroll these short loops themselves. */
#define XOR_4(d, s) (d[0] ^= s[0], d[1] ^= s[1], d[2] ^= s[2], d[3] ^= s[3])
#define XOR_5(d, s) (XOR_4(d, s), d[4] ^= s[4])
#define XOR_9(d, s) (XOR_5(d, s), d[5] ^= s[5], d[6] ^= s[6], d[7] ^= s[7], d[8] ^= s[8])
#define XOR_ENTRY(NW, d, s) XOR_ENTRY_(NW, d, s)
#define XOR_ENTRY_(NW, d, s) XOR_##NW(d, s)

#define COMB(NAME, NW, NB, BITS, NE)                                                                             \
    static void NAME(uint64_t *w, const uint64_t *const *tabs, const uint64_t *const *bs, unsigned K)        \
    {                                                                                                        \
        uint64_t acc[NW + NB] = {0};                                                                         \
        unsigned k, m, i, j;                                                                                 \
        for (k = 64 / BITS; k-- > 0;) {                                                                      \
            if (k != 64 / BITS - 1) {                                                                        \
                for (j = NW + NB - 1; j > 0; j--)                                                            \
                    acc[j] = (acc[j] << BITS) | (acc[j - 1] >> (64 - BITS));                                 \
                acc[0] <<= BITS;                                                                             \
            }                                                                                                \
            for (m = 0; m < K; m++)                                                                          \
                for (i = 0; i < NB; i++) {                                                                   \
                    const uint64_t *t =                                                                      \
                        tabs[m] + ((bs[m][i] >> (BITS * k)) & ((1u << BITS) - 1)) * (NW + 1);                \
                    uint64_t *a = acc + i;                                                                   \
                    XOR_ENTRY(NE, a, t);                                                                       \
                }                                                                                            \
        }                                                                                                    \
        for (j = 0; j < NW + NB; j++)                                                                        \
            w[j] ^= acc[j];                                                                                  \
    }

COMB(comb3w8, 3, 3, 8, 4)
COMB(comb4w8, 4, 4, 8, 5)
COMB(comb8w8, 8, 8, 8, 9)

/* ---- reductions ---- */

/* lambda = 64*nw with r(x) = 1 + x^e1 + x^e2 + x^e3 (256: 2,5,10; 512: 2,5,8). */
static void reduce_words(uint64_t *r, const uint64_t *w, unsigned nw, unsigned e1, unsigned e2, unsigned e3)
{
    uint64_t acc[9], o;
    unsigned i;
    for (i = 0; i < nw; i++)
        acc[i] = w[i];
    acc[nw] = 0;
    xor_shifted(acc, w + nw, nw, 0);
    xor_shifted(acc, w + nw, nw, e1);
    xor_shifted(acc, w + nw, nw, e2);
    xor_shifted(acc, w + nw, nw, e3);
    o = acc[nw]; /* fewer than e3 bits: its image fits in word 0 */
    acc[0] ^= o ^ (o << e1) ^ (o << e2) ^ (o << e3);
    for (i = 0; i < nw; i++)
        r[i] = acc[i];
}

/* lambda = 160, r(x) = 1 + x^3 + x^4 + x^5; the wide value has 5 used words. */
static void reduce160(uint64_t r[3], const uint64_t w[6])
{
    uint64_t h[3], acc[4], o;

    h[0] = (w[2] >> 32) | (w[3] << 32);
    h[1] = (w[3] >> 32) | (w[4] << 32);
    h[2] = (w[4] >> 32) | (w[5] << 32);
    acc[0] = w[0];
    acc[1] = w[1];
    acc[2] = w[2] & 0xffffffffu;
    acc[3] = 0;
    xor_shifted(acc, h, 3, 0);
    xor_shifted(acc, h, 3, 3);
    xor_shifted(acc, h, 3, 4);
    xor_shifted(acc, h, 3, 5);
    /* Wide values are below x^319, so h[2] < 2^32: the fold stays inside
     * acc[0..2] and spills at most five bits above x^160, into acc[2]. */
    o = acc[2] >> 32;
    acc[2] &= 0xffffffffu;
    acc[0] ^= o ^ (o << 3) ^ (o << 4) ^ (o << 5);
    r[0] = acc[0];
    r[1] = acc[1];
    r[2] = acc[2];
}

/* ---- load / store ---- */

static uint64_t load_le(const uint8_t *p, unsigned n)
{
    uint64_t x = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        x |= (uint64_t)p[i] << (8 * i);
    return x;
}

static void store_le(uint8_t *p, uint64_t x, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static void load_words(uint64_t *r, const uint8_t *b, unsigned nbytes)
{
    unsigned i;
    for (i = 0; 8 * i < nbytes; i++)
        r[i] = load_le(b + 8 * i, nbytes - 8 * i < 8 ? nbytes - 8 * i : 8);
}

static void store_words(uint8_t *b, const uint64_t *a, unsigned nbytes)
{
    unsigned i;
    for (i = 0; 8 * i < nbytes; i++)
        store_le(b + 8 * i, a[i], nbytes - 8 * i < 8 ? nbytes - 8 * i : 8);
}

/* ---- the three fields ---- */

void sydo_gf160_muladd_wide(uint64_t w[6], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t p[6];
    unsigned i;
    mul3(p, a, b);
    for (i = 0; i < 6; i++)
        w[i] ^= p[i];
}

void sydo_gf160_reduce(uint64_t r[3], const uint64_t w[6])
{
    reduce160(r, w);
}

void sydo_gf160_mul(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t p[6];
    mul3(p, a, b);
    reduce160(r, p);
}

void sydo_gf160_mul64(uint64_t r[3], const uint64_t a[3], uint64_t t)
{
    uint64_t p[6] = {0};
    mul_word(p, a, 3, t);
    reduce160(r, p);
}

void sydo_gf160_load(uint64_t r[3], const uint8_t *bytes)
{
    load_words(r, bytes, 20);
}

void sydo_gf160_store(uint8_t *bytes, const uint64_t a[3])
{
    store_words(bytes, a, 20);
}

void sydo_gf256_muladd_wide(uint64_t w[8], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t p[8];
    unsigned i;
    mul4(p, a, b);
    for (i = 0; i < 8; i++)
        w[i] ^= p[i];
}

void sydo_gf256_reduce(uint64_t r[4], const uint64_t w[8])
{
    reduce_words(r, w, 4, 2, 5, 10);
}

void sydo_gf256_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t p[8];
    mul4(p, a, b);
    reduce_words(r, p, 4, 2, 5, 10);
}

void sydo_gf256_mul64(uint64_t r[4], const uint64_t a[4], uint64_t t)
{
    uint64_t p[8] = {0};
    mul_word(p, a, 4, t);
    reduce_words(r, p, 4, 2, 5, 10);
}

void sydo_gf256_load(uint64_t r[4], const uint8_t *bytes)
{
    load_words(r, bytes, 32);
}

void sydo_gf256_store(uint8_t *bytes, const uint64_t a[4])
{
    store_words(bytes, a, 32);
}

void sydo_gf512_muladd_wide(uint64_t w[16], const uint64_t a[8], const uint64_t b[8])
{
    uint64_t p[16];
    unsigned i;
    mul8(p, a, b);
    for (i = 0; i < 16; i++)
        w[i] ^= p[i];
}

void sydo_gf512_reduce(uint64_t r[8], const uint64_t w[16])
{
    reduce_words(r, w, 8, 2, 5, 8);
}

void sydo_gf512_mul(uint64_t r[8], const uint64_t a[8], const uint64_t b[8])
{
    uint64_t p[16];
    mul8(p, a, b);
    reduce_words(r, p, 8, 2, 5, 8);
}

void sydo_gf512_mul64(uint64_t r[8], const uint64_t a[8], uint64_t t)
{
    uint64_t p[16] = {0};
    mul_word(p, a, 8, t);
    reduce_words(r, p, 8, 2, 5, 8);
}

void sydo_gf512_load(uint64_t r[8], const uint8_t *bytes)
{
    load_words(r, bytes, 64);
}

void sydo_gf512_store(uint8_t *bytes, const uint64_t a[8])
{
    store_words(bytes, a, 64);
}

void sydo_gf160_table8(uint64_t tab[256][4], const uint64_t a[3])
{
    table_build(&tab[0][0], a, 3, 256);
}

void sydo_gf160_mul_table8_vt(uint64_t r[3], const uint64_t tab[256][4], const uint64_t b[3])
{
    uint64_t p[6] = {0};
    const uint64_t *t = &tab[0][0];
    comb3w8(p, &t, &b, 1);
    reduce160(r, p);
}

void sydo_gf160_fold3_vt(uint64_t r[3], const uint64_t (*const tabs[3])[4], const uint64_t *const b[3])
{
    uint64_t p[6] = {0};
    const uint64_t *t[3];
    t[0] = &tabs[0][0][0];
    t[1] = &tabs[1][0][0];
    t[2] = &tabs[2][0][0];
    comb3w8(p, t, b, 3);
    reduce160(r, p);
}

void sydo_gf256_table8(uint64_t tab[256][5], const uint64_t a[4])
{
    table_build(&tab[0][0], a, 4, 256);
}

void sydo_gf256_mul_table8_vt(uint64_t r[4], const uint64_t tab[256][5], const uint64_t b[4])
{
    uint64_t p[8] = {0};
    const uint64_t *t = &tab[0][0];
    comb4w8(p, &t, &b, 1);
    reduce_words(r, p, 4, 2, 5, 10);
}

void sydo_gf256_fold3_vt(uint64_t r[4], const uint64_t (*const tabs[3])[5], const uint64_t *const b[3])
{
    uint64_t p[8] = {0};
    const uint64_t *t[3];
    t[0] = &tabs[0][0][0];
    t[1] = &tabs[1][0][0];
    t[2] = &tabs[2][0][0];
    comb4w8(p, t, b, 3);
    reduce_words(r, p, 4, 2, 5, 10);
}

void sydo_gf512_table8(uint64_t tab[256][9], const uint64_t a[8])
{
    table_build(&tab[0][0], a, 8, 256);
}

void sydo_gf512_mul_table8_vt(uint64_t r[8], const uint64_t tab[256][9], const uint64_t b[8])
{
    uint64_t p[16] = {0};
    const uint64_t *t = &tab[0][0];
    comb8w8(p, &t, &b, 1);
    reduce_words(r, p, 8, 2, 5, 8);
}

void sydo_gf512_fold3_vt(uint64_t r[8], const uint64_t (*const tabs[3])[9], const uint64_t *const b[3])
{
    uint64_t p[16] = {0};
    const uint64_t *t[3];
    t[0] = &tabs[0][0][0];
    t[1] = &tabs[1][0][0];
    t[2] = &tabs[2][0][0];
    comb8w8(p, t, b, 3);
    reduce_words(r, p, 8, 2, 5, 8);
}
