/* ext.c - arithmetic in E = F[Y] / (P(Y)) (spec §2.2): schoolbook products,
 * reduction by the per-set modulus, serialization. */
#include <string.h>

#include "ext.h"

typedef struct {
    unsigned e;   /* exponent of Y */
    uint16_t c;   /* coefficient in F */
} pterm_t;

static const pterm_t pterms[SIGURD_P_NTERMS] = SIGURD_P_TERMS;

void sigurd_ext_reduce(uint16_t *out, uint16_t *u, size_t len)
{
    size_t k;
    unsigned i;

    /* Fold from the top: Y^k = Y^(k-tau) * (sum of the terms). A term may land
     * at or above tau again; it is folded when the loop reaches it. */
    for (k = len; k-- > SIGURD_TAU;) {
        uint16_t c = u[k];
        if (c == 0)
            continue;
        for (i = 0; i < SIGURD_P_NTERMS; i++) {
            size_t d = k - SIGURD_TAU + pterms[i].e;
            u[d] ^= pterms[i].c == 1 ? c : pterms[i].c == 2 ? gf_xtime(c) : gf_mul(pterms[i].c, c);
        }
    }
    if (out != u)
        memmove(out, u, SIGURD_TAU * sizeof *out);
}

void sigurd_ext_to_log(ext_log_t *lb, const uint16_t *b)
{
    size_t j;
    for (j = 0; j < SIGURD_TAU; j++) {
        lb->l[j] = sigurd_gf_log[b[j]];
        lb->m[j] = (uint16_t)(b[j] ? 0xFFFF : 0);
    }
}

void sigurd_ext_mul_acc_log(uint16_t *u, const uint16_t *a, const ext_log_t *lb)
{
    size_t i, j;
    for (i = 0; i < SIGURD_TAU; i++) {
        uint32_t la;
        uint16_t *ui = u + i;
        if (a[i] == 0)
            continue;
        la = sigurd_gf_log[a[i]];
        for (j = 0; j < SIGURD_TAU; j++)
            ui[j] ^= (uint16_t)(sigurd_gf_exp[gf_logfold(la + lb->l[j])] & lb->m[j]);
    }
}

void sigurd_ext_mul_acc(uint16_t *u, const uint16_t *a, const uint16_t *b)
{
    ext_log_t lb;
    sigurd_ext_to_log(&lb, b);
    sigurd_ext_mul_acc_log(u, a, &lb);
}

void sigurd_ext_mul(uint16_t *out, const uint16_t *a, const uint16_t *b)
{
    uint16_t u[SIGURD_ULEN];
    memset(u, 0, sizeof u);
    sigurd_ext_mul_acc(u, a, b);
    sigurd_ext_reduce(out, u, SIGURD_ULEN);
}

void sigurd_ext_sqr(uint16_t *out, const uint16_t *a)
{
    uint16_t u[SIGURD_ULEN];
    size_t i;
    memset(u, 0, sizeof u);
    for (i = 0; i < SIGURD_TAU; i++)
        u[2 * i] = gf_sqr(a[i]);
    sigurd_ext_reduce(out, u, SIGURD_ULEN);
}

void sigurd_ext_scale_acc(uint16_t *acc, uint16_t c, const uint16_t *a)
{
    size_t i;
    uint32_t lc;
    if (c == 0)
        return;
    lc = sigurd_gf_log[c];
    for (i = 0; i < SIGURD_TAU; i++)
        if (a[i])
            acc[i] ^= sigurd_gf_exp[gf_logfold(lc + sigurd_gf_log[a[i]])];
}

void sigurd_ext_mul_ymono(uint16_t *out, const uint16_t *a, unsigned k)
{
    uint16_t u[SIGURD_ULEN];
    memset(u, 0, sizeof u);
    memcpy(u + k, a, SIGURD_TAU * sizeof *a);
    sigurd_ext_reduce(out, u, SIGURD_TAU + k);
}

void sigurd_ext_mulc_init(ext_mulc_t *t, const uint16_t *c)
{
    size_t i;
    for (i = 0; i < SIGURD_TAU; i++)
        sigurd_gf_mulc_init(&t->c[i], c[i]);
}

void sigurd_ext_mulc(uint16_t *out, const ext_mulc_t *t, const uint16_t *a)
{
    uint16_t u[SIGURD_ULEN];
    size_t i, j;
    memset(u, 0, sizeof u);
    for (j = 0; j < SIGURD_TAU; j++) {
        const gf_mulc_t *cj = &t->c[j];
        uint16_t *uj = u + j;
        for (i = 0; i < SIGURD_TAU; i++)
            uj[i] ^= gf_mulc(cj, a[i]);
    }
    sigurd_ext_reduce(out, u, SIGURD_ULEN);
}

void sigurd_ext_store(uint8_t *out, const uint16_t *a, size_t count)
{
    size_t i, n = count * SIGURD_TAU;
    for (i = 0; i < n; i++) {
        out[2 * i] = (uint8_t)a[i];
        out[2 * i + 1] = (uint8_t)(a[i] >> 8);
    }
}

void sigurd_ext_load(uint16_t *a, const uint8_t *in, size_t count)
{
    size_t i, n = count * SIGURD_TAU;
    for (i = 0; i < n; i++)
        a[i] = (uint16_t)(in[2 * i] | (in[2 * i + 1] << 8));
}
