/* speed.c - a quick per-operation cycle count for one implementation (linked
 * by build-impl -p speed): median and quartiles of single calls, in one
 * process. The full measurement (fresh-process trials, memory, profile) is
 * ./do's job; this is the tool for a developer's inner loop. Figures are in
 * the counter's unit: cycles, or ns where the counter is clock_gettime.
 *
 * Inputs as in the NGCC seed reports: drng_algorithm seeded with the bytes
 * 00..2f, a 64-byte message (bytes 00..3f). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ngcycles.h"
#include "ops.h"

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void report(const char *op, int64_t *s, int n)
{
    double mean = 0;
    int i;
    for (i = 0; i < n; i++)
        mean += (double)s[i];
    mean /= n;
    qsort(s, (size_t)n, sizeof s[0], cmp64);
    printf("%-7s calls %5d  median %13lld  mean %15.0f  q1 %13lld  q3 %13lld  min %13lld %s\n", op, n,
           (long long)s[n / 2], mean, (long long)s[n / 4], (long long)s[(3 * n) / 4], (long long)s[0],
           ngcycles_unit());
}

int main(int argc, char **argv)
{
    int iters = 20, i, rc, op;
    double budget = 10.0;
    int64_t *s, t0, deadline;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            iters = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            budget = atof(argv[++i]);
        } else {
            printf("usage: %s [-n CALLS] [-t SECONDS]\n"
                   "Times each operation of the linked implementation: up to CALLS calls\n"
                   "(default 20), stopping early after SECONDS (default 10) per operation\n"
                   "(at least one call). Prints median, mean, quartiles and minimum in the\n"
                   "counter's unit (cycles; ns where the counter is clock_gettime).\n",
                   argv[0]);
            return strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0 ? 0 : 1;
        }
    }
    if (iters < 1)
        iters = 1;
    s = malloc(sizeof(int64_t) * (size_t)iters);
    if (!s) {
        fprintf(stderr, "speed: out of memory\n");
        return 2;
    }
    printf("# counter %s, in %s, %lld per second\n", ngcycles_implementation(), ngcycles_unit(),
           (long long)ngcycles_persecond());
    /* each operation prepared as measure prepares it (ops.c): seeded, with
     * the keys (and signature or ciphertext) it needs made first */
    for (op = 0; op < op_count(); op++) {
        int n = 0;
        op_setup(op);
        deadline = ngcycles() + (int64_t)(budget * (double)ngcycles_persecond());
        for (; n < iters; n++) {
            if (n > 0)
                op_next(op); /* the next message, signature or ciphertext (untimed) */
            t0 = ngcycles();
            rc = op_run(op);
            s[n] = ngcycles() - t0;
            if (rc != 0) {
                fprintf(stderr, "speed: %s returned %d\n", op_name(op), rc);
                return 2;
            }
            if (ngcycles() > deadline) {
                n++;
                break;
            }
        }
        report(op_name(op), s, n);
    }
    free(s);
    return 0;
}
