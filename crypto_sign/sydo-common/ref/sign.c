/* sign.c - the SYDO signature (sydo.md 3, 4, 6, 7, 8) in the ICCS API: key
 * generation, signing with grinding, strict verification, and the size
 * getters. The parameter set is the one of params.h / api.h in the directory
 * that includes this file.
 *
 * The GGM tree alone is megabytes at the s-sets (2L - 1 nodes), so each
 * signing or verification allocates one workspace; allocation failure fails
 * closed (-2, nothing signed or accepted). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "bavc.h"
#include "drng.h"
#include "iccs_sig.h"
#include "quicksilver.h"
#include "rsd.h"
#include "sydo.h"
#include "uhash.h"
#include "vole.h"

#if CRYPTO_PUBLICKEYBYTES != SYDO_PKB || CRYPTO_SECRETKEYBYTES != SYDO_SKB || CRYPTO_BYTES != SYDO_SIGB
#error "api.h disagrees with the sizes derived from params.h"
#endif

/* Longest message: pk || M || tag must fit in memory and its bit length in
 * an unsigned long long (pseudoXOF counts bits). */
#define MSG_MAX_A ((unsigned long long)(SIZE_MAX - SYDO_PKB - 1))
#define MSG_MAX_B (ULLONG_MAX / 8 - SYDO_PKB - 1)
#define MSG_MAX (MSG_MAX_A < MSG_MAX_B ? MSG_MAX_A : MSG_MAX_B)

typedef struct {
    uint8_t nodes[SYDO_NODES * SYDO_LB];
    uint8_t mark[SYDO_NODES]; /* signer: hidden-path scratch; verifier: hidden set */
    uint8_t cols[SYDO_LAMBDA * SYDO_COLB];
    uint8_t u[SYDO_COLB];
    uint8_t chal1_in[4 * SYDO_LB + SYDO_CB + SYDO_LB + 1];
    uint8_t chal2_in[SYDO_CHAL1B + SYDO_TB + SYDO_WB + 1];
    uint8_t grind_in[SYDO_CHAL2B + 4 * SYDO_LB + 4 + 1];
    sydo_vole_work vole;
    sydo_qs_work qs;
} workspace;

unsigned long long sig_get_pk_len_bytes(void)
{
    return SYDO_PKB;
}

unsigned long long sig_get_sk_len_bytes(void)
{
    return SYDO_SKB;
}

unsigned long long sig_get_sn_len_bytes(void)
{
    return SYDO_SIGB;
}

/* memset called through a volatile pointer: the compiler cannot drop it as a
 * dead store before free or return */
static void *(*const volatile memset_v)(void *, int, size_t) = memset;

static void wipe(void *p, size_t n)
{
    memset_v(p, 0, n);
}

static workspace *ws_alloc(void)
{
    return (workspace *)calloc(1, sizeof(workspace));
}

/* The signer's workspace holds the whole GGM tree and the VOLE secrets:
 * wipe it. The verifier's holds only public values. */
static void ws_free(workspace *ws, int secret)
{
    if (ws) {
        if (secret)
            wipe(ws, sizeof *ws);
        free(ws);
    }
}

/* mu = XOF(2 LB; pk || M || 0x08) */
static int message_digest(uint8_t mu[2 * SYDO_LB], const uint8_t *pk, const uint8_t *m, unsigned long long m_len)
{
    size_t n = SYDO_PKB + (size_t)m_len;
    uint8_t *buf = (uint8_t *)malloc(n + 1);
    int rc;
    if (!buf)
        return -2;
    memcpy(buf, pk, SYDO_PKB);
    if (m_len)
        memcpy(buf + SYDO_PKB, m, (size_t)m_len);
    buf[n] = 0x08;
    rc = sydo_xof(mu, 2 * SYDO_LB, buf, n + 1) ? -1 : 0;
    free(buf);
    return rc;
}

