/* rs.c (opt) - the chunked Reed-Solomon encoder of spec §5 with every lane
 * (chunk c, coefficient t) of a point multiplied by that point at once.
 *
 * ref's rs.c, included below under other names, is the portable code. The
 * vector code lays the padded input out as planes: row b holds coefficient
 * t of element ck + b for all 32 tau lanes, the low bytes in one plane and
 * the high bytes in another, so that Horner's rule for point alpha^(p+1) is
 * a product by one constant in GF(2^16) over whole vectors: by nibble
 * tables (vpshufb: 4 nibbles x 2 result bytes, 32 lanes a vector) with AVX2,
 * by the 16 x 16 bit matrix of the constant as four 8 x 8 blocks
 * (vgf2p8affineqb, 64 lanes a vector) with AVX-512 and GFNI. The
 * verifier's single positions are sums of scalar multiples by carry-less
 * multiplication (clmul.h). */
#include <stdlib.h>
#include <string.h>

#include "../ref/gf.h"
#include "../ref/rs.h"
#include "clmul.h"
#include "simd.h"

#define sigurd_rs_encode sigurd_rs_encode_ref
#define sigurd_rs_position sigurd_rs_position_ref
void sigurd_rs_encode(uint16_t (*c)[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU]);
void sigurd_rs_position(uint16_t out[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU], uint32_t pos);
#include "../ref/rs.c"
#undef sigurd_rs_encode
#undef sigurd_rs_position

#define LANES (32 * SIGURD_TAU)

#if SIGURD_X86
#include <immintrin.h>

typedef struct {
    uint8_t lo[SIGURD_K][LANES]; /* the input planes */
    uint8_t hi[SIGURD_K][LANES];
    uint8_t nib[SIGURD_R][8][16]; /* avx2: per point, nibble q to low (q) and high (4 + q) byte */
    uint64_t mat[SIGURD_R][4];    /* avx512: per point, blocks lo->lo, hi->lo, lo->hi, hi->hi */
} rs_ws;

static void planes(rs_ws *ws, const uint16_t (*a)[SIGURD_TAU])
{
    size_t b, ch, t;
    for (b = 0; b < SIGURD_K; b++)
        for (ch = 0; ch < 32; ch++)
            for (t = 0; t < SIGURD_TAU; t++) {
                uint16_t v = a[ch * SIGURD_K + b][t];
                ws->lo[b][ch * SIGURD_TAU + t] = (uint8_t)v;
                ws->hi[b][ch * SIGURD_TAU + t] = (uint8_t)(v >> 8);
            }
}

/* basis[i] = c x^i, the images of the 16 bits of a factor */
static void point_basis(uint16_t basis[16], uint16_t c)
{
    unsigned i;
    basis[0] = c;
    for (i = 1; i < 16; i++)
        basis[i] = gf_xtime(basis[i - 1]);
}

static void nib_tables(uint8_t t[8][16], uint16_t c)
{
    uint16_t basis[16], s[16];
    unsigned q, v;
    point_basis(basis, c);
    for (q = 0; q < 4; q++) {
        /* entry v: the sum of basis[4q + bit] over the bits of v */
        s[0] = 0;
        for (v = 1; v < 16; v++)
            s[v] = (uint16_t)(s[v & (v - 1)] ^ basis[4 * q + (unsigned)__builtin_ctz(v)]);
        for (v = 0; v < 16; v++) {
            t[q][v] = (uint8_t)s[v];
            t[4 + q][v] = (uint8_t)(s[v] >> 8);
        }
    }
}

/* vgf2p8affineqb: result bit i of a byte x = parity(byte 7-i of the matrix
 * AND x). Block (in, out): input byte `in`, result byte `out`. */
