/* page-common.c - helpers the page sections share: how a page names a
 * line, lists distinct values over its lines, marks a status. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "page.h"
#include "units.h"

const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* 1 when the ", "-separated list holds item */
int list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    while (*list) {
        const char *e = strstr(list, ", ");
        size_t len = e ? (size_t)(e - list) : strlen(list);
        if (len == n && strncmp(list, item, n) == 0)
            return 1;
        if (!e)
            break;
        list = e + 2;
    }
    return 0;
}

char *plain_fmt(char *out, double v)
{
    snprintf(out, UNITS_MAX, "%.15g", v);
    return out;
}

void status_cell(table *t, const char *s)
{
    tbl_cell(t, s);
    if (strcmp(s, "PASS") == 0)
        tbl_mark(t, MARK_GOOD);
    else if (strcmp(s, "NOKAT") == 0 || strcmp(s, "-") == 0)
        tbl_mark(t, MARK_WARN);
    else
        tbl_mark(t, MARK_BAD);
}

/* the selected attempts of a primitive: how many older/unfinished ones */
void attempt_counts(const ds_host *h, size_t first, size_t end, size_t *older, size_t *unfinished)
{
    size_t i;
    *older = *unfinished = 0;
    for (i = first; i < end; i++) {
        if (h->targets[i].nvalid > 1)
            *older += h->targets[i].nvalid - 1;
        *unfinished += h->targets[i].nunfinished;
    }
}

/* the line of targets[i] as the pages name it: its compiler id, with the
 * implementation in front when the page has more than one */
void line_name(buf *b, const ds_host *h, size_t first, size_t end, size_t i)
{
    size_t e;
    impl_range(h, first, end, &e);
    if (e < end)
        buf_printf(b, "%s ", h->targets[i].impl);
    buf_puts(b, h->targets[i].compiler);
}

/* the distinct values of key in the kind records of targets[first, end)
 * ("," shown as ", "), each followed by its lines unless every line gave
 * the same; lines without one are named as "not recorded". Returns how many
 * distinct values there were. */
size_t distinct_values(const ds_host *h, size_t first, size_t end, const char *kind, const char *key,
                              const char *prefix, buf *out)
{
    const char **vals = xmalloc((end - first + 1) * sizeof *vals);
    size_t nv = 0, nmissing = 0, i, k;
    for (i = first; i < end; i++) {
        const char *v = figs(&h->targets[i], kind, NULL, key);
        if (!h->targets[i].sel)
            continue;
        if (!v) {
            nmissing++;
            continue;
        }
        for (k = 0; k < nv; k++)
            if (strcmp(vals[k], v) == 0)
                break;
        if (k == nv)
            vals[nv++] = v;
    }
    for (k = 0; k <= nv; k++) {
        const char *p;
        size_t nlines = 0;
        if (k == nv && (nmissing == 0 || nv == 0))
            break;
        if (out->len)
            buf_puts(out, "; ");
        if (k == nv) {
            buf_puts(out, "not recorded");
        } else {
            buf_puts(out, prefix);
            for (p = vals[k]; *p; p++) {
                if (*p == ',')
                    buf_puts(out, ", ");
                else
                    buf_putc(out, *p);
            }
        }
        if (nv == 1 && nmissing == 0)
            break;
        buf_puts(out, " (");
        for (i = first; i < end; i++) {
            const char *v = figs(&h->targets[i], kind, NULL, key);
            if (!h->targets[i].sel || (k == nv ? v != NULL : !v || strcmp(v, vals[k]) != 0))
                continue;
            if (nlines++)
                buf_puts(out, ", ");
            line_name(out, h, first, end, i);
        }
        buf_putc(out, ')');
    }
    free((void *)vals);
    return nv;
}


/* rows of [i, e) (one implementation) that share a key: the first target
 * of each distinct key, with the compiler lines that gave it; keys[k] is
 * freed and set to NULL for every row merged into an earlier one */
void merge_lines(const ds_host *h, size_t i, size_t e, char **keys, size_t k, buf *lines)
{
    size_t m;
    buf_reset(lines);
    for (m = k; m < e - i; m++) {
        if (keys[m] && strcmp(keys[m], keys[k]) == 0) {
            buf_printf(lines, "%s%s", lines->len ? ", " : "", h->targets[i + m].compiler);
            if (m != k) {
                free(keys[m]);
                keys[m] = NULL;
            }
        }
    }
}

int exists(const char *dir, const char *rel)
{
    char *p = xasprintf("%s/%s", dir, rel);
    struct stat st;
    int ok = stat(p, &st) == 0;
    free(p);
    return ok;
}
