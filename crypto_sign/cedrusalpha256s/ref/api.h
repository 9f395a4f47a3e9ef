/* api.h - CEDRUSɑ parameter set 256s in the ngbench implementation contract. */
#define CRYPTO_ALGNAME "CEDRUSALPHA-256s"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 64
#define CRYPTO_BYTES 25568
