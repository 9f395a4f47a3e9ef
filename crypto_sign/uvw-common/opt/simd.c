/* simd.c - the kernels of the opt implementation in three versions, chosen
 * once at run time: AVX-512 (512 columns of a tile in one register per
 * plane, additions as four vpternlogq, popcounts by vpopcntq), AVX2 (two
 * registers per plane) and portable C (ref's f3vec.h: generic vectors of two
 * words with GCC and clang, single words otherwise). The SIMD versions carry
 * __attribute__((target(...))), so no compiler flag is needed and a host
 * without the instructions never runs them. All three give the same bits.
 *
 * Addition of one-hot planes (ref's f3.c): t = (x2 | y1) ^ (x1 | y2),
 * z2 = (x1 | y1) ^ t, z1 = (x2 | y2) ^ t. With vpternlogq, whose immediate
 * is the truth table of f(A, B, C) over A = 0xF0, B = 0xCC, C = 0xAA:
 * t = A ^ (B | C) on (x2 | y1, x1, y2) is 0x1E, and (A | B) ^ C is 0x56. */
#include <stdlib.h>
#include <string.h>

#include "../ref/f3vec.h"
#include "uvw-opt.h"

/* ---- portable ---- */

#define VPT (UVW_TW / LANES) /* vwords per plane of a tile */

static void tab_build_portable(f3word *tab, const f3word *const *p, unsigned np)
{
    size_t ne = 1, e;
    unsigned j;
    memset(tab, 0, UVW_TILE * sizeof *tab);
    for (j = 0; j < np; j++, ne *= 3) {
        const f3word *p1 = p[j], *p2 = p[j] + UVW_TW;
        for (e = 0; e < ne; e++) {
            const f3word *src = tab + e * UVW_TILE;
            f3word *one = tab + (e + ne) * UVW_TILE, *two = tab + (e + 2 * ne) * UVW_TILE;
            f3v_add(one, one + UVW_TW, src, src + UVW_TW, p2, p1, UVW_TW); /* - P_j */
            f3v_add(two, two + UVW_TW, src, src + UVW_TW, p1, p2, UVW_TW); /* - 2 P_j */
        }
    }
}

static void tab_apply_portable(f3word *t, size_t n, const uint8_t *idx, size_t ng, const f3word *tab)
{
    size_t i, g, k;
    for (i = 0; i < n; i++, t += UVW_TILE, idx += ng) {
        vword x1[VPT], x2[VPT];
        for (k = 0; k < VPT; k++) {
            x1[k] = vload(t + k * LANES);
            x2[k] = vload(t + UVW_TW + k * LANES);
        }
        for (g = 0; g < ng; g++) {
            const f3word *e = tab + (g * UVW_GE + idx[g]) * UVW_TILE;
            for (k = 0; k < VPT; k++) {
                vword y1 = vload(e + k * LANES), y2 = vload(e + UVW_TW + k * LANES);
                F3_ADD(x1[k], x2[k], x1[k], x2[k], y1, y2);
            }
        }
        for (k = 0; k < VPT; k++) {
            vstore(t + k * LANES, x1[k]);
            vstore(t + UVW_TW + k * LANES, x2[k]);
        }
    }
}

static void tiles_sub_portable(f3word *d, const f3word *s, size_t n, size_t stride, unsigned m)
{
    size_t k;
    for (k = 0; k < n; k++, d += stride, s += stride) {
        if (m == 1)
            f3v_add(d, d + UVW_TW, d, d + UVW_TW, s + UVW_TW, s, UVW_TW);
        else
            f3v_add(d, d + UVW_TW, d, d + UVW_TW, s, s + UVW_TW, UVW_TW);
    }
}

static void dot_portable(const f3word *a1, const f3word *a2, const f3word *b1, const f3word *b2, size_t nw,
                         size_t *ones, size_t *twos)
{
    size_t o = 0, t = 0, w;
    for (w = 0; w < nw; w++) {
        o += uvw_popcount((a1[w] & b1[w]) | (a2[w] & b2[w]));
        t += uvw_popcount((a1[w] & b2[w]) | (a2[w] & b1[w]));
    }
    *ones = o;
    *twos = t;
}

/* At each step, bit b of the row index is exchanged with bit b of the
 * column index. */
