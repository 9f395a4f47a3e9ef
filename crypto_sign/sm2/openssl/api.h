/* SM2 signature (GB/T 32918.2) on OpenSSL's libcrypto: a baseline row. */
#define CRYPTO_ALGNAME "SM2"
#define CRYPTO_SECRETKEYBYTES 96 /* d || xP || yP (the signer needs its public key for Z) */
#define CRYPTO_PUBLICKEYBYTES 64 /* xP || yP */
#define CRYPTO_BYTES 64          /* r || s (raw, not DER) */
