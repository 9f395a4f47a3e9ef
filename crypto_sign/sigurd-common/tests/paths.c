/* paths.c - the kernel levels of Sigurd's opt implementation agree
 * (sigurd-common/opt/simd.h): on every level this host can run (portable:
 * ref's code and the portable SM3; avx2; avx512), keygen from one DRNG seed
 * and the signatures of messages of several lengths must be byte-identical
 * to those of the first level, every signature must be accepted, and
 * modified ones (an opened value, w, an authentication digest, the message)
 * rejected. The KAT test checks the host's default level against the
 * official file, so this extends KAT-exactness to every level run here.
 * Built once per set with crypto_sign/sigurdN/opt on the include path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "simd.h"
#include "sm3x.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

#define NMSG 3
static const unsigned long long mlens[NMSG] = {0, 33, 1000};

typedef struct {
    unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
    unsigned char *sn[NMSG];
    unsigned long long sn_len[NMSG];
} run_t;

static int failures;
static unsigned char msg[1000];

static void fail(const char *level, const char *what)
{
    printf("FAIL %-8s %s\n", level, what);
    failures++;
}

/* flips one bit of byte pos (and back), verifies: must be rejected */
static void reject_flip(const char *level, run_t *r, size_t i, size_t pos, const char *what)
{
    int rc;
    if (pos >= r->sn_len[i])
        return;
    r->sn[i][pos] ^= 0x04;
    rc = sig_verify(r->pk, sizeof r->pk, r->sn[i], r->sn_len[i], msg, mlens[i]);
    r->sn[i][pos] ^= 0x04;
    if (rc == 0)
        fail(level, what);
}

static int run_level(const char *level, run_t *r)
{
    unsigned char seed[48];
    unsigned long long pk_len, sk_len;
    size_t i;

    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(7 * i + 1);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    if (sig_keygen(r->pk, &pk_len, r->sk, &sk_len) != 0) {
        fail(level, "keygen");
        return -1;
    }
    for (i = 0; i < NMSG; i++) {
        r->sn[i] = malloc(CRYPTO_BYTES);
        if (r->sn[i] == NULL || sig_sign(r->sk, sizeof r->sk, msg, mlens[i], r->sn[i], &r->sn_len[i]) != 0) {
            fail(level, "sign");
            return -1;
        }
        if (sig_verify(r->pk, sizeof r->pk, r->sn[i], r->sn_len[i], msg, mlens[i]) != 0)
            fail(level, "verify rejected a genuine signature");
        /* the signature ends with the c digests and the opened values */
        reject_flip(level, r, i, r->sn_len[i] - 1, "verify accepted a modified opened value");
        reject_flip(level, r, i, r->sn_len[i] / 2, "verify accepted a modified authentication digest");
        reject_flip(level, r, i, r->sn_len[i] / 8, "verify accepted a modified w");
        if (mlens[i] > 0) {
            msg[mlens[i] / 2] ^= 1;
            if (sig_verify(r->pk, sizeof r->pk, r->sn[i], r->sn_len[i], msg, mlens[i]) == 0)
                fail(level, "verify accepted a modified message");
            msg[mlens[i] / 2] ^= 1;
        }
    }
    return 0;
}

int main(void)
{
    static const char *const levels[] = {"portable", "avx2", "avx512"};
    static run_t runs[3];
    char sm3x_default[32];
    int first = -1, ran = 0;
    size_t l, i;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 31 + 5);
    snprintf(sm3x_default, sizeof sm3x_default, "%s", iccs_sm3x_backend());
    printf("host default: kernels %s, SM3 lanes %s\n", sigurd_simd_name(), sm3x_default);
    for (l = 0; l < 3; l++) {
        if (sigurd_simd_select(levels[l]) != 0) {
            printf("skip %-8s (not on this host)\n", levels[l]);
            continue;
        }
        /* the portable level hashes with the portable SM3 too */
        iccs_sm3x_select(l == 0 ? "portable" : sm3x_default);
        if (run_level(levels[l], &runs[l]) != 0)
            continue;
        ran++;
        if (first < 0) {
            first = (int)l;
        } else {
            const run_t *a = &runs[first], *b = &runs[l];
            if (memcmp(a->pk, b->pk, sizeof a->pk) != 0 || memcmp(a->sk, b->sk, sizeof a->sk) != 0)
                fail(levels[l], "keys differ from the first level's");
            for (i = 0; i < NMSG; i++)
                if (a->sn_len[i] != b->sn_len[i] || memcmp(a->sn[i], b->sn[i], (size_t)a->sn_len[i]) != 0)
                    fail(levels[l], "a signature differs from the first level's");
        }
        printf("ok   %-8s keygen, %d signatures (%llu, %llu, %llu bytes) and their checks\n", levels[l], NMSG,
               runs[l].sn_len[0], runs[l].sn_len[1], runs[l].sn_len[2]);
    }
    for (l = 0; l < 3; l++)
        for (i = 0; i < NMSG; i++)
            free(runs[l].sn[i]);
    if (ran < 1)
        fail("-", "no level ran");
    if (failures) {
        printf("FAILED: %d\n", failures);
        return 1;
    }
    printf("PASSED (%d levels agree)\n", ran);
    return 0;
}
