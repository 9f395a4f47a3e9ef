/* params.h - the TSUOV_512 parameter set (specs/tsuov.md section 1). The
 * shared code in ../../tsuov-common/ref/ derives everything else from these. */
#ifndef TSUOV_PARAMS_H
#define TSUOV_PARAMS_H

#define TSUOV_INSTANCE "TSUOV_512"
#define TSUOV_S    64    /* seed and salt length, bytes */
#define TSUOV_V    218   /* vinegar variables over F_{q^2} */
#define TSUOV_O    12    /* oil variables over F_{q^2} */
#define TSUOV_K    10    /* copies (whipped vectors) per signature */
#define TSUOV_M1   218   /* public matrices */
#define TSUOV_M2   240   /* degree of f = length of the target */
/* XOF output lengths in bytes: fixed constants of the reference, not derived */
#define TSUOV_TAU_P1 31536
#define TSUOV_TAU_P2 3665
#define TSUOV_TAU_V 3082
#define TSUOV_TAU_T 264
/* z^m2 = GAMMA0 + GAMMA1 z + GAMMA2 z^2 modulo f */
#define TSUOV_GAMMA0 15
#define TSUOV_GAMMA1 12
#define TSUOV_GAMMA2 1

#endif
