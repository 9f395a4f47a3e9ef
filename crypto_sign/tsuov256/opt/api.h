/* api.h - TSUOV_256, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "TSUOV_256"
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_PUBLICKEYBYTES 2170
#define CRYPTO_BYTES 2412
