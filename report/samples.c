/* samples.c - see samples.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "derive.h"
#include "samples.h"
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

int samples_is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

void samples_init(samples *sm)
{
    memset(sm, 0, sizeof *sm);
    sm->calibrate = sm->cpu_seconds = NAN;
}

void samples_free(samples *sm)
{
    free(sm->x);
    free(sm->cpu);
    free(sm->sw);
    samples_init(sm);
}

/* one line of a samples file: "sample N [CPU_NS SWITCHES]" lines or bare
 * numbers; everything else is ignored (the way ngbench-stats reads them) */
static void sample_line(const char *line, samples *sm)
{
    double v, c, w;
    if (strncmp(line, "calibrate ", 10) == 0 && isnan(sm->calibrate))
        sm->calibrate = strtod(line + 10, NULL);
    if (strncmp(line, "cpu ", 4) == 0)
        sm->cpu_seconds = strtod(line + 4, NULL);
    if (ngd_counter_overhead(line, &v))
        sm->overhead = v;
    if (sm->host && ngd_trialhost_line(line, sm->host))
        return;
    if (!ngd_sample_line(line, &v, &c, &w))
        return;
    if (sm->n == sm->cap) {
        size_t cap = sm->cap;
        sm->x = xgrow(sm->x, &cap, sm->n + 1, sizeof *sm->x);
        cap = sm->cap;
        sm->cpu = xgrow(sm->cpu, &cap, sm->n + 1, sizeof *sm->cpu);
        sm->sw = xgrow(sm->sw, &sm->cap, sm->n + 1, sizeof *sm->sw);
    }
    sm->x[sm->n] = v;
    sm->cpu[sm->n] = c;
    sm->sw[sm->n] = w;
    sm->n++;
}

#ifdef HAVE_ZLIB
/* reads a samples file (gzip'ed, or plain: zlib reads both). Returns 0 or -1. */
int samples_read(const char *path, samples *sm)
{
    gzFile g = gzopen(path, "rb");
    char line[256];
    int err = 0;
    if (!g)
        return -1;
    while (gzgets(g, line, sizeof line))
        sample_line(line, sm);
    gzerror(g, &err);
    if (gzclose(g) != Z_OK)
        return -1;
    return err == Z_OK || err == Z_STREAM_END ? 0 : -1;
}
#else
/* without zlib: gzip -dc through popen (gzip must be in PATH). Returns 0 or -1. */
int samples_read(const char *path, samples *sm)
{
    buf cmd;
    FILE *p;
    char line[256];
    const char *s;
    int rc;
    buf_init(&cmd);
    buf_puts(&cmd, "gzip -dc -- '");
    for (s = path; *s; s++) {
        if (*s == '\'')
            buf_puts(&cmd, "'\\''");
        else
            buf_putc(&cmd, *s);
    }
    buf_puts(&cmd, "'");
    p = popen(buf_str(&cmd), "r");
    buf_free(&cmd);
    if (!p)
        return -1;
    while (fgets(line, sizeof line, p))
        sample_line(line, sm);
    rc = pclose(p);
    return rc == 0 ? 0 : -1;
}
#endif
