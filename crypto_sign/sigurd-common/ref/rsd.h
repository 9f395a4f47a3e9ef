/* rsd.h - the regular-syndrome-decoding instance (spec §4): H from its seed,
 * the regular secret e, the syndrome y = H e, and products with the
 * embedding Hhat of H into E. */
#ifndef SIGURD_RSD_H
#define SIGURD_RSD_H

#include <stdint.h>

#include "sigurd.h"

/* Unreduced coefficients of Hhat_{r,j} * x_j (Y^(5-o) shifts a tau-vector by
 * at most 5), four 16-bit coefficients per 64-bit word; the opt
 * implementation rounds the words up to whole vectors (SIGURD_BANDW_ALIGN). */
#ifndef SIGURD_BANDW_ALIGN
#define SIGURD_BANDW_ALIGN 1
#endif
#define SIGURD_BANDW \
    (((SIGURD_TAU + 5 + 3) / 4 + SIGURD_BANDW_ALIGN - 1) / SIGURD_BANDW_ALIGN * SIGURD_BANDW_ALIGN)

/* The H stream with the zeroed slack that word (opt: vector) reads past a
 * row need. */
#ifndef SIGURD_HS_SLACK
#define SIGURD_HS_SLACK 16
#endif
#define SIGURD_HSBUF (SIGURD_HSBYTES + SIGURD_HS_SLACK)

/* Working memory of sigurd_band_product; the opt implementation uses a
 * table for each of several groups of 8 columns at a time. */
#ifndef SIGURD_BAND_TABLES
#define SIGURD_BAND_TABLES 1
#endif
typedef struct {
    uint64_t w[16 * SIGURD_RHO][SIGURD_BANDW];               /* per binary row of H */
    uint64_t tab[SIGURD_BAND_TABLES * 256][SIGURD_BANDW]; /* XOR of every subset of 8 columns */
} band_ws_t;

/* hs (SIGURD_HSBUF bytes) = X_H(H_seed), MSB-first row-major bits of H. */
int sigurd_expand_h(uint8_t *hs, const uint8_t *h_seed);
/* a[j] = block position of the set bit of e in block j (X_e, BE16 mod 6). */
int sigurd_expand_e(uint8_t a[SIGURD_N], const uint8_t *e_seed);
/* ypack = y = H e, packed MSB-first (all r_H rows). */
void sigurd_syndrome(uint8_t ypack[SIGURD_YBYTES], const uint8_t *hs, const uint8_t a[SIGURD_N]);
/* yhat_r (LSB = row 16r) for the rho embedded bands. */
void sigurd_yhat(uint16_t yhat[SIGURD_RHO], const uint8_t ypack[SIGURD_YBYTES]);
/* out_r = sum_{j<n} Hhat_{r,j} * x_j in E, for r < rho. */
void sigurd_band_product(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs,
                         const uint16_t (*x)[SIGURD_TAU], band_ws_t *ws);

#endif
