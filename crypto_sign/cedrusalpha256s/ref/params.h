/* params.h - the primary parameters of CEDRUSALPHA-256s (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       32    /* node bytes */
#define CEDRUS_H       67    /* hypertree height */
#define CEDRUS_D       9     /* hypertree layers */
#define CEDRUS_A       12    /* FORC tree height */
#define CEDRUS_K       23    /* FORC trees */
#define CEDRUS_W       4     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     2
#define CEDRUS_LEN     48    /* WOTS chains */
#define CEDRUS_S       1059  /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 46 x 7, then 45 x 41 */
#define CEDRUS_W_HI    46
#define CEDRUS_LEN_HI  7
#define CEDRUS_W_LO    45

#endif
