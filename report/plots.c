/* plots.c - see plots.h. Text widths are estimated (about 0.6 em per
 * character), which is all a static plot without a layout engine can do;
 * labels are kept short by the callers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "plots.h"
#include "units.h"

static const char *const palette[] = {
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NPAL (sizeof palette / sizeof palette[0])

const char *plot_color(size_t i)
{
    return palette[i % NPAL];
}

#define FONT 12
#define CHARW 7.0

/* absurd magnitudes (from damaged data) are left out rather than breaking the axes */
static int have(double v)
{
    return isfinite(v) && v > 1e-300 && v < 1e300;
}

static double text_w(const char *s)
{
    double w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xc0) != 0x80)
            w += CHARW;
    return w;
}

static void head(buf *b, double w, double h, const char *title)
{
    buf_printf(b,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "font-family=\"sans-serif\" font-size=\"%d\" role=\"img\">\n<title>",
               w, h, w, h, FONT);
    buf_html(b, title);
    buf_puts(b, "</title>\n<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    buf_printf(b, "<text x=\"%.1f\" y=\"18\" font-size=\"14\" font-weight=\"bold\">", 10.0);
    buf_html(b, title);
    buf_puts(b, "</text>\n");
}

static void line(buf *b, double x1, double y1, double x2, double y2, const char *stroke)
{
    buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x1, y1, x2, y2, stroke);
}

static void text(buf *b, double x, double y, const char *anchor, const char *s)
{
    buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\"%s%s%s>", x, y, anchor ? " text-anchor=\"" : "", anchor ? anchor : "",
               anchor ? "\"" : "");
    buf_html(b, s);
    buf_puts(b, "</text>\n");
}

/* a tick label for mant x 10^e: "1 k", "20 k", "5 M" */
static void tick_label(char *out, size_t n, int mant, int e)
{
    static const char *const suffix[] = {"", " k", " M", " G", " T", " P"};
    if (e < 0 || e / 3 >= 6)
        snprintf(out, n, "%de%d", mant, e);
    else
        snprintf(out, n, "%.0f%s", mant * pow(10, e % 3), suffix[e / 3]);
}

static void decade_label(char *out, size_t n, int e)
{
    tick_label(out, n, 1, e);
}

static void legend(buf *b, double x, double y, size_t nseries, const char *const *series, const char *rest,
                   const char *const *colors)
{
    size_t i;
    for (i = 0; i < nseries + (rest ? 1 : 0); i++) {
        const char *name = i < nseries ? series[i] : rest;
        const char *color = i < nseries ? (colors ? colors[i] : palette[i % NPAL]) : "#e8e8e8";
        buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", x, y - 9, color);
        text(b, x + 14, y, NULL, name);
        x += 14 + text_w(name) + 16;
    }
}

char *svg_bars(const char *title, const char *axis, int scale, char value_fmt, double refline, size_t nrows,
               const char *const *rows, size_t nseries, const char *const *series, const double *values)
{
    return svg_bars_colored(title, axis, scale, value_fmt, refline, nrows, rows, nseries, series, values, NULL);
}

