/* params.h - the primary parameters of CEDRUSALPHA-512f (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       64    /* node bytes */
#define CEDRUS_H       66    /* hypertree height */
#define CEDRUS_D       11    /* hypertree layers */
#define CEDRUS_A       10    /* FORC tree height */
#define CEDRUS_K       66    /* FORC trees */
#define CEDRUS_W       4     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     2
#define CEDRUS_LEN     109   /* WOTS chains */
#define CEDRUS_S       1430  /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 28 x 27, then 27 x 82 */
#define CEDRUS_W_HI    28
#define CEDRUS_LEN_HI  27
#define CEDRUS_W_LO    27

#endif
