/* api.h - CEDRUSɑ parameter set 160s, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-160s"
#define CRYPTO_SECRETKEYBYTES 80
#define CRYPTO_PUBLICKEYBYTES 40
#define CRYPTO_BYTES 10300
