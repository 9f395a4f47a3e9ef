/* drng-bulk.c - the ICCS DRNG (iccs/drng.c) with its SM3 work batched.
 *
 * A call get_random_number(ctx, out, nbits) outputs the blocks SM3(V + i),
 * i = 0, 1, ... (V the 440-bit state, big-endian), then updates the state:
 * V += SM3(0x03 || V) + C + reseed_counter, reseed_counter += 1.
 *  - uvw_drng_get: one long call; its blocks are independent one-block
 *    messages, compressed side by side by the multi-buffer SM3.
 *  - uvw_drng_draws: many short calls in a row (shuffles, trit draws). The
 *    state chain (two compressions per call) is inherently sequential, but
 *    each call's output, SM3(V), depends only on V: the outputs of up to
 *    BATCH calls are compressed side by side once their states are known,
 *    which takes one of three compressions per call off the critical path.
 * The state is kept as 64-bit limbs in between. Both give the bytes and
 * the final state of the same sequence of get_random_number calls. */
#include <string.h>

#include "sm3.h"
#include "sm3x.h"
#include "uvw-opt.h"

#define BULK_MIN_BYTES 256 /* shorter single requests: get_random_number */
#define BATCH 64           /* messages per multi-buffer call */
#define LIMBS 7            /* 440 bits: six of 64 and one of 56 */

typedef uint64_t num440[LIMBS]; /* limb 0 least significant */

static void from_be(num440 x, const unsigned char *b, size_t len)
{
    size_t i;
    memset(x, 0, sizeof(num440));
    for (i = 0; i < len; i++)
        x[i / 8] |= (uint64_t)b[len - 1 - i] << (8 * (i % 8));
}

static void to_be(unsigned char b[SEEDLEN], const num440 x)
{
    size_t i;
    for (i = 0; i < SEEDLEN; i++)
        b[SEEDLEN - 1 - i] = (unsigned char)(x[i / 8] >> (8 * (i % 8)));
}

/* x += y modulo 2^440 */
static void add440(num440 x, const num440 y)
{
    uint64_t carry = 0;
    size_t i;
    for (i = 0; i < LIMBS; i++) {
        uint64_t s = x[i] + carry, t = s + y[i];
        carry = (uint64_t)(s < carry) + (uint64_t)(t < s);
        x[i] = t;
    }
    x[LIMBS - 1] &= ((uint64_t)1 << 56) - 1;
}

/* the state update of one call, v being the state's bytes */
static void update(num440 v, const unsigned char vb[SEEDLEN], const num440 c, num440 rc)
{
    static const num440 one = { 1 };
    unsigned char m3[1 + SEEDLEN], h[32];
    num440 hx;
    m3[0] = 3;
    memcpy(m3 + 1, vb, SEEDLEN);
    iccs_sm3(m3, sizeof m3, h); /* one message: the single-stream SM3 */
    from_be(hx, h, sizeof h);
    add440(v, hx);
    add440(v, c);
    add440(v, rc);
    add440(rc, one);
}

static void load_state(const DRNG_ctx *ctx, num440 v, num440 c, num440 rc)
{
    from_be(v, ctx->V, SEEDLEN);
    from_be(c, ctx->C, SEEDLEN);
    from_be(rc, ctx->reseed_counter, SEEDLEN);
}

static void store_state(DRNG_ctx *ctx, const num440 v, const num440 rc)
{
    to_be(ctx->V, v);
    to_be(ctx->reseed_counter, rc);
}

