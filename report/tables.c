/* tables.c - the merged tables (tables/results, tables/targets,
 * tables/best, each as .txt, .md, .csv and .json), records.txt (the union
 * of every well-formed record, sorted: merging it again gives the same
 * output) and problems.txt (every line skipped, with file:line). Each table
 * is a list of column specs: a title, a key for programs and the cell a row
 * gives it. Columns added later go at the end: programs reading the CSV by
 * position keep working. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "report.h"
#include "units.h"

/* a row of a merged table: a line of one host, and an operation (results,
 * best) with the line's group (best: the best line and the reference) */
typedef struct {
    const ds_host *h;
    const ds_target *x;
    const char *op;
    const ds_target *best, *ref;
    int usable;
    size_t lines; /* lines compared (best) */
} row;

#define NCOLS(a) (sizeof(a) / sizeof(a)[0])

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

/* ---- cells ---- */

/* a figure straight from a record of col->kind, key col->field (of the
 * row's operation when col->arg is not NULL): human form by col->fmt, raw
 * form verbatim */
static void c_rec(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    const char *op = col->arg ? r->op : NULL;
    cell_fig(t, col->fmt, fig(r->x, col->kind, op, col->field), figs(r->x, col->kind, op, col->field));
}
#define OP ((const void *)1) /* c_rec: the figure of the row's operation */

static void c_host(table *t, const void *p, const colspec *col)
{
    (void)col;
    cell_str(t, ((const row *)p)->h->name);
}

/* the target's name fields: col->field is one of operation, primitive, impl, compiler */
static void c_name(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    const char *f = col->sel;
    cell_str(t, strcmp(f, "operation") == 0 ? x->operation : strcmp(f, "primitive") == 0 ? x->primitive
                : strcmp(f, "impl") == 0 ? x->impl : x->compiler);
}

static void c_op(table *t, const void *p, const colspec *col)
{
    (void)col;
    cell_str(t, ((const row *)p)->op);
}

static void c_status(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    (void)col;
    cell_str(t, x->sel ? target_status(x) : "unfinished");
}

/* a text field of a record (col->kind, col->field) */
static void c_text(table *t, const void *p, const colspec *col)
{
    cell_str(t, figs(((const row *)p)->x, col->kind, NULL, col->field));
}

static void c_best_mark(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, r->x == r->best ? (r->usable ? "best" : "best-unvalidated") : "");
}

static void c_attempt(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    cell_str(t, !x->sel ? "" : col->field == NGF_campaign ? x->sel->campaign : x->sel->attempt);
}

static void c_cpu_share(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    const char *raw;
    double share = min_cpu_share(r->x, r->op, &raw);
    (void)col;
    cell_fig(t, plain3, share, raw);
}

static void c_preempted(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, cycles_of(r->x, r->op) ? (preempted(r->x, r->op) ? "yes" : "no") : "");
}

/* a text field of the row's operation's record (col->kind, col->field) */
static void c_optext(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    cell_str(t, figs(r->x, col->kind, r->op, col->field));
}

/* the headline median (the median in older records) */
static void c_headline(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    cell_fig(t, col->fmt, headline(r->x, r->op), headline_text(r->x, r->op));
}

/* what the counter counts: cycles, ticks or ns */
static void c_unit(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, cycles_of(r->x, r->op) ? unit_of(r->x) : "");
}

static void c_ct(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    const ngr_record *ct = ct_of(r->x, r->op);
    if (col->field == NGF_first)
        cell_str(t, ct ? ngr_get(ct, NGF_first) : NULL);
    else
        cell_str(t, ct ? ngr_get(ct, NGF_result) : (ct_covers(r->op) ? "" : "n/a"));
}

