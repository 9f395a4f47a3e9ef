/* api.h - sydo_512f (NGCC sign-28 SYDO), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "sydo_512f"
#define CRYPTO_SECRETKEYBYTES 534
#define CRYPTO_PUBLICKEYBYTES 246
#define CRYPTO_BYTES 67716
