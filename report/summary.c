/* summary.c - the summary across primitives: one row per instance and
 * host (sizes, cycles per operation, constant time, warnings) with the
 * cycles and size-versus-cycles plots. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "plots.h"
#include "report.h"
#include "runinfo.h"
#include "units.h"

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
            res = ngr_get(r, NGF_result);
            decl = ngr_get(r, NGF_declared);
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
        const char *agree = figs(x, NGK_claims, NULL, NGF_agree), *sym = figs(x, NGK_symbols, NULL, NGF_iccs);
        const char *sb = figs(x, NGK_sandbox, NULL, NGF_enforced);
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
    const char *cpu = hr ? ngr_get(hr, NGF_cpu) : NULL;
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
                cell_fig(t, fmt_cycles, headline(best[o], ops[o]), r ? headline_text(best[o], ops[o]) : NULL);
                if (best[o] && strcmp(unit_of(best[o]), "cycles") != 0)
                    buf_printf(&warn, "%sin %s, not cycles: %s", warn.len ? ", " : "", unit_of(best[o]), ops[o]);
                if (best[o] && untrusted(best[o], ops[o])) {
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
                vals[n * 3 + o] = headline(best[o], ops[o]);
            n++;
            if (!kem) {
                size_info si;
                size_of(sz, "sn", &si);
                slabels = xrealloc(slabels, (ns + 1) * sizeof *slabels);
                sx = xrealloc(sx, (ns + 1) * sizeof *sx);
                sy = xrealloc(sy, (ns + 1) * sizeof *sy);
                slabels[ns] = xasprintf("%s %s", h->targets[j].primitive, h->targets[j].impl);
                sx[ns] = si.produced;
                sy[ns] = headline(best[1], ops[1]) + headline(best[2], ops[2]);
                ns++;
            }
        }
    }
    doc_h2(d, heading);
    doc_table(d, t);
    {
        char *rel = xasprintf("plots/%s/cycles.svg", h->name);
        char *title = xasprintf("%s: median cycles per operation (best line)", h->name);
        emit_plot(c->out, d, rel, title,
                 svg_bars(title, AXIS_PER_CALL(any_unit_not_cycles(h, 0, h->ntargets)), SCALE_LOG, 'c', 0, n,
                          (const char *const *)labels, 3,
                          series, vals));
        free(rel);
        free(title);
    }
    if (ns) {
        char *rel = xasprintf("plots/%s/size-vs-cycles.svg", h->name);
        char *title = xasprintf("%s: signature size vs sign + verify cycles", h->name);
        emit_plot(c->out, d, rel, title,
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

/* ---- across hosts ---- */

typedef struct {
    const char *operation, *primitive, *impl;
} instance;

static int cmp_instance(const void *a, const void *b)
{
    const instance *x = a, *y = b;
    int c = strcmp(x->primitive, y->primitive);
    if (c)
        return c;
    if ((c = strcmp(x->operation, y->operation)) != 0)
        return c;
    return strcmp(x->impl, y->impl);
}

/* [*first, *end): the lines of instance k on h; 0 when h has none */
static int find_instance(const ds_host *h, const instance *k, size_t *first, size_t *end)
{
    size_t i;
    for (i = 0; i < h->ntargets; i++) {
        const ds_target *x = &h->targets[i];
        if (strcmp(x->primitive, k->primitive) == 0 && strcmp(x->operation, k->operation) == 0 &&
            strcmp(x->impl, k->impl) == 0) {
            *first = i;
            impl_range(h, i, h->ntargets, end);
            return 1;
        }
    }
    return 0;
}

/* eBACS style: one row per instance and operation, one column per host, the
 * best line's median cycles in each cell */
