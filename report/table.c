/* table.c - see table.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

table *tbl_new(size_t ncols, const char *const *head, const char *const *keys)
{
    table *t = xcalloc(1, sizeof *t);
    size_t i;
    t->ncols = ncols;
    t->head = xmalloc(ncols * sizeof *t->head);
    t->keys = xmalloc(ncols * sizeof *t->keys);
    for (i = 0; i < ncols; i++) {
        t->head[i] = xstrdup(head[i]);
        t->keys[i] = xstrdup(keys ? keys[i] : head[i]);
    }
    t->filled = ncols;
    return t;
}

void tbl_free(table *t)
{
    size_t i;
    if (!t)
        return;
    for (i = 0; i < t->ncols; i++) {
        free(t->head[i]);
        free(t->keys[i]);
    }
    for (i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i].text);
        free(t->cells[i].raw);
        free(t->cells[i].href);
        free(t->cells[i].title);
    }
    free(t->head);
    free(t->keys);
    free(t->cells);
    free(t);
}

void tbl_row(table *t)
{
    size_t i;
    /* a short row is padded with empty cells */
    while (t->nrows > 0 && t->filled < t->ncols)
        tbl_cell(t, "");
    t->cells = xgrow(t->cells, &t->cap, (t->nrows + 1) * t->ncols, sizeof *t->cells);
    for (i = 0; i < t->ncols; i++)
        memset(&t->cells[t->nrows * t->ncols + i], 0, sizeof(cell));
    t->nrows++;
    t->filled = 0;
}

static cell *last(table *t)
{
    return &t->cells[(t->nrows - 1) * t->ncols + t->filled - 1];
}

void tbl_cellx(table *t, const char *text, const char *raw, int num)
{
    cell *c;
    if (t->nrows == 0 || t->filled >= t->ncols)
        return; /* a programming error; ignored rather than corrupting memory */
    c = &t->cells[(t->nrows - 1) * t->ncols + t->filled++];
    c->text = xstrdup(text ? text : "");
    c->raw = raw ? xstrdup(raw) : NULL;
    c->num = num;
}

void tbl_cell(table *t, const char *text)
{
    tbl_cellx(t, text, NULL, 0);
}

void tbl_href(table *t, const char *href)
{
    if (t->nrows && t->filled) {
        free(last(t)->href);
        last(t)->href = xstrdup(href);
    }
}

void tbl_title(table *t, const char *title)
{
    if (t->nrows && t->filled) {
        free(last(t)->title);
        last(t)->title = xstrdup(title);
    }
}

void tbl_mark(table *t, int mark)
{
    if (t->nrows && t->filled)
        last(t)->mark = mark;
}

static const cell *at(const table *t, size_t r, size_t c)
{
    return &t->cells[r * t->ncols + c];
}

static const char *raw_of(const cell *c)
{
    return c->raw ? c->raw : (c->text ? c->text : "");
}

/* display width: UTF-8 continuation bytes take no column */
static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xc0) != 0x80)
            w++;
    return w;
}

void tbl_text(const table *t, buf *out)
{
    size_t *w = xcalloc(t->ncols, sizeof *w);
    size_t r, c, i;
    buf tmp;
    buf_init(&tmp);
    for (c = 0; c < t->ncols; c++)
        w[c] = width(t->head[c]);
    for (r = 0; r < t->nrows; r++)
        for (c = 0; c < t->ncols; c++) {
            buf_reset(&tmp);
            buf_plain(&tmp, at(t, r, c)->text ? at(t, r, c)->text : "");
            if (width(buf_str(&tmp)) > w[c])
                w[c] = width(buf_str(&tmp));
        }
    for (r = 0; r <= t->nrows + 1; r++) {
        buf line;
        buf_init(&line);
        for (c = 0; c < t->ncols; c++) {
            const char *s;
            int right = 0;
            size_t pad;
            buf_reset(&tmp);
            if (r == 0) {
                buf_puts(&tmp, t->head[c]);
            } else if (r == 1) {
                for (i = 0; i < w[c]; i++)
                    buf_putc(&tmp, '-');
            } else {
                const cell *x = at(t, r - 2, c);
                buf_plain(&tmp, x->text ? x->text : "");
                right = x->num;
            }
            s = buf_str(&tmp);
            pad = w[c] - width(s);
            if (c > 0)
                buf_puts(&line, "  ");
            if (right)
                for (i = 0; i < pad; i++)
                    buf_putc(&line, ' ');
            buf_puts(&line, s);
            if (!right && c + 1 < t->ncols)
                for (i = 0; i < pad; i++)
                    buf_putc(&line, ' ');
        }
        /* no trailing blanks */
        while (line.len > 0 && line.p[line.len - 1] == ' ')
            line.p[--line.len] = 0;
        buf_add(out, buf_str(&line), line.len);
        buf_putc(out, '\n');
        buf_free(&line);
    }
    buf_free(&tmp);
    free(w);
}

