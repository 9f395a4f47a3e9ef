/* api.h - TSUOV_256 (NGCC sign-31), ngbench implementation contract. */
#define CRYPTO_ALGNAME "TSUOV_256"
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_PUBLICKEYBYTES 2170
#define CRYPTO_BYTES 2412
