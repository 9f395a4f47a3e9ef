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

/* r = x * a (r != a). */
static void rotl1(uint64_t r[YY_W], const uint64_t a[YY_W])
{
    size_t w;
    r[0] = (a[0] << 1) | (a[YY_W - 1] >> 63);
    for (w = 1; w < YY_W; w++)
        r[w] = (a[w] << 1) | (a[w - 1] >> 63);
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

/* Shift-and-add over the bits of a, each one masking a rotation of b. */
void yy_gf2_mul(uint64_t r[YY_W], const uint64_t a[YY_W], const uint64_t b[YY_W])
{
    uint64_t acc[YY_W] = {0}, cur[YY_W], nxt[YY_W];
    size_t i, w;

    for (w = 0; w < YY_W; w++)
        cur[w] = b[w];
    for (i = 0; i < YY_N; i++) {
        uint64_t mask = -(uint64_t)bit(a, i);
        for (w = 0; w < YY_W; w++)
            acc[w] ^= cur[w] & mask;
        rotl1(nxt, cur);
        for (w = 0; w < YY_W; w++)
            cur[w] = nxt[w];
    }
    for (w = 0; w < YY_W; w++)
        r[w] = acc[w];
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
 * dot[k] is the weight of a AND (x^k * rev). */
void yy_gf2_intconv(uint16_t dot[YY_N], const uint64_t a[YY_W], const uint64_t b[YY_W])
{
    uint64_t cur[YY_W] = {0}, nxt[YY_W];
    size_t i, w;

    for (i = 0; i < YY_N; i++) {
        size_t j = (YY_N - i) % YY_N;
        cur[j / 64] |= (uint64_t)bit(b, i) << (j % 64);
    }
    for (i = 0; i < YY_N; i++) {
        unsigned sum = 0;
        for (w = 0; w < YY_W; w++)
            sum += popcount64(a[w] & cur[w]);
        dot[i] = (uint16_t)sum;
        rotl1(nxt, cur);
        for (w = 0; w < YY_W; w++)
            cur[w] = nxt[w];
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
