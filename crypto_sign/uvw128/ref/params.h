/* params.h - the UVW-128 parameter set (NGCC sign-32; specs/uvw.md section 1).
 * Everything else is derived from these in ../../uvw-common/ref/uvw.h. */
#ifndef UVW_PARAMS_H
#define UVW_PARAMS_H

#define UVW_ALGNAME "UVW-128"
#define UVW_LAMBDA 128    /* security level; salt bits */
#define UVW_N 9700     /* code length n */
#define UVW_K 4850     /* dimension k */
#define UVW_K1 3250    /* H_X and H_Y have h - k1 rows */
#define UVW_K2 1600    /* H_Z has h - k2 rows */
#define UVW_W 8633     /* exact signature weight */
#define UVW_SEEDBYTES 32 /* S: bytes of the key seed */

#endif
