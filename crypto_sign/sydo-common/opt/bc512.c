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
typedef uint32_t v16 __attribute__((vector_size(64)));
typedef uint32_t v8 __attribute__((vector_size(32)));

#define ROTR(x, s) (((x) >> (s)) | ((x) << (32 - (s))))
#define VG(a, b, c, d, x, y)                                                                                 \
    do {                                                                                                     \
        v[a] += v[b] + (x);                                                                                  \
        v[d] = ROTR(v[d] ^ v[a], 16);                                                                        \
        v[c] += v[d];                                                                                        \
        v[b] = ROTR(v[b] ^ v[c], 12);                                                                        \
        v[a] += v[b] + (y);                                                                                  \
        v[d] = ROTR(v[d] ^ v[a], 8);                                                                         \
        v[c] += v[d];                                                                                        \
        v[b] = ROTR(v[b] ^ v[c], 7);                                                                         \
    } while (0)

/* LANES_BODY(VT, LANES): up to LANES blocks (n), the lanes past n computed
 * on zeros and dropped. VT holds one word of every lane: one register
 * (AVX-512 with 16 lanes, AVX2 with 8), so the state stays in registers.
 * The transposes are plain word copies. */
#define LANES_BODY(VT, LANES)                                                                                \
    uint32_t t[16][LANES];                                                                                   \
    VT v[16], m[16];                                                                                         \
    unsigned i, l, r;                                                                                        \
    memset(t, 0, sizeof t);                                                                                  \
    for (l = 0; l < n; l++)                                                                                  \
        for (i = 0; i < 16; i++)                                                                             \
            t[i][l] = keys[l]->m[i];                                                                         \
    memcpy(m, t, sizeof m);                                                                                  \
    for (l = 0; l < n; l++)                                                                                  \
        for (i = 0; i < 16; i++)                                                                             \
            memcpy(&t[i][l], in + 64 * l + 4 * i, 4); /* little-endian: x86 */                               \
    memcpy(v, t, sizeof v);                                                                                  \
    for (r = 0; r < 10; r++) {                                                                               \
        const uint8_t *s = sigma[r];                                                                         \
        VG(0, 4, 8, 12, m[s[0]], m[s[1]]);                                                                   \
        VG(1, 5, 9, 13, m[s[2]], m[s[3]]);                                                                   \
        VG(2, 6, 10, 14, m[s[4]], m[s[5]]);                                                                  \
        VG(3, 7, 11, 15, m[s[6]], m[s[7]]);                                                                  \
        VG(0, 5, 10, 15, m[s[8]], m[s[9]]);                                                                  \
        VG(1, 6, 11, 12, m[s[10]], m[s[11]]);                                                                \
        VG(2, 7, 8, 13, m[s[12]], m[s[13]]);                                                                 \
        VG(3, 4, 9, 14, m[s[14]], m[s[15]]);                                                                 \
    }                                                                                                        \
    memcpy(t, v, sizeof t);                                                                                  \
    for (l = 0; l < n; l++)                                                                                  \
        for (i = 0; i < 16; i++)                                                                             \
            memcpy(out + 64 * l + 4 * i, &t[i][l], 4);

__attribute__((target("avx512f"))) static void lanes_avx512(const sydo_bc512_key *const keys[],
                                                             const uint8_t *in, uint8_t *out, unsigned n)
{
    LANES_BODY(v16, 16)
}

__attribute__((target("avx2"))) static void lanes_avx2(const sydo_bc512_key *const keys[], const uint8_t *in,
                                                       uint8_t *out, unsigned n)
{
    LANES_BODY(v8, 8)
}
#endif

void sydo_bc512_encrypt_n(const sydo_bc512_key *const keys[], const uint8_t *in, uint8_t *out, size_t n)
{
    size_t i;
#if SYDO_X86
    int level = sydo_cpu();
    if (level >= SYDO_CPU_AVX2) {
        unsigned lanes = level >= SYDO_CPU_AVX512 ? 16 : 8;
        while (n > 0) {
            unsigned k = n < lanes ? (unsigned)n : lanes;
            if (lanes == 16)
                lanes_avx512(keys, in, out, k);
            else
                lanes_avx2(keys, in, out, k);
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