static uint64_t affine_block(const uint16_t basis[16], unsigned in, unsigned out)
{
    uint64_t m = 0;
    unsigned i, j;
    for (i = 0; i < 8; i++) {
        unsigned row = 0;
        for (j = 0; j < 8; j++)
            row |= (unsigned)(basis[8 * in + j] >> (8 * out + i) & 1) << j;
        m |= (uint64_t)row << (8 * (7 - i));
    }
    return m;
}

/* the chunks whose position cR + p survives the truncation at N */
static size_t live_chunks(size_t p)
{
    size_t nch = (SIGURD_NCW - 1 - p) / SIGURD_R + 1;
    return nch > 32 ? 32 : nch;
}

/* c[ch R + p][t] for the lanes l0..l0+n-1 of one point, a run of
 * consecutive coefficients of one chunk at a time */
static void scatter(uint16_t (*c)[SIGURD_TAU], const uint16_t *val, size_t l0, size_t n, size_t p, size_t nch)
{
#if 64 % SIGURD_TAU == 0
    /* slices of 64 lanes hold whole chunks: copies of one constant size */
    size_t ch;
    for (ch = l0 / SIGURD_TAU; ch < (l0 + n) / SIGURD_TAU && ch < nch; ch++)
        memcpy(c[ch * SIGURD_R + p], val + (ch * SIGURD_TAU - l0), sizeof c[0]);
#else
    size_t l = l0, end = l0 + n;
    while (l < end) {
        size_t ch = l / SIGURD_TAU, t = l % SIGURD_TAU, take = SIGURD_TAU - t;
        if (ch >= nch)
            break; /* the chunks after it are cut off too */
        if (take > end - l)
            take = end - l;
        memcpy(&c[ch * SIGURD_R + p][t], val + (l - l0), take * sizeof *val);
        l += take;
    }
#endif
}

