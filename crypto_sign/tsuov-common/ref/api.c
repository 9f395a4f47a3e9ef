/* api.c - the ICCS size getters of TSUOV and the compile-time checks that
 * tie the parameter set, the derived sizes and api.h together. */
#include "api.h"
#include "iccs_sig.h"
#include "tsuov.h"

typedef char tsuov_pk_matches_api[TSUOV_PK_BYTES == CRYPTO_PUBLICKEYBYTES ? 1 : -1];
typedef char tsuov_sk_matches_api[TSUOV_SK_BYTES == CRYPTO_SECRETKEYBYTES ? 1 : -1];
typedef char tsuov_sn_matches_api[TSUOV_SN_BYTES == CRYPTO_BYTES ? 1 : -1];
typedef char tsuov_square_system[TSUOV_M2 == 2 * TSUOV_O * TSUOV_K ? 1 : -1];
typedef char tsuov_m1_fits[TSUOV_M1 <= TSUOV_M2 ? 1 : -1];

unsigned long long sig_get_pk_len_bytes(void)
{
    return TSUOV_PK_BYTES;
}

unsigned long long sig_get_sk_len_bytes(void)
{
    return TSUOV_SK_BYTES;
}

unsigned long long sig_get_sn_len_bytes(void)
{
    return TSUOV_SN_BYTES;
}

/* A volatile pointer keeps the compiler from dropping the stores to memory
 * that is about to die. */
void tsuov_wipe(void *p, size_t n)
{
    volatile uint8_t *q = (volatile uint8_t *)p;

    while (n-- > 0)
        *q++ = 0;
}