char *svg_bars_colored(const char *title, const char *axis, int scale, char value_fmt, double refline, size_t nrows,
                       const char *const *rows, size_t nseries, const char *const *series, const double *values,
                       const char *const *colors)
{
    buf b;
    size_t r, s;
    double lw = 0, plot_w = 520, bar_h = 12, gap = 10, top = 52, lo = INFINITY, hi = 0, x0, h, y, lmin, lmax;
    double legend_w = 0;
    for (r = 0; r < nrows; r++)
        if (text_w(rows[r]) > lw)
            lw = text_w(rows[r]);
    for (s = 0; s < nseries; s++)
        legend_w += 30 + text_w(series[s]);
    for (r = 0; r < nrows * nseries; r++) {
        if (!have(values[r]))
            continue;
        if (values[r] < lo)
            lo = values[r];
        if (values[r] > hi)
            hi = values[r];
    }
    if (refline > 0) {
        if (refline < lo)
            lo = refline;
        if (refline > hi)
            hi = refline;
    }
    if (hi <= 0) {
        lo = 1;
        hi = 10;
    }
    if (scale == SCALE_LOG) {
        lmin = floor(log10(lo));
        lmax = ceil(log10(hi));
        if (lmax <= lmin)
            lmax = lmin + 1;
    } else {
        lmin = 0;
        lmax = hi * 1.15;
    }
    x0 = 10 + lw + 10;
    h = top + (double)nrows * ((double)nseries * bar_h + gap) + 50;
    if (x0 + plot_w + 90 < legend_w + 20)
        plot_w = legend_w + 20 - x0 - 90;
    buf_init(&b);
    head(&b, x0 + plot_w + 90, h, title);
    legend(&b, 10, 38, nseries, series, NULL, colors);
    /* grid and ticks */
    {
        double ybot = h - 38;
        if (scale == SCALE_LOG) {
            int e;
            for (e = (int)lmin; e <= (int)lmax; e++) {
                char lab[32];
                double x = x0 + ((double)e - lmin) / (lmax - lmin) * plot_w;
                decade_label(lab, sizeof lab, e);
                line(&b, x, top - 6, x, ybot, "#d0d7de");
                text(&b, x, ybot + 14, "middle", lab);
                /* a short axis gets 2x and 5x ticks too, or it would show almost none */
                if (lmax - lmin <= 2 && e < (int)lmax) {
                    static const int minor[] = {2, 5};
                    size_t m;
                    for (m = 0; m < 2; m++) {
                        double xm = x0 + ((double)e + log10(minor[m]) - lmin) / (lmax - lmin) * plot_w;
                        tick_label(lab, sizeof lab, minor[m], e);
                        line(&b, xm, top - 6, xm, ybot, "#eaeef2");
                        text(&b, xm, ybot + 14, "middle", lab);
                    }
                }
            }
        } else {
            double step = pow(10, floor(log10(lmax / 2))), v;
            if (lmax / step > 8)
                step *= 2;
            for (v = 0; v <= lmax + 1e-12; v += step) {
                char lab[32];
                double x = x0 + v / lmax * plot_w;
                snprintf(lab, sizeof lab, "%g", v);
                line(&b, x, top - 6, x, ybot, "#d0d7de");
                text(&b, x, ybot + 14, "middle", lab);
            }
        }
        text(&b, x0 + plot_w / 2, ybot + 30, "middle", axis);
    }
    y = top;
    for (r = 0; r < nrows; r++) {
        text(&b, x0 - 8, y + (double)nseries * bar_h / 2 + 4, "end", rows[r]);
        for (s = 0; s < nseries; s++) {
            double v = values[r * nseries + s], w;
            char lab[UNITS_MAX];
            if (have(v)) {
                if (scale == SCALE_LOG)
                    w = (log10(v) - lmin) / (lmax - lmin) * plot_w;
                else
                    w = v / lmax * plot_w;
                if (w < 1)
                    w = 1;
                if (value_fmt == 'r')
                    fmt_ratio(lab, v);
                else
                    fmt_cycles(lab, v);
                buf_printf(&b, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                               "<title>",
                           x0, y + (double)s * bar_h, w, bar_h - 2, colors ? colors[s] : palette[s % NPAL]);
                buf_html(&b, rows[r]);
                buf_puts(&b, ", ");
                buf_html(&b, series[s]);
                buf_puts(&b, ": ");
                buf_html(&b, lab);
                buf_puts(&b, "</title></rect>\n");
                buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", x0 + w + 3,
                           y + (double)s * bar_h + bar_h - 3);
                buf_html(&b, lab);
                buf_puts(&b, "</text>\n");
            }
        }
        y += (double)nseries * bar_h + gap;
    }
    if (refline > 0) {
        double x = scale == SCALE_LOG ? x0 + (log10(refline) - lmin) / (lmax - lmin) * plot_w
                                      : x0 + refline / lmax * plot_w;
        buf_printf(&b,
                   "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1b1f24\" "
                   "stroke-dasharray=\"4 3\"/>\n",
                   x, top - 6, x, h - 38);
    }
    buf_puts(&b, "</svg>\n");
    return b.p;
}

