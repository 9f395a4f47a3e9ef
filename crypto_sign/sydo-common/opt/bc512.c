/* bc512.c - BC512 (spec P3) on many blocks at once: ref's bc512.c serves
 * single blocks and the portable fallback; sydo_bc512_encrypt_n runs the ten
 * BLAKE2s rounds on all lanes of a vector register, word i of every block in
 * one vector (and the keys' message words likewise), so each step of G is one
 * instruction for 16 blocks (AVX-512, native rotates) or 8 (AVX2), chosen at
 * run time. */
#include <string.h>

#include "sydo-opt.h"

#include "../ref/bc512.c"

#if SYDO_X86
#include <immintrin.h>

/* The ten rounds with the message permutation as constants (ref's sigma):
 * every message word is a fixed slot, an operand of the add. */
#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                           \
    do {                                                                                                     \
        VG(0, 4, 8, 12, s0, s1);                                                                             \
        VG(1, 5, 9, 13, s2, s3);                                                                             \
        VG(2, 6, 10, 14, s4, s5);                                                                            \
        VG(3, 7, 11, 15, s6, s7);                                                                            \
        VG(0, 5, 10, 15, s8, s9);                                                                            \
        VG(1, 6, 11, 12, s10, s11);                                                                          \
        VG(2, 7, 8, 13, s12, s13);                                                                           \
        VG(3, 4, 9, 14, s14, s15);                                                                           \
    } while (0)
#define TEN_ROUNDS                                                                                           \
    do {                                                                                                     \
    ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);                                                                          \
    ROUND(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);                                                                          \
    ROUND(11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);                                                                          \
    ROUND(7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);                                                                          \
    ROUND(9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);                                                                          \
    ROUND(2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);                                                                          \
    ROUND(12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);                                                                          \
    ROUND(13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);                                                                          \
    ROUND(6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);                                                                          \
    ROUND(10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);                                                                          \
    } while (0)

#define AVX2 __attribute__((target("avx2")))
#define AVX512 __attribute__((target("avx2,avx512f")))

/* 8 x 8 transpose of 32-bit words: r[i] word j -> r[j] word i */
AVX2 static inline void transpose8(__m256i r[8])
{
    __m256i t[8], u[8];
    unsigned i;
    SYDO_UNROLL
    for (i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
    }
    SYDO_UNROLL
    for (i = 0; i < 2; i++) {
        u[4 * i] = _mm256_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    }
    /* u[q] (q < 4) holds words q and q + 4 of rows 0..3, u[4 + q] of rows 4..7 */
    SYDO_UNROLL
    for (i = 0; i < 4; i++) {
        r[i] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x20);
        r[i + 4] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x31);
    }
}

/* words 0..15 of 8 consecutive 64-byte rows at p, one vector per word */
AVX2 static inline void load8x16(__m256i w[16], const uint8_t *p)
{
    unsigned l;
    SYDO_UNROLL
    for (l = 0; l < 8; l++) {
        w[l] = _mm256_loadu_si256((const __m256i *)(p + 64 * l));
        w[8 + l] = _mm256_loadu_si256((const __m256i *)(p + 64 * l + 32));
    }
    transpose8(w);
    transpose8(w + 8);
}

AVX2 static inline void store8x16(uint8_t *p, __m256i w[16])
{
    unsigned l;
    transpose8(w);
    transpose8(w + 8);
    SYDO_UNROLL
    for (l = 0; l < 8; l++) {
        _mm256_storeu_si256((__m256i *)(p + 64 * l), w[l]);
        _mm256_storeu_si256((__m256i *)(p + 64 * l + 32), w[8 + l]);
    }
}

/* the message words of 8 lanes: broadcast when one key serves them all */
AVX2 static inline void keys8x16(__m256i m[16], const sydo_bc512_key *const keys[8])
{
    unsigned l, i, same = 1;
    SYDO_UNROLL
    for (l = 1; l < 8; l++)
        same &= keys[l] == keys[0];
    if (same) {
        SYDO_UNROLL
        for (i = 0; i < 16; i++)
            m[i] = _mm256_set1_epi32((int)keys[0]->m[i]);
        return;
    }
    SYDO_UNROLL
    for (l = 0; l < 8; l++) {
        m[l] = _mm256_loadu_si256((const __m256i *)keys[l]->m);
        m[8 + l] = _mm256_loadu_si256((const __m256i *)(keys[l]->m + 8));
    }
    transpose8(m);
    transpose8(m + 8);
}

