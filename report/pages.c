/* pages.c - one page per primitive and host, with the sections of the NGCC
 * performance pages (basic information, assessment environment, KAT,
 * performance, resources, sizes, symmetric primitives, raw evidence index),
 * every compiler line's figures side by side; and evidence.sha256, the full
 * digests of the evidence the pages index. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "plots.h"
#include "report.h"
#include "units.h"

#define DASH "\xe2\x80\x93"

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* ---- common helpers ---- */

/* 1 when the ", "-separated list holds item */
static int list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    while (*list) {
        const char *e = strstr(list, ", ");
        size_t len = e ? (size_t)(e - list) : strlen(list);
        if (len == n && strncmp(list, item, n) == 0)
            return 1;
        if (!e)
            break;
        list = e + 2;
    }
    return 0;
}

void cell_fig(table *t, char *(*fmt)(char *, double), double v, const char *raw)
{
    char s[UNITS_MAX];
    if (!isfinite(v)) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    fmt(s, v);
    if (raw) {
        tbl_cellx(t, s, raw, 1);
    } else {
        char r[64];
        snprintf(r, sizeof r, "%.15g", v);
        tbl_cellx(t, s, r, 1);
    }
}

static char *plain_fmt(char *out, double v)
{
    snprintf(out, UNITS_MAX, "%.15g", v);
    return out;
}

static void status_cell(table *t, const char *s)
{
    tbl_cell(t, s);
    if (strcmp(s, "PASS") == 0)
        tbl_mark(t, MARK_GOOD);
    else if (strcmp(s, "NOKAT") == 0 || strcmp(s, "-") == 0)
        tbl_mark(t, MARK_WARN);
    else
        tbl_mark(t, MARK_BAD);
}

/* the selected attempts of a primitive: how many older/unfinished ones */
static void attempt_counts(const ds_host *h, size_t first, size_t end, size_t *older, size_t *unfinished)
{
    size_t i;
    *older = *unfinished = 0;
    for (i = first; i < end; i++) {
        if (h->targets[i].nvalid > 1)
            *older += h->targets[i].nvalid - 1;
        *unfinished += h->targets[i].nunfinished;
    }
}

/* the line of targets[i] as the pages name it: its compiler id, with the
 * implementation in front when the page has more than one */
static void line_name(buf *b, const ds_host *h, size_t first, size_t end, size_t i)
{
    size_t e;
    impl_range(h, first, end, &e);
    if (e < end)
        buf_printf(b, "%s ", h->targets[i].impl);
    buf_puts(b, h->targets[i].compiler);
}

/* the distinct values of key in the kind records of targets[first, end)
 * ("," shown as ", "), each followed by its lines unless every line gave
 * the same; lines without one are named as "not recorded". Returns how many
 * distinct values there were. */
static size_t distinct_values(const ds_host *h, size_t first, size_t end, const char *kind, const char *key,
                              const char *prefix, buf *out)
{
    const char **vals = xmalloc((end - first + 1) * sizeof *vals);
    size_t nv = 0, nmissing = 0, i, k;
    for (i = first; i < end; i++) {
        const char *v = figs(&h->targets[i], kind, NULL, key);
        if (!h->targets[i].sel)
            continue;
        if (!v) {
            nmissing++;
            continue;
        }
        for (k = 0; k < nv; k++)
            if (strcmp(vals[k], v) == 0)
                break;
        if (k == nv)
            vals[nv++] = v;
    }
    for (k = 0; k <= nv; k++) {
        const char *p;
        size_t nlines = 0;
        if (k == nv && (nmissing == 0 || nv == 0))
            break;
        if (out->len)
            buf_puts(out, "; ");
        if (k == nv) {
            buf_puts(out, "not recorded");
        } else {
            buf_puts(out, prefix);
            for (p = vals[k]; *p; p++) {
                if (*p == ',')
                    buf_puts(out, ", ");
                else
                    buf_putc(out, *p);
            }
        }
        if (nv == 1 && nmissing == 0)
            break;
        buf_puts(out, " (");
        for (i = first; i < end; i++) {
            const char *v = figs(&h->targets[i], kind, NULL, key);
            if (!h->targets[i].sel || (k == nv ? v != NULL : !v || strcmp(v, vals[k]) != 0))
                continue;
            if (nlines++)
                buf_puts(out, ", ");
            line_name(out, h, first, end, i);
        }
        buf_putc(out, ')');
    }
    free((void *)vals);
    return nv;
}

/* ---- 1. basic information ---- */

static void basic_info(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    const ds_target *t0 = &h->targets[first];
    table *t;
    static const char *const head[] = {"item", "value"};
    char *alg = algorithm_of(t0->primitive);
    buf impls, lines, src, names;
    size_t i, j, e;

    buf_init(&impls);
    buf_init(&names);
    buf_init(&lines);
    buf_init(&src);
    for (i = first; i < end; i = e) {
        const char *fl;
        impl_range(h, i, end, &e);
        fl = figs(&h->targets[i], "build", NULL, "flavour");
        buf_printf(&impls, "%s%s (%s flavour)", impls.len ? ", " : "", h->targets[i].impl, fl ? fl : "unknown");
        for (j = i; j < e; j++) {
            const char *s = figs(&h->targets[j], "build", NULL, "sources");
            if (s) {
                buf_printf(&src, "%s%s: %s", src.len ? "; " : "", h->targets[i].impl, s);
                break;
            }
        }
    }
    /* the name the implementation gives itself (CRYPTO_ALGNAME or
     * ALGORITHM_INSTANCE), from its claims record: the same on every line */
    for (i = first; i < end; i = e) {
        impl_range(h, i, end, &e);
        for (j = i; j < e; j++) {
            const char *an = figs(&h->targets[j], "claims", NULL, "algname");
            const char *so = figs(&h->targets[j], "claims", NULL, "source");
            if (an) {
                buf_printf(&names, "%s%s: %s (%s)", names.len ? "; " : "", h->targets[i].impl, an, so ? so : "header");
                break;
            }
        }
    }
    {
        const char **ids;
        size_t n = compiler_list(h, first, end, &ids), k;
        for (k = 0; k < n; k++)
            buf_printf(&lines, "%s%s", k ? ", " : "", ids[k]);
        free((void *)ids);
    }

    doc_h2(d, "1. Basic information");
    t = tbl_new(2, head, NULL);
    tbl_row(t);
    tbl_cell(t, "category");
    tbl_cell(t, function_of(t0->operation));
    tbl_row(t);
    tbl_cell(t, "algorithm");
    tbl_cell(t, alg);
    tbl_row(t);
    tbl_cell(t, "parameter set (primitive)");
    tbl_cell(t, t0->primitive);
    tbl_row(t);
    tbl_cell(t, "algorithm name (header)");
    tbl_cell(t, names.len ? buf_str(&names) : "not recorded (no claims record)");
    tbl_row(t);
    tbl_cell(t, "implementations measured");
    tbl_cell(t, buf_str(&impls));
    tbl_row(t);
    tbl_cell(t, "sources");
    tbl_cell(t, src.len ? buf_str(&src) : DASH);
    tbl_row(t);
    tbl_cell(t, "compiler lines");
    tbl_cell(t, buf_str(&lines));
    tbl_row(t);
    tbl_cell(t, "KAT manifest");
    {
        char *m = xasprintf("%s/%s/kat.sha256", t0->operation, t0->primitive);
        tbl_cell(t, m);
        free(m);
    }
    tbl_row(t);
    tbl_cell(t, "compiler comparison");
    {
        char *href = xasprintf("%scompilers/%s.html", d->root, t0->primitive);
        tbl_cell(t, "every compiler line side by side, ratios to the guide's reference line");
        tbl_href(t, href);
        free(href);
    }
    doc_table(d, t);
    free(alg);
    buf_free(&names);
    buf_free(&impls);
    buf_free(&lines);
    buf_free(&src);
    (void)c;
}

