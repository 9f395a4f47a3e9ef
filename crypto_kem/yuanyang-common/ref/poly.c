/* poly.c - arithmetic in R_q = F_q[x]/(x^d + 1): products and the inverse of
 * f, through an incomplete negacyclic NTT (spec §6 allows any exact method).
 *
 * q - 1 is divisible by 2^(L+1) (L = YY_NTT_LEVELS) but by no higher power of
 * two, so x^d + 1 splits over F_q into 2^L irreducible binomials
 * x^D - gamma (D = d / 2^L; gamma of order 2^(L+1)). L levels of butterflies
 * take a polynomial to its 2^L residues; products and inverses then work on
 * D-coefficient residues, in the fields F_q[x]/(x^D - gamma) = GF(q^D).
 *
 * Twiddle factors are recomputed by each transform from YY_PSI (a few hundred
 * multiplications against d*L for the butterflies) rather than kept in
 * tables. */
#include "yuanyang.h"

#define NTT_BLOCKS (1 << YY_NTT_LEVELS) /* residues */
#define NTT_D (YY_D >> YY_NTT_LEVELS)   /* D: coefficients per residue */
#define ORDER (2 * NTT_BLOCKS)          /* multiplicative order of psi */

static uint16_t mulq(uint32_t a, uint32_t b)
{
    return (uint16_t)((a * b) % YY_Q);
}

/* x mod q for x < 2q, without a branch. */
static uint16_t csubq(uint32_t x)
{
    return (uint16_t)(x - (YY_Q & -((YY_Q - 1 - x) >> 31)));
}

static uint16_t powq(uint32_t a, uint32_t e)
{
    uint32_t r = 1;
    while (e > 0) {
        if (e & 1)
            r = mulq(r, a);
        a = mulq(a, a);
        e >>= 1;
    }
    return (uint16_t)r;
}

static unsigned bitrev(unsigned k)
{
    unsigned r = 0, i;
    for (i = 0; i < YY_NTT_LEVELS; i++)
        r |= ((k >> i) & 1u) << (YY_NTT_LEVELS - 1 - i);
    return r;
}

/* pw[i] = psi^i. Butterfly k (1 <= k < 2^L, in the usual level order) splits
 * x^(2m) - zeta_k^2 into (x^m - zeta_k)(x^m + zeta_k), zeta_k = psi^bitrev(k). */
static void psi_powers(uint16_t pw[ORDER])
{
    unsigned i;
    pw[0] = 1;
    for (i = 1; i < ORDER; i++)
        pw[i] = mulq(pw[i - 1], YY_PSI);
}

/* gamma of residue b: the last level's butterfly k = 2^(L-1) + b/2 leaves
 * x^D - zeta_k in the even residue and x^D + zeta_k in the odd one. */
static uint16_t residue_gamma(const uint16_t pw[ORDER], unsigned b)
{
    uint16_t z = pw[bitrev(NTT_BLOCKS / 2 + b / 2)];
    return (b & 1) ? (uint16_t)(YY_Q - z) : z;
}

void yy_poly_from_small(uint16_t r[YY_D], const int8_t a[YY_D])
{
    size_t i;
    for (i = 0; i < YY_D; i++)
        r[i] = (uint16_t)((uint32_t)(a[i] + YY_Q) % YY_Q); /* a[i] >= -128 > -q */
}

/* Butterflies run over 8 coefficients at a time (every level has at least
 * D >= 8 per half): a fixed trip count over non-aliasing halves is what lets
 * compilers vectorize them at -O2. */
#define CHUNK 8

static void ntt_chunk(uint16_t *restrict lo, uint16_t *restrict hi, uint32_t zeta)
{
    size_t j;
    for (j = 0; j < CHUNK; j++) {
        uint32_t t = (zeta * hi[j]) % YY_Q, x = lo[j];
        hi[j] = csubq(x + YY_Q - t);
        lo[j] = csubq(x + t);
    }
}

static void invntt_chunk(uint16_t *restrict lo, uint16_t *restrict hi, uint32_t zinv)
{
    size_t j;
    for (j = 0; j < CHUNK; j++) {
        uint32_t x = lo[j], y = hi[j];
        lo[j] = csubq(x + y);
        hi[j] = (uint16_t)((zinv * (x + YY_Q - y)) % YY_Q);
    }
}

void yy_poly_ntt(uint16_t a[YY_D])
{
    uint16_t pw[ORDER];
    unsigned k = 1;
    size_t len, start, j;

    psi_powers(pw);
    for (len = YY_D / 2; len >= NTT_D; len >>= 1) {
        for (start = 0; start < YY_D; start += 2 * len) {
            uint32_t zeta = pw[bitrev(k++)];
            for (j = start; j < start + len; j += CHUNK)
                ntt_chunk(a + j, a + j + len, zeta);
        }
    }
}

/* Each level undone: lo = (A + B) / 2, hi = (A - B) / (2 zeta); the halves
 * are collected into one factor 2^-L at the end. */
