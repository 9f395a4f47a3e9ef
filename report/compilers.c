/* compilers.c - the compiler comparison per primitive: every compiler line
 * side by side, with its ratio to the reference line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "plots.h"
#include "report.h"
#include "units.h"


/* the compiler ids of targets[first, end), the reference line first, then sorted */
static size_t compiler_ids(const report_ctx *c, const ds_host *h, size_t first, size_t end, const char ***out)
{
    const char **ids;
    size_t n = compiler_list(h, first, end, &ids), i, k;
    for (k = 0; k < n; k++) {
        const ds_target *t = NULL;
        for (i = first; i < end && !t; i++)
            if (strcmp(h->targets[i].compiler, ids[k]) == 0)
                t = &h->targets[i];
        if (t && is_reference(c, h, t)) {
            const char *x = ids[k];
            memmove(ids + 1, ids, k * sizeof *ids);
            ids[0] = x;
            break;
        }
    }
    *out = ids;
    return n;
}

static const ds_target *find_line(const ds_host *h, size_t first, size_t end, const char *compiler)
{
    size_t i;
    for (i = first; i < end; i++)
        if (strcmp(h->targets[i].compiler, compiler) == 0)
            return &h->targets[i];
    return NULL;
}

static void compare_host(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    const char **ids;
    size_t n = compiler_ids(c, h, first, end, &ids), i, ie, o, k, nrows = 0;
    const char *const *ops = ops_of(h->targets[first].operation);
    const char **head = xmalloc((n + 2) * sizeof *head);
    table *t, *tl;
    static const char *const lhead[] = {"compiler", "command", "version", "status by implementation"};
    char **rowtext = NULL;
    double *vals = NULL;
    int have_ref = 0, anyrefpre = 0;
    char *heading;

    head[0] = "implementation";
    head[1] = "operation";
    for (k = 0; k < n; k++)
        head[k + 2] = ids[k];
    t = tbl_new(n + 2, head, NULL);
    for (i = first; i < end; i = ie) {
        impl_range(h, i, end, &ie);
        if (reference_line(c, h, i, ie))
            have_ref = 1;
    }
    for (i = first; i < end; i = ie) {
        const ds_target *ref;
        impl_range(h, i, end, &ie);
        ref = reference_line(c, h, i, ie);
        for (o = 0; ops[o]; o++) {
            int usable;
            const ds_target *best = best_line(h, i, ie, ops[o], &usable);
            double rm = ref ? headline(ref, ops[o]) : NAN;
            int refpre = ref && isfinite(rm) && untrusted(ref, ops[o]);
            tbl_row(t);
            tbl_cell(t, h->targets[i].impl);
            if (refpre) {
                char *opt = xasprintf("%s (reference preempted)", ops[o]);
                tbl_cell(t, opt);
                tbl_mark(t, MARK_WARN);
                free(opt);
                anyrefpre = 1;
            } else {
                tbl_cell(t, ops[o]);
            }
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            vals = xrealloc(vals, (nrows + 1) * n * sizeof *vals);
            rowtext[nrows] = xasprintf("%s %s", h->targets[i].impl, ops[o]);
            for (k = 0; k < n; k++) {
                const ds_target *x = find_line(h, i, ie, ids[k]);
                double m = headline(x, ops[o]);
                char s[UNITS_MAX + 8], r[UNITS_MAX], cellt[2 * UNITS_MAX + 16];
                vals[nrows * n + k] = have_ref ? m / rm : m; /* NaN without a reference: no bar */
                if (!isfinite(m)) {
                    tbl_cellx(t, DASH, "", 1);
                    continue;
                }
                fmt_ticks(s, m, unit_of(x));
                if (isfinite(rm))
                    snprintf(cellt, sizeof cellt, "%s (%s)", s, fmt_ratio(r, m / rm));
                else
                    snprintf(cellt, sizeof cellt, "%s", s);
                if (!status_usable(target_status(x)))
                    snprintf(cellt + strlen(cellt), sizeof cellt - strlen(cellt), " %s", target_status(x));
                tbl_cellx(t, cellt, headline_text(x, ops[o]), 1);
                if (x == best)
                    tbl_mark(t, MARK_BEST);
            }
            nrows++;
        }
    }
    tl = tbl_new(4, lhead, NULL);
    for (k = 0; k < n; k++) {
        buf st;
        const ds_target *any = find_line(h, first, end, ids[k]);
        buf_init(&st);
        for (i = first; i < end; i++)
            if (strcmp(h->targets[i].compiler, ids[k]) == 0)
                buf_printf(&st, "%s%s %s", st.len ? ", " : "", h->targets[i].impl, target_status(&h->targets[i]));
        tbl_row(tl);
        tbl_cell(tl, ids[k]);
        if (any && is_reference(c, h, any))
            tbl_mark(tl, MARK_BEST);
        tbl_cell(tl, any ? compiler_command(h, any) : "");
        tbl_cell(tl, compiler_version(h, ids[k], any && any->sel ? any->sel->campaign : NULL));
        tbl_cell(tl, buf_str(&st));
        buf_free(&st);
    }
    heading = xasprintf("%s", h->name);
    doc_h2(d, heading);
    if (have_ref)
        doc_p(d, "Median cycles per call of every compiler line, with its ratio to the guide's reference line (%s) "
                 "in parentheses: below 1.00 is faster than the reference. The best line per operation is in bold; "
                 "lines that did not pass carry their status.",
              c->reference);
    else
        doc_p(d, "Median cycles per call of every compiler line. The guide's reference line (%s) was not run for this "
                 "primitive on this host, so there are no ratios. The best line per operation is in bold.",
              c->reference);
    doc_table(d, t);
    if (anyrefpre)
        doc_p(d, "The reference line's figures of the operations marked \"reference preempted\" were taken while the "
                 "process was preempted (a trial's CPU share below 0.9): their ratios divide by inflated cycle "
                 "counts. Run the reference line again on a quieter host before trusting them.");
    doc_table(d, tl);
    {
        char id[PAGE_ID_MAX];
        const char **colors = xmalloc((n + 1) * sizeof *colors);
        char *rel;
        for (k = 0; k < n; k++)
            colors[k] = compiler_color(c->d, ids[k]);
        rel = xasprintf("plots/%s/%s-ratios.svg", h->name, prim_id(h, &h->targets[first], id, sizeof id));
        char *title = have_ref ? xasprintf("%s on %s: median cycles relative to %s", h->targets[first].primitive,
                                           h->name, c->reference)
                               : xasprintf("%s on %s: median cycles per call", h->targets[first].primitive, h->name);
        emit_plot(c->out, d, rel, title,
                 have_ref ? svg_bars_colored(title, "ratio to the reference line (1 = reference)", SCALE_LINEAR, 'r',
                                             1.0, nrows, (const char *const *)rowtext, n, ids, vals, colors)
                          : svg_bars_colored(title, AXIS_PER_CALL(any_unit_not_cycles(h, first, end)), SCALE_LOG,
                                             'c', 0, nrows,
                                             (const char *const *)rowtext, n, ids, vals, colors));
        free((void *)colors);
        free(rel);
        free(title);
    }
    for (k = 0; k < nrows; k++)
        free(rowtext[k]);
    free(rowtext);
    free(vals);
    free((void *)head);
    free((void *)ids);
    free(heading);
}

