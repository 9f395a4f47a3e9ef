/* index.c - the start page: links to the summary, every page, the
 * compiler comparisons, the tables and the data files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "report.h"

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
    doc_h2(&d, "Pages per scheme and host");
    for (hi = 0; hi < c->d->nhosts; hi++) {
        const ds_host *h = &c->d->hosts[hi];
        for (i = 0; i < h->ntargets; i = e) {
            char *text, *href;
            size_t n;
            scheme_range(h, i, &e);
            n = primitive_count(h, i, e);
            if (n > 1)
                text = xasprintf("%s on %s (%lu parameter sets)", h->targets[i].scheme, h->name, (unsigned long)n);
            else
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
    emit_doc(c->out, "index", &d);
    free((void *)prims);
}
