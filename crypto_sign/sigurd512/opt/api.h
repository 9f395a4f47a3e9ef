/* api.h - Sigurd-512 (NGCC sign-24), ngbench opt implementation: the same
 * sizes and outputs as ref. The signature is variable-length: CRYPTO_BYTES
 * is the maximum. */
#define CRYPTO_ALGNAME "Sigurd512_REF"
#define CRYPTO_SECRETKEYBYTES 256
#define CRYPTO_PUBLICKEYBYTES 435
#define CRYPTO_BYTES 494532
