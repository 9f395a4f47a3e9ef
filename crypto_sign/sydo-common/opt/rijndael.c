/* rijndael.c - Rijndael for SYDO (spec P2) on AES-NI: ref's rijndael.c is
 * included with its entry points renamed *_portable (the fallback), and
 * each entry point chooses at run time (sydo-opt.h). The key schedule keeps
 * ref's layout (round-key words, byte 0 low), so either backend's schedule
 * serves either encryption.
 *
 * AES-NI path. AESENC is ShiftRows, SubBytes, MixColumns and AddRoundKey of
 * a four-column state. SubBytes and MixColumns are the same for every block
 * length, only ShiftRows differs, and a byte permutation commutes with
 * SubBytes: a wide state (6 or 8 columns, in two registers A and B) is first
 * permuted so that AES's own ShiftRows of each register lands every byte
 * where the wide ShiftRows puts it (two PSHUFB per register, tables below),
 * then each register takes one AESENC. SubWord of the key schedule is
 * AESENCLAST of the word in all four columns (ShiftRows then moves nothing).
 * No table lookups: the tree PRG is keyed by secret nodes. */
#include <string.h>

#include "sydo-opt.h"

void sydo_rijndael_setkey_portable(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb);
void sydo_rijndael_encrypt_portable(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out);

#define sydo_rijndael_setkey sydo_rijndael_setkey_portable
#define sydo_rijndael_encrypt sydo_rijndael_encrypt_portable
#include "../ref/rijndael.c"
#undef sydo_rijndael_setkey
#undef sydo_rijndael_encrypt

#if SYDO_X86
#include <immintrin.h>

#define AESNI __attribute__((target("aes,sse4.1")))

/* perm[nb == 8][register h][source A or B]: byte p of the register that
 * AESENC takes for output columns 4h..4h+3 (-128: from the other source,
 * or a column past Nb, left zero). Output column c = 4h + ((p/4 - p%4) mod 4)
 * row r = p%4 comes from column (c + offset_r) mod Nb, offsets 1, 2, 3 at
 * Nb = 6 and 1, 3, 4 at Nb = 8. */
static const int8_t perm[2][2][2][16] = {
    {{{0, -128, -128, -128, 4, 5, -128, -128, 8, 9, 10, 3, 12, 13, 14, 15},
      {-128, 1, 2, 3, -128, -128, 6, 7, -128, -128, -128, -128, -128, -128, -128, -128}},
     {{-128, -128, -128, 11, -128, -128, -128, -128, -128, 1, 2, -128, -128, -128, 6, 7},
      {0, -128, -128, -128, 4, 5, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128}}},
    {{{0, -128, -128, -128, 4, 5, -128, -128, 8, 9, 14, -128, 12, 13, -128, -128},
      {-128, 1, 6, 7, -128, -128, 10, 11, -128, -128, -128, 15, -128, -128, 2, 3}},
     {{-128, 1, 6, 7, -128, -128, 10, 11, -128, -128, -128, 15, -128, -128, 2, 3},
      {0, -128, -128, -128, 4, 5, -128, -128, 8, 9, 14, -128, 12, 13, -128, -128}}},
};

AESNI static uint32_t subword_hw(uint32_t x)
{
    __m128i v = _mm_set1_epi32((int)x);
    return (uint32_t)_mm_cvtsi128_si32(_mm_aesenclast_si128(v, _mm_setzero_si128()));
}

