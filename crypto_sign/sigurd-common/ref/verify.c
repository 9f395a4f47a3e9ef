/* verify.c - sig_verify (spec §10), strict: the signature length is checked
 * against every constraint before a byte of it is read, every field of a
 * well-formed length is a valid encoding (any 16-bit word is an element of
 * F), and the number of authentication digests must equal what the opened
 * positions need, so no input can make the code read outside pk, sn or m. */
#include <stdlib.h>
#include <string.h>

#include "ext.h"
#include "hash.h"
#include "iccs_sig.h"
#include "merkle.h"
#include "protocol.h"
#include "rs.h"
#include "rsd.h"
#include "sigurd.h"

#define H SIGURD_HBYTES
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define SCRATCH MAX2(2 * H + SIGURD_NP * SIGURD_EBYTES, H + SIGURD_PKBYTES + SIGURD_GR * H)

#define INVALID (-1)

typedef struct {
    uint8_t hs[SIGURD_HSBUF];
    uint16_t yhat[SIGURD_RHO];
    uint16_t w[SIGURD_NPAD][SIGURD_TAU]; /* zero-padded for RS */
    band_ws_t band;
    uint16_t yw[SIGURD_RHO][SIGURD_TAU];
    uint16_t gamma[SIGURD_SIGMA];
    uint16_t rho[SIGURD_SIGMA][SIGURD_RHO];
    uint16_t tau[SIGURD_N][SIGURD_TAU];
    uint16_t acc[1][7][SIGURD_ULEN];
    ext_mulc_t mc;
    uint16_t pool[SIGURD_NCW];
    uint32_t pi[SIGURD_Q];
    uint32_t leaves[SIGURD_Q];
    uint32_t sel[SIGURD_Q];
    uint32_t req[SIGURD_MAXAUTH];
    uint8_t mark[SIGURD_NODES];
    uint16_t lce[SIGURD_Q][SIGURD_TAU]; /* opened leaves of one tree: C^e, C^v */
    uint16_t lcv[SIGURD_Q][SIGURD_TAU];
    uint8_t val[SIGURD_Q][H];
    uint8_t buf[SCRATCH];
} verify_ws_t;

#define TRY(call)                    \
    do {                             \
        if ((call) != 0)             \
            return SIGURD_ERR_ALLOC; \
    } while (0)

/* §10 parsing, without reading beyond sn_len: returns c or -1. */
static long parse_length(const uint8_t *sn, unsigned long long sn_len)
{
    unsigned long long extra;
    uint32_t c;

    if (sn_len < SIGURD_SNBYTES_MIN || sn_len > SIGURD_SNBYTES_MAX)
        return -1;
    extra = sn_len - SIGURD_SNBYTES_MIN;
    if (extra % H != 0)
        return -1;
    c = (uint32_t)sn[SIGURD_OFF_C] | (uint32_t)sn[SIGURD_OFF_C + 1] << 8 |
        (uint32_t)sn[SIGURD_OFF_C + 2] << 16 | (uint32_t)sn[SIGURD_OFF_C + 3] << 24;
    if (c > SIGURD_MAXAUTH || c != extra / H)
        return -1;
    return (long)c;
}

/* Sorts the opened leaves of one tree by leaf index, carrying sel along. */
static void sort_leaves(uint32_t *leaves, uint32_t *sel, size_t n)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        uint32_t l = leaves[i], s = sel[i];
        for (j = i; j > 0 && leaves[j - 1] > l; j--) {
            leaves[j] = leaves[j - 1];
            sel[j] = sel[j - 1];
        }
        leaves[j] = l;
        sel[j] = s;
    }
}

/* Check 3: every tree with an opened position must hash up to its root, the
 * c digests must be used exactly, and w(z) = delta e_ev + v_ev. */