int uvw_drng_get(DRNG_ctx *ctx, unsigned char *out, unsigned long long nbits)
{
    unsigned char msg[BATCH][SEEDLEN], last[32];
    const uint8_t *in[BATCH];
    uint8_t *dst[BATCH];
    unsigned char cur[SEEDLEN]; /* V + i, big-endian */
    num440 v, c, rc;
    size_t nbytes, nblocks, full, i, j, n, k;

    if (nbits % 8 || nbits / 8 < BULK_MIN_BYTES || nbits / 8 > (size_t)-1 / 2)
        return get_random_number(ctx, out, nbits);
    nbytes = (size_t)(nbits / 8);
    nblocks = (nbytes + 31) / 32;
    full = nbytes / 32;
    load_state(ctx, v, c, rc);
    memcpy(cur, ctx->V, SEEDLEN);
    for (i = 0; i < nblocks; i += n) {
        n = nblocks - i < BATCH ? nblocks - i : BATCH;
        for (j = 0; j < n; j++) {
            memcpy(msg[j], cur, SEEDLEN);
            for (k = SEEDLEN; k-- > 0 && ++cur[k] == 0;) /* + 1 modulo 2^440 */
                ;
            in[j] = msg[j];
            dst[j] = i + j < full ? out + 32 * (i + j) : last;
        }
        iccs_sm3x(dst, in, SEEDLEN, n);
    }
    if (nbytes % 32)
        memcpy(out + 32 * full, last, nbytes % 32);
    update(v, ctx->V, c, rc);
    store_state(ctx, v, rc);
    return 0;
}

/* blk: the padded one-block message V (SEEDLEN = 55 bytes): V, 0x80, the
 * bit length 440 as a 64-bit big-endian number */
static void pad_block(unsigned char blk[64])
{
    blk[SEEDLEN] = 0x80;
    memset(blk + SEEDLEN + 1, 0, 64 - SEEDLEN - 1 - 2);
    blk[62] = (unsigned char)((8 * SEEDLEN) >> 8);
    blk[63] = (unsigned char)(8 * SEEDLEN);
}

void uvw_drng_draws(DRNG_ctx *ctx, unsigned char *out, size_t nbytes, size_t count)
{
    unsigned char msg[BATCH][64], dig[BATCH][32];
    const uint8_t *in[BATCH];
    uint8_t *dst[BATCH];
    num440 v, c, rc;
    size_t i, j, n;

    if (count == 0)
        return;
    for (j = 0; j < BATCH; j++) {
        pad_block(msg[j]);
        in[j] = msg[j];
        dst[j] = dig[j];
    }
    load_state(ctx, v, c, rc);
    for (i = 0; i < count; i += n) {
        n = count - i < BATCH ? count - i : BATCH;
        for (j = 0; j < n; j++) {
            to_be(msg[j], v);
            update(v, msg[j], c, rc);
        }
        iccs_sm3x_block1(dst, in, n);
        for (j = 0; j < n; j++)
            memcpy(out + (i + j) * nbytes, dig[j], nbytes);
    }
    store_state(ctx, v, rc);
}

void uvw_drng_calls(DRNG_ctx *ctx, unsigned char *out, size_t nbytes, size_t count)
{
    unsigned char blk[BATCH][64], cur[SEEDLEN], tail[BATCH][32];
    const uint8_t *in[BATCH];
    uint8_t *dst[BATCH];
    struct {
        unsigned char *to;
        size_t len;
    } pend[BATCH];
    num440 v, c, rc;
    size_t i, t, k, n = 0, np = 0, nblocks = (nbytes + 31) / 32;

    if (count == 0 || nbytes == 0)
        return;
    for (k = 0; k < BATCH; k++) {
        pad_block(blk[k]);
        in[k] = blk[k];
    }
    load_state(ctx, v, c, rc);
    for (i = 0; i < count; i++) {
        unsigned char *o = out + i * nbytes;
        to_be(cur, v);
        for (t = 0; t < nblocks; t++) {
            memcpy(blk[n], cur, SEEDLEN);
            for (k = SEEDLEN; k-- > 0 && ++cur[k] == 0;) /* + 1 modulo 2^440 */
                ;
            if (32 * (t + 1) <= nbytes)
                dst[n] = o + 32 * t;
            else {
                dst[n] = tail[np];
                pend[np].to = o + 32 * t;
                pend[np++].len = nbytes - 32 * t;
            }
            if (++n == BATCH) {
                iccs_sm3x_block1(dst, in, n);
                for (k = 0; k < np; k++)
                    memcpy(pend[k].to, tail[k], pend[k].len);
                n = np = 0;
            }
        }
        to_be(cur, v);
        update(v, cur, c, rc);
    }
    if (n) {
        iccs_sm3x_block1(dst, in, n);
        for (k = 0; k < np; k++)
            memcpy(pend[k].to, tail[k], pend[k].len);
    }
    store_state(ctx, v, rc);
}