static void across_hosts(report_ctx *c, doc *d)
{
    instance *ks = NULL;
    size_t nk = 0, cap = 0, hi, i, e, k, o, w = 0;
    const char **head = xmalloc((c->d->nhosts + 2) * sizeof *head);
    table *t;
    int anypre = 0;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            impl_range(h, i, h->ntargets, &e);
            ks = xgrow(ks, &cap, nk + 1, sizeof *ks);
            ks[nk].operation = h->targets[i].operation;
            ks[nk].primitive = h->targets[i].primitive;
            ks[nk].impl = h->targets[i].impl;
            nk++;
        }
    }
    qsort(ks, nk, sizeof *ks, cmp_instance);
    for (k = 0; k < nk; k++)
        if (w == 0 || cmp_instance(&ks[w - 1], &ks[k]) != 0)
            ks[w++] = ks[k];
    nk = w;
    head[0] = "instance";
    head[1] = "operation";
    for (hi = 0; hi < c->d->nhosts; hi++)
        head[hi + 2] = c->d->hosts[hi].name;
    t = tbl_new(c->d->nhosts + 2, head, NULL);
    for (k = 0; k < nk; k++) {
        const char *const *ops = ops_of(ks[k].operation);
        for (o = 0; ops[o]; o++) {
            char *name = xasprintf("%s %s", ks[k].primitive, ks[k].impl);
            tbl_row(t);
            tbl_cell(t, name);
            free(name);
            tbl_cell(t, ops[o]);
            for (hi = 0; hi < c->d->nhosts; hi++) {
                const ds_host *h = &c->d->hosts[hi];
                size_t first, end;
                int usable;
                const ds_target *b = find_instance(h, &ks[k], &first, &end) ? best_line(h, first, end, ops[o], &usable)
                                                                           : NULL;
                char s[UNITS_MAX + 8], cellt[UNITS_MAX + NGR_NAME_MAX + 16];
                if (!b) {
                    tbl_cellx(t, DASH, "", 1);
                    continue;
                }
                snprintf(cellt, sizeof cellt, "%s (%s)", fmt_ticks(s, headline(b, ops[o]), unit_of(b)), b->compiler);
                tbl_cellx(t, cellt, headline_text(b, ops[o]), 1);
                if (untrusted(b, ops[o]) || !usable) {
                    tbl_mark(t, MARK_WARN);
                    anypre |= untrusted(b, ops[o]);
                }
            }
        }
    }
    doc_h2(d, "Across hosts");
    doc_p(d, "Median cycles per call of the best compiler line (in parentheses) of every instance and operation on "
             "every host, side by side as eBACS shows machines. Counter ticks of different hosts are different "
             "units (section 2 of each page names the counter and its rate), so compare rows within a column, or "
             "a host's ratios.%s",
          anypre ? " Marked: figures that were preempted (no clean line on that host) or from a line that did not "
                   "pass."
                 : "");
    doc_table(d, t);
    free((void *)head);
    free(ks);
}

/* hosts that built one target from different sources or compiler lines (the
 * build records' digest), and hosts that ran different ngbench versions or
 * commits (their run records): merged figures then do not compare like for like */
static void consistency(report_ctx *c, doc *d)
{
    buf b;
    size_t hi, hj, i, j;
    buf_init(&b);
    for (hi = 0; hi < c->d->nhosts; hi++)
        for (hj = hi + 1; hj < c->d->nhosts; hj++) {
            const ds_host *x = &c->d->hosts[hi], *y = &c->d->hosts[hj];
            const char *vx = NULL, *vy = NULL;
            for (i = 0; i < x->nruns; i++)
                if (ngr_get(&x->runs[i]->r, NGF_version))
                    vx = xasprintf("%s (commit %s)", ngr_get(&x->runs[i]->r, NGF_version),
                                   ngr_get(&x->runs[i]->r, NGF_commit) ? ngr_get(&x->runs[i]->r, NGF_commit) : "-");
            for (i = 0; i < y->nruns; i++)
                if (ngr_get(&y->runs[i]->r, NGF_version))
                    vy = xasprintf("%s (commit %s)", ngr_get(&y->runs[i]->r, NGF_version),
                                   ngr_get(&y->runs[i]->r, NGF_commit) ? ngr_get(&y->runs[i]->r, NGF_commit) : "-");
            if (vx && vy && strcmp(vx, vy) != 0)
                buf_printf(&b, "%s ran ngbench %s, %s ran %s. ", x->name, vx, y->name, vy);
            free((void *)vx);
            free((void *)vy);
            for (i = 0; i < x->ntargets; i++) {
                const ds_target *t = &x->targets[i];
                const ngr_record *bx = t->sel ? ds_first(t->sel, NGK_build, NGF__NONE, NULL) : NULL;
                const char *dx = bx ? ngr_get(bx, NGF_digest) : NULL;
                if (!dx)
                    continue;
                for (j = 0; j < y->ntargets; j++) {
                    const ds_target *u = &y->targets[j];
                    const ngr_record *by;
                    const char *dy;
                    if (strcmp(t->operation, u->operation) || strcmp(t->primitive, u->primitive) ||
                        strcmp(t->impl, u->impl) || strcmp(t->compiler, u->compiler) || !u->sel)
                        continue;
                    by = ds_first(u->sel, NGK_build, NGF__NONE, NULL);
                    dy = by ? ngr_get(by, NGF_digest) : NULL;
                    if (dy && strcmp(dx, dy) != 0)
                        buf_printf(&b, "%s %s (%s) was built from different sources or compiler lines on %s and %s "
                                       "(digests %s, %s). ",
                                   t->primitive, t->impl, t->compiler, x->name, y->name, dx, dy);
                }
            }
        }
    if (b.len) {
        doc_h2(d, "Consistency");
        doc_p(d, "%sFigures of such hosts do not compare like for like: check that every host runs the same "
                 "checkout.",
              buf_str(&b));
    }
    buf_free(&b);
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
    else
        across_hosts(c, &d);
    consistency(c, &d);
    run_footer(c, &d, NULL, 0, 0);
    emit_doc(c->out, "summary", &d);
}
