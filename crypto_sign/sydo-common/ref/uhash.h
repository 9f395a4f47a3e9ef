/* uhash.h - SYDO's universal hashes: the VOLE-check hash VCH of one column
 * (spec P9) and the Horner hashes that compress QuickSilver's constraints
 * (spec P10). */
#ifndef SYDO_UHASH_H
#define SYDO_UHASH_H

#include <stdint.h>

#include "sydo.h"

/* The two inner hashes of VCH(col) under chal1: h_s in GF(2^lambda) and h_t
 * in GF(2^64). */
void sydo_vch_hashes(uint64_t hs[SYDO_NW], uint64_t *ht, const uint8_t *col, const uint8_t chal1[SYDO_CHAL1B]);
/* VCH(col): LB + 2 bytes. col is a VOLE column (COLB bytes); only its first
 * R_v bits are read. */
void sydo_vch(uint8_t out[SYDO_VCHB], const uint8_t *col, const uint8_t chal1[SYDO_CHAL1B]);

/* One Horner step of both QuickSilver hashes of a slot:
 * a = a*s + e in GF(2^lambda), b = b*t + e with the 64-bit key t embedded. */
void sydo_uhash_step(uint64_t a[SYDO_NW], uint64_t b[SYDO_NW], const uint64_t s[SYDO_NW], uint64_t t,
                     const uint64_t e[SYDO_NW]);

#endif
