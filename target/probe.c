/* probe.c - memory figures of one operation, each in its own process:
 *   -p rss    resident set before the call and its high-water mark during
 *             it (VmRSS, VmHWM; the mark is reset first where Linux allows)
 *   -p stack  peak stack depth of the call: it runs on a thread with a fresh
 *             zero-filled stack; the lowest nonzero byte tells the depth
 *   -p heap   peak heap bytes and allocation count of the call, from
 *             link-time wrappers around malloc & co. (-Wl,--wrap=...)
 *   -p all    the three from a single call (what ./do uses: one call, not three)
 * Setup (key pair, signature, ciphertext) happens before and is not counted. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "ops.h"
#include "record.h"

static int op;

/* the figures as field lines of their record kinds, written by
 * report/record.c and checked against report/schema.def (the stage passes
 * them on with ngbench-rec write -F) */
static int emit(ngr_out *o)
{
    const char *why = NULL;
    fflush(stdout);
    if (ngr_out_end(o, stdout, &why) != 0) {
        fprintf(stderr, "probe: a line the schema refuses: %s\n", why);
        return -1;
    }
    return 0;
}

static int emit_rss(long base, long peak, long after, int reset)
{
    ngr_out o;
    ngr_out_begin(&o, NGK_memory);
    ngr_out_printf(&o, NGF_baseline_kib, "%ld", base);
    ngr_out_printf(&o, NGF_peak_kib, "%ld", peak);
    ngr_out_printf(&o, NGF_after_kib, "%ld", after);
    ngr_out_printf(&o, NGF_hwm_reset, "%d", reset);
    return emit(&o);
}

static int emit_stack(long long used, long long base, size_t capacity)
{
    ngr_out o;
    ngr_out_begin(&o, NGK_stack);
    ngr_out_printf(&o, NGF_bytes, "%lld", used);
    ngr_out_printf(&o, NGF_thread_baseline, "%lld", base);
    ngr_out_printf(&o, NGF_capacity, "%zu", capacity);
    return emit(&o);
}

static int emit_heap(long long peak_bytes, long long allocs, long long frees)
{
    ngr_out o;
    ngr_out_begin(&o, NGK_heap);
    ngr_out_printf(&o, NGF_peak_bytes, "%lld", peak_bytes);
    ngr_out_printf(&o, NGF_allocations, "%lld", allocs);
    ngr_out_printf(&o, NGF_frees, "%lld", frees);
#ifdef __GLIBC__
    ngr_out_str(&o, NGF_exact, "1");
#else
    ngr_out_str(&o, NGF_exact, "0");
#endif
    return emit(&o);
}

/* ---- rss ----------------------------------------------------------- */

static long status_kib(const char *key)
{
    char line[256];
    long v = -1;
    size_t n = strlen(key);
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') {
            v = strtol(line + n + 1, NULL, 10);
            break;
        }
    fclose(f);
    return v;
}

/* Resets the peak-RSS mark (VmHWM) to the current RSS: through
 * /proc/self/clear_refs where it is writable, else (a read-only /proc, as
 * in ngbench-sandbox) by forking, since a new process's mark starts at its
 * RSS; the parent then waits and exits with the child's status, and the
 * child goes on. Returns 1 when the mark was reset. */
static int reset_hwm(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    int st, ok;
    pid_t pid;
    if (f) { /* "5" resets VmHWM to the current RSS (Linux 4.0+) */
        ok = fputs("5", f) >= 0;
        ok &= fclose(f) == 0;
        if (ok)
            return 1;
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0)
        return 1;
    if (waitpid(pid, &st, 0) != pid)
        exit(5);
    exit(WIFEXITED(st) ? WEXITSTATUS(st) : 5);
}

static int probe_rss(void)
{
    long base, peak, after;
    int reset = 0, rc;
    reset = reset_hwm(); /* first: after a fork, the baseline is the child's */
    base = status_kib("VmRSS");
    rc = op_run(op);
    peak = status_kib("VmHWM");
    after = status_kib("VmRSS");
    if (base < 0 || peak < 0) {
        fprintf(stderr, "probe: /proc/self/status has no VmRSS/VmHWM here\n");
        return 5;
    }
    if (after > peak) /* the kernel updates the mark lazily */
        peak = after;
    if (emit_rss(base, peak, after, reset) != 0)
        return 5;
    return rc == 0 ? 0 : 4;
}

/* ---- stack --------------------------------------------------------- */

/* The call runs on a thread whose stack is fresh anonymous memory, which the
 * kernel hands out zero-filled: that is the paint. Afterwards the lowest
 * resident page (mincore) and in it the lowest nonzero byte mark the deepest
 * point the call wrote. Nothing is touched beforehand, so the probe costs
 * nothing per megabyte of capacity; a call whose deepest writes are all zero
 * bytes is under-counted by those bytes. */
static size_t stack_size = (size_t)256 << 20;

static void *run_op(void *arg)
{
    *(int *)arg = op_run(op);
    return NULL;
}

static void *noop(void *arg)
{
    *(int *)arg = 0;
    return NULL;
}

