/* sm3.c - SM3 compression and bit-level absorption.
 *
 * Fast path: byte-aligned input goes straight into whole-block compression;
 * only input that starts or ends inside a byte is shifted bit by bit. The
 * length field reproduces the official code (see iccs_sm3_length_field). */
#include <stdlib.h>
#include <string.h>

#include "sm3.h"

#define ROL32(x, n) (((x) << (n)) | ((x) >> ((32 - (n)) & 31)))
#define P0(x) ((x) ^ ROL32((x), 9) ^ ROL32((x), 17))
#define P1(x) ((x) ^ ROL32((x), 15) ^ ROL32((x), 23))
#define FF0(x, y, z) ((x) ^ (y) ^ (z))
#define FF1(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define GG0(x, y, z) ((x) ^ (y) ^ (z))
#define GG1(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))

static uint32_t load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* T_j rotated left by j mod 32, as used in round j (also by sm3x.c). */
const uint32_t iccs_sm3_k[64] = {
    0x79cc4519U, 0xf3988a32U, 0xe7311465U, 0xce6228cbU, 0x9cc45197U, 0x3988a32fU, 0x7311465eU, 0xe6228cbcU,
    0xcc451979U, 0x988a32f3U, 0x311465e7U, 0x6228cbceU, 0xc451979cU, 0x88a32f39U, 0x11465e73U, 0x228cbce6U,
    0x9d8a7a87U, 0x3b14f50fU, 0x7629ea1eU, 0xec53d43cU, 0xd8a7a879U, 0xb14f50f3U, 0x629ea1e7U, 0xc53d43ceU,
    0x8a7a879dU, 0x14f50f3bU, 0x29ea1e76U, 0x53d43cecU, 0xa7a879d8U, 0x4f50f3b1U, 0x9ea1e762U, 0x3d43cec5U,
    0x7a879d8aU, 0xf50f3b14U, 0xea1e7629U, 0xd43cec53U, 0xa879d8a7U, 0x50f3b14fU, 0xa1e7629eU, 0x43cec53dU,
    0x879d8a7aU, 0x0f3b14f5U, 0x1e7629eaU, 0x3cec53d4U, 0x79d8a7a8U, 0xf3b14f50U, 0xe7629ea1U, 0xcec53d43U,
    0x9d8a7a87U, 0x3b14f50fU, 0x7629ea1eU, 0xec53d43cU, 0xd8a7a879U, 0xb14f50f3U, 0x629ea1e7U, 0xc53d43ceU,
    0x8a7a879dU, 0x14f50f3bU, 0x29ea1e76U, 0x53d43cecU, 0xa7a879d8U, 0x4f50f3b1U, 0x9ea1e762U, 0x3d43cec5U,
};

/* Message words live in a 16-word window: round j needs W[j] and W[j+4], and
 * from round 12 on W[j+4] is expanded into the slot of W[j-12], which it is
 * the last to read. Fully unrolled with constant indices so the compiler can
 * keep the window in registers. */
#define WW(j) w[(j) & 15]
#define EXPAND(j)                                                          \
    (WW((j) + 4) = P1(WW((j) - 12) ^ WW((j) - 5) ^ ROL32(WW((j) + 1), 15)) \
                   ^ ROL32(WW((j) - 9), 7) ^ WW((j) - 2))

/* One round; the caller rotates the roles of the eight registers so that no
 * register moves are needed (B, D, F, H are overwritten). WJ and WPJ are
 * W[j] and W'[j] = W[j] ^ W[j+4].
 *
 * The order of the additions is that of the shortest dependency chain: E
 * (the previous round's P0 output) arrives last, so everything not
 * depending on it is summed first (rol12(A) + T_j, H + W[j], D + W'[j]) and
 * E enters through one two-input addition. Left to itself a compiler folds
 * rol12(A) + E + T_j into one three-operand LEA, two cycles on AMD family
 * 26, on the critical path of every round; SM3_KEEP (an empty asm that
 * makes a value opaque) stops that. With it the rounds run at the latency
 * of that chain: 6 cycles (rounds 0-15) and 7 (16-63, where GG1 adds a
 * level), about 440 cycles a block, 7 per byte. */
