/* units.c - see units.h. Where a value sits on a unit boundary the choice is
 * made on the value as it will be printed, so 999.96 k prints as "1.00 M",
 * never "1000.0 k". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "units.h"

#define MICRO "\xc2\xb5"
#define TIMES "\xc3\x97"

/* x rounded to d decimals as printf would print it */
static double printed(double x, int d)
{
    char s[UNITS_MAX * 2];
    snprintf(s, sizeof s, "%.*f", d, x);
    return strtod(s, NULL);
}

/* x rounded to three significant digits as %.3g would print it */
static double printed3(double x)
{
    char s[UNITS_MAX];
    snprintf(s, sizeof s, "%.2e", x);
    return strtod(s, NULL);
}

static char *na(char *out)
{
    snprintf(out, UNITS_MAX, "\xe2\x80\x93"); /* an en dash, as the seeds write a missing figure */
    return out;
}

char *fmt_cycles(char *out, double c)
{
    if (!isfinite(c) || c < 0)
        return na(out);
    if (printed(c, 0) < 1000)
        snprintf(out, UNITS_MAX, "%.0f", c);
    else if (printed(c / 1e3, 1) < 1000)
        snprintf(out, UNITS_MAX, "%.1f k", c / 1e3);
    else if (printed(c / 1e6, 2) < 1000)
        snprintf(out, UNITS_MAX, "%.2f M", c / 1e6);
    else
        snprintf(out, UNITS_MAX, "%.2f G", c / 1e9);
    return out;
}

char *fmt_seconds(char *out, double s)
{
    double r;
    if (!isfinite(s) || s < 0)
        return na(out);
    r = printed3(s);
    if (r >= 1 || r == 0)
        snprintf(out, UNITS_MAX, "%.3g s", s);
    else if (r >= 1e-3)
        snprintf(out, UNITS_MAX, "%.3g ms", s * 1e3);
    else if (r >= 1e-6)
        snprintf(out, UNITS_MAX, "%.3g " MICRO "s", s * 1e6);
    else
        snprintf(out, UNITS_MAX, "%.3g ns", s * 1e9);
    return out;
}

char *fmt_sig3(char *out, double x)
{
    if (!isfinite(x))
        return na(out);
    snprintf(out, UNITS_MAX, "%.3g", x);
    return out;
}

char *fmt_percent(char *out, double f)
{
    double p;
    if (!isfinite(f))
        return na(out);
    p = f * 100;
    if (printed(p, 1) >= 10)
        snprintf(out, UNITS_MAX, "%.0f%%", p);
    else
        snprintf(out, UNITS_MAX, "%.1f%%", p < 0.05 && p > -0.05 ? 0.0 : p);
    return out;
}

char *fmt_ratio(char *out, double r)
{
    if (!isfinite(r) || r <= 0)
        return na(out);
    if (printed(r, 2) < 10)
        snprintf(out, UNITS_MAX, "%.2f", r);
    else
        snprintf(out, UNITS_MAX, "%.3g", r);
    return out;
}

char *fmt_kib(char *out, double kib)
{
    if (!isfinite(kib) || kib < 0)
        return na(out);
    snprintf(out, UNITS_MAX, "%.0f KiB", kib);
    return out;
}

char *fmt_bytes(char *out, double b)
{
    if (!isfinite(b) || b < 0)
        return na(out);
    if (b < 10240)
        snprintf(out, UNITS_MAX, "%.0f", b);
    else if (printed3(b / 1024) < 1000)
        snprintf(out, UNITS_MAX, "%.0f (%.3g KiB)", b, b / 1024);
    else if (printed3(b / 1048576) < 1000)
        snprintf(out, UNITS_MAX, "%.0f (%.3g MiB)", b, b / 1048576);
    else if (printed3(b / 1073741824.0) < 1000)
        snprintf(out, UNITS_MAX, "%.0f (%.3g GiB)", b, b / 1073741824.0);
    else
        snprintf(out, UNITS_MAX, "%.0f (%.0f GiB)", b, b / 1073741824.0);
    return out;
}

char *fmt_count(char *out, double n, double trials, double iters)
{
    if (!isfinite(n) || !isfinite(trials) || !isfinite(iters))
        return na(out);
    snprintf(out, UNITS_MAX, "%.0f (%.0f " TIMES " %.0f)", n, trials, iters);
    return out;
}

char *fmt_hz(char *out, double f)
{
    if (!isfinite(f) || f <= 0)
        return na(out);
    if (printed3(f) >= 1e9)
        snprintf(out, UNITS_MAX, "%.3g GHz", f / 1e9);
    else if (printed3(f) >= 1e6)
        snprintf(out, UNITS_MAX, "%.3g MHz", f / 1e6);
    else if (printed3(f) >= 1e3)
        snprintf(out, UNITS_MAX, "%.3g kHz", f / 1e3);
    else
        snprintf(out, UNITS_MAX, "%.3g Hz", f);
    return out;
}
