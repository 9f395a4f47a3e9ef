/* api.h - sydo_512s (NGCC sign-28 SYDO), reference implementation. */
#define CRYPTO_ALGNAME "sydo_512s"
#define CRYPTO_SECRETKEYBYTES 534
#define CRYPTO_PUBLICKEYBYTES 246
#define CRYPTO_BYTES 56672
