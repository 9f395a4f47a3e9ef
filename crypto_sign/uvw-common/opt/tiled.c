/* tiled.c - elimination over F3 on tiled matrices (uvw-opt.h), with the
 * kernels of simd.c, and the gathering of columns into them.
 *
 * The method is ref's gauss.c (a ternary method of four Russians: pivots
 * found up to 5 x tables at a time and made an identity on their columns,
 * the 3^5 combinations of each group of 5 pivot rows tabulated, every other
 * row cleared on all those columns by one table addition per group), with
 * the work laid out for the hardware: a pass builds the tables of one
 * stripe (512 columns; 243 x 128 bytes per table, so that all tables of a
 * pass stay in the L2 cache) and then sweeps that stripe of every row to be
 * updated, one contiguous stream; each row's tile stays in registers
 * through all its table additions. Pivot rows are moved, not pointed to, so
 * that the rows still open are always the contiguous slots r0.. of each
 * stripe. Every decision and result taken from an elimination is canonical,
 * so all of this gives ref's bytes. */
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "uvw-opt.h"

#define HUGE_ALIGN ((size_t)2 << 20)

/* memory aligned to 64 bytes (to 2 MiB, and on transparent huge pages where
 * the system has them, when it is large): *raw is what to free */
static void *alloc_aligned(size_t bytes, void **raw)
{
    size_t align = bytes >= 4 * HUGE_ALIGN ? HUGE_ALIGN : 64;
    unsigned char *p;
    uintptr_t a;
    if (bytes > (size_t)-1 - align)
        return NULL;
    p = malloc(bytes + align);
    *raw = p;
    if (!p)
        return NULL;
    a = ((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1);
#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(UVW_NO_THP)
    if (align == HUGE_ALIGN)
        (void)madvise((void *)a, bytes & ~(HUGE_ALIGN - 1), MADV_HUGEPAGE); /* a hint: failure is fine */
#endif
    return (void *)a;
}

int uvw_tmat_alloc(uvw_tmat *a, size_t nrows, size_t nst)
{
    a->mem = NULL;
    a->raw = NULL;
    a->nrows = a->nst = a->cap = 0;
    if (nrows == 0 || nst == 0 || nrows > (size_t)-1 / nst / (UVW_TILE * sizeof(f3word)))
        return -1;
    a->mem = alloc_aligned(nrows * nst * UVW_TILE * sizeof(f3word), &a->raw);
    if (!a->mem) {
        free(a->raw);
        a->raw = NULL;
        return -1;
    }
    a->cap = nrows * nst;
    uvw_tmat_shape(a, nrows, nst);
    return 0;
}

void uvw_tmat_free(uvw_tmat *a)
{
    free(a->raw);
    a->raw = NULL;
    a->mem = NULL;
    a->nrows = a->nst = a->cap = 0;
}

void uvw_tmat_shape(uvw_tmat *a, size_t nrows, size_t nst)
{
    a->nrows = nrows;
    a->nst = nst;
    memset(a->mem, 0, nrows * nst * UVW_TILE * sizeof(f3word));
}

void uvw_tmat_view(uvw_tmat *a, size_t nrows, size_t nst)
{
    a->nrows = nrows;
    a->nst = nst;
}

void uvw_tmat_widen(uvw_tmat *a, size_t nst)
{
    if (nst > a->nst)
        memset(uvw_tile(a, 0, a->nst), 0, (nst - a->nst) * a->nrows * UVW_TILE * sizeof(f3word));
    a->nst = nst;
}

/* ---- elimination ---- */

/* Tables per pass. More tables mean fewer passes but O(pivots^2) more work
 * on the pivot rows themselves (replayed on every stripe), which only many
 * rows amortise; at most 16 x 243 x 128 bytes = 486 KiB of tables (the L2
 * cache). Measured on AMD family 26 (AVX-512): 8 beats 16 even at 19500
 * rows (UVW-512 keygen 14.8 s against 15.6 s; UVW-128 0.17 s against
 * 0.24 s). */
static size_t tables_per_pass(size_t nrows)
{
    return nrows >= 2000 ? 8 : 4;
}

/* t5[b]: the table index of five one-hot bits b (bit i: digit i is set) */
static unsigned t5(unsigned b)
{
    static const uint8_t t[32] = { 0,  1,  3,  4,  9,  10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40,
                                   81, 82, 84, 85, 90, 91, 93, 94, 108, 109, 111, 112, 117, 118, 120, 121 };
    return t[b];
}

static void swap_tiles(f3word *x, f3word *y)
{
    size_t k;
    for (k = 0; k < UVW_TILE; k++) {
        f3word t = x[k];
        x[k] = y[k];
        y[k] = t;
    }
}

static void negate_tile(f3word *x)
{
    size_t k;
    for (k = 0; k < UVW_TW; k++) {
        f3word t = x[k];
        x[k] = x[UVW_TW + k];
        x[UVW_TW + k] = t;
    }
}

/* The multipliers of rows [r1, r2) for the f pivots pc[] of a pass, as
 * table indices, ng = ceil(f / 5) bytes per row from out on. */
static void table_indices(const uvw_tmat *a, size_t r1, size_t r2, const size_t *pc, size_t f, uint8_t *out)
{
    size_t ng = (f + UVW_GK - 1) / UVW_GK, r, g, j;
    if (pc[f - 1] - pc[0] == f - 1 && f <= 60) {
        /* consecutive columns (the usual case): the f bits of each plane
         * from column pc[0] on, at fixed offsets from each row's tile (the
         * next word may be in the next stripe's tile), and a table from
         * five bits of each plane to the index */
        size_t c = pc[0], w = (c / 64) % UVW_TW, t2 = w + 1;
        const f3word *t = uvw_tile(a, r1, c / (64 * UVW_TW));
        unsigned sh = (unsigned)(c & 63), rd2 = sh != 0 && sh + f > 64;
        uint8_t t10[1024];
        if (w + 1 == UVW_TW) {
            t2 = a->nrows * UVW_TILE; /* word 0 of the next stripe */
            if (c / (64 * UVW_TW) + 1 >= a->nst)
                rd2 = 0; /* (the bits past the stripes are 0) */
        }
        for (j = 0; j < 1024; j++)
            t10[j] = (uint8_t)(t5((unsigned)j & 31) + 2 * t5((unsigned)j >> 5));
        for (r = r1; r < r2; r++, out += ng, t += UVW_TILE) {
            f3word w1 = t[w] >> sh, w2 = t[UVW_TW + w] >> sh;
            if (rd2) {
                w1 |= t[t2] << (64 - sh);
                w2 |= t[t2 + UVW_TW] << (64 - sh);
            }
            if (f < 64) {
                w1 &= ((f3word)1 << f) - 1;
                w2 &= ((f3word)1 << f) - 1;
            }
            for (g = 0; g < ng; g++)
                out[g] = t10[((w1 >> (UVW_GK * g)) & 31) | ((w2 >> (UVW_GK * g)) & 31) << 5];
        }
        return;
    }
    for (r = r1; r < r2; r++, out += ng)
        for (g = 0; g < ng; g++) {
            unsigned e = 0, p3 = 1;
            for (j = UVW_GK * g; j < f && j < UVW_GK * (g + 1); j++, p3 *= 3)
                e += p3 * uvw_tget(a, r, pc[j]);
            out[g] = (uint8_t)e;
        }
}

/* *p has room for need elements of size `size` (capacity *cap); 0 or -1 */
static int reserve(void *pp, size_t *cap, size_t need, size_t size)
{
    void **p = (void **)pp, *q;
    size_t n = *cap ? *cap : 64;
    if (need <= *cap)
        return 0;
    while (n < need)
        n *= 2;
    if (n > (size_t)-1 / size || !(q = realloc(*p, n * size)))
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

void uvw_elog_init(uvw_elog *log)
{
    memset(log, 0, sizeof *log);
}

void uvw_elog_free(uvw_elog *log)
{
    free(log->pass);
    free(log->op);
    free(log->idx);
    free(log->pc);
    uvw_elog_init(log);
}

static int log_op(uvw_elog *log, unsigned kind, size_t a, size_t b, unsigned m)
{
    uvw_rowop *o;
    if (reserve(&log->op, &log->cop, log->nop + 1, sizeof *log->op))
        return -1;
    o = &log->op[log->nop++];
    o->kind = (uint8_t)kind;
    o->a = (uint32_t)a;
    o->b = (uint32_t)b;
    o->m = (uint8_t)m;
    return 0;
}

/* Pass p of log on stripe s: its row operations (if ops), then its tables. */
static void apply_pass(uvw_tmat *a, const uvw_elog *log, size_t p, size_t s, int ops, f3word *tab,
                       const uvw_kern *k)
{
    const uvw_pass *ps = &log->pass[p];
    size_t f = ps->f, r0 = ps->r0, ng = (f + UVW_GK - 1) / UVW_GK, g, j;
    size_t o1 = p + 1 < log->npass ? log->pass[p + 1].op : log->nop;
    if (ops && ps->op < o1)
        k->rowops(uvw_tile(a, 0, s), log->op + ps->op, o1 - ps->op);
    for (g = 0; g < ng; g++) {
        const f3word *pt[UVW_GK];
        unsigned np = 0;
        for (j = UVW_GK * g; j < f && j < UVW_GK * (g + 1); j++)
            pt[np++] = uvw_tile(a, r0 + j, s);
        k->tab_build(tab + g * UVW_GE * UVW_TILE, pt, np);
    }
    if (r0 + f < ps->r1)
        k->tab_apply(uvw_tile(a, r0 + f, s), ps->r1 - r0 - f, log->idx + ps->idx, ng, tab);
    if ((log->flags & UVW_ECH_FULL) && r0)
        k->tab_apply(uvw_tile(a, 0, s), r0, log->idx + ps->idx + (ps->r1 - r0 - f) * ng, ng, tab);
}

/* Passes [p0, p1) of log on stripes [s0, s1), stripe by stripe (each
 * stripe of the rows, up to 2.5 MB for UVW-512, stays in the caches
 * through all the passes). */
static int replay(uvw_tmat *a, const uvw_elog *log, size_t p0, size_t p1, size_t s0, size_t s1)
{
    const uvw_kern *k = uvw_kern_get();
    void *raw = NULL;
    f3word *tab;
    size_t s, p;
    if (p0 >= p1 || s0 >= s1)
        return 0;
    tab = alloc_aligned(UVW_GT_MAX * UVW_GE * UVW_TILE * sizeof *tab, &raw);
    if (!tab) {
        free(raw);
        return -1;
    }
    for (s = s0; s < s1; s++)
        for (p = p0; p < p1; p++)
            apply_pass(a, log, p, s, 1, tab, k);
    free(raw);
    return 0;
}

int uvw_treplay(uvw_tmat *a, const uvw_elog *log, size_t s0, size_t s1)
{
    return replay(a, log, 0, log->npass, s0, s1);
}

/* Pivot rows are found in one stripe (the panel) at a time: passes of up to
 * 5 x tables pivots, each applied to the panel at once and to the stripes
 * right of it only when the panel is done, stripe by stripe (replay). A
 * pass only looks at the panel: its pivot search and the reduction of its
 * pivot rows among themselves (recorded, to be repeated on the other
 * stripes), and the multipliers of the rows it updates. */
long uvw_techelon_log(uvw_tmat *a, size_t ncols, size_t nst, int flags, size_t *piv, uvw_elog *log)
{
    const uvw_kern *k = uvw_kern_get();
    size_t nrows = a->nrows, r0 = 0, col = 0, i, j;
    size_t gp = tables_per_pass(nrows) * UVW_GK;
    void *raw = NULL;
    f3word *tab = alloc_aligned(UVW_GT_MAX * UVW_GE * UVW_TILE * sizeof *tab, &raw);
    int stop = 0;

    log->npass = log->nop = log->nidx = log->npc = 0;
    log->flags = flags;
    if (!tab || nst > a->nst || nrows > UINT32_MAX)
        goto fail;
    if (ncols > 64 * UVW_TW * nst)
        ncols = 64 * UVW_TW * nst;
    while (!stop && r0 < nrows && col < ncols) {
        size_t sp = col / (64 * UVW_TW), end = 64 * UVW_TW * (sp + 1), p0 = log->npass;
        if (end > ncols)
            end = ncols;
        if (col < log->zcols && end > log->zcols)
            end = log->zcols; /* passes left of zcols leave out rows zrows.. */
        while (!stop && r0 < nrows && col < end) {
            size_t f = 0, *pc, ng, nupd;
            uvw_pass *ps;
            if (reserve(&log->pass, &log->cpass, log->npass + 1, sizeof *log->pass) ||
                reserve(&log->pc, &log->cpc, log->npc + gp, sizeof *log->pc))
                goto fail;
            ps = &log->pass[log->npass];
            ps->r0 = r0;
            ps->op = log->nop;
            ps->pc = log->npc;
            pc = log->pc + log->npc;
            while (f < gp && r0 + f < nrows && col < end) {
                unsigned c = 0;
                size_t p = r0 + f;
                for (i = p; i < nrows; i++) {
                    /* the entry after subtracting the pending pivots, which
                     * are an identity on their columns: r's multiplier of
                     * P_j is r[pc_j] */
                    c = uvw_tget(a, i, col);
                    for (j = 0; j < f; j++) {
                        unsigned t = uvw_tget(a, i, pc[j]);
                        if (t)
                            c += 3 * 2 - t * uvw_tget(a, r0 + j, col);
                    }
                    c %= 3;
                    if (c)
                        break;
                }
                if (i == nrows) {
                    if (!(flags & UVW_ECH_SKIP)) {
                        stop = 1;
                        break;
                    }
                    col++;
                    continue;
                }
                if (i != p) {
                    swap_tiles(uvw_tile(a, i, sp), uvw_tile(a, p, sp));
                    if (log_op(log, UVW_OP_SWAP, i, p, 0))
                        goto fail;
                }
                for (j = 0; j < f; j++) {
                    unsigned t = uvw_tget(a, p, pc[j]);
                    if (t) {
                        k->tiles_sub(uvw_tile(a, p, sp), uvw_tile(a, r0 + j, sp), 1, 0, t);
                        if (log_op(log, UVW_OP_SUB, p, r0 + j, t))
                            goto fail;
                    }
                }
                if (c == 2) {
                    negate_tile(uvw_tile(a, p, sp));
                    if (log_op(log, UVW_OP_NEG, p, p, 0))
                        goto fail;
                }
                for (j = 0; j < f; j++) {
                    unsigned t = uvw_tget(a, r0 + j, col);
                    if (t) {
                        k->tiles_sub(uvw_tile(a, r0 + j, sp), uvw_tile(a, p, sp), 1, 0, t);
                        if (log_op(log, UVW_OP_SUB, r0 + j, p, t))
                            goto fail;
                    }
                }
                pc[f] = col;
                if (piv)
                    piv[p] = col;
                f++;
                col++;
            }
            if (f == 0) {
                log->nop = ps->op; /* (nothing was recorded) */
                break;
            }
            ps->f = f;
            ps->r1 = nrows;
            if (pc[0] < log->zcols)
                ps->r1 = log->zrows > r0 + f ? log->zrows : r0 + f;
            ng = (f + UVW_GK - 1) / UVW_GK;
            nupd = ps->r1 - r0 - f + ((flags & UVW_ECH_FULL) ? r0 : 0);
            if (reserve(&log->idx, &log->cidx, log->nidx + nupd * ng + 1, 1))
                goto fail;
            ps->idx = log->nidx;
            table_indices(a, r0 + f, ps->r1, pc, f, log->idx + ps->idx);
            if (flags & UVW_ECH_FULL)
                table_indices(a, 0, r0, pc, f, log->idx + ps->idx + (ps->r1 - r0 - f) * ng);
            log->nidx += nupd * ng;
            log->npc += f;
            log->npass++;
            apply_pass(a, log, log->npass - 1, sp, 0, tab, k); /* its operations are done */
            r0 += f;
        }
        if (replay(a, log, p0, log->npass, sp + 1, nst))
            goto fail;
    }
    free(raw);
    return (long)r0;
fail:
    free(raw);
    return -1;
}

long uvw_techelon(uvw_tmat *a, size_t ncols, size_t nst, int flags, size_t *piv)
{
    uvw_elog log;
    long rc;
    uvw_elog_init(&log);
    rc = uvw_techelon_log(a, ncols, nst, flags, piv, &log);
    uvw_elog_free(&log);
    return rc;
}

int uvw_tbackward_prepare(const uvw_tmat *a, const uvw_elog *log, uvw_bwd *bw)
{
    size_t n = 0, p;
    bw->off = malloc((log->npass + 1) * sizeof *bw->off);
    bw->idx = NULL;
    if (!bw->off)
        return -1;
    /* the multipliers: each row's entries in the pass's pivot columns, which
     * the passes after it (done first) leave as they are */
    for (p = 0; p < log->npass; p++) {
        bw->off[p] = n;
        n += log->pass[p].r0 * ((log->pass[p].f + UVW_GK - 1) / UVW_GK);
    }
    bw->idx = malloc(n ? n : 1);
    if (!bw->idx) {
        uvw_tbackward_free(bw);
        return -1;
    }
    for (p = 0; p < log->npass; p++)
        if (log->pass[p].r0)
            table_indices(a, 0, log->pass[p].r0, log->pc + log->pass[p].pc, log->pass[p].f, bw->idx + bw->off[p]);
    return 0;
}

void uvw_tbackward_free(uvw_bwd *bw)
{
    free(bw->off);
    free(bw->idx);
    bw->off = NULL;
    bw->idx = NULL;
}

int uvw_tbackward_run(uvw_tmat *a, const uvw_elog *log, const uvw_bwd *bw, size_t s0, size_t s1)
{
    const uvw_kern *k = uvw_kern_get();
    void *raw = NULL;
    f3word *tab = alloc_aligned(UVW_GT_MAX * UVW_GE * UVW_TILE * sizeof *tab, &raw);
    size_t p, s, g, j;

    if (!tab) {
        free(raw);
        return -1;
    }
    for (s = s0; s < s1; s++)
        for (p = log->npass; p-- > 0;) {
            const uvw_pass *ps = &log->pass[p];
            size_t ng = (ps->f + UVW_GK - 1) / UVW_GK;
            if (!ps->r0)
                continue;
            for (g = 0; g < ng; g++) {
                const f3word *pt[UVW_GK];
                unsigned np = 0;
                for (j = UVW_GK * g; j < ps->f && j < UVW_GK * (g + 1); j++)
                    pt[np++] = uvw_tile(a, ps->r0 + j, s);
                k->tab_build(tab + g * UVW_GE * UVW_TILE, pt, np);
            }
            k->tab_apply(uvw_tile(a, 0, s), ps->r0, bw->idx + bw->off[p], ng, tab);
        }
    free(raw);
    return 0;
}

int uvw_tbackward(uvw_tmat *a, const uvw_elog *log, size_t s0, size_t s1)
{
    uvw_bwd bw;
    int rc;
    if (uvw_tbackward_prepare(a, log, &bw))
        return -1;
    rc = uvw_tbackward_run(a, log, &bw, s0, s1);
    uvw_tbackward_free(&bw);
    return rc;
}

unsigned uvw_tdot(const uvw_tmat *a, size_t r, size_t w0, size_t w1, const f3word *v, size_t sv)
{
    const uvw_kern *k = uvw_kern_get();
    size_t ones = 0, twos = 0, w = w0;
    while (w < w1) {
        size_t o, t, n = UVW_TW - w % UVW_TW;
        const f3word *x = uvw_tword(a, r, w, 0);
        if (n > w1 - w)
            n = w1 - w;
        k->dot(x, x + UVW_TW, v + (w - w0), v + sv + (w - w0), n, &o, &t);
        ones += o;
        twos += t;
        w += n;
    }
    return (unsigned)((ones + 2 * twos) % 3);
}

void uvw_tback_substitute(const uvw_tmat *u, size_t r, const f3word *z, f3word *y)
{
    size_t ar = UVW_WORDS(r), i;
    memset(y, 0, 2 * ar * sizeof *y);
    /* y_i = z_i - sum_{j>i} U_ij y_j; entries of y at and before i are still 0 */
    for (i = r; i-- > 0;) {
        unsigned s = uvw_tdot(u, i, i / 64, ar, y + i / 64, ar);
        uvw_f3_set(y, ar, i, (uvw_f3_get(z, ar, i) + 3 - s) % 3);
    }
}

/* ---- gathering columns ---- */

static const f3word *src_row(const uvw_rowsrc *src, size_t r, unsigned side)
{
    if (r < src->ntop)
        return (side ? src->top_r : src->top_l)->row[r];
    return src->bot->row[r - src->ntop];
}

int uvw_tgather(uvw_tmat *a, size_t s0, const uint32_t *desc, size_t cnt, const uvw_rowsrc *src)
{
    size_t nrows = src->ntop + src->nbot, sst = src->sst, ac = UVW_WORDS(cnt), aw = UVW_STRIPES(ac) * UVW_TW;
    size_t rb, j, w, i, q, c;
    unsigned sides = 1, side, p;
    f3word *col, blk[64], b2[64];
    void (*transpose64)(f3word *) = uvw_kern_get()->transpose64;

    for (j = 0; j < cnt && sides == 1; j++)
        if (desc[j] & 6)
            sides = 2;
    /* col[(side * 2 + plane) * 64 sst + c]: column c of 64 rows */
    col = malloc(4 * 64 * sst * sizeof *col);
    if (!col)
        return -1;
    for (rb = 0; rb < nrows; rb += 64) {
        size_t nb = nrows - rb < 64 ? nrows - rb : 64;
        f3word neg = 0;
        for (side = 0; side < sides; side++)
            for (p = 0; p < 2; p++)
                for (w = 0; w < sst; w++) {
                    for (i = 0; i < 64; i++)
                        blk[i] = i < nb ? src_row(src, rb + i, side)[p * sst + w] : 0;
                    transpose64(blk);
                    memcpy(col + ((side * 2 + p) * sst + w) * 64, blk, sizeof blk);
                }
        /* the left half of the lower rows is negated: swap its planes there */
        for (i = 0; i < nb; i++)
            if (rb + i >= src->ntop)
                neg |= (f3word)1 << i;
        if (neg)
            for (c = 0; c < 64 * sst; c++) {
                f3word x = (col[c] ^ col[64 * sst + c]) & neg;
                col[c] ^= x;
                col[64 * sst + c] ^= x;
            }
        for (q = 0; q < aw; q++) {
            if (q < ac) {
                for (j = 0; j < 64; j++) {
                    uint32_t e = 64 * q + j < cnt ? desc[64 * q + j] : 0;
                    size_t cc = e >> 3, sd = (e >> 1) & 1;
                    f3word x1 = 0, x2 = 0, x;
                    if (64 * q + j < cnt) {
                        x1 = col[(sd * 2 * sst) * 64 + cc];
                        x2 = col[(sd * 2 * sst + sst) * 64 + cc];
                    }
                    if (e & 4) { /* the sum of both halves (desc side 0) */
                        f3word y1 = col[2 * sst * 64 + cc], y2 = col[3 * sst * 64 + cc];
                        f3word t = (x2 | y1) ^ (x1 | y2), z2 = (x1 | y1) ^ t;
                        x1 = (x2 | y2) ^ t;
                        x2 = z2;
                    }
                    x = (x1 ^ x2) & ((f3word)0 - (f3word)(e & 1)); /* times 2: swap the planes */
                    blk[j] = x1 ^ x;
                    b2[j] = x2 ^ x;
                }
                transpose64(blk);
                transpose64(b2);
            } else {
                memset(blk, 0, sizeof blk);
                memset(b2, 0, sizeof b2);
            }
            for (i = 0; i < nb; i++) {
                *uvw_tword(a, rb + i, s0 * UVW_TW + q, 0) = blk[i];
                *uvw_tword(a, rb + i, s0 * UVW_TW + q, 1) = b2[i];
            }
        }
    }
    free(col);
    return 0;
}

int uvw_mat_to_columns(uvw_mat *m, size_t nrows)
{
    void (*transpose64)(f3word *) = uvw_kern_get()->transpose64;
    size_t st = m->st, b, w, i;
    f3word *tmp = malloc(2 * st * 64 * sizeof *tmp);
    if (!tmp)
        return -1;
    for (b = 0; b < nrows; b += 64) {
        for (w = 0; w < 2 * st; w++) {
            f3word *blk = tmp + 64 * w;
            for (i = 0; i < 64; i++)
                blk[i] = m->row[b + i][w];
            transpose64(blk);
        }
        memcpy(m->row[b], tmp, 2 * st * 64 * sizeof *tmp); /* rows b.. are contiguous */
    }
    free(tmp);
    return 0;
}

/* Rows [r0, r0 + nb) of a (nb <= 64) from the 64-row column block at row b
 * of x (side 0) and y (side 1); bottom: y is H_Z, x unused (side 0 is -H_Z,
 * a sum of both sides 0). The columns are taken in the order ord (by
 * source column: the reads stream) into o1, o2 (64 A(cnt) words each),
 * then transposed there and copied into the tiles. Branch-free per column (the descriptors are
 * random). */
static void gather_block(uvw_tmat *a, size_t s0, const uint32_t *desc, const uint32_t *ord, size_t cnt,
                         f3word *o1, f3word *o2, const uvw_mat *x, const uvw_mat *y, size_t b, size_t r0,
                         size_t nb, int bottom)
{
    void (*transpose64)(f3word *) = uvw_kern_get()->transpose64;
    size_t st = y->st, ac = UVW_WORDS(cnt), aw = UVW_STRIPES(ac) * UVW_TW, q, i, k;
    const f3word *base[2];
    f3word blk[64];
    base[1] = y->row[b];
    base[0] = bottom ? y->row[b] : x->row[b];
    for (k = 0; k < cnt; k++) {
        uint32_t o = ord[k], e = desc[o];
        size_t cc = e >> 3;
        const f3word *p0 = base[(e >> 1) & 1] + cc, *p1 = base[1] + cc;
        f3word x1 = p0[0], x2 = p0[64 * st], y1 = p1[0], y2 = p1[64 * st];
        f3word u = (x2 | y1) ^ (x1 | y2), z1 = (x2 | y2) ^ u, z2 = (x1 | y1) ^ u;
        f3word ms = (f3word)0 - (f3word)((e >> 2) & 1), t;
        if (bottom) {
            /* side 0 is -H_Z (swap), and a sum is 0 */
            t = (x1 ^ x2) & ((f3word)0 - (f3word)(((e >> 1) & 1) ^ 1));
            x1 = (x1 ^ t) & ~ms;
            x2 = (x2 ^ t) & ~ms;
        } else {
            x1 = (x1 & ~ms) | (z1 & ms);
            x2 = (x2 & ~ms) | (z2 & ms);
        }
        t = (x1 ^ x2) & ((f3word)0 - (f3word)(e & 1)); /* times 2: swap the planes */
        o1[o] = x1 ^ t;
        o2[o] = x2 ^ t;
    }
    for (k = cnt; k < 64 * ac; k++)
        o1[k] = o2[k] = 0; /* (the transposes below overwrite these) */
    for (q = 0; q < aw; q++) {
        f3word *d = uvw_tword(a, r0, s0 * UVW_TW + q, 0);
        const f3word *x1 = o1 + 64 * q, *x2 = o2 + 64 * q;
        if (q < ac) {
            transpose64(o1 + 64 * q);
            transpose64(o2 + 64 * q);
        } else {
            memset(blk, 0, sizeof blk);
            x1 = x2 = blk;
        }
        for (i = 0; i < nb; i++, d += UVW_TILE) {
            d[0] = x1[i];
            d[UVW_TW] = x2[i];
        }
    }
}

int uvw_tgather_cols(uvw_tmat *a, size_t s0, const uint32_t *desc, size_t cnt, const uvw_mat *hx,
                     const uvw_mat *hy, const uvw_mat *hz, size_t rx, size_t rz)
{
    size_t ncol = 64 * hz->st, b, k;
    uint32_t *ord = malloc((cnt + ncol + 1) * sizeof *ord), *start;
    size_t co = 64 * UVW_WORDS(cnt ? cnt : 1); /* words per plane, a whole number of 64 x 64 blocks */
    f3word *o = malloc(2 * co * sizeof *o);
    if (!ord || !o) {
        free(ord);
        free(o);
        return -1;
    }
    /* ord: the output columns by source column (a counting sort) */
    start = ord + cnt;
    memset(start, 0, (ncol + 1) * sizeof *start);
    for (k = 0; k < cnt; k++)
        start[(desc[k] >> 3) + 1]++;
    for (k = 0; k < ncol; k++)
        start[k + 1] += start[k];
    for (k = 0; k < cnt; k++)
        ord[start[desc[k] >> 3]++] = (uint32_t)k;
    for (b = 0; b < rx; b += 64)
        gather_block(a, s0, desc, ord, cnt, o, o + co, hx, hy, b, b, rx - b < 64 ? rx - b : 64, 0);
    for (b = 0; b < rz; b += 64)
        gather_block(a, s0, desc, ord, cnt, o, o + co, NULL, hz, b, rx + b, rz - b < 64 ? rz - b : 64, 1);
    free(ord);
    free(o);
    return 0;
}
