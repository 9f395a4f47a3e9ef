/* api.h - sydo_256s (NGCC sign-28 SYDO), reference implementation. */
#define CRYPTO_ALGNAME "sydo_256s"
#define CRYPTO_SECRETKEYBYTES 278
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 14444