/* the schedule for nk = 6 or 8, constant after inlining: no division */
AESNI static inline void expand_hw(uint32_t *rk, unsigned nk, unsigned total)
{
    unsigned i, j;
    uint32_t rcon = 1, t;
    for (i = nk; i < total; i += nk) {
        t = rk[i - 1];
        t = subword_hw((t >> 8) | (t << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        rk[i] = rk[i - nk] ^ t;
        for (j = 1; j < nk && i + j < total; j++) {
            t = rk[i + j - 1];
            if (nk > 6 && j == 4)
                t = subword_hw(t);
            rk[i + j] = rk[i + j - nk] ^ t;
        }
    }
}

/* the tree PRG's schedules (Nb = Nk: whole groups of Nk words), unrolled */
AESNI static void expand6_hw(uint32_t *rk, unsigned total)
{
    uint32_t rcon = 1, w0 = rk[0], w1 = rk[1], w2 = rk[2], w3 = rk[3], w4 = rk[4], w5 = rk[5];
    unsigned i;
    for (i = 6; i < total; i += 6) {
        w0 ^= subword_hw((w5 >> 8) | (w5 << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        w1 ^= w0;
        w2 ^= w1;
        w3 ^= w2;
        w4 ^= w3;
        w5 ^= w4;
        rk[i] = w0, rk[i + 1] = w1, rk[i + 2] = w2, rk[i + 3] = w3, rk[i + 4] = w4, rk[i + 5] = w5;
    }
}

AESNI static void expand8_hw(uint32_t *rk, unsigned total)
{
    uint32_t rcon = 1, w0 = rk[0], w1 = rk[1], w2 = rk[2], w3 = rk[3], w4 = rk[4], w5 = rk[5], w6 = rk[6],
             w7 = rk[7];
    unsigned i;
    for (i = 8; i < total; i += 8) {
        w0 ^= subword_hw((w7 >> 8) | (w7 << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        w1 ^= w0;
        w2 ^= w1;
        w3 ^= w2;
        w4 ^= subword_hw(w3);
        w5 ^= w4;
        w6 ^= w5;
        w7 ^= w6;
        rk[i] = w0, rk[i + 1] = w1, rk[i + 2] = w2, rk[i + 3] = w3;
        rk[i + 4] = w4, rk[i + 5] = w5, rk[i + 6] = w6, rk[i + 7] = w7;
    }
}

AESNI static void setkey_hw(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb)
{
    ks->nb = nb;
    ks->nr = (nk > nb ? nk : nb) + 6;
    memcpy(ks->rk, key, 4 * nk); /* little-endian words: x86 */
    if (nk == nb && nk == 6)
        expand6_hw(ks->rk, 6 * (ks->nr + 1));
    else if (nk == nb && nk == 8)
        expand8_hw(ks->rk, 8 * (ks->nr + 1));
    else if (nk == 6)
        expand_hw(ks->rk, 6, nb * (ks->nr + 1));
    else if (nk == 8)
        expand_hw(ks->rk, 8, nb * (ks->nr + 1));
    else
        expand_hw(ks->rk, nk, nb * (ks->nr + 1)); /* AES-128 of the tests */
}

/* AES (Nb = 4): four blocks interleaved, then one at a time */
AESNI static void enc4_hw(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    __m128i k[15], s0, s1, s2, s3;
    unsigned r, nr = ks->nr;
    for (r = 0; r <= nr; r++)
        k[r] = _mm_loadu_si128((const __m128i *)(ks->rk + 4 * r));
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        s0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k[0]);
        s1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16)), k[0]);
        s2 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 32)), k[0]);
        s3 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 48)), k[0]);
        for (r = 1; r < nr; r++) {
            s0 = _mm_aesenc_si128(s0, k[r]);
            s1 = _mm_aesenc_si128(s1, k[r]);
            s2 = _mm_aesenc_si128(s2, k[r]);
            s3 = _mm_aesenc_si128(s3, k[r]);
        }
        _mm_storeu_si128((__m128i *)out, _mm_aesenclast_si128(s0, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 16), _mm_aesenclast_si128(s1, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 32), _mm_aesenclast_si128(s2, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 48), _mm_aesenclast_si128(s3, k[nr]));
    }
    for (; n; n--, in += 16, out += 16) {
        s0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k[0]);
        for (r = 1; r < nr; r++)
            s0 = _mm_aesenc_si128(s0, k[r]);
        _mm_storeu_si128((__m128i *)out, _mm_aesenclast_si128(s0, k[nr]));
    }
}

/* one wide round of the state (a, b) with round key (ka, kb): ENC is
 * _mm_aesenc_si128 or _mm_aesenclast_si128 */
#define WIDE_ROUND(ENC, a, b, ka, kb)                                                                        \
    do {                                                                                                     \
        __m128i x0_ = _mm_or_si128(_mm_shuffle_epi8(a, p0a), _mm_shuffle_epi8(b, p0b));                      \
        __m128i x1_ = _mm_or_si128(_mm_shuffle_epi8(a, p1a), _mm_shuffle_epi8(b, p1b));                      \
        a = ENC(x0_, ka);                                                                                    \
        b = ENC(x1_, kb);                                                                                    \
    } while (0)

/* Rijndael-192 and -256: bytes 16 .. 4nb-1 of a block in the low part of b;
 * two blocks interleaved, then one */
