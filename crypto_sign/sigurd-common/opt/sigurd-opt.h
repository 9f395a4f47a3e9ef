/* sigurd-opt.h - the settings of the shared Sigurd code for the opt
 * implementation, included by each opt params.h after the set's parameters
 * (so before ref/sigurd.h and the other ref headers read them): the XOF and
 * the batch hash of the Merkle trees on the multi-buffer SM3 of iccs/sm3x.h
 * (hash.c here), and ye of the signer from the block positions of e
 * (rsd.c here). The vector kernels behind the other shared entry points are
 * chosen at run time (simd.h). */
#ifndef SIGURD_OPT_H
#define SIGURD_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "sm3x.h"

/* ref/hash.c: pseudoXOF with its output blocks finalised side by side */
#define SIGURD_XOF(out, outbytes, in, inbytes) (iccs_pseudoxof_mb((out), (outbytes), (in), (inbytes)), 0)
/* opt/hash.c defines sigurd_hashx (Merkle levels, many messages at once) */
#define SIGURD_HASHX_EXTERNAL 1

/* ref/rsd.h: a row of the band product as whole 256-bit vectors, and room
 * for 256-bit reads past the last row of H */
#define SIGURD_BANDW_ALIGN 4
#define SIGURD_HS_SLACK 64
/* ref/rsd.h: the band product looks up several groups of 8 columns a pass */
#define SIGURD_BAND_TABLES 4

/* opt/rsd.c: out_r = sum_{j<n} Hhat_{r,j} Y^{a_j} for r < rho, by masked
 * parities of the rows of H (ref/sign.c step 6) */
void sigurd_band_product_e(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs, const uint8_t *a);
#define SIGURD_BAND_PRODUCT_E sigurd_band_product_e

#endif
