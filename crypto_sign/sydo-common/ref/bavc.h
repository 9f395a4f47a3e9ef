/* bavc.h - SYDO's batch all-but-one vector commitment (spec P6, P7): one GGM
 * tree whose leaves are interleaved across the tau vectors, leaf commitments,
 * the commitment digest h_com, and the opening of all leaves but one per
 * vector (signer) and its reconstruction (verifier). */
#ifndef SYDO_BAVC_H
#define SYDO_BAVC_H

#include <stddef.h>
#include <stdint.h>

#include "prg.h"
#include "sydo.h"

/* Node number of leaf j of vector v (P6.1). */
static inline unsigned long sydo_leaf_node(unsigned v, unsigned long j)
{
    return SYDO_L - 1 + SYDO_TAU * j + v;
}

/* Fills nodes[1 .. NODES) from nodes[0] = r (SYDO_NODES * LB bytes). */
void sydo_bavc_expand(uint8_t *nodes, const uint8_t iv[SYDO_LB]);
/* com(v, j) = PRG2(s, iv, L - 1 + v) under the leaf's expanded key s. */
void sydo_bavc_leaf_commit(const sydo_prg_key *leaf, const uint8_t iv[SYDO_LB], unsigned v,
                           uint8_t com[2 * SYDO_LB]);
/* dig = XOF(2 LB; buf[0..n) || 0x01); buf must have room for n + 1 bytes. */
int sydo_bavc_digest(uint8_t dig[2 * SYDO_LB], uint8_t *buf, size_t n);
/* delta_v: k bits of delta from bit v*k, least significant first (P7.1). */
void sydo_bavc_challenge(unsigned dv[SYDO_TAU], const uint8_t delta[SYDO_LB]);
/* P7.2-P7.3: writes the whole opening (zero padded) and returns the number of
 * revealed siblings, or -1 without writing if it exceeds T_open. mark is a
 * scratch array of SYDO_NODES zero bytes, left zero on return. */
int sydo_bavc_open(uint8_t open[SYDO_OPENB], const uint8_t *nodes, const uint8_t iv[SYDO_LB],
                   const unsigned dv[SYDO_TAU], uint8_t *mark);
/* P7.4: rebuilds every node outside the hidden paths into nodes, marking the
 * hidden ones in `hidden` (SYDO_NODES zero bytes on entry). Returns -1 if the
 * opening has more than T_open siblings or its padding is not zero. */
int sydo_bavc_reconstruct(uint8_t *nodes, uint8_t *hidden, const uint8_t open[SYDO_OPENB],
                          const uint8_t iv[SYDO_LB], const unsigned dv[SYDO_TAU]);

#endif
