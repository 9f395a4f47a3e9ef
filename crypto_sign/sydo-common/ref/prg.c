/* prg.c - the tree PRG (spec P5) and the public-matrix generator H (spec P4).
 *
 * PRG input is the iv with the counter added to its first 32-bit word and the
 * tweak to its last, each modulo 2^32 (the iv is lambda bits, not 128). At 160
 * both the key and that input are padded with four zero bytes to fit
 * Rijndael-192 and the output is cut back to 20 bytes. */
#include <string.h>

#include "prg.h"

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

void sydo_prg_setkey(sydo_prg_key *k, unsigned lambda, const uint8_t *key)
{
    uint8_t padded[24];
    k->lambda = lambda;
    if (lambda == 160) {
        memcpy(padded, key, 20);
        memset(padded + 20, 0, 4);
        sydo_rijndael_setkey(&k->u.aes, padded, 6, 6);
    } else if (lambda == 256) {
        sydo_rijndael_setkey(&k->u.aes, key, 8, 8);
    } else {
        sydo_bc512_setkey(&k->u.bc, key);
    }
}

/* The full cipher block for counter input CtrIn(iv, t, j): 24, 32 or 64 bytes. */
static void prg_block(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint32_t ctr, uint8_t *blk)
{
    uint8_t in[64];
    unsigned lb = k->lambda / 8;
    memcpy(in, iv, lb);
    store32(in, load32(in) + ctr);
    store32(in + lb - 4, load32(in + lb - 4) + tweak);
    if (k->lambda == 512) {
        sydo_bc512_encrypt(&k->u.bc, in, blk);
        return;
    }
    if (k->lambda == 160)
        memset(in + 20, 0, 4);
    sydo_rijndael_encrypt(&k->u.aes, in, blk);
}

void sydo_prg(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint32_t ctr, uint8_t *out)
{
    uint8_t blk[64];
    prg_block(k, iv, tweak, ctr, blk);
    memcpy(out, blk, k->lambda / 8);
}

void sydo_prg2(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint8_t *out)
{
    sydo_prg(k, iv, tweak, 0, out);
    sydo_prg(k, iv, tweak, 1, out + k->lambda / 8);
}

void sydo_prg_stream(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint8_t *out, unsigned nbytes)
{
    uint8_t blk[64];
    /* bytes used per call: 16 of Rijndael-192's 24, all of the others */
    unsigned q = k->lambda == 160 ? 16 : k->lambda / 8, done, n;
    uint32_t j;
    for (done = 0, j = 0; done < nbytes; done += n, j++) {
        prg_block(k, iv, tweak, j, blk);
        n = nbytes - done < q ? nbytes - done : q;
        memcpy(out + done, blk, n);
    }
}

void sydo_hgen_setkey(sydo_hgen_key *k, unsigned lambda, const uint8_t *seed_pk)
{
    uint8_t padded[24];
    k->lambda = lambda;
    if (lambda == 160) {
        memcpy(padded, seed_pk, 20);
        memset(padded + 20, 0, 4);
        sydo_rijndael_setkey(&k->u.aes, padded, 6, 4);
    } else if (lambda == 256) {
        sydo_rijndael_setkey(&k->u.aes, seed_pk, 8, 4);
    } else {
        sydo_bc512_setkey(&k->u.bc, seed_pk);
    }
}

void sydo_hgen(const sydo_hgen_key *k, uint32_t e, uint8_t *out)
{
    uint8_t in[64] = {0}, blk[32];
    if (k->lambda == 512) {
        store32(in, e);
        sydo_bc512_encrypt(&k->u.bc, in, out);
        return;
    }
    /* two AES blocks, counters 2e and 2e+1 */
    store32(in, 2 * e);
    sydo_rijndael_encrypt(&k->u.aes, in, blk);
    store32(in, 2 * e + 1);
    sydo_rijndael_encrypt(&k->u.aes, in, blk + 16);
    memcpy(out, blk, k->lambda / 8);
}
