/* page-info.c - section 1 of a page: basic information. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"

/* ---- 1. basic information ---- */

void sec_basic(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
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