void tbl_md(const table *t, buf *out)
{
    size_t r, c;
    buf_puts(out, "|");
    for (c = 0; c < t->ncols; c++) {
        buf_putc(out, ' ');
        buf_md(out, t->head[c]);
        buf_puts(out, " |");
    }
    buf_puts(out, "\n|");
    for (c = 0; c < t->ncols; c++) {
        int right = t->nrows > 0 && at(t, 0, c)->num;
        buf_puts(out, right ? " ---: |" : " --- |");
    }
    buf_putc(out, '\n');
    for (r = 0; r < t->nrows; r++) {
        buf_puts(out, "|");
        for (c = 0; c < t->ncols; c++) {
            const cell *x = at(t, r, c);
            buf_putc(out, ' ');
            if (x->mark == MARK_BEST)
                buf_puts(out, "**");
            if (x->href && *x->href) {
                buf_putc(out, '[');
                buf_md(out, x->text ? x->text : "");
                buf_puts(out, "](");
                buf_md_href(out, x->href);
                buf_putc(out, ')');
            } else {
                buf_md(out, x->text ? x->text : "");
            }
            if (x->mark == MARK_BEST)
                buf_puts(out, "**");
            buf_puts(out, " |");
        }
        buf_putc(out, '\n');
    }
}

void tbl_csv(const table *t, buf *out)
{
    size_t r, c;
    for (c = 0; c < t->ncols; c++) {
        if (c)
            buf_putc(out, ',');
        buf_csv(out, t->keys[c]);
    }
    buf_putc(out, '\n');
    for (r = 0; r < t->nrows; r++) {
        for (c = 0; c < t->ncols; c++) {
            if (c)
                buf_putc(out, ',');
            buf_csv(out, raw_of(at(t, r, c)));
        }
        buf_putc(out, '\n');
    }
}

/* JSON's number grammar, stricter than the records' (no leading zeros, no
 * bare ".5"): anything else is written as a string */
static int json_number(const char *s)
{
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        while (*s >= '0' && *s <= '9')
            s++;
    else
        return 0;
    if (*s == '.') {
        s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == 0;
}

void tbl_json(const table *t, buf *out)
{
    size_t r, c;
    buf_puts(out, "[");
    for (r = 0; r < t->nrows; r++) {
        buf_puts(out, r ? ",\n  {" : "\n  {");
        for (c = 0; c < t->ncols; c++) {
            const cell *x = at(t, r, c);
            const char *v = raw_of(x);
            if (c)
                buf_puts(out, ", ");
            buf_json(out, t->keys[c]);
            buf_puts(out, ": ");
            if (x->num && json_number(v))
                buf_puts(out, v);
            else if (x->num && !*v)
                buf_puts(out, "null");
            else
                buf_json(out, v);
        }
        buf_putc(out, '}');
    }
    buf_puts(out, t->nrows ? "\n]\n" : "]\n");
}

static const char *mark_class(int m)
{
    switch (m) {
    case MARK_BEST: return "best";
    case MARK_BAD: return "bad";
    case MARK_GOOD: return "good";
    case MARK_WARN: return "warn";
    default: return NULL;
    }
}

void tbl_html(const table *t, buf *out)
{
    size_t r, c;
    buf_puts(out, "<table>\n<thead><tr>");
    for (c = 0; c < t->ncols; c++) {
        buf_puts(out, "<th>");
        buf_html(out, t->head[c]);
        buf_puts(out, "</th>");
    }
    buf_puts(out, "</tr></thead>\n<tbody>\n");
    for (r = 0; r < t->nrows; r++) {
        buf_puts(out, "<tr>");
        for (c = 0; c < t->ncols; c++) {
            const cell *x = at(t, r, c);
            const char *cls = mark_class(x->mark);
            buf_puts(out, "<td");
            if (x->num || cls) {
                buf_puts(out, " class=\"");
                if (x->num)
                    buf_puts(out, cls ? "num " : "num");
                if (cls)
                    buf_puts(out, cls);
                buf_putc(out, '"');
            }
            if (x->title && *x->title) {
                buf_puts(out, " title=\"");
                buf_html(out, x->title);
                buf_putc(out, '"');
            }
            buf_putc(out, '>');
            if (x->href && *x->href) {
                buf_puts(out, "<a href=\"");
                buf_html(out, x->href);
                buf_puts(out, "\">");
            }
            buf_html(out, x->text ? x->text : "");
            if (x->href && *x->href)
                buf_puts(out, "</a>");
            buf_puts(out, "</td>");
        }
        buf_puts(out, "</tr>\n");
    }
    buf_puts(out, "</tbody>\n</table>\n");
}
