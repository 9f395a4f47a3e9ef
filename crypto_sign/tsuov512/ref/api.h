/* api.h - TSUOV_512 (NGCC sign-31), ngbench implementation contract. */
#define CRYPTO_ALGNAME "TSUOV_512"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 21319
#define CRYPTO_BYTES 2939
