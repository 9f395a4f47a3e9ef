/* toykem: a test fixture, not a KEM (anyone holding pk can decapsulate). */
#define CRYPTO_ALGNAME "TOYKEM"
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_PUBLICKEYBYTES 32
#define CRYPTO_CIPHERTEXTBYTES 32
#define CRYPTO_BYTES 16
