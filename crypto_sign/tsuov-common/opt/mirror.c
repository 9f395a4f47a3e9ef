/* mirror.c - P1's lower triangle from its upper one (ref/expand.c's
 * TSUOV_MIRROR hook) with AVX2: 16 x 16 tiles of entries (two bytes each, one
 * 32-byte vector per tile row) transposed in registers; the diagonal tiles
 * keep their upper part by a blend. Returns 0 without AVX2, and ref's
 * scalar tiles do it. */
#include <string.h>

#include "../ref/tsuov.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))

typedef char tsuov_assert_vp16[TSUOV_VP % 16 == 0 && sizeof(tsuov_rowv) == 1 ? 1 : -1];

/* r[i] = row i of a 16 x 16 tile of 16-bit entries; on return r[j] = column j. */
TARGET static void transpose16(__m256i r[16])
{
    __m256i t[16], u[16], v[16];
    int i, j, h, q;
    for (i = 0; i < 8; i++) { /* rows 2i, 2i+1 interleaved: entries 0-3|8-11, 4-7|12-15 */
        t[2 * i] = _mm256_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
    for (j = 0; j < 4; j++) { /* rows 4j..4j+3: entries 0,1|8,9 ... 6,7|14,15 */
        u[4 * j] = _mm256_unpacklo_epi32(t[4 * j], t[4 * j + 2]);
        u[4 * j + 1] = _mm256_unpackhi_epi32(t[4 * j], t[4 * j + 2]);
        u[4 * j + 2] = _mm256_unpacklo_epi32(t[4 * j + 1], t[4 * j + 3]);
        u[4 * j + 3] = _mm256_unpackhi_epi32(t[4 * j + 1], t[4 * j + 3]);
    }
    for (h = 0; h < 2; h++) /* rows 8h..8h+7: entry e | e+8 in v[8h+e] */
        for (q = 0; q < 4; q++) {
            v[8 * h + 2 * q] = _mm256_unpacklo_epi64(u[8 * h + q], u[8 * h + 4 + q]);
            v[8 * h + 2 * q + 1] = _mm256_unpackhi_epi64(u[8 * h + q], u[8 * h + 4 + q]);
        }
    for (i = 0; i < 8; i++) {
        r[i] = _mm256_permute2x128_si256(v[i], v[8 + i], 0x20);
        r[i + 8] = _mm256_permute2x128_si256(v[i], v[8 + i], 0x31);
    }
}

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))

TARGET static void mirror_avx2(tsuov_rowv p1[TSUOV_V][TSUOV_LD])
{
    const __m256i iota = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    size_t a0, b0, i;
    for (a0 = 0; a0 < TSUOV_V; a0 += 16)
        for (b0 = a0; b0 < TSUOV_V; b0 += 16) {
            /* rows a0.. of the upper tile at columns b0.. (inside the
             * padded rows, as TSUOV_VP is a multiple of 16) */
            __m256i r[16];
            for (i = 0; i < 16; i++)
                r[i] = a0 + i < TSUOV_V ? LOAD(&p1[a0 + i][2 * b0]) : _mm256_setzero_si256();
            transpose16(r);
            for (i = 0; i < 16 && b0 + i < TSUOV_V; i++) {
                uint8_t *dst = &p1[b0 + i][2 * a0];
                if (a0 == b0) /* entries left of the diagonal only */
                    r[i] = _mm256_blendv_epi8(LOAD(dst), r[i],
                                              _mm256_cmpgt_epi16(_mm256_set1_epi16((short)i), iota));
                STORE(dst, r[i]);
            }
        }
}
#endif

int tsuov_mirror(tsuov_rowv p1[TSUOV_V][TSUOV_LD])
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    if (tsuov_opt_avx2()) {
        mirror_avx2(p1);
        return 1;
    }
#else
    (void)p1;
#endif
    return 0;
}
