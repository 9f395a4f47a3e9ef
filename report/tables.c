/* tables.c - the merged tables (tables/results, tables/targets,
 * tables/best, each as .txt, .md, .csv and .json), records.txt (the union
 * of every well-formed record, sorted: merging it again gives the same
 * output) and problems.txt (every line skipped, with file:line). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "units.h"

#define DASH "\xe2\x80\x93"

void emit_table(report_ctx *c, const char *base, table *t)
{
    buf b;
    char *p;
    buf_init(&b);
    tbl_text(t, &b);
    p = xasprintf("%s.txt", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_reset(&b);
    tbl_md(t, &b);
    p = xasprintf("%s.md", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_reset(&b);
    tbl_csv(t, &b);
    p = xasprintf("%s.csv", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_reset(&b);
    tbl_json(t, &b);
    p = xasprintf("%s.json", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_free(&b);
    tbl_free(t);
}

static void str_cell(table *t, const char *s)
{
    tbl_cell(t, s ? s : "");
}

/* a figure straight from a record: human form by fmt, raw form verbatim */
static void rec_cell(table *t, const ds_target *x, const char *kind, const char *op, const char *key,
                     char *(*fmt)(char *, double))
{
    cell_fig(t, fmt, fig(x, kind, op, key), figs(x, kind, op, key));
}

static char *int_fmt(char *out, double v)
{
    snprintf(out, UNITS_MAX, "%.0f", v);
    return out;
}

static char *plain3(char *out, double v)
{
    snprintf(out, UNITS_MAX, "%.3f", v);
    return out;
}

static void results_table(report_ctx *c)
{
    static const char *const head[] = {
        "host", "operation", "primitive", "implementation", "compiler", "op", "status", "best", "mean cycles",
        "median cycles", "q1", "q3", "min", "max", "median trial (cycles)", "mean time", "ops/s", "n", "trials",
        "iterations", "counter rate", "baseline RSS", "peak RSS", "stack", "heap peak", "campaign", "attempt",
        "CPU share (lowest trial)", "preempted", "constant time", "constant time: first report"};
    /* columns added later go at the end: programs reading the CSV by position keep working */
    static const char *const keys[] = {
        "host", "operation", "primitive", "implementation", "compiler", "op", "status", "best", "mean_cycles",
        "median_cycles", "q1_cycles", "q3_cycles", "min_cycles", "max_cycles", "median_trial_cycles",
        "mean_seconds", "ops_per_second", "n", "trials", "iterations", "persecond", "baseline_kib", "peak_kib",
        "stack_bytes", "heap_peak_bytes", "campaign", "attempt", "cpu_share_min", "preempted", "constant_time",
        "ct_first"};
    table *t = tbl_new(31, head, keys);
    size_t hi, i, e, ie, o;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            size_t j;
            prim_range(h, i, &e);
            for (j = i; j < e; j = ie) {
                const char *const *ops = ops_of(h->targets[j].operation);
                size_t k;
                impl_range(h, j, e, &ie);
                for (o = 0; ops[o]; o++) {
                    int usable;
                    const ds_target *best = best_line(h, j, ie, ops[o], &usable);
                    for (k = j; k < ie; k++) {
                        const ds_target *x = &h->targets[k];
                        tbl_row(t);
                        str_cell(t, h->name);
                        str_cell(t, x->operation);
                        str_cell(t, x->primitive);
                        str_cell(t, x->impl);
                        str_cell(t, x->compiler);
                        str_cell(t, ops[o]);
                        str_cell(t, x->sel ? target_status(x) : "unfinished");
                        str_cell(t, x == best ? (usable ? "best" : "best-unvalidated") : "");
                        rec_cell(t, x, "cycles", ops[o], "mean", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "median", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "q1", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "q3", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "min", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "max", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "median_trial", fmt_cycles);
                        rec_cell(t, x, "cycles", ops[o], "mean_seconds", fmt_seconds);
                        rec_cell(t, x, "cycles", ops[o], "ops_per_second", fmt_sig3);
                        rec_cell(t, x, "cycles", ops[o], "n", int_fmt);
                        rec_cell(t, x, "cycles", ops[o], "trials", int_fmt);
                        rec_cell(t, x, "cycles", ops[o], "iterations", int_fmt);
                        rec_cell(t, x, "cycles", ops[o], "persecond", fmt_hz);
                        rec_cell(t, x, "memory", ops[o], "baseline_kib", fmt_kib);
                        rec_cell(t, x, "memory", ops[o], "peak_kib", fmt_kib);
                        rec_cell(t, x, "stack", ops[o], "bytes", fmt_bytes);
                        rec_cell(t, x, "heap", ops[o], "peak_bytes", fmt_bytes);
                        str_cell(t, x->sel ? x->sel->campaign : "");
                        str_cell(t, x->sel ? x->sel->attempt : "");
                        {
                            const char *raw;
                            const ngr_record *ct = ct_of(x, ops[o]);
                            double share = min_cpu_share(x, ops[o], &raw);
                            cell_fig(t, plain3, share, raw);
                            str_cell(t, cycles_of(x, ops[o]) ? (preempted(x, ops[o]) ? "yes" : "no") : "");
                            str_cell(t, ct ? ngr_get(ct, "result") : (ct_covers(ops[o]) ? "" : "n/a"));
                            str_cell(t, ct ? ngr_get(ct, "first") : NULL);
                        }
                    }
                }
            }
        }
    }
    emit_table(c, "tables/results", t);
}

