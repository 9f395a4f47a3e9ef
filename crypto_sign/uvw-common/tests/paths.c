/* paths.c - the UVW opt implementation (here UVW-128) gives the same bits on
 * every path: each kernel set this host runs (portable, avx2, avx512), and
 * the portable multi-buffer SM3. Component by component against ref's code
 * (the batched DRNG against get_random_number, ExpandMatrix, the shuffles
 * and ExpandMonomial against their ref versions, the tiled elimination and
 * solves against ref's gauss.c, compiled into this test, the transposing
 * gather against uvw_gather), then whole key pairs and signatures, which
 * must be the same bytes on every path (the KAT test checks the default
 * path against the official digests). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccs_sig.h"
#include "sha256.h"
#include "sm3x.h"
#include "uvw-opt.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static int failures, checks;

#define EXPECT(cond, ...)                                  \
    do {                                                   \
        checks++;                                          \
        if (!(cond)) {                                     \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                  \
            fputc('\n', stderr);                           \
            failures++;                                    \
        }                                                  \
    } while (0)

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    return p;
}

/* a random row of len entries (one-hot planes, st words per plane) */
static void random_row(f3word *row, size_t st, size_t len)
{
    size_t c;
    memset(row, 0, 2 * st * sizeof *row);
    for (c = 0; c < len; c++)
        uvw_f3_set(row, st, c, (unsigned)(rnd() % 3));
}

static void test_drng(void)
{
    static const size_t lens[] = { 0, 1, 31, 32, 33, 255, 256, 257, 1000, 4096, 4863, 20000 };
    DRNG_ctx a, b;
    unsigned char seed[34], *x = xcalloc(20000, 1), *y = xcalloc(20000, 1);
    size_t i, n;
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)rnd();
    init_random_number(&a, seed, sizeof seed);
    b = a;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        get_random_number(&a, x, 8 * (unsigned long long)lens[i]);
        uvw_drng_get(&b, y, 8 * (unsigned long long)lens[i]);
        EXPECT(memcmp(x, y, lens[i]) == 0 && memcmp(&a, &b, sizeof a) == 0, "uvw_drng_get, %zu bytes", lens[i]);
    }
    for (n = 1; n <= 32; n *= 2) {
        size_t count = 1 + (size_t)(rnd() % 300);
        for (i = 0; i < count; i++)
            get_random_number(&a, x + i * n, 8 * (unsigned long long)n);
        uvw_drng_draws(&b, y, n, count);
        EXPECT(memcmp(x, y, count * n) == 0 && memcmp(&a, &b, sizeof a) == 0, "uvw_drng_draws, %zu x %zu bytes",
               count, n);
    }
    free(x);
    free(y);
}

static void test_expand(void)
{
    uvw_mat m1, m2;
    unsigned char seed[UVW_SEEDBYTES], *d1 = xcalloc(UVW_N, 1), *d2 = xcalloc(UVW_N, 1);
    uint32_t *p1 = xcalloc(UVW_N, sizeof *p1), *p2 = xcalloc(UVW_N, sizeof *p2);
    DRNG_ctx a, b;
    size_t i, rows = 70;
    if (uvw_mat_alloc(&m1, rows, UVW_AH) || uvw_mat_alloc(&m2, rows, UVW_AH)) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)rnd();
    uvw_expand_matrix(&m1, seed, 0x1234, rows, UVW_H);
    uvw_expand_matrix_ref(&m2, seed, 0x1234, rows, UVW_H);
    EXPECT(memcmp(m1.mem, m2.mem, rows * 2 * UVW_AH * sizeof(f3word)) == 0, "ExpandMatrix");
    uvw_expand_monomial(d1, p1, seed, 0xBEEF);
    uvw_expand_monomial_ref(d2, p2, seed, 0xBEEF);
    EXPECT(memcmp(d1, d2, UVW_N) == 0 && memcmp(p1, p2, UVW_N * sizeof *p1) == 0, "ExpandMonomial");
    init_random_number(&a, seed, sizeof seed);
    b = a;
    for (i = 0; i < UVW_N; i++)
        p1[i] = p2[i] = (uint32_t)i;
    uvw_shuffle(&a, p1, UVW_N, 777);
    uvw_shuffle_ref(&b, p2, UVW_N, 777);
    EXPECT(memcmp(p1, p2, UVW_N * sizeof *p1) == 0 && memcmp(&a, &b, sizeof a) == 0, "shuffle");
    uvw_mat_free(&m1);
    uvw_mat_free(&m2);
    free(d1);
    free(d2);
    free(p1);
    free(p2);
}

