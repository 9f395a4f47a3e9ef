/* ngbench-stats.c - statistics of cycle samples, for the records and for
 * anyone recomputing them from the raw samples ./do keeps.
 *
 * usage: ngbench-stats [FILE...]
 * Reads numbers (one per line, or "sample N" lines as measure prints them;
 * other lines are ignored) from the FILEs or standard input and prints a
 * cycles field line (report/record.h: the kind, then its fields, written
 * and checked by report/record.c against report/schema.def)
 *   cycles n=<n> mean=<m> median=<m> q1=<q> q3=<q> min=<m> max=<m>
 * (an mlen line with -k mlen). With -t, each FILE is a trial: also
 * median_trial=<the median of the trials' means>. With -T, also one trial
 * line per FILE first, "trial trial=<k> " and that file's statistics, so one pass serves both the trial records and the
 * totals. With -p PERSECOND (the counter's rate), also the derived figures
 * of derive.h: each trial's cpu_share (from the "cpu" line measure prints),
 * and mean_seconds, ops_per_second and preempted=yes (when a trial's share
 * is below NGD_PREEMPTED_BELOW) on the totals line; and, where measure
 * printed per-call readings ("sample TICKS CPU_NS SWITCHES"), each trial's
 * flagged=<descheduled calls> and the totals' clean_n, clean_median,
 * oncpu_median, estimator, headline and headline_seconds (ngd_percall),
 * each trial's own headline, and the headline's uncertainty. Where a trial
 * holds the host's readings (measure's "stat0"/"stat1" lines of /proc/stat,
 * and the "quiet" and "host before|after" lines of ngbench-hostspeed that
 * the stage appends), each trial's host_speed, host_speed_oncpu,
 * others_busy, steal and disturbed, and the totals' disturbed_trials.
 * Quartiles interpolate linearly (R type 7). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "record.h"
#include "schema.h"
#include "stats.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void usage(FILE *f)
{
    fputs("usage: ngbench-stats [-t|-T] [-p PERSECOND] [-k cycles|mlen] [FILE...]\n"
          "Prints a cycles line (the record kind, then n, mean, median, q1, q3, min, max, as\n"
          "ngbench-records(5) names them) of the samples in FILEs (or stdin): numbers one per\n"
          "line, or 'sample N' lines as measure prints them; other lines are ignored.\n"
          "  -t, --trials      each FILE is one trial: also print median_trial (median of the\n"
          "                    trials' means)\n"
          "  -T, --per-trial   as -t, and first one line per FILE: a trial line (trial=<k> and its\n"
          "                    own statistics)\n"
          "  -k, --kind=KIND   the totals line's kind: cycles (the default) or mlen\n"
          "  -p, --persecond=RATE  the counter's rate: also each trial's cpu_share (-T, from the\n"
          "                    'cpu' line) and mean_seconds, ops_per_second and preempted=yes\n"
          "                    (a trial's cpu_share below 0.9) on the totals line (measure/derive.c);\n"
          "                    with per-call readings, each trial's flagged (descheduled calls) and\n"
          "                    clean_n, clean_median, oncpu_median, estimator, headline, headline_seconds,\n"
          "                    uncertainty; each trial's headline; and from the host's readings in a\n"
          "                    trial (stat0/stat1, quiet, host before/after lines) each trial's host_speed,\n"
          "                    host_speed_oncpu, others_busy, steal, disturbed and the disturbed_trials\n"
          "  -h, --help        this text\n"
          "  -V, --version     the version\n"
          "Quartiles interpolate linearly (R type 7). Exit status: 0, 1 no samples or a usage\n"
          "error, 2 a FILE cannot be read.\n",
          f);
}

static const struct option longopts[] = {
    {"trials", no_argument, NULL, 't'},
    {"per-trial", no_argument, NULL, 'T'},
    {"persecond", required_argument, NULL, 'p'},
    {"kind", required_argument, NULL, 'k'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static double *all, *oncpu; /* every sample's ticks and on-CPU estimate (NAN: unknown) */
static int *flag;           /* and whether it was descheduled (-1: unknown) */
static size_t n, cap;

/* the statistics as fields of a trial, cycles or mlen line (report/record.c
 * writes and checks the line against report/schema.def) */
