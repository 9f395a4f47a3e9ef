/* sydo.h - what every SYDO component shares: the quantities derived from the
 * set's base parameters (params.h; sydo.md 1.2 and 1.3), the field of the set,
 * and small helpers on field elements and hash calls. */
#ifndef SYDO_H
#define SYDO_H

#include <stddef.h>
#include <stdint.h>

#include "auxfunc.h"
#include "gf.h"
#include "params.h"

/* ---- derived parameters (sydo.md 1.2) ---- */
#define SYDO_LB (SYDO_LAMBDA / 8)                   /* bytes per field element */
#define SYDO_D (SYDO_LAMBDA - SYDO_WGRIND + 2)      /* challenge bits that open the BAVC */
#define SYDO_Z (SYDO_WGRIND - 2)                    /* enforced zero bits of delta */
#define SYDO_DEPTH (SYDO_D / SYDO_TAU)              /* k: depth of every vector tree */
#define SYDO_VLEAVES (1u << SYDO_DEPTH)             /* 2^k leaves per vector */
#define SYDO_L ((unsigned long)SYDO_TAU << SYDO_DEPTH) /* all leaves */
#define SYDO_NODES (2 * SYDO_L - 1)
#define SYDO_WBITS (8 * ((10 * SYDO_W + 7) / 8))    /* W: witness bits, whole bytes */
#define SYDO_WB (SYDO_WBITS / 8)
#define SYDO_RQ (SYDO_WBITS + 3 * SYDO_LAMBDA)      /* QuickSilver rows */
#define SYDO_RV (SYDO_RQ + SYDO_LAMBDA + 16)        /* VOLE rows */
#define SYDO_COLB (16 * ((SYDO_RV + 127) / 128))    /* bytes per VOLE column */
#define SYDO_CHAL1B ((5 * SYDO_LAMBDA + 64) / 8)
#define SYDO_CHAL2B ((6 * SYDO_LAMBDA + 64) / 8)
#define SYDO_VCHB (SYDO_LB + 2)                     /* one VOLE-check value */
#define SYDO_TB ((SYDO_LAMBDA + 1) * SYDO_VCHB)     /* VOLE-check transcript */
#define SYDO_NQS (71 * SYDO_W + 3)                  /* hashed QuickSilver constraints */
#define SYDO_BLOCK 279                              /* n/w: columns per block */

/* ---- keys (sydo.md 1.4) ---- */
#define SYDO_PKB (SYDO_LB + SYDO_M / 8)
#define SYDO_SKB (SYDO_PKB + SYDO_LB + SYDO_WB)

/* ---- signature layout (sydo.md 1.3) ---- */
#define SYDO_SIG_C 0
#define SYDO_CB ((SYDO_TAU - 1) * (SYDO_RV / 8))
#define SYDO_SIG_UT (SYDO_SIG_C + SYDO_CB)
#define SYDO_SIG_D (SYDO_SIG_UT + SYDO_VCHB)
#define SYDO_SIG_QS (SYDO_SIG_D + SYDO_WB)
#define SYDO_SIG_OPEN (SYDO_SIG_QS + 3 * SYDO_LB)
#define SYDO_OPENB (SYDO_TAU * 2 * SYDO_LB + SYDO_TOPEN * SYDO_LB)
#define SYDO_SIG_DELTA (SYDO_SIG_OPEN + SYDO_OPENB)
#define SYDO_SIG_IV (SYDO_SIG_DELTA + SYDO_LB)
#define SYDO_SIG_CTR (SYDO_SIG_IV + SYDO_LB)
#define SYDO_SIGB (SYDO_SIG_CTR + 4)

#if SYDO_D % SYDO_TAU != 0 || SYDO_RQ % 8 != 0 || SYDO_RV % 8 != 0 || SYDO_Z >= 8
#error "sydo.h: parameter set outside what this implementation supports"
#endif
#if SYDO_N != SYDO_BLOCK * SYDO_W || SYDO_M > 3 * SYDO_LAMBDA || SYDO_M % 8 != 0
#error "sydo.h: inconsistent base parameters"
#endif