static void transpose64_portable(f3word a[64])
{
    static const f3word mask[6] = { 0x00000000FFFFFFFFu, 0x0000FFFF0000FFFFu, 0x00FF00FF00FF00FFu,
                                    0x0F0F0F0F0F0F0F0Fu, 0x3333333333333333u, 0x5555555555555555u };
    unsigned s, j;
    size_t i;
    for (s = 0, j = 32; s < 6; s++, j >>= 1)
        for (i = 0; i < 64; i++)
            if (!(i & j)) {
                f3word t = ((a[i] >> j) ^ a[i + j]) & mask[s];
                a[i] ^= t << j;
                a[i + j] ^= t;
            }
}

static void swap_portable(f3word *x, f3word *y)
{
    size_t k;
    for (k = 0; k < UVW_TILE; k++) {
        f3word t = x[k];
        x[k] = y[k];
        y[k] = t;
    }
}

static void neg_portable(f3word *x)
{
    size_t k;
    for (k = 0; k < UVW_TW; k++) {
        f3word t = x[k];
        x[k] = x[UVW_TW + k];
        x[UVW_TW + k] = t;
    }
}

/* ref's row operations on tiles: swap, x -= m y, negate */
static void rowops_portable(f3word *base, const uvw_rowop *op, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++, op++) {
        f3word *x = base + (size_t)op->a * UVW_TILE, *y = base + (size_t)op->b * UVW_TILE;
        if (op->kind == UVW_OP_SUB)
            tiles_sub_portable(x, y, 1, 0, op->m);
        else if (op->kind == UVW_OP_SWAP)
            swap_portable(x, y);
        else
            neg_portable(x);
    }
}

static const uvw_kern kern_portable = { "portable", tab_build_portable, tab_apply_portable,
                                        tiles_sub_portable, dot_portable, transpose64_portable, rowops_portable };

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(UVW_PORTABLE)
#define UVW_HAVE_X86 1
#include <immintrin.h>

/* ---- AVX2 ---- */

#define AVX2 __attribute__((target("avx2,popcnt")))
#define L2(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define S2(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define ADD2(z1, z2, x1, x2, y1, y2)                                                              \
    do {                                                                                          \
        __m256i t_ = _mm256_xor_si256(_mm256_or_si256((x2), (y1)), _mm256_or_si256((x1), (y2))); \
        __m256i n2_ = _mm256_xor_si256(_mm256_or_si256((x1), (y1)), t_);                         \
        (z1) = _mm256_xor_si256(_mm256_or_si256((x2), (y2)), t_);                                \
        (z2) = n2_;                                                                               \
    } while (0)

AVX2 static void tab_build_avx2(f3word *tab, const f3word *const *p, unsigned np)
{
    size_t ne = 1, e;
    unsigned j;
    memset(tab, 0, UVW_TILE * sizeof *tab);
    for (j = 0; j < np; j++, ne *= 3) {
        __m256i pa1 = L2(p[j]), pb1 = L2(p[j] + 4), pa2 = L2(p[j] + 8), pb2 = L2(p[j] + 12);
        for (e = 0; e < ne; e++) {
            const f3word *src = tab + e * UVW_TILE;
            f3word *one = tab + (e + ne) * UVW_TILE, *two = tab + (e + 2 * ne) * UVW_TILE;
            __m256i a1 = L2(src), b1 = L2(src + 4), a2 = L2(src + 8), b2 = L2(src + 12), c1, c2, d1, d2;
            ADD2(c1, c2, a1, a2, pa2, pa1);
            ADD2(d1, d2, b1, b2, pb2, pb1);
            S2(one, c1);
            S2(one + 4, d1);
            S2(one + 8, c2);
            S2(one + 12, d2);
            ADD2(c1, c2, a1, a2, pa1, pa2);
            ADD2(d1, d2, b1, b2, pb1, pb2);
            S2(two, c1);
            S2(two + 4, d1);
            S2(two + 8, c2);
            S2(two + 12, d2);
        }
    }
}

AVX2 static void tab_apply_avx2(f3word *t, size_t n, const uint8_t *idx, size_t ng, const f3word *tab)
{
    size_t i, g;
    for (i = 0; i < n; i++, t += UVW_TILE, idx += ng) {
        __m256i a1 = L2(t), b1 = L2(t + 4), a2 = L2(t + 8), b2 = L2(t + 12);
        for (g = 0; g < ng; g++) {
            const f3word *e = tab + (g * UVW_GE + idx[g]) * UVW_TILE;
            ADD2(a1, a2, a1, a2, L2(e), L2(e + 8));
            ADD2(b1, b2, b1, b2, L2(e + 4), L2(e + 12));
        }
        S2(t, a1);
        S2(t + 4, b1);
        S2(t + 8, a2);
        S2(t + 12, b2);
    }
}

