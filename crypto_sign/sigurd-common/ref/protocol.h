/* protocol.h - the parts of the proof that signer and verifier compute alike
 * (spec §7 and §10): the polynomial f, the Fiat-Shamir challenges, evaluation
 * at z, the power sums behind the final response and the opening positions. */
#ifndef SIGURD_PROTOCOL_H
#define SIGURD_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "ext.h"
#include "sigurd.h"

/* f(X) = prod_{i<6} (X + Y^i) = sum_d f[d] X^d in E (spec §2.3). */
void sigurd_f_poly(uint16_t f[7][SIGURD_TAU]);

/* An element of E from tau BE16 words of XOF(label, h): z ("commitment")
 * and delta ("mask"). */
int sigurd_challenge_elem(uint16_t out[SIGURD_TAU], const char *label, const uint8_t *h);
/* gamma_s and rho_{s,r} from X_ic(h_ic), in stream order. */
int sigurd_challenge_ic(uint16_t gamma[SIGURD_SIGMA], uint16_t (*rho)[SIGURD_RHO], const uint8_t *h_ic);
/* tau_j (j < n) and the raw 16-bit zeta from X_pr(h_pr); buf holds
 * 2 (n tau + 1) bytes. zeta = 0 is accepted, as in the reference. */
int sigurd_challenge_pr(uint16_t (*tau)[SIGURD_TAU], uint16_t *zeta, const uint8_t *h_pr, uint8_t *buf);
/* pi_0..pi_{Q-1}: partial Fisher-Yates over 0..N-1 driven by X_op(h_open),
 * with the reference's biased reduction mod (N - i). pool: N entries. */
int sigurd_challenge_open(uint32_t pi[SIGURD_Q], const uint8_t *h_open, uint16_t *pool);

/* out = sum_{i<count} x_i z^i (Horner, x_0 the constant term). */
void sigurd_eval_at(uint16_t out[SIGURD_TAU], const uint16_t (*x)[SIGURD_TAU], size_t count,
                    const ext_mulc_t *z);
/* out = sum_r rho_r y_r in E, and the same combination of the yhat_r in F. */
void sigurd_combine_rows(uint16_t out[SIGURD_TAU], const uint16_t rho[SIGURD_RHO],
                         const uint16_t (*y)[SIGURD_TAU]);
uint16_t sigurd_combine_yhat(const uint16_t rho[SIGURD_RHO], const uint16_t yhat[SIGURD_RHO]);

/* acc[bucket_j][k] ^= tau_j x_j^k (unreduced) for j < n and k = 0..6; all
 * into bucket 0 when bucket is NULL. */
void sigurd_power_sums(uint16_t (*acc)[7][SIGURD_ULEN], const uint16_t (*x)[SIGURD_TAU],
                       const uint16_t (*tau)[SIGURD_TAU], const uint8_t *bucket);

/* Opened positions by tree: the leaf indices of tree g among pi (in
 * selection order) and, through sel, which pi each one came from. */
size_t sigurd_tree_leaves(uint32_t *leaves, uint32_t *sel, const uint32_t pi[SIGURD_Q], size_t g);

#endif
