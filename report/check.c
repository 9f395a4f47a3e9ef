/* check.c - the audit: recomputes every statistic the records state from
 * the raw records they were derived from, so that published results can be
 * checked without trusting the tool that wrote them:
 *  - each cycles record from its trial records (n, trials, iterations, min,
 *    max, mean, median trial, time per call, ops/s) and, where the raw
 *    samples are kept, every figure of the trial and cycles records from the
 *    samples themselves, exactly as ngbench-stats prints them;
 *  - the calibration, memory, stack, heap and profile records from the probe
 *    outputs kept beside the samples;
 *  - the stages record's timed seconds from the cycles records;
 *  - each trial's cpu_share from its samples (the CPU seconds they record),
 *    the cycles record's preempted=yes from its trials' cpu_share, the
 *    headline (estimator, headline, headline_seconds) from the record's own
 *    clean_n, clean_median and oncpu_median by the rule of measure/derive.h,
 *    and where the samples are kept every per-call figure (each trial's
 *    flagged, clean_n, clean_median, oncpu_median, the headline) from the
 *    per-call readings; a counter whose name is clock_gettime has unit=ns; the
 *    claims record's agreement from the getters' sizes, and a VIOLATION
 *    status from the violation records.
 * (Regenerating the pages and comparing them byte for byte is done by
 * running the generators in check mode: see ngbench-report.c.) */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "check.h"
#include "model.h"
#include "derive.h"
#include "samples.h"
#include "stats.h"

typedef struct {
    FILE *log;
    check_counts *n;
    const ds_host *h;
    const ds_attempt *a;
} ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void bad(ctx *c, const char *what, const char *fmt, ...)
{
    va_list ap;
    fprintf(c->log, "BAD %s %s/%s/%s/%s (campaign %s, attempt %s): %s: ", c->h->name, c->a->operation, c->a->primitive,
            c->a->impl, c->a->compiler, c->a->campaign, c->a->attempt, what);
    va_start(ap, fmt);
    vfprintf(c->log, fmt, ap);
    va_end(ap);
    fputc('\n', c->log);
    c->n->bad++;
}

static void good(ctx *c)
{
    c->n->checked++;
}

/* "a" and "b" as a record would print them */
static int same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

static void expect_str(ctx *c, const char *what, const char *recorded, const char *computed)
{
    if (same(recorded, computed))
        good(c);
    else /* computed is a field of another record where it compares two: it may be absent too */
        bad(c, what, "recorded %s, recomputed %s", recorded ? recorded : "(none)", computed ? computed : "(none)");
}

static void expect_near(ctx *c, const char *what, double recorded, double computed, double tol)
{
    if (isfinite(recorded) && fabs(recorded - computed) <= tol + 1e-9 * fabs(computed))
        good(c);
    else
        bad(c, what, "recorded %.17g, recomputed %.17g (tolerance %g)", recorded, computed, tol);
}

static double num(const ngr_record *r, ngf_id k)
{
    double v;
    return r && ngr_num(r, k, &v) ? v : NAN;
}

/* ---- raw samples ---- */

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}


static void stats_line(char *out, size_t len, const stats *s)
{
    snprintf(out, len, "n=%lu mean=%.1f median=%.1f q1=%.1f q3=%.1f min=%.0f max=%.0f", (unsigned long)s->n, s->mean,
             s->median, s->q1, s->q3, s->min, s->max);
}

static void recorded_line(char *out, size_t len, const ngr_record *r)
{
    static const ngf_id keys[] = {NGF_n, NGF_mean, NGF_median, NGF_q1, NGF_q3, NGF_min, NGF_max};
    size_t i, off = 0;
    out[0] = 0;
    for (i = 0; i < 7 && off < len; i++) {
        const char *v = ngr_get(r, keys[i]);
        int w = snprintf(out + off, len - off, "%s%s=%s", i ? " " : "", ngs_name(keys[i]), v ? v : "?");
        if (w < 0)
            break;
        off += (size_t)w;
    }
}