void emit_compilers(report_ctx *c)
{
    const char **prims;
    size_t np = all_primitives(c->d, &prims), k, hi, i, e;
    for (k = 0; k < np; k++) {
        doc d;
        char *title = xasprintf("%s: compiler comparison", prims[k]);
        char *base = xasprintf("compilers/%s", prims[k]);
        doc_init(&d, title, "../");
        doc_h1(&d, title);
        doc_p(&d, "Every okcompilers line this primitive was built and measured with, per host (cycle counts of "
                  "different hosts are not comparable). Figures from the newest valid attempt of each line.");
        for (hi = 0; hi < c->d->nhosts; hi++) {
            const ds_host *h = &c->d->hosts[hi];
            for (i = 0; i < h->ntargets; i = e) {
                prim_range(h, i, &e);
                if (strcmp(h->targets[i].primitive, prims[k]) == 0) {
                    char id[PAGE_ID_MAX];
                    char *href = xasprintf("../pages/%s/%s.html", h->name, page_id(h, &h->targets[i], id, sizeof id));
                    char *text = xasprintf("the page of %s on %s", prims[k], h->name);
                    compare_host(c, &d, h, i, e);
                    doc_link(&d, text, href);
                    free(href);
                    free(text);
                }
            }
        }
        emit_doc(c->out, base, &d);
        free(title);
        free(base);
    }
    free((void *)prims);
}
