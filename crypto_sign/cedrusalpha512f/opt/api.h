/* api.h - CEDRUSɑ parameter set 512f, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-512f"
#define CRYPTO_SECRETKEYBYTES 256
#define CRYPTO_PUBLICKEYBYTES 128
#define CRYPTO_BYTES 127488
