/* ngbench-stats.c - statistics of cycle samples, for the records and for
 * anyone recomputing them from the raw samples ./do keeps.
 *
 * usage: ngbench-stats [FILE...]
 * Reads numbers (one per line, or "sample N" lines as measure prints them;
 * other lines are ignored) from the FILEs or standard input and prints
 *   n=<n> mean=<m> median=<m> q1=<q> q3=<q> min=<m> max=<m>
 * With -t, each FILE is a trial: also prints median_trial=<the median of the
 * trials' means>. With -T, also one line per FILE first, "trial=<k> " and
 * that file's statistics, so one pass serves both the trial records and the
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
#include "stats.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void usage(FILE *f)
{
    fputs("usage: ngbench-stats [-t|-T] [-p PERSECOND] [FILE...]\n"
          "Prints n, mean, median, q1, q3, min, max of the samples in FILEs (or stdin): numbers\n"
          "one per line, or 'sample N' lines as measure prints them; other lines are ignored.\n"
          "  -t, --trials      each FILE is one trial: also print median_trial (median of the\n"
          "                    trials' means)\n"
          "  -T, --per-trial   as -t, and first one line per FILE: trial=<k> and its own statistics\n"
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
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static double *all, *oncpu; /* every sample's ticks and on-CPU estimate (NAN: unknown) */
static int *flag;           /* and whether it was descheduled (-1: unknown) */
static size_t n, cap;

static void print_stats(const stats *s)
{
    printf("n=%zu mean=%.1f median=%.1f q1=%.1f q3=%.1f min=%.0f max=%.0f", s->n, s->mean, s->median, s->q1,
           s->q3, s->min, s->max);
}

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
static double trial_head[MAXTRIALS], trial_speed[MAXTRIALS], trial_speed_on[MAXTRIALS];
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
            printf("trial=%lu ", (unsigned long)ntrials);
            print_stats(&fs);
            if (persecond > 0) {
                char share[32];
                if (ngd_cpu_share(share, sizeof share, cpu, persecond, timed)) {
                    printf(" cpu_share=%s", share);
                    preempted |= ngd_preempted(strtod(share, NULL));
                }
                for (i = first; i < n; i++) {
                    known += flag[i] >= 0;
                    flagged += flag[i] > 0;
                }
                if (known == k)
                    printf(" flagged=%lu", (unsigned long)flagged);
                if (ntrials <= MAXTRIALS && !isnan(trial_head[ntrials - 1]))
                    printf(" headline=%.1f", trial_head[ntrials - 1]);
            }
            fputs(host, stdout);
            putchar('\n');
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
    opterr = 0;
    while ((i = getopt_long(argc, argv, "tTp:hV", longopts, NULL)) != -1) {
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
    print_stats(&s);
    if (trials && nmeans > 0) {
        stats t;
        stats_compute(means, (size_t)nmeans, &t);
        printf(" median_trial=%.1f", t.median);
    }
    if (persecond > 0) {
        char a[32], b[32];
        double mean;
        snprintf(a, sizeof a, "%.1f", s.mean); /* from the mean as recorded */
        mean = strtod(a, NULL);
        ngd_mean_seconds(a, sizeof a, mean, persecond);
        ngd_ops_per_second(b, sizeof b, mean, persecond);
        printf(" mean_seconds=%s ops_per_second=%s%s", a, b, preempted ? " preempted=yes" : "");
        fputs(percall, stdout);
        /* the headline's uncertainty: the trials' spread and the host's speed
         * by the clock of the headline's estimator */
        if (strstr(percall, " headline=") && ntrials <= MAXTRIALS) {
            int on = strstr(percall, " estimator=oncpu ") != NULL;
            char u[32];
            ngd_uncertainty(u, sizeof u, trial_head, on ? trial_speed_on : trial_speed, ntrials,
                            strtod(strstr(percall, " headline=") + 10, NULL));
            printf(" uncertainty=%s", u);
            if (any_host)
                printf(" disturbed_trials=%lu", (unsigned long)ndisturbed);
        }
    }
    putchar('\n');
    return 0;
}
