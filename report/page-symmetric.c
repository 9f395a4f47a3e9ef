/* page-symmetric.c - the symmetric-primitives section of a page: the share
 * of time in the ICCS helpers, calls per operation and by length. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots.h"
#include "page.h"
#include "units.h"

/* ---- symmetric primitives ---- */

static const char *const helpers[] = {"sm3hash", "pseudohash", "pseudoXOF", "get_random_number"};

void sec_symmetric(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "operation", "sm3hash", "pseudohash",
                                       "pseudoXOF", "hash total", "DRNG", "calls per operation",
                                       "first call's calls"};
    static const char *const chead[] = {"implementation", "compiler", "operation", "function", "input bits",
                                        "output bits", "calls per operation"};
    static const char *const sname[] = {"sm3hash", "pseudohash", "pseudoXOF", "DRNG"};
    table *t, *tc = tbl_new(7, chead, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, e, o, f, k, nrows = 0;
    int firsts = 0, differ = 0; /* profiles with the first call apart (since 0.2) */
    char **rowtext = NULL;
    double *fr = NULL;
    int any = 0, lto = 0;
    char s[UNITS_MAX];

    for (i = first; i < end && !firsts; i++)
        for (k = 0; h->targets[i].sel && k < h->targets[i].sel->nrecs; k++)
            if (h->targets[i].sel->recs[k]->r.kid == NGK_profile &&
                ngr_get(&h->targets[i].sel->recs[k]->r, NGF_first_calls))
                firsts = 1;
    t = tbl_new(firsts ? 10 : 9, head, NULL);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        for (o = 0; ops[o]; o++) {
            double share[4], hash = 0, calls[4], fcalls[4];
            int have = 0;
            buf cl;
            for (f = 0; f < 4; f++) {
                const ngr_record *r = NULL;
                size_t m;
                share[f] = calls[f] = fcalls[f] = NAN;
                for (m = 0; x->sel && m < x->sel->nrecs; m++) {
                    const ngr_record *y = &x->sel->recs[m]->r;
                    const char *op = ngr_get_any(y, NGF_op), *fn = ngr_get_any(y, NGF_function);
                    if (y->kid == NGK_profile && op && fn && strcmp(op, ops[o]) == 0 &&
                        strcmp(fn, helpers[f]) == 0) {
                        r = y;
                        break;
                    }
                }
                if (!r)
                    continue;
                have = 1;
                if (ngr_get(r, NGF_note))
                    lto = 1;
                if (!ngr_num(r, NGF_share, &share[f]))
                    share[f] = NAN;
                if (!ngr_num(r, NGF_calls, &calls[f]))
                    calls[f] = NAN;
                if (!ngr_num(r, NGF_first_calls, &fcalls[f]))
                    fcalls[f] = NAN;
                if (f < 3 && isfinite(share[f]))
                    hash += share[f];
            }
            if (!have)
                continue;
            any = 1;
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, x));
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
            if (firsts) {
                /* the first call of the process, where one-time setup shows */
                static const char *const fname[4] = {"sm3hash", "pseudohash", "pseudoXOF", "drng"};
                int m, same = 1;
                buf_init(&cl);
                for (m = 3; m >= 0; m--) {
                    if (!isfinite(fcalls[m]))
                        continue;
                    if (!isfinite(calls[m]) || fabs(fcalls[m] - calls[m]) > 0.5)
                        same = 0;
                    if (fcalls[m] > 0)
                        buf_printf(&cl, "%s%s %s", cl.len ? ", " : "", fname[m], fmt_sig3(s, fcalls[m]));
                }
                tbl_cell(t, same ? "as the others" : cl.len ? buf_str(&cl) : "none");
                if (!same)
                    differ = 1;
                buf_free(&cl);
            }
            rowtext = xrealloc(rowtext, (nrows + 1) * sizeof *rowtext);
            fr = xrealloc(fr, (nrows + 1) * 4 * sizeof *fr);
            rowtext[nrows] = xasprintf("%s %s %s", impl_label(h, first, end, x), x->compiler, ops[o]);
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
                const char *op = ngr_get_any(r, NGF_op);
                double v;
                if (r->kid != NGK_profilecalls || !op || strcmp(op, ops[o]) != 0)
                    continue;
                tbl_row(tc);
                tbl_cell(tc, impl_label(h, first, end, x));
                tbl_cell(tc, x->compiler);
                tbl_cell(tc, ops[o]);
                tbl_cell(tc, ngr_get(r, NGF_function) ? ngr_get(r, NGF_function) : "?");
                tbl_cellx(tc, ngr_get(r, NGF_in) ? ngr_get(r, NGF_in) : DASH, NULL, 1);
                tbl_cellx(tc, ngr_get(r, NGF_out) ? ngr_get(r, NGF_out) : DASH, NULL, 1);
                cell_fig(tc, fmt_sig3, ngr_num(r, NGF_calls, &v) ? v : NAN, ngr_get(r, NGF_calls));
            }
        }
    }
    doc_h2(d, "Symmetric primitives");
    {
        buf v;
        buf_init(&v);
        symmetric_verdict(h, first, end, &v);
        doc_p(d, "Survey verdict: %s. From the symbol audit (section 5): the global symbols the implementation's "
                 "objects define, against the ICCS helpers (sm3hash, pseudohash, pseudoXOF, the SM3 DRBG) and names "
                 "of other symmetric primitives (AES, Keccak, SHA-2/3, BLAKE, ChaCha, SM4, ...); static functions "
                 "are not seen.",
              buf_str(&v));
        buf_free(&v);
    }
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
        if (firsts)
            doc_p(d, "Calls per operation are the steady state: calls 2 and on of a fresh process. The first call "
                     "is counted apart%s.",
                  differ ? "; where it makes more calls than the others (a cache or table built on first use), "
                           "that is one-time setup, which the per-operation figures leave out"
                         : " (it made the same calls here)");
        doc_table(d, t);
        {
            char id[PAGE_ID_MAX];
            char *rel = xasprintf("plots/%s/%s-hashshare.svg", h->name, page_id(h, &h->targets[first], id, sizeof id));
            char *title = xasprintf("%s on %s: share of time in the ICCS helpers",
                                    primitive_count(h, first, end) > 1 ? h->targets[first].scheme : h->targets[first].primitive,
                                    h->name);
            emit_plot(c->out, d, rel, title, svg_stacked(title, nrows, (const char *const *)rowtext, 4, sname, fr, "other"));
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
