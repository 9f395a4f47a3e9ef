/* tsuov-opt.h - the settings of the shared TSUOV code for the opt
 * implementation, included by each opt params.h after the set's parameters
 * (so before tsuov.h reads them): rows and operands as bytes padded to
 * multiples of 32 (tsuov_matvec multiplies them with AVX2 byte multiply-add,
 * opt/matvec.c), Sample's XOF with its output blocks finalised 16 (AVX-512) or 8 (AVX2) at a time
 * (iccs/sm3x.h), the bulk of its rejection sampling (opt/rejsamp.c) and the
 * mirroring of P1 (opt/mirror.c). */
#ifndef TSUOV_OPT_H
#define TSUOV_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "sm3x.h"

#define TSUOV_VP_ALIGN 16
#define TSUOV_ROW_T uint8_t
#define TSUOV_OP_T int8_t
/* opt/matvec.c: 1 if the AVX2 kernels run (CPU has AVX2, NGBENCH_SM3X is
 * not "portable"), else 0 */
int tsuov_opt_avx2(void);

#define TSUOV_XOF(out, outlen, in, inlen) (iccs_pseudoxof_mb((out), (outlen), (in), (inlen)), 0)

/* opt/rejsamp.c: RejSamp's bulk, eight values per shuffle (AVX2 hosts) */
void tsuov_rejsamp_bulk(uint8_t *out, size_t count, const uint8_t *x, size_t tau, size_t *g, size_t *n);
#define TSUOV_REJSAMP_BULK tsuov_rejsamp_bulk

/* opt/mirror.c: P1's lower triangle by tile transposes (AVX2 hosts); the
 * type is tsuov.h's tsuov_rowv, which is TSUOV_ROW_T */
int tsuov_mirror(TSUOV_ROW_T p1[TSUOV_V][2 * ((TSUOV_V + TSUOV_VP_ALIGN - 1) / TSUOV_VP_ALIGN * TSUOV_VP_ALIGN)]);
#define TSUOV_MIRROR tsuov_mirror

#endif