AVX2 static void tiles_sub_avx2(f3word *d, const f3word *s, size_t n, size_t stride, unsigned m)
{
    size_t k;
    for (k = 0; k < n; k++, d += stride, s += stride) {
        __m256i a1 = L2(d), b1 = L2(d + 4), a2 = L2(d + 8), b2 = L2(d + 12);
        __m256i p1 = L2(s), q1 = L2(s + 4), p2 = L2(s + 8), q2 = L2(s + 12);
        if (m == 1) {
            ADD2(a1, a2, a1, a2, p2, p1);
            ADD2(b1, b2, b1, b2, q2, q1);
        } else {
            ADD2(a1, a2, a1, a2, p1, p2);
            ADD2(b1, b2, b1, b2, q1, q2);
        }
        S2(d, a1);
        S2(d + 4, b1);
        S2(d + 8, a2);
        S2(d + 12, b2);
    }
}

AVX2 static void dot_avx2(const f3word *a1, const f3word *a2, const f3word *b1, const f3word *b2, size_t nw,
                          size_t *ones, size_t *twos)
{
    size_t o = 0, t = 0, w;
    for (w = 0; w < nw; w++) {
        o += (size_t)__builtin_popcountll((a1[w] & b1[w]) | (a2[w] & b2[w]));
        t += (size_t)__builtin_popcountll((a1[w] & b2[w]) | (a2[w] & b1[w]));
    }
    *ones = o;
    *twos = t;
}

/* as rowops_avx512 */
AVX2 static void rowops_avx2(f3word *base, const uvw_rowop *op, size_t n)
{
    size_t i = 0, j, k;
    while (i < n) {
        f3word *x = base + (size_t)op[i].a * UVW_TILE, *y = base + (size_t)op[i].b * UVW_TILE;
        if (op[i].kind == UVW_OP_SUB) {
            __m256i a1 = L2(x), b1 = L2(x + 4), a2 = L2(x + 8), b2 = L2(x + 12);
            __m256i c1 = _mm256_setzero_si256(), d1 = c1, c2 = c1, d2 = c1;
            for (j = i; j < n && op[j].kind == UVW_OP_SUB && op[j].a == op[i].a; j++)
                ;
            for (k = i; k < j; k++) {
                const f3word *s = base + (size_t)op[k].b * UVW_TILE;
                __m256i p1 = L2(s), q1 = L2(s + 4), p2 = L2(s + 8), q2 = L2(s + 12);
                __m256i ms = _mm256_set1_epi64x(-(long long)(op[k].m == 1));
                __m256i d = _mm256_and_si256(_mm256_xor_si256(p1, p2), ms), e = _mm256_and_si256(_mm256_xor_si256(q1, q2), ms);
                p1 = _mm256_xor_si256(p1, d);
                p2 = _mm256_xor_si256(p2, d);
                q1 = _mm256_xor_si256(q1, e);
                q2 = _mm256_xor_si256(q2, e);
                if ((k - i) & 1) {
                    ADD2(c1, c2, c1, c2, p1, p2);
                    ADD2(d1, d2, d1, d2, q1, q2);
                } else {
                    ADD2(a1, a2, a1, a2, p1, p2);
                    ADD2(b1, b2, b1, b2, q1, q2);
                }
            }
            if (j - i > 1) {
                ADD2(a1, a2, a1, a2, c1, c2);
                ADD2(b1, b2, b1, b2, d1, d2);
            }
            S2(x, a1);
            S2(x + 4, b1);
            S2(x + 8, a2);
            S2(x + 12, b2);
            i = j;
            continue;
        }
        if (op[i].kind == UVW_OP_SWAP)
            swap_portable(x, y);
        else
            neg_portable(x);
        i++;
    }
}

static const uvw_kern kern_avx2 = { "avx2", tab_build_avx2, tab_apply_avx2, tiles_sub_avx2, dot_avx2,
                                    transpose64_portable, rowops_avx2 };

/* ---- AVX-512 ---- */