static int check_openings(verify_ws_t *ws, const uint8_t *sn, size_t c, const uint16_t delta[SIGURD_TAU],
                          const uint16_t z[SIGURD_TAU])
{
    const uint8_t *opened = sn + SIGURD_OFF_AUTH + c * H;
    uint16_t t[SIGURD_TAU], e_ev[SIGURD_TAU], v_ev[SIGURD_TAU];
    uint8_t root[H];
    size_t g, k, used = 0;
    int rc;

    sigurd_ext_mulc_init(&ws->mc, delta);
    for (g = 0; g < SIGURD_GR; g++) {
        size_t nl = sigurd_tree_leaves(ws->leaves, ws->sel, ws->pi, g), nreq;
        if (nl == 0)
            continue;
        sort_leaves(ws->leaves, ws->sel, nl);
        for (k = 0; k < nl; k++) {
            /* the leaf of C^w + delta C^e = C^v at this position */
            sigurd_ext_load(ws->lce[k], opened + (size_t)ws->sel[k] * SIGURD_EBYTES, 1);
            sigurd_rs_position(ws->lcv[k], (const uint16_t (*)[SIGURD_TAU])ws->w, ws->pi[ws->sel[k]]);
            sigurd_ext_mulc(t, &ws->mc, ws->lce[k]);
            sigurd_ext_add(ws->lcv[k], t);
        }
        TRY(sigurd_merkle_leaves(ws->val[0], (const uint16_t (*)[SIGURD_TAU])ws->lce,
                                 (const uint16_t (*)[SIGURD_TAU])ws->lcv, nl));
        nreq = sigurd_merkle_req(ws->req, ws->leaves, nl, ws->mark);
        if (nreq > c - used)
            return INVALID;
        rc = sigurd_merkle_root(root, ws->leaves, ws->val[0], nl, ws->req, nreq,
                                sn + SIGURD_OFF_AUTH + used * H);
        if (rc == 1)
            return INVALID;
        TRY(rc);
        if (memcmp(root, sn + SIGURD_OFF_ROOTS + g * H, H) != 0)
            return INVALID;
        used += nreq;
    }
    if (used != c)
        return INVALID;

    sigurd_ext_load(e_ev, sn + SIGURD_OFF_EEV, 1);
    sigurd_ext_load(v_ev, sn + SIGURD_OFF_VEV, 1);
    sigurd_ext_mulc(e_ev, &ws->mc, e_ev);
    sigurd_ext_add(e_ev, v_ev);
    sigurd_ext_mulc_init(&ws->mc, z);
    sigurd_eval_at(t, (const uint16_t (*)[SIGURD_TAU])ws->w, SIGURD_NP, &ws->mc);
    return memcmp(t, e_ev, sizeof t) == 0 ? 0 : INVALID;
}

/* Check 4: the sigma random combinations of the syndrome rows. */
static int check_interactive(verify_ws_t *ws, const uint8_t *sn, const uint16_t delta[SIGURD_TAU])
{
    uint16_t p[SIGURD_TAU], q[SIGURD_TAU], lhs[SIGURD_TAU], t[SIGURD_TAU];
    size_t s;

    sigurd_band_product(ws->yw, ws->hs, (const uint16_t (*)[SIGURD_TAU])ws->w, &ws->band);
    for (s = 0; s < SIGURD_SIGMA; s++) {
        sigurd_ext_load(p, sn + SIGURD_OFF_P + s * SIGURD_EBYTES, 1);
        sigurd_ext_load(q, sn + SIGURD_OFF_Q + s * SIGURD_EBYTES, 1);
        if (p[5] != 0)
            return INVALID;
        sigurd_combine_rows(lhs, ws->rho[s], (const uint16_t (*)[SIGURD_TAU])ws->yw);
        p[5] = sigurd_combine_yhat(ws->rho[s], ws->yhat);
        sigurd_ext_mul(t, p, delta);
        sigurd_ext_add(lhs, t);
        sigurd_ext_scale_acc(lhs, ws->gamma[s], ws->w[SIGURD_N + s]);
        if (memcmp(lhs, q, sizeof q) != 0)
            return INVALID;
    }
    return 0;
}

/* Check 5: sum_j tau_j sum_d f_d delta^(6-d) w_j^d + zeta sum_i w_{n+sigma+i}
 * delta^(4-i) = sum_d G_d delta^d. */
