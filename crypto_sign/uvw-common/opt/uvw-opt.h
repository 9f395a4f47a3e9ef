/* uvw-opt.h - what the opt implementation adds to ref's uvw.h: tiled
 * matrices (the layout elimination streams through), the SIMD kernels chosen
 * at run time, the multi-buffer DRNG, and the opt entry points of the other
 * components. See README.md beside this file. */
#ifndef UVW_OPT_H
#define UVW_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "../ref/uvw.h"

/* ---- tiled matrices (tiled.c) ----
 * A tile is 8 words of plane 1 then 8 words of plane 2 (512 columns, 128
 * bytes, one cache line per plane). Stripe s of a matrix holds the tiles of
 * columns [512 s, 512 s + 512) of all its rows one after another, so that an
 * elimination pass, which sweeps every row of one stripe at a time, reads
 * and writes one contiguous stream. Rows are exchanged by swapping their
 * tiles. Words past the columns in use are kept 0. */
#define UVW_TW 8
#define UVW_TILE (2 * UVW_TW)
#define UVW_STRIPES(nw) (((size_t)(nw) + UVW_TW - 1) / UVW_TW)

typedef struct {
    f3word *mem;       /* 64-byte aligned, within raw */
    void *raw;         /* what was allocated */
    size_t nrows, nst; /* the current shape: rows, stripes */
    size_t cap;        /* tiles allocated */
} uvw_tmat;

static inline f3word *uvw_tile(const uvw_tmat *a, size_t r, size_t s)
{
    return a->mem + (s * a->nrows + r) * UVW_TILE;
}

/* Word w of plane p (0 or 1) of row r. */
static inline f3word *uvw_tword(const uvw_tmat *a, size_t r, size_t w, unsigned p)
{
    return uvw_tile(a, r, w / UVW_TW) + p * UVW_TW + w % UVW_TW;
}

static inline unsigned uvw_tget(const uvw_tmat *a, size_t r, size_t c)
{
    const f3word *t = uvw_tile(a, r, c / (64 * UVW_TW));
    size_t w = (c / 64) % UVW_TW;
    unsigned s = (unsigned)(c & 63);
    return (unsigned)((t[w] >> s) & 1) | (unsigned)(((t[UVW_TW + w] >> s) & 1) << 1);
}

/* Allocates room for nrows x nst tiles (64-byte aligned, large ones on huge
 * pages where the system offers them) and sets that shape; -1 without
 * memory. */
int uvw_tmat_alloc(uvw_tmat *a, size_t nrows, size_t nst);
void uvw_tmat_free(uvw_tmat *a);
/* Re-views the memory as nrows x nst tiles (no more than allocated) and
 * zeroes them. */
void uvw_tmat_shape(uvw_tmat *a, size_t nrows, size_t nst);

/* More stripes (no more than allocated), the new ones zero, the others kept. */
void uvw_tmat_widen(uvw_tmat *a, size_t nst);
/* uvw_tmat_shape and uvw_tmat_widen without zeroing, for callers that write
 * every word of the new shape or stripes next (uvw_tgather_cols does). */
void uvw_tmat_view(uvw_tmat *a, size_t nrows, size_t nst);

/* uvw_echelon's contract (uvw.h) on a tiled matrix: all a->nrows rows, the
 * first nst stripes, pivots from columns [0, ncols). */
long uvw_techelon(uvw_tmat *a, size_t ncols, size_t nst, int flags, size_t *piv);

/* The record of an elimination, pass by pass, from which it can be
 * repeated on further stripes: each pass's row operations among its pivot
 * rows (in order) and the multipliers of the rows it updates. */
typedef struct {
    uint32_t a, b;   /* rows */
    uint8_t kind, m; /* UVW_OP_*; SUB: row a -= m row b */
} uvw_rowop;
enum { UVW_OP_SWAP, UVW_OP_SUB, UVW_OP_NEG };

typedef struct {
    size_t r0, f; /* its pivot rows r0 .. r0 + f - 1 */
    size_t r1;    /* it updates rows r0 + f .. r1 - 1 (and 0 .. r0 - 1 with UVW_ECH_FULL) */
    size_t op;    /* its row operations from op[op] on, up to the next pass's */
    size_t idx;   /* its multipliers from idx[idx] on: ng = ceil(f / 5) per row
                   * updated, rows r0 + f .. r1 - 1, then (UVW_ECH_FULL) 0 .. r0 - 1 */
    size_t pc;    /* its pivot columns from pc[pc] on */
} uvw_pass;

