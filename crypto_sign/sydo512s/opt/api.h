/* api.h - sydo_512s (NGCC sign-28 SYDO), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "sydo_512s"
#define CRYPTO_SECRETKEYBYTES 534
#define CRYPTO_PUBLICKEYBYTES 246
#define CRYPTO_BYTES 56672
