/* params.h - the primary parameters of CEDRUSALPHA-384s (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       48    /* node bytes */
#define CEDRUS_H       65    /* hypertree height */
#define CEDRUS_D       8     /* hypertree layers */
#define CEDRUS_A       12    /* FORC tree height */
#define CEDRUS_K       38    /* FORC trees */
#define CEDRUS_W       4     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     2
#define CEDRUS_LEN     88    /* WOTS chains */
#define CEDRUS_S       915   /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 22 x 70, then 21 x 18 */
#define CEDRUS_W_HI    22
#define CEDRUS_LEN_HI  70
#define CEDRUS_W_LO    21

#endif
