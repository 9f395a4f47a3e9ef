/* buf.h - growable byte buffers, the one way ngbench-report builds text:
 * every table, page and plot is assembled in memory and then written or
 * compared as a whole (the check mode needs the exact bytes). Allocation
 * failure is fatal: a report tool has no sensible partial result. */
#ifndef NGBENCH_REPORT_BUF_H
#define NGBENCH_REPORT_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
    char *p;    /* always NUL-terminated once anything was added */
    size_t len;
    size_t cap;
} buf;

void buf_init(buf *b);
void buf_free(buf *b);
void buf_reset(buf *b);
void buf_add(buf *b, const char *s, size_t n);
void buf_puts(buf *b, const char *s);
void buf_putc(buf *b, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void buf_printf(buf *b, const char *fmt, ...);
/* the contents as a C string ("" for an empty buffer) */
const char *buf_str(buf *b);

/* escapers for the output formats; they add to b */
void buf_html(buf *b, const char *s);   /* & < > " ' */
void buf_json(buf *b, const char *s);   /* a quoted JSON string */
void buf_csv(buf *b, const char *s);    /* quoted when needed, RFC 4180 */
void buf_md(buf *b, const char *s);     /* a Markdown table cell */
void buf_plain(buf *b, const char *s);  /* control characters as spaces */
/* a link target in Markdown: links between generated pages point at the
 * Markdown twin (.html -> .md), so that the .md files work on their own */
void buf_md_href(buf *b, const char *href);

/* allocation that never returns NULL (exits with a message instead) */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
char *xasprintf(const char *fmt, ...);
/* returns p (an array of *cap elements of size sz) grown to hold at least need */
void *xgrow(void *p, size_t *cap, size_t need, size_t sz);

#endif
