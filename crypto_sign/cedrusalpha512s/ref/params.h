/* params.h - the primary parameters of CEDRUSALPHA-512s (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       64    /* node bytes */
#define CEDRUS_H       65    /* hypertree height */
#define CEDRUS_D       8     /* hypertree layers */
#define CEDRUS_A       13    /* FORC tree height */
#define CEDRUS_K       47    /* FORC trees */
#define CEDRUS_W       4     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     2
#define CEDRUS_LEN     101   /* WOTS chains */
#define CEDRUS_S       1741  /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 36 x 49, then 35 x 52 */
#define CEDRUS_W_HI    36
#define CEDRUS_LEN_HI  49
#define CEDRUS_W_LO    35

#endif