#define AVX512 __attribute__((target("avx512f,avx512vpopcntdq")))
#define L5(p) _mm512_load_si512((const void *)(p))
#define S5(p, v) _mm512_store_si512((void *)(p), (v))
#define ADD5(z1, z2, x1, x2, y1, y2)                                                      \
    do {                                                                                  \
        __m512i t_ = _mm512_ternarylogic_epi64(_mm512_or_si512((x2), (y1)), (x1), (y2), 0x1E); \
        __m512i n2_ = _mm512_ternarylogic_epi64((x1), (y1), t_, 0x56);                  \
        (z1) = _mm512_ternarylogic_epi64((x2), (y2), t_, 0x56);                         \
        (z2) = n2_;                                                                       \
    } while (0)

AVX512 static void tab_build_avx512(f3word *tab, const f3word *const *p, unsigned np)
{
    size_t ne = 1, e;
    unsigned j;
    S5(tab, _mm512_setzero_si512());
    S5(tab + 8, _mm512_setzero_si512());
    for (j = 0; j < np; j++, ne *= 3) {
        __m512i p1 = L5(p[j]), p2 = L5(p[j] + 8);
        for (e = 0; e < ne; e++) {
            const f3word *src = tab + e * UVW_TILE;
            f3word *one = tab + (e + ne) * UVW_TILE, *two = tab + (e + 2 * ne) * UVW_TILE;
            __m512i a1 = L5(src), a2 = L5(src + 8), c1, c2;
            ADD5(c1, c2, a1, a2, p2, p1);
            S5(one, c1);
            S5(one + 8, c2);
            ADD5(c1, c2, a1, a2, p1, p2);
            S5(two, c1);
            S5(two + 8, c2);
        }
    }
}

AVX512 static void tab_apply_avx512(f3word *t, size_t n, const uint8_t *idx, size_t ng, const f3word *tab)
{
    size_t i, g;
    /* two rows at a time, and the entries of two tables added to each other
     * before they are added to the row: shorter dependency chains */
    for (i = 0; i < n; i += 2, t += 2 * UVW_TILE, idx += 2 * ng) {
        const uint8_t *jdx = i + 1 < n ? idx + ng : idx; /* an odd last row: done twice, stored once */
        __m512i a1 = L5(t), a2 = L5(t + 8), b1 = L5(t + 16 * (i + 1 < n)), b2 = L5(t + 16 * (i + 1 < n) + 8);
        for (g = 0; g + 1 < ng; g += 2) {
            const f3word *e = tab + (g * UVW_GE + idx[g]) * UVW_TILE, *f = tab + ((g + 1) * UVW_GE + idx[g + 1]) * UVW_TILE;
            const f3word *u = tab + (g * UVW_GE + jdx[g]) * UVW_TILE, *v = tab + ((g + 1) * UVW_GE + jdx[g + 1]) * UVW_TILE;
            __m512i y1 = L5(e), y2 = L5(e + 8), w1 = L5(u), w2 = L5(u + 8);
            ADD5(y1, y2, y1, y2, L5(f), L5(f + 8));
            ADD5(w1, w2, w1, w2, L5(v), L5(v + 8));
            ADD5(a1, a2, a1, a2, y1, y2);
            ADD5(b1, b2, b1, b2, w1, w2);
        }
        if (g < ng) {
            const f3word *e = tab + (g * UVW_GE + idx[g]) * UVW_TILE, *u = tab + (g * UVW_GE + jdx[g]) * UVW_TILE;
            ADD5(a1, a2, a1, a2, L5(e), L5(e + 8));
            ADD5(b1, b2, b1, b2, L5(u), L5(u + 8));
        }
        S5(t, a1);
        S5(t + 8, a2);
        if (i + 1 < n) {
            S5(t + 16, b1);
            S5(t + 24, b2);
        }
    }
}

AVX512 static void tiles_sub_avx512(f3word *d, const f3word *s, size_t n, size_t stride, unsigned m)
{
    size_t k;
    for (k = 0; k < n; k++, d += stride, s += stride) {
        __m512i a1 = L5(d), a2 = L5(d + 8), p1 = L5(s), p2 = L5(s + 8);
        if (m == 1)
            ADD5(a1, a2, a1, a2, p2, p1);
        else
            ADD5(a1, a2, a1, a2, p1, p2);
        S5(d, a1);
        S5(d + 8, a2);
    }
}