/* the bytes 16 .. 4nb-1 of a block or round key (8 at Nb = 6, 16 at 8) */
#define LOADHI(p) (hi == 8 ? _mm_loadl_epi64((const __m128i *)(p)) : _mm_loadu_si128((const __m128i *)(p)))
#define STOREHI(p, x)                                                                                        \
    do {                                                                                                     \
        if (hi == 8)                                                                                         \
            _mm_storel_epi64((__m128i *)(p), x);                                                             \
        else                                                                                                 \
            _mm_storeu_si128((__m128i *)(p), x);                                                             \
    } while (0)

/* Rijndael-192 and -256: bytes 16 .. 4nb-1 of a block in the low part of b;
 * two blocks interleaved, then one */
AESNI static void encwide_hw(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    const unsigned nb = ks->nb, nr = ks->nr, w = nb == 8;
    const __m128i p0a = _mm_loadu_si128((const __m128i *)perm[w][0][0]);
    const __m128i p0b = _mm_loadu_si128((const __m128i *)perm[w][0][1]);
    const __m128i p1a = _mm_loadu_si128((const __m128i *)perm[w][1][0]);
    const __m128i p1b = _mm_loadu_si128((const __m128i *)perm[w][1][1]);
    __m128i ka[15], kb[15], a0, b0, a1, b1;
    unsigned r, bl = 4 * nb, hi = bl - 16;
    for (r = 0; r <= nr; r++) {
        ka[r] = _mm_loadu_si128((const __m128i *)(ks->rk + nb * r));
        kb[r] = LOADHI(ks->rk + nb * r + 4);
    }
    for (; n >= 2; n -= 2, in += 2 * bl, out += 2 * bl) {
        a0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), ka[0]);
        b0 = _mm_xor_si128(LOADHI(in + 16), kb[0]);
        a1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + bl)), ka[0]);
        b1 = _mm_xor_si128(LOADHI(in + bl + 16), kb[0]);
        for (r = 1; r < nr; r++) {
            WIDE_ROUND(_mm_aesenc_si128, a0, b0, ka[r], kb[r]);
            WIDE_ROUND(_mm_aesenc_si128, a1, b1, ka[r], kb[r]);
        }
        WIDE_ROUND(_mm_aesenclast_si128, a0, b0, ka[nr], kb[nr]);
        WIDE_ROUND(_mm_aesenclast_si128, a1, b1, ka[nr], kb[nr]);
        _mm_storeu_si128((__m128i *)out, a0);
        STOREHI(out + 16, b0);
        _mm_storeu_si128((__m128i *)(out + bl), a1);
        STOREHI(out + bl + 16, b1);
    }
    if (n) {
        a0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), ka[0]);
        b0 = _mm_xor_si128(LOADHI(in + 16), kb[0]);
        for (r = 1; r < nr; r++)
            WIDE_ROUND(_mm_aesenc_si128, a0, b0, ka[r], kb[r]);
        WIDE_ROUND(_mm_aesenclast_si128, a0, b0, ka[nr], kb[nr]);
        _mm_storeu_si128((__m128i *)out, a0);
        STOREHI(out + 16, b0);
    }
}

/* the same, VEX-encoded for the avx2 and avx512 levels (three-operand
 * instructions: no register copies) */
#define AESV __attribute__((target("aes,avx2")))
AESV static uint32_t subword_hwv(uint32_t x)
{
    __m128i v = _mm_set1_epi32((int)x);
    return (uint32_t)_mm_cvtsi128_si32(_mm_aesenclast_si128(v, _mm_setzero_si128()));
}