/* The Z top bits of int_LE(delta) must be zero (sydo.md 6 step 2). */
static int grinding_ok(const uint8_t delta[SYDO_LB])
{
#if SYDO_Z > 0
    return (delta[SYDO_LB - 1] >> (8 - SYDO_Z)) == 0;
#else
    (void)delta;
    return 1;
#endif
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    uint8_t seeds[2 * SYDO_LB];
    uint16_t pos[SYDO_W];
    int rc = 0;

    if (!pk || !pk_len || !sk || !sk_len || *pk_len < SYDO_PKB || *sk_len < SYDO_SKB)
        return -1;
    /* one draw: seed_sk || seed_pk */
    if (get_random_number(&drng_algorithm, seeds, 8 * sizeof seeds) != 0)
        return -3;
    if (sydo_rsd_positions(pos, seeds) != 0) {
        rc = -1;
        goto out;
    }
    memcpy(pk, seeds + SYDO_LB, SYDO_LB);
    sydo_rsd_syndrome(pk + SYDO_LB, seeds + SYDO_LB, pos);
    memcpy(sk, pk, SYDO_PKB);
    memcpy(sk + SYDO_PKB, seeds, SYDO_LB);
    sydo_rsd_witness(sk + SYDO_PKB + SYDO_LB, pos);
    *pk_len = SYDO_PKB;
    *sk_len = SYDO_SKB;
out:
    wipe(seeds, sizeof seeds);
    wipe(pos, sizeof pos);
    return rc;
}

/* sk must be what keygen made of its seeds: recompute pk and the witness. */
static int sk_consistent(const uint8_t sk[SYDO_SKB])
{
    uint16_t pos[SYDO_W];
    uint8_t y[SYDO_M / 8], xbar[SYDO_WB];
    int ok;
    if (sydo_rsd_positions(pos, sk + SYDO_PKB) != 0)
        return 0;
    sydo_rsd_syndrome(y, sk, pos);
    sydo_rsd_witness(xbar, pos);
    ok = memcmp(y, sk + SYDO_LB, sizeof y) == 0 && memcmp(xbar, sk + SYDO_PKB + SYDO_LB, sizeof xbar) == 0;
    wipe(pos, sizeof pos);
    wipe(xbar, sizeof xbar);
    return ok;
}