static void test_dot(void)
{
    f3word a[2 * 40], b[2 * 40];
    size_t nw;
    for (nw = 1; nw <= 40; nw += 3) {
        size_t o, t;
        random_row(a, nw, 64 * nw);
        random_row(b, nw, 64 * nw);
        uvw_kern_get()->dot(a, a + nw, b, b + nw, nw, &o, &t);
        EXPECT((o + 2 * t) % 3 == uvw_f3_dot(a, nw, b, nw, 0, nw), "dot product over %zu words", nw);
    }
}

/* The tiled copy of rows [0, rows) of m, words [0, nw) */
static void to_tiled(uvw_tmat *t, const uvw_mat *m, size_t rows, size_t nw)
{
    size_t r, w;
    uvw_tmat_shape(t, rows, UVW_STRIPES(nw));
    for (r = 0; r < rows; r++)
        for (w = 0; w < nw; w++) {
            *uvw_tword(t, r, w, 0) = m->row[r][w];
            *uvw_tword(t, r, w, 1) = m->row[r][m->st + w];
        }
}

/* uvw_techelon against ref's uvw_echelon on a rows x cols matrix of rank
 * about `rank` (random combinations of `rank` random rows, and a few zero
 * columns), for each flag combination: same rank and pivot columns, and
 * with UVW_ECH_FULL the same reduced rows. */
static void test_echelon(size_t rows, size_t cols, size_t rank)
{
    size_t nw = UVW_WORDS(cols), r, c, w, i, *piv1 = xcalloc(rows, sizeof *piv1), *piv2 = xcalloc(rows, sizeof *piv2);
    uvw_mat base, m, m0;
    uvw_tmat t;
    int flags;
    if (uvw_mat_alloc(&base, rank, nw) || uvw_mat_alloc(&m, rows, nw) || uvw_mat_alloc(&m0, rows, nw) ||
        uvw_tmat_alloc(&t, rows, UVW_STRIPES(nw))) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    for (r = 0; r < rank; r++)
        random_row(base.row[r], nw, cols);
    for (r = 0; r < rows; r++)
        for (i = 0; i < rank; i++) {
            unsigned k = (unsigned)(rnd() % 3);
            if (k == 1)
                uvw_f3_row_add(m0.row[r], base.row[i], nw, 0, nw);
            else if (k == 2)
                uvw_f3_row_sub(m0.row[r], base.row[i], nw, 0, nw);
        }
    for (i = 0; i < 3; i++) { /* zero columns: SKIP has something to skip */
        c = (size_t)(rnd() % cols);
        for (r = 0; r < rows; r++)
            uvw_f3_set(m0.row[r], nw, c, 0);
    }
    for (flags = 0; flags < 4; flags++) {
        long k1, k2;
        memcpy(m.mem, m0.mem, rows * 2 * nw * sizeof(f3word));
        for (r = 0; r < rows; r++)
            m.row[r] = m.mem + r * 2 * nw;
        to_tiled(&t, &m, rows, nw);
        k1 = uvw_techelon(&t, cols, UVW_STRIPES(nw), flags, piv1);
        k2 = uvw_echelon(&m, rows, cols, nw, flags, piv2);
        EXPECT(k1 == k2 && k1 >= 0 && memcmp(piv1, piv2, (size_t)k1 * sizeof *piv1) == 0,
               "elimination of %zu x %zu (rank %zu, flags %d): rank %ld, ref %ld", rows, cols, rank, flags, k1, k2);
        if (flags & UVW_ECH_FULL) {
            int same = k1 == k2;
            for (r = 0; same && r < (size_t)k1; r++)
                for (w = 0; w < nw; w++)
                    same &= *uvw_tword(&t, r, w, 0) == m.row[r][w] && *uvw_tword(&t, r, w, 1) == m.row[r][nw + w];
            EXPECT(same, "reduced rows of %zu x %zu (flags %d)", rows, cols, flags);
        }
    }
    uvw_mat_free(&base);
    uvw_mat_free(&m);
    uvw_mat_free(&m0);
    uvw_tmat_free(&t);
    free(piv1);
    free(piv2);
}

