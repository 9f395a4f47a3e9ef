/* auxfunc.c - sm3hash, pseudohash (HMAC-SM3 with the fixed key) and pseudoXOF
 * (the GB/T 32918.4 KDF), bit-exact with the official ICCS helpers.
 *
 * Unlike the official code nothing is allocated: pseudoXOF absorbs the message
 * once and finishes a copy of that state per 256-bit output block. */
#include <stdio.h>
#include <string.h>

#include "auxfunc.h"
#include "sm3.h"

#define ERR_DIGEST_LEN (-4)

static int bad_digest_len(void)
{
    fputs("ERROR: Digestbitlen not in the limitation.\n", stderr);
    return ERR_DIGEST_LEN;
}

int sm3hash(int digest_len_bits, const unsigned char *msg,
            unsigned long long msg_len_bits, unsigned char *digest)
{
    iccs_sm3_ctx ctx;
    if (digest_len_bits != 256)
        return bad_digest_len();
    iccs_sm3_init(&ctx);
    iccs_sm3_update_bits(&ctx, msg, msg_len_bits);
    iccs_sm3_final(&ctx, digest);
    return 0;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output)
{
    iccs_sm3_ctx base, ctx;
    unsigned long long left = (output_len_bits + 7) / 8;
    uint32_t counter = 0;
    uint8_t ctr[4], block[SM3_DIGEST_BYTES];

    if (output_len_bits == 0)
        return 0;
    iccs_sm3_init(&base);
    iccs_sm3_update_bits(&base, msg, msg_len_bits);
    while (left) {
        counter++; /* 32-bit, wraps like the official unsigned int */
        ctr[0] = (uint8_t)(counter >> 24);
        ctr[1] = (uint8_t)(counter >> 16);
        ctr[2] = (uint8_t)(counter >> 8);
        ctr[3] = (uint8_t)counter;
        ctx = base;
        iccs_sm3_update(&ctx, ctr, 4);
        if (left >= SM3_DIGEST_BYTES) {
            iccs_sm3_final(&ctx, output);
            output += SM3_DIGEST_BYTES;
            left -= SM3_DIGEST_BYTES;
        } else {
            iccs_sm3_final(&ctx, block);
            memcpy(output, block, (size_t)left);
            output += left;
            left = 0;
        }
    }
    if (output_len_bits % 8)
        output[-1] &= (uint8_t)(0xFF00u >> (output_len_bits % 8));
    return 0;
}

/* KEY = SM3("3.14159265358979") || SM3("2.71828182845904"); 64 bytes, one
 * SM3 block, so HMAC uses it as it is (tests recompute it). */
static const uint8_t hmac_key[SM3_BLOCK_BYTES] = {
    0x53, 0x07, 0xF6, 0xD5, 0xEB, 0x6A, 0x3C, 0xED, 0x3D, 0x24, 0xC5, 0x3C, 0xC9, 0xC8, 0x2C, 0xCE,
    0x2F, 0x89, 0x36, 0x39, 0x70, 0x23, 0xF0, 0x69, 0x5C, 0x26, 0xC8, 0x0C, 0x1A, 0xB1, 0x82, 0xA7,
    0x1D, 0xB0, 0x2B, 0xA9, 0x2F, 0x54, 0x40, 0x18, 0x11, 0x5A, 0x96, 0xE7, 0x19, 0x66, 0x2C, 0xA3,
    0x2B, 0x7C, 0x7E, 0xFC, 0x0A, 0x6D, 0x24, 0x82, 0x15, 0x07, 0x66, 0xBA, 0x6F, 0x65, 0x5B, 0x8E,
};

static void hmac_start(iccs_sm3_ctx *ctx, uint8_t pad)
{
    uint8_t block[SM3_BLOCK_BYTES];
    int i;
    for (i = 0; i < SM3_BLOCK_BYTES; i++)
        block[i] = (uint8_t)(hmac_key[i] ^ pad);
    iccs_sm3_init(ctx);
    iccs_sm3_update(ctx, block, sizeof block);
}

/* Finishes HMAC whose inner context already holds ipad-key || message. */
static void hmac_finish(iccs_sm3_ctx *inner, uint8_t out[SM3_DIGEST_BYTES])
{
    iccs_sm3_ctx outer;
    uint8_t ih[SM3_DIGEST_BYTES];
    iccs_sm3_final(inner, ih);
    hmac_start(&outer, 0x5C);
    iccs_sm3_update(&outer, ih, sizeof ih);
    iccs_sm3_final(&outer, out);
}

static void hmac32(const uint8_t in[SM3_DIGEST_BYTES], uint8_t out[SM3_DIGEST_BYTES])
{
    iccs_sm3_ctx ctx;
    hmac_start(&ctx, 0x36);
    iccs_sm3_update(&ctx, in, SM3_DIGEST_BYTES);
    hmac_finish(&ctx, out);
}

static void sm3_of_two(const uint8_t *x, size_t xlen, const uint8_t *y, size_t ylen,
                       uint8_t out[SM3_DIGEST_BYTES])
{
    iccs_sm3_ctx ctx;
    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, x, xlen);
    iccs_sm3_update(&ctx, y, ylen);
    iccs_sm3_final(&ctx, out);
}

int pseudohash(int digest_len_bits, const unsigned char *msg,
               unsigned long long msg_len_bits, unsigned char *digest)
{
    iccs_sm3_ctx ctx;
    uint8_t tag[2], k1[32], h1[32], h2[32], h3[32], k2[32], k3[32], k4[32];

    if (digest_len_bits != 512 && digest_len_bits != 768 && digest_len_bits != 1024)
        return bad_digest_len();
    tag[0] = (uint8_t)(digest_len_bits / 256);
    tag[1] = 0;

    hmac_start(&ctx, 0x36); /* k1 = HMAC(D || msg) */
    iccs_sm3_update(&ctx, tag, 2);
    iccs_sm3_update_bits(&ctx, msg, msg_len_bits);
    hmac_finish(&ctx, k1);

    iccs_sm3_init(&ctx); /* h1 = SM3(msg || D), bit-level */
    iccs_sm3_update_bits(&ctx, msg, msg_len_bits);
    iccs_sm3_update(&ctx, tag, 2);
    iccs_sm3_final(&ctx, h1);

    sm3_of_two(k1, 32, h1, 32, h2);
    memcpy(digest, h1, 32);
    memcpy(digest + 32, h2, 32);
    if (digest_len_bits == 512)
        return 0;

    hmac32(h1, k2);
    sm3_of_two(h2, 32, k2, 32, h3);
    memcpy(digest + 64, h3, 32);
    if (digest_len_bits == 768)
        return 0;

    hmac32(h2, k3);
    hmac32(h3, k4);
    iccs_sm3_init(&ctx); /* h4 = SM3(k3 || h3 || k4) */
    iccs_sm3_update(&ctx, k3, 32);
    iccs_sm3_update(&ctx, h3, 32);
    iccs_sm3_update(&ctx, k4, 32);
    iccs_sm3_final(&ctx, digest + 96);
    return 0;
}
