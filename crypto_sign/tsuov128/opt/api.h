/* api.h - TSUOV_128, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "TSUOV_128"
#define CRYPTO_SECRETKEYBYTES 32
#define CRYPTO_PUBLICKEYBYTES 779
#define CRYPTO_BYTES 896