/* ---- the field GF(2^lambda) of the set ---- */
#if SYDO_LAMBDA == 160
#define SYDO_NW SYDO_GF160_WORDS
#define gf_mul sydo_gf160_mul
#define gf_mul64 sydo_gf160_mul64
#define gf_muladd_wide sydo_gf160_muladd_wide
#define gf_reduce sydo_gf160_reduce
#define gf_load sydo_gf160_load
#define gf_store sydo_gf160_store
#define gf_table8 sydo_gf160_table8
#define gf_mul_table8_vt sydo_gf160_mul_table8_vt
#define gf_fold3_vt sydo_gf160_fold3_vt
#elif SYDO_LAMBDA == 256
#define SYDO_NW SYDO_GF256_WORDS
#define gf_mul sydo_gf256_mul
#define gf_mul64 sydo_gf256_mul64
#define gf_muladd_wide sydo_gf256_muladd_wide
#define gf_reduce sydo_gf256_reduce
#define gf_load sydo_gf256_load
#define gf_store sydo_gf256_store
#define gf_table8 sydo_gf256_table8
#define gf_mul_table8_vt sydo_gf256_mul_table8_vt
#define gf_fold3_vt sydo_gf256_fold3_vt
#elif SYDO_LAMBDA == 512
#define SYDO_NW SYDO_GF512_WORDS
#define gf_mul sydo_gf512_mul
#define gf_mul64 sydo_gf512_mul64
#define gf_muladd_wide sydo_gf512_muladd_wide
#define gf_reduce sydo_gf512_reduce
#define gf_load sydo_gf512_load
#define gf_store sydo_gf512_store
#define gf_table8 sydo_gf512_table8
#define gf_mul_table8_vt sydo_gf512_mul_table8_vt
#define gf_fold3_vt sydo_gf512_fold3_vt
#else
#error "sydo.h: lambda must be 160, 256 or 512"
#endif

typedef uint64_t gf_t[SYDO_NW];
typedef uint64_t gfw_t[2 * SYDO_NW]; /* unreduced (wide) value */
/* window table of a public element, for the _vt products */
typedef uint64_t gf_tab8_t[256][SYDO_NW + 1];

static inline void gf_zero(uint64_t *r)
{
    unsigned i;
    for (i = 0; i < SYDO_NW; i++)
        r[i] = 0;
}

static inline void gf_copy(uint64_t *r, const uint64_t *a)
{
    unsigned i;
    for (i = 0; i < SYDO_NW; i++)
        r[i] = a[i];
}

static inline void gf_add(uint64_t *r, const uint64_t *a)
{
    unsigned i;
    for (i = 0; i < SYDO_NW; i++)
        r[i] ^= a[i];
}

/* r ^= a if mask is all ones, nothing if it is zero; no branch. */
static inline void gf_addmask(uint64_t *r, const uint64_t *a, uint64_t mask)
{
    unsigned i;
    for (i = 0; i < SYDO_NW; i++)
        r[i] ^= a[i] & mask;
}

static inline void gfw_zero(uint64_t *w)
{
    unsigned i;
    for (i = 0; i < 2 * SYDO_NW; i++)
        w[i] = 0;
}

/* ---- hashing: every SYDO hash is pseudoXOF on whole bytes (sydo.md 0) ---- */
static inline int sydo_xof(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    return pseudoXOF(8ull * outlen, in, 8ull * inlen, out);
}

static inline uint32_t sydo_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void sydo_store32(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

/* Bit i of a byte string, least significant bit first (sydo.md 0). */
static inline unsigned sydo_bit(const uint8_t *x, size_t i)
{
    return (x[i / 8] >> (i % 8)) & 1u;
}

#endif