#if defined(__GNUC__) || defined(__clang__)
#define SM3_KEEP(x) __asm__("" : "+r"(x))
#else
#define SM3_KEEP(x) ((void)0)
#endif
#define ROUNDW(A, B, C, D, E, F, G, H, j, FF, GG, WJ, WPJ)       \
    do {                                                         \
        uint32_t a12 = ROL32(A, 12), ak = a12 + iccs_sm3_k[j];   \
        uint32_t hw = H + (WJ), dw = D + (WPJ), ss1, ss2;        \
        SM3_KEEP(ak);                                            \
        SM3_KEEP(hw);                                            \
        SM3_KEEP(dw);                                            \
        ss1 = ROL32(ak + E, 7);                                  \
        ss2 = ss1 ^ a12;                                         \
        D = (FF(A, B, C) + dw) + ss2;                            \
        H = (GG(E, F, G) + hw) + ss1;                            \
        H = P0(H);                                               \
        B = ROL32(B, 9);                                         \
        F = ROL32(F, 19);                                        \
    } while (0)
#define ROUND(A, B, C, D, E, F, G, H, j, FF, GG) \
    ROUNDW(A, B, C, D, E, F, G, H, j, FF, GG, WW(j), WW(j) ^ WW((j) + 4))

#define ROUND4(j, FF, GG, X)                                     \
    X(j); ROUND(a, b, c, d, e, f, g, h, (j) + 0, FF, GG);        \
    X((j) + 1); ROUND(d, a, b, c, h, e, f, g, (j) + 1, FF, GG);  \
    X((j) + 2); ROUND(c, d, a, b, g, h, e, f, (j) + 2, FF, GG);  \
    X((j) + 3); ROUND(b, c, d, a, f, g, h, e, (j) + 3, FF, GG)
#define NOEXPAND(j) ((void)0)

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SM3_HAVE_X86 1
#include <immintrin.h>
#include <x86intrin.h>
#define SM3_ALIGN16 __attribute__((aligned(16)))

/* The rounds of the SIMD-scheduled variants: W[j] and W'[j] = W[j] ^ W[j+4]
 * read from the arrays the schedule filled. */
#define ROUNDX(A, B, C, D, E, F, G, H, j, FF, GG) ROUNDW(A, B, C, D, E, F, G, H, j, FF, GG, wx[j], wp[j])
#define ROUNDX4(j, FF, GG, S) S; \
    ROUNDX(a, b, c, d, e, f, g, h, (j) + 0, FF, GG);             \
    ROUNDX(d, a, b, c, h, e, f, g, (j) + 1, FF, GG);             \
    ROUNDX(c, d, a, b, g, h, e, f, (j) + 2, FF, GG);             \
    ROUNDX(b, c, d, a, f, g, h, e, (j) + 3, FF, GG)

/* AVX2 (VEX-encoded SSE on 128 bits; rotations are two shifts and an OR),
 * BMI2 for the scalar rotations (rorx: no register copies). */
#define SM3S_FN compress_avx2
#define SM3S_TARGET __attribute__((target("avx2,bmi2")))
#define SROL(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))
#define SXOR3(a, b, c) _mm_xor_si128(_mm_xor_si128((a), (b)), (c))
#include "sm3-sched.h"
#undef SM3S_FN
#undef SM3S_TARGET
#undef SROL
#undef SXOR3

/* AVX-512VL: vprold rotates, vpternlogd (0x96) is a three-input XOR. */
#define SM3S_FN compress_avx512
#define SM3S_TARGET __attribute__((target("avx2,bmi2,avx512f,avx512vl")))
#define SROL(x, n) _mm_rol_epi32((x), (n))
#define SXOR3(a, b, c) _mm_ternarylogic_epi32((a), (b), (c), 0x96)
#include "sm3-sched.h"
#undef SM3S_FN
#undef SM3S_TARGET
#undef SROL
#undef SXOR3
#else
#define SM3_HAVE_X86 0
#endif