typedef struct {
    uvw_pass *pass;
    uvw_rowop *op;
    uint8_t *idx;
    size_t *pc;
    size_t npass, nop, nidx, npc;
    size_t cpass, cop, cidx, cpc; /* allocated */
    int flags;
    /* Set by the caller (uvw_elog_init: 0): rows zrows.. are known to be
     * zero in columns 0 .. zcols - 1, so passes on those columns leave them
     * out (the pivots there must be in rows before zrows). */
    size_t zrows, zcols;
} uvw_elog;

void uvw_elog_init(uvw_elog *log);
void uvw_elog_free(uvw_elog *log);
/* uvw_techelon, with the record of every pass kept in log (emptied first);
 * -1 also when the record cannot grow. */
long uvw_techelon_log(uvw_tmat *a, size_t ncols, size_t nst, int flags, size_t *piv, uvw_elog *log);
/* Repeats the elimination recorded in log on stripes [s0, s1) (columns the
 * elimination did not look at). 0, or -1 without memory. */
int uvw_treplay(uvw_tmat *a, const uvw_elog *log, size_t s0, size_t s1);
/* After a forward elimination recorded in log (every pivot left of stripe
 * s0) and its replay on stripes [s0, s1): clears the pivot columns above
 * the pivots there too, i.e. makes stripes [s0, s1) of the pivot rows those
 * of the reduced echelon form (the pivot columns themselves are not
 * touched). 0, or -1 without memory. */
int uvw_tbackward(uvw_tmat *a, const uvw_elog *log, size_t s0, size_t s1);
/* uvw_tbackward in two steps: _prepare takes the multipliers from the
 * pivot columns (which are then no longer needed: their stripes may be
 * reused, e.g. for the columns to be solved), _run makes the backward pass
 * on stripes [s0, s1); _free releases what _prepare made. -1 without
 * memory. */
typedef struct {
    size_t *off;
    uint8_t *idx;
} uvw_bwd;
int uvw_tbackward_prepare(const uvw_tmat *a, const uvw_elog *log, uvw_bwd *bw);
int uvw_tbackward_run(uvw_tmat *a, const uvw_elog *log, const uvw_bwd *bw, size_t s0, size_t s1);
void uvw_tbackward_free(uvw_bwd *bw);
/* uvw_back_substitute's contract with the r x r system in the first stripes
 * of u (z, y: A(r) words per plane). */
void uvw_tback_substitute(const uvw_tmat *u, size_t r, const f3word *z, f3word *y);
/* Dot product of row r of a over words [w0, w1) with the vector v (planes
 * sv words apart, word w of v pairs with word w of the row). */
unsigned uvw_tdot(const uvw_tmat *a, size_t r, size_t w0, size_t w1, const f3word *v, size_t sv);

/* Rows of H_left-like sources for uvw_tgather: rows [0, ntop) of the result
 * are (top_l.row[r], top_r.row[r]), rows [ntop, ntop + nbot) are
 * (-bot.row[r - ntop], bot.row[r - ntop]); halves of sst words per plane. */
typedef struct {
    const uvw_mat *top_l, *top_r, *bot;
    size_t ntop, nbot, sst;
} uvw_rowsrc;

/* Columns desc[0..cnt) of all rows of src into stripes [s0, s0 +
 * UVW_STRIPES(A(cnt))) of a (rows 0..ntop+nbot-1; words past cnt zeroed):
 * like uvw_gather, but 64 rows at a time through 64 x 64 bit transposes,
 * and with descriptors of one more bit: desc = column << 3 | sum << 2 |
 * half << 1 | times2, where sum takes the sum of both halves (of the row as
 * given: the left half negated in the lower rows, where the sum is 0).
 * Returns -1 without memory. */
int uvw_tgather(uvw_tmat *a, size_t s0, const uint32_t *desc, size_t cnt, const uvw_rowsrc *src);

