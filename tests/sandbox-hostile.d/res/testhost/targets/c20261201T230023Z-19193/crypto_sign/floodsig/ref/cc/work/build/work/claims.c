#include "/work/main/tests/sandbox-hostile.d/res/testhost/targets/c20261201T230023Z-19193/crypto_sign/floodsig/ref/cc/work/src/crypto_sign/floodsig/ref/api.h"
#ifdef CRYPTO_SECRETKEYBYTES
unsigned char ngbench_claim_CRYPTO_SECRETKEYBYTES[(CRYPTO_SECRETKEYBYTES) > 0 ? (CRYPTO_SECRETKEYBYTES) : 1];
#endif
#ifdef CRYPTO_PUBLICKEYBYTES
unsigned char ngbench_claim_CRYPTO_PUBLICKEYBYTES[(CRYPTO_PUBLICKEYBYTES) > 0 ? (CRYPTO_PUBLICKEYBYTES) : 1];
#endif
#ifdef CRYPTO_BYTES
unsigned char ngbench_claim_CRYPTO_BYTES[(CRYPTO_BYTES) > 0 ? (CRYPTO_BYTES) : 1];
#endif
#ifdef CRYPTO_CIPHERTEXTBYTES
unsigned char ngbench_claim_CRYPTO_CIPHERTEXTBYTES[(CRYPTO_CIPHERTEXTBYTES) > 0 ? (CRYPTO_CIPHERTEXTBYTES) : 1];
#endif
#ifdef CRYPTO_ALGNAME
ngbench_claim_CRYPTO_ALGNAME: CRYPTO_ALGNAME
#endif
#ifdef ALGORITHM_INSTANCE
ngbench_claim_ALGORITHM_INSTANCE: ALGORITHM_INSTANCE
#endif