SIGURD_AVX2_TARGET static void encode_avx2(uint16_t (*c)[SIGURD_TAU], rs_ws *ws)
{
    const __m256i m4 = _mm256_set1_epi8(0x0F);
    size_t p, s, b;
    uint16_t point = 1;

    for (p = 0; p < SIGURD_R; p++) {
        point = gf_xtime(point);
        nib_tables(ws->nib[p], point);
    }
    /* two slices of 32 lanes side by side: they share the tables */
    for (s = 0; s < LANES; s += 64) {
        for (p = 0; p < SIGURD_R; p++) {
            size_t nch = live_chunks(p);
            __m256i t[8], lo0, hi0, lo1, hi1;
            uint16_t val[64];
            unsigned q;
            if (s >= nch * SIGURD_TAU)
                continue;
            for (q = 0; q < 8; q++)
                t[q] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)ws->nib[p][q]));
            lo0 = _mm256_loadu_si256((const __m256i *)&ws->lo[SIGURD_K - 1][s]);
            hi0 = _mm256_loadu_si256((const __m256i *)&ws->hi[SIGURD_K - 1][s]);
            lo1 = _mm256_loadu_si256((const __m256i *)&ws->lo[SIGURD_K - 1][s + 32]);
            hi1 = _mm256_loadu_si256((const __m256i *)&ws->hi[SIGURD_K - 1][s + 32]);
            for (b = SIGURD_K - 1; b-- > 0;) {
                __m256i a0 = _mm256_and_si256(lo0, m4), a1 = _mm256_and_si256(_mm256_srli_epi16(lo0, 4), m4);
                __m256i a2 = _mm256_and_si256(hi0, m4), a3 = _mm256_and_si256(_mm256_srli_epi16(hi0, 4), m4);
                __m256i b0 = _mm256_and_si256(lo1, m4), b1 = _mm256_and_si256(_mm256_srli_epi16(lo1, 4), m4);
                __m256i b2 = _mm256_and_si256(hi1, m4), b3 = _mm256_and_si256(_mm256_srli_epi16(hi1, 4), m4);
                lo0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_shuffle_epi8(t[0], a0), _mm256_shuffle_epi8(t[1], a1)),
                                       _mm256_xor_si256(_mm256_shuffle_epi8(t[2], a2), _mm256_shuffle_epi8(t[3], a3)));
                hi0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_shuffle_epi8(t[4], a0), _mm256_shuffle_epi8(t[5], a1)),
                                       _mm256_xor_si256(_mm256_shuffle_epi8(t[6], a2), _mm256_shuffle_epi8(t[7], a3)));
                lo1 = _mm256_xor_si256(_mm256_xor_si256(_mm256_shuffle_epi8(t[0], b0), _mm256_shuffle_epi8(t[1], b1)),
                                       _mm256_xor_si256(_mm256_shuffle_epi8(t[2], b2), _mm256_shuffle_epi8(t[3], b3)));
                hi1 = _mm256_xor_si256(_mm256_xor_si256(_mm256_shuffle_epi8(t[4], b0), _mm256_shuffle_epi8(t[5], b1)),
                                       _mm256_xor_si256(_mm256_shuffle_epi8(t[6], b2), _mm256_shuffle_epi8(t[7], b3)));
                lo0 = _mm256_xor_si256(lo0, _mm256_loadu_si256((const __m256i *)&ws->lo[b][s]));
                hi0 = _mm256_xor_si256(hi0, _mm256_loadu_si256((const __m256i *)&ws->hi[b][s]));
                lo1 = _mm256_xor_si256(lo1, _mm256_loadu_si256((const __m256i *)&ws->lo[b][s + 32]));
                hi1 = _mm256_xor_si256(hi1, _mm256_loadu_si256((const __m256i *)&ws->hi[b][s + 32]));
            }
            /* back to 16-bit values: unpack within 128-bit halves, then fix the halves */
            {
                __m256i u0 = _mm256_unpacklo_epi8(lo0, hi0), u1 = _mm256_unpackhi_epi8(lo0, hi0);
                __m256i u2 = _mm256_unpacklo_epi8(lo1, hi1), u3 = _mm256_unpackhi_epi8(lo1, hi1);
                _mm256_storeu_si256((__m256i *)&val[0], _mm256_permute2x128_si256(u0, u1, 0x20));
                _mm256_storeu_si256((__m256i *)&val[16], _mm256_permute2x128_si256(u0, u1, 0x31));
                _mm256_storeu_si256((__m256i *)&val[32], _mm256_permute2x128_si256(u2, u3, 0x20));
                _mm256_storeu_si256((__m256i *)&val[48], _mm256_permute2x128_si256(u2, u3, 0x31));
            }
            scatter(c, val, s, LANES - s < 64 ? LANES - s : 64, p, nch);
        }
    }
}