/* A y = b for a random invertible n x n A: forward elimination of [A | b]
 * and back substitution, tiled against ref */
static void test_solve(size_t n)
{
    size_t an = UVW_WORDS(n), r;
    uvw_mat m;
    uvw_tmat t;
    f3word *b = xcalloc(2 * an, sizeof *b), *z = xcalloc(2 * an, sizeof *z), *y1 = xcalloc(2 * an, sizeof *y1),
           *y2 = xcalloc(2 * an, sizeof *y2);
    long k1, k2;
    if (uvw_mat_alloc(&m, n, an + 1) || uvw_tmat_alloc(&t, n, UVW_STRIPES(an + 1))) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    do {
        for (r = 0; r < n; r++)
            random_row(m.row[r], m.st, n);
        random_row(b, an, n);
        for (r = 0; r < n; r++)
            uvw_f3_set(m.row[r] + an, m.st, 0, uvw_f3_get(b, an, r));
        to_tiled(&t, &m, n, an + 1);
        k2 = uvw_echelon(&m, n, n, an + 1, 0, NULL);
    } while (k2 != (long)n);
    k1 = uvw_techelon(&t, n, UVW_STRIPES(an + 1), 0, NULL);
    EXPECT(k1 == k2, "forward elimination of %zu x %zu + 1", n, n);
    for (r = 0; r < n; r++)
        uvw_f3_set(z, an, r, uvw_f3_get(m.row[r] + an, m.st, 0));
    uvw_back_substitute(&m, n, z, y2);
    memset(z, 0, 2 * an * sizeof *z);
    for (r = 0; r < n; r++)
        uvw_f3_set(z, an, r, uvw_tget(&t, r, 64 * an));
    uvw_tback_substitute(&t, n, z, y1);
    EXPECT(memcmp(y1, y2, 2 * an * sizeof *y1) == 0, "solution of a %zu x %zu system", n, n);
    uvw_mat_free(&m);
    uvw_tmat_free(&t);
    free(b);
    free(z);
    free(y1);
    free(y2);
}

/* keygen's way to [I | R]: H1 eliminated alone with its record kept, the
 * record replayed on R0's stripes, then the backward pass; against ref's
 * Gauss-Jordan elimination of [H1 | R0] */