AVX512 static void dot_avx512(const f3word *a1, const f3word *a2, const f3word *b1, const f3word *b2,
                              size_t nw, size_t *ones, size_t *twos)
{
    __m512i o = _mm512_setzero_si512(), t = _mm512_setzero_si512();
    size_t w;
    for (w = 0; w < nw; w += 8) {
        __mmask8 k = nw - w >= 8 ? (__mmask8)0xFF : (__mmask8)((1u << (nw - w)) - 1);
        __m512i x1 = _mm512_maskz_loadu_epi64(k, a1 + w), x2 = _mm512_maskz_loadu_epi64(k, a2 + w);
        __m512i y1 = _mm512_maskz_loadu_epi64(k, b1 + w), y2 = _mm512_maskz_loadu_epi64(k, b2 + w);
        /* (A & B) | C is 0xEA */
        o = _mm512_add_epi64(o, _mm512_popcnt_epi64(_mm512_ternarylogic_epi64(x2, y2, _mm512_and_si512(x1, y1), 0xEA)));
        t = _mm512_add_epi64(t, _mm512_popcnt_epi64(_mm512_ternarylogic_epi64(x2, y1, _mm512_and_si512(x1, y2), 0xEA)));
    }
    *ones = (size_t)_mm512_reduce_add_epi64(o);
    *twos = (size_t)_mm512_reduce_add_epi64(t);
}

/* transpose64_portable's steps on eight registers of eight rows: the steps
 * that exchange rows 32, 16 and 8 apart pair whole registers, the others
 * lanes of one register (its partner lanes fetched by a permutation; "low"
 * the lanes whose row has bit j clear). */
#define TCROSS(lo, hi, j, m)                                                                         \
    do {                                                                                             \
        __m512i t_ = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64((lo), (j)), (hi)), (m)); \
        (lo) = _mm512_xor_si512((lo), _mm512_slli_epi64(t_, (j)));                                 \
        (hi) = _mm512_xor_si512((hi), t_);                                                          \
    } while (0)
#define TLANES(x, j, m, perm, low)                                                                   \
    do {                                                                                             \
        __m512i p_ = _mm512_permutexvar_epi64((perm), (x));                                         \
        __m512i tl_ = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64((x), (j)), p_), (m));   \
        __m512i th_ = _mm512_and_si512(_mm512_xor_si512(_mm512_srli_epi64(p_, (j)), (x)), (m));   \
        __m512i t_ = _mm512_mask_blend_epi64((low), th_, tl_);                                      \
        (x) = _mm512_xor_si512((x), _mm512_mask_blend_epi64((low), t_, _mm512_slli_epi64(t_, (j)))); \
    } while (0)

AVX512 static void transpose64_avx512(f3word a[64])
{
    const __m512i m32 = _mm512_set1_epi64(0x00000000FFFFFFFF), m16 = _mm512_set1_epi64(0x0000FFFF0000FFFF);
    const __m512i m8 = _mm512_set1_epi64(0x00FF00FF00FF00FF), m4 = _mm512_set1_epi64(0x0F0F0F0F0F0F0F0F);
    const __m512i m2 = _mm512_set1_epi64(0x3333333333333333), m1 = _mm512_set1_epi64(0x5555555555555555);
    const __m512i x4 = _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4), x2 = _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2);
    const __m512i x1 = _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1);
    __m512i v[8];
    int k;
    for (k = 0; k < 8; k++)
        v[k] = _mm512_loadu_si512((const void *)(a + 8 * k));
    for (k = 0; k < 4; k++)
        TCROSS(v[k], v[k + 4], 32, m32);
    for (k = 0; k < 8; k += (k & 1) ? 3 : 1)
        TCROSS(v[k], v[k + 2], 16, m16);
    for (k = 0; k < 8; k += 2)
        TCROSS(v[k], v[k + 1], 8, m8);
    for (k = 0; k < 8; k++) {
        TLANES(v[k], 4, m4, x4, 0x0F);
        TLANES(v[k], 2, m2, x2, 0x33);
        TLANES(v[k], 1, m1, x1, 0x55);
    }
    for (k = 0; k < 8; k++)
        _mm512_storeu_si512((void *)(a + 8 * k), v[k]);
}

/* A run of SUBs into the same row keeps that row in registers, with the
 * sources summed in two chains (no store and reload between them, half
 * the dependency chain); -y is y with its planes swapped. */