/* In place: each 64-row block of the first nrows rows of m (nrows a
 * multiple of 64, m->nrows at least that, rows contiguous as uvw_mat_alloc
 * makes them) becomes its columns: afterwards word 64 st p + c from row
 * 64 b on holds column c of plane p of rows 64 b .. 64 b + 63 (bit i: row
 * 64 b + i). 0, or -1 without memory. */
int uvw_mat_to_columns(uvw_mat *m, size_t nrows);

/* uvw_tgather's result (same descriptors) for H_left's rows, from H_X,
 * H_Y, H_Z (rx and rz rows) as made by uvw_mat_to_columns: the source
 * transposes are done once, not once per gather. */
int uvw_tgather_cols(uvw_tmat *a, size_t s0, const uint32_t *desc, size_t cnt, const uvw_mat *hx,
                     const uvw_mat *hy, const uvw_mat *hz, size_t rx, size_t rz);

/* ---- kernels (simd.c), one set per instruction set ---- */
#define UVW_GK 5    /* pivot rows per table */
#define UVW_GE 243  /* 3^UVW_GK entries per table */
#define UVW_GT_MAX 16 /* tables per pass, at most */

typedef struct {
    const char *name;
    /* the UVW_GE tiles of one table: entry e = -(sum of digit_j(e) P_j),
     * digit j of e in base 3 (np <= UVW_GK pivot tiles, entries past 3^np
     * are not written) */
    void (*tab_build)(f3word *tab, const f3word *const *p, unsigned np);
    /* for n consecutive tiles t: t_i += sum over g < ng of
     * tab[g * UVW_GE + idx[i * ng + g]] */
    void (*tab_apply)(f3word *t, size_t n, const uint8_t *idx, size_t ng, const f3word *tab);
    /* d_k -= m s_k for n tiles at a stride of `stride` words, m in {1, 2} */
    void (*tiles_sub)(f3word *d, const f3word *s, size_t n, size_t stride, unsigned m);
    /* ones and twos (products 1 and 2) of a dot product over nw words of
     * two vectors given by their plane pointers */
    void (*dot)(const f3word *a1, const f3word *a2, const f3word *b1, const f3word *b2, size_t nw,
                size_t *ones, size_t *twos);
    /* in place: bit c of a[i] becomes bit i of a[c] (64 x 64 bits) */
    void (*transpose64)(f3word a[64]);
    /* the n row operations op[] on the tiles base + r UVW_TILE (one stripe) */
    void (*rowops)(f3word *base, const uvw_rowop *op, size_t n);
} uvw_kern;

/* The kernels in use: chosen once, the widest this CPU runs (avx512, avx2,
 * portable); NGBENCH_UVW_SIMD=portable|avx2|avx512 in the environment caps
 * the choice, as does NGBENCH_SM3X=portable (everything portable). */
const uvw_kern *uvw_kern_get(void);
/* Tests and benchmarks: "portable", "avx2" or "avx512"; 0, or -1 if this
 * host or build cannot run it (nothing changes). */
int uvw_kern_select(const char *name);

/* ---- DRNG (drng-bulk.c) ---- */
/* get_random_number(ctx, out, nbits) with the same bytes and the same state
 * afterwards; long requests have their output blocks (independent SM3
 * compressions) hashed by the multi-buffer SM3. */
int uvw_drng_get(DRNG_ctx *ctx, unsigned char *out, unsigned long long nbits);
/* count calls get_random_number(ctx, out + i nbytes, 8 nbytes) in a row,
 * nbytes <= 32: the same bytes and state; the outputs hashed side by side. */
void uvw_drng_draws(DRNG_ctx *ctx, unsigned char *out, size_t nbytes, size_t count);
/* the same for calls of any length (count calls of 8 nbytes bits each):
 * the output blocks of all the calls hashed side by side, in full groups */
void uvw_drng_calls(DRNG_ctx *ctx, unsigned char *out, size_t nbytes, size_t count);

/* ref's ExpandMatrix, shuffle and ExpandMonomial, renamed in expand.c (the
 * tests compare against them) */
void uvw_expand_matrix_ref(uvw_mat *a, const unsigned char *seed, uint16_t nu, size_t rows, size_t len);
void uvw_shuffle_ref(DRNG_ctx *ctx, uint32_t *a, size_t len, size_t steps);
void uvw_expand_monomial_ref(unsigned char *d, uint32_t *p, const unsigned char *seed, uint16_t nu);

#endif