static void test_lu(size_t n, size_t k)
{
    size_t an = UVW_WORDS(n), ak = UVW_WORDS(k), sh = UVW_STRIPES(an), r, w;
    uvw_mat m;
    uvw_tmat t;
    uvw_elog log;
    long k1, k2;
    int same;
    if (uvw_mat_alloc(&m, n, an + ak) || uvw_tmat_alloc(&t, n, sh + UVW_STRIPES(ak))) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    uvw_elog_init(&log);
    do {
        for (r = 0; r < n; r++) {
            random_row(m.row[r], m.st, n);
            for (w = 0; w < k; w++)
                uvw_f3_set(m.row[r], m.st, 64 * an + w, (unsigned)(rnd() % 3));
        }
        uvw_tmat_shape(&t, n, sh);
        for (r = 0; r < n; r++)
            for (w = 0; w < an; w++) {
                *uvw_tword(&t, r, w, 0) = m.row[r][w];
                *uvw_tword(&t, r, w, 1) = m.row[r][m.st + w];
            }
        k1 = uvw_techelon_log(&t, n, sh, 0, NULL, &log);
    } while (k1 != (long)n);
    uvw_tmat_widen(&t, sh + UVW_STRIPES(ak));
    for (r = 0; r < n; r++)
        for (w = 0; w < ak; w++) {
            *uvw_tword(&t, r, sh * UVW_TW + w, 0) = m.row[r][an + w];
            *uvw_tword(&t, r, sh * UVW_TW + w, 1) = m.row[r][m.st + an + w];
        }
    EXPECT(uvw_treplay(&t, &log, sh, sh + UVW_STRIPES(ak)) == 0 && uvw_tbackward(&t, &log, sh, sh + UVW_STRIPES(ak)) == 0,
           "replay and backward pass run");
    k2 = uvw_echelon(&m, n, n, an + ak, UVW_ECH_FULL, NULL);
    same = k2 == (long)n;
    for (r = 0; same && r < n; r++)
        for (w = 0; w < ak; w++)
            same &= *uvw_tword(&t, r, sh * UVW_TW + w, 0) == m.row[r][an + w] &&
                    *uvw_tword(&t, r, sh * UVW_TW + w, 1) == m.row[r][m.st + an + w];
    EXPECT(same, "[I | R] of a %zu x %zu + %zu matrix through the recorded elimination", n, n, k);
    uvw_elog_free(&log);
    uvw_mat_free(&m);
    uvw_tmat_free(&t);
}

/* uvw_tgather against uvw_gather, rows from both halves and negated ones */
static void test_gather(void)
{
    size_t top = 75, bot = 70, len = 700, sst = UVW_WORDS(len), cnt = 1000, ac = UVW_WORDS(cnt), r, w, i;
    uvw_mat l, rt, z;
    uvw_tmat t;
    uvw_rowsrc src;
    uint32_t *desc = xcalloc(cnt, sizeof *desc), *tdesc = xcalloc(cnt, sizeof *tdesc);
    f3word *out = xcalloc(2 * ac, sizeof *out), *sum = xcalloc(2 * ac, sizeof *sum);
    int same = 1;
    if (uvw_mat_alloc(&l, top, sst) || uvw_mat_alloc(&rt, top, sst) || uvw_mat_alloc(&z, bot, sst) ||
        uvw_tmat_alloc(&t, top + bot, UVW_STRIPES(ac))) {
        fprintf(stderr, "paths: out of memory\n");
        exit(99);
    }
    for (r = 0; r < top; r++) {
        random_row(l.row[r], sst, len);
        random_row(rt.row[r], sst, len);
    }
    for (r = 0; r < bot; r++)
        random_row(z.row[r], sst, len);
    for (i = 0; i < cnt; i++)
        desc[i] = (uint32_t)((rnd() % len) << 2 | (rnd() % 4)); /* ref's form */
    for (i = 0; i < cnt; i++) /* tgather's */
        tdesc[i] = (desc[i] >> 2) << 3 | (desc[i] & 3);
    src.top_l = &l;
    src.top_r = &rt;
    src.bot = &z;
    src.ntop = top;
    src.nbot = bot;
    src.sst = sst;
    EXPECT(uvw_tgather(&t, 0, tdesc, cnt, &src) == 0, "tgather runs");
    for (r = 0; r < top + bot; r++) {
        if (r < top)
            uvw_gather(out, ac, desc, cnt, l.row[r], rt.row[r], sst, 0);
        else
            uvw_gather(out, ac, desc, cnt, z.row[r - top], z.row[r - top], sst, 1);
        for (w = 0; w < UVW_STRIPES(ac) * UVW_TW; w++)
            same &= *uvw_tword(&t, r, w, 0) == (w < ac ? out[w] : 0) &&
                    *uvw_tword(&t, r, w, 1) == (w < ac ? out[ac + w] : 0);
    }
    EXPECT(same, "gathered columns");
    /* the sum of both halves: the left column plus the right one (times 2 both) */
    for (i = 0; i < cnt; i++)
        tdesc[i] = (desc[i] >> 2) << 3 | 4 | (desc[i] & 1);
    EXPECT(uvw_tgather(&t, 0, tdesc, cnt, &src) == 0, "tgather runs");
    same = 1;
    for (r = 0; r < top + bot; r++) {
        const f3word *lr = r < top ? l.row[r] : z.row[r - top], *rr = r < top ? rt.row[r] : z.row[r - top];
        for (i = 0; i < cnt; i++)
            desc[i] &= ~2u; /* left */
        uvw_gather(out, ac, desc, cnt, lr, rr, sst, r >= top);
        for (i = 0; i < cnt; i++)
            desc[i] |= 2u; /* right */
        uvw_gather(sum, ac, desc, cnt, lr, rr, sst, r >= top);
        uvw_f3_row_add(out, sum, ac, 0, ac);
        for (w = 0; w < ac; w++)
            same &= *uvw_tword(&t, r, w, 0) == out[w] && *uvw_tword(&t, r, w, 1) == out[ac + w];
    }
    EXPECT(same, "gathered sums of both halves");
    uvw_mat_free(&l);
    uvw_mat_free(&rt);
    uvw_mat_free(&z);
    uvw_tmat_free(&t);
    free(desc);
    free(tdesc);
    free(out);
    free(sum);
}

