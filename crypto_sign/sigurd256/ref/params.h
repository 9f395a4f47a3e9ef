/* params.h - Sigurd-256 parameters (spec sigurd.md §1 and §12); everything
 * else is derived from these in sigurd-common/ref/sigurd.h. */
#ifndef SIGURD_PARAMS_H
#define SIGURD_PARAMS_H

#define SIGURD_M 2748     /* m: bits of the secret e */
#define SIGURD_RH 1184    /* r_H: rows of H (a literal, not M_K + 12) */
#define SIGURD_TAU 16     /* tau: coefficients per element of E */
#define SIGURD_SIGMA 16   /* sigma: interactive-check repetitions */
#define SIGURD_TX 172     /* t_x: extra random tail slots (Q + 1 in this set) */
#define SIGURD_ELL 8      /* RS expansion factor */
#define SIGURD_GR 6       /* Merkle trees */
#define SIGURD_HGT 10     /* tree height: 1024 leaves per tree */
#define SIGURD_Q 171      /* opened codeword positions */
#define SIGURD_LAMBDA 64  /* seed bytes */
#define SIGURD_HBYTES 64  /* digest bytes of Hash */
#define SIGURD_HASH_SM3 0 /* Hash = pseudohash(512) */
#define SIGURD_LABEL "SIG256:"
/* P(Y) = Y^16 + Y^11 + Y + x: Y^tau is replaced by these terms
 * {exponent, coefficient in F}; x is the element 2. */
#define SIGURD_P_TERMS {{11, 1}, {1, 1}, {0, 2}}
#define SIGURD_P_NTERMS 3

#endif