static int sign_with(workspace *ws, const uint8_t sk[SYDO_SKB], const uint8_t *m, unsigned long long m_len,
                     const uint8_t rho[SYDO_LB], uint8_t sig[SYDO_SIGB])
{
    const uint8_t *pk = sk, *seed_sk = sk + SYDO_PKB, *xbar = sk + SYDO_PKB + SYDO_LB;
    uint8_t mu[2 * SYDO_LB], riv[2 * SYDO_LB], hcom[2 * SYDO_LB], *p;
    uint8_t *chal1 = ws->chal2_in, *T = ws->chal2_in + SYDO_CHAL1B, *d = T + SYDO_TB;
    uint8_t *chal2 = ws->grind_in, *cs = ws->grind_in + SYDO_CHAL2B, *ctrb = cs + 4 * SYDO_LB;
    uint8_t delta[SYDO_LB];
    unsigned dv[SYDO_TAU];
    unsigned g, i;
    uint32_t ctr;
    int rc;

    if (!sk_consistent(sk))
        return -1;
    if ((rc = message_digest(mu, pk, m, m_len)) != 0)
        return rc;
    p = ws->chal1_in; /* reused for seed_sk || mu || rho || 0x03 */
    memcpy(p, seed_sk, SYDO_LB);
    memcpy(p + SYDO_LB, mu, 2 * SYDO_LB);
    memcpy(p + 3 * SYDO_LB, rho, SYDO_LB);
    p[4 * SYDO_LB] = 0x03;
    if (sydo_xof(riv, sizeof riv, p, 4 * SYDO_LB + 1))
        return -1;
    /* r = riv[0..LB) seeds the tree; iv = riv[LB..2LB) is used as is */
    memcpy(ws->nodes, riv, SYDO_LB);
    sydo_bavc_expand(ws->nodes, riv + SYDO_LB);
    if (sydo_vole_commit(ws->u, ws->cols, sig + SYDO_SIG_C, hcom, ws->nodes, riv + SYDO_LB, &ws->vole))
        return -1;

    /* chal1 = XOF(mu || h_com || C || iv || 0x09) */
    p = ws->chal1_in;
    memcpy(p, mu, 2 * SYDO_LB);
    memcpy(p + 2 * SYDO_LB, hcom, 2 * SYDO_LB);
    memcpy(p + 4 * SYDO_LB, sig + SYDO_SIG_C, SYDO_CB);
    memcpy(p + 4 * SYDO_LB + SYDO_CB, riv + SYDO_LB, SYDO_LB);
    p[4 * SYDO_LB + SYDO_CB + SYDO_LB] = 0x09;
    if (sydo_xof(chal1, SYDO_CHAL1B, p, sizeof ws->chal1_in))
        return -1;

    /* VOLE check: T = VCH(u) || VCH(v_0) || .. || VCH(v_{D-1}) || zeros */
    memset(T, 0, SYDO_TB);
    sydo_vch(T, ws->u, chal1);
    memcpy(sig + SYDO_SIG_UT, T, SYDO_VCHB);
    for (g = 0; g < SYDO_D; g++)
        sydo_vch(T + (size_t)(g + 1) * SYDO_VCHB, SYDO_COL(ws->cols, g), chal1);
    for (i = 0; i < SYDO_WB; i++)
        d[i] = ws->u[i] ^ xbar[i];
    memcpy(sig + SYDO_SIG_D, d, SYDO_WB);
    d[SYDO_WB] = 0x0A;
    if (sydo_xof(chal2, SYDO_CHAL2B, ws->chal2_in, sizeof ws->chal2_in))
        return -1;

    sydo_qs_prove(cs, cs + SYDO_LB, ws->cols, ws->u, xbar, pk, chal2, &ws->qs);
    memcpy(sig + SYDO_SIG_QS, cs + SYDO_LB, 3 * SYDO_LB);

    /* grinding: the first counter whose delta has its zero bits and opens
     * within T_open siblings */
    ctrb[4] = 0x0B;
    for (ctr = 0;; ctr++) {
        sydo_store32(ctrb, ctr);
        if (sydo_xof(delta, SYDO_LB, ws->grind_in, sizeof ws->grind_in))
            return -1;
        if (grinding_ok(delta)) {
            sydo_bavc_challenge(dv, delta);
            if (sydo_bavc_open(sig + SYDO_SIG_OPEN, ws->nodes, riv + SYDO_LB, dv, ws->mark) >= 0)
                break;
        }
        if (ctr == UINT32_MAX)
            return -1;
    }
    memcpy(sig + SYDO_SIG_DELTA, delta, SYDO_LB);
    memcpy(sig + SYDO_SIG_IV, riv + SYDO_LB, SYDO_LB);
    sydo_store32(sig + SYDO_SIG_CTR, ctr);
    wipe(riv, SYDO_LB);
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    uint8_t rho[SYDO_LB];
    workspace *ws;
    int rc;

    if (!sk || !sn || !sn_len || (!m && m_len) || sk_len != SYDO_SKB || *sn_len < SYDO_SIGB || m_len > MSG_MAX)
        return -1;
    if (get_random_number(&drng_algorithm, rho, 8 * SYDO_LB) != 0)
        return -3;
    memset(sn, 0, SYDO_SIGB);
    ws = ws_alloc();
    if (!ws)
        return -2;
    rc = sign_with(ws, sk, m, m_len, rho, sn);
    ws_free(ws, 1);
    wipe(rho, sizeof rho);
    if (rc != 0) {
        memset(sn, 0, SYDO_SIGB);
        return rc;
    }
    *sn_len = SYDO_SIGB;
    return 0;
}

