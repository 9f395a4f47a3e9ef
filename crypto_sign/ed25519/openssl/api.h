/* Ed25519 (RFC 8032) on OpenSSL's libcrypto: a baseline row. */
#define CRYPTO_ALGNAME "Ed25519"
#define CRYPTO_SECRETKEYBYTES 64 /* seed || public key, as NaCl and SUPERCOP keep it */
#define CRYPTO_PUBLICKEYBYTES 32
#define CRYPTO_BYTES 64
