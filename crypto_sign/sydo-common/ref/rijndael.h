/* rijndael.h - the Rijndael block cipher with 128-, 192- and 256-bit blocks and
 * 192- or 256-bit keys (spec P2). SYDO uses four instances: AES-192 and AES-256
 * for the public matrix, Rijndael-192 and Rijndael-256 (wide blocks) for the
 * tree PRG. Key schedules are caller-owned so that one expansion serves every
 * block encrypted under the same node key. */
#ifndef SYDO_RIJNDAEL_H
#define SYDO_RIJNDAEL_H

#include <stdint.h>

/* Nb*(Nr+1) words for the largest instance (Nb = 8, Nr = 14). */
#define SYDO_RIJNDAEL_MAXRK 120

typedef struct {
    uint32_t rk[SYDO_RIJNDAEL_MAXRK]; /* round-key words, byte 0 in the low bits */
    unsigned nb;                      /* block length in 32-bit words: 4, 6 or 8 */
    unsigned nr;                      /* rounds: max(Nk, Nb) + 6 */
} sydo_rijndael_key;

/* Expands a key of nk words (6 or 8) for blocks of nb words (4, 6 or 8). */
void sydo_rijndael_setkey(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb);
/* Encrypts one block of 4*nb bytes; in and out may be the same buffer. */
void sydo_rijndael_encrypt(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out);

#endif
