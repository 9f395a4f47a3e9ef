/* page-perf.c - section 4 of a page: performance (cycles, time, ops/s,
 * quartiles, CPU share, constant time, best line) and the plot by compiler
 * line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots.h"
#include "page.h"
#include "units.h"

/* ---- 4. performance ---- */

/* a figure in the counter's unit (cell_fig with fmt_ticks; suffix: after it) */
static void cell_ticks(table *t, double v, const char *raw, const char *unit, const char *suffix)
{
    char s[UNITS_MAX + 32], r[64];
    if (!isfinite(v)) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    fmt_ticks(s, v, unit);
    if (suffix)
        snprintf(s + strlen(s), sizeof s - strlen(s), "%s", suffix);
    if (!raw) {
        snprintf(r, sizeof r, "%.15g", v);
        raw = r;
    }
    tbl_cellx(t, s, raw, 1);
}

/* the constant-time cell of x's op; a failure's first report goes to lies
 * when the implementation declares itself constant-time, else to fails */
static void ct_cell(table *t, const ds_target *x, const char *op, buf *text, buf *fails, buf *lies)
{
    const ngr_record *r = ct_of(x, op);
    const char *res, *first, *decl;
    int mark = MARK_NONE;
    buf_reset(text);
    if (!ct_covers(op)) {
        tbl_cell(t, "n/a (public inputs)");
        return;
    }
    if (!r) {
        tbl_cell(t, "not checked");
        return;
    }
    ct_verdict(r, text, &mark);
    tbl_cell(t, buf_str(text));
    tbl_mark(t, mark);
    res = ngr_get(r, NGF_result);
    first = ngr_get(r, NGF_first);
    decl = ngr_get(r, NGF_declared);
    if (res && strcmp(res, "fail") == 0) {
        buf *b = decl && strcmp(decl, "yes") == 0 ? lies : fails;
        buf_printf(b, "%s%s %s %s: %s", b->len ? "; " : "", x->impl, x->compiler, op, first ? first : "?");
        if (ngr_get(r, NGF_errors))
            buf_printf(b, " (%s error%s)", ngr_get(r, NGF_errors), strcmp(ngr_get(r, NGF_errors), "1") == 0 ? "" : "s");
    }
}

/* the newer attempts of a lower tier (a --quick run after a full one): shown
 * apart, never in place of the higher tier's figures */
static void lower_tier(doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "tier", "campaign", "operation",
                                       "median cycles", "mean time", "n (trials \xc3\x97 iters)", "CPU share (lowest trial)",
                                       "shown above instead"};
    table *t = tbl_new(10, head, NULL);
    size_t i, o;
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        ds_target y;
        const char *const *ops = ops_of(x->operation);
        if (!x->newer)
            continue;
        y = *x;
        y.sel = x->newer; /* the same line, its newer attempt */
        for (o = 0; ops[o]; o++) {
            const ngr_record *r = cycles_of(&y, ops[o]);
            const char *raw;
            char s[UNITS_MAX], above[64];
            double share;
            if (!r)
                continue;
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, x));
            tbl_cell(t, x->compiler);
            tbl_cell(t, ds_tier_name(y.sel->tier));
            tbl_cell(t, y.sel->campaign);
            tbl_cell(t, ops[o]);
            cell_fig(t, fmt_cycles, cyc(&y, ops[o], NGF_median), ngr_get(r, NGF_median));
            cell_fig(t, fmt_seconds, cyc(&y, ops[o], NGF_mean_seconds), ngr_get(r, NGF_mean_seconds));
            fmt_count(s, cyc(&y, ops[o], NGF_n), cyc(&y, ops[o], NGF_trials), cyc(&y, ops[o], NGF_iterations));
            tbl_cellx(t, s, ngr_get(r, NGF_n), 1);
            share = min_cpu_share(&y, ops[o], &raw);
            if (raw)
                tbl_cellx(t, raw, raw, 1);
            else
                cell_fig(t, plain_fmt, share, NULL);
            if (preempted(&y, ops[o]))
                tbl_mark(t, MARK_WARN);
            snprintf(above, sizeof above, "%s tier, %s", ds_tier_name(x->sel->tier), x->sel->campaign);
            tbl_cell(t, above);
        }
    }
    if (!t->nrows) {
        tbl_free(t);
        return;
    }
    doc_p(d, "Newer attempts of a lower tier: a ./do --quick run (first KAT record, short measurements) after a "
             "full one does not replace the full-tier figures above; its figures are these:");
    doc_table(d, t);
}

