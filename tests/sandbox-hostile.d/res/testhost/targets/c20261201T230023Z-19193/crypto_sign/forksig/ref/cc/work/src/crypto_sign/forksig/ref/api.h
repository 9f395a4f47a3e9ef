/* forksig: a hostile sandbox test fixture (toysig with one hostile act, HOSTILE_FORK). */
#define CRYPTO_ALGNAME "TOYSIG"
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_PUBLICKEYBYTES 32
#define CRYPTO_BYTES 48
