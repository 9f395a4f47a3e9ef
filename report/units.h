/* units.h - the human units of the NGCC performance pages, in one place so
 * that every table, page and plot says the same thing the same way:
 * cycles with k/M/G ("901.2 k", "10.52 M", "7.78 G"), times in ns/µs/ms/s
 * with three significant digits ("430 µs", "5.02 ms", "3.71 s"), rates and
 * per-operation counts with three significant digits ("199", "0.0236",
 * "2.32e+03"), shares as percentages ("77%", "0.1%"), memory in KiB.
 * Each function writes a NUL-terminated string of at most UNITS_MAX bytes
 * into out and returns out. */
#ifndef NGBENCH_REPORT_UNITS_H
#define NGBENCH_REPORT_UNITS_H

#define UNITS_MAX 48

char *fmt_cycles(char *out, double cycles);
char *fmt_seconds(char *out, double seconds);
char *fmt_sig3(char *out, double x);          /* ops/s, calls per operation */
char *fmt_percent(char *out, double fraction);
char *fmt_ratio(char *out, double ratio);     /* "0.87", "1.00", "12.3" */
char *fmt_kib(char *out, double kib);         /* "1712 KiB" */
char *fmt_bytes(char *out, double bytes);     /* "788", "41693 (40.7 KiB)", "5897612 (5.62 MiB)" */
char *fmt_count(char *out, double n, double trials, double iters); /* "995 (5 × 199)" */
char *fmt_hz(char *out, double persecond);    /* "2.45 GHz" */

#endif
