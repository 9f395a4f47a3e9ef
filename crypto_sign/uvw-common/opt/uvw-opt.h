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

/* uvw_echelon's contract (uvw.h) on a tiled matrix: all a->nrows rows, the
 * first nst stripes, pivots from columns [0, ncols). */
long uvw_techelon(uvw_tmat *a, size_t ncols, size_t nst, int flags, size_t *piv);
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

/* uvw_gather for all rows of src at once, into stripes [s0, s0 +
 * UVW_STRIPES(A(cnt))) of a (rows 0..ntop+nbot-1; words past cnt zeroed).
 * Columns are moved 64 rows at a time through 64 x 64 bit transposes.
 * Returns -1 without memory. */
int uvw_tgather(uvw_tmat *a, size_t s0, const uint32_t *desc, size_t cnt, const uvw_rowsrc *src);

/* ---- kernels (simd.c), one set per instruction set ---- */
#define UVW_GK 5    /* pivot rows per table */
#define UVW_GE 243  /* 3^UVW_GK entries per table */
#define UVW_IDXS 32 /* tables per pass, at most (the stride of the index rows) */

typedef struct {
    const char *name;
    /* the UVW_GE tiles of one table: entry e = -(sum of digit_j(e) P_j),
     * digit j of e in base 3 (np <= UVW_GK pivot tiles, entries past 3^np
     * are not written) */
    void (*tab_build)(f3word *tab, const f3word *const *p, unsigned np);
    /* for n consecutive tiles t: t_i += sum over g < ng of
     * tab[g * UVW_GE + idx[i * UVW_IDXS + g]] */
    void (*tab_apply)(f3word *t, size_t n, const uint8_t *idx, size_t ng, const f3word *tab);
    /* d_k -= m s_k for n tiles at a stride of `stride` words, m in {1, 2} */
    void (*tiles_sub)(f3word *d, const f3word *s, size_t n, size_t stride, unsigned m);
    /* ones and twos (products 1 and 2) of a dot product over nw words of
     * two vectors given by their plane pointers */
    void (*dot)(const f3word *a1, const f3word *a2, const f3word *b1, const f3word *b2, size_t nw,
                size_t *ones, size_t *twos);
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

/* ref's ExpandMatrix, renamed in expand.c (the tests compare against it) */
void uvw_expand_matrix_ref(uvw_mat *a, const unsigned char *seed, uint16_t nu, size_t rows, size_t len);

#endif