/* the trial records of op, ordered by trial number (NULL-padded) */
static size_t trials_of(const ds_attempt *a, const char *op, const ngr_record ***out)
{
    size_t i, n = 0;
    const ngr_record **t = NULL;
    for (i = 0; i < a->nrecs; i++) {
        const ngr_record *r = &a->recs[i]->r;
        const char *o = ngr_get_any(r, NGF_op);
        if (r->kid == NGK_trial && o && strcmp(o, op) == 0) {
            t = xrealloc(t, (n + 1) * sizeof *t);
            t[n++] = r;
        }
    }
    /* insertion sort by trial number (few trials) */
    for (i = 1; i < n; i++) {
        const ngr_record *x = t[i];
        size_t m = i;
        while (m > 0 && num(t[m - 1], NGF_trial) > num(x, NGF_trial)) {
            t[m] = t[m - 1];
            m--;
        }
        t[m] = x;
    }
    *out = t;
    return n;
}

/* the per-call fields of a cycles record in the order ngd_percall prints
 * them, only those present (nothing for older records) */
static void recorded_percall(char *out, size_t len, const ngr_record *r)
{
    static const ngf_id keys[] = {NGF_clean_n,      NGF_clean_median, NGF_oncpu_median, NGF_estimator,
                                  NGF_headline,     NGF_headline_seconds, NGF_headline_q1, NGF_headline_q3,
                                  NGF_headline_mean, NGF_modes,       NGF_headline_stat};
    size_t i, off = 0;
    out[0] = 0;
    for (i = 0; i < sizeof keys / sizeof keys[0] && off < len; i++) {
        const char *v = ngr_get(r, keys[i]);
        int w;
        if (!v)
            continue;
        w = snprintf(out + off, len - off, " %s=%s", ngs_name(keys[i]), v);
        if (w < 0)
            break;
        off += (size_t)w;
    }
}

/* the headline from the record's own fields, by the rule of derive.h: the
 * estimator from n and clean_n (and whether an on-CPU estimate is there),
 * the headline the chosen median, its seconds, and the trials' flagged
 * calls against the calls that were not clean */
static void check_headline(ctx *c, const ngr_record *cr, const ngr_record **tr, size_t nt)
{
    const char *op = ngr_get(cr, NGF_op), *est = ngr_get(cr, NGF_estimator), *want;
    double n = num(cr, NGF_n), clean = num(cr, NGF_clean_n), ps = num(cr, NGF_persecond);
    char what[96], s[64];
    size_t i;
    if (!est)
        return; /* older records: the headline is the median */
    snprintf(what, sizeof what, "cycles %s estimator (measure/derive.h)", op);
    want = ngd_estimator(isfinite(n) ? (size_t)n : 0, isfinite(clean) ? (size_t)clean : 0, isfinite(clean),
                         ngr_get(cr, NGF_oncpu_median) != NULL);
    expect_str(c, what, est, want);
    if (ngr_get(cr, NGF_headline_stat)) { /* the mean where the cost falls into clusters (since 0.3) */
        double modes = num(cr, NGF_modes);
        snprintf(what, sizeof what, "cycles %s headline_stat (modes)", op);
        expect_str(c, what, ngr_get(cr, NGF_headline_stat), isfinite(modes) && modes > 1 ? "mean" : "median");
    }
    if (ngr_get(cr, NGF_headline_stat) && strcmp(ngr_get(cr, NGF_headline_stat), "mean") == 0) {
        snprintf(what, sizeof what, "cycles %s headline (the %s mean)", op, est);
        expect_str(c, what, ngr_get(cr, NGF_headline), ngr_get(cr, NGF_headline_mean));
    } else {
        snprintf(what, sizeof what, "cycles %s headline (the %s median)", op, est);
        expect_str(c, what, ngr_get(cr, NGF_headline),
                   ngr_get(cr, strcmp(est, "clean") == 0   ? NGF_clean_median
                            : strcmp(est, "oncpu") == 0 ? NGF_oncpu_median
                                                        : NGF_median));
    }
    snprintf(what, sizeof what, "cycles %s headline_seconds", op);
    ngd_seconds(s, sizeof s, num(cr, NGF_headline), ps);
    expect_str(c, what, ngr_get(cr, NGF_headline_seconds), s);
    if (isfinite(clean) && nt > 0 && ngr_get(tr[0], NGF_flagged)) {
        double f = 0;
        for (i = 0; i < nt; i++)
            f += num(tr[i], NGF_flagged);
        snprintf(what, sizeof what, "cycles %s clean_n (n less the trials' flagged calls)", op);
        expect_near(c, what, clean, n - f, 0);
    }
}

/* a trial's own headline and the host's figures around it (issue 32),
 * recomputed from its samples file: each field the record has, and none it
 * lacks where the samples know it */