char *svg_scatter(const char *title, const char *xaxis, const char *yaxis, size_t n, const char *const *labels,
                  const double *x, const double *y)
{
    buf b;
    size_t i;
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0, left = 70, top = 40, pw = 520, ph = 320;
    double lxmin, lxmax, lymin, lymax, lw = 0;
    double *lxs = xmalloc((n + 1) * sizeof *lxs), *lys = xmalloc((n + 1) * sizeof *lys);
    double *lws = xmalloc((n + 1) * sizeof *lws);
    size_t nplaced = 0;
    int e;
    for (i = 0; i < n; i++) {
        if (!have(x[i]) || !have(y[i]))
            continue;
        xlo = fmin(xlo, x[i]);
        xhi = fmax(xhi, x[i]);
        ylo = fmin(ylo, y[i]);
        yhi = fmax(yhi, y[i]);
        if (text_w(labels[i]) > lw)
            lw = text_w(labels[i]);
    }
    if (xhi <= 0) {
        xlo = ylo = 1;
        xhi = yhi = 10;
    }
    lxmin = floor(log10(xlo));
    lxmax = ceil(log10(xhi));
    if (lxmax <= lxmin)
        lxmax = lxmin + 1;
    lymin = floor(log10(ylo));
    lymax = ceil(log10(yhi));
    if (lymax <= lymin)
        lymax = lymin + 1;
    buf_init(&b);
    head(&b, left + pw + lw + 30, top + ph + 50, title);
    for (e = (int)lxmin; e <= (int)lxmax; e++) {
        char lab[32];
        double px = left + ((double)e - lxmin) / (lxmax - lxmin) * pw;
        decade_label(lab, sizeof lab, e); /* the y axis's style: 10, 100, 1 k, 10 k */
        line(&b, px, top, px, top + ph, "#d0d7de");
        text(&b, px, top + ph + 14, "middle", lab);
    }
    for (e = (int)lymin; e <= (int)lymax; e++) {
        char lab[32];
        double py = top + ph - ((double)e - lymin) / (lymax - lymin) * ph;
        decade_label(lab, sizeof lab, e);
        line(&b, left, py, left + pw, py, "#d0d7de");
        text(&b, left - 6, py + 4, "end", lab);
    }
    text(&b, left + pw / 2, top + ph + 32, "middle", xaxis);
    buf_printf(&b, "<text x=\"14\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 14 %.1f)\">",
               top + ph / 2, top + ph / 2);
    buf_html(&b, yaxis);
    buf_puts(&b, "</text>\n");
    for (i = 0; i < n; i++) {
        double px, py;
        char xs[UNITS_MAX], ys[UNITS_MAX];
        if (!have(x[i]) || !have(y[i]))
            continue;
        px = left + (log10(x[i]) - lxmin) / (lxmax - lxmin) * pw;
        py = top + ph - (log10(y[i]) - lymin) / (lymax - lymin) * ph;
        fmt_bytes(xs, x[i]);
        fmt_cycles(ys, y[i]);
        buf_printf(&b, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>", px, py,
                   palette[i % NPAL]);
        buf_html(&b, labels[i]);
        buf_printf(&b, ": %s bytes, ", xs);
        buf_html(&b, ys);
        buf_puts(&b, " cycles</title></circle>\n");
        /* labels of points that (nearly) coincide go one below the other */
        {
            double ly = py - 5;
            size_t j;
            int moved = 1;
            while (moved) {
                moved = 0;
                for (j = 0; j < nplaced; j++)
                    if (fabs(lxs[j] - (px + 6)) < fmax(lws[j], text_w(labels[i])) && fabs(lys[j] - ly) < FONT) {
                        ly = lys[j] + FONT + 1;
                        moved = 1;
                    }
            }
            lxs[nplaced] = px + 6;
            lys[nplaced] = ly;
            lws[nplaced++] = text_w(labels[i]);
            text(&b, px + 6, ly, NULL, labels[i]);
        }
    }
    free(lxs);
    free(lys);
    free(lws);
    buf_puts(&b, "</svg>\n");
    return b.p;
}

char *svg_stacked(const char *title, size_t nrows, const char *const *rows, size_t nseries,
                  const char *const *series, const double *fractions, const char *rest)
{
    buf b;
    size_t r, s;
    double lw = 0, pw = 480, bar_h = 16, gap = 6, top = 52, x0, y, h, legend_w = 0;
    for (r = 0; r < nrows; r++)
        if (text_w(rows[r]) > lw)
            lw = text_w(rows[r]);
    for (s = 0; s < nseries; s++)
        legend_w += 30 + text_w(series[s]);
    legend_w += 30 + text_w(rest);
    x0 = 10 + lw + 10;
    if (x0 + pw + 20 < legend_w + 20)
        pw = legend_w - x0;
    h = top + (double)nrows * (bar_h + gap) + 40;
    buf_init(&b);
    head(&b, x0 + pw + 20, h, title);
    legend(&b, 10, 38, nseries, series, rest, NULL);
    for (s = 0; s <= 4; s++) {
        char lab[16];
        double x = x0 + (double)s / 4 * pw;
        snprintf(lab, sizeof lab, "%d%%", (int)s * 25);
        line(&b, x, top - 6, x, h - 30, "#d0d7de");
        text(&b, x, h - 16, "middle", lab);
    }
    y = top;
    for (r = 0; r < nrows; r++) {
        double x = x0, used = 0;
        text(&b, x0 - 8, y + bar_h - 4, "end", rows[r]);
        for (s = 0; s <= nseries; s++) {
            double f, w;
            char lab[UNITS_MAX];
            const char *name = s < nseries ? series[s] : rest;
            if (s < nseries) {
                f = fractions[r * nseries + s];
                if (!isfinite(f) || f < 0)
                    f = 0;
                if (used + f > 1)
                    f = 1 - used;
            } else {
                f = 1 - used;
            }
            used += f;
            if (f <= 0)
                continue;
            w = f * pw;
            fmt_percent(lab, f);
            buf_printf(&b,
                       "<rect class=\"seg\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                       "<title>",
                       x, y, w, bar_h, s < nseries ? palette[s % NPAL] : "#e8e8e8");
            buf_html(&b, rows[r]);
            buf_puts(&b, ", ");
            buf_html(&b, name);
            buf_printf(&b, ": %s</title></rect>\n", lab);
            x += w;
        }
        y += bar_h + gap;
    }
    buf_puts(&b, "</svg>\n");
    return b.p;
}

