/* page-evidence.c - section 7 of a page: the raw evidence index, and the
 * lines of evidence.sha256. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "page.h"
#include "units.h"

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

void sec_evidence(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
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
            tbl_cell(t, impl_label(h, first, end, x));
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
            tbl_cell(t, impl_label(h, first, end, x));
            tbl_cell(t, x->compiler);
            tbl_cell(t, "evidence directory (the files below are in it)");
            tbl_cell(t, shown);
            tbl_cell(t, "");
            free(shown);
        }
#define EV(item, file) evidence_row(c, t, impl_label(h, first, end, x), x->compiler, item, a->hostdir, tdir, file)
        EV("record block", "records");
        EV("build log", "build/build.log");
        {
            char *kt = xasprintf("%s/kat.txt", tdir);
            int have_txt = exists(a->hostdir, kt);
            const char *ks = figs(x, NGK_kat, NULL, NGF_sha256);
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
            double trials = cyc(x, ops[o], NGF_trials);
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
