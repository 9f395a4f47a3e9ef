/* params.h - the UVW-512 parameter set (NGCC sign-32; specs/uvw.md section 1).
 * Everything else is derived from these in ../../uvw-common/ref/uvw.h. */
#ifndef UVW_PARAMS_H
#define UVW_PARAMS_H

#define UVW_ALGNAME "UVW-512"
#define UVW_LAMBDA 512    /* security level; salt bits */
#define UVW_N 39000     /* code length n */
#define UVW_K 19500     /* dimension k */
#define UVW_K1 13066    /* H_X and H_Y have h - k1 rows */
#define UVW_K2 6434    /* H_Z has h - k2 rows */
#define UVW_W 34710     /* exact signature weight */
#define UVW_SEEDBYTES 64 /* S: bytes of the key seed */

#endif
