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
 *   own         the CPU time of the campaign's own other work: the
 *               processes descending from -r PID (the campaign's ./do) but
 *               not from any -x PID (the measuring stage itself), each
 *               with its reaped children's time: "cpu_s=S t=SECONDS"; two
 *               readings around a trial tell how much of the other CPUs'
 *               busy time was ours (derive.h, others_own). With -r, wait
 *               leaves that work out of the busy share it waits on.
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
#include <dirent.h>
#include <unistd.h>
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

/* the CPU seconds of the processes descending from root and from none of
 * excl[] (each with its reaped children's: cutime, cstime, so that work
 * that ended since an earlier reading still counts); -1 when /proc cannot
 * be read. Processes reparented to init on the way are lost (the sum reads
 * low, so the busy share left to others reads high: the safe side). */
enum { MAXPROC = 65536, MAXX = 16 };
static long own_pid[MAXPROC], own_ppid[MAXPROC];
static double own_t[MAXPROC];
static signed char own_in[MAXPROC]; /* -1 unknown, 0 no, 1 yes */
static size_t own_n;                /* processes of the last own_cpu scan */

static long own_index(long pid, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { /* readdir gives no order: own_pid is sorted below */
        size_t m = (lo + hi) / 2;
        if (own_pid[m] < pid)
            lo = m + 1;
        else
            hi = m;
    }
    return lo < n && own_pid[lo] == pid ? (long)lo : -1;
}

static int cmpl3(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static double own_cpu(long root, const long *excl, int nexcl)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    size_t n = 0, i;
    double hz = (double)sysconf(_SC_CLK_TCK), sum = 0;
    static long tmp[MAXPROC][2];
    static double tmpt[MAXPROC];
    if (!d || !(hz > 0)) {
        if (d)
            closedir(d);
        return -1;
    }
    while ((e = readdir(d)) != NULL && n < MAXPROC) {
        char path[64], buf[1024], *p;
        long pid = strtol(e->d_name, &p, 10), ppid;
        unsigned long long ut, st;
        long long cut, cst;
        FILE *f;
        size_t got;
        if (*p || pid <= 0)
            continue;
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        if (!(f = fopen(path, "r")))
            continue; /* gone since readdir */
        got = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[got] = 0;
        /* "pid (comm) state ppid ...": comm may hold anything, so from the last ')' */
        if (!(p = strrchr(buf, ')')))
            continue;
        if (sscanf(p + 1, " %*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld", &ppid, &ut, &st,
                   &cut, &cst) != 5)
            continue;
        tmp[n][0] = pid;
        tmp[n][1] = ppid;
        tmpt[n] = ((double)ut + (double)st + (double)(cut > 0 ? cut : 0) + (double)(cst > 0 ? cst : 0)) / hz;
        n++;
    }
    closedir(d);
    {
        /* sort by pid (indices through own_pid, kept beside their fields) */
        static long order[MAXPROC][3];
        for (i = 0; i < n; i++) {
            order[i][0] = tmp[i][0];
            order[i][1] = (long)i;
        }
        qsort(order, n, sizeof order[0], cmpl3);
        for (i = 0; i < n; i++) {
            own_pid[i] = order[i][0];
            own_ppid[i] = tmp[order[i][1]][1];
            own_t[i] = tmpt[order[i][1]];
            own_in[i] = -1;
        }
    }
    for (i = 0; i < n; i++) {
        /* walk up to root, an excluded process or the top, then mark the way */
        long chain[256], c = (long)i;
        int depth = 0, verdict = 0, k;
        while (c >= 0 && depth < 256) {
            int x;
            if (own_in[c] >= 0) {
                verdict = own_in[c];
                break;
            }
            for (x = 0; x < nexcl; x++)
                if (own_pid[c] == excl[x])
                    break;
            chain[depth++] = c;
            if (x < nexcl) {
                verdict = 0;
                break;
            }
            if (own_pid[c] == root) {
                verdict = 1;
                break;
            }
            c = own_ppid[c] > 0 ? own_index(own_ppid[c], n) : -1;
        }
        for (k = 0; k < depth; k++)
            own_in[chain[k]] = (signed char)verdict;
        /* an excluded process is not ours-beside-the-trial, root's own is */
        if (own_in[i] == 1)
            sum += own_t[i];
    }
    own_n = n;
    return sum;
}

#ifdef __linux__
/* keepoff (back 0): every thread of the processes own_cpu found ours is
 * kept off cpu (where it may run elsewhere); letback (back 1), once the
 * timing is done: every such thread kept off cpu (by keepoff, or a step
 * started while the CPU was taken: it inherits its parent's set) may run
 * there again. Returns how many threads it moved. */
static long move_own(int cpu, int back)
{
    long moved = 0;
    size_t i;
    for (i = 0; i < own_n; i++) {
        char path[64];
        DIR *d;
        struct dirent *e;
        if (own_in[i] != 1)
            continue;
        snprintf(path, sizeof path, "/proc/%ld/task", own_pid[i]);
        if (!(d = opendir(path)))
            continue;
        while ((e = readdir(d)) != NULL) {
            char *p;
            long tid = strtol(e->d_name, &p, 10);
            cpu_set_t set;
            if (*p || tid <= 0 || sched_getaffinity((pid_t)tid, sizeof set, &set) != 0)
                continue;
            if (back) {
                if (CPU_ISSET(cpu, &set))
                    continue; /* on it already */
                CPU_SET(cpu, &set);
            } else {
                if (!CPU_ISSET(cpu, &set) || CPU_COUNT(&set) < 2)
                    continue; /* off it already, or it has nowhere else to go */
                CPU_CLR(cpu, &set);
            }
            if (sched_setaffinity((pid_t)tid, sizeof set, &set) == 0)
                moved++;
        }
        closedir(d);
    }
    return moved;
}
#endif

static int usage(FILE *f, int rc)
{
    fputs("usage: ngbench-hostspeed [-C CPU] read\n"
          "       ngbench-hostspeed [-C CPU] calibrate [-t SECONDS]\n"
          "       ngbench-hostspeed [-C CPU] wait -t SECONDS [-r PID [-x PID]...]\n"
          "       ngbench-hostspeed limit SPREAD\n"
          "       ngbench-hostspeed own -r PID [-x PID]...\n"
          "       ngbench-hostspeed keepoff CPU -r PID [-x PID]...\n"
          "       ngbench-hostspeed letback CPU -r PID [-x PID]...\n"
          "The host's speed and load around ./do's timing trials: a fixed reference kernel (SM3\n"
          "compressions, no memory traffic) timed on the measured CPU, and the other CPUs' busy\n"
          "time from /proc/stat.\n"
          "  read        one reading: ref_ticks=T ref_oncpu_ns=N counter=NAME (median chunk)\n"
          "  calibrate   the quiet speed: the median reading over SECONDS (default 0.5) and the\n"
          "              readings' spread (the drift limit of the trials covers it)\n"
          "  wait        wait at most SECONDS for the other CPUs to go quiet (busy share below\n"
          "              0.2, steal below 0.05 over a quarter second): exit 0 once they are, 1 if not\n"
          "  limit       the drift limit a calibration of that spread gives the trials (- : none said)\n"
          "  own         the CPU time of the campaign's own other work: the processes descending\n"
          "              from -r PID (its ./do) and from no -x PID (the measuring stage), their\n"
          "              reaped children's included: cpu_s=SECONDS t=SECONDS (a clock)\n"
          "  keepoff     move that work off CPU (the measuring one; twice, 50 ms apart, for what\n"
          "              it forked meanwhile): moved=N\n"
          "  letback     once the timing is done: that work may use CPU again: back=N\n"
          "  -r PID      (wait) leave that work out of the other CPUs' busy share\n"
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
    long root = 0, excl[MAXX];
    int i, nexcl = 0, keepoff_cpu = -1;
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
        } else if ((strcmp(argv[i], "-r") == 0 || strcmp(argv[i], "-x") == 0) && i + 1 < argc) {
            char *end;
            long pid = strtol(argv[i + 1], &end, 10);
            if (*end || pid <= 0) {
                fprintf(stderr, "ngbench-hostspeed: %s wants a process id, not '%s'\n", argv[i], argv[i + 1]);
                return 1;
            }
            if (argv[i][1] == 'r')
                root = pid;
            else if (nexcl < MAXX)
                excl[nexcl++] = pid;
            else {
                fprintf(stderr, "ngbench-hostspeed: at most %d -x\n", MAXX);
                return 1;
            }
            i++;
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            char *end;
            secs = strtod(argv[++i], &end);
            if (*end || !(secs >= 0) || secs > 86400) {
                fprintf(stderr, "ngbench-hostspeed: -t wants seconds, not '%s'\n", argv[i]);
                return 1;
            }
        } else if (!cmd && (strcmp(argv[i], "keepoff") == 0 || strcmp(argv[i], "letback") == 0) && i + 1 < argc) {
            char *end;
            long c;
            cmd = argv[i];
            c = strtol(argv[++i], &end, 10);
            if (*end || c < 0 || c > 1023) {
                fprintf(stderr, "ngbench-hostspeed: %s wants a CPU number, not '%s'\n", cmd, argv[i]);
                return 1;
            }
            keepoff_cpu = (int)c;
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
                            strcmp(argv[i], "wait") == 0 || strcmp(argv[i], "own") == 0)) {
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
    if (strcmp(cmd, "keepoff") == 0) {
        long moved = 0;
        int pass;
        if (!root) {
            fputs("ngbench-hostspeed: keepoff wants -r PID (try --help)\n", stderr);
            return 1;
        }
        for (pass = 0; pass < 2; pass++) {
            struct timespec q = {0, 50000000L};
            if (pass)
                nanosleep(&q, NULL);
            if (own_cpu(root, excl, nexcl) < 0)
                break;
#ifdef __linux__
            moved += move_own(keepoff_cpu, 0);
#endif
        }
        printf("moved=%ld\n", moved);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (strcmp(cmd, "letback") == 0) {
        long back = 0;
        if (!root) {
            fputs("ngbench-hostspeed: letback wants -r PID (try --help)\n", stderr);
            return 1;
        }
#ifdef __linux__
        if (own_cpu(root, excl, nexcl) >= 0)
            back = move_own(keepoff_cpu, 1);
#endif
        printf("back=%ld\n", back);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (strcmp(cmd, "own") == 0) {
        double c;
        if (!root) {
            fputs("ngbench-hostspeed: own wants -r PID (try --help)\n", stderr);
            return 1;
        }
        c = own_cpu(root, excl, nexcl);
        if (c < 0)
            printf("cpu_s=- t=%.3f\n", now());
        else
            printf("cpu_s=%.3f t=%.3f\n", c, now());
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
            double c0 = root ? own_cpu(root, excl, nexcl) : -1, t0 = now(), c1;
            na = stat_now(a, MAXCPU);
            nanosleep(&q, NULL);
            nb = stat_now(b, MAXCPU);
            c1 = root ? own_cpu(root, excl, nexcl) : -1;
            if (!ngd_host_load(a, na, b, nb, own, &others, &steal)) {
                printf("wait: no /proc/stat here\n");
                return 1;
            }
            if (c0 >= 0 && c1 >= c0 && nb > 1) /* our own work on the others is no reason to wait */
                others = ngd_foreign_busy(others, ngd_own_share(c1 - c0, now() - t0, (int)nb - (own >= 0)));
            if (!ngd_load_disturbs(others, steal)) {
                printf("wait: quiet others_busy=%.3f steal=%.3f\n", others, steal);
                return 0;
            }
        } while (now() < stop);
        printf("wait: still busy others_busy=%.3f steal=%.3f\n", others, steal);
        return 1;
    }
}
