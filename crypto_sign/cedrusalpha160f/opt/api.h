/* api.h - CEDRUSɑ parameter set 160f, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "CEDRUSALPHA-160f"
#define CRYPTO_SECRETKEYBYTES 80
#define CRYPTO_PUBLICKEYBYTES 40
#define CRYPTO_BYTES 19420
