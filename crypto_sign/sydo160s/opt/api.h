/* api.h - sydo_160s (NGCC sign-28 SYDO), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "sydo_160s"
#define CRYPTO_SECRETKEYBYTES 174
#define CRYPTO_PUBLICKEYBYTES 80
#define CRYPTO_BYTES 5428