/* ---- 2. assessment environment ---- */

static void environment(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"item", "value"};
    table *t = tbl_new(2, head, NULL);
    const char *newest = NULL;
    double newest_t = -2, start = -1, stop = -1;
    const ngr_record *hr;
    size_t i, k;
    buf b;
    char ts[32], te[32], hz[UNITS_MAX];
    const char **camps = xmalloc((end - first + 1) * sizeof *camps);
    size_t ncamps = 0;

    buf_init(&b);
    for (i = first; i < end; i++) {
        const ds_attempt *a = h->targets[i].sel;
        double cs, ae;
        if (!a)
            continue;
        for (k = 0; k < ncamps; k++)
            if (strcmp(camps[k], a->campaign) == 0)
                break;
        if (k == ncamps)
            camps[ncamps++] = a->campaign;
        cs = ds_campaign_start(h, a->campaign);
        if (cs < 0)
            cs = a->start;
        if (cs >= 0 && (start < 0 || cs < start))
            start = cs;
        ae = a->start >= 0 ? a->start + a->seconds : -1;
        if (ae > stop)
            stop = ae;
        if (!newest || cs > newest_t || (cs == newest_t && strcmp(a->campaign, newest) > 0)) {
            newest = a->campaign;
            newest_t = cs;
        }
    }
    hr = host_record(h, newest);

#define ROW(k, v)                                                                                                     \
    do {                                                                                                              \
        tbl_row(t);                                                                                                   \
        tbl_cell(t, k);                                                                                               \
        tbl_cell(t, v);                                                                                               \
    } while (0)
#define HR(k) (hr && ngr_get(hr, k) ? ngr_get(hr, k) : "unknown")

    {
        const ngr_record *any = NULL;
        for (i = first; i < end && !any; i++)
            if (h->targets[i].sel)
                any = &h->targets[i].sel->recs[0]->r;
        buf_reset(&b);
        buf_printf(&b, "%s (%s)", h->name, any ? any->abi : "unknown ABI");
        ROW("host", buf_str(&b));
    }
    buf_reset(&b);
    buf_printf(&b, "%s (%s cores online)", HR("cpu"), HR("cores"));
    ROW("processor", buf_str(&b));
    /* the counters the targets used; their measured rates differ in the last
     * digits from run to run, so each counter is named once, at its first rate */
    buf_reset(&b);
    {
        buf names;
        buf_init(&names);
        for (i = first; i < end; i++) {
            const char *name = figs(&h->targets[i], "counter", NULL, "name");
            double ps = fig(&h->targets[i], "counter", NULL, "persecond");
            if (!name || list_has(buf_str(&names), name))
                continue;
            buf_printf(&names, "%s%s", names.len ? ", " : "", name);
            buf_printf(&b, "%s%s at %s", b.len ? "; " : "", name, fmt_hz(hz, ps));
        }
        buf_free(&names);
    }
    if (!b.len)
        buf_puts(&b, "not measured");
    buf_printf(&b, "; governor %s, turbo %s, SMT %s", HR("governor"), HR("turbo"), HR("smt"));
    ROW("clock / counter", buf_str(&b));
    buf_reset(&b);
    buf_printf(&b, "%s MiB", HR("memory_mib"));
    ROW("memory", buf_str(&b));
    buf_reset(&b);
    buf_printf(&b, "%s / %s", HR("os"), HR("kernel"));
    ROW("OS / kernel", buf_str(&b));
    ROW("load average at start", HR("load"));
    /* where the builds and runs were confined (ngbench-sandbox --probe) */
    buf_reset(&b);
    distinct_values(h, first, end, "sandbox", "enforced", "", &b);
    ROW("sandbox (builds and runs)", b.len ? buf_str(&b) : "not recorded");
    if (strstr(buf_str(&b), "none") || strstr(buf_str(&b), "=open"))
        tbl_mark(t, MARK_WARN);
    buf_reset(&b);
    distinct_values(h, first, end, "pin", "cpu", "CPU ", &b);
    ROW("measurements pinned to", b.len ? buf_str(&b) : "not recorded");
    /* compilers, each once */
    {
        const char **seen = xmalloc((end - first) * sizeof *seen);
        size_t ns = 0;
        for (i = first; i < end; i++) {
            const ds_target *x = &h->targets[i];
            const char *cmd, *ver;
            for (k = 0; k < ns; k++)
                if (strcmp(seen[k], x->compiler) == 0)
                    break;
            if (k < ns)
                continue;
            seen[ns++] = x->compiler;
            cmd = compiler_command(h, x);
            ver = compiler_version(h, x->compiler, x->sel ? x->sel->campaign : NULL);
            buf_reset(&b);
            buf_printf(&b, "%s%s%s", *cmd ? cmd : "(command not recorded)", *ver ? " \xe2\x80\x94 " : "", ver);
            {
                char *key = xasprintf("compiler %s", x->compiler);
                ROW(key, buf_str(&b));
                free(key);
            }
        }
        free((void *)seen);
    }
    ds_format_time(ts, sizeof ts, start);
    ds_format_time(te, sizeof te, stop);
    buf_reset(&b);
    buf_printf(&b, "%s / %s", ts, te);
    ROW("campaign start / end (UTC)", buf_str(&b));
    buf_reset(&b);
    for (k = 0; k < ncamps; k++)
        buf_printf(&b, "%s%s", k ? ", " : "", camps[k]);
    ROW("campaigns", b.len ? buf_str(&b) : DASH);
    if (hr) {
        for (k = 0; k < hr->nfields; k++)
            if (strcmp(hr->fields[k].key, "warning") == 0)
                ROW("warning", hr->fields[k].value);
    }
#undef ROW
#undef HR
    doc_h2(d, "2. Assessment environment");
    doc_table(d, t);
    free((void *)camps);
    buf_free(&b);
    (void)c;
}

/* ---- 3. KAT ---- */

