/* gf2.c - binary polynomials modulo x^n + 1 (n = d/2, a power of two), 64
 * coefficients per word: the mod-2 inverse of f kept in the secret key
 * (spec §6.3), the decoding product y = w * F2inv and the integer
 * correlations of the error correction (spec §10.1 steps 5-7).
 *
 * Everything here touches secrets and runs in time independent of them: the
 * only branches and indices depend on n. */
#include "yuanyang.h"

static unsigned popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}

static unsigned bit(const uint64_t a[YY_W], size_t i)
{
    return (unsigned)(a[i / 64] >> (i % 64)) & 1u;
}

void yy_gf2_from_small(uint64_t r[YY_W], const int8_t a[YY_D])
{
    size_t i;
    for (i = 0; i < YY_W; i++)
        r[i] = 0;
    for (i = 0; i < YY_N; i++)
        r[i / 64] |= (uint64_t)((unsigned)(a[i] + a[i + YY_N]) & 1u) << (i % 64);
}

/* Comb multiplication: for each bit position s of a word (high to low), the
 * words of a whose bit s is set add b at their word offset, and the
 * double-length accumulator moves up one bit between positions. The product
 * (degree < 2n) then folds onto x^n = 1. Masks, not branches, select. */
void yy_gf2_mul(uint64_t r[YY_W], const uint64_t a[YY_W], const uint64_t b[YY_W])
{
    uint64_t acc[2 * YY_W] = {0};
    size_t i, j, w;
    int s;

    for (s = 63; s >= 0; s--) {
        for (i = 0; i < YY_W; i++) {
            uint64_t mask = -((a[i] >> s) & 1);
            for (j = 0; j < YY_W; j++)
                acc[i + j] ^= b[j] & mask;
        }
        if (s > 0) {
            for (w = 2 * YY_W - 1; w > 0; w--)
                acc[w] = (acc[w] << 1) | (acc[w - 1] >> 63);
            acc[0] <<= 1;
        }
    }
    for (w = 0; w < YY_W; w++)
        r[w] = acc[w] ^ acc[w + YY_W];
}

/* a^2 = sum a_i x^(2i mod n): squaring is a permutation plus folding. */
static void square(uint64_t r[YY_W], const uint64_t a[YY_W])
{
    uint64_t acc[YY_W] = {0};
    size_t i, w;
    for (i = 0; i < YY_N; i++) {
        size_t j = (2 * i) % YY_N;
        acc[j / 64] ^= (uint64_t)bit(a, i) << (j % 64);
    }
    for (w = 0; w < YY_W; w++)
        r[w] = acc[w];
}

/* x^n + 1 = (x + 1)^n over F_2 with n = 2^t, so a^n = a(1) = 1 for odd
 * weight and a^-1 = a^(n-1) = a * a^2 * a^4 * ... * a^(2^(t-1)). */
void yy_gf2_inv(uint64_t r[YY_W], const uint64_t a[YY_W])
{
    uint64_t acc[YY_W], sq[YY_W];
    size_t w, e;
    for (w = 0; w < YY_W; w++)
        acc[w] = sq[w] = a[w];
    for (e = 2; e < YY_N; e <<= 1) {
        square(sq, sq);
        yy_gf2_mul(acc, acc, sq);
    }
    for (w = 0; w < YY_W; w++)
        r[w] = acc[w];
}

void yy_gf2_rotl(uint64_t r[YY_W], const uint64_t a[YY_W], unsigned k)
{
    uint64_t acc[YY_W];
    size_t ws = k / 64, bs = k % 64, w;
    for (w = 0; w < YY_W; w++) {
        uint64_t lo = a[(w + YY_W - ws) % YY_W];
        uint64_t carry = a[(w + 2 * YY_W - ws - 1) % YY_W];
        acc[w] = bs == 0 ? lo : (lo << bs) | (carry >> (64 - bs));
    }
    for (w = 0; w < YY_W; w++)
        r[w] = acc[w];
}

/* A barrel shifter: every power of two is rotated by and kept or not under
 * a mask. */
void yy_gf2_rotl_secret(uint64_t r[YY_W], const uint64_t a[YY_W], unsigned k)
{
    uint64_t cur[YY_W], rot[YY_W];
    unsigned s;
    size_t w;
    for (w = 0; w < YY_W; w++)
        cur[w] = a[w];
    for (s = 1; s < YY_N; s <<= 1) {
        uint64_t keep = -(uint64_t)((k & s) != 0);
        yy_gf2_rotl(rot, cur, s);
        for (w = 0; w < YY_W; w++)
            cur[w] ^= (cur[w] ^ rot[w]) & keep;
    }
    for (w = 0; w < YY_W; w++)
        r[w] = cur[w];
}

/* With b reversed (rev_j = b_(-j mod n)), x^k * rev has b_(k-j) at j, so
 * dot[k] is the weight of a AND (x^k * rev). The 64 bit-rotations of rev are
 * made once; x^k * rev for k = 64 m + t is rotation t moved by m words. Only
 * the first aw words of a may be nonzero (callers know their degree). */
void yy_gf2_intconv(uint16_t dot[YY_N], const uint64_t a[YY_W], size_t aw, const uint64_t b[YY_W])
{
    uint64_t rev[YY_W] = {0}, rot[64][YY_W];
    size_t i, m, t, w;

    for (i = 0; i < YY_N; i++) {
        size_t j = (YY_N - i) % YY_N;
        rev[j / 64] |= (uint64_t)bit(b, i) << (j % 64);
    }
    for (t = 0; t < 64; t++)
        yy_gf2_rotl(rot[t], rev, (unsigned)t);
    for (m = 0; m < YY_W; m++) {
        for (t = 0; t < 64; t++) {
            unsigned sum = 0;
            for (w = 0; w < aw; w++)
                sum += popcount64(a[w] & rot[t][(w + YY_W - m) % YY_W]);
            dot[64 * m + t] = (uint16_t)sum;
        }
    }
}

unsigned yy_gf2_weight(const uint64_t *a, size_t words)
{
    unsigned sum = 0;
    size_t w;
    for (w = 0; w < words; w++)
        sum += popcount64(a[w]);
    return sum;
}
