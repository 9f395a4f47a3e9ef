/* sm3x.h - multi-buffer SM3 and pseudoXOF: many independent messages of one
 * length hashed at once, 16, 8 or 4 lanes with AVX-512 or AVX2, one at a
 * time otherwise.
 *
 * Internal to ngbench (not installed, not part of the ICCS API): an
 * implementation that includes this header opts out of building inside the
 * official NICCS package, and its hashing bypasses the link-time wrappers of
 * the profile harness. Results are those of sm3hash / pseudoXOF on the same
 * bytes, whatever the backend.
 *
 * Backend: "avx512" (16 lanes; 8 and 4 for smaller groups), "avx2" (8 and 4
 * lanes) or "portable" (sm3.c lane after lane), chosen once per process by
 * what is fastest on this host among those its CPU can run (a calibration
 * of a few tens of microseconds at first use; see sm3x.c).
 * NGBENCH_SM3X=portable|avx2|avx512 in the environment forces one, and the
 * single-stream compression's backend too (sm3.h). No compiler flag is
 * needed: the SIMD functions carry __attribute__((target(...))).
 *
 * Batch sizes: every function takes any number of messages n and hashes
 * them in groups of up to ICCS_SM3X_MAXLANES; a group of 8 or fewer runs on
 * the 8- or 4-lane code. Callers sized by ICCS_SM3X_LANES (8) keep working
 * unchanged; to use the 16-lane backend fully, pass 16 (or more) messages
 * per call: size static arrays by ICCS_SM3X_MAXLANES and batches by
 * iccs_sm3x_lanes(). */
#ifndef NGBENCH_ICCS_SM3X_H
#define NGBENCH_ICCS_SM3X_H

#include <stddef.h>
#include <stdint.h>

/* The lane count of the AVX2 backend (the interface's first batch size). */
#define ICCS_SM3X_LANES 8
/* The most lanes any backend compresses at once (AVX-512: 16). */
#define ICCS_SM3X_MAXLANES 16

/* out[i] = SM3(in[i][0..len-1]) for i < n (any n; groups of 16). Each out[i]
 * receives 32 bytes and must not overlap any input. */
void iccs_sm3x(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n);

/* out[i] = the SM3 compression of the one 64-byte block blk[i] from the
 * initial value, as a digest, for i < n (groups of 16): SM3 of a message of
 * at most 55 bytes when blk[i] holds it already padded (the message, 0x80,
 * zeros, the 64-bit big-endian bit length). */
void iccs_sm3x_block1(uint8_t *const out[], const uint8_t *const blk[], size_t n);

/* out[i] = pseudoXOF(8*outlen, in[i], 8*len) for i < n: outlen bytes each.
 * All output blocks of all messages are independent finalisations and are
 * compressed 16 at a time. */
void iccs_pseudoxofx(uint8_t *const out[], size_t outlen, const uint8_t *const in[], size_t len,
                     size_t n);

/* pseudoXOF(8*outlen, in, 8*len) of one message, its output blocks (one
 * finalisation of the absorbed state each) compressed 16 at a time. */
void iccs_pseudoxof_mb(uint8_t *out, size_t outlen, const uint8_t *in, size_t len);

/* The backend in use: "avx512", "avx2" or "portable". */
const char *iccs_sm3x_backend(void);
/* Messages per call at which the backend in use reaches its best speed per
 * message: 16 (avx512), 8 (avx2) or 1 (portable: batching gains nothing). */
size_t iccs_sm3x_lanes(void);
/* 1 if this host and build can run the named backend, else 0. */
int iccs_sm3x_backend_runs(const char *name);
/* Tests and benchmarks: select a backend by name ("avx512", "avx2",
 * "portable"; "auto": choose again by calibration at the next use); returns 0, or -1 if this host or build cannot run it
 * (nothing changes). */
int iccs_sm3x_select(const char *name);

#endif
