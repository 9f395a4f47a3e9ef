/* page.c - one page per scheme and host: all parameter sets of a scheme
 * (the primitives sharing its name without the parameter suffix, see
 * ds_scheme_of) with the sections of the NGCC performance pages (basic
 * information, assessment environment, KAT, performance, resources, sizes,
 * symmetric primitives, raw evidence index), every implementation and
 * compiler line side by side, a switch to the same scheme's page on the other
 * hosts, and a footer saying how the results were made; and
 * evidence.sha256, the full digests of the evidence the pages index. Each
 * section is a file of its own (page-*.c); the helpers they share are in
 * page-common.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "page.h"
#include "report.h"
#include "runinfo.h"
#include "units.h"

/* the hosts that have a page of the same id: links to them, this one bold */
static void host_switch(report_ctx *c, doc *d, const ds_host *h, const char *id)
{
    const char **items = xmalloc((c->d->nhosts + 1) * sizeof *items);
    char **hrefs = xmalloc((c->d->nhosts + 1) * sizeof *hrefs);
    size_t hi, i, e, n = 0;
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *o = &c->d->hosts[hi];
        int found = 0;
        for (i = 0; i < o->ntargets && !found; i = e) {
            char oid[PAGE_ID_MAX];
            scheme_range(o, i, &e);
            found = strcmp(page_id(o, &o->targets[i], oid, sizeof oid), id) == 0;
        }
        if (!found)
            continue;
        items[n] = o->name;
        hrefs[n] = o == h ? NULL : xasprintf("../%s/%s.html", o->name, id);
        n++;
    }
    doc_switch(d, "Hosts", n, items, (const char *const *)hrefs);
    for (i = 0; i < n; i++)
        free(hrefs[i]);
    free(hrefs);
    free((void *)items);
}

static void scheme_page(report_ctx *c, const ds_host *h, size_t first, size_t end)
{
    const ds_target *t0 = &h->targets[first];
    doc d;
    char id[PAGE_ID_MAX];
    size_t nsets = primitive_count(h, first, end), older, unfinished, newer = 0, i;
    char *title, *base;
    buf sets;
    buf_init(&sets);
    for (i = first; i < end; i++) {
        if (i == first || strcmp(h->targets[i].primitive, h->targets[i - 1].primitive) != 0)
            buf_printf(&sets, "%s%s", sets.len ? ", " : "", h->targets[i].primitive);
        newer += h->targets[i].newer != NULL;
    }
    title = nsets > 1 ? xasprintf("%s on %s: performance (%s; sets %s)", t0->scheme, h->name, t0->operation,
                                  buf_str(&sets))
                      : xasprintf("%s on %s: performance (%s)", t0->primitive, h->name, t0->operation);
    if (meta_is_baseline(c->meta, t0->operation, t0->primitive)) {
        char *b = xasprintf("%s \xe2\x80\x94 baseline", title);
        free(title);
        title = b;
    }
    base = xasprintf("pages/%s/%s", h->name, page_id(h, t0, id, sizeof id));
    attempt_counts(h, first, end, &older, &unfinished);
    doc_init(&d, title, "../../");
    doc_h1(&d, title);
    host_switch(c, &d, h, id);
    doc_p(&d, "Measured by ngbench %s with the sections of the NGCC performance pages (NICCS x86 self-assessment "
              "guide, \xc2\xa7" "3.5 (1)\xe2\x80\x93(7)), every compiler line side by side. Figures come from "
              "the newest "
              "valid attempt of the highest tier of each implementation and compiler line (%lu older valid attempt%s superseded, %lu "
              "unfinished attempt%s ignored).",
          c->version, (unsigned long)older, older == 1 ? "" : "s", (unsigned long)unfinished,
          unfinished == 1 ? "" : "s");
    if (newer)
        doc_p(&d, "A run of a lower tier never replaces a higher tier's figures: %lu line%s also ha%s a newer "
                  "--quick-tier attempt, shown apart in section 4, not in place of the full-tier figures.",
              (unsigned long)newer, newer == 1 ? "" : "s", newer == 1 ? "s" : "ve");
    sec_basic(c, &d, h, first, end);
    sec_environment(c, &d, h, first, end);
    sec_kat(c, &d, h, first, end);
    sec_performance(c, &d, h, first, end);
    sec_resources(c, &d, h, first, end);
    sec_sizes(c, &d, h, first, end);
    sec_symmetric(c, &d, h, first, end);
    sec_evidence(c, &d, h, first, end);
    run_footer(c, &d, h, first, end);
    emit_doc(c->out, base, &d);
    buf_free(&sets);
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
            scheme_range(h, i, &e);
            scheme_page(c, h, i, e);
        }
    }
    out_emit(c->out, "evidence.sha256", &evidence);
    buf_free(&evidence);
    c->evidence = NULL;
}