static void check_trial_host(ctx *c, const ngr_record *tr, const char *op, size_t t, const ngd_trialhost *th,
                             double head)
{
    static const ngf_id keys[] = {NGF_host_speed, NGF_host_speed_oncpu, NGF_others_busy, NGF_steal, NGF_disturbed};
    char fig[256], what[96], want[64];
    double sp, so;
    int dist;
    size_t k;
    ngd_host_figures(fig, sizeof fig, th, &sp, &so, &dist);
    for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        char pat[32];
        const char *p;
        snprintf(pat, sizeof pat, " %s=", ngs_name(keys[k]));
        p = strstr(fig, pat);
        if (!p && !ngr_get(tr, keys[k]))
            continue;
        want[0] = 0;
        if (p)
            sscanf(p + strlen(pat), "%63s", want);
        snprintf(what, sizeof what, "trial %s %lu %s from its samples", op, (unsigned long)t, ngs_name(keys[k]));
        expect_str(c, what, ngr_get(tr, keys[k]), p ? want : NULL);
    }
    if (ngr_get(tr, NGF_headline)) {
        snprintf(want, sizeof want, "%.1f", head);
        snprintf(what, sizeof what, "trial %s %lu headline from its samples", op, (unsigned long)t);
        expect_str(c, what, ngr_get(tr, NGF_headline), isfinite(head) ? want : NULL);
    }
}

/* the host's verdict from the records alone: each trial's disturbed= from
 * its own figures, and the cycles record's disturbed_trials, retries and
 * uncertainty from its trials (derive.h); a figure published as host busy
 * is reported on the log (HOST-BUSY) and counted */
static void check_host(ctx *c, const ngr_record *cr, const ngr_record **tr, size_t nt)
{
    const char *op = ngr_get(cr, NGF_op), *est = ngr_get(cr, NGF_estimator);
    double *heads = xmalloc((nt ? nt : 1) * sizeof *heads), *speeds = xmalloc((nt ? nt : 1) * sizeof *speeds),
           *others = xmalloc((nt ? nt : 1) * sizeof *others);
    double retries = 0, nd = 0;
    int any = 0, on = est && strcmp(est, "oncpu") == 0;
    char what[96], s[64];
    size_t i;
    for (i = 0; i < nt; i++) {
        const char *d = ngr_get(tr[i], NGF_disturbed);
        heads[i] = num(tr[i], NGF_headline);
        speeds[i] = num(tr[i], on ? NGF_host_speed_oncpu : NGF_host_speed);
        others[i] = num(tr[i], NGF_others_busy);
        retries += isfinite(num(tr[i], NGF_retries)) ? num(tr[i], NGF_retries) : 0;
        if (!d)
            continue;
        any = 1;
        nd += strcmp(d, "no") != 0;
        ngd_disturbed(s, sizeof s, num(tr[i], NGF_host_speed), num(tr[i], NGF_host_speed_oncpu), num(tr[i], NGF_others_busy),
                      num(tr[i], NGF_steal), num(tr[i], NGF_drift_limit));
        snprintf(what, sizeof what, "trial %s %lu disturbed (measure/derive.h)", op, (unsigned long)(i + 1));
        expect_str(c, what, d, s);
    }
    if (any || ngr_get(cr, NGF_disturbed_trials)) {
        snprintf(s, sizeof s, "%.0f", nd);
        snprintf(what, sizeof what, "cycles %s disturbed_trials (the trials' disturbed)", op);
        expect_str(c, what, ngr_get(cr, NGF_disturbed_trials), any ? s : NULL);
    }
    if (ngr_get(cr, NGF_retries)) {
        snprintf(s, sizeof s, "%.0f", retries);
        snprintf(what, sizeof what, "cycles %s retries (the trials' retries)", op);
        expect_str(c, what, ngr_get(cr, NGF_retries), s);
    }
    if (ngr_get(cr, NGF_uncertainty) && nt > 0 && ngr_get(tr[0], NGF_headline)) {
        ngd_uncertainty(s, sizeof s, heads, speeds, others, nt, num(cr, NGF_headline));
        snprintf(what, sizeof what, "cycles %s uncertainty (the trials' spread and the host's speed)", op);
        expect_str(c, what, ngr_get(cr, NGF_uncertainty), s);
    }
    if (nd > 0) {
        fprintf(c->log, "HOST-BUSY %s %s/%s/%s/%s %s: %.0f of %lu trials disturbed; published as host busy, "
                        "headline %s \xc2\xb1 %s\n",
                c->h->name, c->a->operation, c->a->primitive, c->a->impl, c->a->compiler, op, nd, (unsigned long)nt,
                ngr_get(cr, NGF_headline) ? ngr_get(cr, NGF_headline) : "?",
                ngr_get(cr, NGF_uncertainty) ? ngr_get(cr, NGF_uncertainty) : "?");
        c->n->host_busy++;
    }
    free(heads);
    free(speeds);
    free(others);
}

