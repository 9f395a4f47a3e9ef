#include "p.h"
#define CRYPTO_PUBLICKEYBYTES (N*2 + 0x10) /* c */
#define CRYPTO_BYTES X
#define CRYPTO_SECRETKEYBYTES \
  (N<<1)
