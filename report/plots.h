/* plots.h - the SVG plots of the pages, drawn by ngbench-report itself (no
 * plotting library, no script): plain SVG 1.1 that any browser shows and
 * that regenerates byte for byte. Each function returns a malloc'ed SVG
 * document. Values <= 0 (or NaN) are missing and drawn as nothing. */
#ifndef NGBENCH_REPORT_PLOTS_H
#define NGBENCH_REPORT_PLOTS_H

#include <stddef.h>

enum { SCALE_LOG, SCALE_LINEAR };

/* horizontal grouped bars: one group per row label, one bar per series;
 * values[row * nseries + series]. value_fmt: 'c' cycles, 'r' ratio.
 * refline > 0 draws a vertical line there (e.g. 1.0 for ratios). */
char *svg_bars(const char *title, const char *axis, int scale, char value_fmt, double refline, size_t nrows,
               const char *const *rows, size_t nseries, const char *const *series, const double *values);
/* the same with each series' colour given (colors[series]; NULL: by index),
 * so that a compiler line has one colour in every plot */
char *svg_bars_colored(const char *title, const char *axis, int scale, char value_fmt, double refline, size_t nrows,
                       const char *const *rows, size_t nseries, const char *const *series, const double *values,
                       const char *const *colors);
/* the i-th colour of the plots' palette (it repeats after PLOT_NCOLORS) */
#define PLOT_NCOLORS 10
const char *plot_color(size_t i);

/* log-log scatter of labelled points */
char *svg_scatter(const char *title, const char *xaxis, const char *yaxis, size_t n, const char *const *labels,
                  const double *x, const double *y);

/* 100% stacked horizontal bars: fractions[row * nseries + series] of the
 * row's whole; what remains up to 1 is drawn as "rest" */
char *svg_stacked(const char *title, size_t nrows, const char *const *rows, size_t nseries,
                  const char *const *series, const double *fractions, const char *rest);

/* a forest plot: one row per label, its estimate (a square) and interval
 * [lo, hi] (a line) on a log axis, a line at 1 and, when threshold > 0, a
 * dashed line there (a gate). mark[i]: -1 better (green), 1 worse (red), 0
 * neither (grey); a row without an interval (lo NaN) is a hollow square. */
char *svg_forest(const char *title, const char *axis, size_t n, const char *const *labels, const double *est,
                 const double *lo, const double *hi, const int *mark, double threshold);

#endif