static void check_cycles(ctx *c, const ngr_record *cr, const char *tdir)
{
    const char *op = ngr_get(cr, NGF_op);
    const ngr_record **tr;
    size_t nt = trials_of(c->a, op, &tr), i;
    double n = 0, wsum = 0, mn = INFINITY, mx = -INFINITY, *means;
    char s[256], what[64];
    double mean = num(cr, NGF_mean), ps = num(cr, NGF_persecond);

    snprintf(what, sizeof what, "cycles %s", op);
    if (nt == 0) {
        bad(c, what, "no trial records");
        free((void *)tr);
        return;
    }
    means = xmalloc(nt * sizeof *means);
    for (i = 0; i < nt; i++) {
        double tn = num(tr[i], NGF_n);
        if (num(tr[i], NGF_trial) != (double)(i + 1))
            bad(c, what, "trial records are not numbered 1..%lu", (unsigned long)nt);
        n += tn;
        wsum += num(tr[i], NGF_mean) * tn;
        mn = fmin(mn, num(tr[i], NGF_min));
        mx = fmax(mx, num(tr[i], NGF_max));
        means[i] = num(tr[i], NGF_mean);
        {
            char w2[80];
            snprintf(w2, sizeof w2, "trial %s %lu iterations", op, (unsigned long)(i + 1));
            expect_str(c, w2, ngr_get(tr[i], NGF_iterations), ngr_get(cr, NGF_iterations));
        }
    }
    /* preempted=yes exactly when some trial's CPU share is below 0.9 (where
     * the trials record one: older data does not) */
    {
        double low = INFINITY, v;
        int have = 0;
        for (i = 0; i < nt; i++)
            if (ngr_num(tr[i], NGF_cpu_share, &v)) {
                have = 1;
                low = fmin(low, v);
            }
        if (have) {
            char w2[80];
            snprintf(w2, sizeof w2, "cycles %s preempted (a trial's cpu_share < %g)", op, NGD_PREEMPTED_BELOW);
            expect_str(c, w2, ngr_get(cr, NGF_preempted) ? ngr_get(cr, NGF_preempted) : "(none)",
                       ngd_preempted(low) ? "yes" : "(none)");
        }
    }
    snprintf(s, sizeof s, "%lu", (unsigned long)nt);
    expect_str(c, what, ngr_get(cr, NGF_trials), s);
    snprintf(s, sizeof s, "%.0f", n);
    expect_str(c, what, ngr_get(cr, NGF_n), s);
    snprintf(s, sizeof s, "%.0f", mn);
    expect_str(c, what, ngr_get(cr, NGF_min), s);
    snprintf(s, sizeof s, "%.0f", mx);
    expect_str(c, what, ngr_get(cr, NGF_max), s);
    /* trial means are printed to 0.1: their weighted mean is known to 0.05,
     * the recorded mean adds its own 0.05 */
    expect_near(c, what, mean, wsum / n, 0.1);
    {
        stats ts;
        stats_compute(means, nt, &ts);
        expect_near(c, what, num(cr, NGF_median_trial), ts.median, 0.1);
    }
    /* the derived figures, with the functions that recorded them */
    ngd_mean_seconds(s, sizeof s, mean, ps);
    expect_str(c, what, ngr_get(cr, NGF_mean_seconds), s);
    ngd_ops_per_second(s, sizeof s, mean, ps);
    expect_str(c, what, ngr_get(cr, NGF_ops_per_second), s);

    check_headline(c, cr, tr, nt);
    check_host(c, cr, tr, nt);

    /* from the raw samples, where they are kept */
    if (tdir) {
        double *all = NULL, *allcpu = NULL, cal = NAN, *on = NULL;
        int *flag = NULL;
        size_t nall = 0, cap = 0, cap2 = 0, cap3 = 0, cap4 = 0, ok = 1;
        for (i = 0; i < nt && ok; i++) {
            char *path = xasprintf("%s/samples/%s-%lu.txt.gz", tdir, op, (unsigned long)(i + 1));
            samples sm;
            static ngd_trialhost th;
            memset(&sm, 0, sizeof sm);
            sm.calibrate = sm.cpu_seconds = NAN;
            ngd_trialhost_init(&th);
            sm.host = &th;
            if (!is_file(path) || samples_read(path, &sm) != 0 || sm.n == 0) {
                if (is_file(path))
                    bad(c, what, "cannot read the samples in %s", path);
                ok = 0;
            } else {
                stats ts;
                char rec[256], w2[80];
                size_t m, flagged = 0, known = 0;
                if (i == 0)
                    cal = sm.calibrate;
                all = xgrow(all, &cap, nall + sm.n, sizeof *all);
                allcpu = xgrow(allcpu, &cap2, nall + sm.n, sizeof *allcpu);
                flag = xgrow(flag, &cap3, nall + sm.n, sizeof *flag);
                on = xgrow(on, &cap4, nall + sm.n, sizeof *on);
                memcpy(all + nall, sm.x, sm.n * sizeof *sm.x);
                for (m = 0; m < sm.n; m++) {
                    /* the per-call figures at the recorded rate, as ngbench-stats -p */
                    flag[nall + m] = isfinite(ps) ? ngd_descheduled(sm.x[m], sm.cpu[m], sm.sw[m], ps, sm.overhead) : -1;
                    on[nall + m] = isfinite(ps) ? ngd_oncpu_ticks(sm.cpu[m], sm.overhead, ps) : NAN;
                    known += flag[nall + m] >= 0;
                    flagged += flag[nall + m] > 0;
                }
                nall += sm.n;
                if (ngr_get(tr[i], NGF_flagged)) {
                    snprintf(w2, sizeof w2, "trial %s %lu flagged from its samples", op, (unsigned long)(i + 1));
                    if (known == sm.n) {
                        snprintf(s, sizeof s, "%lu", (unsigned long)flagged);
                        expect_str(c, w2, ngr_get(tr[i], NGF_flagged), s);
                    } else {
                        bad(c, w2, "recorded %s, but the samples hold no per-call readings", ngr_get(tr[i], NGF_flagged));
                    }
                }
                check_trial_host(c, tr[i], op, i + 1, &th, isfinite(ps) ? ngd_headline(sm.x, flag + nall - sm.n, on + nall - sm.n, sm.n) : NAN);
                stats_compute(sm.x, sm.n, &ts); /* sorts sm.x: the per-call figures are taken */
                means[i] = ts.mean;
                stats_line(s, sizeof s, &ts);
                recorded_line(rec, sizeof rec, tr[i]);
                snprintf(w2, sizeof w2, "trial %s %lu from its samples", op, (unsigned long)(i + 1));
                expect_str(c, w2, rec, s);
                /* the CPU share, as run-target computes it: the process's CPU
                 * seconds against the samples' total at the counter's rate */
                if (ngr_get(tr[i], NGF_cpu_share)) {
                    double sum = 0;
                    for (m = 0; m < sm.n; m++)
                        sum += sm.x[m];
                    snprintf(w2, sizeof w2, "trial %s %lu cpu_share from its samples", op, (unsigned long)(i + 1));
                    if (ngd_cpu_share(s, sizeof s, isnan(sm.cpu_seconds) ? -1 : sm.cpu_seconds, ps, sum)) {
                        expect_str(c, w2, ngr_get(tr[i], NGF_cpu_share), s);
                    } else {
                        bad(c, w2, "recorded %s, but the samples hold no CPU time", ngr_get(tr[i], NGF_cpu_share));
                    }
                }
            }
            free(sm.x);
            free(sm.cpu);
            free(sm.sw);
            free(path);
        }
        if (ok) {
            stats as, ms;
            char rec[256], w2[80], pc[512];
            /* the per-call figures first: stats_compute sorts all */
            if (isfinite(ps)) {
                ngd_percall(pc, sizeof pc, all, flag, on, nall, ps);
                recorded_percall(rec, sizeof rec, cr);
                snprintf(w2, sizeof w2, "cycles %s per-call figures from the samples", op);
                expect_str(c, w2, rec, pc);
            }
            stats_compute(all, nall, &as);
            stats_compute(means, nt, &ms);
            stats_line(s, sizeof s, &as);
            snprintf(s + strlen(s), sizeof s - strlen(s), " median_trial=%.1f", ms.median);
            recorded_line(rec, sizeof rec, cr);
            snprintf(rec + strlen(rec), sizeof rec - strlen(rec), " median_trial=%s",
                     ngr_get(cr, NGF_median_trial) ? ngr_get(cr, NGF_median_trial) : "?");
            snprintf(w2, sizeof w2, "cycles %s from the samples", op);
            expect_str(c, w2, rec, s);
            if (isfinite(cal)) {
                snprintf(s, sizeof s, "%.0f", cal);
                expect_str(c, "calibration", ngr_get(cr, NGF_calibration), s);
            }
            c->n->from_samples++;
        } else {
            c->n->without_samples++;
        }
        free(all);
        free(allcpu);
        free(flag);
        free(on);
    } else {
        c->n->without_samples++;
    }
    free(means);
    free((void *)tr);
}

