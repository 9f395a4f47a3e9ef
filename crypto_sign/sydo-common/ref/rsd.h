/* rsd.h - the regular-syndrome-decoding instance of SYDO (sydo.md 3): block
 * positions sampled from seed_sk, their 10-bit witness encoding, the syndrome
 * under the public matrix, and the combinatorial ranks behind the encoding
 * (spec P11) that QuickSilver reuses. */
#ifndef SYDO_RSD_H
#define SYDO_RSD_H

#include <stdint.h>

#include "sydo.h"

/* 3.1: w positions in [0, 279). Returns 0, or -1 if the XOF fails. */
int sydo_rsd_positions(uint16_t pos[SYDO_W], const uint8_t seed_sk[SYDO_LB]);
/* 3.2: the witness bytes x-bar. */
void sydo_rsd_witness(uint8_t xbar[SYDO_WB], const uint16_t pos[SYDO_W]);
/* 3.3: y = first m bits of the three syndrome rows. */
void sydo_rsd_syndrome(uint8_t y[SYDO_M / 8], const uint8_t seed_pk[SYDO_LB], const uint16_t pos[SYDO_W]);

/* P11. Subsets of {0..n-1} are bit masks (element s = bit s). */
unsigned sydo_binom(unsigned a, unsigned b);
/* rank_n(S) inside its weight class */
unsigned sydo_subset_rank(unsigned n, unsigned mask);
/* the subset of weight ell with rank_n = rank */
unsigned sydo_subset_unrank(unsigned n, unsigned ell, unsigned rank);
/* Hamming-ball rank and its inverse for radius `radius` */
unsigned sydo_ball_rank(unsigned n, unsigned mask);
unsigned sydo_ball_unrank(unsigned n, unsigned radius, unsigned rank);
/* A block's 10 local witness bits as a mask (bits 0, 1: block 0; bits 2..9:
 * block 1). Returns its column inside the block, 93*ball_2 + ball_8 (sydo.md
 * 5.5), or -1 if the pattern is outside both balls. */
int sydo_block_index(unsigned mask10);

#endif
