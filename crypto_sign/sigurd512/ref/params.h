/* params.h - Sigurd-512 parameters (spec sigurd.md §1 and §12, with the
 * submission's default knobs RS factor 16 and 8 groups); everything else is
 * derived from these in sigurd-common/ref/sigurd.h. */
#ifndef SIGURD_PARAMS_H
#define SIGURD_PARAMS_H

#define SIGURD_M 5676     /* m: bits of the secret e */
#define SIGURD_RH 2456    /* r_H: rows of H; not a multiple of 16 (8 rows unembedded) */
#define SIGURD_TAU 32     /* tau: coefficients per element of E */
#define SIGURD_SIGMA 32   /* sigma: interactive-check repetitions */
#define SIGURD_TX 256     /* t_x: extra random tail slots (= Q) */
#define SIGURD_ELL 16     /* RS expansion factor */
#define SIGURD_GR 8       /* Merkle trees */
#define SIGURD_HGT 12     /* tree height: 4096 leaves per tree (S > 2048) */
#define SIGURD_Q 256      /* opened codeword positions */
#define SIGURD_LAMBDA 128 /* seed bytes */
#define SIGURD_HBYTES 128 /* digest bytes of Hash */
#define SIGURD_HASH_SM3 0 /* Hash = pseudohash(1024) */
#define SIGURD_LABEL "SIG512:"
/* P(Y) = Y^32 + Y^31 + Y^5 + x: Y^tau is replaced by these terms
 * {exponent, coefficient in F}; x is the element 2. */
#define SIGURD_P_TERMS {{31, 1}, {5, 1}, {0, 2}}
#define SIGURD_P_NTERMS 3

#endif
