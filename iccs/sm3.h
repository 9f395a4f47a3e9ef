/* sm3.h - SM3 (GB/T 32905) on bit strings: the core every ICCS helper uses.
 *
 * Internal to ngbench's ICCS layer and its tests. Algorithm implementations
 * must hash only through the official entry points in auxfunc.h, so that the
 * same source also builds inside the official NICCS package. */
#ifndef NGBENCH_ICCS_SM3_H
#define NGBENCH_ICCS_SM3_H

#include <stddef.h>
#include <stdint.h>

#define SM3_DIGEST_BYTES 32
#define SM3_BLOCK_BYTES 64

typedef struct {
    uint32_t h[8];
    uint64_t nblocks;          /* compressed blocks so far */
    unsigned bufbits;          /* valid bits in buf, 0..511 */
    uint8_t buf[SM3_BLOCK_BYTES]; /* bytes past bufbits are always zero */
} iccs_sm3_ctx;

void iccs_sm3_init(iccs_sm3_ctx *ctx);
/* Appends the first nbits bits of msg (MSB first); later bits of the last
 * byte are ignored. Appending starts right after the bits already absorbed,
 * so concatenation is bit-level. */
void iccs_sm3_update_bits(iccs_sm3_ctx *ctx, const uint8_t *msg, uint64_t nbits);
void iccs_sm3_update(iccs_sm3_ctx *ctx, const uint8_t *msg, size_t nbytes);
void iccs_sm3_final(iccs_sm3_ctx *ctx, uint8_t digest[SM3_DIGEST_BYTES]);
/* The compression function on nblocks consecutive 64-byte blocks, and the
 * round constants T_j <<< (j mod 32) it uses (shared with sm3x.c). */
void iccs_sm3_compress(uint32_t st[8], const uint8_t *blocks, size_t nblocks);
extern const uint32_t iccs_sm3_k[64];
/* The compression's backend for long runs (8 blocks or more), chosen once
 * per process by what is fastest on this host (a calibration at first use,
 * separately for short and long runs; see sm3.c), or forced by NGBENCH_SM3X=portable|avx2|avx512 in the environment:
 * "portable" (scalar C), "avx2" (message schedule in SSE/AVX2 registers,
 * BMI2 rotations) or "avx512" (the same with AVX-512VL rotates and
 * three-input logic). All give the same results. */
const char *iccs_sm3_backend(void);
/* The backend a call compressing nblocks blocks runs. */
const char *iccs_sm3_backend_for(size_t nblocks);
/* 1 if the host can run the named backend, else 0. */
int iccs_sm3_backend_runs(const char *name);
/* Tests and benchmarks: use the named backend from now on, for all sizes
 * ("auto": choose again by calibration at the next use); returns 0, or -1
 * (nothing changes) if the name is unknown or this host cannot run it. */
int iccs_sm3_select(const char *name);
/* 1 if the backend in use schedules the message with SIMD, else 0 (kept for
 * existing callers; iccs_sm3_backend() says which). */
int iccs_sm3_avx2(void);
/* One-shot SM3 of a byte string. */
void iccs_sm3(const uint8_t *msg, size_t nbytes, uint8_t digest[SM3_DIGEST_BYTES]);

/* The 64-bit length field the official code writes for an n-bit message.
 * The low word is n mod 2^32; the high word is the official code's
 * ((n/512) >> 32) << 9, truncated to 32 bits: zero for n < 2^41, so the
 * result differs from GB/T 32905 for messages of 2^32 bits or more. */
uint64_t iccs_sm3_length_field(uint64_t nbits);

#endif