static int check_final(verify_ws_t *ws, const uint8_t *sn, const uint16_t delta[SIGURD_TAU], uint16_t zeta)
{
    uint16_t f[7][SIGURD_TAU], dp[7][SIGURD_TAU], lhs[SIGURD_TAU], rhs[SIGURD_TAU];
    uint16_t s[SIGURD_TAU], t[SIGURD_TAU], g[6][SIGURD_TAU];
    unsigned d, i;

    sigurd_f_poly(f);
    memset(dp[0], 0, sizeof dp[0]);
    dp[0][0] = 1;
    for (d = 1; d < 7; d++)
        sigurd_ext_mul(dp[d], dp[d - 1], delta);

    memset(ws->acc, 0, sizeof ws->acc);
    sigurd_power_sums(ws->acc, (const uint16_t (*)[SIGURD_TAU])ws->w,
                      (const uint16_t (*)[SIGURD_TAU])ws->tau, NULL);
    memset(lhs, 0, sizeof lhs);
    for (d = 0; d < 7; d++) {
        sigurd_ext_reduce(s, ws->acc[0][d], SIGURD_ULEN);
        sigurd_ext_mul(t, f[d], dp[6 - d]);
        sigurd_ext_mul(t, t, s);
        sigurd_ext_add(lhs, t);
    }
    memset(s, 0, sizeof s);
    for (i = 0; i < SIGURD_TP; i++) {
        sigurd_ext_mul(t, ws->w[SIGURD_N + SIGURD_SIGMA + i], dp[4 - i]);
        sigurd_ext_add(s, t);
    }
    sigurd_ext_scale_acc(lhs, zeta, s);

    sigurd_ext_load(g[0], sn + SIGURD_OFF_G, 6);
    memset(rhs, 0, sizeof rhs);
    for (d = 0; d < 6; d++) {
        sigurd_ext_mul(t, g[d], dp[d]);
        sigurd_ext_add(rhs, t);
    }
    return memcmp(lhs, rhs, sizeof lhs) == 0 ? 0 : INVALID;
}

static int verify_core(verify_ws_t *ws, const uint8_t *pk, const uint8_t *sn, size_t c, const uint8_t *m,
                       unsigned long long m_len)
{
    uint8_t mu[H], h_com[H], h_ic[H], h_pr[H], h_mask[H], h_open[H];
    uint16_t z[SIGURD_TAU], delta[SIGURD_TAU], zeta;
    int rc;

    /* Check 1 */
    TRY(sigurd_expand_h(ws->hs, pk));
    sigurd_yhat(ws->yhat, pk + SIGURD_LAMBDA);
    memset(ws->w, 0, sizeof ws->w);
    sigurd_ext_load(ws->w[0], sn + SIGURD_OFF_W, SIGURD_NP);

    /* Check 2: the transcript, hashed straight from the signature bytes
     * (ser() is a bijection, so this equals re-serializing the fields) */
    TRY(sigurd_hash(mu, m, m_len));
    TRY(sigurd_hash3(h_com, ws->buf, mu, H, pk, SIGURD_PKBYTES, sn + SIGURD_OFF_ROOTS, SIGURD_GR * H));
    TRY(sigurd_challenge_elem(z, "commitment", h_com));
    TRY(sigurd_hash3(h_ic, ws->buf, mu, H, h_com, H, sn + SIGURD_OFF_EEV, 2 * SIGURD_EBYTES));
    TRY(sigurd_challenge_ic(ws->gamma, ws->rho, h_ic));
    TRY(sigurd_hash3(h_pr, ws->buf, mu, H, h_ic, H, sn + SIGURD_OFF_P, 2 * SIGURD_SIGMA * SIGURD_EBYTES));
    TRY(sigurd_challenge_pr(ws->tau, &zeta, h_pr, ws->buf));
    TRY(sigurd_hash3(h_mask, ws->buf, mu, H, h_pr, H, sn + SIGURD_OFF_G, 6 * SIGURD_EBYTES));
    TRY(sigurd_challenge_elem(delta, "mask", h_mask));
    TRY(sigurd_hash3(h_open, ws->buf, mu, H, h_pr, H, sn + SIGURD_OFF_W, (size_t)SIGURD_NP * SIGURD_EBYTES));
    TRY(sigurd_challenge_open(ws->pi, h_open, ws->pool));

    /* Checks 3-5, cheapest first */
    if ((rc = check_openings(ws, sn, c, delta, z)) != 0)
        return rc;
    if ((rc = check_interactive(ws, sn, delta)) != 0)
        return rc;
    return check_final(ws, sn, delta, zeta);
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    verify_ws_t *ws;
    long c;
    int rc;

    if (pk == NULL || sn == NULL || m == NULL)
        return SIGURD_ERR_NULL;
    if (pk_len != SIGURD_PKBYTES)
        return SIGURD_ERR_LEN;
    if (m_len > SIGURD_MAX_MLEN)
        return SIGURD_ERR_MLEN;
    if (sigurd_gf_init() != 0)
        return INVALID;
    c = parse_length(sn, sn_len);
    if (c < 0)
        return SIGURD_ERR_FORMAT;
    ws = malloc(sizeof *ws);
    if (ws == NULL)
        return SIGURD_ERR_ALLOC;
    rc = verify_core(ws, pk, sn, (size_t)c, m, m_len);
    free(ws);
    return rc;
}
