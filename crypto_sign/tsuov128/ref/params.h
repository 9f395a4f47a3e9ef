/* params.h - the TSUOV_128 parameter set (specs/tsuov.md section 1). The
 * shared code in ../../tsuov-common/ref/ derives everything else from these. */
#ifndef TSUOV_PARAMS_H
#define TSUOV_PARAMS_H

#define TSUOV_INSTANCE "TSUOV_128"
#define TSUOV_S    16    /* seed and salt length, bytes */
#define TSUOV_V    60    /* vinegar variables over F_{q^2} */
#define TSUOV_O    4     /* oil variables over F_{q^2} */
#define TSUOV_K    11    /* copies (whipped vectors) per signature */
#define TSUOV_M1   61    /* public matrices */
#define TSUOV_M2   88    /* degree of f = length of the target */
/* XOF output lengths in bytes: fixed constants of the reference, not derived */
#define TSUOV_TAU_P1 2469
#define TSUOV_TAU_P2 359
#define TSUOV_TAU_V 923
#define TSUOV_TAU_T 86
/* z^m2 = GAMMA0 + GAMMA1 z + GAMMA2 z^2 modulo f */
#define TSUOV_GAMMA0 4
#define TSUOV_GAMMA1 3
#define TSUOV_GAMMA2 1

#endif
