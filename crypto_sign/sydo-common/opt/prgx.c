/* prgx.c - the tree PRG and the public-matrix generator (spec P4, P5) over
 * many blocks per call, so that the ciphers' multi-block paths (rijndael.c:
 * two or four blocks interleaved; bc512.c: sixteen lanes) have work: the
 * children of runs of GGM nodes, the commitments and VOLE streams of batches
 * of leaves, runs of H(e). The blocks are those of ref's prg.c: input
 * CtrIn(iv, t, j) = iv with j added to its first 32-bit word and t to its
 * last, zero padded to Rijndael-192 at lambda = 160. */
#include <string.h>

#include "../ref/sydo.h"

/* cipher block bytes and bytes of each block a VOLE stream uses */
#define BLK(lambda) ((lambda) == 160 ? 24u : (lambda) / 8)
#define STREAMQ(lambda) ((lambda) == 160 ? 16u : (lambda) / 8)
/* blocks per cipher call: enough to fill the 16 lanes of BC512 */
#define CHUNK 64

static void ctr_in(uint8_t *in, unsigned lambda, const uint8_t *iv, uint32_t tweak, uint32_t ctr)
{
    unsigned lb = lambda / 8;
    memcpy(in, iv, lb);
    sydo_store32(in, sydo_load32(in) + ctr);
    sydo_store32(in + lb - 4, sydo_load32(in + lb - 4) + tweak);
    if (lambda == 160)
        memset(in + 20, 0, 4);
}

/* The Rijndael schedules of up to four PRG keys (key i at keys + stride*i,
 * lambda/8 bytes; at 160 padded with four zero bytes), four at once when
 * there are four; returns how many. */
static size_t schedules(sydo_rijndael_key ks[4], unsigned lambda, const uint8_t *keys, size_t stride, size_t n)
{
    uint8_t pad[4][32];
    const uint8_t *kp[4];
    unsigned lb = lambda / 8, nk = lambda == 160 ? 6 : 8, p;
    if (n < 4) {
        sydo_prg_key k;
        sydo_prg_setkey(&k, lambda, keys);
        ks[0] = k.u.aes;
        return 1;
    }
    for (p = 0; p < 4; p++) {
        memcpy(pad[p], keys + stride * p, lb);
        memset(pad[p] + lb, 0, 4 * nk - lb);
        kp[p] = pad[p];
    }
    sydo_rijndael_setkey4(ks, kp, nk);
    return 4;
}

/* BC512 blocks under per-block keys: the pointer list and the key copies */
typedef struct {
    const sydo_bc512_key *kp[CHUNK];
    sydo_bc512_key k[CHUNK / 2];
} keylist;

void sydo_prgx_expand(unsigned lambda, const uint8_t *keys, size_t n, const uint8_t *iv, uint32_t tweak0,
                      uint8_t *out)
{
    uint8_t in[CHUNK * 64], blk[CHUNK * 64];
    unsigned lb = lambda / 8, bs = BLK(lambda);
    size_t i, c, m;

    if (lambda == 512) {
        keylist kl;
        for (i = 0; i < n; i += c) {
            c = n - i < CHUNK / 2 ? n - i : CHUNK / 2;
            for (m = 0; m < c; m++) {
                sydo_bc512_setkey(&kl.k[m], keys + lb * (i + m));
                kl.kp[2 * m] = kl.kp[2 * m + 1] = &kl.k[m];
                ctr_in(in + 128 * m, lambda, iv, tweak0 + (uint32_t)(i + m), 0);
                ctr_in(in + 128 * m + 64, lambda, iv, tweak0 + (uint32_t)(i + m), 1);
            }
            /* two 64-byte blocks per node: exactly its two children */
            sydo_bc512_encrypt_n(kl.kp, in, out + 128 * i, 2 * c);
        }
        return;
    }
    /* a node's two inputs differ from the next node's in the tweak word;
     * the schedules four nodes at a time */
    ctr_in(in, lambda, iv, tweak0, 0);
    ctr_in(in + bs, lambda, iv, tweak0, 1);
    for (i = 0; i < n; i += c) {
        sydo_rijndael_key ks[4];
        c = schedules(ks, lambda, keys + lb * i, lb, n - i);
        for (m = 0; m < c; m++) {
            if (i + m > 0) {
                sydo_store32(in + lb - 4, sydo_load32(in + lb - 4) + 1);
                sydo_store32(in + bs + lb - 4, sydo_load32(in + bs + lb - 4) + 1);
            }
            sydo_rijndael_encrypt_n(&ks[m], in, blk, 2);
            memcpy(out + 2 * lb * (i + m), blk, lb);
            memcpy(out + 2 * lb * (i + m) + lb, blk + bs, lb);
        }
    }
}

