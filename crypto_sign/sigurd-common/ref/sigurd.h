/* sigurd.h - quantities derived from the per-set params.h (spec §1), sizes,
 * signature layout (§9) and compile-time checks. Shared by every component of
 * the Sigurd reference implementation. */
#ifndef SIGURD_H
#define SIGURD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "params.h"

#define SIGURD_N (SIGURD_M / 6)                       /* n: 6-bit blocks of e */
#define SIGURD_RHO (SIGURD_RH / 16)                   /* embedded 16-row bands */
#define SIGURD_TP 5                                   /* polynomial-response slots */
#define SIGURD_T (SIGURD_SIGMA + SIGURD_TP + SIGURD_TX) /* tail length */
#define SIGURD_NP (SIGURD_N + SIGURD_T)               /* N': message length of the code */
#define SIGURD_NCW (SIGURD_ELL * SIGURD_NP)           /* N: codeword length */
#define SIGURD_K ((SIGURD_NP + 31) / 32)              /* symbols per RS chunk */
#define SIGURD_R (SIGURD_ELL * SIGURD_K)              /* evaluations per RS chunk */
#define SIGURD_NPAD (32 * SIGURD_K)                   /* N' padded to 32 chunks */
#define SIGURD_S (SIGURD_NCW / SIGURD_GR)             /* real leaves per tree */
#define SIGURD_L (1 << SIGURD_HGT)                    /* leaves per tree incl. padding */
#define SIGURD_NODES (2 * SIGURD_L - 2)               /* numbered nodes per tree */
#define SIGURD_INNER (SIGURD_L - 2)                   /* numbered nodes above the leaves */

/* Byte sizes. */
#define SIGURD_EBYTES (2 * SIGURD_TAU)                /* ser(a) of one element of E */
#define SIGURD_YBYTES (SIGURD_RH / 8)
#define SIGURD_PKBYTES (SIGURD_LAMBDA + SIGURD_YBYTES)
#define SIGURD_SKBYTES (2 * SIGURD_LAMBDA)
#define SIGURD_HSBYTES ((size_t)SIGURD_RH * SIGURD_M / 8) /* the X_H stream */
#define SIGURD_MAXAUTH (SIGURD_Q * SIGURD_HGT)         /* bound on c */

/* Signature layout (§9): offsets of the fields; field 9 holds c digests. */
#define SIGURD_OFF_ROOTS 0
#define SIGURD_OFF_EEV (SIGURD_GR * SIGURD_HBYTES)
#define SIGURD_OFF_VEV (SIGURD_OFF_EEV + SIGURD_EBYTES)
#define SIGURD_OFF_P (SIGURD_OFF_VEV + SIGURD_EBYTES)
#define SIGURD_OFF_Q (SIGURD_OFF_P + SIGURD_SIGMA * SIGURD_EBYTES)
#define SIGURD_OFF_G (SIGURD_OFF_Q + SIGURD_SIGMA * SIGURD_EBYTES)
#define SIGURD_OFF_W (SIGURD_OFF_G + 6 * SIGURD_EBYTES)
#define SIGURD_OFF_C (SIGURD_OFF_W + SIGURD_NP * SIGURD_EBYTES)
#define SIGURD_OFF_AUTH (SIGURD_OFF_C + 4)
#define SIGURD_OPENBYTES (SIGURD_Q * SIGURD_EBYTES)    /* field 10 */
#define SIGURD_SNBYTES_MIN (SIGURD_OFF_AUTH + SIGURD_OPENBYTES)
#define SIGURD_SNBYTES_MAX (SIGURD_SNBYTES_MIN + SIGURD_MAXAUTH * SIGURD_HBYTES)

/* The longest message whose length in bits the ICCS helpers can take. */
#define SIGURD_MAX_MLEN (~0ULL / 8)

/* Return codes beyond 0 / -1 (spec §10, §11; -5 is ngbench's own). */
#define SIGURD_ERR_NULL (-2)
#define SIGURD_ERR_LEN (-3)
#define SIGURD_ERR_FORMAT (-4)
#define SIGURD_ERR_MLEN (-5)
#define SIGURD_ERR_ALLOC (-7)

/* Clears memory that held secrets; the call through a volatile pointer keeps
 * the compiler from dropping it as a dead store. */
static void *(*const volatile sigurd_memset_v)(void *, int, size_t) = memset;
static inline void sigurd_wipe(void *p, size_t n)
{
    sigurd_memset_v(p, 0, n);
}

#if SIGURD_M % 6 != 0 || SIGURD_RH % 8 != 0 || SIGURD_NCW % SIGURD_GR != 0
#error "Sigurd parameters: m, r_H or N do not divide as the scheme needs"
#endif
#if SIGURD_S > SIGURD_L || 2 * SIGURD_S <= SIGURD_L
#error "Sigurd parameters: tree height does not fit the leaves per tree"
#endif
#if SIGURD_NCW > 65535 || SIGURD_NCW > 32 * SIGURD_R || SIGURD_TAU < 6
#error "Sigurd parameters out of the range this code supports"
#endif

#endif