static void compress_portable(uint32_t st[8], const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16];
    while (nblocks--) {
        uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
        uint32_t e = st[4], f = st[5], g = st[6], h = st[7];
        w[0] = load_be32(blocks); w[1] = load_be32(blocks + 4);
        w[2] = load_be32(blocks + 8); w[3] = load_be32(blocks + 12);
        w[4] = load_be32(blocks + 16); w[5] = load_be32(blocks + 20);
        w[6] = load_be32(blocks + 24); w[7] = load_be32(blocks + 28);
        w[8] = load_be32(blocks + 32); w[9] = load_be32(blocks + 36);
        w[10] = load_be32(blocks + 40); w[11] = load_be32(blocks + 44);
        w[12] = load_be32(blocks + 48); w[13] = load_be32(blocks + 52);
        w[14] = load_be32(blocks + 56); w[15] = load_be32(blocks + 60);
        ROUND4(0, FF0, GG0, NOEXPAND);
        ROUND4(4, FF0, GG0, NOEXPAND);
        ROUND4(8, FF0, GG0, NOEXPAND);
        ROUND4(12, FF0, GG0, EXPAND);
        ROUND4(16, FF1, GG1, EXPAND);
        ROUND4(20, FF1, GG1, EXPAND);
        ROUND4(24, FF1, GG1, EXPAND);
        ROUND4(28, FF1, GG1, EXPAND);
        ROUND4(32, FF1, GG1, EXPAND);
        ROUND4(36, FF1, GG1, EXPAND);
        ROUND4(40, FF1, GG1, EXPAND);
        ROUND4(44, FF1, GG1, EXPAND);
        ROUND4(48, FF1, GG1, EXPAND);
        ROUND4(52, FF1, GG1, EXPAND);
        ROUND4(56, FF1, GG1, EXPAND);
        ROUND4(60, FF1, GG1, EXPAND);
        st[0] ^= a; st[1] ^= b; st[2] ^= c; st[3] ^= d;
        st[4] ^= e; st[5] ^= f; st[6] ^= g; st[7] ^= h;
        blocks += SM3_BLOCK_BYTES;
    }
}

/* ---- run-time choice of the single-stream backend ----
 * Every backend computes the same function; which one runs is a matter of
 * speed only. A backend qualifies when the CPU has its instruction sets
 * (CPUID through __builtin_cpu_supports); among those the fastest on this
 * host is taken, by a calibration at first use, separately for short calls
 * (fewer than SM3_LONG blocks: the padding block of every message, short
 * messages) and long ones (bulk hashing), because the winner can differ:
 * on AMD family 26 the SIMD message schedule wins on a single block and the
 * scalar code on long runs. Each backend compresses 1 block four times and
 * 16 blocks once, 9 rounds interleaved after a warm-up, and the minimum
 * cycle count of each decides (what a busy host cannot inflate). About 500
 * compressions, some 100-200 microseconds, once per process.
 * NGBENCH_SM3X=portable|avx2|avx512 in the environment forces one for all
 * sizes (a name this host cannot run, or "auto", leaves the choice to the
 * calibration). */
#define SM3_LONG 8
typedef void (*sm3_compress_fn)(uint32_t st[8], const uint8_t *blocks, size_t nblocks);

static const struct {
    const char *name;
    sm3_compress_fn fn;
} sm3_backends[] = {
    { "portable", compress_portable },
#if SM3_HAVE_X86
    { "avx2", compress_avx2 },
    { "avx512", compress_avx512 },
#endif
};
#define SM3_NBACKENDS (sizeof sm3_backends / sizeof sm3_backends[0])

/* -1: not chosen yet; else short + 16 * long, indices into sm3_backends.
 * Read and written atomically: threads that race at first use each
 * calibrate and store a valid choice (all backends give the same results). */
static int sm3_choice = -1;

#if defined(__GNUC__) || defined(__clang__)
#define SM3_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define SM3_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#else
#define SM3_LOAD(p) (*(p))
#define SM3_STORE(p, v) (*(p) = (v))
#endif

int iccs_sm3_backend_runs(const char *name)
{
#if SM3_HAVE_X86
    __builtin_cpu_init();
    if (strcmp(name, "avx2") == 0)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
    if (strcmp(name, "avx512") == 0)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")
               && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
    return strcmp(name, "portable") == 0;
}

static int sm3_index(const char *name)
{
    unsigned i;
    for (i = 0; i < SM3_NBACKENDS; i++)
        if (strcmp(sm3_backends[i].name, name) == 0)
            return iccs_sm3_backend_runs(name) ? (int)i : -1;
    return -1;
}

