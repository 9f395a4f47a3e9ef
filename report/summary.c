/* summary.c - the pages across primitives: the summary (one row per
 * instance: sizes and cycles per operation, with the cycles and
 * size-versus-cycles plots), the compiler comparison per primitive (every
 * compiler line side by side with its ratio to the guide's reference line)
 * and the index that links everything. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots.h"
#include "report.h"
#include "units.h"

#define DASH "\xe2\x80\x93"

void emit_doc(report_ctx *c, const char *base, doc *d)
{
    buf b;
    char *p;
    buf_init(&b);
    doc_md(d, &b);
    p = xasprintf("%s.md", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_reset(&b);
    doc_html(d, &b);
    p = xasprintf("%s.html", base);
    out_emit(c->out, p, &b);
    free(p);
    buf_free(&b);
    doc_free(d);
}

void add_plot(report_ctx *c, doc *d, const char *rel, const char *caption, char *svg)
{
    buf b;
    char *href = xasprintf("%s%s", d->root, rel);
    buf_init(&b);
    buf_puts(&b, svg);
    out_emit(c->out, rel, &b);
    doc_plot(d, caption, href, svg);
    buf_free(&b);
    free(href);
    free(svg);
}

/* ---- summary ---- */

/* the constant-time verdict over every line of an implementation
 * (targets[first, end)); returns the cell's mark */
static int ct_summary(const ds_host *h, size_t first, size_t end, buf *out)
{
    size_t i, o, pass = 0, fail = 0, err = 0, lines = 0, faillines = 0;
    int declared = 0;
    buf failops;
    buf_init(&failops);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const char *const *ops = ops_of(x->operation);
        int checked = 0, failed = 0;
        for (o = 0; ops[o]; o++) {
            const ngr_record *r = ct_of(x, ops[o]);
            const char *res, *decl;
            if (!r)
                continue;
            checked = 1;
            res = ngr_get(r, "result");
            decl = ngr_get(r, "declared");
            if (decl && strcmp(decl, "yes") == 0)
                declared = 1;
            if (res && strcmp(res, "pass") == 0) {
                pass++;
            } else if (res && strcmp(res, "fail") == 0) {
                fail++;
                failed = 1;
                if (!strstr(buf_str(&failops), ops[o]))
                    buf_printf(&failops, "%s%s", failops.len ? ", " : "", ops[o]);
            } else {
                err++;
            }
        }
        lines += checked;
        faillines += failed;
    }
    if (!lines) {
        buf_free(&failops);
        buf_puts(out, "not checked");
        return MARK_NONE;
    }
    if (fail) {
        buf_printf(out, "FAIL (%s; %lu of %lu line%s)%s", buf_str(&failops), (unsigned long)faillines,
                   (unsigned long)lines, lines == 1 ? "" : "s", declared ? ", DECLARED constant-time" : "");
        buf_free(&failops);
        return declared ? MARK_BAD : MARK_WARN;
    }
    buf_free(&failops);
    if (!pass) {
        buf_puts(out, "error (not checked)");
        return MARK_WARN;
    }
    buf_puts(out, declared ? "pass (declared)" : "pass");
    if (err)
        buf_printf(out, "; %lu check%s could not run", (unsigned long)err, err == 1 ? "" : "s");
    return err ? MARK_WARN : MARK_GOOD;
}

/* what a reader of the summary should know about an implementation beyond
 * its status: its header contradicting its getters, ICCS symbols it defines,
 * lines run without a sandbox */
static void impl_warnings(const ds_host *h, size_t first, size_t end, buf *out)
{
    size_t i;
    int claims = 0, iccs = 0, nosandbox = 0;
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const char *agree = figs(x, "claims", NULL, "agree"), *sym = figs(x, "symbols", NULL, "iccs");
        const char *sb = figs(x, "sandbox", NULL, "enforced");
        claims |= agree && strcmp(agree, "no") == 0;
        iccs |= sym && strcmp(sym, "-") != 0;
        nosandbox |= sb && strcmp(sb, "none") == 0;
    }
    if (claims)
        buf_printf(out, "%sheader sizes contradict the getters", out->len ? "; " : "");
    if (iccs)
        buf_printf(out, "%sdefines ICCS symbols itself", out->len ? "; " : "");
    if (nosandbox)
        buf_printf(out, "%sran without the sandbox", out->len ? "; " : "");
}