/* the first call of each operation (trial 1's calibration call: cold caches,
 * tables built on first use) beside the steady-state median */
static void first_calls(doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "op", "median cycles", "first call",
                                       "first / median"};
    const char *const *ops = ops_of(h->targets[first].operation);
    table *t = NULL;
    size_t i, o;
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        for (o = 0; ops[o]; o++) {
            const ngr_record *r = cycles_of(x, ops[o]);
            double cal = cyc(x, ops[o], NGF_calibration), med = headline(x, ops[o]);
            const char *unit = unit_of(x);
            char s[UNITS_MAX + 16];
            if (!r || !isfinite(cal) || cal <= 0)
                continue;
            if (!t)
                t = tbl_new(6, head, NULL);
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, x));
            tbl_cell(t, x->compiler);
            tbl_cell(t, ops[o]);
            cell_ticks(t, med, headline_text(x, ops[o]), unit, NULL);
            cell_ticks(t, cal, ngr_get(r, NGF_calibration), unit, NULL);
            if (isfinite(med) && med > 0)
                snprintf(s, sizeof s, "%.2f", cal / med);
            else
                snprintf(s, sizeof s, "%s", DASH);
            tbl_cellx(t, s, NULL, 1);
        }
    }
    if (!t)
        return;
    doc_h3(d, "First call");
    doc_p(d, "The first call of each operation in trial 1, timed apart before the timed calls (the calibration): "
             "cold caches, lazy binding and anything an implementation builds on first use. The figures above leave "
             "it out; a ratio well above 1 is one-time setup that a single call in a fresh process pays.");
    doc_table(d, t);
}

/* sign and verify against message length (./do --mlen): a table of the mlen
 * records and the 64-byte figures beside them, and a log-log plot */
static void by_length(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "op", "message bytes", "median", "estimator"};
    table *t = NULL;
    size_t i, k, n = 0, cap = 0;
    const char **labels = NULL;
    double *x = NULL, *y = NULL;
    char **owned = NULL;
    for (i = first; i < end; i++) {
        const ds_target *tg = &h->targets[i];
        if (!tg->sel || strcmp(tg->operation, "crypto_sign") != 0)
            continue;
        for (k = 0; k < tg->sel->nrecs; k++) {
            const ngr_record *r = &tg->sel->recs[k]->r;
            double m, v;
            const char *op;
            ngf_id hv;
            char cyc[UNITS_MAX], *name;
            if (r->kid != NGK_mlen)
                continue;
            op = ngr_get(r, NGF_op);
            hv = ngr_get(r, NGF_headline) ? NGF_headline : NGF_median;
            if (!op || !ngr_num(r, NGF_mlen, &m) || !ngr_num(r, hv, &v))
                continue;
            if (!t)
                t = tbl_new(6, head, NULL);
            name = xasprintf("%s %s", tg->primitive, tg->impl);
            tbl_row(t);
            tbl_cell(t, name);
            tbl_cell(t, tg->compiler);
            tbl_cell(t, op);
            tbl_cellx(t, ngr_get(r, NGF_mlen), NULL, 1);
            tbl_cellx(t, fmt_cycles(cyc, v), ngr_get(r, hv), 1);
            cell_str(t, ngr_get(r, NGF_estimator));
            x = xgrow(x, &cap, n + 1, sizeof *x);
            y = xrealloc(y, cap * sizeof *y);
            labels = xrealloc((void *)labels, cap * sizeof *labels);
            owned = xrealloc(owned, cap * sizeof *owned);
            owned[n] = xasprintf("%s %s", op, tg->compiler);
            labels[n] = owned[n];
            x[n] = m;
            y[n] = v;
            n++;
            free(name);
        }
    }
    if (!t)
        return;
    doc_h3(d, "Cost against message length");
    doc_p(d, "Sign and verify timed again over the message lengths given to ./do --mlen (the figures above use 64 "
             "bytes), each length in trials of its own; the median is the headline where the records have one. "
             "Lengths of 0 bytes are in the table but not on the log-log plot.");
    doc_table(d, t);
    {
        char id[PAGE_ID_MAX];
        char *rel = xasprintf("plots/%s/%s-mlen.svg", h->name, page_id(h, &h->targets[first], id, sizeof id));
        char *title = xasprintf("%s on %s: cycles per call against message length", h->targets[first].primitive,
                                h->name);
        emit_plot(c->out, d, rel, title, svg_scatter(title, "message bytes", "cycles per call", n, labels, x, y));
        free(rel);
        free(title);
    }
    for (k = 0; k < n; k++)
        free(owned[k]);
    free(owned);
    free((void *)labels);
    free(x);
    free(y);
}

