/* api.h - yuanyang-2048 (YuanYang.KEM, NGCC kem-40): sizes in bytes. */
#define CRYPTO_ALGNAME "yuanyang-2048"
#define CRYPTO_SECRETKEYBYTES 6528
#define CRYPTO_PUBLICKEYBYTES 3328
#define CRYPTO_CIPHERTEXTBYTES 2880
#define CRYPTO_BYTES 64
