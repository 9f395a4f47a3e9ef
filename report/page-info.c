/* page-info.c - section 1 of a page: basic information. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "page.h"
#include "units.h"

/* ---- 1. basic information ---- */

/* the scheme's plain-file metadata (meta.h): its name, description,
 * designers and links; one row saying where they would be when there are none */
static void metadata(const report_ctx *c, table *t, const ds_target *t0, const char *alg)
{
    static const char *const label[META_NFILES] = {"algorithm", "description", "designers", "specification",
                                                   "security evaluation", "submission"};
    size_t k, found = 0;
    for (k = 0; k < META_NFILES; k++) {
        char *where, *text = meta_read(c->meta, t0->operation, t0->primitive, t0->scheme, meta_files[k], &where);
        if (k == 0) {
            tbl_row(t);
            tbl_cell(t, "algorithm");
            tbl_cell(t, text ? text : alg);
        } else if (text) {
            char *url = meta_url(text);
            tbl_row(t);
            tbl_cell(t, label[k]);
            tbl_cell(t, text);
            if (url)
                tbl_href(t, url);
            free(url);
        }
        found += text != NULL;
        free(text);
        free(where);
    }
    if (!found) {
        char *s = xasprintf("none given (plain files description, designers, specification, security-evaluation, "
                            "submission in %s/%s/ or %s/%s-common/)",
                            t0->operation, t0->primitive, t0->operation, t0->scheme);
        tbl_row(t);
        tbl_cell(t, "scheme metadata");
        tbl_cell(t, s);
        free(s);
    }
}