/* an evidence file's line as a field line (record.h: the parser the stages
 * pass it on with), or -1. Older probes wrote the memory line under the
 * word "rss", which reads as a memory line. */
static int evidence_line(char *line, ngr_record *out)
{
    static const char old_rss[] = "rss ", as[] = "memory ";
    char tmp[1100];
    size_t len;
    line[strcspn(line, "\n")] = 0;
    len = strlen(line);
    if (strncmp(line, old_rss, sizeof old_rss - 1) == 0 && len + 4 < sizeof tmp) {
        snprintf(tmp, sizeof tmp, "%s%s", as, line + sizeof old_rss - 1);
        return ngr_line_parse(tmp, strlen(tmp), out, NULL) == NGR_OK ? 0 : -1;
    }
    if (ngr_line_kind(line, len) == NGK__NONE)
        return -1;
    return ngr_line_parse(line, len, out, NULL) == NGR_OK ? 0 : -1;
}

/* every field of an evidence line against the record's */
static void expect_line(ctx *c, const char *what, const ngr_record *r, const ngr_record *l)
{
    size_t i;
    for (i = 0; i < l->nfields; i++) {
        const char *v = ngr_get_any(r, l->fields[i].id);
        if (!same(v, l->fields[i].value))
            bad(c, what, "%s: recorded %s, the program's output says %s", l->fields[i].key, v ? v : "(none)",
                l->fields[i].value);
        else
            good(c);
    }
}

