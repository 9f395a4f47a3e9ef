/* gf.h - the binary fields of SYDO (spec P1): GF(2^160), GF(2^256), GF(2^512)
 * for the VOLE-in-the-head proof and GF(2^64) for the VOLE check's short hash.
 *
 * An element of GF(2^lambda) is an array of 64-bit words, coefficient i being
 * bit i%64 of word i/64 (the little-endian byte encoding of P1.1 read as
 * words): 3, 4 or 8 words, the top half-word unused at 160. "Wide" values are
 * unreduced products, twice as many words. Every product is computed with
 * integer multiplications on operands with holes, so its timing does not
 * depend on the operands: the prover multiplies secret values with it. */
#ifndef SYDO_GF_H
#define SYDO_GF_H

#include <stdint.h>

#define SYDO_GF160_WORDS 3
#define SYDO_GF256_WORDS 4
#define SYDO_GF512_WORDS 8

/* Carry-less 64 x 64 -> 128-bit product, r[0] the low word. */
void sydo_clmul64(uint64_t r[2], uint64_t a, uint64_t b);
/* GF(2^64) modulo x^64 + x^4 + x^3 + x + 1. */
uint64_t sydo_gf64_mul(uint64_t a, uint64_t b);

/* For each field F (words NW):
 *   mul        r = a*b                    (r may alias a or b)
 *   mul64      r = a*t, t a 64-bit polynomial embedded in the field
 *   muladd_wide w ^= a*b unreduced        (w has 2*NW words)
 *   reduce     r = w mod P(x)
 *   load/store the lambda/8-byte little-endian encoding
 * and, for PUBLIC operands only (their running time depends on the values):
 *   table8     the 8-bit window table of a (256 entries of NW+1 words)
 *   mul_table8_vt  r = a*b from a's table
 *   fold3_vt   r = a_0*b_0 + a_1*b_1 + a_2*b_2 from the a's tables */
#define SYDO_GF_DECLARE(F, NW)                                                                               \
    void sydo_gf##F##_mul(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW]);                     \
    void sydo_gf##F##_mul64(uint64_t r[NW], const uint64_t a[NW], uint64_t t);                             \
    void sydo_gf##F##_muladd_wide(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW]);         \
    void sydo_gf##F##_reduce(uint64_t r[NW], const uint64_t w[2 * NW]);                                    \
    void sydo_gf##F##_load(uint64_t r[NW], const uint8_t *bytes);                                          \
    void sydo_gf##F##_store(uint8_t *bytes, const uint64_t a[NW]);                                         \
    void sydo_gf##F##_table8(uint64_t tab[256][NW + 1], const uint64_t a[NW]);                              \
    void sydo_gf##F##_mul_table8_vt(uint64_t r[NW], const uint64_t tab[256][NW + 1], const uint64_t b[NW]);  \
    void sydo_gf##F##_fold3_vt(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],                      \
                               const uint64_t *const b[3]);

SYDO_GF_DECLARE(160, 3)
SYDO_GF_DECLARE(256, 4)
SYDO_GF_DECLARE(512, 8)

#undef SYDO_GF_DECLARE

#endif