static int sm3_calibrate(void)
{
#if SM3_HAVE_X86
    static const uint8_t blk[16 * SM3_BLOCK_BYTES] = { 1, 2, 3 };
    uint64_t best[2][SM3_NBACKENDS];
    int ok[SM3_NBACKENDS], pick[2] = { 0, 0 }, s;
    unsigned i, r, c;
    for (i = 0; i < SM3_NBACKENDS; i++) {
        uint32_t st[8] = { 0 };
        best[0][i] = best[1][i] = UINT64_MAX;
        ok[i] = iccs_sm3_backend_runs(sm3_backends[i].name);
        if (ok[i])
            sm3_backends[i].fn(st, blk, 2); /* warm the code and data */
    }
    for (r = 0; r < 9; r++)
        for (i = 0; i < SM3_NBACKENDS; i++)
            for (s = 0; s < 2 && ok[i]; s++) {
                uint32_t st[8] = { 0 };
                uint64_t t0 = __rdtsc(), t;
                if (s == 0)
                    for (c = 0; c < 4; c++)
                        sm3_backends[i].fn(st, blk + 64 * c, 1);
                else
                    sm3_backends[i].fn(st, blk, 16);
                t = __rdtsc() - t0 + (st[0] & 1); /* st used: the calls are kept */
                if (t < best[s][i])
                    best[s][i] = t;
            }
    for (s = 0; s < 2; s++)
        for (i = 1; i < SM3_NBACKENDS; i++)
            if (ok[i] && best[s][i] < best[s][pick[s]])
                pick[s] = (int)i;
    return pick[0] + 16 * pick[1];
#else
    return 0;
#endif
}

static int sm3_chosen(void)
{
    int c = SM3_LOAD(&sm3_choice);
    if (c < 0) {
        const char *env = getenv("NGBENCH_SM3X");
        c = env && *env ? sm3_index(env) : -1;
        if (c >= 0)
            c = c + 16 * c;
        else
            c = sm3_calibrate();
        SM3_STORE(&sm3_choice, c);
    }
    return c;
}

const char *iccs_sm3_backend_for(size_t nblocks)
{
    int c = sm3_chosen();
    return sm3_backends[nblocks >= SM3_LONG ? c / 16 : c % 16].name;
}

const char *iccs_sm3_backend(void)
{
    return iccs_sm3_backend_for(SM3_LONG);
}

int iccs_sm3_select(const char *name)
{
    int c = sm3_index(name);
    if (strcmp(name, "auto") == 0) {
        SM3_STORE(&sm3_choice, -1); /* calibrate again at the next use */
        return 0;
    }
    if (c < 0)
        return -1;
    SM3_STORE(&sm3_choice, c + 16 * c);
    return 0;
}

int iccs_sm3_avx2(void)
{
    int c = sm3_chosen();
    return c % 16 != 0 || c / 16 != 0;
}

void iccs_sm3_compress(uint32_t st[8], const uint8_t *blocks, size_t nblocks)
{
    int c = sm3_chosen();
    sm3_backends[nblocks >= SM3_LONG ? c / 16 : c % 16].fn(st, blocks, nblocks);
}

void iccs_sm3_init(iccs_sm3_ctx *ctx)
{
    static const uint32_t iv[8] = {
        0x7380166fU, 0x4914b2b9U, 0x172442d7U, 0xda8a0600U,
        0xa96f30bcU, 0x163138aaU, 0xe38dee4dU, 0xb0fb0e4eU,
    };
    memcpy(ctx->h, iv, sizeof iv);
    ctx->nblocks = 0;
    ctx->bufbits = 0;
    memset(ctx->buf, 0, sizeof ctx->buf);
}