/* Runs fn on a fresh stack of size bytes; returns the bytes it touched. */
static long long painted_run(void *(*fn)(void *), int *rc, size_t size)
{
    pthread_attr_t attr;
    pthread_t t;
    unsigned char *stk, *vec;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), npages = size / page, p, i;
    stk = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    vec = malloc(npages);
    if (stk == MAP_FAILED || !vec) {
        perror("probe: mmap");
        exit(5);
    }
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstack(&attr, stk, size) != 0 ||
        pthread_create(&t, &attr, fn, rc) != 0) {
        fprintf(stderr, "probe: cannot start a thread on a fresh stack\n");
        exit(5);
    }
    pthread_join(t, NULL);
    p = 0;
    if (mincore(stk, size, vec) == 0)
        while (p < npages && !(vec[p] & 1))
            p++;
    for (i = p * page; i < size && stk[i] == 0; i++) /* stacks grow down */
        ;
    munmap(stk, size);
    free(vec);
    return (long long)(size - i);
}

static int probe_stack(void)
{
    int rc = 0, rc0 = 0;
    long long base = painted_run(noop, &rc0, (size_t)1 << 20);
    long long used = painted_run(run_op, &rc, stack_size);
    if (emit_stack(used - base, base, stack_size) != 0)
        return 5;
    return rc == 0 ? 0 : 4;
}

/* All three from one call: the call runs on the fresh stack thread with the
 * heap wrappers on and the RSS mark reset. The fresh stack is untouched
 * memory, so it adds to the RSS only the pages the call really uses. */
static int tracking;
static long long cur, peak, nallocs, nfrees;

/* the operation with the heap wrappers on just around it */
static void *run_op_tracked(void *arg)
{
    tracking = 1;
    *(int *)arg = op_run(op);
    tracking = 0;
    return NULL;
}

static int probe_all(void)
{
    long base, hwm, after;
    long long sbase, used;
    int rc = 0, rc0 = 0, reset = 0;
    sbase = painted_run(noop, &rc0, (size_t)1 << 20);
    reset = reset_hwm(); /* first: after a fork, the baseline is the child's */
    base = status_kib("VmRSS");
    used = painted_run(run_op_tracked, &rc, stack_size);
    hwm = status_kib("VmHWM");
    after = status_kib("VmRSS");
    if (after > hwm)
        hwm = after;
    {
        /* the counts first: writing the lines allocates */
        long long p = peak, na = nallocs, nf = nfrees;
        if (emit_rss(base, hwm, after, reset) != 0 || emit_stack(used - sbase, sbase, stack_size) != 0 ||
            emit_heap(p, na, nf) != 0)
            return 5;
    }
    return rc == 0 ? 0 : 4;
}

/* ---- heap ---------------------------------------------------------- */

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void __real_free(void *);
int __real_posix_memalign(void **, size_t, size_t);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);
int __wrap_posix_memalign(void **p, size_t a, size_t n);

static size_t usable(void *p)
{
#ifdef __GLIBC__
    return p ? malloc_usable_size(p) : 0;
#else
    (void)p;
    return 0;
#endif
}

static void grew(void *p, size_t asked)
{
    size_t u = usable(p);
    if (!tracking || !p)
        return;
    cur += (long long)(u ? u : asked);
    nallocs++;
    if (cur > peak)
        peak = cur;
}

static void shrank(void *p)
{
    if (!tracking || !p)
        return;
    cur -= (long long)usable(p);
    if (cur < 0) /* freed something allocated before tracking began */
        cur = 0;
    nfrees++;
}

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    grew(p, n);
    return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
    void *p = __real_calloc(k, n);
    grew(p, k * n);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    void *q;
    shrank(p);
    if (tracking && p)
        nfrees--; /* a realloc is one allocation, not a free and an allocation */
    q = __real_realloc(p, n);
    grew(q, n);
    return q;
}

void __wrap_free(void *p)
{
    shrank(p);
    __real_free(p);
}

int __wrap_posix_memalign(void **p, size_t a, size_t n)
{
    int rc = __real_posix_memalign(p, a, n);
    if (rc == 0)
        grew(*p, n);
    return rc;
}

static int probe_heap(void)
{
    int rc;
    tracking = 1;
    rc = op_run(op);
    tracking = 0;
    if (emit_heap(peak, nallocs, nfrees) != 0)
        return 5;
    return rc == 0 ? 0 : 4;
}

int main(int argc, char **argv)
{
    const char *what = NULL;
    int i;
    op = op_options(&argc, argv,
                    "usage: probe -o OP -p rss|stack|heap|all [-S MIB] [-m MLEN] [-C CPU]\n"
                    "Prints one line of memory figures for one call of OP (see the source's header).\n"
                    "-S: the probe stack's capacity in MiB (default 256).");
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-p") == 0 && i + 1 < argc)
            what = argv[++i];
        else if (strcmp(argv[i], "-S") == 0 && i + 1 < argc)
            stack_size = (size_t)strtoul(argv[++i], NULL, 10) << 20;
        else {
            fprintf(stderr, "probe: unknown argument '%s' (try --help)\n", argv[i]);
            return 1;
        }
    }
    if (!what) {
        fprintf(stderr, "probe: -p rss|stack|heap|all is required\n");
        return 1;
    }
    op_setup(op);
    if (strcmp(what, "rss") == 0)
        return probe_rss();
    if (strcmp(what, "stack") == 0)
        return probe_stack();
    if (strcmp(what, "heap") == 0)
        return probe_heap();
    if (strcmp(what, "all") == 0)
        return probe_all();
    fprintf(stderr, "probe: -p wants rss, stack or heap, not '%s'\n", what);
    return 1;
}
