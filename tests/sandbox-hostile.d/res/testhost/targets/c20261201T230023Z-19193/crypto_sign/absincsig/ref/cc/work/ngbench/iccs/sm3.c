/* sm3.c - SM3 compression and bit-level absorption.
 *
 * Fast path: byte-aligned input goes straight into whole-block compression;
 * only input that starts or ends inside a byte is shifted bit by bit. The
 * length field reproduces the official code (see iccs_sm3_length_field). */
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

/* T_j rotated left by j mod 32, as used in round j. */
static const uint32_t K[64] = {
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
 * register moves are needed (B, D, F, H are overwritten). */
#define ROUND(A, B, C, D, E, F, G, H, j, FF, GG)                 \
    do {                                                         \
        uint32_t a12 = ROL32(A, 12);                             \
        uint32_t ss1 = ROL32(a12 + E + K[j], 7);                 \
        uint32_t ss2 = ss1 ^ a12;                                \
        uint32_t tt1 = FF(A, B, C) + D + ss2 + (WW(j) ^ WW((j) + 4)); \
        uint32_t tt2 = GG(E, F, G) + H + ss1 + WW(j);            \
        B = ROL32(B, 9);                                         \
        F = ROL32(F, 19);                                        \
        D = tt1;                                                 \
        H = P0(tt2);                                             \
    } while (0)

#define ROUND4(j, FF, GG, X)                                     \
    X(j); ROUND(a, b, c, d, e, f, g, h, (j) + 0, FF, GG);        \
    X((j) + 1); ROUND(d, a, b, c, h, e, f, g, (j) + 1, FF, GG);  \
    X((j) + 2); ROUND(c, d, a, b, g, h, e, f, (j) + 2, FF, GG);  \
    X((j) + 3); ROUND(b, c, d, a, f, g, h, e, (j) + 3, FF, GG)
#define NOEXPAND(j) ((void)0)

static void compress(uint32_t st[8], const uint8_t *blocks, size_t nblocks)
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
        compress(ctx->h, ctx->buf, 1);
        ctx->nblocks++;
        memset(ctx->buf, 0, sizeof ctx->buf);
        ctx->bufbits = 0;
    }
    if (n >= SM3_BLOCK_BYTES) {
        size_t nb = n / SM3_BLOCK_BYTES;
        compress(ctx->h, msg, nb);
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
        compress(ctx->h, ctx->buf, 1);
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
        compress(ctx->h, ctx->buf, 1);
        memset(ctx->buf, 0, sizeof ctx->buf);
    }
    store_be32(ctx->buf + 56, (uint32_t)(lf >> 32));
    store_be32(ctx->buf + 60, (uint32_t)lf);
    compress(ctx->h, ctx->buf, 1);
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
