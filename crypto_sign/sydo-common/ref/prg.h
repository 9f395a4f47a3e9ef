/* prg.h - SYDO's cipher-based generators: the tree PRG (spec P5) that expands
 * GGM nodes, commits to leaves and streams VOLE rows, and the generator of the
 * public matrix elements H(e) (spec P4). Both take lambda (160, 256 or 512) at
 * run time, so one build can serve, and be tested at, every security level. */
#ifndef SYDO_PRG_H
#define SYDO_PRG_H

#include <stdint.h>

#include "bc512.h"
#include "rijndael.h"

/* A node key, expanded once for every block generated under it. */
typedef struct {
    unsigned lambda;
    union {
        sydo_rijndael_key aes; /* Rijndael-192 (key || 0^4) or Rijndael-256 */
        sydo_bc512_key bc;
    } u;
} sydo_prg_key;

void sydo_prg_setkey(sydo_prg_key *k, unsigned lambda, const uint8_t *key);
/* PRG_lambda(key, iv, t, j): lambda/8 bytes. */
void sydo_prg(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint32_t ctr, uint8_t *out);
/* PRG2(key, iv, t) = PRG(.., 0) || PRG(.., 1): 2*lambda/8 bytes. */
void sydo_prg2(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint8_t *out);
/* The VOLE stream of P8.1: the first Q bytes (16, 32, 64 at lambda 160, 256,
 * 512) of PRG(.., j) for j = 0, 1, ..., cut to nbytes (a multiple of 16). */
void sydo_prg_stream(const sydo_prg_key *k, const uint8_t *iv, uint32_t tweak, uint8_t *out, unsigned nbytes);

/* The public matrix generator, keyed by seed_pk (lambda/8 bytes). */
typedef struct {
    unsigned lambda;
    union {
        sydo_rijndael_key aes; /* AES-192 (seed_pk || 0^4) or AES-256 */
        sydo_bc512_key bc;
    } u;
} sydo_hgen_key;

void sydo_hgen_setkey(sydo_hgen_key *k, unsigned lambda, const uint8_t *seed_pk);
/* H(e): lambda/8 bytes, before any row masking. */
void sydo_hgen(const sydo_hgen_key *k, uint32_t e, uint8_t *out);

#endif
