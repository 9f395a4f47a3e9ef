/* api.h - yuanyang-1024 (YuanYang.KEM, NGCC kem-40): sizes in bytes. */
#define CRYPTO_ALGNAME "yuanyang-1024"
#define CRYPTO_SECRETKEYBYTES 3168
#define CRYPTO_PUBLICKEYBYTES 1568
#define CRYPTO_CIPHERTEXTBYTES 1344
#define CRYPTO_BYTES 32
