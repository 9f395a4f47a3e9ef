/* report-units.c - the human units of ngbench-report on the values of the
 * NGCC seed pages and on the unit boundaries; the output is compared with
 * report-units.exp byte for byte (tests/report-units.sh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots.h"
#include "units.h"

static void row(const char *name, char *(*f)(char *, double), double v)
{
    char s[UNITS_MAX];
    printf("%-8s %-22.17g %s\n", name, v, f(s, v));
}

int main(void)
{
    /* cycles: the seeds' 901.2 k, 1.60 M, 10.52 M, 918.12 M, 7.78 G, 11676.24 G */
    static const double cycles[] = {0, 1, 25, 999, 999.4, 999.6, 1000, 2916, 901200, 999949, 999950,
                                    1.6e6, 10.52e6, 918.12e6, 999994999, 999995000, 7.78e9, 1048.15e9, 11676.24e9,
                                    -1, NAN};
    /* seconds: 430 µs, 5.02 ms, 25 ms, 441 ms, 1.2 s, 10 s, 503 s, 5.59e+03 s */
    static const double secs[] = {0, 5.39e-7, 9.995e-7, 4.3e-4, 5.02e-3, 0.025, 0.441, 0.9994, 0.9996, 1.2, 10,
                                  503, 5590, INFINITY};
    /* ops/s and calls per operation: 199, 31.1, 2.27, 0.0265, 0.00199, 2.32e+03, 1.35, 3.15e+03 */
    static const double sig3[] = {199, 31.1, 2.27, 0.0265, 0.00199, 0.000179, 2321, 1.35, 3150, 1.9e5, 40, 1};
    static const double pct[] = {0.77, 0.56, 0.001, 0.0004, 0.0, 0.012, 0.0996, 0.09949, 0.98, 1, -0.0001};
    static const double ratio[] = {1, 0.87, 0.9949, 9.996, 12.34, 0, NAN};
    static const double kib[] = {1712, 110536, 0};
    static const double bytes[] = {0, 788, 10239, 10240, 41693, 1022976, 1048575, 5897612, 95160012, 1.5e12};
    static const double hz[] = {2.1e9, 2445573256, 999.9e6, 24e6, 1000, 5};
    size_t i;
    for (i = 0; i < sizeof cycles / sizeof cycles[0]; i++)
        row("cycles", fmt_cycles, cycles[i]);
    for (i = 0; i < sizeof secs / sizeof secs[0]; i++)
        row("seconds", fmt_seconds, secs[i]);
    for (i = 0; i < sizeof sig3 / sizeof sig3[0]; i++)
        row("sig3", fmt_sig3, sig3[i]);
    for (i = 0; i < sizeof pct / sizeof pct[0]; i++)
        row("percent", fmt_percent, pct[i]);
    for (i = 0; i < sizeof ratio / sizeof ratio[0]; i++)
        row("ratio", fmt_ratio, ratio[i]);
    for (i = 0; i < sizeof kib / sizeof kib[0]; i++)
        row("kib", fmt_kib, kib[i]);
    for (i = 0; i < sizeof bytes / sizeof bytes[0]; i++)
        row("bytes", fmt_bytes, bytes[i]);
    for (i = 0; i < sizeof hz / sizeof hz[0]; i++)
        row("hz", fmt_hz, hz[i]);
    {
        char s[UNITS_MAX];
        printf("count    %s\n", fmt_count(s, 995, 5, 199));
        printf("count    %s\n", fmt_count(s, 1, 1, 1));
    }
    /* the tick labels of the scatter plot: both axes in one style (10, 100, 1 k, 10 k, ...) */
    {
        static const char *const labels[] = {"a", "b"};
        static const double x[] = {150, 9.0e4}, y[] = {2.0e7, 5.0e10};
        char *svg = svg_scatter("t", "(x axis)", "(y axis)", 2, labels, x, y);
        const char *p = svg;
        while ((p = strstr(p, "<text ")) != NULL) {
            const char *gt = strchr(p, '>'), *end = gt ? strstr(gt, "</text>") : NULL;
            int xt = gt && strstr(p, "text-anchor=\"middle\"") && strstr(p, "text-anchor=\"middle\"") < gt;
            int yt = gt && strstr(p, "text-anchor=\"end\"") && strstr(p, "text-anchor=\"end\"") < gt;
            if (end && (xt || yt) && end - gt - 1 < 16 && gt[1] != '(')
                printf("%s %.*s\n", xt ? "xtick   " : "ytick   ", (int)(end - gt - 1), gt + 1);
            p = gt ? gt : p + 1;
        }
        free(svg);
    }
    return 0;
}
