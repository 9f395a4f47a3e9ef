/* api.h - yuanyang-512 (YuanYang.KEM, NGCC kem-40): sizes in bytes. */
#define CRYPTO_ALGNAME "yuanyang-512"
#define CRYPTO_SECRETKEYBYTES 1536
#define CRYPTO_PUBLICKEYBYTES 736
#define CRYPTO_CIPHERTEXTBYTES 656
#define CRYPTO_BYTES 16
