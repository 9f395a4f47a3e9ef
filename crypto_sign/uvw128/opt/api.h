/* api.h - UVW-128 (NGCC sign-32), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "UVW-128"
#define CRYPTO_SECRETKEYBYTES 40
#define CRYPTO_PUBLICKEYBYTES 5897612
#define CRYPTO_BYTES 1244
