/* params.h - the TSUOV_256 parameter set (specs/tsuov.md section 1). The
 * shared code in ../../tsuov-common/ref/ derives everything else from these. */
#ifndef TSUOV_PARAMS_H
#define TSUOV_PARAMS_H

#define TSUOV_INSTANCE "TSUOV_256"
#define TSUOV_S    32    /* seed and salt length, bytes */
#define TSUOV_V    114   /* vinegar variables over F_{q^2} */
#define TSUOV_O    5     /* oil variables over F_{q^2} */
#define TSUOV_K    16    /* copies (whipped vectors) per signature */
#define TSUOV_M1   114   /* public matrices */
#define TSUOV_M2   160   /* degree of f = length of the target */
/* XOF output lengths in bytes: fixed constants of the reference, not derived */
#define TSUOV_TAU_P1 8738
#define TSUOV_TAU_P2 841
#define TSUOV_TAU_V 2517
#define TSUOV_TAU_T 162
/* z^m2 = GAMMA0 + GAMMA1 z + GAMMA2 z^2 modulo f */
#define TSUOV_GAMMA0 6
#define TSUOV_GAMMA1 4
#define TSUOV_GAMMA2 1

#endif