static void summary_host(report_ctx *c, doc *d, const ds_host *h)
{
    static const char *const head[] = {"primitive", "implementation", "type", "status", "public key",
                                       "secret key", "signature / ciphertext", "shared secret", "keygen",
                                       "sign / enc", "verify / dec", "best lines (keygen, sign/enc, verify/dec)",
                                       "constant time", "warnings"};
    table *t = tbl_new(14, head, NULL);
    size_t i, e, j, ie, o, n = 0, ns = 0;
    char **labels = NULL, **slabels = NULL;
    double *vals = NULL, *sx = NULL, *sy = NULL;
    static const char *const series[] = {"keygen", "sign / enc", "verify / dec"};
    const ngr_record *hr = host_record(h, NULL);
    const char *cpu = hr ? ngr_get(hr, "cpu") : NULL;
    char *heading = xasprintf("%s%s%s%s", h->name, cpu ? " (" : "", cpu ? cpu : "", cpu ? ")" : "");

    for (i = 0; i < h->ntargets; i = e) {
        prim_range(h, i, &e);
        for (j = i; j < e; j = ie) {
            const char *const *ops = ops_of(h->targets[j].operation);
            const ds_target *best[3];
            int usable[3], kem = is_kem(h->targets[j].operation), allok = 1;
            const ds_target *sz = NULL;
            buf lines, warn;
            char *href;
            static const char *const swhat[] = {"pk", "sk", "sn", NULL};
            static const char *const kwhat[] = {"pk", "sk", "ct", "ss"};
            size_t w;
            impl_range(h, j, e, &ie);
            for (o = 0; o < 3; o++) {
                best[o] = best_line(h, j, ie, ops[o], &usable[o]);
                if (best[o] && !usable[o])
                    allok = 0;
            }
            /* sizes and status from a line that passed, else from any */
            sz = best[0] ? best[0] : NULL;
            for (w = j; !sz && w < ie; w++)
                if (h->targets[w].sel)
                    sz = &h->targets[w];
            tbl_row(t);
            tbl_cell(t, h->targets[j].primitive);
            {
                char id[PAGE_ID_MAX];
                href = xasprintf("pages/%s/%s.html", h->name, page_id(h, &h->targets[j], id, sizeof id));
            }
            tbl_href(t, href);
            free(href);
            tbl_cell(t, h->targets[j].impl);
            tbl_cell(t, kem ? "KEM" : "signature");
            {
                const char *st = sz ? target_status(sz) : "unfinished";
                tbl_cell(t, st);
                tbl_mark(t, strcmp(st, "PASS") == 0 && allok ? MARK_GOOD : status_usable(st) ? MARK_WARN : MARK_BAD);
            }
            for (w = 0; w < 4; w++) {
                size_info si;
                char s[UNITS_MAX], r[32];
                const char *what = kem ? kwhat[w] : swhat[w];
                if (!what) {
                    tbl_cellx(t, DASH, "", 1);
                    continue;
                }
                size_of(sz, what, &si);
                if (isfinite(si.produced)) {
                    double lo = fmin(si.kmin, si.rmin), hi = fmax(si.kmax, si.rmax);
                    snprintf(r, sizeof r, "%.0f", si.produced);
                    fmt_bytes(s, si.produced);
                    if (isfinite(lo) && isfinite(hi) && lo != hi) {
                        char v[UNITS_MAX + 32];
                        snprintf(v, sizeof v, "%s (varies)", s);
                        tbl_cellx(t, v, r, 1);
                    } else {
                        tbl_cellx(t, s, r, 1);
                    }
                } else {
                    tbl_cellx(t, DASH, "", 1);
                }
            }
            buf_init(&lines);
            buf_init(&warn);
            for (o = 0; o < 3; o++) {
                const ngr_record *r = cycles_of(best[o], ops[o]);
                cell_fig(t, fmt_cycles, cyc(best[o], ops[o], "median"), r ? ngr_get(r, "median") : NULL);
                if (best[o] && preempted(best[o], ops[o])) {
                    tbl_mark(t, MARK_WARN);
                    buf_printf(&warn, "%s%s", warn.len ? ", " : "preempted: ", ops[o]);
                }
                buf_printf(&lines, "%s%s", o ? ", " : "", best[o] ? best[o]->compiler : DASH);
            }
            tbl_cell(t, buf_str(&lines));
            {
                int mark;
                buf_reset(&lines);
                mark = ct_summary(h, j, ie, &lines);
                tbl_cell(t, buf_str(&lines));
                tbl_mark(t, mark);
            }
            impl_warnings(h, j, ie, &warn);
            tbl_cell(t, warn.len ? buf_str(&warn) : "");
            if (warn.len)
                tbl_mark(t, MARK_WARN);
            buf_free(&lines);
            buf_free(&warn);
            /* plot data */
            labels = xrealloc(labels, (n + 1) * sizeof *labels);
            vals = xrealloc(vals, (n + 1) * 3 * sizeof *vals);
            labels[n] = xasprintf("%s %s", h->targets[j].primitive, h->targets[j].impl);
            for (o = 0; o < 3; o++)
                vals[n * 3 + o] = cyc(best[o], ops[o], "median");
            n++;
            if (!kem) {
                size_info si;
                size_of(sz, "sn", &si);
                slabels = xrealloc(slabels, (ns + 1) * sizeof *slabels);
                sx = xrealloc(sx, (ns + 1) * sizeof *sx);
                sy = xrealloc(sy, (ns + 1) * sizeof *sy);
                slabels[ns] = xasprintf("%s %s", h->targets[j].primitive, h->targets[j].impl);
                sx[ns] = si.produced;
                sy[ns] = cyc(best[1], ops[1], "median") + cyc(best[2], ops[2], "median");
                ns++;
            }
        }
    }
    doc_h2(d, heading);
    doc_table(d, t);
    {
        char *rel = xasprintf("plots/%s/cycles.svg", h->name);
        char *title = xasprintf("%s: median cycles per operation (best line)", h->name);
        add_plot(c, d, rel, title,
                 svg_bars(title, "cycles per call (log scale)", SCALE_LOG, 'c', 0, n, (const char *const *)labels, 3,
                          series, vals));
        free(rel);
        free(title);
    }
    if (ns) {
        char *rel = xasprintf("plots/%s/size-vs-cycles.svg", h->name);
        char *title = xasprintf("%s: signature size vs sign + verify cycles", h->name);
        add_plot(c, d, rel, title,
                 svg_scatter(title, "signature bytes (log scale)", "sign + verify cycles (log scale)", ns,
                             (const char *const *)slabels, sx, sy));
        free(rel);
        free(title);
    }
    for (i = 0; i < n; i++)
        free(labels[i]);
    for (i = 0; i < ns; i++)
        free(slabels[i]);
    free(labels);
    free(slabels);
    free(vals);
    free(sx);
    free(sy);
    free(heading);
}

