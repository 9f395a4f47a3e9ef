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

size_t ngd_modes(const double *x, size_t n)
{
    size_t lo = (size_t)(0.025 * (double)n), hi = n - (size_t)(0.025 * (double)n), i, start, modes = 1;
    size_t need = (size_t)(NGD_MODE_SHARE * (double)n);
    double med;
    if (n < NGD_MODE_MIN_N)
        return 1;
    med = stats_quantile(x, n, 0.5);
    if (need < 2)
        need = 2;
    /* clusters of the sorted calls (the outer 2.5 % on each side left out),
     * cut where two neighbours lie more than NGD_MODE_GAP of the median
     * apart, each cut leaving at least NGD_MODE_SHARE of the calls on both
     * sides */
    for (start = lo, i = lo; i + 1 < hi; i++)
        if (x[i + 1] - x[i] > NGD_MODE_GAP * med && i + 1 - start >= need && hi - (i + 1) >= need) {
            modes++;
            start = i + 1;
        }
    return modes;
}

void ngd_percall(char *out, size_t size, const double *ticks, const int *flag, const double *oncpu, size_t n,
                 double persecond)
{
    size_t i, clean = 0, nf = 0, no = 0, off = 0, np = 0, modes;
    double *x = malloc((n ? n : 1) * sizeof *x), *pop = malloc((n ? n : 1) * sizeof *pop), head = NAN;
    const char *est;
    stats s, ps;
    out[0] = 0;
    if (!x || !pop) {
        free(x);
        free(pop);
        return;
    }
    for (i = 0; i < n; i++) {
        nf += flag[i] >= 0;
        no += !isnan(oncpu[i]);
    }
    if (n == 0 || (nf < n && no < n)) {
        free(x);
        free(pop);
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
    if (strcmp(est, "clean") == 0) {
        head = s.median;
        memcpy(pop, x, clean * sizeof *pop);
        np = clean;
    }
    if (no == n) {
        for (i = 0; i < n; i++)
            x[i] = oncpu[i];
        stats_compute(x, n, &s);
        ADD(" oncpu_median=%.1f", s.median);
        if (strcmp(est, "oncpu") == 0) {
            head = s.median;
            memcpy(pop, x, n * sizeof *pop);
            np = n;
        }
    }
    if (strcmp(est, "wall") == 0) {
        memcpy(x, ticks, n * sizeof *x);
        stats_compute(x, n, &s);
        head = s.median;
        memcpy(pop, x, n * sizeof *pop);
        np = n;
    }
    /* the spread of the headline's own calls (across messages, when each
     * call has its own), and the headline: their median, or their mean
     * when their cost falls into several clusters (retries: a median would
     * pick one cluster, one kind of message) */
    stats_compute(pop, np, &ps);
    modes = ngd_modes(pop, np);
    {
        char v[32], sec[32], mean[32];
        snprintf(mean, sizeof mean, "%.1f", ps.mean);
        if (modes > 1)
            head = strtod(mean, NULL);
        snprintf(v, sizeof v, "%.1f", head);
        ngd_seconds(sec, sizeof sec, strtod(v, NULL), persecond);
        ADD(" estimator=%s headline=%s headline_seconds=%s headline_q1=%.1f headline_q3=%.1f headline_mean=%s "
            "modes=%lu headline_stat=%s",
            est, v, sec, ps.q1, ps.q3, mean, (unsigned long)modes, modes > 1 ? "mean" : "median");
    }
#undef ADD
    free(x);
    free(pop);
}

double ngd_headline(const double *ticks, const int *flag, const double *oncpu, size_t n)
{
    /* ngd_percall's own rule, read back from its text: one definition */
    char s[512];
    const char *p;
    if (n == 0)
        return NAN;
    ngd_percall(s, sizeof s, ticks, flag, oncpu, n, 1e9);
    p = strstr(s, " headline=");
    return p ? strtod(p + 10, NULL) : NAN;
}

/* a figure as recorded, three decimals: every reader compares the same */
static double r3(double x)
{
    char s[32];
    snprintf(s, sizeof s, "%.3f", x);
    return strtod(s, NULL);
}

int ngd_stat_line(const char *line, ngd_cpustat *s)
{
    double v[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    const char *p;
    char *end;
    long cpu;
    int k;
    if (strncmp(line, "cpu", 3) != 0 || !(line[3] >= '0' && line[3] <= '9'))
        return 0;
    cpu = strtol(line + 3, &end, 10);
    p = end;
    /* user nice system idle iowait irq softirq steal (older kernels stop earlier) */
    for (k = 0; k < 8; k++) {
        while (*p == ' ')
            p++;
        if (!number(&p, &v[k]))
            break;
    }
    if (k < 4 || cpu < 0)
        return 0;
    s->cpu = (int)cpu;
    s->busy = v[0] + v[1] + v[2] + v[5] + v[6];
    s->steal = v[7];
    s->total = s->busy + v[3] + v[4] + v[7];
    return 1;
}

int ngd_host_load(const ngd_cpustat *a, size_t na, const ngd_cpustat *b, size_t nb, int own, double *others,
                  double *steal)
{
    double ob = 0, ot = 0, st = 0, tt = 0;
    size_t i, j;
    int nother = 0;
    *others = *steal = NAN;
    for (i = 0; i < nb; i++)
        for (j = 0; j < na; j++) {
            double busy, total;
            if (a[j].cpu != b[i].cpu)
                continue;
            busy = b[i].busy - a[j].busy;
            total = b[i].total - a[j].total;
            if (total < 0 || busy < 0)
                break; /* a counter that went back: not this CPU's */
            st += b[i].steal - a[j].steal;
            tt += total;
            if (b[i].cpu != own && (own >= 0 || nb > 1)) {
                ob += busy;
                ot += total;
                nother++;
            }
            break;
        }
    if (!(tt > 0))
        return 0;
    *steal = r3(st > 0 ? st / tt : 0);
    if (nother > 0 && ot > 0)
        *others = r3(ob / ot);
    return 1;
}

double ngd_own_share(double cpu_s, double secs, int nother)
{
    double v;
    if (!(cpu_s >= 0) || !(secs > 0) || nother < 1)
        return NAN;
    v = cpu_s / secs / nother;
    return r3(v > 1 ? 1 : v);
}

double ngd_foreign_busy(double others, double own)
{
    if (isnan(others) || isnan(own))
        return others;
    return r3(others - own > 0 ? others - own : 0);
}

int ngd_load_disturbs(double others, double steal)
{
    return (!isnan(others) && others > NGD_OTHERS_BUSY) || (!isnan(steal) && steal > NGD_STEAL);
}

int ngd_host_speed(char *out, size_t size, double quiet, double before, double after)
{
    double s1, s2;
    if (!(quiet > 0 && before > 0 && after > 0))
        return 0;
    s1 = quiet / before;
    s2 = quiet / after;
    snprintf(out, size, "%.3f", fabs(s1 - 1) >= fabs(s2 - 1) ? s1 : s2);
    return 1;
}

double ngd_drift_limit(double spread)
{
    double l = NGD_HOST_DRIFT;
    if (isfinite(spread) && NGD_SPREAD_K * spread > l)
        l = NGD_SPREAD_K * spread;
    return r3(l < NGD_DRIFT_MAX ? l : NGD_DRIFT_MAX);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double ngd_quiet_of(double *x, size_t n, double *spread)
{
    double m, *d;
    size_t i;
    qsort(x, n, sizeof *x, cmp_double);
    m = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
    *spread = 0;
    if (!(m > 0) || n < 2)
        return m;
    d = malloc(n * sizeof *d);
    if (!d)
        return m;
    for (i = 0; i < n; i++)
        d[i] = fabs(x[i] / m - 1);
    qsort(d, n, sizeof *d, cmp_double);
    *spread = r3(d[(size_t)((double)(n - 1) * 0.8 + 0.5)]);
    free(d);
    return m;
}

static int drifted(double speed, double limit)
{
    /* compared as recorded; a whisker of slack for the binary fraction */
    return !isnan(speed) && fabs(r3(speed) - 1) > limit + 1e-9;
}

void ngd_disturbed(char *out, size_t size, double speed, double speed_oncpu, double others, double steal,
                   double drift_limit)
{
    double limit = isfinite(drift_limit) ? drift_limit : NGD_HOST_DRIFT;
    size_t off = 0;
    out[0] = 0;
#define WHY(w)                                                                                    \
    do {                                                                                          \
        int w_ = snprintf(out + off, off < size ? size - off : 0, "%s%s", off ? "+" : "", (w)); \
        if (w_ > 0)                                                                               \
            off += (size_t)w_;                                                                    \
    } while (0)
    if (drifted(speed, limit) || drifted(speed_oncpu, limit))
        WHY("speed");
    if (!isnan(others) && r3(others) > NGD_OTHERS_BUSY)
        WHY("others");
    if (!isnan(steal) && r3(steal) > NGD_STEAL)
        WHY("steal");
#undef WHY
    if (!off)
        snprintf(out, size, "no");
}

void ngd_uncertainty(char *out, size_t size, const double *trial_headline, const double *speed, const double *others,
                     size_t nt, double headline)
{
    double lo = INFINITY, hi = -INFINITY, host = 0, u;
    size_t i;
    for (i = 0; i < nt; i++) {
        if (isfinite(trial_headline[i])) {
            lo = fmin(lo, trial_headline[i]);
            hi = fmax(hi, trial_headline[i]);
        }
        if (!isnan(speed[i]))
            host = fmax(host, fabs(r3(speed[i]) - 1));
        /* other work on the other CPUs slows calls the kernel does not see
         * slowed (caches, memory): NGD_LOAD_K per unit of their busy share */
        if (others && !isnan(others[i]) && r3(others[i]) > NGD_OTHERS_BUSY)
            host = fmax(host, NGD_LOAD_K * r3(others[i]));
    }
    u = host;
    if (hi >= lo && headline > 0)
        u += (hi - lo) / 2 / headline;
    snprintf(out, size, "%.3f", u);
}

void ngd_trialhost_init(ngd_trialhost *h)
{
    int k;
    for (k = 0; k < 2; k++)
        h->quiet[k] = h->before[k] = h->after[k] = NAN;
    h->spread = NAN;
    h->n0 = h->n1 = 0;
    h->own = -1;
    h->own_cpu[0] = h->own_cpu[1] = h->own_t[0] = h->own_t[1] = NAN;
}

/* "KEY=<number>" in line, NAN when absent */
static double keyed(const char *line, const char *key)
{
    char k[40];
    const char *p;
    snprintf(k, sizeof k, " %s=", key);
    p = strstr(line, k);
    return p ? strtod(p + strlen(k), NULL) : NAN;
}

int ngd_trialhost_line(const char *line, ngd_trialhost *h)
{
    if (strncmp(line, "stat0 ", 6) == 0) {
        if (h->n0 < NGD_MAXCPU && ngd_stat_line(line + 6, &h->s0[h->n0]))
            h->n0++;
        return 1;
    }
    if (strncmp(line, "stat1 ", 6) == 0) {
        if (h->n1 < NGD_MAXCPU && ngd_stat_line(line + 6, &h->s1[h->n1]))
            h->n1++;
        return 1;
    }
    if (strncmp(line, "ownwork before ", 15) == 0 || strncmp(line, "ownwork after ", 14) == 0) {
        int k = line[8] == 'b' ? 0 : 1;
        double c = keyed(line, "cpu_s"), t = keyed(line, "t");
        h->own_cpu[k] = c >= 0 ? c : NAN;
        h->own_t[k] = t > 0 ? t : NAN;
        return 1;
    }
    if (strncmp(line, "ran_on ", 7) == 0) {
        h->own = atoi(line + 7);
        return 1;
    }
    if (strncmp(line, "quiet ", 6) == 0 || strncmp(line, "host before ", 12) == 0 ||
        strncmp(line, "host after ", 11) == 0) {
        double *into = line[0] == 'q' ? h->quiet : line[5] == 'b' ? h->before : h->after;
        into[0] = keyed(line, "ref_ticks");
        into[1] = keyed(line, "ref_oncpu_ns");
        if (line[0] == 'q')
            h->spread = keyed(line, "spread"); /* older calibrations: none (NAN) */
        if (!(into[0] > 0))
            into[0] = NAN;
        if (!(into[1] > 0))
            into[1] = NAN;
        return 1;
    }
    return 0;
}

void ngd_host_figures(char *out, size_t size, const ngd_trialhost *h, double *speed, double *speed_oncpu,
                      int *disturbed)
{
    char a[32], why[64];
    double others = NAN, steal = NAN;
    size_t off = 0;
    int known = 0;
#define PUT(...)                                                                  \
    do {                                                                          \
        int w_ = snprintf(out + off, off < size ? size - off : 0, __VA_ARGS__); \
        if (w_ > 0)                                                               \
            off += (size_t)w_;                                                    \
    } while (0)
    out[0] = 0;
    *speed = *speed_oncpu = NAN;
    *disturbed = 0;
    if (ngd_host_speed(a, sizeof a, h->quiet[0], h->before[0], h->after[0])) {
        *speed = strtod(a, NULL);
        PUT(" host_speed=%s", a);
        known = 1;
    }
    if (ngd_host_speed(a, sizeof a, h->quiet[1], h->before[1], h->after[1])) {
        *speed_oncpu = strtod(a, NULL);
        PUT(" host_speed_oncpu=%s", a);
        known = 1;
    }
    if (known)
        PUT(" drift_limit=%.3f", ngd_drift_limit(h->spread));
    if (ngd_host_load(h->s0, h->n0, h->s1, h->n1, h->own, &others, &steal)) {
        size_t i;
        int nother = 0;
        double ours;
        for (i = 0; i < h->n1; i++)
            nother += h->s1[i].cpu != h->own;
        ours = ngd_own_share(h->own_cpu[1] - h->own_cpu[0], h->own_t[1] - h->own_t[0], nother);
        others = ngd_foreign_busy(others, ours);
        if (!isnan(others))
            PUT(" others_busy=%.3f", others);
        if (!isnan(ours))
            PUT(" others_own=%.3f", ours);
        PUT(" steal=%.3f", steal);
        known = 1;
    }
    if (known) {
        ngd_disturbed(why, sizeof why, *speed, *speed_oncpu, others, steal,
                      isnan(*speed) && isnan(*speed_oncpu) ? NAN : ngd_drift_limit(h->spread));
        PUT(" disturbed=%s", why);
        *disturbed = strcmp(why, "no") != 0;
    }
#undef PUT
}
