/* gf.c - GF(2^16) tables: log/exp for general products and the byte tables of
 * a fixed multiplier (spec §2.1: any correct multiplier reproduces the KATs). */
#include "gf.h"

uint16_t sigurd_gf_exp[65536];
uint16_t sigurd_gf_log[65536];

static int gf_ready;

int sigurd_gf_init(void)
{
    uint32_t i;
    uint16_t a = 1;

    if (gf_ready)
        return 0;
    for (i = 0; i < SIGURD_GF_ORDER; i++) {
        /* a power of x repeating early means x is not primitive */
        if (i > 0 && a == 1)
            return -1;
        sigurd_gf_exp[i] = a;
        sigurd_gf_log[a] = (uint16_t)i;
        a = gf_xtime(a);
    }
    if (a != 1)
        return -1;
    sigurd_gf_exp[SIGURD_GF_ORDER] = 1;
    sigurd_gf_log[0] = 0;
    gf_ready = 1;
    return 0;
}

void sigurd_gf_mulc_init(gf_mulc_t *t, uint16_t c)
{
    uint16_t basis[16];
    unsigned b, v;

    /* c*x^b for the 16 bit positions; every table entry is a sum of these */
    basis[0] = c;
    for (b = 1; b < 16; b++)
        basis[b] = gf_xtime(basis[b - 1]);
    t->lo[0] = 0;
    t->hi[0] = 0;
    for (b = 0; b < 8; b++) {
        for (v = 1u << b; v < 2u << b; v++) {
            t->lo[v] = (uint16_t)(t->lo[v - (1u << b)] ^ basis[b]);
            t->hi[v] = (uint16_t)(t->hi[v - (1u << b)] ^ basis[b + 8]);
        }
    }
}