static void kat_section(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "KAT", "tier", "checks", "status", "note"};
    table *t = tbl_new(7, head, NULL);
    buf notes, b;
    int nnote = 0, nviol, any_violation = 0;
    size_t i, k;
    buf_init(&notes);
    buf_init(&b);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const char *kat = figs(x, "kat", NULL, "status"), *tier = figs(x, "kat", NULL, "tier");
        const char *checks = figs(x, "status", NULL, "checks"), *st = target_status(x);
        const char *recs = figs(x, "kat", NULL, "records");
        tbl_row(t);
        tbl_cell(t, x->impl);
        tbl_cell(t, x->compiler);
        status_cell(t, kat ? kat : (x->sel ? "-" : "unfinished"));
        buf_reset(&b);
        if (tier)
            buf_printf(&b, "%s (%s record%s)", tier, recs ? recs : "?", recs && strcmp(recs, "1") == 0 ? "" : "s");
        tbl_cell(t, b.len ? buf_str(&b) : DASH);
        tbl_cell(t, checks ? checks : DASH);
        status_cell(t, st);
        /* a note for anything that is not a plain pass */
        buf_reset(&b);
        if (x->sel) {
            const char *bs = figs(x, "build", NULL, "status");
            const char *kd = figs(x, "kat", NULL, "detail");
            if (bs && strcmp(bs, "ok") != 0) {
                const char *bd = figs(x, "build", NULL, "detail");
                buf_printf(&b, "build %s: %s", bs, bd ? bd : "");
            }
            if (kd && *kd)
                buf_printf(&b, "%sKAT: %s", b.len ? "; " : "", kd);
            for (k = 0; k < x->sel->nrecs; k++) {
                const ngr_record *r = &x->sel->recs[k]->r;
                const char *res, *nm, *dt;
                if (strcmp(r->kind, "check") != 0)
                    continue;
                res = ngr_get(r, "result");
                if (!res || strcmp(res, "pass") == 0)
                    continue;
                nm = ngr_get(r, "name");
                dt = ngr_get(r, "detail");
                buf_printf(&b, "%scheck %s %s: %s", b.len ? "; " : "", nm ? nm : "?", res, dt ? dt : "");
            }
            /* what the guards refused (status VIOLATION) */
            for (k = 0, nviol = 0; k < x->sel->nrecs; k++) {
                const ngr_record *r = &x->sel->recs[k]->r;
                const char *what, *tg, *cnt;
                if (strcmp(r->kind, "violation") != 0)
                    continue;
                what = ngr_get(r, "what");
                tg = ngr_get(r, "target");
                cnt = ngr_get(r, "count");
                buf_printf(&b, "%s%s%s %s (%s\xc3\x97)", b.len ? "; " : "", nviol++ ? "" : "refused by the guards: ",
                           what ? what : "?", tg ? tg : "?", cnt ? cnt : "?");
                any_violation = 1;
            }
        } else {
            buf_printf(&b, "no attempt finished (%lu unfinished, ignored)", (unsigned long)x->nunfinished);
        }
        if (b.len) {
            char ref[16];
            snprintf(ref, sizeof ref, "[%d]", ++nnote);
            tbl_cell(t, ref);
            buf_printf(&notes, "%s %s/%s %s: %s\n", ref, x->primitive, x->impl, x->compiler, buf_str(&b));
        } else {
            tbl_cell(t, "");
        }
    }
    doc_h2(d, "3. Functional testing (KAT)");
    doc_p(d, "Each implementation was built with each compiler line, checked against the primitive's KAT manifest "
             "(%s/%s/kat.sha256; full tier: all ten records, quick tier: the first) and put through the functional "
             "checks (canaries around every output, forgery rejection, length bounds) before timing. Lines that "
             "fail are timed anyway; their figures are not validated and never chosen as best while a passing line "
             "exists.",
          h->targets[first].operation, h->targets[first].primitive);
    doc_table(d, t);
    if (any_violation)
        doc_p(d, "VIOLATION: while it was built or run, the implementation tried to write outside its scratch "
                 "directory or to open a socket. The link-time guards refused and reported every attempt (below); "
                 "the sandbox (section 2) confines what they do not see. Such a line is not chosen as best while a "
                 "line that passed exists.");
    if (notes.len) {
        char *line = notes.p, *nl;
        for (; *line; line = nl + 1) {
            nl = strchr(line, '\n');
            *nl = 0;
            doc_p(d, "%s", line);
        }
    }
    buf_free(&notes);
    buf_free(&b);
    (void)c;
}

/* ---- 4. performance ---- */

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
    res = ngr_get(r, "result");
    first = ngr_get(r, "first");
    decl = ngr_get(r, "declared");
    if (res && strcmp(res, "fail") == 0) {
        buf *b = decl && strcmp(decl, "yes") == 0 ? lies : fails;
        buf_printf(b, "%s%s %s %s: %s", b->len ? "; " : "", x->impl, x->compiler, op, first ? first : "?");
        if (ngr_get(r, "errors"))
            buf_printf(b, " (%s error%s)", ngr_get(r, "errors"), strcmp(ngr_get(r, "errors"), "1") == 0 ? "" : "s");
    }
}