static void put_stats(ngr_out *o, const stats *s)
{
    ngr_out_printf(o, NGF_n, "%zu", s->n);
    ngr_out_printf(o, NGF_mean, "%.1f", s->mean);
    ngr_out_printf(o, NGF_median, "%.1f", s->median);
    ngr_out_printf(o, NGF_q1, "%.1f", s->q1);
    ngr_out_printf(o, NGF_q3, "%.1f", s->q3);
    ngr_out_printf(o, NGF_min, "%.0f", s->min);
    ngr_out_printf(o, NGF_max, "%.0f", s->max);
}

/* the key=value words of measure/derive.c's figures, by their schema names */
static void put_words(ngr_out *o, const char *text)
{
    char copy[1024], *p, *save = NULL;
    snprintf(copy, sizeof copy, "%s", text);
    for (p = strtok_r(copy, " ", &save); p; p = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(p, '=');
        int id;
        if (!eq)
            continue;
        *eq = 0;
        id = ngs_name_id(p);
        if (id < 0) {
            fprintf(stderr, "ngbench-stats: derive.c wrote '%s', which report/schema.def does not name\n", p);
            exit(2);
        }
        ngr_out_str(o, (ngf_id)id, eq + 1);
    }
}

static void end_line(ngr_out *o)
{
    const char *why = NULL;
    if (ngr_out_end(o, stdout, &why) != 0) {
        fprintf(stderr, "ngbench-stats: a line the schema refuses: %s\n", why);
        exit(2);
    }
}

static ngk_id totals_kind = NGK_cycles; /* -k */

static int per_file;     /* -T */
static double persecond; /* -p */
static int preempted;

static void *grow(void *p, size_t size)
{
    p = realloc(p, cap * size);
    if (!p) {
        fprintf(stderr, "ngbench-stats: out of memory\n");
        exit(2);
    }
    return p;
}

/* what each trial (file) says beyond its samples: its own headline, and the
 * host around it (NAN: unknown) */
#define MAXTRIALS 1024
static double trial_head[MAXTRIALS], trial_speed[MAXTRIALS], trial_speed_on[MAXTRIALS], trial_others[MAXTRIALS];
static size_t ntrials, ndisturbed;
static int any_host;