/* a probe record against the probe's own line of its kind */
static void check_probe(ctx *c, const ngr_record *r, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024], what[96];
    int found = 0;
    snprintf(what, sizeof what, "%s %s", r->kind, ngr_get_any(r, NGF_op) ? ngr_get_any(r, NGF_op) : "");
    if (!f)
        return; /* not kept: nothing to compare with */
    while (!found && fgets(line, sizeof line, f)) {
        ngr_record l;
        if (evidence_line(line, &l) != 0)
            continue;
        if (l.kid == r->kid) {
            found = 1;
            expect_line(c, what, r, &l);
        }
        ngr_free(&l);
    }
    fclose(f);
    if (!found)
        bad(c, what, "no %s line in %s", r->kind, path);
}

static void check_profile(ctx *c, const ngr_record *r, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024], what[96];
    const char *fn = ngr_get(r, NGF_function), *op = ngr_get(r, NGF_op);
    int found = 0;
    if (!f || !fn)
        goto out;
    snprintf(what, sizeof what, "%s %s %s", r->kind, op ? op : "", fn);
    while (fgets(line, sizeof line, f)) {
        char a[64], b[64], x[64];
        ngr_record l;
        if (evidence_line(line, &l) == 0) { /* profile and profilecalls lines */
            if (l.kid == r->kid && same(ngr_get(&l, NGF_function), fn) &&
                (r->kid == NGK_profile ||
                 (same(ngr_get(&l, NGF_in), ngr_get(r, NGF_in)) && same(ngr_get(&l, NGF_out), ngr_get(r, NGF_out))))) {
                found = 1;
                expect_line(c, what, r, &l);
            }
            ngr_free(&l);
            continue;
        }
        /* older profiles: "op", "fn" and "class" lines */
        if (r->kid == NGK_profile) {
            char calls[64], cyc[64], share[64];
            if (sscanf(line, "op cycles=%63s iters=%63s", a, b) == 2) {
                expect_str(c, "profile op_cycles", ngr_get(r, NGF_op_cycles), a);
                expect_str(c, "profile iters", ngr_get(r, NGF_iters), b);
            } else if (sscanf(line, "fn %63s calls=%63s cycles=%63s share=%63s", x, calls, cyc, share) == 4 &&
                       strcmp(x, fn) == 0) {
                found = 1;
                expect_str(c, what, ngr_get(r, NGF_calls), calls);
                expect_str(c, what, ngr_get(r, NGF_cycles), cyc);
                expect_str(c, what, ngr_get(r, NGF_share), share);
                /* the first call apart (profiles since 0.2) */
                if (ngr_get(r, NGF_first_calls)) {
                    const char *p1 = strstr(line, " first_calls="), *p2 = strstr(line, " first_cycles=");
                    if (p1 && sscanf(p1, " first_calls=%63s", a) == 1)
                        expect_str(c, what, ngr_get(r, NGF_first_calls), a);
                    if (p2 && sscanf(p2, " first_cycles=%63s", b) == 1)
                        expect_str(c, what, ngr_get(r, NGF_first_cycles), b);
                    if (!p1 || !p2)
                        bad(c, what, "first-call figures recorded but not in %s", path);
                }
            }
        } else {
            char in[64], outb[64], calls[64];
            if (sscanf(line, "class %63s in=%63s out=%63s calls=%63s", x, in, outb, calls) == 4 && strcmp(x, fn) == 0 &&
                same(ngr_get(r, NGF_in), in) && same(ngr_get(r, NGF_out), outb)) {
                found = 1;
                expect_str(c, what, ngr_get(r, NGF_calls), calls);
                if (ngr_get(r, NGF_first_calls)) {
                    const char *p1 = strstr(line, " first_calls=");
                    if (p1 && sscanf(p1, " first_calls=%63s", a) == 1)
                        expect_str(c, what, ngr_get(r, NGF_first_calls), a);
                    else
                        bad(c, what, "first-call figures recorded but not in %s", path);
                }
            }
        }
    }
    if (!found)
        bad(c, what, "not in the profile output %s", path);
