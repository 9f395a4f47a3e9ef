/* keygen.c - sig_keygen of TSUOV (§5): seeds from the DRNG, T from seed_sk,
 * and for every public index i the oil block P3 = T^T P1 T + P2 T + (P2 T)^T
 * packed into the public key. */
#include <string.h>

#include "drng.h"
#include "iccs_sig.h"
#include "tsuov.h"

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    uint8_t seed_sk[TSUOV_S], seed_pk[TSUOV_S];
    tsuov_fq2 t[TSUOV_V][TSUOV_O];
    tsuov_rowv t_row[TSUOV_O][TSUOV_LD];
    tsuov_opv t_op[TSUOV_O][TSUOV_OPLEN], x_op[TSUOV_O][TSUOV_OPLEN];
    tsuov_rowv p1[TSUOV_V][TSUOV_LD], p2[TSUOV_O][TSUOV_LD];
    tsuov_fq2 x[TSUOV_V * TSUOV_O], tx[TSUOV_O * TSUOV_O], z[TSUOV_O * TSUOV_O];
    uint8_t vals[TSUOV_PK_VALUES];
    size_t i, a, b, n = 0;
    int rc = -2;

    if (pk == NULL || pk_len == NULL || sk == NULL || sk_len == NULL)
        return -2;
    if (get_random_number(&drng_algorithm, seed_sk, 8 * TSUOV_S) != 0 ||
        get_random_number(&drng_algorithm, seed_pk, 8 * TSUOV_S) != 0)
        goto out;
    if (tsuov_expand_t(t, seed_sk) != 0)
        goto out;
    for (a = 0; a < TSUOV_O; a++) {
        tsuov_row(t_row[a], &t[0][a], TSUOV_O);
        tsuov_operand(t_op[a], &t[0][a], TSUOV_O);
    }
    for (i = 0; i < TSUOV_M1; i++) {
        if (tsuov_expand_public(p1, p2, seed_pk, (unsigned)i) != 0)
            goto out;
        /* x = P1 T, tx = T^T (P1 T), z = P2 T */
        tsuov_matvec(x, &p1[0][0], TSUOV_V, &t_op[0][0], TSUOV_O);
        for (b = 0; b < TSUOV_O; b++)
            tsuov_operand(x_op[b], &x[b], TSUOV_O);
        tsuov_matvec(tx, &t_row[0][0], TSUOV_O, &x_op[0][0], TSUOV_O);
        tsuov_matvec(z, &p2[0][0], TSUOV_O, &t_op[0][0], TSUOV_O);
        for (a = 0; a < TSUOV_O; a++)
            for (b = a; b < TSUOV_O; b++) {
                const tsuov_fq2 *u = &tx[a * TSUOV_O + b], *v = &z[a * TSUOV_O + b], *w = &z[b * TSUOV_O + a];
                vals[n++] = tsuov_mod((uint32_t)u->c0 + v->c0 + w->c0);
                vals[n++] = tsuov_mod((uint32_t)u->c1 + v->c1 + w->c1);
            }
    }
    memcpy(pk, seed_pk, TSUOV_S);
    tsuov_pack5(pk + TSUOV_S, vals, TSUOV_PK_VALUES);
    memcpy(sk, seed_sk, TSUOV_S);
    memcpy(sk + TSUOV_S, seed_pk, TSUOV_S);
    *pk_len = TSUOV_PK_BYTES;
    *sk_len = TSUOV_SK_BYTES;
    rc = 0;
out:
    tsuov_wipe(seed_sk, sizeof seed_sk);
    tsuov_wipe(t, sizeof t);
    tsuov_wipe(t_row, sizeof t_row);
    tsuov_wipe(t_op, sizeof t_op);
    tsuov_wipe(x_op, sizeof x_op);
    tsuov_wipe(x, sizeof x);
    return rc;
}
