/* hostspeed.c - ngbench-hostspeed: how fast and how busy the host is while
 * ./do measures (issue 32). The preemption flags of measure see context
 * switches, not a slower core: a busy neighbour on a shared physical core,
 * shared caches or a host-side frequency change slow a call that was never
 * switched out. So around every timing trial the measurement stage runs a
 * fixed reference kernel on the measured CPU and compares its speed with
 * the quiet speed calibrated when the campaign started.
 *
 * The kernel: SM3 compressions (GB/T 32905) chained through a 64-byte block
 * held on the stack, fixed work that needs neither memory bandwidth nor the
 * implementation under test, built once with the project's own flags (not
 * the target's compiler line), so that every target of a campaign is held
 * against the same yardstick. A reading times NCHUNK chunks of the kernel
 * and reports the median chunk, in counter ticks and in on-CPU nanoseconds
 * (the thread's CPU clock, target/oncpu.h): the median, because a chunk
 * now and then lands on an interrupt.
 *
 *   read        one reading: "ref_ticks=T ref_oncpu_ns=N counter=NAME"
 *   calibrate   the quiet speed: the median of the readings taken over -t
 *               SECONDS (default 0.5), and their spread (derive.h,
 *               ngd_quiet_of): "quiet ref_ticks=T ref_oncpu_ns=N
 *               counter=NAME readings=K spread=S"
 *   wait        waits, at most -t SECONDS, for the other CPUs to go quiet
 *               (/proc/stat: their busy share and the host's steal over a
 *               quarter second below the thresholds of measure/derive.h);
 *               exit 0 once they are, 1 at the timeout; prints what it saw
 *   limit S     the drift limit of a calibration of spread S (derive.h)
 * -C CPU pins this process to the measured CPU first. */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_setaffinity, nanosleep */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sched.h>
#endif

#include "derive.h"
#include "ngcycles.h"
#include "oncpu.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* a reading: NCHUNK chunks of CHUNK compressions (about 2 ms on a current
 * x86-64 core) */
enum { CHUNK = 256, NCHUNK = 21 };

#define ROTL(x, n) (((x) << ((n)&31)) | ((x) >> ((32 - ((n)&31)) & 31)))
#define P0(x) ((x) ^ ROTL((x), 9) ^ ROTL((x), 17))
#define P1(x) ((x) ^ ROTL((x), 15) ^ ROTL((x), 23))

/* one SM3 compression of block b into v */
static void compress(uint32_t v[8], const uint32_t b[16])
{
    uint32_t w[68], a = v[0], bb = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    int j;
    for (j = 0; j < 16; j++)
        w[j] = b[j];
    for (j = 16; j < 68; j++)
        w[j] = P1(w[j - 16] ^ w[j - 9] ^ ROTL(w[j - 3], 15)) ^ ROTL(w[j - 13], 7) ^ w[j - 6];
    for (j = 0; j < 64; j++) {
        uint32_t t = j < 16 ? 0x79cc4519u : 0x7a879d8au;
        uint32_t ss1 = ROTL(ROTL(a, 12) + e + ROTL(t, j), 7), ss2 = ss1 ^ ROTL(a, 12);
        uint32_t ff = j < 16 ? a ^ bb ^ c : (a & bb) | (a & c) | (bb & c);
        uint32_t gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
        uint32_t tt1 = ff + d + ss2 + (w[j] ^ w[j + 4]), tt2 = gg + h + ss1 + w[j];
        d = c;
        c = ROTL(bb, 9);
        bb = a;
        a = tt1;
        h = g;
        g = ROTL(f, 19);
        f = e;
        e = P0(tt2);
    }
    v[0] ^= a;
    v[1] ^= bb;
    v[2] ^= c;
    v[3] ^= d;
    v[4] ^= e;
    v[5] ^= f;
    v[6] ^= g;
    v[7] ^= h;
}

static volatile uint32_t sink; /* the kernel's result: it must not be optimized away */