void sydo_prgx_leaves(unsigned lambda, const uint8_t *keys, size_t kstride, size_t n, const uint8_t *iv,
                      uint32_t ctweak, uint32_t stweak, uint8_t *com, uint8_t *x, size_t xlen)
{
    uint8_t in[CHUNK * 64], blk[CHUNK * 64];
    unsigned lb = lambda / 8, bs = BLK(lambda), q = STREAMQ(lambda);
    size_t per = 2 + (xlen + q - 1) / q, i, b, t, c, used;

    if (lambda == 512) {
        /* all blocks of all leaves, CHUNK at a time: block b of leaf i is
         * the commitment's (b < 2) or stream block b - 2 */
        keylist kl;
        sydo_bc512_key lk[SYDO_PRGX_MAXLEAVES];
        size_t total = per * n, s, k;
        for (i = 0; i < n; i++)
            sydo_bc512_setkey(&lk[i], keys + kstride * i);
        for (s = 0; s < total; s += c) {
            c = total - s < CHUNK ? total - s : CHUNK;
            for (k = 0; k < c; k++) {
                i = (s + k) / per;
                b = (s + k) % per;
                kl.kp[k] = &lk[i];
                if (b < 2)
                    ctr_in(in + 64 * k, lambda, iv, ctweak, (uint32_t)b);
                else
                    ctr_in(in + 64 * k, lambda, iv, stweak, (uint32_t)(b - 2));
            }
            sydo_bc512_encrypt_n(kl.kp, in, blk, c);
            for (k = 0; k < c; k++) {
                i = (s + k) / per;
                b = (s + k) % per;
                if (b < 2) {
                    memcpy(com + 2 * lb * i + lb * b, blk + 64 * k, lb);
                } else {
                    used = (b - 2) * q;
                    memcpy(x + xlen * i + used, blk + 64 * k, xlen - used < q ? xlen - used : q);
                }
            }
        }
        return;
    }
    /* every leaf encrypts the same inputs (its commitment's two blocks, then
     * its stream's) under its own key; at most CHUNK of them */
    if (per > CHUNK) {
        for (i = 0; i < n; i++) {
            sydo_prg_key k;
            sydo_prg_setkey(&k, lambda, keys + kstride * i);
            for (b = 0; b < per; b += c) {
                c = per - b < CHUNK ? per - b : CHUNK;
                for (t = 0; t < c; t++)
                    ctr_in(in + bs * t, lambda, iv, b + t < 2 ? ctweak : stweak,
                           (uint32_t)(b + t < 2 ? b + t : b + t - 2));
                sydo_rijndael_encrypt_n(&k.u.aes, in, blk, c);
                for (t = 0; t < c; t++) {
                    if (b + t < 2) {
                        memcpy(com + 2 * lb * i + lb * (b + t), blk + bs * t, lb);
                    } else {
                        used = (b + t - 2) * q;
                        memcpy(x + xlen * i + used, blk + bs * t, xlen - used < q ? xlen - used : q);
                    }
                }
            }
        }
        return;
    }
    for (t = 0; t < per; t++)
        ctr_in(in + bs * t, lambda, iv, t < 2 ? ctweak : stweak, (uint32_t)(t < 2 ? t : t - 2));
    for (i = 0; i < n; i += c) {
        sydo_rijndael_key ks[4];
        size_t m;
        c = schedules(ks, lambda, keys + kstride * i, kstride, n - i);
        for (m = 0; m < c; m++) {
            uint8_t *xi = x + xlen * (i + m), *ci = com + 2 * lb * (i + m);
            sydo_rijndael_encrypt_n(&ks[m], in, blk, per);
            memcpy(ci, blk, lb);
            memcpy(ci + lb, blk + bs, lb);
            if (bs == q) {
                memcpy(xi, blk + 2 * bs, xlen); /* 256: the blocks are the stream */
            } else {
                /* 160: 16 of every 24 bytes */
                for (t = 0; t + 1 < per - 2; t++)
                    memcpy(xi + q * t, blk + bs * (2 + t), 16);
                used = q * t;
                memcpy(xi + used, blk + bs * (2 + t), xlen - used);
            }
        }
    }
}

void sydo_prgx_hgen(const sydo_hgen_key *k, uint32_t e0, size_t n, uint8_t *out)
{
    uint8_t in[CHUNK * 64], blk[CHUNK * 64];
    unsigned lb = k->lambda / 8;
    size_t i, c, m;

    memset(in, 0, sizeof in);
    if (k->lambda == 512) {
        const sydo_bc512_key *kp[CHUNK];
        for (m = 0; m < CHUNK; m++)
            kp[m] = &k->u.bc;
        for (i = 0; i < n; i += c) {
            c = n - i < CHUNK ? n - i : CHUNK;
            for (m = 0; m < c; m++)
                sydo_store32(in + 64 * m, e0 + (uint32_t)(i + m));
            sydo_bc512_encrypt_n(kp, in, out + 64 * i, c);
        }
        return;
    }
    /* two AES blocks per element, counters 2e and 2e + 1 */
    for (i = 0; i < n; i += c) {
        c = n - i < CHUNK / 2 ? n - i : CHUNK / 2;
        for (m = 0; m < 2 * c; m++)
            sydo_store32(in + 16 * m, 2 * (e0 + (uint32_t)i) + (uint32_t)m);
        sydo_rijndael_encrypt_n(&k->u.aes, in, blk, 2 * c);
        for (m = 0; m < c; m++)
            memcpy(out + lb * (i + m), blk + 32 * m, lb);
    }
}

/* bavc.c's hook: the children of every internal node not marked hidden
 * (hidden may be NULL), in runs whose parents are all done before. */
void sydo_opt_expand_nodes(uint8_t *nodes, const uint8_t *hidden, const uint8_t *iv)
{
    unsigned long a = 0, b, lim;
    while (a + 1 < SYDO_L) {
        if (hidden && hidden[a]) {
            a++;
            continue;
        }
        /* nodes [a, b): none hidden, parents < a (b <= 2a + 1) */
        lim = 2 * a + 1;
        if (lim > a + 256)
            lim = a + 256;
        if (lim > SYDO_L - 1)
            lim = SYDO_L - 1;
        for (b = a + 1; b < lim && !(hidden && hidden[b]); b++)
            ;
        sydo_prgx_expand(SYDO_LAMBDA, nodes + (size_t)a * SYDO_LB, b - a, iv, (uint32_t)a,
                         nodes + (2 * (size_t)a + 1) * SYDO_LB);
        a = b;
    }
}
