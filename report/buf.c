/* buf.c - see buf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

static void oom(void)
{
    fputs("ngbench-report: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom();
    return q;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    memcpy(d, s, n);
    return d;
}

void *xgrow(void *p, size_t *cap, size_t need, size_t sz)
{
    size_t c = *cap;
    if (need <= c)
        return p;
    if (c == 0)
        c = 16;
    while (c < need) {
        if (c > ((size_t)-1) / 2 / sz)
            oom();
        c *= 2;
    }
    *cap = c;
    return xrealloc(p, c * sz);
}

void buf_init(buf *b)
{
    b->p = NULL;
    b->len = b->cap = 0;
}

void buf_free(buf *b)
{
    free(b->p);
    buf_init(b);
}

void buf_reset(buf *b)
{
    b->len = 0;
    if (b->p)
        b->p[0] = 0;
}

static void reserve(buf *b, size_t extra)
{
    size_t need;
    if (extra > ((size_t)-1) - b->len - 1)
        oom();
    need = b->len + extra + 1;
    if (need > b->cap) {
        size_t c = b->cap ? b->cap : 256;
        while (c < need) {
            if (c > ((size_t)-1) / 2)
                oom();
            c *= 2;
        }
        b->p = xrealloc(b->p, c);
        b->cap = c;
    }
}

void buf_add(buf *b, const char *s, size_t n)
{
    reserve(b, n);
    if (n)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void buf_puts(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

void buf_putc(buf *b, char c)
{
    buf_add(b, &c, 1);
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return xstrdup("");
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

const char *buf_str(buf *b)
{
    return b->p ? b->p : "";
}

void buf_html(buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': buf_puts(b, "&amp;"); break;
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        case '\'': buf_puts(b, "&#39;"); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                buf_putc(b, ' ');
            else
                buf_putc(b, *s);
        }
    }
}

void buf_json(buf *b, const char *s)
{
    buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
        } else if (c == '\n') {
            buf_puts(b, "\\n");
        } else if (c == '\t') {
            buf_puts(b, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            buf_printf(b, "\\u%04x", c);
        } else {
            buf_putc(b, (char)c);
        }
    }
    buf_putc(b, '"');
}

void buf_csv(buf *b, const char *s)
{
    if (strpbrk(s, ",\"\n\r") == NULL) {
        buf_puts(b, s);
        return;
    }
    buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"')
            buf_putc(b, '"');
        buf_putc(b, *s);
    }
    buf_putc(b, '"');
}

void buf_md(buf *b, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '|' || c == '\\' || c == '<' || c == '>' || c == '*' || c == '`' || c == '[' || c == ']') {
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            buf_putc(b, ' ');
        } else {
            buf_putc(b, (char)c);
        }
    }
}

void buf_plain(buf *b, const char *s)
{
    for (; *s; s++)
        buf_putc(b, ((unsigned char)*s < 0x20 || *s == 0x7f) ? ' ' : *s);
}

void buf_md_href(buf *b, const char *href)
{
    size_t n = strlen(href);
    if (!strstr(href, "://") && n > 5 && strcmp(href + n - 5, ".html") == 0) {
        buf_add(b, href, n - 5);
        buf_puts(b, ".md");
    } else {
        buf_puts(b, href);
    }
}