char *svg_forest(const char *title, const char *axis, size_t n, const char *const *labels, const double *est,
                 const double *lo, const double *hi, const int *mark, double threshold)
{
    static const double nice[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 0.67, 0.8, 0.9, 0.95, 0.98, 0.99,
                                  1,    1.01, 1.02, 1.05, 1.1, 1.25, 1.5, 2,   3,   4,   5,    10,  20,   50,  100};
    buf b;
    size_t i;
    double lw = 0, plot_w = 520, row_h = 18, top = 40, x0, h, vmin = 1, vmax = 1, lmin, lmax, pad, ybot, lastx;
    for (i = 0; i < n; i++) {
        double v[3];
        size_t k;
        v[0] = est[i];
        v[1] = lo[i];
        v[2] = hi[i];
        if (text_w(labels[i]) > lw)
            lw = text_w(labels[i]);
        for (k = 0; k < 3; k++)
            if (have(v[k])) {
                vmin = fmin(vmin, v[k]);
                vmax = fmax(vmax, v[k]);
            }
    }
    if (threshold > 0)
        vmax = fmax(vmax, threshold);
    lmin = log10(vmin);
    lmax = log10(vmax);
    pad = fmax(0.08 * (lmax - lmin), 0.01);
    lmin -= pad;
    lmax += pad;
    x0 = 10 + lw + 10;
    h = top + (double)n * row_h + 50;
    ybot = h - 38;
#define XOF(v) (x0 + (log10(v) - lmin) / (lmax - lmin) * plot_w)
    buf_init(&b);
    head(&b, x0 + plot_w + 20, h, title);
    for (i = 0; i < n; i += 2) /* stripes, under the grid */
        buf_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f6f8fa\"/>\n", x0,
                   top + (double)i * row_h, plot_w, row_h);
    /* ticks: the nice ratios in range, none closer than 44 px to the last one drawn (1 always) */
    lastx = -INFINITY;
    for (i = 0; i < sizeof nice / sizeof nice[0]; i++) {
        double x = XOF(nice[i]), xone = XOF(1.0);
        char lab[16];
        if (nice[i] < pow(10, lmin) || nice[i] > pow(10, lmax))
            continue;
        if (nice[i] != 1 && (x - lastx < 44 || fabs(x - xone) < 44))
            continue;
        snprintf(lab, sizeof lab, "%g", nice[i]);
        line(&b, x, top - 6, x, ybot, nice[i] == 1 ? "#57606a" : "#d0d7de");
        text(&b, x, ybot + 14, "middle", lab);
        lastx = x;
    }
    if (threshold > 0 && threshold >= pow(10, lmin) && threshold <= pow(10, lmax))
        buf_printf(&b,
                   "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#cf222e\" "
                   "stroke-dasharray=\"4 3\"/>\n",
                   XOF(threshold), top - 6, XOF(threshold), ybot);
    text(&b, x0 + plot_w / 2, ybot + 30, "middle", axis);
    for (i = 0; i < n; i++) {
        double y = top + (double)i * row_h + row_h / 2;
        const char *c = mark[i] > 0 ? "#cf222e" : mark[i] < 0 ? "#1a7f37" : "#6e7781";
        text(&b, x0 - 8, y + 4, "end", labels[i]);
        if (have(lo[i]) && have(hi[i])) {
            buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                       XOF(lo[i]), y, XOF(hi[i]), y, c);
            line(&b, XOF(lo[i]), y - 4, XOF(lo[i]), y + 4, c);
            line(&b, XOF(hi[i]), y - 4, XOF(hi[i]), y + 4, c);
        }
        if (have(est[i])) {
            char lab[32];
            buf_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\" stroke=\"%s\"><title>",
                       XOF(est[i]) - 4, y - 4, have(lo[i]) ? c : "#ffffff", c);
            buf_html(&b, labels[i]);
            if (have(lo[i]))
                snprintf(lab, sizeof lab, ": %.3f (%.3f-%.3f)", est[i], lo[i], hi[i]);
            else
                snprintf(lab, sizeof lab, ": %.3f (not judged)", est[i]);
            buf_html(&b, lab);
            buf_puts(&b, "</title></rect>\n");
        }
    }
#undef XOF
    buf_puts(&b, "</svg>\n");
    return b.p;
}
