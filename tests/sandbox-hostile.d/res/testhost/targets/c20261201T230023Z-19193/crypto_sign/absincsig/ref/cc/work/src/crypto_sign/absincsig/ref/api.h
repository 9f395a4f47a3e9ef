/* toysig: a test fixture, not a signature scheme (anyone holding pk can sign). */
#define CRYPTO_ALGNAME "TOYSIG"
#define CRYPTO_SECRETKEYBYTES 64
#define CRYPTO_PUBLICKEYBYTES 32
#define CRYPTO_BYTES 48
