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
 * is below NGD_PREEMPTED_BELOW) on the totals line. Quartiles interpolate
 * linearly (R type 7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "stats.h"

static double *all;
static size_t n, cap;

static void print_stats(const stats *s)
{
    printf("n=%zu mean=%.1f median=%.1f q1=%.1f q3=%.1f min=%.0f max=%.0f", s->n, s->mean, s->median, s->q1,
           s->q3, s->min, s->max);
}

static int per_file;     /* -T */
static double persecond; /* -p */
static int preempted;

static int read_file(FILE *f, const char *name, double *trial_mean)
{
    char line[256];
    double sum = 0, cpu = -1, timed = -1;
    size_t k = 0, first = n;
    while (fgets(line, sizeof line, f)) {
        char *p = line, *end;
        double v;
        if (strncmp(p, "cpu ", 4) == 0) { /* cpu SECONDS timed CYCLES */
            if (sscanf(p + 4, "%lf timed %lf", &cpu, &timed) != 2)
                cpu = timed = -1;
            continue;
        }
        if (strncmp(p, "sample ", 7) == 0)
            p += 7;
        if (*p >= '0' && *p <= '9') { /* the common case, plain integers: parse them cheaply */
            long long iv = 0;
            for (end = p; *end >= '0' && *end <= '9' && iv < 100000000000000000LL; end++)
                iv = iv * 10 + (*end - '0');
            v = (double)iv;
            if (*end == '.' || *end == 'e' || *end == 'E' || (*end >= '0' && *end <= '9'))
                v = strtod(p, &end); /* not an integer after all */
        } else {
            v = strtod(p, &end);
        }
        if (end == p || (*end != '\n' && *end != 0 && *end != '\r'))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            all = realloc(all, cap * sizeof *all);
            if (!all) {
                fprintf(stderr, "ngbench-stats: out of memory\n");
                exit(2);
            }
        }
        all[n++] = v;
        sum += v;
        k++;
    }
    if (k == 0) {
        fprintf(stderr, "ngbench-stats: %s: no samples\n", name);
        return -1;
    }
    *trial_mean = sum / (double)k;
    if (per_file) { /* this file's statistics, on a sorted copy */
        static int trial;
        double *copy = malloc(k * sizeof *copy);
        stats fs;
        if (!copy) {
            fprintf(stderr, "ngbench-stats: out of memory\n");
            exit(2);
        }
        memcpy(copy, all + first, k * sizeof *copy);
        stats_compute(copy, k, &fs);
        printf("trial=%d ", ++trial);
        print_stats(&fs);
        if (persecond > 0) {
            char share[32];
            if (ngd_cpu_share(share, sizeof share, cpu, persecond, timed)) {
                printf(" cpu_share=%s", share);
                preempted |= ngd_preempted(strtod(share, NULL));
            }
        }
        putchar('\n');
        free(copy);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int i, trials = 0, bad = 0;
    double means[1024];
    int nmeans = 0;
    stats s;
    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "-t") == 0) {
            trials = 1;
        } else if (strcmp(argv[i], "-T") == 0) {
            trials = per_file = 1;
        } else if (strcmp(argv[i], "-p") == 0 && i + 1 < argc) {
            char *end;
            persecond = strtod(argv[++i], &end);
            if (*end || !(persecond > 0)) {
                fprintf(stderr, "ngbench-stats: -p wants the counter's rate per second, not '%s'\n", argv[i]);
                return 1;
            }
        } else {
            puts("usage: ngbench-stats [-t|-T] [-p PERSECOND] [FILE...]\n"
                 "Prints n, mean, median, q1, q3, min, max of the samples in FILEs (or stdin);\n"
                 "-t: each FILE is one trial, also print median_trial (median of the trials' means);\n"
                 "-T: as -t, and first one line per FILE: trial=<k> and its own statistics;\n"
                 "-p PERSECOND: also each trial's cpu_share (-T) and mean_seconds, ops_per_second\n"
                 "    and preempted=yes (a trial's cpu_share below 0.9) on the totals line.");
            return strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0 ? 0 : 1;
        }
    }
    if (i == argc) {
        double m;
        bad = read_file(stdin, "stdin", &m) != 0;
    }
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        double m;
        if (!f) {
            perror(argv[i]);
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
    }
    putchar('\n');
    return 0;
}