SIGURD_AVX512_TARGET static void encode_avx512(uint16_t (*c)[SIGURD_TAU], rs_ws *ws)
{
    const __m512i idx_lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
    const __m512i idx_hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    size_t p, s, b;
    uint16_t point = 1, basis[16];

    for (p = 0; p < SIGURD_R; p++) {
        point = gf_xtime(point);
        point_basis(basis, point);
        ws->mat[p][0] = affine_block(basis, 0, 0);
        ws->mat[p][1] = affine_block(basis, 1, 0);
        ws->mat[p][2] = affine_block(basis, 0, 1);
        ws->mat[p][3] = affine_block(basis, 1, 1);
    }
    /* a slice of 64 lanes, four points side by side (they share the input) */
    for (s = 0; s < LANES; s += 64) {
        for (p = 0; p < SIGURD_R; p += 4) {
            size_t np = SIGURD_R - p < 4 ? SIGURD_R - p : 4, k;
            __m512i m[4][4], lo[4], hi[4];
            uint16_t val[64];
            if (s >= live_chunks(p) * SIGURD_TAU)
                continue;
            for (k = 0; k < 4; k++) {
                const uint64_t *mk = ws->mat[p + (k < np ? k : 0)];
                m[k][0] = _mm512_set1_epi64((long long)mk[0]);
                m[k][1] = _mm512_set1_epi64((long long)mk[1]);
                m[k][2] = _mm512_set1_epi64((long long)mk[2]);
                m[k][3] = _mm512_set1_epi64((long long)mk[3]);
                lo[k] = _mm512_loadu_si512((const void *)&ws->lo[SIGURD_K - 1][s]);
                hi[k] = _mm512_loadu_si512((const void *)&ws->hi[SIGURD_K - 1][s]);
            }
            for (b = SIGURD_K - 1; b-- > 0;) {
                __m512i il = _mm512_loadu_si512((const void *)&ws->lo[b][s]);
                __m512i ih = _mm512_loadu_si512((const void *)&ws->hi[b][s]);
                for (k = 0; k < 4; k++) {
                    __m512i nl = _mm512_xor_si512(_mm512_gf2p8affine_epi64_epi8(lo[k], m[k][0], 0),
                                                  _mm512_gf2p8affine_epi64_epi8(hi[k], m[k][1], 0));
                    __m512i nh = _mm512_xor_si512(_mm512_gf2p8affine_epi64_epi8(lo[k], m[k][2], 0),
                                                  _mm512_gf2p8affine_epi64_epi8(hi[k], m[k][3], 0));
                    lo[k] = _mm512_xor_si512(nl, il);
                    hi[k] = _mm512_xor_si512(nh, ih);
                }
            }
            for (k = 0; k < np; k++) {
                size_t nch = live_chunks(p + k);
                __m512i u0 = _mm512_unpacklo_epi8(lo[k], hi[k]), u1 = _mm512_unpackhi_epi8(lo[k], hi[k]);
                if (s >= nch * SIGURD_TAU)
                    continue;
                _mm512_storeu_si512((void *)&val[0], _mm512_permutex2var_epi64(u0, idx_lo, u1));
                _mm512_storeu_si512((void *)&val[32], _mm512_permutex2var_epi64(u0, idx_hi, u1));
                scatter(c, val, s, LANES - s < 64 ? LANES - s : 64, p + k, nch);
            }
        }
    }
}
#endif

void sigurd_rs_encode(uint16_t (*c)[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU])
{
#if SIGURD_X86
    int lv = sigurd_simd();
    if (lv != SIGURD_SIMD_PORTABLE) {
        rs_ws *ws = malloc(sizeof *ws);
        if (ws != NULL) { /* else ref's code below: slower, the same result */
            planes(ws, a);
            if (lv == SIGURD_SIMD_AVX512)
                encode_avx512(c, ws);
            else
                encode_avx2(c, ws);
            free(ws);
            return;
        }
    }
#endif
    sigurd_rs_encode_ref(c, a);
}

#if SIGURD_X86
/* out = sum_b A_{ck+b} c^b for the point c = alpha^(p+1) of pos: the powers
 * of c, then a sum of scalar multiples, reduced once (clmul.h) */
SIGURD_AVX2_TARGET static void position_clmul(uint16_t out[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU], uint32_t pos)
{
    size_t ch = pos / SIGURD_R, p = pos % SIGURD_R, b;
    uint16_t point = 1, pw = 1;
    kx_scaled s;
    kx_el ae;
    for (b = 0; b <= p; b++)
        point = gf_xtime(point);
    kx_scaled_zero(&s);
    for (b = 0; b < SIGURD_K; b++) {
        kx_load(&ae, a[ch * SIGURD_K + b]);
        kx_scale_acc(&s, &ae, _mm_cvtsi32_si128(pw));
        pw = gf_mul(pw, point);
    }
    kx_scaled_out(out, &s);
}
#endif

void sigurd_rs_position(uint16_t out[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU], uint32_t pos)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        position_clmul(out, a, pos);
        return;
    }
#endif
    sigurd_rs_position_ref(out, a, pos);
}
