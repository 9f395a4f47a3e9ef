/* verify.c - sig_verify of TSUOV (§7), strict where the reference is lax
 * (§9.2, §9.3): exact lengths, canonical 5-bit values and zero padding in
 * both key and signature, and a digest that fails closed. Returns 0 for a
 * valid signature, -1 for an invalid or malformed signature, -2 for a
 * malformed public key or input it cannot process (null buffers, a message
 * too long to address, a hash helper failure). */
#include <string.h>

#include "iccs_sig.h"
#include "tsuov.h"

/* psi(s_a^T Q s_b) for all a <= b, Q = [[-P1, P2^T], [P2, P3]] (§7 step 3):
 *   - s_a^V . (P1 s_b^V) + s_b^O . (P2 s_a^V) + s_a^O . (P2 s_b^V) + s_a^O . (P3 s_b^O). */
static int verify_polys(uint8_t u[TSUOV_NPAIRS][TSUOV_M1], const uint8_t seed_pk[TSUOV_S],
                        const uint8_t *p3vals, const tsuov_fq2 *s)
{
    tsuov_rowv s_row[TSUOV_K][TSUOV_LD], p1[TSUOV_V][TSUOV_LD], p2[TSUOV_O][TSUOV_LD];
    tsuov_opv s_op[TSUOV_K][TSUOV_OPLEN], z_op[TSUOV_K][TSUOV_OPLEN];
    tsuov_fq2 z[TSUOV_V * TSUOV_K], sz[TSUOV_K * TSUOV_K], y[TSUOV_O * TSUOV_K];
    tsuov_fq2 p3[TSUOV_O][TSUOV_O], q[TSUOV_K][TSUOV_O];
    size_t i, a, b, j, l;

    for (a = 0; a < TSUOV_K; a++) {
        tsuov_row(s_row[a], s + a * TSUOV_N, 1);
        tsuov_operand(s_op[a], s + a * TSUOV_N, 1);
    }
    for (i = 0; i < TSUOV_M1; i++) {
        const uint8_t *pv = p3vals + i * 2 * TSUOV_P3_PER_MATRIX;
        if (tsuov_expand_public(p1, p2, seed_pk, (unsigned)i) != 0)
            return -2;
        for (a = 0; a < TSUOV_O; a++)
            for (b = a; b < TSUOV_O; b++, pv += 2) {
                p3[a][b].c0 = p3[b][a].c0 = pv[0];
                p3[a][b].c1 = p3[b][a].c1 = pv[1];
            }
        /* z_b = P1 s_b^V, sz[a][b] = s_a^V . z_b, y[j][b] = (P2 s_b^V)[j] */
        tsuov_matvec(z, &p1[0][0], TSUOV_V, &s_op[0][0], TSUOV_K);
        for (b = 0; b < TSUOV_K; b++)
            tsuov_operand(z_op[b], &z[b], TSUOV_K);
        tsuov_matvec(sz, &s_row[0][0], TSUOV_K, &z_op[0][0], TSUOV_K);
        tsuov_matvec(y, &p2[0][0], TSUOV_O, &s_op[0][0], TSUOV_K);
        for (b = 0; b < TSUOV_K; b++)
            for (j = 0; j < TSUOV_O; j++) {
                uint32_t c0 = 0, c1 = 0;
                for (l = 0; l < TSUOV_O; l++) {
                    const tsuov_fq2 *e = &p3[j][l], *o = s + b * TSUOV_N + TSUOV_V + l;
                    c0 += (uint32_t)e->c0 * o->c0 + 3u * e->c1 * o->c1;
                    c1 += (uint32_t)e->c0 * o->c1 + (uint32_t)e->c1 * o->c0;
                }
                q[b][j].c0 = tsuov_mod(c0);
                q[b][j].c1 = tsuov_mod(c1);
            }
        for (a = 0; a < TSUOV_K; a++)
            for (b = a; b < TSUOV_K; b++) {
                uint32_t c0 = 0, c1 = 0, neg;
                for (j = 0; j < TSUOV_O; j++) {
                    const tsuov_fq2 *oa = s + a * TSUOV_N + TSUOV_V + j, *ob = s + b * TSUOV_N + TSUOV_V + j;
                    const tsuov_fq2 *ya = &y[j * TSUOV_K + a], *yb = &y[j * TSUOV_K + b], *qb = &q[b][j];
                    c0 += (uint32_t)ob->c0 * ya->c0 + 3u * ob->c1 * ya->c1;
                    c1 += (uint32_t)ob->c0 * ya->c1 + (uint32_t)ob->c1 * ya->c0;
                    c0 += (uint32_t)oa->c0 * yb->c0 + 3u * oa->c1 * yb->c1;
                    c1 += (uint32_t)oa->c0 * yb->c1 + (uint32_t)oa->c1 * yb->c0;
                    c0 += (uint32_t)oa->c0 * qb->c0 + 3u * oa->c1 * qb->c1;
                    c1 += (uint32_t)oa->c0 * qb->c1 + (uint32_t)oa->c1 * qb->c0;
                }
                neg = (uint32_t)sz[a * TSUOV_K + b].c0 + sz[a * TSUOV_K + b].c1;
                u[tsuov_pair_exp((unsigned)a, (unsigned)b)][i] = tsuov_mod(tsuov_mod(c0 + c1) + 2 * TSUOV_Q - neg);
            }
    }
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    uint8_t p3vals[TSUOV_PK_VALUES], svals[TSUOV_SN_VALUES];
    uint8_t mu[TSUOV_MU_BYTES], t[TSUOV_M2], acc[TSUOV_M2];
    uint8_t u[TSUOV_NPAIRS][TSUOV_M1];
    tsuov_fq2 s[TSUOV_K][TSUOV_N];
    size_t a, j;
    uint8_t diff = 0;

    if (pk == NULL || sn == NULL)
        return -2;
    if (pk_len != TSUOV_PK_BYTES)
        return -2;
    if (sn_len != TSUOV_SN_BYTES)
        return -1;
    if (tsuov_unpack5(p3vals, pk + TSUOV_S, TSUOV_PK_VALUES) != 0)
        return -2;
    if (tsuov_unpack5(svals, sn + TSUOV_S, TSUOV_SN_VALUES) != 0)
        return -1;
    if (tsuov_digest(mu, pk, m, m_len) != 0 || tsuov_target(t, mu, sn) != 0)
        return -2;
    /* planar per copy: N coordinate-0 values, then N coordinate-1 values */
    for (a = 0; a < TSUOV_K; a++)
        for (j = 0; j < TSUOV_N; j++) {
            s[a][j].c0 = svals[a * 2 * TSUOV_N + j];
            s[a][j].c1 = svals[a * 2 * TSUOV_N + TSUOV_N + j];
        }
    if (verify_polys(u, pk, p3vals, &s[0][0]) != 0)
        return -2;
    tsuov_combine(acc, &u[0][0]);
    for (j = 0; j < TSUOV_M2; j++)
        diff |= acc[j] ^ t[j];
    return diff == 0 ? 0 : -1;
}