static const colspec results_cols[] = {
    {"host", "host", c_host, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"operation", "operation", c_name, NGK__NONE, NGF__NONE, "operation", NULL, NULL},
    {"primitive", "primitive", c_name, NGK__NONE, NGF__NONE, "primitive", NULL, NULL},
    {"implementation", "implementation", c_name, NGK__NONE, NGF__NONE, "impl", NULL, NULL},
    {"compiler", "compiler", c_name, NGK__NONE, NGF__NONE, "compiler", NULL, NULL},
    {"op", "op", c_op, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"status", "status", c_status, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"best", "best", c_best_mark, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"mean cycles", "mean_cycles", c_rec, NGK_cycles, NGF_mean, NULL, fmt_cycles, OP},
    {"median cycles", "median_cycles", c_rec, NGK_cycles, NGF_median, NULL, fmt_cycles, OP},
    {"q1", "q1_cycles", c_rec, NGK_cycles, NGF_q1, NULL, fmt_cycles, OP},
    {"q3", "q3_cycles", c_rec, NGK_cycles, NGF_q3, NULL, fmt_cycles, OP},
    {"min", "min_cycles", c_rec, NGK_cycles, NGF_min, NULL, fmt_cycles, OP},
    {"max", "max_cycles", c_rec, NGK_cycles, NGF_max, NULL, fmt_cycles, OP},
    {"median trial (cycles)", "median_trial_cycles", c_rec, NGK_cycles, NGF_median_trial, NULL, fmt_cycles, OP},
    {"mean time", "mean_seconds", c_rec, NGK_cycles, NGF_mean_seconds, NULL, fmt_seconds, OP},
    {"ops/s", "ops_per_second", c_rec, NGK_cycles, NGF_ops_per_second, NULL, fmt_sig3, OP},
    {"n", "n", c_rec, NGK_cycles, NGF_n, NULL, int_fmt, OP},
    {"trials", "trials", c_rec, NGK_cycles, NGF_trials, NULL, int_fmt, OP},
    {"iterations", "iterations", c_rec, NGK_cycles, NGF_iterations, NULL, int_fmt, OP},
    {"counter rate", "persecond", c_rec, NGK_cycles, NGF_persecond, NULL, fmt_hz, OP},
    {"unit", "unit", c_unit, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"headline", "headline", c_headline, NGK__NONE, NGF__NONE, NULL, fmt_cycles, NULL},
    {"headline estimator", "estimator", c_optext, NGK_cycles, NGF_estimator, NULL, NULL, NULL},
    {"clean calls", "clean_n", c_rec, NGK_cycles, NGF_clean_n, NULL, int_fmt, OP},
    {"on-CPU median", "oncpu_median", c_rec, NGK_cycles, NGF_oncpu_median, NULL, fmt_cycles, OP},
    {"baseline RSS", "baseline_kib", c_rec, NGK_memory, NGF_baseline_kib, NULL, fmt_kib, OP},
    {"peak RSS", "peak_kib", c_rec, NGK_memory, NGF_peak_kib, NULL, fmt_kib, OP},
    {"stack", "stack_bytes", c_rec, NGK_stack, NGF_bytes, NULL, fmt_bytes, OP},
    {"heap peak", "heap_peak_bytes", c_rec, NGK_heap, NGF_peak_bytes, NULL, fmt_bytes, OP},
    {"campaign", "campaign", c_attempt, NGK__NONE, NGF_campaign, NULL, NULL, NULL},
    {"attempt", "attempt", c_attempt, NGK__NONE, NGF_attempt, NULL, NULL, NULL},
    {"CPU share (lowest trial)", "cpu_share_min", c_cpu_share, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"preempted", "preempted", c_preempted, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"constant time", "constant_time", c_ct, NGK_ct, NGF_result, NULL, NULL, NULL},
    {"constant time: first report", "ct_first", c_ct, NGK_ct, NGF_first, NULL, NULL, NULL},
};

static void results_table(report_ctx *c)
{
    table *t = tbl_spec(results_cols, NCOLS(results_cols));
    size_t hi, i, e, ie, o, j, k;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            prim_range(h, i, &e);
            for (j = i; j < e; j = ie) {
                const char *const *ops = ops_of(h->targets[j].operation);
                impl_range(h, j, e, &ie);
                for (o = 0; ops[o]; o++) {
                    row r;
                    memset(&r, 0, sizeof r);
                    r.h = h;
                    r.op = ops[o];
                    r.best = best_line(h, j, ie, ops[o], &r.usable);
                    for (k = j; k < ie; k++) {
                        r.x = &h->targets[k];
                        tbl_spec_row(t, results_cols, NCOLS(results_cols), &r);
                    }
                }
            }
        }
    }
    emit_table(c->out, "tables/results", t);
}

/* ---- targets ---- */

static void c_command(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, compiler_command(r->h, r->x));
}

/* a size as produced (col->field: pk, sk, sn/ct, ss); "sn-ct": the
 * signature or the ciphertext, "ss": a KEM's shared secret, DASH for a
 * signature */
static const char *size_what(const row *r, const char *field)
{
    int kem = is_kem(r->x->operation);
    if (strcmp(field, "sn-ct") == 0)
        return kem ? "ct" : "sn";
    if (strcmp(field, "ss") == 0)
        return kem ? "ss" : NULL;
    return field;
}

static void c_size(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    const char *what = size_what(r, col->sel);
    size_info s;
    char h[UNITS_MAX], raw[64];
    if (!what) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    size_of(r->x, what, &s);
    if (!isfinite(s.produced)) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    snprintf(raw, sizeof raw, "%.0f", s.produced);
    tbl_cellx(t, fmt_bytes(h, s.produced), raw, 1);
}

