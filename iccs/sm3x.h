/* sm3x.h - multi-buffer SM3 and pseudoXOF: many independent messages of one
 * length hashed at once, 8 or 4 lanes with AVX2, one at a time otherwise.
 *
 * Internal to ngbench (not installed, not part of the ICCS API): an
 * implementation that includes this header opts out of building inside the
 * official NICCS package, and its hashing bypasses the link-time wrappers of
 * the profile harness. Results are those of sm3hash / pseudoXOF on the same
 * bytes, whatever the backend.
 *
 * Backend: chosen once at run time (CPUID through __builtin_cpu_supports on
 * x86; the portable code elsewhere; NGBENCH_SM3X=portable in the environment
 * forces the portable code). No compiler flag is needed: the AVX2 functions
 * carry __attribute__((target("avx2"))). */
#ifndef NGBENCH_ICCS_SM3X_H
#define NGBENCH_ICCS_SM3X_H

#include <stddef.h>
#include <stdint.h>

#define ICCS_SM3X_LANES 8

/* out[i] = SM3(in[i][0..len-1]) for i < n (any n; batches of 8). Each out[i]
 * receives 32 bytes and must not overlap any input. */
void iccs_sm3x(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n);

/* out[i] = pseudoXOF(8*outlen, in[i], 8*len) for i < n: outlen bytes each.
 * All output blocks of all messages are independent finalisations and are
 * compressed 8 at a time. */
void iccs_pseudoxofx(uint8_t *const out[], size_t outlen, const uint8_t *const in[], size_t len,
                     size_t n);

/* pseudoXOF(8*outlen, in, 8*len) of one message, its output blocks (one
 * finalisation of the absorbed state each) compressed 8 at a time. */
void iccs_pseudoxof_mb(uint8_t *out, size_t outlen, const uint8_t *in, size_t len);

/* The backend in use: "avx2" or "portable". */
const char *iccs_sm3x_backend(void);
/* Tests and benchmarks: select a backend by name ("avx2", "portable");
 * returns 0, or -1 if this host or build cannot run it (nothing changes). */
int iccs_sm3x_select(const char *name);

#endif