static int verify_with(workspace *ws, const uint8_t pk[SYDO_PKB], const uint8_t sig[SYDO_SIGB], const uint8_t *m,
                       unsigned long long m_len)
{
    const uint8_t *C = sig + SYDO_SIG_C, *ut = sig + SYDO_SIG_UT, *d = sig + SYDO_SIG_D;
    const uint8_t *open = sig + SYDO_SIG_OPEN, *delta = sig + SYDO_SIG_DELTA, *iv = sig + SYDO_SIG_IV;
    uint8_t mu[2 * SYDO_LB], hcom[2 * SYDO_LB], c0[SYDO_LB], check[SYDO_LB], *p;
    uint8_t *chal1 = ws->chal2_in, *T = ws->chal2_in + SYDO_CHAL1B;
    uint8_t *chal2 = ws->grind_in, *cs = ws->grind_in + SYDO_CHAL2B;
    unsigned dv[SYDO_TAU];
    unsigned g, i;
    int rc;

    sydo_bavc_challenge(dv, delta);
    if (sydo_bavc_reconstruct(ws->nodes, ws->mark, open, iv, dv) != 0)
        return -1;
    if (sydo_vole_receive(ws->cols, hcom, ws->nodes, open, C, dv, iv, &ws->vole))
        return -1;
    if ((rc = message_digest(mu, pk, m, m_len)) != 0)
        return rc == -2 ? -2 : -1;
    p = ws->chal1_in;
    memcpy(p, mu, 2 * SYDO_LB);
    memcpy(p + 2 * SYDO_LB, hcom, 2 * SYDO_LB);
    memcpy(p + 4 * SYDO_LB, C, SYDO_CB);
    memcpy(p + 4 * SYDO_LB + SYDO_CB, iv, SYDO_LB);
    p[4 * SYDO_LB + SYDO_CB + SYDO_LB] = 0x09;
    if (sydo_xof(chal1, SYDO_CHAL1B, p, sizeof ws->chal1_in))
        return -1;

    /* T' = u~ || VCH(q_g) + Delta_g u~ || zeros */
    memset(T, 0, SYDO_TB);
    memcpy(T, ut, SYDO_VCHB);
    for (g = 0; g < SYDO_D; g++) {
        uint8_t *t = T + (size_t)(g + 1) * SYDO_VCHB;
        sydo_vch(t, SYDO_COL(ws->cols, g), chal1);
        if (sydo_bit(delta, g))
            for (i = 0; i < SYDO_VCHB; i++)
                t[i] ^= ut[i];
    }
    memcpy(T + SYDO_TB, d, SYDO_WB);
    T[SYDO_TB + SYDO_WB] = 0x0A;
    if (sydo_xof(chal2, SYDO_CHAL2B, ws->chal2_in, sizeof ws->chal2_in))
        return -1;

    /* q'_g = q_g + Delta_g (d || 0): keys of the witness itself */
    for (g = 0; g < SYDO_D; g++)
        if (sydo_bit(delta, g))
            for (i = 0; i < SYDO_WB; i++)
                SYDO_COL(ws->cols, g)[i] ^= d[i];
    sydo_qs_verify(c0, ws->cols, delta, sig + SYDO_SIG_QS, pk, chal2, &ws->qs);

    memcpy(cs, c0, SYDO_LB);
    memcpy(cs + SYDO_LB, sig + SYDO_SIG_QS, 3 * SYDO_LB);
    memcpy(cs + 4 * SYDO_LB, sig + SYDO_SIG_CTR, 4);
    cs[4 * SYDO_LB + 4] = 0x0B;
    if (sydo_xof(check, SYDO_LB, ws->grind_in, sizeof ws->grind_in))
        return -1;
    return memcmp(check, delta, SYDO_LB) == 0 ? 0 : -1;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    workspace *ws;
    int rc;

    if (!pk || !sn || (!m && m_len))
        return -1;
    if (pk_len != SYDO_PKB || sn_len != SYDO_SIGB || m_len > MSG_MAX)
        return -1;
    if (!grinding_ok(sn + SYDO_SIG_DELTA))
        return -1;
    ws = ws_alloc();
    if (!ws)
        return -2;
    rc = verify_with(ws, pk, sn, m, m_len);
    ws_free(ws, 0);
    return rc;
}
