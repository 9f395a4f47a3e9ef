/* drng.h - the ICCS deterministic random number generator (SM3 Hash_DRBG,
 * NIST SP 800-90A structure, seedlen 440 bits), under the official header name.
 *
 * Algorithm code draws randomness only with
 *     get_random_number(&drng_algorithm, buf, nbits);
 * on the global context that the driver (KAT generator, benchmark) defines and
 * seeds. Every call advances the state exactly once, whatever nbits is (0
 * included), and the unused tail of the last 256-bit block is discarded: two
 * 256-bit calls do not give the same bytes as one 512-bit call. */
#ifndef DRNG_H
#define DRNG_H

#ifdef __cplusplus
extern "C" {
#endif

#define SEEDLEN 55

typedef struct {
    unsigned char V[SEEDLEN];              /* big-endian integers */
    unsigned char C[SEEDLEN];
    unsigned char reseed_counter[SEEDLEN];
} DRNG_ctx;

/* Defined by the driver, not by the library. */
extern DRNG_ctx drng_algorithm;

/* Instantiates from the whole seed (any length, 0 included): no nonce, no
 * personalisation string. Fully resets the context. Returns 0. */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed,
                       unsigned long long seed_len_bytes);
/* Writes ceil(nbits/8) bytes; unused low bits of a partial last byte are
 * zero. Returns 0. */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits);

#ifdef __cplusplus
}
#endif

#endif