/* AVX2: 8 lanes; rotations by 16 and 8 are byte shuffles */
#define ADD8 _mm256_add_epi32
#define XOR8 _mm256_xor_si256
#define ROT8(x, s) _mm256_or_si256(_mm256_srli_epi32((x), (s)), _mm256_slli_epi32((x), 32 - (s)))
#define VG(a, b, c, d, x, y)                                                                                 \
    do {                                                                                                     \
        v[a] = ADD8(ADD8(v[a], v[b]), m[x]);                                                                 \
        v[d] = _mm256_shuffle_epi8(XOR8(v[d], v[a]), r16);                                                   \
        v[c] = ADD8(v[c], v[d]);                                                                             \
        v[b] = ROT8(XOR8(v[b], v[c]), 12);                                                                   \
        v[a] = ADD8(ADD8(v[a], v[b]), m[y]);                                                                 \
        v[d] = _mm256_shuffle_epi8(XOR8(v[d], v[a]), r8);                                                    \
        v[c] = ADD8(v[c], v[d]);                                                                             \
        v[b] = ROT8(XOR8(v[b], v[c]), 7);                                                                    \
    } while (0)

AVX2 static void lanes8(const sydo_bc512_key *const keys[8], const uint8_t *in, uint8_t *out)
{
    const __m256i r16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7,
                                         4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i r8 = _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6,
                                        7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    __m256i v[16], m[16];
    keys8x16(m, keys);
    load8x16(v, in);
    TEN_ROUNDS;
    store8x16(out, v);
}
#undef VG

/* AVX-512: 16 lanes, native rotations; lanes 0..7 in the low halves */
#define ADD16 _mm512_add_epi32
#define XOR16 _mm512_xor_si512
#define VG(a, b, c, d, x, y)                                                                                 \
    do {                                                                                                     \
        v[a] = ADD16(ADD16(v[a], v[b]), m[x]);                                                               \
        v[d] = _mm512_ror_epi32(XOR16(v[d], v[a]), 16);                                                      \
        v[c] = ADD16(v[c], v[d]);                                                                            \
        v[b] = _mm512_ror_epi32(XOR16(v[b], v[c]), 12);                                                      \
        v[a] = ADD16(ADD16(v[a], v[b]), m[y]);                                                               \
        v[d] = _mm512_ror_epi32(XOR16(v[d], v[a]), 8);                                                       \
        v[c] = ADD16(v[c], v[d]);                                                                            \
        v[b] = _mm512_ror_epi32(XOR16(v[b], v[c]), 7);                                                       \
    } while (0)

AVX512 static void lanes16(const sydo_bc512_key *const keys[16], const uint8_t *in, uint8_t *out)
{
    __m512i v[16], m[16];
    __m256i lo[16], hi[16];
    unsigned i;
    keys8x16(lo, keys);
    keys8x16(hi, keys + 8);
    SYDO_UNROLL
    for (i = 0; i < 16; i++)
        m[i] = _mm512_inserti64x4(_mm512_castsi256_si512(lo[i]), hi[i], 1);
    load8x16(lo, in);
    load8x16(hi, in + 512);
    SYDO_UNROLL
    for (i = 0; i < 16; i++)
        v[i] = _mm512_inserti64x4(_mm512_castsi256_si512(lo[i]), hi[i], 1);
    TEN_ROUNDS;
    SYDO_UNROLL
    for (i = 0; i < 16; i++) {
        lo[i] = _mm512_castsi512_si256(v[i]);
        hi[i] = _mm512_extracti64x4_epi64(v[i], 1);
    }
    store8x16(out, lo);
    store8x16(out + 512, hi);
}
#undef VG

/* up to LANES blocks: a short batch through zero-padded copies */
static void lanes(const sydo_bc512_key *const keys[], const uint8_t *in, uint8_t *out, unsigned n,
                  unsigned nl)
{
    const sydo_bc512_key *kp[16];
    uint8_t bin[16 * 64], bout[16 * 64];
    unsigned l;
    if (n == nl) {
        if (nl == 16)
            lanes16(keys, in, out);
        else
            lanes8(keys, in, out);
        return;
    }
    for (l = 0; l < nl; l++)
        kp[l] = keys[l < n ? l : 0];
    memcpy(bin, in, 64 * (size_t)n);
    memset(bin + 64 * n, 0, 64 * (size_t)(nl - n));
    if (nl == 16)
        lanes16(kp, bin, bout);
    else
        lanes8(kp, bin, bout);
    memcpy(out, bout, 64 * (size_t)n);
}
#endif

void sydo_bc512_encrypt_n(const sydo_bc512_key *const keys[], const uint8_t *in, uint8_t *out, size_t n)
{
    size_t i;
#if SYDO_X86
    int level = sydo_cpu();
    if (level >= SYDO_CPU_AVX2) {
        unsigned lanes_n = level >= SYDO_CPU_AVX512 ? 16 : 8;
        while (n > 0) {
            unsigned k = n < lanes_n ? (unsigned)n : lanes_n;
            lanes(keys, in, out, k, lanes_n);
            keys += k;
            in += 64 * k;
            out += 64 * k;
            n -= k;
        }
        return;
    }
#endif
    for (i = 0; i < n; i++)
        sydo_bc512_encrypt(keys[i], in + 64 * i, out + 64 * i);
}
