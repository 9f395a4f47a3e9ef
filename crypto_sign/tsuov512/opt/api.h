/* api.h - TSUOV_512, opt implementation (the same sizes as ref). */
#define CRYPTO_ALGNAME "TSUOV_512"
#define CRYPTO_SECRETKEYBYTES 128
#define CRYPTO_PUBLICKEYBYTES 21319
#define CRYPTO_BYTES 2939
