/* api.h - TSUOV_128 (NGCC sign-31), ngbench implementation contract. */
#define CRYPTO_ALGNAME "TSUOV_128"
#define CRYPTO_SECRETKEYBYTES 32
#define CRYPTO_PUBLICKEYBYTES 779
#define CRYPTO_BYTES 896
