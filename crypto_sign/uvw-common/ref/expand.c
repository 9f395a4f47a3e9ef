/* expand.c - everything UVW derives from DRNG output: the 64-, 16- and 8-bit
 * draws, Fisher-Yates shuffles, and the expansion of the secret matrices and
 * of the monomial matrix D from the key seed (spec sections 3 and 4). Every
 * draw is one get_random_number call of exactly the reference's width: the
 * DRNG advances once per call, so merging or splitting calls would change
 * every later output. */
#include <string.h>

#include "uvw.h"

void uvw_loc_init(DRNG_ctx *ctx, const unsigned char *seed, uint16_t nu)
{
    unsigned char m[UVW_SEEDBYTES + 2];
    memcpy(m, seed, UVW_SEEDBYTES);
    m[UVW_SEEDBYTES] = (unsigned char)(nu >> 8); /* BE16: nonce bytes swapped w.r.t. the draw */
    m[UVW_SEEDBYTES + 1] = (unsigned char)nu;
    init_random_number(ctx, m, sizeof m);
}

/* The reference reads 64-bit draws into a size_t on a little-endian 64-bit
 * host; reading them as LE64 keeps its KATs on every host. */
uint64_t uvw_r64(DRNG_ctx *ctx)
{
    unsigned char b[8];
    get_random_number(ctx, b, 64);
    return uvw_load_le64(b);
}

uint16_t uvw_r16(DRNG_ctx *ctx)
{
    unsigned char b[2];
    get_random_number(ctx, b, 16);
    return (uint16_t)(b[0] | (unsigned)b[1] << 8);
}

unsigned uvw_r8(DRNG_ctx *ctx)
{
    unsigned char b[1];
    get_random_number(ctx, b, 8);
    return b[0];
}

void uvw_shuffle(DRNG_ctx *ctx, uint32_t *a, size_t len, size_t steps)
{
    size_t i;
    for (i = 0; i < steps; i++) {
        size_t j = i + (size_t)(uvw_r64(ctx) % (uint64_t)(len - i)); /* biased, as the reference */
        uint32_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* floor(81 * x / 2^64) and 81 * x mod 2^64, without a 128-bit type. */
static unsigned mul81(uint64_t *x)
{
    uint64_t lo32 = (*x & 0xFFFFFFFFu) * 81, hi32 = (*x >> 32) * 81;
    uint64_t lo = lo32 + (hi32 << 32);
    unsigned carry = lo < lo32;
    *x = lo;
    return (unsigned)(hi32 >> 32) + carry;
}

/* Trits delta_31 .. delta_0 of N(x) = floor(x * 3^32 / 2^64), most significant
 * first, are the integer parts of successive multiplications of the fraction
 * x / 2^64 by 3 (floor(floor(a)/b) = floor(a/b)); four at a time, by 81. The
 * four digits of one step land in columns 2j (j = their digit indices) of the
 * returned planes, which the caller shifts by one for the odd columns. */
static void spread(uint64_t x, const unsigned char *lut1, const unsigned char *lut2, f3word *p1,
                   f3word *p2)
{
    f3word a = 0, b = 0;
    int s;
    for (s = 0; s < 8; s++) {
        unsigned h = mul81(&x);
        unsigned shift = (unsigned)(56 - 8 * s); /* digits 28-4s .. 31-4s */
        a |= (f3word)lut1[h] << shift;
        b |= (f3word)lut2[h] << shift;
    }
    *p1 = a;
    *p2 = b;
}

void uvw_expand_matrix(uvw_mat *mat, const unsigned char *seed, uint16_t nu, size_t rows, size_t len)
{
    unsigned char buf[16 * UVW_AH];
    unsigned char lut1[81], lut2[81];
    size_t aw = UVW_WORDS(len), st = mat->st, r, l;
    f3word last = (len % 64) ? (((f3word)1 << (len % 64)) - 1) : ~(f3word)0;
    DRNG_ctx ctx;
    unsigned h;

    /* lut[h]: the 4 base-3 digits of h as one-hot bits 0, 2, 4, 6 (least
     * significant digit at bit 0) */
    for (h = 0; h < 81; h++) {
        unsigned v = h, i;
        lut1[h] = lut2[h] = 0;
        for (i = 0; i < 4; i++, v /= 3) {
            if (v % 3 == 1)
                lut1[h] |= (unsigned char)(1u << (2 * i));
            else if (v % 3 == 2)
                lut2[h] |= (unsigned char)(1u << (2 * i));
        }
    }
    uvw_loc_init(&ctx, seed, nu);
    for (r = 0; r < rows; r++) {
        f3word *row = mat->row[r];
        get_random_number(&ctx, buf, 128 * (unsigned long long)aw); /* one call per row */
        for (l = 0; l < aw; l++) {
            f3word e1, e2, o1, o2;
            spread(uvw_load_le64(buf + 8 * l), lut1, lut2, &e1, &e2);        /* even columns */
            spread(uvw_load_le64(buf + 8 * (aw + l)), lut1, lut2, &o1, &o2); /* odd columns */
            row[l] = e1 | (o1 << 1);
            row[st + l] = e2 | (o2 << 1);
        }
        /* stray columns past len stay 0: no output depends on them (2.3) */
        row[aw - 1] &= last;
        row[st + aw - 1] &= last;
    }
}

void uvw_expand_monomial(unsigned char *d, uint32_t *p, const unsigned char *seed, uint16_t nu)
{
    unsigned char buf[8 * UVW_AN];
    DRNG_ctx ctx;
    size_t i;

    uvw_loc_init(&ctx, seed, nu);
    get_random_number(&ctx, buf, 64 * (unsigned long long)UVW_AN);
    for (i = 0; i < UVW_N; i++) {
        d[i] = (unsigned char)(1 + ((buf[i / 8] >> (i % 8)) & 1));
        p[i] = (uint32_t)i;
    }
    uvw_shuffle(&ctx, p, UVW_N, UVW_N);
}
