/* quicksilver.h - SYDO's degree-4 QuickSilver proof (sydo.md 5): the prover's
 * c_0 .. c_3 from the VOLE MACs and the witness, and the verifier's c_0' from
 * the VOLE keys and Delta. */
#ifndef SYDO_QUICKSILVER_H
#define SYDO_QUICKSILVER_H

#include <stdint.h>

#include "sydo.h"

/* MAC/key rows kept: the 10w witness rows, then the 3*lambda mask rows. */
#define SYDO_QROWS (10 * SYDO_W + 3 * SYDO_LAMBDA)

typedef struct {
    uint64_t row[SYDO_QROWS][SYDO_NW];  /* MACs m_r (prover) or keys K_r (verifier) */
    uint64_t g[SYDO_BLOCK][SYDO_NW];    /* one block's folded row, then its sums */
    uint64_t prod[256][SYDO_NW];        /* products over subsets of a block's 8 block-1 rows */
    int16_t idx[1024];                  /* local 10-bit pattern -> column in the block, or -1 */
    uint16_t pattern[SYDO_BLOCK];       /* column in the block -> local pattern */
    uint8_t quad[70];                   /* the 4-subsets of {0..7} in rank order */
    gf_tab8_t alpha_tab[3];             /* window tables of the public alphas */
    gf_tab8_t key_tab[2];               /* verifier: window tables of s and Delta */
} sydo_qs_work;

/* Prover. cols: the VOLE columns v_0 .. v_{lambda-1}; u: the VOLE vector; xbar:
 * the witness; pk: the public key. Writes c_0 (check value, hashed but not
 * sent) and c_1 || c_2 || c_3 (the proof). */
void sydo_qs_prove(uint8_t c0[SYDO_LB], uint8_t c123[3 * SYDO_LB], const uint8_t *cols, const uint8_t *u,
                   const uint8_t xbar[SYDO_WB], const uint8_t pk[SYDO_PKB], const uint8_t chal2[SYDO_CHAL2B],
                   sydo_qs_work *wk);
/* Verifier. qcols: the corrected VOLE keys q'_0 .. q'_{lambda-1}; delta: the
 * challenge (as the field element Delta). Writes c_0'. */
void sydo_qs_verify(uint8_t c0[SYDO_LB], const uint8_t *qcols, const uint8_t delta[SYDO_LB],
                    const uint8_t c123[3 * SYDO_LB], const uint8_t pk[SYDO_PKB],
                    const uint8_t chal2[SYDO_CHAL2B], sydo_qs_work *wk);

#endif
