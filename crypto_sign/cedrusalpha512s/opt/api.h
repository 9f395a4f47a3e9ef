/* api.h - CEDRUSɑ parameter set 512s, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-512s"
#define CRYPTO_SECRETKEYBYTES 256
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 98048
