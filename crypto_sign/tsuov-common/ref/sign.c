/* sign.c - sig_sign of TSUOV (§6): vinegar vectors, the square system
 * A x = t + c over F_31 built in R, salt attempts until it is consistent,
 * and the signature salt || Pack5(s_0 .. s_{k-1}). */
#include <string.h>

#include "drng.h"
#include "iccs_sig.h"
#include "tsuov.h"

/* Everything derived from the public matrices, index by index (§6 step 3):
 * M_a[lambda][i] and U_{a,b}[i], the latter stored under the pair's
 * exponent. */
typedef struct {
    uint8_t m[TSUOV_K][TSUOV_O2][TSUOV_M1];
    uint8_t u[TSUOV_NPAIRS][TSUOV_M1];
} sign_polys;

/* t: V x O, v: K x V, row-major */
static int sign_polys_compute(sign_polys *sp, const uint8_t seed_pk[TSUOV_S], const tsuov_fq2 *t, const tsuov_fq2 *v)
{
    tsuov_rowv t_row[TSUOV_O][TSUOV_LD], v_row[TSUOV_K][TSUOV_LD], p1[TSUOV_V][TSUOV_LD], p2[TSUOV_O][TSUOV_LD];
    tsuov_opv v_op[TSUOV_K][TSUOV_OPLEN], w_op[TSUOV_K][TSUOV_OPLEN];
    tsuov_fq2 w[TSUOV_V * TSUOV_K], g1[TSUOV_O * TSUOV_K], g2[TSUOV_O * TSUOV_K], vw[TSUOV_K * TSUOV_K];
    size_t i, a, b, j;
    int rc = -2;

    for (j = 0; j < TSUOV_O; j++)
        tsuov_row(t_row[j], t + j, TSUOV_O);
    for (a = 0; a < TSUOV_K; a++) {
        tsuov_row(v_row[a], v + a * TSUOV_V, 1);
        tsuov_operand(v_op[a], v + a * TSUOV_V, 1);
    }
    for (i = 0; i < TSUOV_M1; i++) {
        if (tsuov_expand_public(p1, p2, seed_pk, (unsigned)i) != 0)
            goto out;
        /* w_a = P1 v_a; g_a = T^T w_a + P2 v_a; vw[b][a] = v_b . w_a */
        tsuov_matvec(w, &p1[0][0], TSUOV_V, &v_op[0][0], TSUOV_K);
        for (a = 0; a < TSUOV_K; a++)
            tsuov_operand(w_op[a], &w[a], TSUOV_K);
        tsuov_matvec(g1, &t_row[0][0], TSUOV_O, &w_op[0][0], TSUOV_K);
        tsuov_matvec(g2, &p2[0][0], TSUOV_O, &v_op[0][0], TSUOV_K);
        tsuov_matvec(vw, &v_row[0][0], TSUOV_K, &w_op[0][0], TSUOV_K);
        for (a = 0; a < TSUOV_K; a++) {
            for (j = 0; j < TSUOV_O; j++) {
                /* M_a[2j + d][i] = coordinate d of phi(g_a[j]) = (g0 + g1, 8 g1) */
                uint32_t c0 = (uint32_t)g1[j * TSUOV_K + a].c0 + g2[j * TSUOV_K + a].c0;
                uint32_t c1 = (uint32_t)g1[j * TSUOV_K + a].c1 + g2[j * TSUOV_K + a].c1;
                sp->m[a][2 * j][i] = tsuov_mod(c0 + c1);
                sp->m[a][2 * j + 1][i] = tsuov_mod(8 * c1);
            }
            for (b = a; b < TSUOV_K; b++) /* psi(w_a . v_b) */
                sp->u[tsuov_pair_exp((unsigned)a, (unsigned)b)][i] =
                    tsuov_mod((uint32_t)vw[b * TSUOV_K + a].c0 + vw[b * TSUOV_K + a].c1);
        }
    }
    rc = 0;
out:
    tsuov_wipe(t_row, sizeof t_row);
    tsuov_wipe(v_row, sizeof v_row);
    tsuov_wipe(v_op, sizeof v_op);
    tsuov_wipe(w_op, sizeof w_op);
    tsuov_wipe(w, sizeof w);
    tsuov_wipe(g1, sizeof g1);
    return rc;
}

/* s_a = (v_a - T o_a, o_a) with o_a[j] = phi^-1(x[a 2O + 2j], x[a 2O + 2j + 1])
 * (§6 steps 9-11), packed planar per copy after the salt. */