static void kernel(void)
{
    static uint32_t v[8] = {0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
                            0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu};
    uint32_t b[16];
    int i;
    for (i = 0; i < 16; i++)
        b[i] = (uint32_t)i * 0x9e3779b9u;
    for (i = 0; i < CHUNK; i++) {
        compress(v, b);
        b[i & 15] ^= v[i & 7]; /* chain: each block depends on the last */
    }
    sink = v[0];
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* one reading: the median chunk in ticks and in on-CPU ns (-1: no clock) */
static void reading(double *ticks, double *oncpu_ns)
{
    double t[NCHUNK], c[NCHUNK];
    int i, known = 1;
    kernel(); /* warm: the code and the stack in the caches */
    for (i = 0; i < NCHUNK; i++) {
        ngo_reading a, b;
        int64_t t0, t1;
        ngo_before(&a);
        t0 = ngcycles();
        kernel();
        t1 = ngcycles();
        ngo_after(&b);
        t[i] = (double)(t1 - t0);
        if (a.cpu_ns < 0 || b.cpu_ns < 0)
            known = 0;
        else
            c[i] = (double)(b.cpu_ns - a.cpu_ns - ngo_overhead_ns());
    }
    qsort(t, NCHUNK, sizeof t[0], cmpd);
    *ticks = t[NCHUNK / 2];
    *oncpu_ns = -1;
    if (known) {
        qsort(c, NCHUNK, sizeof c[0], cmpd);
        *oncpu_ns = c[NCHUNK / 2] > 0 ? c[NCHUNK / 2] : 0;
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* /proc/stat's cpu lines now; 0 when there are none (not Linux) */
static size_t stat_now(ngd_cpustat *s, size_t max)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[512];
    size_t n = 0;
    if (!f)
        return 0;
    while (n < max && fgets(line, sizeof line, f))
        if (ngd_stat_line(line, &s[n]))
            n++;
    fclose(f);
    return n;
}

static int usage(FILE *f, int rc)
{
    fputs("usage: ngbench-hostspeed [-C CPU] read\n"
          "       ngbench-hostspeed [-C CPU] calibrate [-t SECONDS]\n"
          "       ngbench-hostspeed [-C CPU] wait -t SECONDS\n"
          "       ngbench-hostspeed limit SPREAD\n"
          "The host's speed and load around ./do's timing trials: a fixed reference kernel (SM3\n"
          "compressions, no memory traffic) timed on the measured CPU, and the other CPUs' busy\n"
          "time from /proc/stat.\n"
          "  read        one reading: ref_ticks=T ref_oncpu_ns=N counter=NAME (median chunk)\n"
          "  calibrate   the quiet speed: the median reading over SECONDS (default 0.5) and the\n"
          "              readings' spread (the drift limit of the trials covers it)\n"
          "  wait        wait at most SECONDS for the other CPUs to go quiet (busy share below\n"
          "              0.2, steal below 0.05 over a quarter second): exit 0 once they are, 1 if not\n"
          "  limit       the drift limit a calibration of that spread gives the trials (- : none said)\n"
          "  -C CPU      pin to CPU first (the measured one)\n"
          "  -h, --help, -V, --version\n"
          "NGBENCH_COUNTER forces the counter, NGBENCH_ONCPU the on-CPU clock (as for measure).\n",
          f);
    return rc;
}

int main(int argc, char **argv)
{
    const char *cmd = NULL, *limit_of = "-";
    double secs = -1, ticks, on;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return usage(stdout, 0);
        if (strcmp(argv[i], "-V") == 0 || strcmp(argv[i], "--version") == 0) {
            printf("ngbench-hostspeed %s\n", PACKAGE_VERSION);
            return 0;
        }
        if (strcmp(argv[i], "-C") == 0 && i + 1 < argc) {
            char *end;
            long c = strtol(argv[++i], &end, 10);
            if (*end || c < 0 || c > 65535) {
                fprintf(stderr, "ngbench-hostspeed: -C wants a CPU number, not '%s'\n", argv[i]);
                return 1;
            }
#ifdef __linux__
            {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET((int)c, &set);
                if (sched_setaffinity(0, sizeof set, &set) != 0)
                    fprintf(stderr, "ngbench-hostspeed: cannot pin to CPU %ld; running unpinned\n", c);
            }
#endif
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            char *end;
            secs = strtod(argv[++i], &end);
            if (*end || !(secs >= 0) || secs > 86400) {
                fprintf(stderr, "ngbench-hostspeed: -t wants seconds, not '%s'\n", argv[i]);
                return 1;
            }
        } else if (!cmd && strcmp(argv[i], "limit") == 0 && i + 1 < argc) {
            char *end;
            double v;
            cmd = argv[i];
            limit_of = argv[++i];
            v = strtod(limit_of, &end);
            if (strcmp(limit_of, "-") != 0 && (*end || !(v >= 0) || v > 1)) {
                fprintf(stderr, "ngbench-hostspeed: limit wants a spread (0..1, or -), not '%s'\n", limit_of);
                return 1;
            }
        } else if (!cmd && (strcmp(argv[i], "read") == 0 || strcmp(argv[i], "calibrate") == 0 ||
                            strcmp(argv[i], "wait") == 0)) {
            cmd = argv[i];
        } else {
            fprintf(stderr, "ngbench-hostspeed: unknown argument '%s' (try --help)\n", argv[i]);
            return 1;
        }
    }
    if (!cmd)
        return usage(stderr, 1);
    if (strcmp(cmd, "limit") == 0) {
        /* the drift limit of a calibration's spread ("-": not said) */
        printf("%.3f\n", ngd_drift_limit(strcmp(limit_of, "-") == 0 ? NAN : strtod(limit_of, NULL)));
        return fflush(stdout) == 0 ? 0 : 1;
    }
    ngo_init();
    if (strcmp(cmd, "read") == 0) {
        reading(&ticks, &on);
        printf("ref_ticks=%.0f ref_oncpu_ns=%.0f counter=%s\n", ticks, on, ngcycles_implementation());
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (strcmp(cmd, "calibrate") == 0) {
        /* the median reading, not the fastest: a later reading is one
         * reading, and the fastest of many sits in the tail of the quiet
         * readings, so that quiet ones would look slow beside it; and how
         * far quiet readings stray from it (the spread), which the drift
         * limit must cover (measure/derive.h) */
        enum { MAXR = 4096 };
        static double rt[MAXR], ro[MAXR];
        double stop = now() + (secs >= 0 ? secs : 0.5), mt, mo = -1, sp;
        size_t k = 0, ko = 0;
        do {
            reading(&ticks, &on);
            rt[k++] = ticks;
            if (on >= 0)
                ro[ko++] = on;
        } while (k < MAXR && now() < stop);
        mt = ngd_quiet_of(rt, k, &sp);
        if (ko == k) {
            double spo;
            mo = ngd_quiet_of(ro, ko, &spo);
            if (spo > sp)
                sp = spo;
        }
        printf("quiet ref_ticks=%.0f ref_oncpu_ns=%.0f counter=%s readings=%lu spread=%.3f\n", mt, mo,
               ngcycles_implementation(), (unsigned long)k, sp);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    /* wait: quarter-second windows of /proc/stat until one is quiet */
    {
        enum { MAXCPU = 4096 };
        static ngd_cpustat a[MAXCPU], b[MAXCPU];
        double stop = now() + (secs >= 0 ? secs : 0), others = -1, steal = -1;
        int own = -1;
        size_t na, nb;
#ifdef __linux__
        own = sched_getcpu();
#endif
        do {
            struct timespec q = {0, 250000000L};
            na = stat_now(a, MAXCPU);
            nanosleep(&q, NULL);
            nb = stat_now(b, MAXCPU);
            if (!ngd_host_load(a, na, b, nb, own, &others, &steal)) {
                printf("wait: no /proc/stat here\n");
                return 1;
            }
            if (!ngd_load_disturbs(others, steal)) {
                printf("wait: quiet others_busy=%.3f steal=%.3f\n", others, steal);
                return 0;
            }
        } while (now() < stop);
        printf("wait: still busy others_busy=%.3f steal=%.3f\n", others, steal);
        return 1;
    }
}
