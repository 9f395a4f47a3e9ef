/* params.h - the primary parameters of CEDRUSALPHA-160s (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       20    /* node bytes */
#define CEDRUS_H       68    /* hypertree height */
#define CEDRUS_D       9     /* hypertree layers */
#define CEDRUS_A       10    /* FORC tree height */
#define CEDRUS_K       16    /* FORC trees */
#define CEDRUS_W       8     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     3
#define CEDRUS_LEN     30    /* WOTS chains */
#define CEDRUS_S       706   /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 49 x 2, then 48 x 28 */
#define CEDRUS_W_HI    49
#define CEDRUS_LEN_HI  2
#define CEDRUS_W_LO    48

#endif
