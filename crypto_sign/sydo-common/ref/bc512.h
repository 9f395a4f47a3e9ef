/* bc512.h - BC512, the 512-bit keyed permutation built from BLAKE2s rounds that
 * SYDO uses at lambda = 512 for the tree PRG and the public matrix (spec P3).
 * It is not BLAKE2s hashing: no IV, no parameter block, no counter or
 * finalisation flags and no feed-forward. */
#ifndef SYDO_BC512_H
#define SYDO_BC512_H

#include <stdint.h>

/* The key is the sixteen message words of BLAKE2s. Parsing it once lets every
 * block under one node key share the work. */
typedef struct {
    uint32_t m[16];
} sydo_bc512_key;

void sydo_bc512_setkey(sydo_bc512_key *k, const uint8_t key[64]);
void sydo_bc512_encrypt(const sydo_bc512_key *k, const uint8_t in[64], uint8_t out[64]);

#endif
