/* derive.c - see derive.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "stats.h"

void ngd_mean_seconds(char *out, size_t size, double mean_cycles, double persecond)
{
    snprintf(out, size, "%.9g", mean_cycles / persecond);
}

void ngd_ops_per_second(char *out, size_t size, double mean_cycles, double persecond)
{
    snprintf(out, size, "%.6g", persecond / mean_cycles);
}

int ngd_cpu_share(char *out, size_t size, double cpu_seconds, double persecond, double timed_cycles)
{
    if (!(isfinite(cpu_seconds) && cpu_seconds >= 0 && timed_cycles > 0 && persecond > 0))
        return 0;
    snprintf(out, size, "%.3f", cpu_seconds * persecond / timed_cycles);
    return 1;
}

int ngd_preempted(double cpu_share)
{
    /* compared as recorded (three decimals), so that every reader agrees */
    char s[32];
    snprintf(s, sizeof s, "%.3f", cpu_share);
    return strtod(s, NULL) < NGD_PREEMPTED_BELOW;
}

/* a decimal number at *p (a fast path for plain integers, the common
 * case over millions of lines); advances *p, 0 when there is none */
static int number(const char **p, double *v)
{
    const char *s = *p;
    char *end;
    if (*s >= '0' && *s <= '9') {
        long long iv = 0;
        const char *e = s;
        for (; *e >= '0' && *e <= '9' && iv < 100000000000000000LL; e++)
            iv = iv * 10 + (*e - '0');
        if (*e != '.' && *e != 'e' && *e != 'E' && !(*e >= '0' && *e <= '9')) {
            *v = (double)iv;
            *p = e;
            return 1;
        }
    }
    *v = strtod(s, &end);
    if (end == s)
        return 0;
    *p = end;
    return 1;
}

static int at_end(const char *p)
{
    return *p == '\n' || *p == 0 || *p == '\r';
}

int ngd_sample_line(const char *line, double *ticks, double *cpu_ns, double *switches)
{
    const char *p = line;
    double v[3] = { -1, -1, -1 };
    int k = 0;
    if (strncmp(p, "sample ", 7) == 0)
        p += 7;
    if (!number(&p, &v[0]))
        return 0;
    while (k < 2 && *p == ' ') {
        p++;
        if (!number(&p, &v[++k]))
            return 0;
    }
    if (!at_end(p))
        return 0;
    *ticks = v[0];
    *cpu_ns = v[1] >= 0 ? v[1] : -1;
    *switches = v[2] >= 0 ? v[2] : -1;
    return 1;
}

int ngd_counter_overhead(const char *line, double *overhead_ns)
{
    const char *p;
    char *end;
    double v;
    if (strncmp(line, "counter ", 8) != 0 || !(p = strstr(line, " oncpu_overhead_ns=")))
        return 0;
    v = strtod(p + 19, &end);
    if (end == p + 19)
        return 0;
    *overhead_ns = v;
    return 1;
}

int ngd_descheduled(double ticks, double cpu_ns, double switches, double persecond, double overhead_ns)
{
    if (switches > 0)
        return 1;
    if (cpu_ns >= 0 && persecond > 0) {
        double wall = ticks * 1e9 / persecond, on = cpu_ns - overhead_ns;
        if (wall - on > NGD_GAP_SHARE * wall + NGD_GAP_NS)
            return 1;
        return 0;
    }
    return switches == 0 ? 0 : -1;
}

double ngd_oncpu_ticks(double cpu_ns, double overhead_ns, double persecond)
{
    double on = cpu_ns - overhead_ns;
    if (cpu_ns < 0 || !(persecond > 0))
        return NAN;
    return (on > 0 ? on : 0) * persecond / 1e9;
}

const char *ngd_estimator(size_t n, size_t clean, int have_flags, int have_oncpu)
{
    if (have_flags && n > 0 && (double)clean >= NGD_CLEAN_SHARE * (double)n &&
        (clean >= NGD_CLEAN_MIN || clean == n))
        return "clean";
    return have_oncpu ? "oncpu" : "wall";
}

void ngd_seconds(char *out, size_t size, double ticks, double persecond)
{
    snprintf(out, size, "%.9g", ticks / persecond);
}

void ngd_percall(char *out, size_t size, const double *ticks, const int *flag, const double *oncpu, size_t n,
                 double persecond)
{
    size_t i, clean = 0, nf = 0, no = 0, off = 0;
    double *x = malloc((n ? n : 1) * sizeof *x), head = NAN;
    const char *est;
    stats s;
    out[0] = 0;
    if (!x)
        return;
    for (i = 0; i < n; i++) {
        nf += flag[i] >= 0;
        no += !isnan(oncpu[i]);
    }
    if (n == 0 || (nf < n && no < n)) {
        free(x);
        return;
    }
#define ADD(...)                                                         \
    do {                                                                 \
        int w_ = snprintf(out + off, off < size ? size - off : 0, __VA_ARGS__); \
        if (w_ > 0)                                                      \
            off += (size_t)w_;                                           \
    } while (0)
    if (nf == n) {
        for (i = 0; i < n; i++)
            if (flag[i] == 0)
                x[clean++] = ticks[i];
        ADD(" clean_n=%lu", (unsigned long)clean);
        if (clean > 0) {
            stats_compute(x, clean, &s);
            ADD(" clean_median=%.1f", s.median);
        }
    }
    est = ngd_estimator(n, clean, nf == n, no == n);
    if (strcmp(est, "clean") == 0)
        head = s.median;
    if (no == n) {
        for (i = 0; i < n; i++)
            x[i] = oncpu[i];
        stats_compute(x, n, &s);
        ADD(" oncpu_median=%.1f", s.median);
        if (strcmp(est, "oncpu") == 0)
            head = s.median;
    }
    if (strcmp(est, "wall") == 0) {
        memcpy(x, ticks, n * sizeof *x);
        stats_compute(x, n, &s);
        head = s.median;
    }
    {
        char v[32], sec[32];
        snprintf(v, sizeof v, "%.1f", head);
        ngd_seconds(sec, sizeof sec, strtod(v, NULL), persecond);
        ADD(" estimator=%s headline=%s headline_seconds=%s", est, v, sec);
    }
#undef ADD
    free(x);
}