/* the schedule for nk = 6 or 8, constant after inlining: no division */
AESV static inline void expand_hwv(uint32_t *rk, unsigned nk, unsigned total)
{
    unsigned i, j;
    uint32_t rcon = 1, t;
    for (i = nk; i < total; i += nk) {
        t = rk[i - 1];
        t = subword_hwv((t >> 8) | (t << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        rk[i] = rk[i - nk] ^ t;
        for (j = 1; j < nk && i + j < total; j++) {
            t = rk[i + j - 1];
            if (nk > 6 && j == 4)
                t = subword_hwv(t);
            rk[i + j] = rk[i + j - nk] ^ t;
        }
    }
}

/* the tree PRG's schedules (Nb = Nk: whole groups of Nk words), unrolled */
AESV static void expand6_hwv(uint32_t *rk, unsigned total)
{
    uint32_t rcon = 1, w0 = rk[0], w1 = rk[1], w2 = rk[2], w3 = rk[3], w4 = rk[4], w5 = rk[5];
    unsigned i;
    for (i = 6; i < total; i += 6) {
        w0 ^= subword_hwv((w5 >> 8) | (w5 << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        w1 ^= w0;
        w2 ^= w1;
        w3 ^= w2;
        w4 ^= w3;
        w5 ^= w4;
        rk[i] = w0, rk[i + 1] = w1, rk[i + 2] = w2, rk[i + 3] = w3, rk[i + 4] = w4, rk[i + 5] = w5;
    }
}

AESV static void expand8_hwv(uint32_t *rk, unsigned total)
{
    uint32_t rcon = 1, w0 = rk[0], w1 = rk[1], w2 = rk[2], w3 = rk[3], w4 = rk[4], w5 = rk[5], w6 = rk[6],
             w7 = rk[7];
    unsigned i;
    for (i = 8; i < total; i += 8) {
        w0 ^= subword_hwv((w7 >> 8) | (w7 << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        w1 ^= w0;
        w2 ^= w1;
        w3 ^= w2;
        w4 ^= subword_hwv(w3);
        w5 ^= w4;
        w6 ^= w5;
        w7 ^= w6;
        rk[i] = w0, rk[i + 1] = w1, rk[i + 2] = w2, rk[i + 3] = w3;
        rk[i + 4] = w4, rk[i + 5] = w5, rk[i + 6] = w6, rk[i + 7] = w7;
    }
}

AESV static void setkey_hwv(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb)
{
    ks->nb = nb;
    ks->nr = (nk > nb ? nk : nb) + 6;
    memcpy(ks->rk, key, 4 * nk); /* little-endian words: x86 */
    if (nk == nb && nk == 6)
        expand6_hwv(ks->rk, 6 * (ks->nr + 1));
    else if (nk == nb && nk == 8)
        expand8_hwv(ks->rk, 8 * (ks->nr + 1));
    else if (nk == 6)
        expand_hwv(ks->rk, 6, nb * (ks->nr + 1));
    else if (nk == 8)
        expand_hwv(ks->rk, 8, nb * (ks->nr + 1));
    else
        expand_hwv(ks->rk, nk, nb * (ks->nr + 1)); /* AES-128 of the tests */
}

/* AES (Nb = 4): four blocks interleaved, then one at a time */
AESV static void enc4_hwv(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    __m128i k[15], s0, s1, s2, s3;
    unsigned r, nr = ks->nr;
    for (r = 0; r <= nr; r++)
        k[r] = _mm_loadu_si128((const __m128i *)(ks->rk + 4 * r));
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        s0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k[0]);
        s1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16)), k[0]);
        s2 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 32)), k[0]);
        s3 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 48)), k[0]);
        for (r = 1; r < nr; r++) {
            s0 = _mm_aesenc_si128(s0, k[r]);
            s1 = _mm_aesenc_si128(s1, k[r]);
            s2 = _mm_aesenc_si128(s2, k[r]);
            s3 = _mm_aesenc_si128(s3, k[r]);
        }
        _mm_storeu_si128((__m128i *)out, _mm_aesenclast_si128(s0, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 16), _mm_aesenclast_si128(s1, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 32), _mm_aesenclast_si128(s2, k[nr]));
        _mm_storeu_si128((__m128i *)(out + 48), _mm_aesenclast_si128(s3, k[nr]));
    }
    for (; n; n--, in += 16, out += 16) {
        s0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k[0]);
        for (r = 1; r < nr; r++)
            s0 = _mm_aesenc_si128(s0, k[r]);
        _mm_storeu_si128((__m128i *)out, _mm_aesenclast_si128(s0, k[nr]));
    }
}



/* Rijndael-192 and -256: bytes 16 .. 4nb-1 of a block in the low part of b;
 * two blocks interleaved, then one */