AVX512 static void rowops_avx512(f3word *base, const uvw_rowop *op, size_t n)
{
    size_t i = 0, j, k;
    while (i < n) {
        f3word *x = base + (size_t)op[i].a * UVW_TILE, *y = base + (size_t)op[i].b * UVW_TILE;
        if (op[i].kind == UVW_OP_SUB) {
            __m512i a1 = L5(x), a2 = L5(x + 8), c1 = _mm512_setzero_si512(), c2 = c1;
            for (j = i; j < n && op[j].kind == UVW_OP_SUB && op[j].a == op[i].a; j++)
                ;
            for (k = i; k + 1 < j; k += 2) {
                const f3word *s = base + (size_t)op[k].b * UVW_TILE, *u = base + (size_t)op[k + 1].b * UVW_TILE;
                __m512i p1 = L5(s), p2 = L5(s + 8), r1 = L5(u), r2 = L5(u + 8);
                __m512i ms = _mm512_set1_epi64(-(long long)(op[k].m == 1)), mu = _mm512_set1_epi64(-(long long)(op[k + 1].m == 1));
                __m512i d = _mm512_and_si512(_mm512_xor_si512(p1, p2), ms), e = _mm512_and_si512(_mm512_xor_si512(r1, r2), mu);
                p1 = _mm512_xor_si512(p1, d);
                p2 = _mm512_xor_si512(p2, d);
                r1 = _mm512_xor_si512(r1, e);
                r2 = _mm512_xor_si512(r2, e);
                ADD5(a1, a2, a1, a2, p1, p2);
                ADD5(c1, c2, c1, c2, r1, r2);
            }
            if (k < j) {
                const f3word *s = base + (size_t)op[k].b * UVW_TILE;
                __m512i p1 = L5(s), p2 = L5(s + 8), ms = _mm512_set1_epi64(-(long long)(op[k].m == 1));
                __m512i d = _mm512_and_si512(_mm512_xor_si512(p1, p2), ms);
                p1 = _mm512_xor_si512(p1, d);
                p2 = _mm512_xor_si512(p2, d);
                ADD5(a1, a2, a1, a2, p1, p2);
            }
            if (j - i > 1)
                ADD5(a1, a2, a1, a2, c1, c2);
            S5(x, a1);
            S5(x + 8, a2);
            i = j;
            continue;
        }
        if (op[i].kind == UVW_OP_SWAP) {
            __m512i x1 = L5(x), x2 = L5(x + 8);
            S5(x, L5(y));
            S5(x + 8, L5(y + 8));
            S5(y, x1);
            S5(y + 8, x2);
        } else {
            __m512i x1 = L5(x);
            S5(x, L5(x + 8));
            S5(x + 8, x1);
        }
        i++;
    }
}

static const uvw_kern kern_avx512 = { "avx512", tab_build_avx512, tab_apply_avx512, tiles_sub_avx512,
                                      dot_avx512, transpose64_avx512, rowops_avx512 };

/* 0 portable, 1 AVX2, 2 AVX-512: what this CPU runs */
static int cpu_level(void)
{
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq"))
        return 2;
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ? 1 : 0;
}
#else
static int cpu_level(void)
{
    return 0;
}
#endif

static const uvw_kern *chosen;

static const uvw_kern *by_level(int level)
{
#ifdef UVW_HAVE_X86
    if (level >= 2)
        return &kern_avx512;
    if (level == 1)
        return &kern_avx2;
#endif
    (void)level;
    return &kern_portable;
}

static int level_of(const char *name)
{
    if (strcmp(name, "portable") == 0)
        return 0;
    if (strcmp(name, "avx2") == 0)
        return 1;
    if (strcmp(name, "avx512") == 0)
        return 2;
    return -1;
}

const uvw_kern *uvw_kern_get(void)
{
    if (!chosen) {
        int level = cpu_level(), cap;
        const char *e = getenv("NGBENCH_UVW_SIMD"), *x = getenv("NGBENCH_SM3X");
        if (e && (cap = level_of(e)) >= 0 && cap < level)
            level = cap;
        if (x && strcmp(x, "portable") == 0)
            level = 0;
        chosen = by_level(level);
    }
    return chosen;
}

int uvw_kern_select(const char *name)
{
    int want = level_of(name);
    if (want < 0 || want > cpu_level())
        return -1;
    chosen = by_level(want);
    return strcmp(chosen->name, name) == 0 ? 0 : -1;
}
