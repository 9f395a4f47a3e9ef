/* sample.c - YuanYang's randomness plumbing: the 1024-byte block byte source
 * over a DRBG context (spec §4.1) and the centred samplers for f, g and s
 * (spec §5).
 *
 * The block granularity is part of the bit-exact behaviour: every refill is
 * one 8192-bit get_random_number call, and whatever is left of a block when an
 * operation ends is lost with it. */
#include <string.h>

#include "yuanyang.h"

void yy_bytesrc_init(yy_bytesrc *src, DRNG_ctx *ctx)
{
    src->ctx = ctx;
    src->pos = YY_BLOCK_BYTES; /* empty: nothing is drawn before the first byte is needed */
}

void yy_bytesrc_read(yy_bytesrc *src, unsigned char *out, size_t len)
{
    while (len > 0) {
        size_t take;
        if (src->pos == YY_BLOCK_BYTES) {
            get_random_number(src->ctx, src->buf, 8 * YY_BLOCK_BYTES);
            src->pos = 0;
        }
        take = YY_BLOCK_BYTES - src->pos;
        if (take > len)
            take = len;
        if (out != NULL) {
            memcpy(out, src->buf + src->pos, take);
            out += take;
        }
        src->pos += take;
        len -= take;
    }
}

/* e is drawn by the reference and then dropped (spec §12.2): only its DRBG
 * calls matter, so its bytes are consumed without being turned into
 * coefficients. */
void yy_bytesrc_skip(yy_bytesrc *src, size_t len)
{
    yy_bytesrc_read(src, NULL, len);
}

/* One coefficient per byte r: magnitude = #{t in table : t <= r >> 1}, sign
 * from r & 1; neg_on_one selects which value of the low bit means negative.
 * Branch-free, as the coefficients are secret. */
static void sample(int8_t a[YY_D], yy_bytesrc *src, const int32_t table[5], int32_t neg_on_one)
{
    unsigned char r[YY_D];
    size_t i;
    int t;

    yy_bytesrc_read(src, r, YY_D);
    for (i = 0; i < YY_D; i++) {
        int32_t m = r[i] >> 1, v = 0, neg;
        for (t = 0; t < 5; t++)
            v += (int32_t)((uint32_t)(table[t] - m - 1) >> 31); /* table[t] <= m */
        neg = (r[i] & 1) ^ (neg_on_one ^ 1);
        a[i] = (int8_t)(v - 2 * neg * v);
    }
    yy_wipe(r, sizeof r);
}

void yy_sample_key(int8_t f[YY_D], yy_bytesrc *src)
{
    static const int32_t t_f[5] = YY_T_F;
    sample(f, src, t_f, 1);
}

void yy_sample_s(int8_t s[YY_D], yy_bytesrc *src)
{
    static const int32_t t_s[5] = YY_T_S;
    sample(s, src, t_s, 0);
}