out:
    if (f)
        fclose(f);
}

static void check_stages(ctx *c, const ngr_record *st)
{
    /* run-target: timed = sprintf("%.3f", timed + mean * n / persecond), per
     * measured operation in order */
    const char *const *ops = ops_of(c->a->operation);
    double timed = 0;
    char s[64];
    size_t o;
    for (o = 0; ops[o]; o++) {
        const ngr_record *cr = ds_first(c->a, NGK_cycles, NGF_op, ops[o]);
        if (!cr)
            continue;
        snprintf(s, sizeof s, "%.3f", timed + num(cr, NGF_mean) * num(cr, NGF_n) / num(cr, NGF_persecond));
        timed = strtod(s, NULL);
    }
    snprintf(s, sizeof s, "%.3f", timed);
    expect_str(c, "stages timed_seconds", ngr_get(st, NGF_timed_seconds), s);
}

/* the claims record's agree= and detail= from its own claimed sizes and
 * the getters' (the size records' claimed=), as run-target derives them */
static void check_claims(ctx *c, const ngr_record *cl)
{
    /* the claims field, which is also the size record's what=, and the macro */
    static const struct claim {
        ngf_id f;
        const char *macro;
    } sig[] = {{NGF_pk, "CRYPTO_PUBLICKEYBYTES"}, {NGF_sk, "CRYPTO_SECRETKEYBYTES"}, {NGF_sn, "CRYPTO_BYTES"},
               {NGF__NONE, NULL}},
      kem[] = {{NGF_pk, "CRYPTO_PUBLICKEYBYTES"}, {NGF_sk, "CRYPTO_SECRETKEYBYTES"}, {NGF_ss, "CRYPTO_BYTES"},
               {NGF_ct, "CRYPTO_CIPHERTEXTBYTES"}, {NGF__NONE, NULL}};
    const struct claim *pairs = is_kem(c->a->operation) ? kem : sig;
    buf detail;
    size_t k;
    buf_init(&detail);
    for (k = 0; pairs[k].macro; k++) {
        const char *claimed = ngr_get(cl, pairs[k].f);
        const ngr_record *sz = ds_first(c->a, NGK_size, NGF_what, ngs_name(pairs[k].f));
        const char *getter = sz ? ngr_get(sz, NGF_claimed) : NULL;
        if (claimed && getter && *getter && strcmp(claimed, getter) != 0)
            buf_printf(&detail, "%s%s=%s/getter=%s", detail.len ? " " : "", pairs[k].macro, claimed, getter);
    }
    expect_str(c, "claims agree", ngr_get(cl, NGF_agree), detail.len ? "no" : "yes");
    if (detail.len)
        expect_str(c, "claims detail", ngr_get(cl, NGF_detail), buf_str(&detail));
    buf_free(&detail);
}

