/* api.h - CEDRUSɑ parameter set 256f, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-256f"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 64
#define CRYPTO_BYTES 43296