static void size_cell(table *t, const ds_target *x, const char *what)
{
    size_info s;
    char h[UNITS_MAX], r[64];
    size_of(x, what, &s);
    if (!isfinite(s.produced)) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    snprintf(r, sizeof r, "%.0f", s.produced);
    tbl_cellx(t, fmt_bytes(h, s.produced), r, 1);
}

static void targets_table(report_ctx *c)
{
    static const char *const head[] = {"host", "operation", "primitive", "implementation", "compiler", "command",
                                       "status", "KAT", "tier", "checks", "public key", "secret key",
                                       "signature / ciphertext", "shared secret", "variable length", "ELF image",
                                       "counter", "valid attempts", "unfinished attempts", "campaign", "attempt",
                                       "date", "algorithm name", "header agrees with getters", "header disagreement",
                                       "sandbox", "violations", "pinned CPU", "exported beyond the API",
                                       "ICCS symbols defined", "constant time"};
    /* columns added later go at the end (see results_table) */
    static const char *const keys[] = {"host", "operation", "primitive", "implementation", "compiler", "command",
                                       "status", "kat", "tier", "checks", "pk_bytes", "sk_bytes", "sn_ct_bytes",
                                       "ss_bytes", "variable_length", "elf_image_bytes", "counter",
                                       "valid_attempts", "unfinished_attempts", "campaign", "attempt", "date",
                                       "algname", "claims_agree", "claims_detail", "sandbox", "violations",
                                       "pinned_cpu", "symbols_extra", "iccs_symbols", "constant_time"};
    table *t = tbl_new(31, head, keys);
    size_t hi, i;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i++) {
            const ds_target *x = &h->targets[i];
            int kem = is_kem(x->operation);
            size_info s;
            char n[32];
            tbl_row(t);
            str_cell(t, h->name);
            str_cell(t, x->operation);
            str_cell(t, x->primitive);
            str_cell(t, x->impl);
            str_cell(t, x->compiler);
            str_cell(t, compiler_command(h, x));
            str_cell(t, x->sel ? target_status(x) : "unfinished");
            str_cell(t, figs(x, "kat", NULL, "status"));
            str_cell(t, figs(x, "kat", NULL, "tier"));
            str_cell(t, figs(x, "status", NULL, "checks"));
            size_cell(t, x, "pk");
            size_cell(t, x, "sk");
            size_cell(t, x, kem ? "ct" : "sn");
            if (kem)
                size_cell(t, x, "ss");
            else
                tbl_cellx(t, DASH, "", 1);
            size_of(x, kem ? "ct" : "sn", &s);
            {
                double lo = fmin(s.kmin, s.rmin), hi2 = fmax(s.kmax, s.rmax);
                /* fmin/fmax ignore a NaN argument */
                str_cell(t, isfinite(lo) && isfinite(hi2) && lo != hi2 ? "yes" : "no");
            }
            rec_cell(t, x, "elf", NULL, "image_bytes", fmt_bytes);
            str_cell(t, figs(x, "counter", NULL, "name"));
            snprintf(n, sizeof n, "%lu", (unsigned long)x->nvalid);
            tbl_cellx(t, n, NULL, 1);
            snprintf(n, sizeof n, "%lu", (unsigned long)x->nunfinished);
            tbl_cellx(t, n, NULL, 1);
            str_cell(t, x->sel ? x->sel->campaign : "");
            str_cell(t, x->sel ? x->sel->attempt : "");
            str_cell(t, x->sel && x->sel->nrecs ? x->sel->recs[0]->r.date : "");
            str_cell(t, figs(x, "claims", NULL, "algname"));
            str_cell(t, figs(x, "claims", NULL, "agree"));
            str_cell(t, figs(x, "claims", NULL, "detail"));
            str_cell(t, figs(x, "sandbox", NULL, "enforced"));
            {
                buf b;
                size_t k;
                buf_init(&b);
                for (k = 0; x->sel && k < x->sel->nrecs; k++) {
                    const ngr_record *r = &x->sel->recs[k]->r;
                    const char *w = ngr_get(r, "what"), *tg = ngr_get(r, "target"), *n2 = ngr_get(r, "count");
                    if (strcmp(r->kind, "violation") == 0)
                        buf_printf(&b, "%s%s %s (%s)", b.len ? "; " : "", w ? w : "?", tg ? tg : "?", n2 ? n2 : "?");
                }
                str_cell(t, buf_str(&b));
                buf_free(&b);
            }
            rec_cell(t, x, "pin", NULL, "cpu", int_fmt);
            rec_cell(t, x, "symbols", NULL, "extra", int_fmt);
            {
                const char *ic = figs(x, "symbols", NULL, "iccs");
                str_cell(t, ic && strcmp(ic, "-") != 0 ? ic : ic ? "" : NULL);
            }
            {
                /* over the operations the check covers: fail beats error beats pass */
                const char *const *ops = ops_of(x->operation);
                const char *v = NULL;
                size_t o;
                for (o = 0; ops[o]; o++) {
                    const ngr_record *ct = ct_of(x, ops[o]);
                    const char *res = ct ? ngr_get(ct, "result") : NULL;
                    if (!res)
                        continue;
                    if (strcmp(res, "fail") == 0)
                        v = "fail";
                    else if (strcmp(res, "pass") != 0 && (!v || strcmp(v, "pass") == 0))
                        v = "error";
                    else if (!v)
                        v = "pass";
                }
                str_cell(t, v);
            }
        }
    }
    emit_table(c, "tables/targets", t);
}

