/* api.h - UVW-256 (NGCC sign-32), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "UVW-256"
#define CRYPTO_SECRETKEYBYTES 40
#define CRYPTO_PUBLICKEYBYTES 23040012
#define CRYPTO_BYTES 2444
