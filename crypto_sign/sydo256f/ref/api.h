/* api.h - sydo_256f (NGCC sign-28 SYDO), reference implementation. */
#define CRYPTO_ALGNAME "sydo_256f"
#define CRYPTO_SECRETKEYBYTES 278
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 17604
