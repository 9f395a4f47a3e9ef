/* params.h - the primary parameters of CEDRUSALPHA-256f (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       32    /* node bytes */
#define CEDRUS_H       65    /* hypertree height */
#define CEDRUS_D       14    /* hypertree layers */
#define CEDRUS_A       8     /* FORC tree height */
#define CEDRUS_K       45    /* FORC trees */
#define CEDRUS_W       2     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     1
#define CEDRUS_LEN     63    /* WOTS chains */
#define CEDRUS_S       535   /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 18 x 63 */
#define CEDRUS_W_HI    18
#define CEDRUS_LEN_HI  63
#define CEDRUS_W_LO    18    /* no second run in this set */

#endif
