/* params.h - the yuanyang-1024 parameter set (spec yuanyang.md §2); every
 * other quantity is derived from these in ../../yuanyang-common/ref/yuanyang.h. */
#ifndef YY_PARAMS_H
#define YY_PARAMS_H

#define YY_NAMESPACE(s) yuanyang1024_##s

#define YY_D 1024       /* ring degree d */
#define YY_Q 4481       /* modulus q */
#define YY_K 4          /* compression factor k */
#define YY_DELTA 3      /* rounding offset delta of the compression */
#define YY_BC 1122      /* ciphertext packing base b_c = (q-1)/k + 2 */
#define YY_BC_GROUP 4   /* ciphertext group size B_c */
#define YY_NB_CT 41     /* bits per ciphertext group */
#define YY_NB_PK 49     /* bits per public-key group (base q, 4 per group) */

/* Sampler thresholds (7-bit, cumulative): f and g, s, e. e is drawn but
 * never used (spec §12.2), so YY_T_E only documents the set. */
#define YY_T_F {32, 85, 114, 125, 128}
#define YY_T_S {36, 92, 119, 127, 128}
#define YY_T_E {40, 99, 122, 127, 128}

/* The NTT stops after YY_NTT_LEVELS levels, at factors x^(d>>levels) - gamma
 * of F_q[x]; YY_PSI has order 2^(levels+1) mod q. Any choice computes the
 * same exact products: these only have to split x^d + 1 into irreducibles. */
#define YY_NTT_LEVELS 6
#define YY_PSI 1937

#endif
