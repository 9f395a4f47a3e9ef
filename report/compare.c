/* compare.c - ngbench-report compare (compare.h): two selections of
 * results, paired target by target, each operation's headline time per
 * call set against the other's with a bootstrap interval, a verdict, and
 * the regression gate. Reads the records (dataset.h) and the kept raw
 * samples (samples.h); writes a terminal table, and compare.{txt,md,html,
 * json} with a forest plot under the output directory. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "derive.h"
#include "emit.h"
#include "model.h"
#include "plots.h"
#include "samples.h"
#include "stats.h"
#include "units.h"

/* ---- the statistics ---- */

static void swapd(double *a, double *b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

/* x[k] as if x were sorted, x[0..k) <= x[k] <= x[k+1..n) afterwards (quickselect) */
static double select_k(double *x, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (hi > lo) {
        size_t mid = lo + (hi - lo) / 2, i, j;
        double p;
        /* median of three as the pivot, moved to hi */
        if (x[mid] < x[lo])
            swapd(&x[mid], &x[lo]);
        if (x[hi] < x[lo])
            swapd(&x[hi], &x[lo]);
        if (x[mid] < x[hi])
            swapd(&x[mid], &x[hi]);
        p = x[hi];
        /* three-way partition: < p, == p, > p (many equal values are common: tick counts repeat) */
        i = lo;
        j = lo;
        {
            size_t gt = hi;
            while (j <= gt && gt != (size_t)-1) {
                if (x[j] < p) {
                    swapd(&x[i], &x[j]);
                    i++;
                    j++;
                } else if (x[j] > p) {
                    swapd(&x[j], &x[gt]);
                    if (gt == 0)
                        break;
                    gt--;
                } else {
                    j++;
                }
            }
            /* [lo, i) < p, [i, j) == p, (gt, hi] > p, with j == gt + 1 */
            if (k < i)
                hi = i - 1;
            else if (k < j)
                return p;
            else
                lo = j;
        }
    }
    return x[k];
}

double cmp_median(double *x, size_t n)
{
    size_t k, m;
    double a, b;
    if (n == 0)
        return NAN;
    k = (n - 1) / 2;
    a = select_k(x, n, k);
    if (n % 2)
        return a;
    /* the next order statistic: the smallest of what lies above k */
    b = x[k + 1];
    for (m = k + 2; m < n; m++)
        if (x[m] < b)
            b = x[m];
    return (a + b) / 2;
}

/* splitmix64: small, fast, and the same stream on every host */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static size_t pick(uint64_t *s, size_t n)
{
    return (size_t)(next(s) % (uint64_t)n); /* the bias is below n / 2^64 */
}

/* a side reduced for resampling: each trial's values sorted, at most CMP_CAP of them */
typedef struct {
    double **v;
    size_t *n, T, most;
} reduced;

static int reduce(const cmp_trials *in, reduced *r)
{
    size_t t, total = 0;
    r->T = in->T;
    r->v = xcalloc(in->T ? in->T : 1, sizeof *r->v);
    r->n = xcalloc(in->T ? in->T : 1, sizeof *r->n);
    r->most = 0;
    for (t = 0; t < in->T; t++) {
        size_t n = in->n[t], m = n > CMP_CAP ? CMP_CAP : n, i;
        double *s = xmalloc((n ? n : 1) * sizeof *s);
        memcpy(s, in->v[t], n * sizeof *s);
        if (n > CMP_CAP) {
            stats st;
            stats_compute(s, n, &st); /* sorts */
            for (i = 0; i < m; i++)
                s[i] = s[(size_t)((double)i * (double)(n - 1) / (double)(m - 1) + 0.5)];
        }
        r->v[t] = s;
        r->n[t] = m;
        total += m;
        if (m > r->most)
            r->most = m;
    }
    return total > 0 ? 0 : -1;
}

static void reduced_free(reduced *r)
{
    size_t t;
    for (t = 0; t < r->T; t++)
        free(r->v[t]);
    free(r->v);
    free(r->n);
}

/* one resample's pooled median: T trials drawn with replacement, then each
 * drawn trial's values drawn with replacement; NAN when every drawn trial
 * is empty (retried by the caller) */
static double resample(const reduced *r, uint64_t *s, double *pool)
{
    size_t t, m = 0, i;
    for (t = 0; t < r->T; t++) {
        size_t k = pick(s, r->T), n = r->n[k];
        for (i = 0; i < n; i++)
            pool[m++] = r->v[k][pick(s, n)];
    }
    return m ? cmp_median(pool, m) : NAN;
}

int cmp_bootstrap(const cmp_trials *a, double ps_a, const cmp_trials *b, double ps_b, size_t B,
                  unsigned long long seed, double *lo, double *hi)
{
    reduced ra, rb;
    double *pa, *pb, *ratios;
    size_t got = 0, tries = 0;
    uint64_t s = (uint64_t)seed;
    int rc = 0, ok;
    *lo = *hi = NAN;
    memset(&ra, 0, sizeof ra);
    memset(&rb, 0, sizeof rb);
    ok = reduce(a, &ra) == 0;
    ok = reduce(b, &rb) == 0 && ok;
    if (!ok || B < 2) {
        reduced_free(&ra);
        reduced_free(&rb);
        return -1;
    }
    pa = xmalloc((ra.T * ra.most + 1) * sizeof *pa);
    pb = xmalloc((rb.T * rb.most + 1) * sizeof *pb);
    ratios = xmalloc(B * sizeof *ratios);
    while (got < B && tries < 4 * B + 100) {
        double ma = resample(&ra, &s, pa), mb = resample(&rb, &s, pb);
        tries++;
        if (isnan(ma) || isnan(mb) || !(ma > 0))
            continue;
        ratios[got++] = (mb / ps_b) / (ma / ps_a);
    }
    if (got < B) {
        rc = -1;
    } else {
        stats st;
        stats_compute(ratios, B, &st); /* sorts */
        *lo = stats_quantile(ratios, B, 0.025);
        *hi = stats_quantile(ratios, B, 0.975);
    }
    free(pa);
    free(pb);
    free(ratios);
    reduced_free(&ra);
    reduced_free(&rb);
    return rc;
}

/* ---- selections ---- */

enum { D_HOST, D_OPERATION, D_PRIMITIVE, D_IMPL, D_COMPILER, ND };
static const char *const dim_key[ND] = {"host", "operation", "primitive", "impl", "compiler"};
static const char *const dim_name[ND] = {"host", "operation", "primitive", "implementation", "compiler line"};

typedef struct {
    const ds_host *h;
    const ds_attempt *a;
} entry;

typedef struct {
    const char *arg;  /* as given (NULL: the default) */
    char *path;       /* the data it reads when given as a path; NULL: the shared inputs */
    dataset *d;
    char *want[ND];   /* NULL: any */
    char *campaign;   /* NULL: any (each target's selected attempt) */
    entry *e;
    size_t n, cap;
} side;

static const char *dim_of(const entry *e, int d)
{
    switch (d) {
    case D_HOST: return e->h->name;
    case D_OPERATION: return e->a->operation;
    case D_PRIMITIVE: return e->a->primitive;
    case D_IMPL: return e->a->impl;
    default: return e->a->compiler;
    }
}

static int set_want(char **slot, const char *v, const char *what, const char *arg)
{
    if (*slot && strcmp(*slot, v) != 0) {
        fprintf(stderr, "ngbench-report: compare: '%s' names two values of %s (%s and %s)\n", arg, what, *slot, v);
        return -1;
    }
    free(*slot);
    *slot = xstrdup(v);
    return 0;
}

/* the name categories of a bare word in the dataset: bit d for each
 * dimension, bit ND for a campaign id */
static unsigned categories(const dataset *d, const char *w)
{
    unsigned m = 0;
    size_t hi, i;
    for (hi = 0; hi < d->nhosts; hi++) {
        const ds_host *h = &d->hosts[hi];
        if (strcmp(h->name, w) == 0)
            m |= 1u << D_HOST;
        for (i = 0; i < h->nattempts; i++) {
            const ds_attempt *a = &h->attempts[i];
            if (strcmp(a->operation, w) == 0)
                m |= 1u << D_OPERATION;
            if (strcmp(a->primitive, w) == 0)
                m |= 1u << D_PRIMITIVE;
            if (strcmp(a->impl, w) == 0)
                m |= 1u << D_IMPL;
            if (strcmp(a->compiler, w) == 0)
                m |= 1u << D_COMPILER;
            if (strcmp(a->campaign, w) == 0)
                m |= 1u << ND;
        }
    }
    return m;
}

static int parse_term(side *s, char *t)
{
    char *eq = strchr(t, '=');
    int d;
    if (eq) {
        *eq = 0;
        if (strcmp(t, "campaign") == 0)
            return set_want(&s->campaign, eq + 1, "campaign", s->arg);
        if (strcmp(t, "implementation") == 0)
            t = (char *)"impl";
        for (d = 0; d < ND; d++)
            if (strcmp(t, dim_key[d]) == 0)
                return set_want(&s->want[d], eq + 1, dim_name[d], s->arg);
        fprintf(stderr,
                "ngbench-report: compare: '%s': unknown key '%s' (host, campaign, operation, primitive, impl, "
                "compiler)\n",
                s->arg, t);
        return -1;
    }
    if (strchr(t, '/')) {
        /* [crypto_sign/]primitive[/impl[/compiler]] */
        char *part[5];
        size_t np = 0, k;
        char *p = t;
        for (;;) {
            char *sl = strchr(p, '/');
            if (np == 5) {
                fprintf(stderr, "ngbench-report: compare: '%s': a target has at most 4 parts\n", s->arg);
                return -1;
            }
            part[np++] = p;
            if (!sl)
                break;
            *sl = 0;
            p = sl + 1;
        }
        k = 0;
        d = D_PRIMITIVE;
        if (strncmp(part[0], "crypto_", 7) == 0) {
            if (set_want(&s->want[D_OPERATION], part[0], dim_name[D_OPERATION], s->arg) != 0)
                return -1;
            k = 1;
        }
        if (np - k > 3) {
            fprintf(stderr, "ngbench-report: compare: '%s': a target is [operation/]primitive[/impl[/compiler]]\n",
                    s->arg);
            return -1;
        }
        for (; k < np; k++, d++)
            if (*part[k] && set_want(&s->want[d], part[k], dim_name[d], s->arg) != 0)
                return -1;
        return 0;
    }
    if (strcmp(t, "last") == 0 || strcmp(t, "previous") == 0)
        return set_want(&s->campaign, t, "campaign", s->arg);
    {
        unsigned m = categories(s->d, t), k, nm = 0;
        for (k = 0; k <= ND; k++)
            nm += (m >> k) & 1;
        if (nm == 0) {
            fprintf(stderr,
                    "ngbench-report: compare: '%s': no host, campaign, compiler line, primitive or implementation "
                    "of the data is called '%s' (nor is it a data file or directory)\n",
                    s->arg, t);
            return -1;
        }
        if (nm > 1) {
            fprintf(stderr, "ngbench-report: compare: '%s' is ambiguous: say which, e.g.", t);
            for (k = 0; k <= ND; k++)
                if ((m >> k) & 1)
                    fprintf(stderr, " %s=%s", k == ND ? "campaign" : dim_key[k], t);
            fputc('\n', stderr);
            return -1;
        }
        for (k = 0; k < ND; k++)
            if ((m >> k) & 1)
                return set_want(&s->want[k], t, dim_name[k], s->arg);
        return set_want(&s->campaign, t, "campaign", s->arg);
    }
}

static int parse_selection(side *s, const char *text)
{
    char *copy = xstrdup(text), *p = copy, *c;
    int rc = 0;
    while (rc == 0 && p) {
        c = strchr(p, ',');
        if (c)
            *c = 0;
        if (*p)
            rc = parse_term(s, p);
        p = c ? c + 1 : NULL;
    }
    free(copy);
    return rc;
}

static int matches(const side *s, const ds_host *h, const ds_attempt *a)
{
    entry e;
    int d;
    e.h = h;
    e.a = a;
    for (d = 0; d < ND; d++)
        if (s->want[d] && strcmp(s->want[d], dim_of(&e, d)) != 0)
            return 0;
    return 1;
}

/* when a campaign started: its first run record, else its earliest attempt */
static double campaign_time(const ds_host *h, const char *id)
{
    double t = ds_campaign_start(h, id);
    size_t i;
    if (t >= 0)
        return t;
    for (i = 0; i < h->nattempts; i++)
        if (strcmp(h->attempts[i].campaign, id) == 0 && h->attempts[i].start >= 0 &&
            (t < 0 || h->attempts[i].start < t))
            t = h->attempts[i].start;
    return t;
}

/* "last" and "previous": the newest and the second newest campaign with a
 * finished attempt the rest of the selection matches */
static int resolve_campaign(side *s)
{
    const char *best[2] = {NULL, NULL};
    double bt[2] = {-INFINITY, -INFINITY};
    size_t hi, i, k;
    int which;
    if (!s->campaign || (strcmp(s->campaign, "last") != 0 && strcmp(s->campaign, "previous") != 0))
        return 0;
    which = strcmp(s->campaign, "last") == 0 ? 0 : 1;
    for (hi = 0; hi < s->d->nhosts; hi++) {
        const ds_host *h = &s->d->hosts[hi];
        for (i = 0; i < h->nattempts; i++) {
            const ds_attempt *a = &h->attempts[i];
            double t;
            if (!a->done || !matches(s, h, a))
                continue;
            if ((best[0] && strcmp(best[0], a->campaign) == 0) || (best[1] && strcmp(best[1], a->campaign) == 0))
                continue;
            t = campaign_time(h, a->campaign);
            for (k = 0; k < 2; k++) {
                if (!best[k] || t > bt[k] || (t == bt[k] && strcmp(a->campaign, best[k]) > 0)) {
                    if (k == 0) {
                        best[1] = best[0];
                        bt[1] = bt[0];
                    }
                    best[k] = a->campaign;
                    bt[k] = t;
                    break;
                }
            }
        }
    }
    if (!best[which]) {
        fprintf(stderr, "ngbench-report: compare: %s: the data hold %s\n", s->arg ? s->arg : "campaign=previous",
                best[0] ? "only one campaign: run ./do again (or name two selections)" : "no finished campaign");
        return -1;
    }
    free(s->campaign);
    s->campaign = xstrdup(best[which]);
    return 0;
}

/* "previous" against a resolved side: the newest other campaign with a
 * finished attempt of a primitive and implementation the other side has
 * (running ./do on something else in between does not break the pairing) */
static int resolve_previous(side *s, const side *peer)
{
    const char *best = NULL;
    double bt = -INFINITY;
    size_t hi, i, k;
    if (!s->campaign || strcmp(s->campaign, "previous") != 0 || !peer->campaign || peer->n == 0)
        return resolve_campaign(s);
    for (hi = 0; hi < s->d->nhosts; hi++) {
        const ds_host *h = &s->d->hosts[hi];
        for (i = 0; i < h->nattempts; i++) {
            const ds_attempt *a = &h->attempts[i];
            double t;
            if (!a->done || !matches(s, h, a) || strcmp(a->campaign, peer->campaign) == 0)
                continue;
            for (k = 0; k < peer->n; k++)
                if (strcmp(peer->e[k].a->operation, a->operation) == 0 &&
                    strcmp(peer->e[k].a->primitive, a->primitive) == 0 && strcmp(peer->e[k].a->impl, a->impl) == 0)
                    break;
            if (k == peer->n)
                continue;
            t = campaign_time(h, a->campaign);
            if (!best || t > bt || (t == bt && strcmp(a->campaign, best) > 0)) {
                best = a->campaign;
                bt = t;
            }
        }
    }
    if (!best) {
        fprintf(stderr, "ngbench-report: compare: no campaign before %s has a target of it: run ./do again (or name "
                        "two selections)\n",
                peer->campaign);
        return -1;
    }
    free(s->campaign);
    s->campaign = xstrdup(best);
    return 0;
}

static int same_target(const entry *x, const ds_host *h, const ds_attempt *a)
{
    return x->h == h && strcmp(x->a->operation, a->operation) == 0 && strcmp(x->a->primitive, a->primitive) == 0 &&
           strcmp(x->a->impl, a->impl) == 0 && strcmp(x->a->compiler, a->compiler) == 0;
}

static void add_entry(side *s, const ds_host *h, const ds_attempt *a)
{
    s->e = xgrow(s->e, &s->cap, s->n + 1, sizeof *s->e);
    s->e[s->n].h = h;
    s->e[s->n].a = a;
    s->n++;
}

/* the attempts a side selects: per target, the one the pages show, or the
 * newest finished one (of the highest tier) in the campaign asked for */
static void collect(side *s)
{
    size_t hi, i, k;
    for (hi = 0; hi < s->d->nhosts; hi++) {
        const ds_host *h = &s->d->hosts[hi];
        if (!s->campaign) {
            for (i = 0; i < h->ntargets; i++) {
                const ds_target *t = &h->targets[i];
                if (t->sel && matches(s, h, t->sel))
                    add_entry(s, h, t->sel);
            }
            continue;
        }
        for (i = 0; i < h->nattempts; i++) {
            const ds_attempt *a = &h->attempts[i];
            if (!a->done || strcmp(a->campaign, s->campaign) != 0 || !matches(s, h, a))
                continue;
            for (k = 0; k < s->n; k++)
                if (same_target(&s->e[k], h, a))
                    break;
            if (k == s->n)
                add_entry(s, h, a);
            else if (a->tier > s->e[k].a->tier ||
                     (a->tier == s->e[k].a->tier && (a->start > s->e[k].a->start ||
                                                     (a->start == s->e[k].a->start &&
                                                      strcmp(a->attempt, s->e[k].a->attempt) > 0))))
                s->e[k].a = a;
        }
    }
}

/* the distinct values of dimension d over a side's entries: how many (up to 2) and the first */
static size_t distinct(const side *s, int d, const char **first)
{
    size_t i, n = 0;
    *first = NULL;
    for (i = 0; i < s->n; i++) {
        const char *v = dim_of(&s->e[i], d);
        if (!*first) {
            *first = v;
            n = 1;
        } else if (strcmp(*first, v) != 0) {
            return 2;
        }
    }
    return n;
}

static size_t distinct_campaigns(const side *s, const char **first)
{
    size_t i;
    *first = s->n ? s->e[0].a->campaign : NULL;
    for (i = 1; i < s->n; i++)
        if (strcmp(*first, s->e[i].a->campaign) != 0)
            return 2;
    return s->n ? 1 : 0;
}

/* ---- one row per pair and operation ---- */

enum { V_NONE, V_SAME, V_FASTER, V_SLOWER };

typedef struct {
    const entry *ea, *eb;
    char *label;
    const char *op;
    double sa, sb;           /* headline seconds */
    double ratio, lo, hi;
    int verdict, regression;
    buf note;
} row;

static double rnum(const ngr_record *r, ngf_id k)
{
    double v;
    return r && ngr_num(r, k, &v) ? v : NAN;
}

/* the headline per call in ticks (older records: the median) */
static double headline_of(const ngr_record *cr)
{
    double h = rnum(cr, NGF_headline);
    return isnan(h) ? rnum(cr, NGF_median) : h;
}

static const char *status_of(const ds_attempt *a)
{
    const ngr_record *r = ds_first(a, NGK_status, NGF__NONE, NULL);
    const char *s = r ? ngr_get(r, NGF_status) : NULL;
    return s ? s : "-";
}

static void free_trials(cmp_trials *t)
{
    size_t i;
    for (i = 0; i < t->T; i++)
        free(t->v[i]);
    free(t->v);
    free(t->n);
    memset(t, 0, sizeof *t);
}

/* the per-call values of each trial that the record's headline is the
 * median of; 0, or -1 with *why set */
static int load_trials(const entry *e, const ngr_record *cr, cmp_trials *out, const char **why)
{
    const ds_attempt *a = e->a;
    const char *est = ngr_get(cr, NGF_estimator), *op = ngr_get(cr, NGF_op);
    double ps = rnum(cr, NGF_persecond), T = rnum(cr, NGF_trials), head = rnum(cr, NGF_headline);
    double *pool = NULL;
    size_t t, npool = 0, cap = 0;
    memset(out, 0, sizeof *out);
    if (isnan(head))
        head = rnum(cr, NGF_median);
    if (!a->hostdir || !(T >= 1) || T > 1e6 || !(ps > 0)) {
        *why = "no trials or no counter rate in the record";
        return -1;
    }
    if (!est)
        est = "wall";
    out->T = (size_t)T;
    out->v = xcalloc(out->T, sizeof *out->v);
    out->n = xcalloc(out->T, sizeof *out->n);
    for (t = 0; t < out->T; t++) {
        char *path = xasprintf("%s/targets/%s/%s/%s/%s/%s/samples/%s-%lu.txt.gz", a->hostdir, a->campaign,
                               a->operation, a->primitive, a->impl, a->compiler, op, (unsigned long)(t + 1));
        samples sm;
        size_t i, m = 0;
        samples_init(&sm);
        if (!samples_is_file(path) || samples_read(path, &sm) != 0 || sm.n == 0) {
            *why = samples_is_file(path) ? "a samples file cannot be read" : "samples not kept";
            free(path);
            samples_free(&sm);
            free_trials(out);
            free(pool);
            return -1;
        }
        free(path);
        out->v[t] = xmalloc(sm.n * sizeof *out->v[t]);
        for (i = 0; i < sm.n; i++) {
            double v;
            if (strcmp(est, "clean") == 0) {
                if (ngd_descheduled(sm.x[i], sm.cpu[i], sm.sw[i], ps, sm.overhead) != 0)
                    continue;
                v = sm.x[i];
            } else if (strcmp(est, "oncpu") == 0) {
                v = ngd_oncpu_ticks(sm.cpu[i], sm.overhead, ps);
                if (isnan(v))
                    continue;
            } else {
                v = sm.x[i];
            }
            out->v[t][m++] = v;
        }
        out->n[t] = m;
        pool = xgrow(pool, &cap, npool + m + 1, sizeof *pool);
        memcpy(pool + npool, out->v[t], m * sizeof *pool);
        npool += m;
        samples_free(&sm);
    }
    /* the samples must give the record's headline back (as recorded: to 0.1) */
    {
        double med = cmp_median(pool, npool);
        free(pool);
        if (!(fabs(med - head) <= 0.051 + 1e-9 * fabs(head))) {
            *why = "the samples do not give the record's headline back (ngbench-report check says more)";
            free_trials(out);
            return -1;
        }
    }
    return 0;
}

static uint64_t fnv(const char *s, uint64_t h)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

typedef struct {
    size_t B;
    unsigned long long seed;
    double gate; /* --fail-if-slower, as a fraction; NAN: no gate */
} settings;

static void note(row *r, const char *fmt, const char *x)
{
    if (r->note.len)
        buf_puts(&r->note, "; ");
    buf_printf(&r->note, fmt, x);
}

static void judge(row *r, const settings *st)
{
    const ngr_record *ca = ds_first(r->ea->a, NGK_cycles, NGF_op, r->op), *cb = ds_first(r->eb->a, NGK_cycles, NGF_op, r->op);
    const char *why = NULL, *s;
    cmp_trials ta, tb;
    r->sa = r->sb = r->ratio = r->lo = r->hi = NAN;
    r->verdict = V_NONE;
    if (!ca || !cb) {
        note(r, "%s not measured", !ca && !cb ? "neither side" : !ca ? "A" : "B");
        return;
    }
    r->sa = headline_of(ca) / rnum(ca, NGF_persecond);
    r->sb = headline_of(cb) / rnum(cb, NGF_persecond);
    r->ratio = r->sb / r->sa;
    if ((s = status_of(r->ea->a)) && !status_usable(s))
        note(r, "A is %s", s);
    if ((s = status_of(r->eb->a)) && !status_usable(s))
        note(r, "B is %s", s);
    {
        const char *xa = ngr_get(ca, NGF_estimator), *xb = ngr_get(cb, NGF_estimator);
        if (xa && xb && strcmp(xa, xb) != 0) {
            char t[64];
            snprintf(t, sizeof t, "%s against %s", xb, xa);
            note(r, "headlines of other estimators (%s)", t);
        }
        if ((!xa || strcmp(xa, "wall") == 0) && ngr_get(ca, NGF_preempted))
            note(r, "%s", "A preempted (wall clock)");
        if ((!xb || strcmp(xb, "wall") == 0) && ngr_get(cb, NGF_preempted))
            note(r, "%s", "B preempted (wall clock)");
    }
    if (load_trials(r->ea, ca, &ta, &why) != 0) {
        note(r, "A: %s", why);
        return;
    }
    if (load_trials(r->eb, cb, &tb, &why) != 0) {
        note(r, "B: %s", why);
        free_trials(&ta);
        return;
    }
    {
        uint64_t seed = fnv(r->label, 0xcbf29ce484222325ULL);
        seed = fnv(r->op, seed) ^ (uint64_t)st->seed;
        if (cmp_bootstrap(&ta, rnum(ca, NGF_persecond), &tb, rnum(cb, NGF_persecond), st->B, seed, &r->lo, &r->hi) != 0)
            note(r, "%s", "no interval: a side has no calls to resample");
    }
    free_trials(&ta);
    free_trials(&tb);
    if (isnan(r->lo))
        return;
    r->verdict = r->hi < 1 ? V_FASTER : r->lo > 1 ? V_SLOWER : V_SAME;
    r->regression = !isnan(st->gate) && r->lo > 1 + st->gate;
}

/* "B faster by 8.5-12.9%" and the like */
static void verdict_text(const row *r, buf *b)
{
    switch (r->verdict) {
    case V_FASTER:
        buf_printf(b, "B faster by %.1f" DASH "%.1f%%", 100 * (1 - r->hi), 100 * (1 - r->lo));
        break;
    case V_SLOWER:
        buf_printf(b, "B slower by %.1f" DASH "%.1f%%", 100 * (r->lo - 1), 100 * (r->hi - 1));
        break;
    case V_SAME: buf_puts(b, "no detectable difference"); break;
    default: buf_puts(b, "not judged"); break;
    }
}

static const char *verdict_word(int v)
{
    return v == V_FASTER ? "faster" : v == V_SLOWER ? "slower" : v == V_SAME ? "no-difference" : "not-judged";
}

/* ---- the command ---- */

void compare_usage(FILE *f)
{
    fputs("usage: ngbench-report compare [options] [A B]\n"
          "       ngbench-report compare [options] --base A --new B [INPUT...]\n"
          "\n"
          "Is B faster than A? For every target and operation both select, the ratio B/A of the\n"
          "headline time per call (the cycles record's headline, as the pages state it, over the\n"
          "counter's rate) with a 95% interval, and a verdict: B faster, B slower, or no detectable\n"
          "difference (the interval holds 1). The interval is a bootstrap over trials from the raw\n"
          "per-call samples kept under RESULTS/<host>/targets/: each resample draws the trials of\n"
          "each side with replacement, then the calls within each drawn trial, and takes the median\n"
          "of the calls the headline is the median of (its estimator: the clean calls, the on-CPU\n"
          "estimates or all calls), so that one noisy trial cannot decide it; the 2.5% and 97.5%\n"
          "quantiles of the resampled ratios are the interval. Targets whose samples were not kept\n"
          "are shown with their ratio and 'not judged'.\n"
          "\n"
          "A and B: a data file, host directory or results directory (read as it is), or a\n"
          "selection within the INPUTs (default: every RESULTS/<host>/data): comma-separated terms,\n"
          "each 'key=value' (host, campaign, operation, primitive, impl, compiler), a target\n"
          "'[operation/]primitive[/impl[/compiler]]' (e.g. tsuov128/opt), a name of the data\n"
          "(a host, campaign id, compiler id, primitive or implementation), or 'last' / 'previous':\n"
          "the newest / the second newest campaign. Without A and B: previous against last (run\n"
          "./do twice, then compare). Without a campaign, each target's attempt is the one the\n"
          "pages show; with one, the newest finished attempt of the target in that campaign.\n"
          "Pairing: what differs between A and B (one value on each side: the compiler line, the\n"
          "implementation, the host, ...) is set aside; targets are paired on everything else.\n"
          "Targets without a partner are listed.\n"
          "\n"
          "Writes the table on stdout, and compare.{txt,md,html,json} (the HTML with a forest plot:\n"
          "each ratio and its interval on a log scale) and plots/forest.svg under the output\n"
          "directory.\n"
          "\n"
          "options (--opt=value works as --opt value)\n"
          "  --base A, --new B   the two selections (instead of A B)\n"
          "  --fail-if-slower PCT  the regression gate: exit 1 when some operation of B is slower\n"
          "                      than A's by more than PCT percent with the whole interval beyond it\n"
          "                      (ratio's lower bound > 1 + PCT/100): noise never trips it\n"
          "  --resamples N       bootstrap resamples (default 2000)\n"
          "  --seed N            the resampling's seed (default 1): results are reproducible\n"
          "  --json              print the JSON on stdout instead of the table\n"
          "  --results DIR       the results directory (default: bench-results)\n"
          "  -o, --output DIR    the output directory (default: RESULTS/compare)\n"
          "  --no-output         write no files\n"
          "  -q, --quiet         no table (the gate's findings are still printed)\n"
          "  -h, --help          this text\n"
          "Exit status: 0 compared (the gate held), 1 the gate tripped, 2 nothing could be compared\n"
          "(usage, no data, no target in common).\n",
          f);
}

enum { O_BASE = 300, O_NEW, O_GATE, O_RESAMPLES, O_SEED, O_JSON, O_RESULTS, O_NOOUT };

static const struct option cmp_longopts[] = {
    {"base", required_argument, NULL, O_BASE},
    {"new", required_argument, NULL, O_NEW},
    {"fail-if-slower", required_argument, NULL, O_GATE},
    {"resamples", required_argument, NULL, O_RESAMPLES},
    {"seed", required_argument, NULL, O_SEED},
    {"json", no_argument, NULL, O_JSON},
    {"results", required_argument, NULL, O_RESULTS},
    {"output", required_argument, NULL, 'o'},
    {"no-output", no_argument, NULL, O_NOOUT},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

static dataset *load(char **paths, size_t n)
{
    char **files = NULL;
    size_t nfiles = 0, i;
    dataset *d = xcalloc(1, sizeof *d);
    int bad = 0;
    for (i = 0; i < n; i++)
        if (ds_find_inputs(paths[i], &files, &nfiles) < 0) {
            fprintf(stderr, "ngbench-report: compare: %s: no such file or directory\n", paths[i]);
            bad = 1;
        }
    if (!bad && nfiles == 0)
        fprintf(stderr, "ngbench-report: compare: no data files found (run ./do first, or name them)\n");
    if (bad || nfiles == 0 || ds_load(d, files, nfiles) != 0) {
        for (i = 0; i < nfiles; i++)
            free(files[i]);
        free(files);
        free(d);
        return NULL;
    }
    for (i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    for (i = 0; i < d->nproblems; i++)
        fprintf(stderr, "ngbench-report: %s:%lu: skipped (%s): %s\n", d->problems[i].file, d->problems[i].lineno,
                d->problems[i].why, d->problems[i].excerpt);
    return d;
}

/* 1 when arg names data to read (a file, or a directory holding data files) */
static int is_data(const char *arg)
{
    char **files = NULL;
    size_t n = 0, i;
    int r = ds_find_inputs(arg, &files, &n);
    for (i = 0; i < n; i++)
        free(files[i]);
    free(files);
    return r >= 0 && n > 0;
}

/* what a side is, for people: "compiler line gcc-Os, campaign c..., from DIR" */
static void describe(const side *s, const int *axis, buf *b, buf *shortname)
{
    const char *v;
    int d, any = 0;
    for (d = 0; d < ND; d++) {
        if (!axis[d])
            continue;
        distinct(s, d, &v);
        buf_printf(b, "%s%s %s", any ? ", " : "", dim_name[d], v);
        buf_printf(shortname, "%s%s", shortname->len ? " " : "", v);
        any = 1;
    }
    if (distinct_campaigns(s, &v) == 1) {
        buf_printf(b, "%scampaign %s", any ? ", " : "", v);
        if (!shortname->len)
            buf_puts(shortname, v);
    } else {
        buf_printf(b, "%sthe attempts the pages show", any ? ", " : "");
    }
    if (s->path)
        buf_printf(b, ", from %s", s->path);
    if (s->arg)
        buf_printf(b, " (selected by '%s')", s->arg);
    if (!shortname->len)
        buf_puts(shortname, s->path ? s->path : "");
}

static void json_num(buf *b, double v)
{
    if (isfinite(v))
        buf_printf(b, "%.6g", v);
    else
        buf_puts(b, "null");
}

int compare_main(int argc, char **argv, const char *version)
{
    const char *results = "bench-results", *output = NULL, *base = NULL, *new_ = NULL;
    char **inputs = NULL;
    size_t ninputs = 0, i, k, npairs = 0, nrows = 0, counts[4] = {0, 0, 0, 0}, nreg = 0;
    int o, json = 0, quiet = 0, nooutput = 0, rc = 0, d, axis[ND];
    settings st;
    side sd[2];
    dataset *shared = NULL;
    row *rows = NULL;
    buf da, db, na, nb;

    st.B = 2000;
    st.seed = 1;
    st.gate = NAN;
    memset(sd, 0, sizeof sd);
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    opterr = 0;
    while ((o = getopt_long(argc, argv, ":o:qh", cmp_longopts, NULL)) != -1) {
        char *end;
        switch (o) {
        case O_BASE: base = optarg; break;
        case O_NEW: new_ = optarg; break;
        case O_GATE:
            st.gate = strtod(optarg, &end) / 100;
            if (*end || end == optarg || !(st.gate >= 0) || !isfinite(st.gate)) {
                fprintf(stderr, "ngbench-report: compare: --fail-if-slower wants a percentage >= 0, not '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case O_RESAMPLES: {
            unsigned long v = strtoul(optarg, &end, 10);
            if (*end || end == optarg || v < 100 || v > 1000000) {
                fprintf(stderr, "ngbench-report: compare: --resamples wants 100..1000000, not '%s'\n", optarg);
                return 2;
            }
            st.B = v;
            break;
        }
        case O_SEED:
            st.seed = strtoull(optarg, &end, 10);
            if (*end || end == optarg) {
                fprintf(stderr, "ngbench-report: compare: --seed wants a number, not '%s'\n", optarg);
                return 2;
            }
            break;
        case O_JSON: json = 1; break;
        case O_RESULTS: results = optarg; break;
        case 'o': output = optarg; break;
        case O_NOOUT: nooutput = 1; break;
        case 'q': quiet = 1; break;
        case 'h': compare_usage(stdout); return 0;
        case ':':
            fprintf(stderr, "ngbench-report: compare: %s needs a value (try --help)\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "ngbench-report: compare: unknown option %s (try --help)\n", argv[optind - 1]);
            return 2;
        }
    }
    if (!base != !new_) {
        fprintf(stderr, "ngbench-report: compare: --base and --new go together (try --help)\n");
        return 2;
    }
    inputs = xcalloc((size_t)argc + 1, sizeof *inputs);
    for (; optind < argc; optind++)
        inputs[ninputs++] = argv[optind];
    if (!base) {
        if (ninputs == 2) {
            base = inputs[0];
            new_ = inputs[1];
            ninputs = 0;
        } else if (ninputs != 0) {
            fprintf(stderr, "ngbench-report: compare: give A and B, or --base A --new B [INPUT...] (try --help)\n");
            free(inputs);
            return 2;
        }
    }
    sd[0].arg = base;
    sd[1].arg = new_;
    /* the data: a side named as a path reads it alone; the rest share the inputs */
    for (k = 0; k < 2 && rc == 0; k++) {
        if (sd[k].arg && ninputs == 0 && is_data(sd[k].arg)) {
            char *p = (char *)sd[k].arg;
            sd[k].path = xstrdup(p);
            if (!(sd[k].d = load(&p, 1)))
                rc = 2;
            sd[k].arg = NULL;
        }
    }
    for (k = 0; k < 2 && rc == 0; k++) {
        if (sd[k].d)
            continue;
        if (!shared) {
            if (ninputs == 0)
                inputs[ninputs++] = (char *)results;
            if (!(shared = load(inputs, ninputs))) {
                rc = 2;
                break;
            }
        }
        sd[k].d = shared;
    }
    /* neither A nor B: the campaign before the last against the last */
    if (rc == 0 && !base && !new_) {
        sd[0].campaign = xstrdup("previous");
        sd[1].campaign = xstrdup("last");
    }
    free(inputs);
    /* B first: A's "previous" is the campaign before B's with a target in common */
    for (k = 2; k-- > 0 && rc == 0;) {
        if ((sd[k].arg && parse_selection(&sd[k], sd[k].arg) != 0) ||
            (k == 1 ? resolve_campaign(&sd[k]) : resolve_previous(&sd[k], &sd[1])) != 0) {
            rc = 2;
            break;
        }
        collect(&sd[k]);
    }
    if (rc == 0) {
        for (k = 0; k < 2; k++) {
            if (sd[k].n == 0) {
                fprintf(stderr, "ngbench-report: compare: %s selects no finished target\n",
                        sd[k].arg ? sd[k].arg : sd[k].path ? sd[k].path : k == 0 ? "A" : "B");
                rc = 2;
            }
        }
    }
    if (rc != 0)
        goto out;

    /* what differs (one value each side) is set aside; the rest pairs */
    for (d = 0; d < ND; d++) {
        const char *va, *vb;
        size_t xa = distinct(&sd[0], d, &va), xb = distinct(&sd[1], d, &vb);
        axis[d] = xa == 1 && xb == 1 && strcmp(va, vb) != 0;
    }
    {
        size_t na_ = 0, nb_ = 0, same = 0;
        int vary[ND];
        char *matched_b = xcalloc(sd[1].n + 1, 1);
        for (d = 0; d < ND; d++)
            vary[d] = 0;
        for (i = 0; i < sd[0].n; i++) {
            for (k = 0; k < sd[1].n; k++) {
                for (d = 0; d < ND; d++)
                    if (!axis[d] && strcmp(dim_of(&sd[0].e[i], d), dim_of(&sd[1].e[k], d)) != 0)
                        break;
                if (d == ND)
                    break;
            }
            if (k == sd[1].n) {
                na_++;
                continue;
            }
            matched_b[k] = 1;
            if (sd[0].e[i].a == sd[1].e[k].a) {
                same++;
                continue;
            }
            for (d = 0; d < ND; d++)
                if (!axis[d] && npairs && strcmp(dim_of(&sd[0].e[i], d), dim_of(rows[0].ea, d)) != 0)
                    vary[d] = 1;
            {
                const char *const *ops = ops_of(sd[0].e[i].a->operation);
                size_t j;
                for (j = 0; j < 3; j++) {
                    row *r;
                    rows = xrealloc(rows, (nrows + 1) * sizeof *rows);
                    r = &rows[nrows++];
                    memset(r, 0, sizeof *r);
                    r->ea = &sd[0].e[i];
                    r->eb = &sd[1].e[k];
                    r->op = ops[j];
                    buf_init(&r->note);
                }
            }
            npairs++;
        }
        for (k = 0; k < sd[1].n; k++)
            nb_ += !matched_b[k];
        free(matched_b);
        if (same && npairs == 0) {
            fprintf(stderr, "ngbench-report: compare: A and B select the same results (%lu target%s)\n",
                    (unsigned long)same, same == 1 ? "" : "s");
            rc = 2;
            goto out;
        }
        if (npairs == 0) {
            fprintf(stderr, "ngbench-report: compare: A and B have no target in common:");
            for (d = 0; d < ND; d++) {
                const char *va, *vb;
                size_t xa = distinct(&sd[0], d, &va), xb = distinct(&sd[1], d, &vb);
                if (xa != 1 || xb != 1 || strcmp(va, vb) != 0)
                    fprintf(stderr, " %s: %s%s against %s%s;", dim_name[d], va, xa > 1 ? ", ..." : "", vb,
                            xb > 1 ? ", ..." : "");
            }
            fprintf(stderr, " narrow A and B so that one thing differs (e.g. compiler=ID on each side)\n");
            rc = 2;
            goto out;
        }
        /* labels: primitive and implementation (unless set aside), host and
         * compiler line where they vary among the pairs */
        for (i = 0; i < nrows; i++) {
            buf l;
            buf_init(&l);
            for (d = 0; d < ND; d++) {
                if (d == D_OPERATION || axis[d])
                    continue;
                if ((d == D_HOST || d == D_COMPILER) && !vary[d])
                    continue;
                buf_printf(&l, "%s%s", l.len ? "/" : "", dim_of(rows[i].ea, d));
            }
            if (!l.len)
                buf_printf(&l, "%s/%s", rows[i].ea->a->primitive, rows[i].ea->a->impl);
            rows[i].label = xstrdup(buf_str(&l));
            buf_free(&l);
        }
        buf_init(&da);
        buf_init(&db);
        buf_init(&na);
        buf_init(&nb);
        describe(&sd[0], axis, &da, &na);
        describe(&sd[1], axis, &db, &nb);
        for (i = 0; i < nrows; i++) {
            judge(&rows[i], &st);
            counts[rows[i].verdict]++;
            nreg += rows[i].regression;
        }

        /* ---- the outputs ---- */
        {
            static const char *const keys[] = {"target", "op", "base_seconds", "new_seconds", "ratio", "interval",
                                               "verdict", "notes"};
            const char *head[8];
            char *ha = xasprintf("A: %s", buf_str(&na)), *hb = xasprintf("B: %s", buf_str(&nb));
            table *t;
            buf txt, js, intro, method, paired;
            head[0] = "target";
            head[1] = "op";
            head[2] = ha;
            head[3] = hb;
            head[4] = "B/A";
            head[5] = "95% interval";
            head[6] = "verdict";
            head[7] = "notes";
            t = tbl_new(8, head, keys);
            for (i = 0; i < nrows; i++) {
                const row *r = &rows[i];
                char s1[UNITS_MAX], s2[UNITS_MAX], v[64], raw[64];
                buf vb;
                tbl_row(t);
                tbl_cell(t, r->label);
                tbl_cell(t, r->op);
                cell_fig(t, fmt_seconds, r->sa, NULL);
                cell_fig(t, fmt_seconds, r->sb, NULL);
                if (isfinite(r->ratio)) {
                    snprintf(v, sizeof v, "%.3f", r->ratio);
                    tbl_cellx(t, v, NULL, 1);
                } else {
                    tbl_cell(t, DASH);
                }
                if (isfinite(r->lo)) {
                    snprintf(v, sizeof v, "%.3f" DASH "%.3f", r->lo, r->hi);
                    snprintf(raw, sizeof raw, "%.6g..%.6g", r->lo, r->hi);
                    tbl_cellx(t, v, raw, 0);
                } else {
                    tbl_cell(t, DASH);
                }
                buf_init(&vb);
                verdict_text(r, &vb);
                if (r->regression)
                    buf_printf(&vb, " REGRESSION (> %g%%)", st.gate * 100);
                tbl_cellx(t, buf_str(&vb), verdict_word(r->verdict), 0);
                tbl_mark(t, r->regression || r->verdict == V_SLOWER ? MARK_BAD
                            : r->verdict == V_FASTER                ? MARK_GOOD
                            : r->verdict == V_NONE                  ? MARK_WARN
                                                                    : MARK_NONE);
                buf_free(&vb);
                tbl_cell(t, buf_str((buf *)&r->note));
                (void)s1;
                (void)s2;
            }
            buf_init(&intro);
            buf_init(&method);
            buf_init(&paired);
            {
                int any = 0;
                buf_puts(&paired, "Paired by ");
                for (d = 0; d < ND; d++) {
                    if (axis[d] || d == D_OPERATION)
                        continue;
                    buf_printf(&paired, "%s%s", any ? ", " : "", dim_name[d]);
                    any = 1;
                }
                if (!any)
                    buf_puts(&paired, "nothing (one target each side)");
                any = 0;
                for (d = 0; d < ND; d++)
                    if (axis[d]) {
                        buf_printf(&paired, "%s%s", any ? " and " : "; the ", dim_name[d]);
                        any = any + 1;
                    }
                if (any)
                    buf_puts(&paired, any > 1 ? " differ" : " differs");
                buf_printf(&paired, ": %lu pair%s, %lu operation%s", (unsigned long)npairs, npairs == 1 ? "" : "s",
                           (unsigned long)nrows, nrows == 1 ? "" : "s");
                if (na_ || nb_)
                    buf_printf(&paired, "; without a partner: %lu target%s of A, %lu of B", (unsigned long)na_,
                               na_ == 1 ? "" : "s", (unsigned long)nb_);
                if (same)
                    buf_printf(&paired, "; %lu target%s the same attempt on both sides (left out)",
                               (unsigned long)same, same == 1 ? " is" : "s are");
                buf_puts(&paired, ".");
            }
            buf_printf(&method,
                       "Ratio: B/A of the headline time per call (the cycles record's headline, the median of the "
                       "clean calls, of the on-CPU estimates or of all calls by its estimator, over the counter's "
                       "rate; below 1: B is faster). 95%% interval: a bootstrap over trials from the kept per-call "
                       "samples (%lu resamples, seed %llu): each resample draws each side's trials with "
                       "replacement, then the calls within each drawn trial (a trial of more than %d calls by %d "
                       "evenly spaced order statistics), and takes the median of the pooled calls; the interval "
                       "is the 2.5%% and 97.5%% quantiles of the resampled ratios. Verdict: faster or slower when "
                       "the whole interval is below or above 1, else no detectable difference at this noise.",
                       (unsigned long)st.B, st.seed, CMP_CAP, CMP_CAP);
            if (!isnan(st.gate))
                buf_printf(&method, " Gate (--fail-if-slower %g): a regression is an operation whose interval lies "
                                    "wholly above %.4g.",
                           st.gate * 100, 1 + st.gate);
            buf_printf(&intro, "A: %s\nB: %s\n%s\n%s\n", buf_str(&da), buf_str(&db), buf_str(&paired),
                       buf_str(&method));
            buf_init(&txt);
            buf_puts(&txt, buf_str(&intro));
            buf_putc(&txt, '\n');
            tbl_text(t, &txt);
            buf_printf(&txt, "\nB faster: %lu, B slower: %lu, no detectable difference: %lu, not judged: %lu", 
                       (unsigned long)counts[V_FASTER], (unsigned long)counts[V_SLOWER],
                       (unsigned long)counts[V_SAME], (unsigned long)counts[V_NONE]);
            if (!isnan(st.gate))
                buf_printf(&txt, "; regressions beyond %g%%: %lu", st.gate * 100, (unsigned long)nreg);
            buf_puts(&txt, "\n");

            /* JSON */
            buf_init(&js);
            buf_puts(&js, "{\n  \"base\": {\"description\": ");
            buf_json(&js, buf_str(&da));
            buf_puts(&js, ", \"name\": ");
            buf_json(&js, buf_str(&na));
            buf_puts(&js, "},\n  \"new\": {\"description\": ");
            buf_json(&js, buf_str(&db));
            buf_puts(&js, ", \"name\": ");
            buf_json(&js, buf_str(&nb));
            buf_puts(&js, "},\n  \"set_aside\": [");
            {
                int any = 0;
                for (d = 0; d < ND; d++)
                    if (axis[d]) {
                        buf_puts(&js, any ? ", " : "");
                        buf_json(&js, dim_key[d]);
                        any = 1;
                    }
            }
            buf_printf(&js, "],\n  \"method\": {\"statistic\": \"ratio of headline seconds per call, new/base\", "
                            "\"interval\": \"bootstrap over trials, then calls within trials; percentile\", "
                            "\"confidence\": 0.95, \"resamples\": %lu, \"seed\": %llu, \"cap_per_trial\": %d},\n",
                       (unsigned long)st.B, st.seed, CMP_CAP);
            buf_puts(&js, "  \"fail_if_slower_percent\": ");
            json_num(&js, st.gate * 100);
            buf_printf(&js, ",\n  \"regressions\": %lu,\n  \"rows\": [", (unsigned long)nreg);
            for (i = 0; i < nrows; i++) {
                const row *r = &rows[i];
                buf_puts(&js, i ? ",\n    {" : "\n    {");
                buf_puts(&js, "\"target\": ");
                buf_json(&js, r->label);
                for (d = 0; d < ND; d++) {
                    buf_printf(&js, ", \"%s\": ", dim_key[d]);
                    if (axis[d]) {
                        buf_puts(&js, "[");
                        buf_json(&js, dim_of(r->ea, d));
                        buf_puts(&js, ", ");
                        buf_json(&js, dim_of(r->eb, d));
                        buf_puts(&js, "]");
                    } else {
                        buf_json(&js, dim_of(r->ea, d));
                    }
                }
                buf_puts(&js, ", \"campaigns\": [");
                buf_json(&js, r->ea->a->campaign);
                buf_puts(&js, ", ");
                buf_json(&js, r->eb->a->campaign);
                buf_puts(&js, "], \"op\": ");
                buf_json(&js, r->op);
                buf_puts(&js, ", \"base_seconds\": ");
                json_num(&js, r->sa);
                buf_puts(&js, ", \"new_seconds\": ");
                json_num(&js, r->sb);
                buf_puts(&js, ", \"ratio\": ");
                json_num(&js, r->ratio);
                buf_puts(&js, ", \"low\": ");
                json_num(&js, r->lo);
                buf_puts(&js, ", \"high\": ");
                json_num(&js, r->hi);
                buf_printf(&js, ", \"verdict\": \"%s\", \"regression\": %s, \"notes\": ", verdict_word(r->verdict),
                           r->regression ? "true" : "false");
                buf_json(&js, buf_str((buf *)&r->note));
                buf_puts(&js, "}");
            }
            buf_puts(&js, "\n  ]\n}\n");

            if (json)
                fputs(buf_str(&js), stdout);
            else if (!quiet)
                fputs(buf_str(&txt), stdout);

            if (!nooutput) {
                char *outdir = output ? xstrdup(output) : xasprintf("%s/compare", results);
                outset os;
                doc dc;
                char **labels = xcalloc(nrows + 1, sizeof *labels);
                double *est = xcalloc(nrows + 1, sizeof *est), *lo = xcalloc(nrows + 1, sizeof *lo),
                       *hi = xcalloc(nrows + 1, sizeof *hi);
                int *mark = xcalloc(nrows + 1, sizeof *mark);
                char *title;
                out_init(&os, outdir, OUT_WRITE, stderr);
                title = xasprintf("ngbench compare: %s against %s", buf_str(&nb), buf_str(&na));
                doc_init(&dc, title, "");
                doc_h1(&dc, title);
                doc_p(&dc, "A: %s", buf_str(&da));
                doc_p(&dc, "B: %s", buf_str(&db));
                doc_p(&dc, "%s", buf_str(&paired));
                doc_p(&dc, "%s", buf_str(&method));
                doc_p(&dc, "B faster: %lu, B slower: %lu, no detectable difference: %lu, not judged: %lu%s",
                      (unsigned long)counts[V_FASTER], (unsigned long)counts[V_SLOWER],
                      (unsigned long)counts[V_SAME], (unsigned long)counts[V_NONE],
                      !isnan(st.gate) ? (nreg ? "; the gate tripped" : "; the gate held") : "");
                for (i = 0; i < nrows; i++) {
                    labels[i] = xasprintf("%s %s", rows[i].label, rows[i].op);
                    est[i] = rows[i].ratio;
                    lo[i] = rows[i].lo;
                    hi[i] = rows[i].hi;
                    mark[i] = rows[i].regression || rows[i].verdict == V_SLOWER ? 1
                              : rows[i].verdict == V_FASTER                     ? -1
                                                                                : 0;
                }
                emit_plot(&os, &dc, "plots/forest.svg",
                          "Ratio B/A per target and operation with its 95% interval (log scale; left of 1: B "
                          "is faster; green: faster, red: slower, grey: no detectable difference, hollow: not "
                          "judged)",
                          svg_forest("B/A of the time per call, 95% interval", "ratio B/A (log scale)", nrows,
                                     (const char *const *)labels, est, lo, hi, mark,
                                     isnan(st.gate) ? 0 : 1 + st.gate));
                {
                    /* the page keeps its own copy of the table */
                    table *t2 = tbl_new(8, head, keys);
                    size_t r2, c2;
                    for (r2 = 0; r2 < t->nrows; r2++) {
                        tbl_row(t2);
                        for (c2 = 0; c2 < 8; c2++) {
                            const cell *cc = &t->cells[r2 * 8 + c2];
                            tbl_cellx(t2, cc->text, cc->raw, cc->num);
                            if (cc->mark)
                                tbl_mark(t2, cc->mark);
                        }
                    }
                    doc_table(&dc, t2);
                }
                doc_footer(&dc, "ngbench-report compare");
                doc_footer(&dc, version);
                emit_doc(&os, "compare", &dc);
                out_emit(&os, "compare.txt", &txt);
                out_emit(&os, "compare.json", &js);
                if (out_finish(&os) != 0) {
                    fprintf(stderr, "ngbench-report: compare: %s: cannot write the outputs\n", outdir);
                    rc = 2;
                } else if (!quiet && !json) {
                    printf("-> %s/compare.html (and compare.md, .txt, .json)\n", outdir);
                }
                out_free(&os);
                for (i = 0; i < nrows; i++)
                    free(labels[i]);
                free(labels);
                free(est);
                free(lo);
                free(hi);
                free(mark);
                free(title);
                free(outdir);
            }
            for (i = 0; i < nrows; i++)
                if (rows[i].regression)
                    fprintf(stderr,
                            "ngbench-report: compare: REGRESSION: %s %s: B/A %.3f, interval %.3f-%.3f, wholly above "
                            "%.4g (--fail-if-slower %g)\n",
                            rows[i].label, rows[i].op, rows[i].ratio, rows[i].lo, rows[i].hi, 1 + st.gate,
                            st.gate * 100);
            if (nreg)
                rc = 1;
            tbl_free(t);
            free(ha);
            free(hb);
            buf_free(&txt);
            buf_free(&js);
            buf_free(&intro);
            buf_free(&method);
            buf_free(&paired);
        }
        buf_free(&da);
        buf_free(&db);
        buf_free(&na);
        buf_free(&nb);
    }
out:
    for (i = 0; i < nrows; i++) {
        free(rows[i].label);
        buf_free(&rows[i].note);
    }
    free(rows);
    for (k = 0; k < 2; k++) {
        for (d = 0; d < ND; d++)
            free(sd[k].want[d]);
        free(sd[k].campaign);
        free(sd[k].e);
        if (sd[k].d && sd[k].d != shared) {
            ds_free(sd[k].d);
            free(sd[k].d);
        }
        free(sd[k].path);
    }
    if (shared) {
        ds_free(shared);
        free(shared);
    }
    return rc;
}