void sec_basic(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    const ds_target *t0 = &h->targets[first];
    table *t;
    static const char *const head[] = {"item", "value"};
    char *alg = algorithm_of(t0->primitive);
    buf impls, lines, src, names, sets;
    size_t i, j, e, nsets = primitive_count(h, first, end);

    buf_init(&impls);
    buf_init(&names);
    buf_init(&lines);
    buf_init(&src);
    buf_init(&sets);
    for (i = first; i < end; i++)
        if (i == first || strcmp(h->targets[i].primitive, h->targets[i - 1].primitive) != 0)
            buf_printf(&sets, "%s%s", sets.len ? ", " : "", h->targets[i].primitive);
    for (i = first; i < end; i = e) {
        const char *fl;
        impl_range(h, i, end, &e);
        fl = figs(&h->targets[i], NGK_build, NULL, NGF_flavour);
        buf_printf(&impls, "%s%s (%s flavour)", impls.len ? ", " : "", impl_label(h, first, end, &h->targets[i]), fl ? fl : "unknown");
        for (j = i; j < e; j++) {
            const char *s = figs(&h->targets[j], NGK_build, NULL, NGF_sources);
            if (s) {
                buf_printf(&src, "%s%s: %s", src.len ? "; " : "", impl_label(h, first, end, &h->targets[i]), s);
                break;
            }
        }
    }
    /* the name the implementation gives itself (CRYPTO_ALGNAME or
     * ALGORITHM_INSTANCE), from its claims record: the same on every line */
    for (i = first; i < end; i = e) {
        impl_range(h, i, end, &e);
        for (j = i; j < e; j++) {
            const char *an = figs(&h->targets[j], NGK_claims, NULL, NGF_algname);
            const char *so = figs(&h->targets[j], NGK_claims, NULL, NGF_source);
            if (an) {
                buf_printf(&names, "%s%s: %s (%s)", names.len ? "; " : "", impl_label(h, first, end, &h->targets[i]), an, so ? so : "header");
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
    metadata(c, t, t0, alg);
    tbl_row(t);
    tbl_cell(t, nsets > 1 ? "parameter sets (primitives)" : "parameter set (primitive)");
    tbl_cell(t, buf_str(&sets));
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
    {
        /* how each implementation was built, where it was not the plain
         * default: its settings and Makefile flags, what of the Makefile was
         * not applied, and the ICCS layer (./do --iccs submission) */
        buf fl, ign, lay;
        buf_init(&fl);
        buf_init(&ign);
        buf_init(&lay);
        for (i = first; i < end; i = e) {
            impl_range(h, i, end, &e);
            for (j = i; j < e; j++) {
                const char *f = figs(&h->targets[j], NGK_build, NULL, NGF_flags);
                const char *g = figs(&h->targets[j], NGK_build, NULL, NGF_makefile_ignored);
                const char *mk = figs(&h->targets[j], NGK_build, NULL, NGF_makefile);
                const char *st = figs(&h->targets[j], NGK_build, NULL, NGF_settings);
                if (f || g || st) {
                    if (f || st)
                        buf_printf(&fl, "%s%s: %s%s%s%s", fl.len ? "; " : "", impl_label(h, first, end, &h->targets[i]),
                                   f ? f : "", st ? " (settings file " : "", st ? st : "", st ? ")" : "");
                    if (g)
                        buf_printf(&ign, "%s%s: %s sets %s", ign.len ? "; " : "",
                                   impl_label(h, first, end, &h->targets[i]), mk ? mk : "the Makefile", g);
                    break;
                }
            }
            for (j = i; j < e; j++) {
                const char *l = figs(&h->targets[j], NGK_build, NULL, NGF_iccs);
                if (l && strcmp(l, "submission") == 0)
                    buf_printf(&lay, "%s%s %s", lay.len ? "; " : "", impl_label(h, first, end, &h->targets[i]),
                               h->targets[j].compiler);
            }
        }
        if (fl.len) {
            tbl_row(t);
            tbl_cell(t, "build flags");
            tbl_cell(t, buf_str(&fl));
        }
        if (ign.len) {
            tbl_row(t);
            tbl_cell(t, "not applied from the build files");
            tbl_cell(t, buf_str(&ign));
            tbl_mark(t, MARK_WARN);
        }
        if (lay.len) {
            tbl_row(t);
            tbl_cell(t, "ICCS layer");
            buf_printf(&lay, " with the ICCS package copies the folder ships (./do --iccs submission); every other "
                             "line with ngbench's iccs/");
            tbl_cell(t, buf_str(&lay));
        }
        buf_free(&fl);
        buf_free(&ign);
        buf_free(&lay);
    }
    {
        buf v;
        int mark;
        buf_init(&v);
        mark = symmetric_verdict(h, first, end, &v);
        tbl_row(t);
        tbl_cell(t, "symmetric primitives");
        tbl_cell(t, buf_str(&v));
        tbl_mark(t, mark);
        buf_free(&v);
    }
    tbl_row(t);
    tbl_cell(t, "KAT manifest");
    {
        buf m;
        buf_init(&m);
        for (i = first; i < end; i++)
            if (i == first || strcmp(h->targets[i].primitive, h->targets[i - 1].primitive) != 0)
                buf_printf(&m, "%s%s/%s/kat.sha256", m.len ? ", " : "", t0->operation, h->targets[i].primitive);
        tbl_cell(t, buf_str(&m));
        buf_free(&m);
    }
    for (i = first; i < end; i++) {
        char *href;
        if (i != first && strcmp(h->targets[i].primitive, h->targets[i - 1].primitive) == 0)
            continue;
        href = xasprintf("%scompilers/%s.html", d->root, h->targets[i].primitive);
        tbl_row(t);
        if (nsets > 1) {
            char *k = xasprintf("compiler comparison: %s", h->targets[i].primitive);
            tbl_cell(t, k);
            free(k);
        } else {
            tbl_cell(t, "compiler comparison");
        }
        tbl_cell(t, "every compiler line side by side, ratios to the reference line");
        tbl_href(t, href);
        free(href);
    }
    doc_table(d, t);
    free(alg);
    buf_free(&names);
    buf_free(&impls);
    buf_free(&lines);
    buf_free(&src);
    buf_free(&sets);
}
