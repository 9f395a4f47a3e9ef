/* ngbench-report.c - the merge step: reads every host's records, writes the
 * merged tables (text, Markdown, CSV, JSON), one page per primitive and
 * host, the summary, the compiler comparisons and the plots; and audits
 * published results (check). See usage() and README.md. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void usage(FILE *f)
{
    fputs("usage: ngbench-report merge [options] [INPUT...]\n"
          "       ngbench-report check [options] [INPUT...]\n"
          "\n"
          "merge  reads the records of every INPUT and writes, under the output directory:\n"
          "         index.html, summary.{html,md}      start page; one row per instance\n"
          "         pages/<host>/<primitive>.{html,md} the NGCC page sections per primitive and host\n"
          "         compilers/<primitive>.{html,md}    every compiler line, ratios to the reference line\n"
          "         plots/<host>/*.svg                 the plots the pages show\n"
          "         tables/{results,targets,best}.{txt,md,csv,json}\n"
          "         records.txt    every well-formed record, sorted and de-duplicated\n"
          "         problems.txt   every line skipped (corrupt, unknown kind or format), file:line\n"
          "         evidence.sha256, SHA256SUMS   digests of the evidence and of every output file\n"
          "       Files a previous merge wrote that are no longer generated are removed.\n"
          "check  recomputes every statistic of the records from the raw records (trial records,\n"
          "       kept samples and probe outputs) and regenerates every output in memory,\n"
          "       comparing it byte for byte with the output directory (give it the inputs and\n"
          "       options the merge had). Exit status 0 when everything matches.\n"
          "\n"
          "INPUT  a data file, a host directory (holding 'data') or a results directory (every\n"
          "       <dir>/<host>/data in it). Default: every RESULTS/<host>/data.\n"
          "\n"
          "options\n"
          "  --results DIR    the results directory (default: bench-results)\n"
          "  -o, --output DIR the output directory (default: RESULTS/merged)\n"
          "  --reference ID   compiler id of the reference line for the ratios (default: guide-ref;\n"
          "                   a line with the guide's exact command counts too)\n"
          "  -q, --quiet      no progress summary on stdout\n"
          "  -h, --help       this text (--version: the version)\n"
          "\n"
          "Several attempts of one target: the newest attempt with a 'done' record wins;\n"
          "attempts without one are ignored (doc/records.md). Best line per operation: the\n"
          "lowest median cycles per call among the lines that passed (PASS or NOKAT).\n",
          f);
}

static int need(int i, int argc, const char *opt)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "ngbench-report: %s needs a value (try --help)\n", opt);
        exit(1);
    }
    return i + 1;
}

int main(int argc, char **argv)
{
    const char *cmd, *results = "bench-results", *output = NULL, *reference = "guide-ref";
    char **inputs = NULL, **files = NULL, *outdir;
    size_t ninputs = 0, nfiles = 0, i;
    int quiet = 0, rc = 0, a;
    dataset d;
    outset out;
    report_ctx ctx;

    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("ngbench-report %s\n", PACKAGE_VERSION);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 1 : 0;
    }
    cmd = argv[1];
    if (strcmp(cmd, "merge") != 0 && strcmp(cmd, "check") != 0) {
        fprintf(stderr, "ngbench-report: unknown command '%s' (try --help)\n", cmd);
        return 1;
    }
    inputs = malloc((size_t)argc * sizeof *inputs);
    if (!inputs)
        return 2;
    for (a = 2; a < argc; a++) {
        const char *s = argv[a];
        if (strcmp(s, "--results") == 0) {
            a = need(a, argc, s);
            results = argv[a];
        } else if (strcmp(s, "-o") == 0 || strcmp(s, "--output") == 0) {
            a = need(a, argc, s);
            output = argv[a];
        } else if (strcmp(s, "--reference") == 0) {
            a = need(a, argc, s);
            reference = argv[a];
        } else if (strcmp(s, "-q") == 0 || strcmp(s, "--quiet") == 0) {
            quiet = 1;
        } else if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            usage(stdout);
            free(inputs);
            return 0;
        } else if (strcmp(s, "--") == 0) {
            for (a++; a < argc; a++)
                inputs[ninputs++] = argv[a];
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "ngbench-report: unknown option %s (try --help)\n", s);
            free(inputs);
            return 1;
        } else {
            inputs[ninputs++] = argv[a];
        }
    }
    if (ninputs == 0)
        inputs[ninputs++] = (char *)results;
    for (i = 0; i < ninputs; i++) {
        if (ds_find_inputs(inputs[i], &files, &nfiles) < 0) {
            fprintf(stderr, "ngbench-report: %s: no such file or directory\n", inputs[i]);
            rc = 1;
        }
    }
    free(inputs);
    if (rc || nfiles == 0) {
        if (!rc)
            fprintf(stderr, "ngbench-report: no data files found (run ./do first, or name them)\n");
        for (i = 0; i < nfiles; i++)
            free(files[i]);
        free(files);
        return 1;
    }
    outdir = output ? xstrdup(output) : xasprintf("%s/merged", results);

    if (ds_load(&d, files, nfiles) != 0)
        rc = 1;
    for (i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    for (i = 0; i < d.nproblems; i++) {
        const ds_problem *p = &d.problems[i];
        fprintf(stderr, "ngbench-report: %s:%lu: skipped (%s): %s\n", p->file, p->lineno, p->why, p->excerpt);
    }

    out_init(&out, outdir, strcmp(cmd, "merge") == 0 ? OUT_WRITE : OUT_CHECK, stdout);
    ctx.d = &d;
    ctx.out = &out;
    ctx.reference = reference;
    ctx.version = PACKAGE_VERSION;

    if (strcmp(cmd, "merge") == 0) {
        emit_all(&ctx);
        if (out_finish(&out) != 0)
            rc = 1;
        if (!quiet)
            printf("ngbench-report: %lu file%s, %lu records (%lu duplicate%s), %lu line%s skipped, %lu host%s -> "
                   "%s/index.html (%lu files)\n",
                   (unsigned long)d.nfiles, d.nfiles == 1 ? "" : "s", (unsigned long)d.nrecs, d.duplicates,
                   d.duplicates == 1 ? "" : "s", (unsigned long)d.nproblems, d.nproblems == 1 ? "" : "s",
                   (unsigned long)d.nhosts, d.nhosts == 1 ? "" : "s", outdir, (unsigned long)out.n + 1);
    } else {
        check_counts n;
        int stats_ok = check_records(&d, stdout, &n) == 0;
        int pages_ok;
        emit_all(&ctx);
        pages_ok = out_finish(&out) == 0;
        printf("check: %lu valid attempts: %lu figures recompute, %lu do not; cycles from raw samples: %lu, from "
               "trial records only (samples not kept): %lu\n",
               n.attempts, n.checked, n.bad, n.from_samples, n.without_samples);
        printf("check: %lu output files regenerated: %s\n", (unsigned long)out.n + 1,
               pages_ok ? "byte-identical" : "DIFFERENCES (listed above)");
        if (!stats_ok || !pages_ok)
            rc = 1;
        else
            printf("check: OK\n");
    }
    out_free(&out);
    ds_free(&d);
    free(outdir);
    return rc;
}
