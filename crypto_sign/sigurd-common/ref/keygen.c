/* keygen.c - sig_keygen (spec §8) and the size getters. sk is the two seeds;
 * pk is H_seed and the syndrome, so key generation costs one X_H expansion. */
#include <stdlib.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "rsd.h"
#include "sigurd.h"

#if CRYPTO_PUBLICKEYBYTES != SIGURD_PKBYTES || CRYPTO_SECRETKEYBYTES != SIGURD_SKBYTES || \
    CRYPTO_BYTES != SIGURD_SNBYTES_MAX
#error "api.h does not match the parameters in params.h"
#endif

unsigned long long sig_get_pk_len_bytes(void)
{
    return SIGURD_PKBYTES;
}

unsigned long long sig_get_sk_len_bytes(void)
{
    return SIGURD_SKBYTES;
}

unsigned long long sig_get_sn_len_bytes(void)
{
    return SIGURD_SNBYTES_MAX;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    uint8_t *hs, a[SIGURD_N];
    size_t i;
    int rc;

    if (pk == NULL || pk_len == NULL || sk == NULL || sk_len == NULL)
        return SIGURD_ERR_NULL;
    /* two separate draws: H_seed, then e_seed */
    get_random_number(&drng_algorithm, sk, 8 * SIGURD_LAMBDA);
    get_random_number(&drng_algorithm, sk + SIGURD_LAMBDA, 8 * SIGURD_LAMBDA);
    hs = malloc(SIGURD_HSBUF);
    if (hs == NULL)
        return SIGURD_ERR_ALLOC;
    rc = sigurd_expand_h(hs, sk);
    if (rc == 0)
        rc = sigurd_expand_e(a, sk + SIGURD_LAMBDA);
    if (rc == 0) {
        for (i = 0; i < SIGURD_LAMBDA; i++)
            pk[i] = sk[i];
        sigurd_syndrome(pk + SIGURD_LAMBDA, hs, a);
        *pk_len = SIGURD_PKBYTES;
        *sk_len = SIGURD_SKBYTES;
    }
    sigurd_wipe(a, sizeof a);
    free(hs);
    return rc == 0 ? 0 : SIGURD_ERR_ALLOC;
}