void sec_performance(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const cols[] = {"implementation", "compiler", "operation", "mean cycles", "mean time",
                                       "ops/s", "median trial", "median cycles", "quartiles (cycles)",
                                       "n (trials \xc3\x97 iters)", "CPU share (lowest trial)"};
    const char *head[16];
    size_t nh = 0;
    /* a constant-time column only where some line was checked: otherwise
     * one sentence says so; a headline column only where some line has
     * per-call figures (older records have none) */
    int ct = ct_any(h, first, end), est = any_estimator(h, first, end), units = any_unit_not_cycles(h, first, end);
    int any_preempted = 0, any_share = 0, any_zero = 0, any_oncpu = 0;
    table *t;
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, e, o, k, nrows = 0, nser;
    const char **series, **rows = NULL;
    char **rowtext = NULL;
    double *vals = NULL;
    buf fails, ctfail, ctlie, txt, over;
    char s[UNITS_MAX + 16], s2[UNITS_MAX + 16], q[2 * UNITS_MAX + 40];
    const char *unit;

    for (nh = 0; nh < sizeof cols / sizeof cols[0]; nh++)
        head[nh] = cols[nh];
    if (est)
        head[nh++] = "headline (clean calls)";
    if (ct)
        head[nh++] = "constant time";
    head[nh++] = "best";
    t = tbl_new(nh, head, NULL);
    buf_init(&fails);
    buf_init(&ctfail);
    buf_init(&ctlie);
    buf_init(&txt);
    buf_init(&over);
    /* plot series: the compiler lines */
    nser = compiler_list(h, first, end, &series);
    for (i = first; i < end; i = e) {
        impl_range(h, i, end, &e);
        for (o = 0; ops[o]; o++) {
            int usable;
            const ds_target *best = best_line(h, i, e, ops[o], &usable);
            const ds_target *passed = fastest_preempted(h, i, e, ops[o], best);
            if (passed)
                buf_printf(&over, "%s%s %s: %s (%s cycles, preempted) is faster than %s (%s)", over.len ? "; " : "",
                           impl_label(h, first, end, best), ops[o], passed->compiler,
                           fmt_cycles(s, headline(passed, ops[o])), best->compiler,
                           fmt_cycles(s2, headline(best, ops[o])));
            rows = xrealloc(rows, (nrows + 1) * sizeof *rows);
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            vals = xrealloc(vals, (nrows + 1) * nser * sizeof *vals);
            rowtext[nrows] = xasprintf("%s %s", impl_label(h, first, end, &h->targets[i]), ops[o]);
            rows[nrows] = rowtext[nrows];
            for (k = 0; k < nser; k++)
                vals[nrows * nser + k] = NAN;
            for (k = i; k < e; k++) {
                const ds_target *x = &h->targets[k];
                const ngr_record *r = cycles_of(x, ops[o]);
                double ps = cyc(x, ops[o], NGF_persecond);
                size_t si;
                int pre;
                for (si = 0; si < nser; si++)
                    if (strcmp(series[si], x->compiler) == 0)
                        vals[nrows * nser + si] = headline(x, ops[o]);
                tbl_row(t);
                tbl_cell(t, impl_label(h, first, end, x));
                tbl_cell(t, x->compiler);
                tbl_cell(t, ops[o]);
                if (!r) {
                    for (si = 0; si < 8 + (size_t)est; si++)
                        tbl_cellx(t, DASH, "", 1);
                    if (ct)
                        ct_cell(t, x, ops[o], &txt, &ctfail, &ctlie);
                    tbl_cell(t, "");
                    continue;
                }
                pre = preempted(x, ops[o]);
                any_preempted |= pre;
                unit = unit_of(x);
                cell_ticks(t, cyc(x, ops[o], NGF_mean), ngr_get(r, NGF_mean), unit, NULL);
                if (pre)
                    tbl_mark(t, MARK_WARN);
                cell_fig(t, fmt_seconds, cyc(x, ops[o], NGF_mean_seconds), ngr_get(r, NGF_mean_seconds));
                cell_fig(t, fmt_sig3, cyc(x, ops[o], NGF_ops_per_second), ngr_get(r, NGF_ops_per_second));
                cell_fig(t, fmt_seconds, cyc(x, ops[o], NGF_median_trial) / ps, NULL);
                /* the headline: the median of all calls in older records */
                {
                    int oncpu = estimator(x, ops[o]) && strcmp(estimator(x, ops[o]), "oncpu") == 0;
                    any_oncpu |= oncpu;
                    cell_ticks(t, headline(x, ops[o]), headline_text(x, ops[o]), unit, oncpu ? " on-CPU" : NULL);
                }
                if (untrusted(x, ops[o]))
                    tbl_mark(t, MARK_WARN);
                snprintf(q, sizeof q, "%s " DASH " %s", fmt_ticks(s, cyc(x, ops[o], NGF_q1), unit),
                         fmt_ticks(s2, cyc(x, ops[o], NGF_q3), unit));
                tbl_cellx(t, q, NULL, 1);
                fmt_count(s, cyc(x, ops[o], NGF_n), cyc(x, ops[o], NGF_trials), cyc(x, ops[o], NGF_iterations));
                tbl_cellx(t, s, ngr_get(r, NGF_n), 1);
                /* timing honesty: the trial whose process ran least of its timed wall clock */
                {
                    const char *raw;
                    double share = min_cpu_share(x, ops[o], &raw);
                    buf_reset(&txt);
                    if (raw) {
                        any_share = 1;
                        any_zero |= share == 0;
                        buf_puts(&txt, raw);
                    } else {
                        buf_puts(&txt, DASH);
                    }
                    if (pre)
                        buf_puts(&txt, " preempted");
                    tbl_cellx(t, buf_str(&txt), raw ? raw : "", 1);
                    if (pre || (isfinite(share) && share < 0.9))
                        tbl_mark(t, MARK_WARN);
                }
                if (est) {
                    const char *how = estimator(x, ops[o]);
                    buf_reset(&txt);
                    if (!how)
                        buf_puts(&txt, "median of all calls (no per-call readings)");
                    else if (strcmp(how, "clean") == 0)
                        buf_printf(&txt, "clean: median of %s of %s calls", figs(x, NGK_cycles, ops[o], NGF_clean_n),
                                   ngr_get(r, NGF_n));
                    else if (strcmp(how, "oncpu") == 0)
                        buf_printf(&txt, "on-CPU estimate (%s of %s calls clean)",
                                   figs(x, NGK_cycles, ops[o], NGF_clean_n) ? figs(x, NGK_cycles, ops[o], NGF_clean_n) : "?",
                                   ngr_get(r, NGF_n));
                    else
                        buf_puts(&txt, "wall: median of all calls");
                    tbl_cellx(t, buf_str(&txt), how ? how : "", 0);
                    if (how && strcmp(how, "oncpu") == 0)
                        tbl_mark(t, MARK_WARN);
                }
                if (ct)
                    ct_cell(t, x, ops[o], &txt, &ctfail, &ctlie);
                if (x == best) {
                    int bad = untrusted(x, ops[o]);
                    tbl_cell(t, !usable ? (bad ? "best (no line passed; preempted)" : "best (no line passed)")
                                : bad   ? "best (preempted: no clean line)"
                                        : "best");
                    tbl_mark(t, MARK_BEST);
                } else {
                    tbl_cell(t, "");
                }
            }
            nrows++;
        }
    }
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        if (!x->sel)
            continue;
        for (k = 0; k < x->sel->nrecs; k++) {
            const ngr_record *r = &x->sel->recs[k]->r;
            const char *op, *st, *dt;
            if (r->kid != NGK_measure)
                continue;
            op = ngr_get(r, NGF_op);
            st = ngr_get(r, NGF_status);
            dt = ngr_get(r, NGF_detail);
            buf_printf(&fails, "%s%s %s %s: %s (%s)", fails.len ? "; " : "", impl_label(h, first, end, x), x->compiler, op ? op : "?",
                       st ? st : "?", dt ? dt : "");
        }
    }
    doc_h2(d, "4. Performance");
    doc_p(d, "Cycles are ticks of the cycle counter named in section 2 (with rdtsc: reference cycles at the TSC rate). "
             "Mean: cycles per call over all timed calls of all trials (each trial a fresh process); median trial: "
             "the median of the trials' mean times; median and quartiles over all calls (linear interpolation, R type "
             "7). Best: the lowest median cycles per call among the lines that passed.");
    doc_table(d, t);
    if (est)
        doc_p(d, "Headline: each timed call is flagged when the thread was descheduled during it (a context switch "
                 "between the readings taken just outside the timed interval, or wall time beyond its CPU-clock time). "
                 "The median cycles column is the median of the calls that were not (clean) when they are at least "
                 "75 %% of the calls; otherwise the median of every call's on-CPU estimate (its thread CPU-clock time "
                 "at the counter's rate, marked on-CPU): a loaded host, or calls longer than a scheduler slice, "
                 "which are always interrupted there. Mean, mean time and ops/s count every call's wall time.%s",
              any_oncpu ? " On-CPU figures leave out the time off the CPU but not what other processes did to the "
                          "caches meanwhile." : "");
    if (units)
        doc_p(d, "Figures marked ns are nanoseconds, not cycles: that line's counter is clock_gettime (no cycle "
                 "counter was usable; section 2).");
    if (over.len)
        doc_p(d, "Best prefers figures that were not preempted: %s. The faster figures were taken while the process "
                 "was off its CPU for part of the time, so they are not trusted over clean ones.",
              buf_str(&over));
    lower_tier(d, h, first, end);
    first_calls(d, h, first, end);
    by_length(c, d, h, first, end);
    if (fails.len)
        doc_p(d, "Measurement failures: %s.", buf_str(&fails));
    if (any_share)
        doc_p(d, "CPU share: the process's CPU time over its timed calls against their wall-clock total, in the "
                 "trial where it was lowest (about 1 on a quiet core). %s",
              !any_preempted ? "No trial fell below 0.9 (preemption)."
              : est ? "Figures marked preempted had a trial below 0.9: the process was off its CPU for part of the "
                      "timed wall clock, which the mean, the mean time, ops/s and the quartiles count; the headline "
                      "leaves it out (clean calls or on-CPU estimates), except where it says wall."
                    : "Figures marked preempted had a trial below 0.9: the process was off its CPU for part "
                      "of the timed wall clock, so their cycle counts are inflated; run them again on a "
                      "quieter host before trusting them.");
    /* calls that ran took CPU time: a share of 0 is the clock's limit, not
     * the process's; say so rather than let it pass for preemption */
    if (any_zero)
        doc_p(d, "A CPU share of 0 is not a measurement: the timed calls ran, but the process's CPU-time clock did not "
                 "advance over them. That clock can be coarser than a short trial (some kernels advance it per "
                 "scheduler tick while a CPU-time limit is set), so the preempted flag of such figures says nothing "
                 "either way; longer trials (--min-time) measure it.");
    if (ct) {
        doc_p(d, "Constant time (./do --ct): one call of each operation that handles secrets, built with -g and run "
                 "under valgrind memcheck with the secret key and every DRNG output marked undefined; a fail names "
                 "the first branch or memory index that depends on them. Verify has public inputs only. An "
                 "implementation declares itself constant-time with the files goal-constbranch and "
                 "goal-constindex.");
        if (ctlie.len)
            doc_p(d, "WARNING: declared constant-time but failing the check: %s.", buf_str(&ctlie));
        if (ctfail.len)
            doc_p(d, "Constant-time check reports: %s.", buf_str(&ctfail));
    } else {
        doc_p(d, "Constant time: not checked (./do --ct).");
    }
    {
        char id[PAGE_ID_MAX];
        char *rel = xasprintf("plots/%s/%s-compilers.svg", h->name, page_id(h, &h->targets[first], id, sizeof id));
        const char **colors = xmalloc((nser + 1) * sizeof *colors);
        char *title;
        for (k = 0; k < nser; k++)
            colors[k] = compiler_color(c->d, series[k]);
        title = xasprintf("%s on %s: median cycles per call, by compiler line", primitive_count(h, first, end) > 1 ? h->targets[first].scheme : h->targets[first].primitive,
                                h->name);
        emit_plot(c->out, d, rel, title,
                 svg_bars_colored(title, AXIS_PER_CALL(units), SCALE_LOG, 'c', 0, nrows, rows, nser, series, vals,
                                  colors));
        free((void *)colors);
        free(rel);
        free(title);
    }
    for (k = 0; k < nrows; k++)
        free(rowtext[k]);
    free(rowtext);
    free((void *)rows);
    free((void *)series);
    free(vals);
    buf_free(&fails);
    buf_free(&ctfail);
    buf_free(&ctlie);
    buf_free(&txt);
    buf_free(&over);
}