/* Byte-aligned absorption: ctx->bufbits is a multiple of 8. */
static void update_aligned(iccs_sm3_ctx *ctx, const uint8_t *msg, size_t n)
{
    size_t have = ctx->bufbits / 8;
    if (have) {
        size_t take = SM3_BLOCK_BYTES - have;
        if (take > n)
            take = n;
        memcpy(ctx->buf + have, msg, take);
        msg += take;
        n -= take;
        have += take;
        if (have < SM3_BLOCK_BYTES) {
            ctx->bufbits = (unsigned)(8 * have);
            return;
        }
        iccs_sm3_compress(ctx->h, ctx->buf, 1);
        ctx->nblocks++;
        memset(ctx->buf, 0, sizeof ctx->buf);
        ctx->bufbits = 0;
    }
    if (n >= SM3_BLOCK_BYTES) {
        size_t nb = n / SM3_BLOCK_BYTES;
        iccs_sm3_compress(ctx->h, msg, nb);
        ctx->nblocks += nb;
        msg += nb * SM3_BLOCK_BYTES;
        n -= nb * SM3_BLOCK_BYTES;
    }
    if (n) {
        memcpy(ctx->buf, msg, n);
        ctx->bufbits = (unsigned)(8 * n);
    }
}

/* Appends the top k bits of byte v (1 <= k <= 8, low bits of v zero). */
static void append_bits(iccs_sm3_ctx *ctx, uint8_t v, unsigned k)
{
    unsigned pos = ctx->bufbits / 8, off = ctx->bufbits % 8;
    ctx->buf[pos] |= (uint8_t)(v >> off);
    ctx->bufbits += k;
    if (ctx->bufbits >= 8 * SM3_BLOCK_BYTES) {
        uint8_t spill = (uint8_t)(v << (8 - off)); /* only when off + k > 8 */
        iccs_sm3_compress(ctx->h, ctx->buf, 1);
        ctx->nblocks++;
        memset(ctx->buf, 0, sizeof ctx->buf);
        ctx->bufbits -= 8 * SM3_BLOCK_BYTES;
        if (ctx->bufbits)
            ctx->buf[0] = spill;
    } else if (off + k > 8) {
        ctx->buf[pos + 1] = (uint8_t)(v << (8 - off));
    }
}

void iccs_sm3_update(iccs_sm3_ctx *ctx, const uint8_t *msg, size_t nbytes)
{
    if (nbytes == 0)
        return;
    if (ctx->bufbits % 8 == 0) {
        update_aligned(ctx, msg, nbytes);
        return;
    }
    while (nbytes--)
        append_bits(ctx, *msg++, 8);
}

void iccs_sm3_update_bits(iccs_sm3_ctx *ctx, const uint8_t *msg, uint64_t nbits)
{
    size_t full = (size_t)(nbits / 8);
    unsigned rest = (unsigned)(nbits % 8);
    iccs_sm3_update(ctx, msg, full);
    if (rest)
        append_bits(ctx, (uint8_t)(msg[full] & (0xFF00u >> rest)), rest);
}

uint64_t iccs_sm3_length_field(uint64_t nbits)
{
    uint32_t hi = (uint32_t)((nbits >> 41) << 9);
    return ((uint64_t)hi << 32) | (uint32_t)nbits;
}

void iccs_sm3_final(iccs_sm3_ctx *ctx, uint8_t digest[SM3_DIGEST_BYTES])
{
    uint64_t nbits = ctx->nblocks * 512u + ctx->bufbits;
    uint64_t lf = iccs_sm3_length_field(nbits);
    unsigned pos = ctx->bufbits / 8;
    int i;

    ctx->buf[pos] |= (uint8_t)(0x80u >> (ctx->bufbits % 8));
    if (ctx->bufbits + 1 > 448) {
        iccs_sm3_compress(ctx->h, ctx->buf, 1);
        memset(ctx->buf, 0, sizeof ctx->buf);
    }
    store_be32(ctx->buf + 56, (uint32_t)(lf >> 32));
    store_be32(ctx->buf + 60, (uint32_t)lf);
    iccs_sm3_compress(ctx->h, ctx->buf, 1);
    for (i = 0; i < 8; i++)
        store_be32(digest + 4 * i, ctx->h[i]);
}

void iccs_sm3(const uint8_t *msg, size_t nbytes, uint8_t digest[SM3_DIGEST_BYTES])
{
    iccs_sm3_ctx ctx;
    iccs_sm3_init(&ctx);
    update_aligned(&ctx, msg, nbytes);
    iccs_sm3_final(&ctx, digest);
}
