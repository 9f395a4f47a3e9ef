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

void yy_poly_ntt(uint16_t a[YY_D])
{
    uint16_t pw[ORDER];
    unsigned k = 1;
    size_t len, start, j;

    psi_powers(pw);
    for (len = YY_D / 2; len >= NTT_D; len >>= 1) {
        for (start = 0; start < YY_D; start += 2 * len) {
            uint32_t zeta = pw[bitrev(k++)];
            for (j = start; j < start + len; j++) {
                uint32_t t = mulq(zeta, a[j + len]);
                a[j + len] = (uint16_t)((a[j] + YY_Q - t) % YY_Q);
                a[j] = (uint16_t)((a[j] + t) % YY_Q);
            }
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
            for (j = start; j < start + len; j++) {
                uint32_t x = a[j], y = a[j + len];
                a[j] = (uint16_t)((x + y) % YY_Q);
                a[j + len] = mulq(zinv, x + YY_Q - y);
            }
        }
    }
    for (j = 0; j < YY_D; j++)
        a[j] = mulq(scale, a[j]);
}

/* r = a * b mod (x^D - gamma). Sums of D products of two values below q fit
 * in 32 bits for every set (16 * 7680^2 < 2^30). */
static void residue_mul(uint16_t r[NTT_D], const uint16_t a[NTT_D], const uint16_t b[NTT_D], uint32_t gamma)
{
    uint32_t lo[NTT_D] = {0}, hi[NTT_D] = {0};
    size_t i, j;
    for (i = 0; i < NTT_D; i++) {
        for (j = 0; j < NTT_D - i; j++)
            lo[i + j] += (uint32_t)a[i] * b[j];
        for (; j < NTT_D; j++)
            hi[i + j - NTT_D] += (uint32_t)a[i] * b[j];
    }
    for (i = 0; i < NTT_D; i++)
        r[i] = (uint16_t)((lo[i] + mulq(gamma, hi[i] % YY_Q)) % YY_Q);
}

void yy_poly_basemul(uint16_t r[YY_D], const uint16_t a[YY_D], const uint16_t b[YY_D])
{
    uint16_t pw[ORDER];
    unsigned blk;
    psi_powers(pw);
    for (blk = 0; blk < NTT_BLOCKS; blk++)
        residue_mul(r + blk * NTT_D, a + blk * NTT_D, b + blk * NTT_D, residue_gamma(pw, blk));
}

/* The inverse in GF(q^D) = F_q[x]/(x^D - gamma) by the norm: with
 * q = 1 (mod D), Frobenius is a -> a^q: sum a_i x^i -> sum a_i (c x)^i,
 * c = gamma^((q-1)/D). P = a^q a^(q^2) ... a^(q^(D-1)) makes N = a P the norm,
 * an element of F_q, zero exactly when a = 0; then a^-1 = P N^-1.
 * Returns the norm. */
static uint16_t residue_inv(uint16_t r[NTT_D], const uint16_t a[NTT_D], uint32_t gamma)
{
    uint16_t c[NTT_D], conj[NTT_D], p[NTT_D], n[NTT_D];
    uint32_t frob = powq(gamma, (YY_Q - 1) / NTT_D), ninv;
    size_t i, t;

    c[0] = 1;
    for (i = 1; i < NTT_D; i++)
        c[i] = mulq(c[i - 1], frob);
    for (i = 0; i < NTT_D; i++) {
        conj[i] = a[i];
        p[i] = (uint16_t)(i == 0);
    }
    for (t = 1; t < NTT_D; t++) {
        for (i = 0; i < NTT_D; i++)
            conj[i] = mulq(conj[i], c[i]);
        residue_mul(p, p, conj, gamma);
    }
    residue_mul(n, a, p, gamma);
    ninv = powq(n[0], YY_Q - 2); /* 0 stays 0 */
    for (i = 0; i < NTT_D; i++)
        r[i] = mulq(p[i], ninv);
    return n[0];
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