static void c_variable(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    size_info s;
    double lo, hi;
    (void)col;
    size_of(r->x, is_kem(r->x->operation) ? "ct" : "sn", &s);
    /* fmin/fmax ignore a NaN argument */
    lo = fmin(s.kmin, s.rmin);
    hi = fmax(s.kmax, s.rmax);
    cell_str(t, isfinite(lo) && isfinite(hi) && lo != hi ? "yes" : "no");
}

static void c_count(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    char n[32];
    snprintf(n, sizeof n, "%lu", (unsigned long)(strcmp(col->sel, "valid") == 0 ? x->nvalid : x->nunfinished));
    tbl_cellx(t, n, NULL, 1);
}

static void c_date(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    (void)col;
    cell_str(t, x->sel && x->sel->nrecs ? x->sel->recs[0]->r.date : "");
}

static void c_violations(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    buf b;
    size_t k;
    (void)col;
    buf_init(&b);
    for (k = 0; x->sel && k < x->sel->nrecs; k++) {
        const ngr_record *r = &x->sel->recs[k]->r;
        const char *w, *tg, *n;
        if (r->kid != NGK_violation)
            continue;
        w = ngr_get(r, NGF_what), tg = ngr_get(r, NGF_target), n = ngr_get(r, NGF_count);
        buf_printf(&b, "%s%s %s (%s)", b.len ? "; " : "", w ? w : "?", tg ? tg : "?", n ? n : "?");
    }
    cell_str(t, buf_str(&b));
    buf_free(&b);
}

static void c_iccs(table *t, const void *p, const colspec *col)
{
    const char *ic = figs(((const row *)p)->x, NGK_symbols, NULL, NGF_iccs);
    (void)col;
    cell_str(t, ic && strcmp(ic, "-") != 0 ? ic : ic ? "" : NULL);
}

/* over the operations the check covers: fail beats error beats pass */
static void c_ct_all(table *t, const void *p, const colspec *col)
{
    const ds_target *x = ((const row *)p)->x;
    const char *const *ops = ops_of(x->operation);
    const char *v = NULL;
    size_t o;
    (void)col;
    for (o = 0; ops[o]; o++) {
        const ngr_record *ct = ct_of(x, ops[o]);
        const char *res = ct ? ngr_get(ct, NGF_result) : NULL;
        if (!res)
            continue;
        if (strcmp(res, "fail") == 0)
            v = "fail";
        else if (strcmp(res, "pass") != 0 && (!v || strcmp(v, "pass") == 0))
            v = "error";
        else if (!v)
            v = "pass";
    }
    cell_str(t, v);
}

static const colspec targets_cols[] = {
    {"host", "host", c_host, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"operation", "operation", c_name, NGK__NONE, NGF__NONE, "operation", NULL, NULL},
    {"primitive", "primitive", c_name, NGK__NONE, NGF__NONE, "primitive", NULL, NULL},
    {"implementation", "implementation", c_name, NGK__NONE, NGF__NONE, "impl", NULL, NULL},
    {"compiler", "compiler", c_name, NGK__NONE, NGF__NONE, "compiler", NULL, NULL},
    {"command", "command", c_command, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"status", "status", c_status, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"KAT", "kat", c_text, NGK_kat, NGF_status, NULL, NULL, NULL},
    {"tier", "tier", c_text, NGK_kat, NGF_tier, NULL, NULL, NULL},
    {"checks", "checks", c_text, NGK_status, NGF_checks, NULL, NULL, NULL},
    {"public key", "pk_bytes", c_size, NGK__NONE, NGF__NONE, "pk", NULL, NULL},
    {"secret key", "sk_bytes", c_size, NGK__NONE, NGF__NONE, "sk", NULL, NULL},
    {"signature / ciphertext", "sn_ct_bytes", c_size, NGK__NONE, NGF__NONE, "sn-ct", NULL, NULL},
    {"shared secret", "ss_bytes", c_size, NGK__NONE, NGF__NONE, "ss", NULL, NULL},
    {"variable length", "variable_length", c_variable, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"ELF image", "elf_image_bytes", c_rec, NGK_elf, NGF_image_bytes, NULL, fmt_bytes, NULL},
    {"counter", "counter", c_text, NGK_counter, NGF_name, NULL, NULL, NULL},
    {"valid attempts", "valid_attempts", c_count, NGK__NONE, NGF__NONE, "valid", NULL, NULL},
    {"unfinished attempts", "unfinished_attempts", c_count, NGK__NONE, NGF__NONE, "unfinished", NULL, NULL},
    {"campaign", "campaign", c_attempt, NGK__NONE, NGF_campaign, NULL, NULL, NULL},
    {"attempt", "attempt", c_attempt, NGK__NONE, NGF_attempt, NULL, NULL, NULL},
    {"date", "date", c_date, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"algorithm name", "algname", c_text, NGK_claims, NGF_algname, NULL, NULL, NULL},
    {"header agrees with getters", "claims_agree", c_text, NGK_claims, NGF_agree, NULL, NULL, NULL},
    {"header disagreement", "claims_detail", c_text, NGK_claims, NGF_detail, NULL, NULL, NULL},
    {"sandbox", "sandbox", c_text, NGK_sandbox, NGF_enforced, NULL, NULL, NULL},
    {"violations", "violations", c_violations, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"pinned CPU", "pinned_cpu", c_rec, NGK_pin, NGF_cpu, NULL, int_fmt, NULL},
    {"exported beyond the API", "symbols_extra", c_rec, NGK_symbols, NGF_extra, NULL, int_fmt, NULL},
    {"ICCS symbols defined", "iccs_symbols", c_iccs, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"constant time", "constant_time", c_ct_all, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
};

static void targets_table(report_ctx *c)
{
    table *t = tbl_spec(targets_cols, NCOLS(targets_cols));
    size_t hi, i;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i++) {
            row r;
            memset(&r, 0, sizeof r);
            r.h = h;
            r.x = &h->targets[i];
            tbl_spec_row(t, targets_cols, NCOLS(targets_cols), &r);
        }
    }
    emit_table(c->out, "tables/targets", t);
}

