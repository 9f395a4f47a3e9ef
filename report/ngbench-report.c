/* ngbench-report.c - the merge step: reads every host's records, writes the
 * merged tables (text, Markdown, CSV, JSON), one page per scheme and host,
 * the summary, the compiler comparisons and the plots; audits published
 * results (check); prints a run's figures in the terminal (status). See
 * usage() and README.md. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "compare.h"
#include "report.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void usage(FILE *f)
{
    fputs("usage: ngbench-report merge [options] [INPUT...]\n"
          "       ngbench-report check [options] [INPUT...]\n"
          "       ngbench-report status [--host H] [--campaign ID] [--target T] [options] [INPUT...]\n"
          "       ngbench-report compare [options] [A B]   (is B faster than A? see compare --help)\n"
          "\n"
          "merge  reads the records of every INPUT and writes, under the output directory:\n"
          "         index.html, summary.{html,md}      start page; one row per instance and host, and\n"
          "                                            the instances across hosts side by side\n"
          "         pages/<host>/<scheme>.{html,md}    the NGCC page sections per scheme (all its\n"
          "                                            parameter sets) and host, a switch between hosts\n"
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
          "status prints a table on stdout, one row per target and operation: host, target\n"
          "       (operation/primitive/implementation/compiler), status, KAT, checks, op, median\n"
          "       cycles, median time, ops/s (from the mean), preempted (yes: a trial's CPU share was\n"
          "       below 0.9). Then, for every campaign with a plan (plan records), the planned\n"
          "       targets that did not finish: 'running on M since T' (its owner's lock is held, or\n"
          "       its pid alive, on this machine), 'interrupted at T (owner gone)' or 'never\n"
          "       started', where they were assigned (shard K/N, job), and planned/finished/running\n"
          "       counts. Reads only: writes, creates and changes nothing. Exit status: 0 every\n"
          "       target finished and passed (PASS or NOKAT) or is still running, 1 some finished\n"
          "       target did not pass (or no target matches), 75 some planned target did not\n"
          "       finish and no live process owns it (requeue: it resumes).\n",
          f);
    fputs("         --host H        only host H\n"
          "         --campaign ID   the newest attempt of each target in campaign ID (any tier),\n"
          "                         instead of the attempts the pages show\n"
          "         --target T      only target T (operation/primitive/implementation/compiler), in\n"
          "                         the short form: 'T: STATUS (KAT k, checks c)', then per operation\n"
          "                         '  op  MEDIAN cycles  TIME  RATE ops/s[  R x reference][  PREEMPTED]'\n"
          "         --reference-data P  with --target, each operation's headline as a multiple R of\n"
          "                         the same target's in the reference dataset P (cycles;\n"
          "                         above 1 is slower)\n"
          "\n"
          "INPUT  a data file, a host directory (holding 'data') or a results directory (every\n"
          "       <dir>/<host>/data in it). Default: every RESULTS/<host>/data.\n"
          "\n"
          "options (--opt=value works as --opt value)\n"
          "  --results DIR    the results directory (default: bench-results)\n"
          "  -o, --output DIR the output directory (default: RESULTS/merged)\n"
          "  --reference-data P  a reference dataset (a data file or host directory: the one\n"
          "                   shipped in bench-results/<host>/ with a REFERENCE file, README.md\n"
          "                   there; ./do merge passes it): merge and check read it as one more\n"
          "                   host, beside the others in every table and page switch\n"
          "  --reference ID   compiler id of the reference line for the ratios (default: guide-ref;\n"
          "                   a line with the command the records give for that id counts too)\n"
          "  --meta DIR       the tree holding the schemes' metadata files (name, description,\n"
          "                   designers, specification, security-evaluation, submission in\n"
          "                   <operation>/<primitive>/ or <operation>/<scheme>-common/; default:\n"
          "                   $NGBENCH_DATADIR, else the current directory)\n"
          "  -q, --quiet      no progress summary on stdout\n"
          "  -h, --help       this text\n"
          "  -V, --version    the version\n"
          "\n"
          "Several attempts of one target: the newest attempt with a 'done' record of the highest\n"
          "tier wins (a --quick run never replaces a full run's figures; the pages show both);\n"
          "attempts without one are ignored (doc/records.md). Best line per operation: the lowest\n"
          "median cycles per call among the lines that passed (PASS or NOKAT), preferring figures\n"
          "that were not preempted; a preempted best or reference is flagged.\n",
          f);
}

enum { OPT_RESULTS = 256, OPT_REFERENCE, OPT_META, OPT_HOST, OPT_CAMPAIGN, OPT_TARGET, OPT_REFDATA };

static const struct option longopts[] = {
    {"results", required_argument, NULL, OPT_RESULTS},
    {"output", required_argument, NULL, 'o'},
    {"reference", required_argument, NULL, OPT_REFERENCE},
    {"meta", required_argument, NULL, OPT_META},
    {"host", required_argument, NULL, OPT_HOST},
    {"campaign", required_argument, NULL, OPT_CAMPAIGN},
    {"target", required_argument, NULL, OPT_TARGET},
    {"reference-data", required_argument, NULL, OPT_REFDATA},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* the default metadata tree: $NGBENCH_DATADIR (./do and the installed
 * ngbench set it to the tree whose implementations they run), else the
 * current directory when it holds crypto_sign/ or crypto_kem/ */
static const char *default_meta(void)
{
    const char *e = getenv("NGBENCH_DATADIR");
    if (e && *e)
        return e;
    return is_dir("crypto_sign") || is_dir("crypto_kem") ? "." : NULL;
}

