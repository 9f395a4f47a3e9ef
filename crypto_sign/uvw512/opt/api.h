/* api.h - UVW-512 (NGCC sign-32), opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "UVW-512"
#define CRYPTO_SECRETKEYBYTES 72
#define CRYPTO_PUBLICKEYBYTES 95160012
#define CRYPTO_BYTES 4956
