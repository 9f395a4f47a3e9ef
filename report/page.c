/* page.c - one page per primitive and host, with the sections of the NGCC
 * performance pages (basic information, assessment environment, KAT,
 * performance, resources, sizes, symmetric primitives, raw evidence index),
 * every compiler line's figures side by side; and evidence.sha256, the full
 * digests of the evidence the pages index. Each section is a file of its
 * own (page-*.c); the helpers they share are in page-common.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"
#include "report.h"

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
    sec_basic(c, &d, h, first, end);
    sec_environment(c, &d, h, first, end);
    sec_kat(c, &d, h, first, end);
    sec_performance(c, &d, h, first, end);
    sec_resources(c, &d, h, first, end);
    sec_sizes(c, &d, h, first, end);
    sec_symmetric(c, &d, h, first, end);
    sec_evidence(c, &d, h, first, end);
    emit_doc(c->out, base, &d);
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