int main(int argc, char **argv)
{
    const char *cmd, *results = "bench-results", *output = NULL, *reference = "guide-ref", *meta = NULL;
    const char *host = NULL, *campaign = NULL, *target = NULL, *refdata = NULL;
    char **inputs = NULL, **files = NULL, *outdir;
    size_t ninputs = 0, nfiles = 0, i;
    int quiet = 0, rc = 0, o, merge, status;
    dataset d;
    outset out;
    report_ctx ctx;

    opterr = 0;
    /* the command comes first; options may follow it in any order ('+': stop at the first non-option) */
    while ((o = getopt_long(argc, argv, "+o:qhV", longopts, NULL)) != -1) {
        switch (o) {
        case 'h': usage(stdout); return 0;
        case 'V': printf("ngbench-report %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "ngbench-report: unknown option %s before the command (merge, check, status or compare; try --help)\n",
                    argv[optind - 1]);
            return 1;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 1;
    }
    cmd = argv[optind];
    if (strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "compare") == 0)
        return compare_main(argc - optind, argv + optind, PACKAGE_VERSION);
    merge = strcmp(cmd, "merge") == 0;
    status = strcmp(cmd, "status") == 0;
    if (!merge && !status && strcmp(cmd, "check") != 0) {
        fprintf(stderr, "ngbench-report: unknown command '%s' (try --help)\n", cmd);
        return 1;
    }
    /* the command's options: getopt_long on argv[optind..] (permuting: inputs and options mix) */
    argv += optind;
    argc -= optind;
#ifdef __GLIBC__
    optind = 0; /* glibc: a full restart of getopt's state */
#else
    optind = 1;
#endif
    while ((o = getopt_long(argc, argv, ":o:qhV", longopts, NULL)) != -1) {
        switch (o) {
        case OPT_RESULTS: results = optarg; break;
        case 'o': output = optarg; break;
        case OPT_REFERENCE: reference = optarg; break;
        case OPT_META: meta = optarg; break;
        case OPT_HOST: host = optarg; break;
        case OPT_CAMPAIGN: campaign = optarg; break;
        case OPT_TARGET: target = optarg; break;
        case OPT_REFDATA: refdata = optarg; break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("ngbench-report %s\n", PACKAGE_VERSION); return 0;
        case ':':
            fprintf(stderr, "ngbench-report: %s needs a value (try --help)\n", argv[optind - 1]);
            return 1;
        default:
            fprintf(stderr, "ngbench-report: unknown option %s (try --help)\n", argv[optind - 1]);
            return 1;
        }
    }
    if (!status && (host || campaign || target)) {
        fprintf(stderr, "ngbench-report: --host, --campaign and --target are options of status (try --help)\n");
        return 1;
    }
    inputs = xmalloc(((size_t)argc + 2) * sizeof *inputs);
    for (; optind < argc; optind++)
        inputs[ninputs++] = argv[optind];
    if (ninputs == 0)
        inputs[ninputs++] = (char *)results;
    if (refdata && !status) /* merge and check: the reference is one more host (de-duplicated if it is in RESULTS) */
        inputs[ninputs++] = (char *)refdata;
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

    if (ds_load(&d, files, nfiles) != 0)
        rc = 1;
    for (i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    for (i = 0; i < d.nproblems; i++) {
        const ds_problem *p = &d.problems[i];
        fprintf(stderr, "ngbench-report: %s:%lu: skipped (%s): %s\n", p->file, p->lineno, p->why, p->excerpt);
    }

    if (status) {
        buf b;
        size_t n, failed = 0, missing = 0, running = 0;
        dataset ref, *refp = NULL;
        buf_init(&b);
        if (refdata) { /* a comparison only: a reference that cannot be read is said, not fatal */
            char **rf = NULL;
            size_t nrf = 0;
            if (ds_find_inputs(refdata, &rf, &nrf) <= 0)
                fprintf(stderr, "ngbench-report: status: reference data %s: not found; no comparison\n", refdata);
            else if (ds_load(&ref, rf, nrf) != 0)
                ds_free(&ref);
            else
                refp = &ref;
            for (i = 0; i < nrf; i++)
                free(rf[i]);
            free(rf);
        }
        n = report_status(&d, host, campaign, target, refp, &b, &failed);
        if (refp)
            ds_free(refp);
        if (!target)
            missing = report_completeness(&d, host, campaign, &b, &running);
        fputs(buf_str(&b), stdout);
        buf_free(&b);
        if (n == 0 && !missing && !running) {
            fprintf(stderr, "ngbench-report: status: no finished target%s%s%s%s%s%s\n", target ? " " : "",
                    target ? target : "", host ? " on " : "", host ? host : "", campaign ? " in campaign " : "",
                    campaign ? campaign : "");
            rc = 1;
        } else if (missing) {
            rc = 75; /* some target unfinished and no live process owns it: worth running again */
        } else if (failed) {
            rc = 1;
        }
        ds_free(&d);
        return rc;
    }

    outdir = output ? xstrdup(output) : xasprintf("%s/merged", results);
    out_init(&out, outdir, merge ? OUT_WRITE : OUT_CHECK, stdout);
    ctx.d = &d;
    ctx.out = &out;
    ctx.reference = reference;
    ctx.version = PACKAGE_VERSION;
    ctx.meta = meta ? meta : default_meta();
    ctx.evidence = NULL;

    if (merge) {
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
        if (n.host_busy)
            printf("check: %lu figure%s measured on a busy host (HOST-BUSY above): published marked, with the host's "
                   "speed in their uncertainty\n",
                   n.host_busy, n.host_busy == 1 ? "" : "s");
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