/* a key pair and a signature from a fixed seed: their SHA-256 */
static int sign_digest(unsigned char digest[32])
{
    unsigned char seed[48], m[33];
    unsigned char *pk = xcalloc(sig_get_pk_len_bytes(), 1), *sk = xcalloc(sig_get_sk_len_bytes(), 1),
                  *sn = xcalloc(sig_get_sn_len_bytes(), 1);
    unsigned long long pklen, sklen, snlen;
    sha256_ctx h;
    size_t i;
    int rc;
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(7 * i + 1);
    for (i = 0; i < sizeof m; i++)
        m[i] = (unsigned char)i;
    init_random_number(&drng_algorithm, seed, sizeof seed);
    rc = sig_keygen(pk, &pklen, sk, &sklen);
    if (!rc)
        rc = sig_sign(sk, sklen, m, sizeof m, sn, &snlen);
    if (!rc)
        rc = sig_verify(pk, pklen, sn, snlen, m, sizeof m);
    sha256_init(&h);
    sha256_update(&h, pk, sig_get_pk_len_bytes());
    sha256_update(&h, sk, sig_get_sk_len_bytes());
    sha256_update(&h, sn, sig_get_sn_len_bytes());
    sha256_final(&h, digest);
    free(pk);
    free(sk);
    free(sn);
    return rc;
}

int main(void)
{
    static const char *const sets[] = { "avx512", "avx2", "portable" };
    unsigned char first[32], d[32];
    int have_first = 0;
    size_t i;

    for (i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        int before = failures;
        if (uvw_kern_select(sets[i]) != 0) {
            printf("skip %s kernels: not on this host\n", sets[i]);
            continue;
        }
        test_drng();
        test_expand();
        test_dot();
        test_echelon(50, 300, 50);
        test_echelon(300, 700, 280);
        test_echelon(700, 1300, 690);
        test_echelon(1200, 1200, 1150);
        test_echelon(2100, 2100, 2100);
        test_solve(999);
        test_lu(700, 300);
        test_lu(2500, 1100);
        test_gather();
        EXPECT(sign_digest(d) == 0, "keygen, sign and verify with %s kernels", sets[i]);
        if (!have_first) {
            memcpy(first, d, sizeof d);
            have_first = 1;
        }
        EXPECT(memcmp(first, d, sizeof d) == 0, "key pair and signature with %s kernels as with %s", sets[i], sets[0]);
        printf("%s %s kernels (components and a signature)\n", failures == before ? "ok  " : "FAIL", sets[i]);
    }
    EXPECT(have_first, "at least the portable kernels run");
    if (iccs_sm3x_select("portable") == 0) {
        EXPECT(sign_digest(d) == 0 && have_first && memcmp(first, d, sizeof d) == 0,
               "key pair and signature with the portable multi-buffer SM3");
        printf("ok   portable multi-buffer SM3\n");
    }
    if (failures) {
        fprintf(stderr, "uvw-paths: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("uvw-paths: all %d checks passed\n", checks);
    return 0;
}
