/* api.h - Sigurd-128 (NGCC sign-24), ngbench opt implementation: the same
 * sizes and outputs as ref. The signature is variable-length: CRYPTO_BYTES
 * is the maximum. */
#define CRYPTO_ALGNAME "Sigurd128_REF"
#define CRYPTO_SECRETKEYBYTES 80
#define CRYPTO_PUBLICKEYBYTES 112
#define CRYPTO_BYTES 62868
