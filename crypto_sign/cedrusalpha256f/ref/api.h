/* api.h - CEDRUSɑ parameter set 256f in the ngbench implementation contract. */
#define CRYPTO_ALGNAME "CEDRUSALPHA-256f"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 64
#define CRYPTO_BYTES 43296
