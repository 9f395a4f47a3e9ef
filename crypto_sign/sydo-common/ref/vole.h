/* vole.h - VOLE from the BAVC leaves (spec P8): the signer's u, columns v_g and
 * correction C, and the verifier's columns q_g = v_g + Delta_g * u. Both
 * passes also produce the leaf commitments and h_com, since a leaf's key
 * schedule serves its commitment and its stream alike. */
#ifndef SYDO_VOLE_H
#define SYDO_VOLE_H

#include <stdint.h>

#include "sydo.h"

/* Column g of a column array (lambda columns of COLB bytes). */
#define SYDO_COL(cols, g) ((cols) + (size_t)(g) * SYDO_COLB)

/* Scratch both passes need: one vector's commitments (plus the domain byte),
 * the tau digests (plus the domain byte) and one leaf stream. */
#ifndef SYDO_VOLE_GROUP
#define SYDO_VOLE_GROUP 1  /* vectors whose commitments are kept at once (opt: more) */
#endif
#ifndef SYDO_VOLE_LEAVES
#define SYDO_VOLE_LEAVES 1 /* leaf streams made at once */
#endif
typedef struct {
    uint8_t com[SYDO_VOLE_GROUP * ((size_t)SYDO_VLEAVES * 2 * SYDO_LB + 1)];
    uint8_t digs[SYDO_TAU * 2 * SYDO_LB + 1];
    uint8_t x[SYDO_VOLE_LEAVES * SYDO_COLB];
    uint8_t acc[SYDO_VOLE_GROUP * SYDO_COLB];
} sydo_vole_work;

/* Signer: from the expanded tree, u (COLB bytes), the columns (lambda of
 * them; D .. lambda-1 zero), C and h_com. Returns 0, or -1 if a hash fails. */
int sydo_vole_commit(uint8_t *u, uint8_t *cols, uint8_t C[SYDO_CB], uint8_t hcom[2 * SYDO_LB],
                     const uint8_t *nodes, const uint8_t iv[SYDO_LB], sydo_vole_work *wk);
/* Verifier: from the reconstructed tree and the opening, the columns q_g
 * (D .. lambda-1 zero) and h_com. */
int sydo_vole_receive(uint8_t *qcols, uint8_t hcom[2 * SYDO_LB], const uint8_t *nodes,
                      const uint8_t open[SYDO_OPENB], const uint8_t C[SYDO_CB], const unsigned dv[SYDO_TAU],
                      const uint8_t iv[SYDO_LB], sydo_vole_work *wk);

#endif