AESV static void encwide_hwv(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    const unsigned nb = ks->nb, nr = ks->nr, w = nb == 8;
    const __m128i p0a = _mm_loadu_si128((const __m128i *)perm[w][0][0]);
    const __m128i p0b = _mm_loadu_si128((const __m128i *)perm[w][0][1]);
    const __m128i p1a = _mm_loadu_si128((const __m128i *)perm[w][1][0]);
    const __m128i p1b = _mm_loadu_si128((const __m128i *)perm[w][1][1]);
    __m128i ka[15], kb[15], a0, b0, a1, b1;
    unsigned r, bl = 4 * nb, hi = bl - 16;
    for (r = 0; r <= nr; r++) {
        ka[r] = _mm_loadu_si128((const __m128i *)(ks->rk + nb * r));
        kb[r] = LOADHI(ks->rk + nb * r + 4);
    }
    for (; n >= 2; n -= 2, in += 2 * bl, out += 2 * bl) {
        a0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), ka[0]);
        b0 = _mm_xor_si128(LOADHI(in + 16), kb[0]);
        a1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + bl)), ka[0]);
        b1 = _mm_xor_si128(LOADHI(in + bl + 16), kb[0]);
        for (r = 1; r < nr; r++) {
            WIDE_ROUND(_mm_aesenc_si128, a0, b0, ka[r], kb[r]);
            WIDE_ROUND(_mm_aesenc_si128, a1, b1, ka[r], kb[r]);
        }
        WIDE_ROUND(_mm_aesenclast_si128, a0, b0, ka[nr], kb[nr]);
        WIDE_ROUND(_mm_aesenclast_si128, a1, b1, ka[nr], kb[nr]);
        _mm_storeu_si128((__m128i *)out, a0);
        STOREHI(out + 16, b0);
        _mm_storeu_si128((__m128i *)(out + bl), a1);
        STOREHI(out + bl + 16, b1);
    }
    if (n) {
        a0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), ka[0]);
        b0 = _mm_xor_si128(LOADHI(in + 16), kb[0]);
        for (r = 1; r < nr; r++)
            WIDE_ROUND(_mm_aesenc_si128, a0, b0, ka[r], kb[r]);
        WIDE_ROUND(_mm_aesenclast_si128, a0, b0, ka[nr], kb[nr]);
        _mm_storeu_si128((__m128i *)out, a0);
        STOREHI(out + 16, b0);
    }
}

/* the avx512 level: VAES on 512-bit registers. Rijndael-192/256: two wide
 * blocks a register, block q in lanes 2q (columns 0..3) and 2q + 1 (columns
 * 4 .. nb-1, the rest of the lane unused); one VPERMB does the pre-permutation
 * of both blocks (perm, the unused bytes left where they are) and one VAESENC
 * the round. AES: four blocks a register. */
#define AESZ __attribute__((target("aes,avx2,avx512f,avx512bw,avx512vbmi,vaes")))

static __mmask64 bytes_mask(size_t k)
{
    return k >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << k) - 1);
}

AESZ static void encwide_z(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    const unsigned nb = ks->nb, nr = ks->nr, w = nb == 8, bl = 4 * nb;
    uint8_t pidx[64], lidx[64], sidx[64];
    __m512i P, LD, ST, K[15], x0, x1;
    unsigned L, p, r, q, o;
    for (L = 0; L < 4; L++)
        for (p = 0; p < 16; p++) {
            int a = perm[w][L % 2][0][p], b = perm[w][L % 2][1][p];
            q = L / 2;
            pidx[16 * L + p] = (uint8_t)(a >= 0 ? 32 * q + (unsigned)a : b >= 0 ? 32 * q + 16 + (unsigned)b : 16 * L + p);
            /* Nb = 6: block q is bytes 24q .. 24q + 23 of the packed input */
            lidx[16 * L + p] = (uint8_t)(L % 2 == 0 ? 24 * q + p : 24 * q + 16 + (p < 8 ? p : 0));
        }
    for (o = 0; o < 64; o++)
        sidx[o] = (uint8_t)(o < 48 ? 32 * (o / 24) + o % 24 : 0);
    P = _mm512_loadu_si512((const void *)pidx);
    LD = _mm512_loadu_si512((const void *)lidx);
    ST = _mm512_loadu_si512((const void *)sidx);
    for (r = 0; r <= nr; r++) {
        __m128i ka = _mm_loadu_si128((const __m128i *)(ks->rk + nb * r));
        __m128i kb = w ? _mm_loadu_si128((const __m128i *)(ks->rk + nb * r + 4))
                       : _mm_loadl_epi64((const __m128i *)(ks->rk + nb * r + 4));
        K[r] = _mm512_broadcast_i64x4(_mm256_set_m128i(kb, ka));
    }
    while (n > 0) {
        size_t c0 = n < 2 ? n : 2, c1 = n - c0 < 2 ? n - c0 : 2;
        __mmask64 m0 = bytes_mask(bl * c0), m1 = bytes_mask(bl * c1);
        x0 = _mm512_maskz_loadu_epi8(m0, in);
        x1 = _mm512_maskz_loadu_epi8(m1, in + bl * c0);
        if (!w) {
            x0 = _mm512_permutexvar_epi8(LD, x0);
            x1 = _mm512_permutexvar_epi8(LD, x1);
        }
        x0 = _mm512_xor_si512(x0, K[0]);
        x1 = _mm512_xor_si512(x1, K[0]);
        for (r = 1; r < nr; r++) {
            x0 = _mm512_aesenc_epi128(_mm512_permutexvar_epi8(P, x0), K[r]);
            x1 = _mm512_aesenc_epi128(_mm512_permutexvar_epi8(P, x1), K[r]);
        }
        x0 = _mm512_aesenclast_epi128(_mm512_permutexvar_epi8(P, x0), K[nr]);
        x1 = _mm512_aesenclast_epi128(_mm512_permutexvar_epi8(P, x1), K[nr]);
        if (!w) {
            x0 = _mm512_permutexvar_epi8(ST, x0);
            x1 = _mm512_permutexvar_epi8(ST, x1);
        }
        _mm512_mask_storeu_epi8(out, m0, x0);
        _mm512_mask_storeu_epi8(out + bl * c0, m1, x1);
        in += bl * (c0 + c1);
        out += bl * (c0 + c1);
        n -= c0 + c1;
    }
}

