/* params.h - the yuanyang-2048 parameter set (spec yuanyang.md §2); every
 * other quantity is derived from these in ../../yuanyang-common/ref/yuanyang.h. */
#ifndef YY_PARAMS_H
#define YY_PARAMS_H

#define YY_NAMESPACE(s) yuanyang2048_##s

#define YY_D 2048       /* ring degree d */
#define YY_Q 7681       /* modulus q */
#define YY_K 4          /* compression factor k */
#define YY_DELTA 3      /* rounding offset delta of the compression */
#define YY_BC 1922      /* ciphertext packing base b_c = (q-1)/k + 2 */
#define YY_BC_GROUP 1   /* ciphertext group size B_c */
#define YY_NB_CT 11     /* bits per ciphertext group */
#define YY_NB_PK 52     /* bits per public-key group (base q, 4 per group) */

/* Sampler thresholds (7-bit, cumulative): f and g, s, e. e is drawn but
 * never used (spec §12.2), so YY_T_E only documents the set. */
#define YY_T_F {34, 89, 117, 126, 128}
#define YY_T_S {36, 92, 119, 127, 128}
#define YY_T_E {51, 113, 127, 128, 128}

/* The NTT stops after YY_NTT_LEVELS levels, at factors x^(d>>levels) - gamma
 * of F_q[x]; YY_PSI has order 2^(levels+1) mod q. Any choice computes the
 * same exact products: these only have to split x^d + 1 into irreducibles. */
#define YY_NTT_LEVELS 8
#define YY_PSI 7146

#endif