static void performance(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "operation", "mean cycles", "mean time",
                                       "ops/s", "median trial", "median cycles", "quartiles (cycles)",
                                       "n (trials \xc3\x97 iters)", "CPU share (lowest trial)", "constant time",
                                       "best"};
    static const char *const head_noct[] = {"implementation", "compiler", "operation", "mean cycles", "mean time",
                                            "ops/s", "median trial", "median cycles", "quartiles (cycles)",
                                            "n (trials \xc3\x97 iters)", "CPU share (lowest trial)", "best"};
    /* a constant-time column only where some line was checked: otherwise
     * one sentence says so */
    int ct = ct_any(h, first, end), any_preempted = 0, any_share = 0, any_zero = 0;
    table *t = ct ? tbl_new(13, head, NULL) : tbl_new(12, head_noct, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, e, o, k, nrows = 0, nser;
    const char **series, **rows = NULL;
    char **rowtext = NULL;
    double *vals = NULL;
    buf fails, ctfail, ctlie, txt;
    char s[UNITS_MAX], s2[UNITS_MAX], q[2 * UNITS_MAX + 8];

    buf_init(&fails);
    buf_init(&ctfail);
    buf_init(&ctlie);
    buf_init(&txt);
    /* plot series: the compiler lines */
    nser = compiler_list(h, first, end, &series);
    for (i = first; i < end; i = e) {
        impl_range(h, i, end, &e);
        for (o = 0; ops[o]; o++) {
            int usable;
            const ds_target *best = best_line(h, i, e, ops[o], &usable);
            rows = xrealloc(rows, (nrows + 1) * sizeof *rows);
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            vals = xrealloc(vals, (nrows + 1) * nser * sizeof *vals);
            rowtext[nrows] = xasprintf("%s %s", h->targets[i].impl, ops[o]);
            rows[nrows] = rowtext[nrows];
            for (k = 0; k < nser; k++)
                vals[nrows * nser + k] = NAN;
            for (k = i; k < e; k++) {
                const ds_target *x = &h->targets[k];
                const ngr_record *r = cycles_of(x, ops[o]);
                double ps = cyc(x, ops[o], "persecond");
                size_t si;
                int pre;
                for (si = 0; si < nser; si++)
                    if (strcmp(series[si], x->compiler) == 0)
                        vals[nrows * nser + si] = cyc(x, ops[o], "median");
                tbl_row(t);
                tbl_cell(t, x->impl);
                tbl_cell(t, x->compiler);
                tbl_cell(t, ops[o]);
                if (!r) {
                    for (si = 0; si < 8; si++)
                        tbl_cellx(t, DASH, "", 1);
                    if (ct)
                        ct_cell(t, x, ops[o], &txt, &ctfail, &ctlie);
                    tbl_cell(t, "");
                    continue;
                }
                pre = preempted(x, ops[o]);
                any_preempted |= pre;
                cell_fig(t, fmt_cycles, cyc(x, ops[o], "mean"), ngr_get(r, "mean"));
                if (pre)
                    tbl_mark(t, MARK_WARN);
                cell_fig(t, fmt_seconds, cyc(x, ops[o], "mean_seconds"), ngr_get(r, "mean_seconds"));
                cell_fig(t, fmt_sig3, cyc(x, ops[o], "ops_per_second"), ngr_get(r, "ops_per_second"));
                cell_fig(t, fmt_seconds, cyc(x, ops[o], "median_trial") / ps, NULL);
                cell_fig(t, fmt_cycles, cyc(x, ops[o], "median"), ngr_get(r, "median"));
                if (pre)
                    tbl_mark(t, MARK_WARN);
                snprintf(q, sizeof q, "%s " DASH " %s", fmt_cycles(s, cyc(x, ops[o], "q1")),
                         fmt_cycles(s2, cyc(x, ops[o], "q3")));
                tbl_cellx(t, q, NULL, 1);
                fmt_count(s, cyc(x, ops[o], "n"), cyc(x, ops[o], "trials"), cyc(x, ops[o], "iterations"));
                tbl_cellx(t, s, ngr_get(r, "n"), 1);
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
                if (ct)
                    ct_cell(t, x, ops[o], &txt, &ctfail, &ctlie);
                if (x == best) {
                    tbl_cell(t, usable ? "best" : "best (no line passed)");
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
            if (strcmp(r->kind, "measure") != 0)
                continue;
            op = ngr_get(r, "op");
            st = ngr_get(r, "status");
            dt = ngr_get(r, "detail");
            buf_printf(&fails, "%s%s %s %s: %s (%s)", fails.len ? "; " : "", x->impl, x->compiler, op ? op : "?",
                       st ? st : "?", dt ? dt : "");
        }
    }
    doc_h2(d, "4. Performance");
    doc_p(d, "Cycles are ticks of the cycle counter named in section 2 (with rdtsc: reference cycles at the TSC rate). "
             "Mean: cycles per call over all timed calls of all trials (each trial a fresh process); median trial: "
             "the median of the trials' mean times; median and quartiles over all calls (linear interpolation, R type "
             "7). Best: the lowest median cycles per call among the lines that passed.");
    doc_table(d, t);
    if (fails.len)
        doc_p(d, "Measurement failures: %s.", buf_str(&fails));
    if (any_share)
        doc_p(d, "CPU share: the process's CPU time over its timed calls against their wall-clock total, in the "
                 "trial where it was lowest (about 1 on a quiet core). %s",
              any_preempted ? "Figures marked preempted had a trial below 0.9: the process was off its CPU for part "
                              "of the timed wall clock, so their cycle counts are inflated; run them again on a "
                              "quieter host before trusting them."
                            : "No trial fell below 0.9 (preemption).");
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
        char *title = xasprintf("%s on %s: median cycles per call, by compiler line", h->targets[first].primitive,
                                h->name);
        add_plot(c, d, rel, title,
                 svg_bars(title, "cycles per call (log scale)", SCALE_LOG, 'c', 0, nrows, rows, nser, series, vals));
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
}

/* ---- 5. resources ---- */

/* rows of [i, e) (one implementation) that share a key: the first target
 * of each distinct key, with the compiler lines that gave it; keys[k] is
 * freed and set to NULL for every row merged into an earlier one */
static void merge_lines(const ds_host *h, size_t i, size_t e, char **keys, size_t k, buf *lines)
{
    size_t m;
    buf_reset(lines);
    for (m = k; m < e - i; m++) {
        if (keys[m] && strcmp(keys[m], keys[k]) == 0) {
            buf_printf(lines, "%s%s", lines->len ? ", " : "", h->targets[i + m].compiler);
            if (m != k) {
                free(keys[m]);
                keys[m] = NULL;
            }
        }
    }
}

/* the symbols records: what the implementation's objects export beyond the
 * ICCS entry points, and ICCS helpers it defines itself; one row per
 * implementation and distinct figures */
static void symbol_audit(doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler lines", "exported", "API entry points",
                                       "beyond the API", "ICCS symbols defined"};
    table *t = tbl_new(6, head, NULL);
    size_t i, e, k, n;
    int warn = 0;
    buf lines;
    buf_init(&lines);
    for (i = first; i < end; i = e) {
        char **keys;
        impl_range(h, i, end, &e);
        n = e - i;
        keys = xcalloc(n, sizeof *keys);
        for (k = 0; k < n; k++) {
            const ds_target *x = &h->targets[i + k];
            const char *ex = figs(x, "symbols", NULL, "exported"), *api = figs(x, "symbols", NULL, "api");
            const char *extra = figs(x, "symbols", NULL, "extra"), *names = figs(x, "symbols", NULL, "names");
            const char *trunc = figs(x, "symbols", NULL, "truncated"), *iccs = figs(x, "symbols", NULL, "iccs");
            buf row;
            if (!ex)
                continue;
            /* tabs separate the cells here: the values' own become spaces */
            buf_init(&row);
            buf_plain(&row, ex);
            buf_putc(&row, '\t');
            buf_plain(&row, api ? api : DASH);
            buf_putc(&row, '\t');
            buf_plain(&row, extra ? extra : DASH);
            if (names && *names) {
                /* the first few names: the record holds up to 200 */
                const char *p = names;
                int shown = 0;
                buf_puts(&row, ": ");
                while (*p && shown < 8) {
                    size_t len = strcspn(p, ",");
                    char *one = xasprintf("%.*s", (int)len, p);
                    buf_puts(&row, shown ? ", " : "");
                    buf_plain(&row, one);
                    free(one);
                    shown++;
                    p += len;
                    if (*p == ',')
                        p++;
                }
                if (*p || (trunc && strcmp(trunc, "1") == 0))
                    buf_puts(&row, ", \xe2\x80\xa6");
            }
            buf_putc(&row, '\t');
            buf_plain(&row, iccs && strcmp(iccs, "-") != 0 ? iccs : "none");
            keys[k] = xstrdup(buf_str(&row));
            buf_free(&row);
        }
        for (k = 0; k < n; k++) {
            char *p, *q;
            int col = 0;
            if (!keys[k])
                continue;
            merge_lines(h, i, e, keys, k, &lines);
            tbl_row(t);
            tbl_cell(t, h->targets[i].impl);
            tbl_cell(t, buf_str(&lines));
            for (p = keys[k]; (q = strchr(p, '\t')) != NULL; p = q + 1, col++) {
                *q = 0;
                if (col < 2)
                    tbl_cellx(t, p, NULL, 1);
                else
                    tbl_cell(t, p);
            }
            tbl_cell(t, p);
            if (strcmp(p, "none") != 0) {
                tbl_mark(t, MARK_WARN);
                warn = 1;
            }
        }
        for (k = 0; k < n; k++)
            free(keys[k]);
        free(keys);
    }
    buf_free(&lines);
    if (!t->nrows) {
        tbl_free(t);
        return;
    }
    doc_p(d, "Symbol audit (nm on the implementation's objects): the global symbols it defines, the ICCS entry points "
             "and getters among them, and the others (they collide when implementations are linked into one "
             "program).%s",
          warn ? " WARNING: some implementations define ICCS symbols (the hash functions or the DRNG) themselves; "
                 "these belong to the ICCS layer that ngbench links (iccs/), and an implementation's own copy may "
                 "stand in for it."
               : "");
    doc_table(d, t);
}

static void resources(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "operation", "static: ELF image (bytes)",
                                       "baseline RSS", "peak RSS", "stack (bytes)", "heap peak (bytes)",
                                       "allocations"};
    static const char *const head2[] = {"implementation", "compiler", "objects", "text", "data", "bss", "note"};
    table *t = tbl_new(9, head, NULL), *t2 = tbl_new(7, head2, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, o, k;
    buf lto_ids, nolto_ids;
    buf_init(&lto_ids);
    buf_init(&nolto_ids);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        double text = 0, data = 0, bss = 0;
        int nobj = 0, lto = 0, nolto = 0;
        /* the heap wrappers (-Wl,--wrap) do not see through -flto: newer
         * runs probe such lines from a build without it and say so in the
         * records (note=); older ones probed the -flto build */
        int lto_line = strstr(compiler_command(h, x), "-flto") != NULL || fig(x, "objsize", NULL, "lto") == 1;
        for (o = 0; ops[o]; o++)
            if (figs(x, "heap", ops[o], "note") || figs(x, "memory", ops[o], "note") ||
                figs(x, "stack", ops[o], "note"))
                nolto = 1;
        if (nolto && !list_has(buf_str(&nolto_ids), x->compiler))
            buf_printf(&nolto_ids, "%s%s", nolto_ids.len ? ", " : "", x->compiler);
        lto_line = lto_line && !nolto;
        if (lto_line && !list_has(buf_str(&lto_ids), x->compiler))
            buf_printf(&lto_ids, "%s%s", lto_ids.len ? ", " : "", x->compiler);
        for (o = 0; ops[o]; o++) {
            const char *heapx = figs(x, "heap", ops[o], "exact");
            tbl_row(t);
            tbl_cell(t, x->impl);
            tbl_cell(t, x->compiler);
            tbl_cell(t, ops[o]);
            cell_fig(t, fmt_bytes, fig(x, "elf", NULL, "image_bytes"), figs(x, "elf", NULL, "image_bytes"));
            cell_fig(t, fmt_kib, fig(x, "memory", ops[o], "baseline_kib"), figs(x, "memory", ops[o], "baseline_kib"));
            cell_fig(t, fmt_kib, fig(x, "memory", ops[o], "peak_kib"), figs(x, "memory", ops[o], "peak_kib"));
            cell_fig(t, fmt_bytes, fig(x, "stack", ops[o], "bytes"), figs(x, "stack", ops[o], "bytes"));
            cell_fig(t, fmt_bytes, fig(x, "heap", ops[o], "peak_bytes"), figs(x, "heap", ops[o], "peak_bytes"));
            if (heapx && strcmp(heapx, "1") != 0)
                tbl_title(t, "requested sizes (no malloc_usable_size)");
            if (lto_line)
                tbl_mark(t, MARK_WARN);
            cell_fig(t, plain_fmt, fig(x, "heap", ops[o], "allocations"), figs(x, "heap", ops[o], "allocations"));
            if (lto_line)
                tbl_mark(t, MARK_WARN);
        }
        if (!x->sel)
            continue;
        for (k = 0; k < x->sel->nrecs; k++) {
            const ngr_record *r = &x->sel->recs[k]->r;
            double v;
            if (strcmp(r->kind, "objsize") != 0)
                continue;
            nobj++;
            if (ngr_num(r, "text", &v))
                text += v;
            if (ngr_num(r, "data", &v))
                data += v;
            if (ngr_num(r, "bss", &v))
                bss += v;
            if (ngr_num(r, "lto", &v) && v == 1)
                lto = 1;
        }
        if (nobj) {
            char n[16];
            tbl_row(t2);
            tbl_cell(t2, x->impl);
            tbl_cell(t2, x->compiler);
            snprintf(n, sizeof n, "%d", nobj);
            tbl_cellx(t2, n, NULL, 1);
            cell_fig(t2, fmt_bytes, text, NULL);
            cell_fig(t2, fmt_bytes, data, NULL);
            cell_fig(t2, fmt_bytes, bss, NULL);
            tbl_cell(t2, lto ? "LTO objects: sizes of intermediate code, not of machine code" : "");
        }
    }
    doc_h2(d, "5. Resource consumption");
    doc_p(d, "Static memory is approximated by the implementation's loadable ELF segments (built alone as a shared "
             "object); baseline and peak RSS are whole-process figures (VmRSS before the call, VmHWM after it, "
             "driver and libc included), so both are upper-bound proxies rather than isolated algorithm memory. Stack: "
             "the deepest stack the call reached (stack painting); heap: the most heap the implementation held at "
             "once during the call, and its allocations.");
    doc_table(d, t);
    if (lto_ids.len)
        doc_p(d, "The heap figures of the lines built with -flto (%s) are not trustworthy: the heap probe counts "
                 "allocations through link-time wrappers (-Wl,--wrap), which link-time optimisation can bypass, so "
                 "they may read 0.",
              buf_str(&lto_ids));
    if (nolto_ids.len)
        doc_p(d, "The memory, stack and heap figures of the lines built with -flto (%s) come from a build of the same "
                 "line without -flto: the probes count through link-time wrappers (-Wl,--wrap), which link-time "
                 "optimisation bypasses.",
              buf_str(&nolto_ids));
    buf_free(&lto_ids);
    buf_free(&nolto_ids);
    if (t2->nrows) {
        doc_p(d, "Code size of the implementation's objects (size(1), summed over the objects):");
        doc_table(d, t2);
    } else {
        tbl_free(t2);
    }
    symbol_audit(d, h, first, end);
    (void)c;
}

