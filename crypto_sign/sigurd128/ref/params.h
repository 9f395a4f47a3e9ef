/* params.h - Sigurd-128 parameters (spec sigurd.md §1 and §12); everything
 * else is derived from these in sigurd-common/ref/sigurd.h. */
#ifndef SIGURD_PARAMS_H
#define SIGURD_PARAMS_H

#define SIGURD_M 1302     /* m: bits of the secret e */
#define SIGURD_RH 576     /* r_H: rows of H (M_K + 12) */
#define SIGURD_TAU 10     /* tau: coefficients per element of E */
#define SIGURD_SIGMA 10   /* sigma: interactive-check repetitions */
#define SIGURD_TX 160     /* t_x: extra random tail slots (= Q) */
#define SIGURD_ELL 4      /* RS expansion factor */
#define SIGURD_GR 2       /* Merkle trees */
#define SIGURD_HGT 10     /* tree height: 1024 leaves per tree */
#define SIGURD_Q 160      /* opened codeword positions */
#define SIGURD_LAMBDA 40  /* seed bytes */
#define SIGURD_HBYTES 32  /* digest bytes of Hash */
#define SIGURD_HASH_SM3 1 /* Hash = sm3hash(256) */
#define SIGURD_LABEL "SIG128:"
/* P(Y) = Y^10 + Y^4 + Y^3 + x*Y + 1: Y^tau is replaced by these terms
 * {exponent, coefficient in F}; x is the element 2. */
#define SIGURD_P_TERMS {{4, 1}, {3, 1}, {1, 2}, {0, 1}}
#define SIGURD_P_NTERMS 4

#endif