static void best_table(report_ctx *c)
{
    static const char *const head[] = {"host", "operation", "primitive", "implementation", "op", "best compiler",
                                       "validated", "median cycles", "mean cycles", "lines compared",
                                       "reference line", "reference median", "best / reference"};
    static const char *const keys[] = {"host", "operation", "primitive", "implementation", "op", "best_compiler",
                                       "validated", "median_cycles", "mean_cycles", "lines_compared",
                                       "reference_compiler", "reference_median_cycles", "ratio_to_reference"};
    table *t = tbl_new(13, head, keys);
    size_t hi, i, e, ie, o;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            size_t j;
            prim_range(h, i, &e);
            for (j = i; j < e; j = ie) {
                const char *const *ops = ops_of(h->targets[j].operation);
                const ds_target *ref;
                impl_range(h, j, e, &ie);
                ref = reference_line(c, h, j, ie);
                for (o = 0; ops[o]; o++) {
                    int usable;
                    const ds_target *b = best_line(h, j, ie, ops[o], &usable);
                    char n[32];
                    double bm, rm;
                    if (!b)
                        continue;
                    bm = cyc(b, ops[o], "median");
                    rm = ref ? cyc(ref, ops[o], "median") : NAN;
                    tbl_row(t);
                    str_cell(t, h->name);
                    str_cell(t, b->operation);
                    str_cell(t, b->primitive);
                    str_cell(t, b->impl);
                    str_cell(t, ops[o]);
                    str_cell(t, b->compiler);
                    str_cell(t, usable ? "yes" : "no");
                    rec_cell(t, b, "cycles", ops[o], "median", fmt_cycles);
                    rec_cell(t, b, "cycles", ops[o], "mean", fmt_cycles);
                    snprintf(n, sizeof n, "%lu", (unsigned long)(ie - j));
                    tbl_cellx(t, n, NULL, 1);
                    str_cell(t, ref ? ref->compiler : "");
                    if (ref)
                        rec_cell(t, ref, "cycles", ops[o], "median", fmt_cycles);
                    else
                        tbl_cellx(t, DASH, "", 1);
                    cell_fig(t, fmt_ratio, bm / rm, NULL);
                }
            }
        }
    }
    emit_table(c, "tables/best", t);
}

static void records_and_problems(report_ctx *c)
{
    buf b;
    size_t i;
    buf_init(&b);
    for (i = 0; i < c->d->nrecs; i++) {
        buf_puts(&b, c->d->recs[i].line);
        buf_putc(&b, '\n');
    }
    out_emit(c->out, "records.txt", &b);
    buf_reset(&b);
    for (i = 0; i < c->d->nproblems; i++) {
        const ds_problem *p = &c->d->problems[i];
        buf_printf(&b, "%s:%lu: %s: %s\n", p->file, p->lineno, p->why, p->excerpt);
    }
    out_emit(c->out, "problems.txt", &b);
    buf_free(&b);
}

void emit_tables(report_ctx *c)
{
    results_table(c);
    targets_table(c);
    best_table(c);
    records_and_problems(c);
}