/* ---- 6. sizes ---- */

static void size_text(buf *b, const size_info *s, buf *note, const char *what)
{
    char x[UNITS_MAX];
    double lo = s->kmin, hi = s->kmax;
    if (isfinite(s->rmin) && (!isfinite(lo) || s->rmin < lo))
        lo = s->rmin;
    if (isfinite(s->rmax) && (!isfinite(hi) || s->rmax > hi))
        hi = s->rmax;
    if (isfinite(s->produced)) {
        buf_puts(b, fmt_bytes(x, s->produced));
    } else if (isfinite(lo)) {
        buf_puts(b, fmt_bytes(x, lo));
    } else {
        buf_puts(b, DASH);
        return;
    }
    if (isfinite(lo) && isfinite(hi) && lo != hi) {
        buf_printf(b, " (%.0f" DASH "%.0f)", lo, hi);
        buf_printf(note, "%s%s varies: %.0f" DASH "%.0f bytes over the KAT records and check messages",
                   note->len ? "; " : "", what, lo, hi);
    }
    if (isfinite(s->claimed) && isfinite(s->produced) && s->claimed != s->produced) {
        buf_printf(note, "%s%s: getter claims %.0f, the code produced %.0f", note->len ? "; " : "", what, s->claimed,
                   s->produced);
    }
}

