/* noise-load.c - a competing process for bench/noise-bench.sh and
 * tests/measure-noise.sh: "spin" keeps a CPU busy with a loop that touches
 * no memory; "stream" reads and writes a buffer far larger than the caches
 * (MIB, default 256) over and over, as a memory-heavy build or job would.
 * Either stops by itself after SECONDS (default 600), so that none outlives
 * its caller even if it is not killed.
 * usage: noise-load spin|stream [SECONDS [MIB]] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    double stop = now() + (argc > 2 ? atof(argv[2]) : 600.0);
    size_t mib = argc > 3 ? (size_t)atol(argv[3]) : 256, n, i;
    volatile unsigned long spin = 0;
    unsigned long *buf;
    if (argc < 2 || (strcmp(argv[1], "spin") != 0 && strcmp(argv[1], "stream") != 0)) {
        fputs("usage: noise-load spin|stream [SECONDS [MIB]]\n", stderr);
        return 1;
    }
    if (strcmp(argv[1], "spin") == 0) {
        while (now() < stop) {
            for (i = 0; i < 10000000; i++)
                spin++;
        }
        return 0;
    }
    n = mib * 1048576 / sizeof *buf;
    buf = malloc(n * sizeof *buf);
    if (!buf) {
        fputs("noise-load: out of memory\n", stderr);
        return 1;
    }
    memset(buf, 1, n * sizeof *buf);
    while (now() < stop) {
        for (i = 0; i < n; i += 8) /* one word per 64-byte line: the bandwidth, not the ALU */
            buf[i] += i;
    }
    free(buf);
    return 0;
}
