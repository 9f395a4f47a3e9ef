/* uvw.h - internal interface of the UVW implementation shared by every
 * parameter set: sizes derived from params.h, the F3 row representation, and
 * the functions one component offers the others. Section numbers refer to
 * specs/uvw.md.
 *
 * The parameter set's params.h must come first: each per-set source includes
 * it before the shared source, and the shared files find it on the include
 * path otherwise. */
#ifndef UVW_INTERNAL_H
#define UVW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "drng.h"
#include "params.h"

/* ---- derived sizes (section 1) ---- */
#define UVW_H (UVW_N / 2)           /* h: half length */
#define UVW_RX (UVW_H - UVW_K1)     /* rows of H_X and H_Y */
#define UVW_RZ (UVW_H - UVW_K2)     /* rows of H_Z */
#define UVW_M (UVW_N - UVW_K)       /* syndrome length, = RX + RZ */
#define UVW_WORDS(len) (((size_t)(len) + 63) / 64) /* A(len) */
#define UVW_AH UVW_WORDS(UVW_H)
#define UVW_AK UVW_WORDS(UVW_K)
#define UVW_AN UVW_WORDS(UVW_N)
#define UVW_SALTBYTES (UVW_LAMBDA / 8)
#define UVW_HEADERBYTES 12

#define UVW_PKBYTES (UVW_HEADERBYTES + (unsigned long long)UVW_M * UVW_AK * 16)
#define UVW_SKBYTES (UVW_SEEDBYTES + 8)
#define UVW_SNBYTES (UVW_HEADERBYTES + UVW_SALTBYTES + UVW_AK * 16)

/* The scheme's structure, which the code relies on (section 1 note). */
#if UVW_K != UVW_H || UVW_M != UVW_RX + UVW_RZ || UVW_N % 2 != 0
#error "UVW parameters: the code assumes k = h = n/2 and m = r_x + r_z"
#endif

/* Retry limits of key generation (section 5). */
#define UVW_MAX_TRIES 10000

/* ---- F3 rows (f3.c) ----
 * Internally a row of st words per plane holds two one-hot planes: plane 1
 * (words 0..st-1) has bit c set iff entry c is 1, plane 2 (words st..2st-1)
 * iff it is 2. One-hot planes make addition seven logical operations and
 * negation a plane swap; the spec's serialized planes (nonzero, is-two) are
 * produced only when encoding. Entries past a row's length are kept 0. */
typedef uint64_t f3word;

/* A matrix: nrows rows of 2*st words reached through row pointers, so that
 * elimination swaps rows by swapping pointers. */
typedef struct {
    f3word **row;
    f3word *mem;
    size_t nrows;
    size_t st; /* words per plane */
} uvw_mat;

static inline unsigned uvw_f3_get(const f3word *v, size_t st, size_t c)
{
    unsigned s = (unsigned)(c & 63);
    return (unsigned)((v[c >> 6] >> s) & 1) | (unsigned)(((v[st + (c >> 6)] >> s) & 1) << 1);
}

static inline void uvw_f3_set(f3word *v, size_t st, size_t c, unsigned t)
{
    f3word bit = (f3word)1 << (c & 63);
    v[c >> 6] &= ~bit;
    v[st + (c >> 6)] &= ~bit;
    if (t == 1)
        v[c >> 6] |= bit;
    else if (t == 2)
        v[st + (c >> 6)] |= bit;
}

int uvw_mat_alloc(uvw_mat *a, size_t nrows, size_t st);
void uvw_mat_free(uvw_mat *a);
/* Re-views the first nrows rows of a's memory as rows of st words per plane
 * (nrows * st no larger than at allocation); the contents are undefined. */
void uvw_mat_reshape(uvw_mat *a, size_t nrows, size_t st);

/* d[w0..w1) += s[w0..w1), d -= s, d = -d, for rows of st words per plane. */
void uvw_f3_row_add(f3word *d, const f3word *s, size_t st, size_t w0, size_t w1);
void uvw_f3_row_sub(f3word *d, const f3word *s, size_t st, size_t w0, size_t w1);
void uvw_f3_row_neg(f3word *d, size_t st, size_t w0, size_t w1);
/* Sum of a_i * b_i over words [w0, w1) of two rows (strides sa, sb), in F3. */
unsigned uvw_f3_dot(const f3word *a, size_t sa, const f3word *b, size_t sb, size_t w0, size_t w1);
/* Number of nonzero entries in words [0, nw). */
size_t uvw_f3_weight(const f3word *v, size_t st, size_t nw);
size_t uvw_popcount(f3word x);

/* Little-endian 64-bit loads and stores, independent of the host. */
uint64_t uvw_load_le64(const unsigned char *p);
void uvw_store_le64(unsigned char *p, uint64_t x);