static int known_op(const ds_attempt *a, const char *op)
{
    const char *const *ops = ops_of(a->operation);
    size_t i;
    for (i = 0; ops[i]; i++)
        if (strcmp(ops[i], op) == 0)
            return 1;
    return 0;
}

int check_records(const dataset *d, FILE *log, check_counts *n)
{
    size_t hi, ai, k;
    memset(n, 0, sizeof *n);
    for (hi = 0; hi < d->nhosts; hi++) {
        const ds_host *h = &d->hosts[hi];
        for (ai = 0; ai < h->nattempts; ai++) {
            const ds_attempt *a = &h->attempts[ai];
            ctx c;
            char *tdir;
            if (!a->done)
                continue;
            c.log = log;
            c.n = n;
            c.h = h;
            c.a = a;
            n->attempts++;
            tdir = xasprintf("%s/targets/%s/%s/%s/%s/%s", a->hostdir, a->campaign, a->operation, a->primitive, a->impl,
                             a->compiler);
            {
                struct stat st;
                if (stat(tdir, &st) != 0 || !S_ISDIR(st.st_mode)) {
                    free(tdir);
                    tdir = NULL;
                }
            }
            for (k = 0; k < a->nrecs; k++) {
                const ngr_record *r = &a->recs[k]->r;
                const char *op = ngr_get_any(r, NGF_op);
                char *path = NULL;
                /* op=all: a constant-time check that could not start for any operation */
                if (op && !known_op(a, op) && !(r->kid == NGK_ct && strcmp(op, "all") == 0)) {
                    /* and never part of a path to read */
                    bad(&c, r->kind, "operation '%s' is not one of this operation's", op);
                    continue;
                }
                if (r->kid == NGK_cycles && op) {
                    check_cycles(&c, r, tdir);
                } else if (r->kid == NGK_claims) {
                    check_claims(&c, r);
                } else if (r->kid == NGK_counter && ngr_get(r, NGF_unit) && ngr_get(r, NGF_name)) {
                    /* a clock in nanoseconds is never labelled cycles */
                    if (strcmp(ngr_get(r, NGF_name), "clock_gettime") == 0)
                        expect_str(&c, "counter unit (clock_gettime counts ns)", ngr_get(r, NGF_unit), "ns");
                } else if (r->kid == NGK_status) {
                    /* VIOLATION exactly when the guards refused something */
                    const char *st = ngr_get(r, NGF_status);
                    int viol = ds_first(a, NGK_violation, NGF__NONE, NULL) != NULL;
                    if (viol || (st && strcmp(st, "VIOLATION") == 0))
                        expect_str(&c, "status VIOLATION (violation records)", st, viol ? "VIOLATION" : "not VIOLATION");
                } else if (r->kid == NGK_stages) {
                    check_stages(&c, r);
                } else if (tdir && op &&
                           (r->kid == NGK_memory || r->kid == NGK_stack ||
                            r->kid == NGK_heap)) {
                    const char *probe = r->kid == NGK_memory ? "rss" : r->kind;
                    /* one call of probe -p all since the probes were merged;
                     * one file per probe in older results */
                    path = xasprintf("%s/samples/%s-probe.txt", tdir, op);
                    if (!is_file(path)) {
                        free(path);
                        path = xasprintf("%s/samples/%s-%s.txt", tdir, op, probe);
                    }
                    check_probe(&c, r, path);
                } else if (tdir && op && (r->kid == NGK_profile || r->kid == NGK_profilecalls)) {
                    path = xasprintf("%s/samples/%s-profile.txt", tdir, op);
                    if (is_file(path))
                        check_profile(&c, r, path);
                }
                free(path);
            }
            free(tdir);
        }
    }
    return n->bad ? -1 : 0;
}