static int read_file(FILE *f, const char *name, double *trial_mean)
{
    static ngd_trialhost th;
    char line[512];
    double sum = 0, cpu = -1, timed = -1, overhead = 0;
    size_t k = 0, first = n, i, flagged = 0, known = 0;
    ngd_trialhost_init(&th);
    while (fgets(line, sizeof line, f)) {
        double v, c, sw;
        if (strncmp(line, "cpu ", 4) == 0) { /* cpu SECONDS timed TICKS */
            if (sscanf(line + 4, "%lf timed %lf", &cpu, &timed) != 2)
                cpu = timed = -1;
            continue;
        }
        if (ngd_trialhost_line(line, &th)) /* the host around the trial */
            continue;
        if (ngd_counter_overhead(line, &v)) {
            overhead = v;
            continue;
        }
        if (!ngd_sample_line(line, &v, &c, &sw))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            all = grow(all, sizeof *all);
            oncpu = grow(oncpu, sizeof *oncpu);
            flag = grow(flag, sizeof *flag);
        }
        all[n] = v;
        /* the per-call figures need the counter's rate (-p) */
        flag[n] = persecond > 0 ? ngd_descheduled(v, c, sw, persecond, overhead) : -1;
        oncpu[n] = persecond > 0 ? ngd_oncpu_ticks(c, overhead, persecond) : NAN;
        n++;
        sum += v;
        k++;
    }
    if (k == 0) {
        fprintf(stderr, "ngbench-stats: %s: no samples\n", name);
        return -1;
    }
    *trial_mean = sum / (double)k;
    {
        char host[256] = "";
        double sp, spo;
        int dist;
        ngd_host_figures(host, sizeof host, &th, &sp, &spo, &dist);
        if (ntrials < MAXTRIALS) {
            trial_head[ntrials] = persecond > 0 ? ngd_headline(all + first, flag + first, oncpu + first, k) : NAN;
            trial_speed[ntrials] = sp;
            trial_speed_on[ntrials] = spo;
            /* the busy share of the others as recorded (our own work left out) */
            trial_others[ntrials] = strstr(host, " others_busy=") ? strtod(strstr(host, " others_busy=") + 13, NULL) : NAN;
        }
        ntrials++;
        ndisturbed += dist;
        any_host |= host[0] != 0;
        if (per_file) { /* this file's statistics, on a sorted copy */
            double *copy = malloc(k * sizeof *copy);
            stats fs;
            if (!copy) {
                fprintf(stderr, "ngbench-stats: out of memory\n");
                exit(2);
            }
            memcpy(copy, all + first, k * sizeof *copy);
            stats_compute(copy, k, &fs);
            ngr_out o;
            ngr_out_begin(&o, NGK_trial);
            ngr_out_printf(&o, NGF_trial, "%lu", (unsigned long)ntrials);
            put_stats(&o, &fs);
            if (persecond > 0) {
                char share[32];
                if (ngd_cpu_share(share, sizeof share, cpu, persecond, timed)) {
                    ngr_out_str(&o, NGF_cpu_share, share);
                    preempted |= ngd_preempted(strtod(share, NULL));
                }
                for (i = first; i < n; i++) {
                    known += flag[i] >= 0;
                    flagged += flag[i] > 0;
                }
                if (known == k)
                    ngr_out_printf(&o, NGF_flagged, "%lu", (unsigned long)flagged);
                if (ntrials <= MAXTRIALS && !isnan(trial_head[ntrials - 1]))
                    ngr_out_printf(&o, NGF_headline, "%.1f", trial_head[ntrials - 1]);
            }
            put_words(&o, host);
            end_line(&o);
            free(copy);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    int i, trials = 0, bad = 0;
    double means[1024];
    int nmeans = 0;
    static char percall[512];
    stats s;
    ngr_out tot;
    opterr = 0;
    while ((i = getopt_long(argc, argv, "tTp:k:hV", longopts, NULL)) != -1) {
        switch (i) {
        case 't': trials = 1; break;
        case 'T': trials = per_file = 1; break;
        case 'p': {
            char *end;
            persecond = strtod(optarg, &end);
            if (*end || !(persecond > 0)) {
                fprintf(stderr, "ngbench-stats: -p wants the counter's rate per second, not '%s'\n", optarg);
                return 1;
            }
            break;
        }
        case 'k':
            totals_kind = ngs_kind_id(optarg);
            if (totals_kind != NGK_cycles && totals_kind != NGK_mlen) {
                fprintf(stderr, "ngbench-stats: -k wants cycles or mlen, not '%s'\n", optarg);
                return 1;
            }
            break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("ngbench-stats %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "ngbench-stats: unknown option %s (try --help)\n", argv[optind - 1]);
            return 1;
        }
    }
    i = optind;
    if (i == argc) {
        double m;
        bad = read_file(stdin, "stdin", &m) != 0;
    }
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        double m;
        if (!f) {
            fprintf(stderr, "ngbench-stats: %s: %s\n", argv[i], strerror(errno));
            return 2;
        }
        if (read_file(f, argv[i], &m) == 0 && nmeans < 1024)
            means[nmeans++] = m;
        else
            bad = 1;
        fclose(f);
    }
    if (n == 0 || bad)
        return 1;
    if (persecond > 0) /* before all is sorted */
        ngd_percall(percall, sizeof percall, all, flag, oncpu, n, persecond);
    stats_compute(all, n, &s);
    ngr_out_begin(&tot, totals_kind);
    put_stats(&tot, &s);
    if (trials && nmeans > 0) {
        stats t;
        stats_compute(means, (size_t)nmeans, &t);
        ngr_out_printf(&tot, NGF_median_trial, "%.1f", t.median);
    }
    if (persecond > 0) {
        char a[32], b[32];
        double mean;
        snprintf(a, sizeof a, "%.1f", s.mean); /* from the mean as recorded */
        mean = strtod(a, NULL);
        ngd_mean_seconds(a, sizeof a, mean, persecond);
        ngd_ops_per_second(b, sizeof b, mean, persecond);
        ngr_out_str(&tot, NGF_mean_seconds, a);
        ngr_out_str(&tot, NGF_ops_per_second, b);
        if (preempted)
            ngr_out_str(&tot, NGF_preempted, "yes");
        put_words(&tot, percall);
        /* the headline's uncertainty: the trials' spread and the host's speed
         * by the clock of the headline's estimator */
        if (strstr(percall, " headline=") && ntrials <= MAXTRIALS) {
            int on = strstr(percall, " estimator=oncpu ") != NULL;
            char u[32];
            ngd_uncertainty(u, sizeof u, trial_head, on ? trial_speed_on : trial_speed, trial_others, ntrials,
                            strtod(strstr(percall, " headline=") + 10, NULL));
            ngr_out_str(&tot, NGF_uncertainty, u);
            if (any_host)
                ngr_out_printf(&tot, NGF_disturbed_trials, "%lu", (unsigned long)ndisturbed);
        }
    }
    end_line(&tot);
    return 0;
}
