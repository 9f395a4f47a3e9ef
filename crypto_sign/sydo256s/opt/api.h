/* api.h - sydo_256s (NGCC sign-28 SYDO), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "sydo_256s"
#define CRYPTO_SECRETKEYBYTES 278
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 14444