void emit_summary(report_ctx *c)
{
    doc d;
    size_t hi;
    doc_init(&d, "ngbench summary", "");
    doc_h1(&d, "ngbench summary: sizes and cycles per operation");
    doc_p(&d, "One row per instance (primitive and implementation) and host. Cycles: the median cycles per call of "
              "the best compiler line for each operation (the lowest median among the lines that passed their KAT "
              "and checks, else the lowest of all lines, whose status is then shown). Sizes in bytes as produced by "
              "the code. Constant time: the ./do --ct check over every line of the implementation. Warnings: "
              "figures taken while the process was preempted (unreliable), a header whose sizes contradict the "
              "getters, ICCS symbols defined by the implementation, runs without the sandbox. Each "
              "primitive links to its page.");
    for (hi = 0; hi < c->d->nhosts; hi++)
        summary_host(c, &d, &c->d->hosts[hi]);
    if (c->d->nhosts == 0)
        doc_p(&d, "No records.");
    emit_doc(c, "summary", &d);
}

/* ---- compiler comparison ---- */

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
    int have_ref = 0;
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
            double rm = ref ? cyc(ref, ops[o], "median") : NAN;
            tbl_row(t);
            tbl_cell(t, h->targets[i].impl);
            tbl_cell(t, ops[o]);
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            vals = xrealloc(vals, (nrows + 1) * n * sizeof *vals);
            rowtext[nrows] = xasprintf("%s %s", h->targets[i].impl, ops[o]);
            for (k = 0; k < n; k++) {
                const ds_target *x = find_line(h, i, ie, ids[k]);
                double m = cyc(x, ops[o], "median");
                char s[UNITS_MAX], r[UNITS_MAX], cellt[2 * UNITS_MAX + 8];
                vals[nrows * n + k] = have_ref ? m / rm : m; /* NaN without a reference: no bar */
                if (!isfinite(m)) {
                    tbl_cellx(t, DASH, "", 1);
                    continue;
                }
                fmt_cycles(s, m);
                if (isfinite(rm))
                    snprintf(cellt, sizeof cellt, "%s (%s)", s, fmt_ratio(r, m / rm));
                else
                    snprintf(cellt, sizeof cellt, "%s", s);
                if (!status_usable(target_status(x)))
                    snprintf(cellt + strlen(cellt), sizeof cellt - strlen(cellt), " %s", target_status(x));
                tbl_cellx(t, cellt, ngr_get(cycles_of(x, ops[o]), "median"), 1);
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
    doc_table(d, tl);
    {
        char id[PAGE_ID_MAX];
        char *rel = xasprintf("plots/%s/%s-ratios.svg", h->name, page_id(h, &h->targets[first], id, sizeof id));
        char *title = have_ref ? xasprintf("%s on %s: median cycles relative to %s", h->targets[first].primitive,
                                           h->name, c->reference)
                               : xasprintf("%s on %s: median cycles per call", h->targets[first].primitive, h->name);
        add_plot(c, d, rel, title,
                 have_ref ? svg_bars(title, "ratio to the reference line (1 = reference)", SCALE_LINEAR, 'r', 1.0,
                                     nrows, (const char *const *)rowtext, n, ids, vals)
                          : svg_bars(title, "cycles per call (log scale)", SCALE_LOG, 'c', 0, nrows,
                                     (const char *const *)rowtext, n, ids, vals));
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

/* the primitives over all hosts, sorted (each once) */
static size_t all_primitives(const dataset *d, const char ***out)
{
    const char **p = NULL;
    size_t n = 0, cap = 0, hi, i, k;
    for (hi = 0; hi < d->nhosts; hi++)
        for (i = 0; i < d->hosts[hi].ntargets; i++) {
            const char *x = d->hosts[hi].targets[i].primitive;
            for (k = 0; k < n; k++)
                if (strcmp(p[k], x) == 0)
                    break;
            if (k < n)
                continue;
            p = xgrow(p, &cap, n + 1, sizeof *p);
            p[n++] = x;
        }
    for (k = 1; k < n; k++) {
        const char *x = p[k];
        size_t m = k;
        while (m > 0 && strcmp(p[m - 1], x) > 0) {
            p[m] = p[m - 1];
            m--;
        }
        p[m] = x;
    }
    *out = p;
    return n;
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
        emit_doc(c, base, &d);
        free(title);
        free(base);
    }
    free((void *)prims);
}

/* ---- index ---- */

void emit_index(report_ctx *c)
{
    doc d;
    const char **prims;
    size_t np = all_primitives(c->d, &prims), k, hi, i, e, ntargets = 0;
    static const char *const tables[][2] = {
        {"results", "one row per host, primitive, implementation, compiler line and operation"},
        {"targets", "one row per host, primitive, implementation and compiler line: status, sizes, attempts"},
        {"best", "the best compiler line per host, primitive, implementation and operation"}};
    static const char *const fmts[] = {"txt", "md", "csv", "json"};
    for (hi = 0; hi < c->d->nhosts; hi++)
        ntargets += c->d->hosts[hi].ntargets;
    doc_init(&d, "ngbench results", "");
    doc_h1(&d, "ngbench results");
    doc_p(&d, "Merged by ngbench-report %s from %lu data file%s: %lu lines, %lu unique records (%lu duplicate%s), "
              "%lu line%s skipped (problems.txt), %lu host%s, %lu target%s. Regenerate with ./do merge; audit with "
              "ngbench-report check.",
          c->version, (unsigned long)c->d->nfiles, c->d->nfiles == 1 ? "" : "s", c->d->lines,
          (unsigned long)c->d->nrecs, c->d->duplicates, c->d->duplicates == 1 ? "" : "s",
          (unsigned long)c->d->nproblems, c->d->nproblems == 1 ? "" : "s", (unsigned long)c->d->nhosts,
          c->d->nhosts == 1 ? "" : "s", (unsigned long)ntargets, ntargets == 1 ? "" : "s");
    doc_link(&d, "Summary: sizes and cycles per operation of every instance", "summary.html");
    doc_h2(&d, "Pages per primitive and host");
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            char *text, *href;
            prim_range(h, i, &e);
            text = xasprintf("%s on %s", h->targets[i].primitive, h->name);
            {
                char id[PAGE_ID_MAX];
                href = xasprintf("pages/%s/%s.html", h->name, page_id(h, &h->targets[i], id, sizeof id));
            }
            doc_link(&d, text, href);
            free(text);
            free(href);
        }
    }
    doc_h2(&d, "Compiler comparison per primitive");
    for (k = 0; k < np; k++) {
        char *href = xasprintf("compilers/%s.html", prims[k]);
        doc_link(&d, prims[k], href);
        free(href);
    }
    doc_h2(&d, "Tables");
    for (k = 0; k < 3; k++) {
        size_t f;
        doc_p(&d, "%s: %s", tables[k][0], tables[k][1]);
        for (f = 0; f < 4; f++) {
            char *href = xasprintf("tables/%s.%s", tables[k][0], fmts[f]);
            doc_link(&d, href, href);
            free(href);
        }
    }
    doc_h2(&d, "Data");
    doc_link(&d,
             "records.txt: every well-formed record of every input, sorted and de-duplicated (a complete input "
             "for a later merge)",
             "records.txt");
    doc_link(&d, "problems.txt: the lines skipped, with file:line", "problems.txt");
    doc_link(&d, "evidence.sha256: digests of the raw evidence the pages index", "evidence.sha256");
    doc_link(&d, "SHA256SUMS: digests of every file of this output", "SHA256SUMS");
    emit_doc(c, "index", &d);
    free((void *)prims);
}

void emit_all(report_ctx *c)
{
    emit_tables(c);
    emit_pages(c);
    emit_summary(c);
    emit_compilers(c);
    emit_index(c);
}