void yy_poly_invntt(uint16_t a[YY_D])
{
    uint16_t pw[ORDER];
    uint32_t scale = powq((YY_Q + 1) / 2, YY_NTT_LEVELS); /* 2^-L */
    size_t len, start, j;

    psi_powers(pw);
    for (len = NTT_D; len <= YY_D / 2; len <<= 1) {
        for (start = 0; start < YY_D; start += 2 * len) {
            unsigned k = (unsigned)(YY_D / (2 * len) + start / (2 * len));
            uint32_t zinv = pw[ORDER - bitrev(k)]; /* psi^-bitrev(k); bitrev(k) >= 1 */
            for (j = start; j < start + len; j += CHUNK)
                invntt_chunk(a + j, a + j + len, zinv);
        }
    }
    for (j = 0; j < YY_D; j++)
        a[j] = mulq(scale, a[j]);
}

/* r = a * b mod (x^D - gamma): the full product, then x^D = gamma. Sums of
 * D products of two values below q fit in 32 bits for every set
 * (16 * 7680^2 < 2^30). r may alias a or b. */
static void residue_mul(uint16_t r[NTT_D], const uint16_t a[NTT_D], const uint16_t b[NTT_D], uint32_t gamma)
{
    uint32_t acc[2 * NTT_D] = {0};
    size_t i, j;
    for (i = 0; i < NTT_D; i++)
        for (j = 0; j < NTT_D; j++)
            acc[i + j] += (uint32_t)a[i] * b[j];
    for (i = 0; i < NTT_D; i++)
        r[i] = (uint16_t)((acc[i] + gamma * (acc[i + NTT_D] % YY_Q)) % YY_Q);
}

void yy_poly_basemul(uint16_t r[YY_D], const uint16_t a[YY_D], const uint16_t b[YY_D])
{
    uint16_t pw[ORDER];
    unsigned blk;
    psi_powers(pw);
    for (blk = 0; blk < NTT_BLOCKS; blk++)
        residue_mul(r + blk * NTT_D, a + blk * NTT_D, b + blk * NTT_D, residue_gamma(pw, blk));
}

/* r = sigma^j(x), sigma the Frobenius a -> a^q of GF(q^D). With q = 1
 * (mod D), x^q = c x in F_q[x]/(x^D - gamma), c = gamma^((q-1)/D), so
 * sigma^j multiplies coefficient i by c^(i j). */
static void frobenius(uint16_t r[NTT_D], const uint16_t x[NTT_D], uint32_t c, unsigned j)
{
    uint32_t cj = powq(c, j), f = 1;
    size_t i;
    for (i = 0; i < NTT_D; i++) {
        r[i] = mulq(x[i], f);
        f = mulq(f, cj);
    }
}

/* The inverse in GF(q^D) = F_q[x]/(x^D - gamma) through the norm
 * N = a sigma(a) ... sigma^(D-1)(a), an element of F_q that is zero exactly
 * when a is: a^-1 = N^-1 sigma(a) ... sigma^(D-1)(a). The product of
 * conjugates is built by doubling (Itoh-Tsujii): U_k = a sigma(a) ...
 * sigma^(2^k - 2)(a) gives U_(k+1) = U_k sigma^(2^k - 1)(U_k)
 * sigma^(2^(k+1) - 2)(a), and sigma(U_t) (2^t = D) is the wanted product.
 * Returns N. */
static uint16_t residue_inv(uint16_t r[NTT_D], const uint16_t a[NTT_D], uint32_t gamma)
{
    uint16_t u[NTT_D], t[NTT_D], p[NTT_D];
    uint32_t c = powq(gamma, (YY_Q - 1) / NTT_D), n, ninv;
    unsigned m; /* 2^k, for u = U_k */
    size_t i;

    for (i = 0; i < NTT_D; i++)
        u[i] = a[i];
    for (m = 2; m < NTT_D; m <<= 1) { /* u = U_1 = a */
        frobenius(t, u, c, m - 1);
        residue_mul(u, u, t, gamma);
        frobenius(t, a, c, 2 * m - 2);
        residue_mul(u, u, t, gamma);
    }
    frobenius(p, u, c, 1);
    /* N = (a p)_0 = a_0 p_0 + gamma sum_(i>0) a_i p_(D-i) */
    n = 0;
    for (i = 1; i < NTT_D; i++)
        n += (uint32_t)a[i] * p[NTT_D - i];
    n = (mulq(gamma, n % YY_Q) + (uint32_t)a[0] * p[0]) % YY_Q;
    ninv = powq(n, YY_Q - 2); /* 0 stays 0 */
    for (i = 0; i < NTT_D; i++)
        r[i] = mulq(p[i], ninv);
    return (uint16_t)n;
}

int yy_poly_baseinv(uint16_t r[YY_D], const uint16_t a[YY_D])
{
    uint16_t pw[ORDER];
    uint32_t zero = 0;
    unsigned blk;
    psi_powers(pw);
    for (blk = 0; blk < NTT_BLOCKS; blk++) {
        uint32_t norm = residue_inv(r + blk * NTT_D, a + blk * NTT_D, residue_gamma(pw, blk));
        zero |= (norm - 1) >> 31; /* norm == 0 */
    }
    return -(int)zero;
}