/* what the target's header claims against its getters (claims record) */
static void claims_text(buf *b, const ds_target *x)
{
    static const char *const keys[] = {"pk", "sk", "sn", "ss", "ct"};
    const char *src = figs(x, "claims", NULL, "source"), *agree = figs(x, "claims", NULL, "agree");
    const char *detail = figs(x, "claims", NULL, "detail");
    size_t k, nsizes = 0;
    if (!src && !agree) {
        buf_puts(b, DASH);
        return;
    }
    for (k = 0; k < 5; k++)
        if (figs(x, "claims", NULL, keys[k]))
            nsizes++;
    buf_plain(b, src ? src : "header");
    if (agree && strcmp(agree, "no") == 0) {
        buf_puts(b, " DISAGREES: ");
        buf_plain(b, detail ? detail : "?");
    } else if (nsizes == 0) {
        buf_puts(b, " states no sizes");
    } else {
        buf_puts(b, agree && strcmp(agree, "yes") == 0 ? " agrees" : " (agreement not recorded)");
    }
}

static void sizes(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const shead[] = {"implementation", "compiler lines", "public key", "secret key", "signature",
                                        "header vs getters", "notes"};
    static const char *const khead[] = {"implementation", "compiler lines", "public key", "secret key",
                                        "ciphertext", "shared secret", "header vs getters", "notes"};
    static const char *const swhat[] = {"pk", "sk", "sn", NULL};
    static const char *const kwhat[] = {"pk", "sk", "ct", "ss", NULL};
    int kem = is_kem(h->targets[first].operation);
    const char *const *what = kem ? kwhat : swhat;
    table *t = kem ? tbl_new(8, khead, NULL) : tbl_new(7, shead, NULL);
    size_t i, e, k, w, nwhat = kem ? 4 : 3;
    int disagree = 0;
    for (i = first; i < end; i = e) {
        /* one row per distinct set of figures within an implementation */
        char **keys;
        size_t n;
        impl_range(h, i, end, &e);
        n = e - i;
        keys = xcalloc(n, sizeof *keys);
        for (k = 0; k < n; k++) {
            buf row, note;
            buf_init(&row);
            buf_init(&note);
            for (w = 0; what[w]; w++) {
                size_info si;
                size_of(&h->targets[i + k], what[w], &si);
                size_text(&row, &si, &note, what[w]);
                buf_putc(&row, '\t');
            }
            claims_text(&row, &h->targets[i + k]);
            buf_putc(&row, '\t');
            buf_puts(&row, buf_str(&note));
            keys[k] = xstrdup(buf_str(&row));
            buf_free(&row);
            buf_free(&note);
        }
        for (k = 0; k < n; k++) {
            buf lines;
            size_t m;
            char *p, *q;
            if (!keys[k] || !h->targets[i + k].sel)
                continue;
            buf_init(&lines);
            for (m = k; m < n; m++) {
                if (keys[m] && h->targets[i + m].sel && strcmp(keys[m], keys[k]) == 0) {
                    buf_printf(&lines, "%s%s", lines.len ? ", " : "", h->targets[i + m].compiler);
                    if (m != k) {
                        free(keys[m]);
                        keys[m] = NULL;
                    }
                }
            }
            tbl_row(t);
            tbl_cell(t, h->targets[i].impl);
            tbl_cell(t, buf_str(&lines));
            for (w = 0, p = keys[k]; (q = strchr(p, '\t')) != NULL; p = q + 1, w++) {
                *q = 0;
                if (w < nwhat) {
                    tbl_cellx(t, p, NULL, 1);
                } else {
                    /* the header's claims: a disagreement stands out */
                    const char *agree = figs(&h->targets[i + k], "claims", NULL, "agree");
                    tbl_cell(t, p);
                    if (agree && strcmp(agree, "no") == 0) {
                        tbl_mark(t, MARK_BAD);
                        disagree = 1;
                    } else if (agree && strcmp(agree, "yes") == 0) {
                        tbl_mark(t, MARK_GOOD);
                    }
                }
            }
            tbl_cell(t, p);
            buf_free(&lines);
        }
        for (k = 0; k < n; k++)
            free(keys[k]);
        free(keys);
    }
    doc_h2(d, "6. Transmission and storage overhead");
    doc_p(d, "Sizes in bytes as the code produced them in the functional checks; a range follows where the length "
             "varies over the KAT records and check messages, and a note where the getters claim something else. "
             "Header vs getters: the sizes the implementation's header states (api.h, or the NICCS "
             "*_AlgorithmInstance.h) against what its getter functions return.");
    doc_table(d, t);
    if (disagree)
        doc_p(d, "WARNING: a header states sizes that its getters contradict (header value / getter value above); "
                 "code built against the header would size its buffers wrongly.");
    (void)c;
}

/* ---- symmetric primitives ---- */

static const char *const helpers[] = {"sm3hash", "pseudohash", "pseudoXOF", "get_random_number"};