/* ---- elimination (gauss.c) ---- */
#define UVW_ECH_FULL 1 /* also clear the pivot columns above each pivot (Gauss-Jordan) */
#define UVW_ECH_SKIP 2 /* skip columns without a pivot instead of stopping there */

/* Row-reduces a (its first nrows rows, words [0, nw) of each plane) using
 * pivots from columns [0, ncols) in increasing order; row i ends up with its
 * pivot, normalised to 1, in column piv[i] (if piv is not NULL). Without SKIP
 * it stops at the first column that has no pivot. The rows must be a
 * permutation of a's first nrows memory rows (as after uvw_mat_alloc or
 * uvw_mat_reshape, and any eliminations). Returns the number of pivots, or
 * -1 if scratch memory cannot be allocated or the rows are not as said. */
long uvw_echelon(uvw_mat *a, size_t nrows, size_t ncols, size_t nw, int flags, size_t *piv);
/* With rows 0..r-1 of u an upper unitriangular r x r system (pivot of row i in
 * column i) and z the right-hand side, writes y with U*y = z (vectors of
 * A(r) words per plane). */
void uvw_back_substitute(const uvw_mat *u, size_t r, const f3word *z, f3word *y);

/* ---- expansion from seeds (expand.c) ---- */
/* LOC(seedS, nu): a fresh DRNG on seedS || BE16(nu) (section 3). */
void uvw_loc_init(DRNG_ctx *ctx, const unsigned char *seed, uint16_t nu);
uint64_t uvw_r64(DRNG_ctx *ctx);
unsigned uvw_r8(DRNG_ctx *ctx);
uint16_t uvw_r16(DRNG_ctx *ctx);
/* Fisher-Yates with modulo reduction over a[0..len), `steps` steps (4.2). */
void uvw_shuffle(DRNG_ctx *ctx, uint32_t *a, size_t len, size_t steps);
/* ExpandMatrix (4.1), len <= h, into rows [0, rows) of a (st >= A(len)). */
void uvw_expand_matrix(uvw_mat *a, const unsigned char *seed, uint16_t nu, size_t rows, size_t len);
/* ExpandMonomial (4.3): d[i] in {1, 2}, p a permutation of 0..n-1. */
void uvw_expand_monomial(unsigned char *d, uint32_t *p, const unsigned char *seed, uint16_t nu);

/* ---- hashing (hash.c) ---- */
/* s = HashToTrits(m || salt, M) (6.2), A(M) words per plane. Returns 0, or
 * -1 for a message too long to hash or when memory runs out. */
int uvw_hash_to_trits(f3word *s, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *salt);

/* ---- encoding (encode.c) ---- */
void uvw_put_header(unsigned char *out);
int uvw_check_header(const unsigned char *in);
/* A length-len vector (A(len) words per plane) as its two serialized planes:
 * A(len) LE64 words "nonzero", then A(len) words "is two" (section 2.1). */
void uvw_encode_vec(unsigned char *out, const f3word *v, size_t st, size_t len);
/* The inverse; returns -1 unless the planes are canonical (is-two within
 * nonzero, nothing at or past len). */
int uvw_decode_vec(f3word *v, size_t st, const unsigned char *in, size_t len);

/* ---- the secret structure shared by keygen and sign ---- */
typedef struct {
    uvw_mat hx, hy, hz;   /* H_X, H_Y (RX x h), H_Z (RZ x h) */
    unsigned char *d;     /* D's diagonal, n entries in {1, 2} */
    uint32_t *p;          /* D's permutation: column i of H_left goes to p[i] */
} uvw_secret;

int uvw_secret_alloc(uvw_secret *s);
void uvw_secret_free(uvw_secret *s);
/* Row r of H_left = [H_X | H_Y ; -H_Z | H_Z] (section 5 step 5) as its two
 * halves; the left one is to be negated if *neg. */
void uvw_hleft_row(const uvw_secret *s, size_t r, const f3word **left, const f3word **right,
                   unsigned *neg);
/* desc[c] for the columns c < ncols of H_sk = H_left * D: which column of
 * which half of H_left, and whether D multiplies it by 2. */
void uvw_hsk_describe(const uvw_secret *s, uint32_t *desc, size_t ncols);
/* Gathers the columns desc[0..cnt) of one H_left row (halves left, right of
 * sst words per plane; left negated if neg) into out (ost words per plane).
 * With desc[c] = column c << 2 of the left half it selects plain columns. */
void uvw_gather(f3word *out, size_t ost, const uint32_t *desc, size_t cnt, const f3word *left,
                const f3word *right, size_t sst, unsigned neg);

#endif