static void sign_encode(uint8_t *sn, const uint8_t salt[TSUOV_S], const uint8_t x[TSUOV_M2], const tsuov_fq2 *t,
                        const tsuov_fq2 *v)
{
    uint8_t vals[TSUOV_SN_VALUES];
    tsuov_fq2 o[TSUOV_O];
    size_t a, j, l;

    for (a = 0; a < TSUOV_K; a++) {
        uint8_t *c0 = vals + a * 2 * TSUOV_N, *c1 = c0 + TSUOV_N;
        for (j = 0; j < TSUOV_O; j++) {
            uint32_t x0 = x[a * TSUOV_O2 + 2 * j], x1 = x[a * TSUOV_O2 + 2 * j + 1];
            o[j].c0 = tsuov_mod(x0 + TSUOV_Q * 4 - 4 * x1);
            o[j].c1 = tsuov_mod(4 * x1);
            c0[TSUOV_V + j] = o[j].c0;
            c1[TSUOV_V + j] = o[j].c1;
        }
        for (j = 0; j < TSUOV_V; j++) {
            /* (T o_a)[j] in F_{q^2}, y^2 = 3 */
            uint32_t s0 = 0, s1 = 0;
            const tsuov_fq2 *tj = t + j * TSUOV_O, *va = v + a * TSUOV_V + j;
            for (l = 0; l < TSUOV_O; l++) {
                s0 += (uint32_t)tj[l].c0 * o[l].c0 + 3u * tj[l].c1 * o[l].c1;
                s1 += (uint32_t)tj[l].c0 * o[l].c1 + (uint32_t)tj[l].c1 * o[l].c0;
            }
            c0[j] = tsuov_mod(va->c0 + TSUOV_Q - tsuov_mod(s0));
            c1[j] = tsuov_mod(va->c1 + TSUOV_Q - tsuov_mod(s1));
        }
    }
    memcpy(sn, salt, TSUOV_S);
    tsuov_pack5(sn + TSUOV_S, vals, TSUOV_SN_VALUES);
    tsuov_wipe(o, sizeof o);
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    uint8_t mu[TSUOV_MU_BYTES], seed_v[TSUOV_S], seed_r[TSUOV_S], seed_sol[TSUOV_S], salt[TSUOV_S];
    uint8_t c[TSUOV_M2], y[TSUOV_M2], r[TSUOV_M2], x[TSUOV_M2];
    tsuov_fq2 t[TSUOV_V][TSUOV_O], v[TSUOV_K][TSUOV_V];
    sign_polys sp;
    tsuov_echelon e;
    const uint8_t *seed_sk, *seed_pk;
    unsigned long attempt;
    size_t j;
    int rc = -2;

    if (sk == NULL || sn == NULL || sn_len == NULL)
        return -2;
    seed_sk = sk;
    seed_pk = sk + TSUOV_S;
    *sn_len = 0;
    if (sk_len != TSUOV_SK_BYTES)
        return -2;
    /* the digest needs no randomness: failing here leaves the DRNG untouched */
    if (tsuov_digest(mu, seed_pk, m, m_len) != 0)
        return -2;
    /* three separate draws, seed_sol even if it ends up unused (§3.1) */
    if (get_random_number(&drng_algorithm, seed_v, 8 * TSUOV_S) != 0 ||
        get_random_number(&drng_algorithm, seed_r, 8 * TSUOV_S) != 0 ||
        get_random_number(&drng_algorithm, seed_sol, 8 * TSUOV_S) != 0)
        goto out;
    if (tsuov_expand_t(t, seed_sk) != 0 || tsuov_expand_vinegar(v, seed_v) != 0)
        goto out;
    if (sign_polys_compute(&sp, seed_pk, &t[0][0], &v[0][0]) != 0)
        goto out;
    tsuov_combine(c, &sp.u[0][0]);
    tsuov_system(e.lu, &sp.m[0][0][0]);
    tsuov_echelon_form(&e);
    for (attempt = 0;; attempt++) {
        if (attempt == TSUOV_MAX_ATTEMPTS) {
            rc = -3;
            goto out;
        }
        if (tsuov_salt(salt, seed_r, attempt) != 0 || tsuov_target(y, mu, salt) != 0)
            goto out;
        for (j = 0; j < TSUOV_M2; j++)
            y[j] = tsuov_mod((uint32_t)y[j] + c[j]);
        if (tsuov_consistent(&e, y))
            break;
    }
    if (e.rank < TSUOV_M2 && tsuov_sample(r, TSUOV_M2, seed_sol, 0, TSUOV_TAU_T) != 0)
        goto out;
    tsuov_solve(x, &e, y, r);
    sign_encode(sn, salt, x, &t[0][0], &v[0][0]);
    *sn_len = TSUOV_SN_BYTES;
    rc = 0;
out:
    tsuov_wipe(seed_v, sizeof seed_v);
    tsuov_wipe(seed_sol, sizeof seed_sol);
    tsuov_wipe(t, sizeof t);
    tsuov_wipe(v, sizeof v);
    tsuov_wipe(x, sizeof x);
    tsuov_wipe(r, sizeof r);
    tsuov_wipe(&sp, sizeof sp);
    tsuov_wipe(&e, sizeof e);
    return rc;
}
