/* params.h - the primary parameters of CEDRUSALPHA-384f (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       48    /* node bytes */
#define CEDRUS_H       65    /* hypertree height */
#define CEDRUS_D       12    /* hypertree layers */
#define CEDRUS_A       10    /* FORC tree height */
#define CEDRUS_K       51    /* FORC trees */
#define CEDRUS_W       2     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     1
#define CEDRUS_LEN     80    /* WOTS chains */
#define CEDRUS_S       1150  /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 30 x 61, then 29 x 19 */
#define CEDRUS_W_HI    30
#define CEDRUS_LEN_HI  61
#define CEDRUS_W_LO    29

#endif