AESZ static void enc4_z(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    const unsigned nr = ks->nr;
    __m512i K[15], x[4];
    unsigned r, i;
    for (r = 0; r <= nr; r++)
        K[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(ks->rk + 4 * r)));
    while (n > 0) {
        size_t c[4], left = n, done = 0;
        __mmask64 m[4];
        SYDO_UNROLL
        for (i = 0; i < 4; i++) {
            c[i] = left < 4 ? left : 4;
            left -= c[i];
            m[i] = bytes_mask(16 * c[i]);
            x[i] = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m[i], in + 16 * done), K[0]);
            done += c[i];
        }
        for (r = 1; r < nr; r++) {
            SYDO_UNROLL
            for (i = 0; i < 4; i++)
                x[i] = _mm512_aesenc_epi128(x[i], K[r]);
        }
        done = 0;
        SYDO_UNROLL
        for (i = 0; i < 4; i++) {
            _mm512_mask_storeu_epi8(out + 16 * done, m[i], _mm512_aesenclast_epi128(x[i], K[nr]));
            done += c[i];
        }
        in += 16 * done;
        out += 16 * done;
        n -= done;
    }
}

/* Four tree-PRG schedules at once (Nk = Nb = 6 or 8): word i of the four
 * keys in one register, so every step of the recurrence serves all four.
 * SubWord(RotWord(.)) of four different words is one AESENCLAST after a
 * PSHUFB that undoes its ShiftRows (and rotates): output byte r of column c
 * comes from input byte 4((c - r) mod 4) + r (+1 with the rotation). Then
 * 4 x 4 transposes give each key its words. */
