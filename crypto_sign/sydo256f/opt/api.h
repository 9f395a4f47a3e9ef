/* api.h - sydo_256f (NGCC sign-28 SYDO), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "sydo_256f"
#define CRYPTO_SECRETKEYBYTES 278
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 17604
