/* api.h - CEDRUSɑ parameter set 384s in the ngbench implementation contract. */
#define CRYPTO_ALGNAME "CEDRUSALPHA-384s"
#define CRYPTO_SECRETKEYBYTES 192
#define CRYPTO_PUBLICKEYBYTES 96
#define CRYPTO_BYTES 60672
