/* tsuov.h - TSUOV (NGCC sign-31) internals shared by the three parameter
 * sets: derived sizes, data layouts and the interfaces between the
 * components. The parameter set itself comes from the including directory's
 * params.h. Section numbers (§) refer to specs/tsuov.md. */
#ifndef TSUOV_H
#define TSUOV_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define TSUOV_Q 31
#define TSUOV_N (TSUOV_V + TSUOV_O)
#define TSUOV_O2 (2 * TSUOV_O)                     /* unknowns per copy */
#define TSUOV_NPAIRS (TSUOV_K * (TSUOV_K + 1) / 2) /* pairs a <= b = exponents */
#define TSUOV_P3_PER_MATRIX (TSUOV_O * (TSUOV_O + 1) / 2)
#define TSUOV_MU_BYTES 64

#define TSUOV_PK_VALUES (TSUOV_M1 * TSUOV_P3_PER_MATRIX * 2)
#define TSUOV_SN_VALUES (2 * TSUOV_N * TSUOV_K)
#define TSUOV_PK_BYTES (TSUOV_S + (5 * TSUOV_PK_VALUES + 7) / 8)
#define TSUOV_SK_BYTES (2 * TSUOV_S)
#define TSUOV_SN_BYTES (TSUOV_S + (5 * TSUOV_SN_VALUES + 7) / 8)

/* The products with the public matrices dominate every operation. They are
 * done as int16 dot products of constant length TSUOV_LD, a multiple of 16,
 * so that compilers turn them into multiply-add vector code even at -O2.
 * Row form (one row of a matrix over F_{q^2}): row[2y] = coordinate 0 and
 * row[2y+1] = coordinate 1 of entry y, entries y >= V zero.
 * Operand form (a vector v of V entries): two rows, A = (v0, 3 v1) and
 * B = (v1, v0) interleaved, so that row.A and row.B are coordinates 0 and 1
 * of the F_{q^2} dot product (y^2 = 3). */
#ifndef TSUOV_VP_ALIGN
#define TSUOV_VP_ALIGN 8
#endif
#define TSUOV_VP ((TSUOV_V + TSUOV_VP_ALIGN - 1) / TSUOV_VP_ALIGN * TSUOV_VP_ALIGN)
#define TSUOV_LD (2 * TSUOV_VP)
#define TSUOV_OPLEN (2 * TSUOV_LD)

/* Element types of the row and operand forms. Entries are at most 30 in a
 * row and 90 in an operand, so an implementation may narrow them: the opt
 * implementation (tsuov-common/opt/) sets TSUOV_VP_ALIGN 16, uint8_t rows and
 * int8_t operands before this header, for byte-wise multiply-add. */
#ifndef TSUOV_ROW_T
#define TSUOV_ROW_T int16_t
#endif
#ifndef TSUOV_OP_T
#define TSUOV_OP_T int16_t
#endif
typedef TSUOV_ROW_T tsuov_rowv;
typedef TSUOV_OP_T tsuov_opv;

/* Polynomials in R are accumulated unreduced up to this length before the
 * reduction modulo f (§2.4): products z^e * u with deg u < m1, e < NPAIRS. */
#define TSUOV_ACC_RAW (TSUOV_M1 + TSUOV_NPAIRS - 1)
#define TSUOV_ACC_LEN (TSUOV_ACC_RAW > TSUOV_M2 ? TSUOV_ACC_RAW : TSUOV_M2)

/* Rows of the system matrix are padded with zero columns to a multiple of
 * 16, so that the row operations run on whole vectorisable blocks. */
#define TSUOV_M2P ((TSUOV_M2 + 15) / 16 * 16)

/* Salt attempts before sign gives up (§9.4: the reference has no cap). A
 * rank-deficient system with rho = m2 - 1, the only kind ever observed, fails
 * all attempts with probability (30/31)^65536, about 2^-3100. */
#define TSUOV_MAX_ATTEMPTS 65536UL

/* Messages up to this many bytes are hashed from a stack buffer; longer ones
 * need a heap copy, because pseudohash wants seed_pk || M contiguous. */
#define TSUOV_MSG_STACK 2048

/* An element of F_{q^2} = F_31[y]/(y^2 - 3), canonical coordinates 0..30. */
typedef struct {
    uint8_t c0, c1;
} tsuov_fq2;

