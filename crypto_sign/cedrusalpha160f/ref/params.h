/* params.h - the primary parameters of CEDRUSALPHA-160f (spec §2.1); all
 * other sizes follow in ../../cedrusalpha-common/ref/cedrus.h. */
#ifndef CEDRUS_PARAMS_H
#define CEDRUS_PARAMS_H

#include "api.h"

#define CEDRUS_N       20    /* node bytes */
#define CEDRUS_H       66    /* hypertree height */
#define CEDRUS_D       17    /* hypertree layers */
#define CEDRUS_A       7     /* FORC tree height */
#define CEDRUS_K       28    /* FORC trees */
#define CEDRUS_W       4     /* FORC chain length (w' in the PDF) */
#define CEDRUS_LGW     2
#define CEDRUS_LEN     40    /* WOTS chains */
#define CEDRUS_S       337   /* WOTS target sum */
/* WOTS array w[0..len-1] in index order: 18 x 35, then 17 x 5 */
#define CEDRUS_W_HI    18
#define CEDRUS_LEN_HI  35
#define CEDRUS_W_LO    17

#endif
