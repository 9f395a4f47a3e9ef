/* tsuov-opt.h - the settings of the shared TSUOV code for the opt
 * implementation, included by each opt params.h after the set's parameters
 * (so before tsuov.h reads them): rows and operands as bytes padded to
 * multiples of 32 (tsuov_matvec multiplies them with AVX2 byte multiply-add,
 * opt/matvec.c), and Sample's XOF with its output blocks finalised 8 at a
 * time (iccs/sm3x.h). */
#ifndef TSUOV_OPT_H
#define TSUOV_OPT_H

#include <stdint.h>

#include "sm3x.h"

#define TSUOV_VP_ALIGN 16
#define TSUOV_ROW_T uint8_t
#define TSUOV_OP_T int8_t
#define TSUOV_XOF(out, outlen, in, inlen) (iccs_pseudoxof_mb((out), (outlen), (in), (inlen)), 0)

#endif