static void symmetric(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "operation", "sm3hash", "pseudohash",
                                       "pseudoXOF", "hash total", "DRNG", "calls per operation"};
    static const char *const chead[] = {"implementation", "compiler", "operation", "function", "input bits",
                                        "output bits", "calls per operation"};
    static const char *const sname[] = {"sm3hash", "pseudohash", "pseudoXOF", "DRNG"};
    table *t = tbl_new(9, head, NULL), *tc = tbl_new(7, chead, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, e, o, f, k, nrows = 0;
    char **rowtext = NULL;
    double *fr = NULL;
    int any = 0, lto = 0;
    char s[UNITS_MAX];

    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        for (o = 0; ops[o]; o++) {
            double share[4], hash = 0, calls[4];
            int have = 0;
            buf cl;
            for (f = 0; f < 4; f++) {
                const ngr_record *r = NULL;
                size_t m;
                share[f] = calls[f] = NAN;
                for (m = 0; x->sel && m < x->sel->nrecs; m++) {
                    const ngr_record *y = &x->sel->recs[m]->r;
                    const char *op = ngr_get(y, "op"), *fn = ngr_get(y, "function");
                    if (strcmp(y->kind, "profile") == 0 && op && fn && strcmp(op, ops[o]) == 0 &&
                        strcmp(fn, helpers[f]) == 0) {
                        r = y;
                        break;
                    }
                }
                if (!r)
                    continue;
                have = 1;
                if (ngr_get(r, "note"))
                    lto = 1;
                if (!ngr_num(r, "share", &share[f]))
                    share[f] = NAN;
                if (!ngr_num(r, "calls", &calls[f]))
                    calls[f] = NAN;
                if (f < 3 && isfinite(share[f]))
                    hash += share[f];
            }
            if (!have)
                continue;
            any = 1;
            tbl_row(t);
            tbl_cell(t, x->impl);
            tbl_cell(t, x->compiler);
            tbl_cell(t, ops[o]);
            for (f = 0; f < 3; f++)
                cell_fig(t, fmt_percent, share[f], NULL);
            cell_fig(t, fmt_percent, hash, NULL);
            cell_fig(t, fmt_percent, share[3], NULL);
            /* the seeds' order: the DRNG first, then the hashes as they matter */
            buf_init(&cl);
            if (isfinite(calls[3]) && calls[3] > 0)
                buf_printf(&cl, "drng %s", fmt_sig3(s, calls[3]));
            if (isfinite(calls[2]) && calls[2] > 0)
                buf_printf(&cl, "%spseudoXOF %s", cl.len ? ", " : "", fmt_sig3(s, calls[2]));
            if (isfinite(calls[1]) && calls[1] > 0)
                buf_printf(&cl, "%spseudohash %s", cl.len ? ", " : "", fmt_sig3(s, calls[1]));
            if (isfinite(calls[0]) && calls[0] > 0)
                buf_printf(&cl, "%ssm3hash %s", cl.len ? ", " : "", fmt_sig3(s, calls[0]));
            tbl_cell(t, cl.len ? buf_str(&cl) : "none");
            buf_free(&cl);
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            fr = xrealloc(fr, (nrows + 1) * 4 * sizeof *fr);
            rowtext[nrows] = xasprintf("%s %s %s", x->impl, x->compiler, ops[o]);
            for (f = 0; f < 4; f++)
                fr[nrows * 4 + f] = isfinite(share[f]) ? share[f] : 0;
            nrows++;
        }
    }
    /* calls by length class: they do not depend on the compiler line, so one
     * line per implementation (the reference line where there is one) */
    for (i = first; i < end; i = e) {
        const ds_target *x;
        impl_range(h, i, end, &e);
        x = reference_line(c, h, i, e);
        if (!x || !x->sel)
            for (k = i; k < e && (!x || !x->sel); k++)
                x = &h->targets[k];
        if (!x || !x->sel)
            continue;
        for (o = 0; ops[o]; o++) {
            for (k = 0; k < x->sel->nrecs; k++) {
                const ngr_record *r = &x->sel->recs[k]->r;
                const char *op = ngr_get(r, "op");
                double v;
                if (strcmp(r->kind, "profilecalls") != 0 || !op || strcmp(op, ops[o]) != 0)
                    continue;
                tbl_row(tc);
                tbl_cell(tc, x->impl);
                tbl_cell(tc, x->compiler);
                tbl_cell(tc, ops[o]);
                tbl_cell(tc, ngr_get(r, "function") ? ngr_get(r, "function") : "?");
                tbl_cellx(tc, ngr_get(r, "in") ? ngr_get(r, "in") : DASH, NULL, 1);
                tbl_cellx(tc, ngr_get(r, "out") ? ngr_get(r, "out") : DASH, NULL, 1);
                cell_fig(tc, fmt_sig3, ngr_num(r, "calls", &v) ? v : NAN, ngr_get(r, "calls"));
            }
        }
    }
    doc_h2(d, "Symmetric primitives");
    if (!any) {
        doc_p(d, "No hash profile was recorded for this primitive on this host.");
        tbl_free(t);
        tbl_free(tc);
    } else {
        doc_p(d, "Share of each operation's time spent in the ICCS hash functions and in the ICCS DRNG "
                 "(get_random_number), measured with link-time wrappers in a separate profiled run; calls per "
                 "operation by function. The wrappers' own counter reads weigh on operations made of very many short "
                 "calls.%s",
              lto ? " Lines built with -flto were profiled from a build without it (link-time wrappers and LTO do "
                    "not mix)."
                  : "");
        doc_table(d, t);
        {
            char id[PAGE_ID_MAX];
            char *rel = xasprintf("plots/%s/%s-hashshare.svg", h->name, page_id(h, &h->targets[first], id, sizeof id));
            char *title = xasprintf("%s on %s: share of time in the ICCS helpers", h->targets[first].primitive,
                                    h->name);
            add_plot(c, d, rel, title, svg_stacked(title, nrows, (const char *const *)rowtext, 4, sname, fr, "other"));
            free(rel);
            free(title);
        }
        if (tc->nrows) {
            doc_p(d, "Calls per operation by input and output length (bits; the DRNG has no input):");
            doc_table(d, tc);
        } else {
            tbl_free(tc);
        }
    }
    for (k = 0; k < nrows; k++)
        free(rowtext[k]);
    free(rowtext);
    free(fr);
}

/* ---- 7. raw evidence index ---- */

/* one file: shown relative to dir (itself relative to the results
 * directory), listed in evidence.sha256 relative to the results directory */
static void evidence_row(report_ctx *c, table *t, const char *impl, const char *compiler, const char *item,
                         const char *hostdir, const char *dir, const char *file)
{
    char *rel = *dir ? xasprintf("%s/%s", dir, file) : xstrdup(file);
    char *path = xasprintf("%s/%s", hostdir, rel);
    char *shown = xasprintf("%s/%s", base_name(hostdir), rel);
    char hex[65];
    tbl_row(t);
    tbl_cell(t, impl);
    tbl_cell(t, compiler);
    tbl_cell(t, item);
    tbl_cell(t, *dir ? file : shown);
    if (sha256_file(path, hex) == 0) {
        char s[32];
        snprintf(s, sizeof s, "%.16s\xe2\x80\xa6", hex);
        tbl_cellx(t, s, hex, 0);
        tbl_title(t, hex);
        buf_printf(c->evidence, "%s  %s\n", hex, shown);
    } else {
        tbl_cellx(t, "(missing)", "", 0);
        tbl_mark(t, MARK_WARN);
    }
    free(rel);
    free(path);
    free(shown);
}

static int exists(const char *dir, const char *rel)
{
    char *p = xasprintf("%s/%s", dir, rel);
    struct stat st;
    int ok = stat(p, &st) == 0;
    free(p);
    return ok;
}