AESV static inline void setkey4_body(sydo_rijndael_key ks[4], const uint8_t *const keys[4], unsigned nk)
{
    uint8_t mr[16], ms[16];
    __m128i W[124], Mr, Ms, z = _mm_setzero_si128(), t;
    const unsigned total = nk * (nk + 7);
    uint32_t rcon = 1;
    unsigned i, j, c, r, p;
    SYDO_UNROLL
    for (c = 0; c < 4; c++)
        SYDO_UNROLL
        for (r = 0; r < 4; r++) {
            mr[4 * c + r] = (uint8_t)(4 * ((c - r) & 3) + ((r + 1) & 3));
            ms[4 * c + r] = (uint8_t)(4 * ((c - r) & 3) + r);
        }
    Mr = _mm_loadu_si128((const __m128i *)mr);
    Ms = _mm_loadu_si128((const __m128i *)ms);
    SYDO_UNROLL
    for (i = 0; i < nk; i++) {
        uint32_t k0, k1, k2, k3;
        memcpy(&k0, keys[0] + 4 * i, 4);
        memcpy(&k1, keys[1] + 4 * i, 4);
        memcpy(&k2, keys[2] + 4 * i, 4);
        memcpy(&k3, keys[3] + 4 * i, 4);
        W[i] = _mm_set_epi32((int)k3, (int)k2, (int)k1, (int)k0);
    }
    SYDO_UNROLL
    for (i = nk; i < total; i += nk) {
        t = _mm_aesenclast_si128(_mm_shuffle_epi8(W[i - 1], Mr), z);
        W[i] = _mm_xor_si128(_mm_xor_si128(W[i - nk], t), _mm_set1_epi32((int)rcon));
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        SYDO_UNROLL
        for (j = 1; j < nk; j++) { /* total is a whole number of groups */
            t = W[i + j - 1];
            if (nk == 8 && j == 4)
                t = _mm_aesenclast_si128(_mm_shuffle_epi8(t, Ms), z);
            W[i + j] = _mm_xor_si128(W[i + j - nk], t);
        }
    }
    SYDO_UNROLL
    for (i = 0; i < 3; i++)
        W[total + i] = z;
    SYDO_UNROLL
    for (i = 0; i < total; i += 4) {
        __m128i t0 = _mm_unpacklo_epi32(W[i], W[i + 1]), t1 = _mm_unpackhi_epi32(W[i], W[i + 1]);
        __m128i t2 = _mm_unpacklo_epi32(W[i + 2], W[i + 3]), t3 = _mm_unpackhi_epi32(W[i + 2], W[i + 3]);
        _mm_storeu_si128((__m128i *)(ks[0].rk + i), _mm_unpacklo_epi64(t0, t2));
        _mm_storeu_si128((__m128i *)(ks[1].rk + i), _mm_unpackhi_epi64(t0, t2));
        _mm_storeu_si128((__m128i *)(ks[2].rk + i), _mm_unpacklo_epi64(t1, t3));
        _mm_storeu_si128((__m128i *)(ks[3].rk + i), _mm_unpackhi_epi64(t1, t3));
    }
    SYDO_UNROLL
    for (p = 0; p < 4; p++) {
        ks[p].nb = nk;
        ks[p].nr = nk + 6;
    }
}

#define HW() (sydo_cpu() >= SYDO_CPU_AESNI)
#else
#define HW() 0
#endif

void sydo_rijndael_setkey(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb)
{
#if SYDO_X86
    if (sydo_cpu() >= SYDO_CPU_AVX2) {
        setkey_hwv(ks, key, nk, nb);
        return;
    }
    if (HW()) {
        setkey_hw(ks, key, nk, nb);
        return;
    }
#endif
    sydo_rijndael_setkey_portable(ks, key, nk, nb);
}

void sydo_rijndael_encrypt_n(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    size_t i;
#if SYDO_X86
    int level = sydo_cpu();
    if (level >= SYDO_CPU_AVX512) {
        if (ks->nb == 4)
            enc4_z(ks, in, out, n);
        else
            encwide_z(ks, in, out, n);
        return;
    }
    if (level >= SYDO_CPU_AVX2) {
        if (ks->nb == 4)
            enc4_hwv(ks, in, out, n);
        else
            encwide_hwv(ks, in, out, n);
        return;
    }
    if (level >= SYDO_CPU_AESNI) {
        if (ks->nb == 4)
            enc4_hw(ks, in, out, n);
        else
            encwide_hw(ks, in, out, n);
        return;
    }
#endif
    SYDO_UNROLL
    for (i = 0; i < n; i++)
        sydo_rijndael_encrypt_portable(ks, in + 4 * ks->nb * i, out + 4 * ks->nb * i);
}

void sydo_rijndael_encrypt(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out)
{
    sydo_rijndael_encrypt_n(ks, in, out, 1);
}

/* constant nk: the loops unroll, W lives in registers and on the stack */
AESV static void setkey4_hwv(sydo_rijndael_key ks[4], const uint8_t *const keys[4], unsigned nk)
{
    if (nk == 6)
        setkey4_body(ks, keys, 6);
    else
        setkey4_body(ks, keys, 8);
}

void sydo_rijndael_setkey4(sydo_rijndael_key ks[4], const uint8_t *const keys[4], unsigned nk)
{
    unsigned p;
#if SYDO_X86
    if (sydo_cpu() >= SYDO_CPU_AVX2) {
        setkey4_hwv(ks, keys, nk);
        return;
    }
#endif
    for (p = 0; p < 4; p++)
        sydo_rijndael_setkey(&ks[p], keys[p], nk, nk);
}
