/* api.h - UVW-128 (NGCC sign-32) in the ngbench contract. */
#define CRYPTO_ALGNAME "UVW-128"
#define CRYPTO_SECRETKEYBYTES 40
#define CRYPTO_PUBLICKEYBYTES 5897612
#define CRYPTO_BYTES 1244
