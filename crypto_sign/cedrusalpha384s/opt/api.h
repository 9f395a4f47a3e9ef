/* api.h - CEDRUSɑ parameter set 384s, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-384s"
#define CRYPTO_SECRETKEYBYTES 192
#define CRYPTO_PUBLICKEYBYTES 96
#define CRYPTO_BYTES 60672
