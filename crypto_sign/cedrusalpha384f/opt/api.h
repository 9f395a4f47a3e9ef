/* api.h - CEDRUSɑ parameter set 384f, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-384f"
#define CRYPTO_SECRETKEYBYTES 192
#define CRYPTO_PUBLICKEYBYTES 96
#define CRYPTO_BYTES 76176