static void evidence_section(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "item", "file", "sha256"};
    table *t = tbl_new(5, head, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    const char **files = xmalloc((end - first) * sizeof *files);
    size_t nf = 0, i, k, o;
    for (i = first; i < end; i++) {
        const ds_attempt *a = h->targets[i].sel;
        if (!a)
            continue;
        for (k = 0; k < nf; k++)
            if (strcmp(files[k], a->file) == 0)
                break;
        if (k == nf) {
            const char *slash = strrchr(a->file, '/');
            char *dir = slash ? xasprintf("%.*s", (int)(slash - a->file), a->file) : xstrdup(".");
            files[nf++] = a->file;
            evidence_row(c, t, "all", "all", "record data", dir, "", base_name(a->file));
            free(dir);
        }
    }
    free((void *)files);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const ds_attempt *a = x->sel;
        char *tdir;
        if (!a)
            continue;
        tdir = xasprintf("targets/%s/%s/%s/%s/%s", a->campaign, a->operation, a->primitive, a->impl, a->compiler);
        if (!exists(a->hostdir, tdir)) {
            /* data without its evidence (e.g. copied from another machine) */
            char *shown = xasprintf("%s/%s/", base_name(a->hostdir), tdir);
            tbl_row(t);
            tbl_cell(t, x->impl);
            tbl_cell(t, x->compiler);
            tbl_cell(t, "evidence directory");
            tbl_cell(t, shown);
            tbl_cellx(t, "(not available)", "", 0);
            tbl_mark(t, MARK_WARN);
            free(shown);
            free(tdir);
            continue;
        }
        {
            char *shown = xasprintf("%s/%s/", base_name(a->hostdir), tdir);
            tbl_row(t);
            tbl_cell(t, x->impl);
            tbl_cell(t, x->compiler);
            tbl_cell(t, "evidence directory (the files below are in it)");
            tbl_cell(t, shown);
            tbl_cell(t, "");
            free(shown);
        }
#define EV(item, file) evidence_row(c, t, x->impl, x->compiler, item, a->hostdir, tdir, file)
        EV("record block", "records");
        EV("build log", "build/build.log");
        {
            char *kt = xasprintf("%s/kat.txt", tdir);
            int have_txt = exists(a->hostdir, kt);
            const char *ks = figs(x, "kat", NULL, "sha256");
            char *item = xasprintf("KAT %s (sha256 %.16s\xe2\x80\xa6)", have_txt ? "output" : "digests",
                                   ks ? ks : "-");
            EV(item, have_txt ? "kat.txt" : "kat.manifest");
            free(item);
            free(kt);
        }
        EV("KAT check", "katcheck.txt");
        EV("functional checks", "try.txt");
        {
            /* the evidence of the newer record kinds, where it was kept */
            static const char *const more[][2] = {{"claims.txt", "header claims (claims)"},
                                                  {"symbols.txt", "exported symbols (symbols)"},
                                                  {"violations.log", "guard reports (violation)"}};
            size_t m;
            for (m = 0; m < 3; m++) {
                char *rel = xasprintf("%s/%s", tdir, more[m][0]);
                if (exists(a->hostdir, rel))
                    EV(more[m][1], more[m][0]);
                free(rel);
            }
            for (o = 0; ops[o]; o++) {
                char *file = xasprintf("ct-%s.txt", ops[o]);
                char *rel = xasprintf("%s/%s", tdir, file);
                if (exists(a->hostdir, rel)) {
                    char *item = xasprintf("constant-time check %s (valgrind)", ops[o]);
                    EV(item, file);
                    free(item);
                }
                free(rel);
                free(file);
            }
        }
        for (o = 0; ops[o]; o++) {
            double trials = cyc(x, ops[o], "trials");
            int tno;
            if (!isfinite(trials))
                continue;
            for (tno = 1; tno <= trials && tno <= 1000; tno++) {
                char *item = xasprintf("timing %s trial %d", ops[o], tno);
                char *file = xasprintf("samples/%s-%d.txt.gz", ops[o], tno);
                EV(item, file);
                free(item);
                free(file);
            }
            {
                static const char *const probes[][2] = {{"probe", "memory, stack and heap"},
                                                        {"rss", "memory"},
                                                        {"stack", "stack"},
                                                        {"heap", "heap"},
                                                        {"profile", "hash profile"}};
                size_t p;
                for (p = 0; p < sizeof probes / sizeof probes[0]; p++) {
                    char *file = xasprintf("samples/%s-%s.txt", ops[o], probes[p][0]);
                    char *rel = xasprintf("%s/%s", tdir, file);
                    if (exists(a->hostdir, rel)) {
                        char *item = xasprintf("%s %s", probes[p][1], ops[o]);
                        EV(item, file);
                        free(item);
                    }
                    free(rel);
                    free(file);
                }
            }
        }
#undef EV
        free(tdir);
    }
    doc_h2(d, "7. Raw evidence index");
    doc_p(d, "Paths are relative to the results directory (bench-results/ by default), a target's files relative to "
             "its evidence directory; the digests are of the files as they were when this page was made (full "
             "digests: evidence.sha256 at the top of the merged output, "
             "for sha256sum -c from the results directory). Timing samples recompute to the records' figures with "
             "ngbench-stats; ngbench-report check does that for every record.");
    doc_table(d, t);
    (void)c;
}

/* ---- the page ---- */

static void primitive_page(report_ctx *c, const ds_host *h, size_t first, size_t end)
{
    const ds_target *t0 = &h->targets[first];
    doc d;
    char *title = xasprintf("%s on %s: performance (%s)", t0->primitive, h->name, t0->operation);
    char id[PAGE_ID_MAX];
    char *base = xasprintf("pages/%s/%s", h->name, page_id(h, t0, id, sizeof id));
    size_t older, unfinished;
    attempt_counts(h, first, end, &older, &unfinished);
    doc_init(&d, title, "../../");
    doc_h1(&d, title);
    doc_p(&d, "Measured by ngbench %s with the sections of the NGCC performance pages (NICCS x86 self-assessment "
              "guide, \xc2\xa7" "3.5 (1)\xe2\x80\x93(7)), every compiler line side by side. Figures come from "
              "the newest "
              "valid attempt of each implementation and compiler line (%lu older valid attempt%s superseded, %lu "
              "unfinished attempt%s ignored).",
          c->version, (unsigned long)older, older == 1 ? "" : "s", (unsigned long)unfinished,
          unfinished == 1 ? "" : "s");
    basic_info(c, &d, h, first, end);
    environment(c, &d, h, first, end);
    kat_section(c, &d, h, first, end);
    performance(c, &d, h, first, end);
    resources(c, &d, h, first, end);
    sizes(c, &d, h, first, end);
    symmetric(c, &d, h, first, end);
    evidence_section(c, &d, h, first, end);
    emit_doc(c, base, &d);
    free(title);
    free(base);
}

void emit_pages(report_ctx *c)
{
    size_t hi, i, e;
    buf evidence;
    buf_init(&evidence);
    c->evidence = &evidence;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            prim_range(h, i, &e);
            primitive_page(c, h, i, e);
        }
    }
    out_emit(c->out, "evidence.sha256", &evidence);
    buf_free(&evidence);
    c->evidence = NULL;
}