static inline uint8_t tsuov_mod(uint32_t x)
{
    return (uint8_t)(x % TSUOV_Q);
}

/* The exponent (= number) of the pair a <= b of copies (§2.5):
 * a k - a (a - 1) / 2 + (k - 1 - b). */
static inline unsigned tsuov_pair_exp(unsigned a, unsigned b)
{
    return a * (2 * TSUOV_K + 1 - a) / 2 + (TSUOV_K - 1 - b);
}

/* xof.c: everything that goes through the ICCS hash helpers. Functions
 * returning int give 0, or -2 when a helper fails. */
int tsuov_sample(uint8_t *out, size_t count, const uint8_t seed[TSUOV_S], unsigned idx, size_t tau);
int tsuov_digest(uint8_t mu[TSUOV_MU_BYTES], const uint8_t seed_pk[TSUOV_S], const uint8_t *m,
                 unsigned long long m_len);
int tsuov_target(uint8_t t[TSUOV_M2], const uint8_t mu[TSUOV_MU_BYTES], const uint8_t salt[TSUOV_S]);
int tsuov_salt(uint8_t salt[TSUOV_S], const uint8_t seed_r[TSUOV_S], unsigned long attempt);

/* expand.c: the XOF-expanded objects of §4 in the layouts used here. */
int tsuov_expand_t(tsuov_fq2 t[TSUOV_V][TSUOV_O], const uint8_t seed_sk[TSUOV_S]);
int tsuov_expand_public(tsuov_rowv p1[TSUOV_V][TSUOV_LD], tsuov_rowv p2[TSUOV_O][TSUOV_LD],
                        const uint8_t seed_pk[TSUOV_S], unsigned i);
int tsuov_expand_vinegar(tsuov_fq2 v[TSUOV_K][TSUOV_V], const uint8_t seed_v[TSUOV_S]);

/* matvec.c: conversions to row and operand form (V entries taken from
 * v[0], v[stride], ...) and the product kernel
 * out[r * nops + a] = rows[r] . ops[a] over F_{q^2}, reduced. */
void tsuov_row(tsuov_rowv row[TSUOV_LD], const tsuov_fq2 *v, size_t stride);
void tsuov_operand(tsuov_opv op[TSUOV_OPLEN], const tsuov_fq2 *v, size_t stride);
void tsuov_matvec(tsuov_fq2 *out, const tsuov_rowv *rows, size_t nrows, const tsuov_opv *ops, size_t nops);

/* ring.c: R = F_q[z]/(f). */
/* u: NPAIRS polynomials of M1 coefficients; m: K x 2O polynomials of M1
 * coefficients (M_a[lambda] at m + (a * 2O + lambda) * M1). */
void tsuov_combine(uint8_t out[TSUOV_M2], const uint8_t *u);
void tsuov_system(uint8_t a[TSUOV_M2][TSUOV_M2P], const uint8_t *m);

/* linsys.c: the system A x = y of §6 over F_q. */
typedef struct {
    uint8_t lu[TSUOV_M2][TSUOV_M2P]; /* echelon rows right of the pivots, multipliers below */
    uint8_t swap[TSUOV_M2];         /* row swapped into position s at step s */
    uint8_t pivot_inv[TSUOV_M2];    /* inverse of the pivot of step s */
    uint8_t pivot_col[TSUOV_M2];    /* pivot column of step s */
    size_t rank;
} tsuov_echelon;

/* in place on e->lu, which holds A on entry */
void tsuov_echelon_form(tsuov_echelon *e);
int tsuov_consistent(const tsuov_echelon *e, uint8_t y[TSUOV_M2]);
void tsuov_solve(uint8_t x[TSUOV_M2], const tsuov_echelon *e, const uint8_t y[TSUOV_M2],
                 const uint8_t r[TSUOV_M2]);

/* pack.c: 5-bit little-endian packing (§3.7). unpack returns -1 on a value
 * 31 or a nonzero padding bit. */
void tsuov_pack5(uint8_t *out, const uint8_t *vals, size_t n);
int tsuov_unpack5(uint8_t *vals, const uint8_t *in, size_t n);

/* api.c: clears secret intermediates (stores the compiler cannot drop). */
void tsuov_wipe(void *p, size_t n);

#endif