/* ---- best ---- */

static void c_validated(table *t, const void *p, const colspec *col)
{
    (void)col;
    cell_str(t, ((const row *)p)->usable ? "yes" : "no");
}

static void c_lines(table *t, const void *p, const colspec *col)
{
    char n[32];
    (void)col;
    snprintf(n, sizeof n, "%lu", (unsigned long)((const row *)p)->lines);
    tbl_cellx(t, n, NULL, 1);
}

static void c_ref_name(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, r->ref ? r->ref->compiler : "");
}

static void c_ref_median(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    if (r->ref)
        cell_fig(t, col->fmt, cyc(r->ref, r->op, NGF_median), figs(r->ref, NGK_cycles, r->op, NGF_median));
    else
        tbl_cellx(t, DASH, "", 1);
}

static void c_ratio(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    double rm = r->ref ? cyc(r->ref, r->op, NGF_median) : NAN;
    cell_fig(t, col->fmt, cyc(r->x, r->op, NGF_median) / rm, NULL);
}

static void c_ref_preempted(table *t, const void *p, const colspec *col)
{
    const row *r = p;
    (void)col;
    cell_str(t, r->ref && cycles_of(r->ref, r->op) ? (preempted(r->ref, r->op) ? "yes" : "no") : "");
}

static const colspec best_cols[] = {
    {"host", "host", c_host, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"operation", "operation", c_name, NGK__NONE, NGF__NONE, "operation", NULL, NULL},
    {"primitive", "primitive", c_name, NGK__NONE, NGF__NONE, "primitive", NULL, NULL},
    {"implementation", "implementation", c_name, NGK__NONE, NGF__NONE, "impl", NULL, NULL},
    {"op", "op", c_op, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"best compiler", "best_compiler", c_name, NGK__NONE, NGF__NONE, "compiler", NULL, NULL},
    {"validated", "validated", c_validated, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"median cycles", "median_cycles", c_rec, NGK_cycles, NGF_median, NULL, fmt_cycles, OP},
    {"mean cycles", "mean_cycles", c_rec, NGK_cycles, NGF_mean, NULL, fmt_cycles, OP},
    {"lines compared", "lines_compared", c_lines, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"reference line", "reference_compiler", c_ref_name, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"reference median", "reference_median_cycles", c_ref_median, NGK__NONE, NGF__NONE, NULL, fmt_cycles, NULL},
    {"best / reference", "ratio_to_reference", c_ratio, NGK__NONE, NGF__NONE, NULL, fmt_ratio, NULL},
    {"preempted", "preempted", c_preempted, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
    {"reference preempted", "reference_preempted", c_ref_preempted, NGK__NONE, NGF__NONE, NULL, NULL, NULL},
};

static void best_table(report_ctx *c)
{
    table *t = tbl_spec(best_cols, NCOLS(best_cols));
    size_t hi, i, e, ie, o, j;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            prim_range(h, i, &e);
            for (j = i; j < e; j = ie) {
                const char *const *ops = ops_of(h->targets[j].operation);
                impl_range(h, j, e, &ie);
                for (o = 0; ops[o]; o++) {
                    row r;
                    memset(&r, 0, sizeof r);
                    r.h = h;
                    r.op = ops[o];
                    r.ref = reference_line(c, h, j, ie);
                    r.x = r.best = best_line(h, j, ie, ops[o], &r.usable);
                    r.lines = ie - j;
                    if (r.x)
                        tbl_spec_row(t, best_cols, NCOLS(best_cols), &r);
                }
            }
        }
    }
    emit_table(c->out, "tables/best", t);
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
