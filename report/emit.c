/* emit.c - see emit.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "emit.h"
#include "units.h"

static void emit_as(outset *o, const char *base, const char *ext, const buf *b)
{
    char *p = xasprintf("%s.%s", base, ext);
    out_emit(o, p, b);
    free(p);
}

void emit_doc(outset *o, const char *base, doc *d)
{
    buf b;
    buf_init(&b);
    doc_md(d, &b);
    emit_as(o, base, "md", &b);
    buf_reset(&b);
    doc_html(d, &b);
    emit_as(o, base, "html", &b);
    buf_free(&b);
    doc_free(d);
}

void emit_table(outset *o, const char *base, table *t)
{
    buf b;
    buf_init(&b);
    tbl_text(t, &b);
    emit_as(o, base, "txt", &b);
    buf_reset(&b);
    tbl_md(t, &b);
    emit_as(o, base, "md", &b);
    buf_reset(&b);
    tbl_csv(t, &b);
    emit_as(o, base, "csv", &b);
    buf_reset(&b);
    tbl_json(t, &b);
    emit_as(o, base, "json", &b);
    buf_free(&b);
    tbl_free(t);
}

void emit_plot(outset *o, doc *d, const char *rel, const char *caption, char *svg)
{
    buf b;
    char *href = xasprintf("%s%s", d->root, rel);
    buf_init(&b);
    buf_puts(&b, svg);
    out_emit(o, rel, &b);
    doc_plot(d, caption, href, svg);
    buf_free(&b);
    free(href);
    free(svg);
}

void cell_fig(table *t, char *(*fmt)(char *, double), double v, const char *raw)
{
    char s[UNITS_MAX];
    if (!isfinite(v)) {
        tbl_cellx(t, DASH, "", 1);
        return;
    }
    fmt(s, v);
    if (raw) {
        tbl_cellx(t, s, raw, 1);
    } else {
        char r[64];
        snprintf(r, sizeof r, "%.15g", v);
        tbl_cellx(t, s, r, 1);
    }
}

void cell_str(table *t, const char *s)
{
    tbl_cell(t, s ? s : "");
}

table *tbl_spec(const colspec *cols, size_t ncols)
{
    const char **head = xmalloc(ncols * sizeof *head), **keys = xmalloc(ncols * sizeof *keys);
    table *t;
    size_t i;
    for (i = 0; i < ncols; i++) {
        head[i] = cols[i].head;
        keys[i] = cols[i].key ? cols[i].key : cols[i].head;
    }
    t = tbl_new(ncols, head, keys);
    free((void *)head);
    free((void *)keys);
    return t;
}

void tbl_spec_row(table *t, const colspec *cols, size_t ncols, const void *row)
{
    size_t i;
    tbl_row(t);
    for (i = 0; i < ncols; i++)
        cols[i].cell(t, row, &cols[i]);
}
