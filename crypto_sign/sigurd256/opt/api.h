/* api.h - Sigurd-256 (NGCC sign-24), ngbench opt implementation: the same
 * sizes and outputs as ref. The signature is variable-length: CRYPTO_BYTES
 * is the maximum. */
#define CRYPTO_ALGNAME "Sigurd256_REF"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 212
#define CRYPTO_BYTES 137412
