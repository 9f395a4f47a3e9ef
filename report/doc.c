/* doc.c - see doc.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

void doc_init(doc *d, const char *title, const char *root)
{
    memset(d, 0, sizeof *d);
    d->title = xstrdup(title);
    d->root = xstrdup(root);
}

void doc_free(doc *d)
{
    size_t i;
    for (i = 0; i < d->n; i++) {
        free(d->b[i].text);
        free(d->b[i].href);
        free(d->b[i].svg);
        tbl_free(d->b[i].t);
        {
            size_t k;
            for (k = 0; k < d->b[i].nitems; k++) {
                free(d->b[i].items[k]);
                free(d->b[i].hrefs[k]);
            }
            free(d->b[i].items);
            free(d->b[i].hrefs);
        }
    }
    free(d->b);
    free(d->title);
    free(d->root);
    memset(d, 0, sizeof *d);
}

static block *add(doc *d, int type)
{
    block *b;
    d->b = xgrow(d->b, &d->cap, d->n + 1, sizeof *d->b);
    b = &d->b[d->n++];
    memset(b, 0, sizeof *b);
    b->type = type;
    return b;
}

void doc_h1(doc *d, const char *text)
{
    add(d, BLK_H1)->text = xstrdup(text);
}

void doc_h2(doc *d, const char *text)
{
    add(d, BLK_H2)->text = xstrdup(text);
}

void doc_h3(doc *d, const char *text)
{
    add(d, BLK_H3)->text = xstrdup(text);
}

void doc_p(doc *d, const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    add(d, BLK_P)->text = s;
}

void doc_table(doc *d, table *t)
{
    add(d, BLK_TABLE)->t = t;
}

void doc_plot(doc *d, const char *caption, const char *href, const char *svg)
{
    block *b = add(d, BLK_PLOT);
    b->text = xstrdup(caption);
    b->href = xstrdup(href);
    b->svg = xstrdup(svg);
}

void doc_link(doc *d, const char *text, const char *href)
{
    block *b = add(d, BLK_LINK);
    b->text = xstrdup(text);
    b->href = xstrdup(href);
}

void doc_switch(doc *d, const char *label, size_t n, const char *const *items, const char *const *hrefs)
{
    block *b = add(d, BLK_SWITCH);
    size_t i;
    b->text = xstrdup(label);
    b->items = xcalloc(n ? n : 1, sizeof *b->items);
    b->hrefs = xcalloc(n ? n : 1, sizeof *b->hrefs);
    b->nitems = n;
    for (i = 0; i < n; i++) {
        b->items[i] = xstrdup(items[i]);
        b->hrefs[i] = hrefs[i] ? xstrdup(hrefs[i]) : NULL;
    }
}

void doc_footer(doc *d, const char *text)
{
    add(d, BLK_FOOTER)->text = xstrdup(text);
}

/* paragraphs are plain text: in Markdown only what would start markup is escaped */
static void md_text(buf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' || *s == '*' || *s == '`' || *s == '<' || *s == '[' || *s == ']' || *s == '|')
            buf_putc(out, '\\');
        buf_putc(out, (unsigned char)*s < 0x20 && *s != '\n' ? ' ' : *s);
    }
}

void doc_md(const doc *d, buf *out)
{
    size_t i;
    for (i = 0; i < d->n; i++) {
        const block *b = &d->b[i];
        int in_list = i > 0 && d->b[i - 1].type == BLK_LINK;
        if (i > 0 && !(b->type == BLK_LINK && in_list))
            buf_putc(out, '\n');
        switch (b->type) {
        case BLK_H1: buf_puts(out, "# "); md_text(out, b->text); buf_putc(out, '\n'); break;
        case BLK_H2: buf_puts(out, "## "); md_text(out, b->text); buf_putc(out, '\n'); break;
        case BLK_H3: buf_puts(out, "### "); md_text(out, b->text); buf_putc(out, '\n'); break;
        case BLK_P: md_text(out, b->text); buf_putc(out, '\n'); break;
        case BLK_TABLE: tbl_md(b->t, out); break;
        case BLK_PLOT:
            buf_puts(out, "![");
            md_text(out, b->text);
            buf_puts(out, "](");
            buf_md_href(out, b->href);
            buf_puts(out, ")\n");
            break;
        case BLK_LINK:
            buf_puts(out, "- [");
            md_text(out, b->text);
            buf_puts(out, "](");
            buf_md_href(out, b->href);
            buf_puts(out, ")\n");
            break;
        case BLK_SWITCH: {
            size_t k;
            md_text(out, b->text);
            buf_puts(out, ":");
            for (k = 0; k < b->nitems; k++) {
                buf_puts(out, k ? " \xc2\xb7 " : " ");
                if (b->hrefs[k]) {
                    buf_putc(out, '[');
                    md_text(out, b->items[k]);
                    buf_puts(out, "](");
                    buf_md_href(out, b->hrefs[k]);
                    buf_putc(out, ')');
                } else {
                    buf_puts(out, "**");
                    md_text(out, b->items[k]);
                    buf_puts(out, "**");
                }
            }
            buf_putc(out, '\n');
            break;
        }
        case BLK_FOOTER:
            if (!(i > 0 && d->b[i - 1].type == BLK_FOOTER))
                buf_puts(out, "---\n\n");
            md_text(out, b->text);
            buf_putc(out, '\n');
            break;
        default: break;
        }
    }
}

static const char css[] =
    "body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;margin:2em auto;max-width:104em;"
    "padding:0 1em;color:#1b1f24;line-height:1.45}\n"
    "h1{font-size:1.6em;border-bottom:2px solid #d0d7de;padding-bottom:.2em}\n"
    "h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #d0d7de}\n"
    "h3{font-size:1.05em}\n"
    "p{max-width:72em}\n"
    "div.tbl{overflow-x:auto;max-width:100%;margin:.6em 0 1em}\n"
    "table{border-collapse:collapse;font-size:.9em}\n"
    "th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}\n"
    "th{background:#f3f5f7}\n"
    "tr:nth-child(even) td{background:#fafbfc}\n"
    "td:nth-child(-n+3){white-space:nowrap}\n"
    "td:nth-child(2):last-child{white-space:normal}\n"
    "td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "td.best{font-weight:bold}\n"
    "td.bad{color:#b3261e;font-weight:bold}\n"
    "td.good{color:#1a7f37}\n"
    "td.warn{color:#9a6700}\n"
    "figure{margin:1em 0}\n"
    "figcaption{font-size:.9em;color:#57606a}\n"
    "svg{max-width:100%;height:auto}\n"
    "nav{font-size:.9em;margin-bottom:1em}\n"
    "p.switch{font-size:.95em}\n"
    "footer{margin-top:2.5em;border-top:1px solid #d0d7de;padding-top:.5em;font-size:.85em;color:#57606a}\n"
    "footer p{margin:.3em 0}\n"
    "code{font-size:.95em}\n";

/* a heading's id: "4. Performance" -> "s4-performance", so sections can be linked */
static void anchor(buf *out, const char *s)
{
    int started = 0, pending = 0;
    if (*s >= '0' && *s <= '9')
        buf_putc(out, 's');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (pending)
                buf_putc(out, '-');
            buf_putc(out, (char)c);
            started = 1;
            pending = 0;
        } else if (started) {
            pending = 1;
        }
    }
}

/* the SVG inlined: its XML declaration is not allowed inside HTML */
static void inline_svg(buf *out, const char *svg)
{
    if (strncmp(svg, "<?xml", 5) == 0) {
        const char *e = strstr(svg, "?>");
        if (e) {
            svg = e + 2;
            while (*svg == '\n')
                svg++;
        }
    }
    buf_puts(out, svg);
}

void doc_html(const doc *d, buf *out)
{
    size_t i;
    buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    buf_html(out, d->title);
    buf_puts(out, "</title>\n<style>\n");
    buf_puts(out, css);
    buf_puts(out, "</style>\n</head>\n<body>\n<nav><a href=\"");
    buf_html(out, d->root);
    buf_puts(out, "index.html\">ngbench results</a></nav>\n");
    for (i = 0; i < d->n; i++) {
        const block *b = &d->b[i];
        int prev_link = i > 0 && d->b[i - 1].type == BLK_LINK;
        int next_link = i + 1 < d->n && d->b[i + 1].type == BLK_LINK;
        switch (b->type) {
        case BLK_H1: buf_puts(out, "<h1>"); buf_html(out, b->text); buf_puts(out, "</h1>\n"); break;
        case BLK_H2:
            buf_puts(out, "<h2 id=\"");
            anchor(out, b->text);
            buf_puts(out, "\">");
            buf_html(out, b->text);
            buf_puts(out, "</h2>\n");
            break;
        case BLK_H3: buf_puts(out, "<h3>"); buf_html(out, b->text); buf_puts(out, "</h3>\n"); break;
        case BLK_P: buf_puts(out, "<p>"); buf_html(out, b->text); buf_puts(out, "</p>\n"); break;
        case BLK_TABLE:
            /* a wide table scrolls in its own box instead of widening the page */
            buf_puts(out, "<div class=\"tbl\">\n");
            tbl_html(b->t, out);
            buf_puts(out, "</div>\n");
            break;
        case BLK_PLOT:
            buf_puts(out, "<figure>\n");
            inline_svg(out, b->svg);
            buf_puts(out, "<figcaption>");
            buf_html(out, b->text);
            buf_puts(out, " (<a href=\"");
            buf_html(out, b->href);
            buf_puts(out, "\">SVG</a>)</figcaption>\n</figure>\n");
            break;
        case BLK_LINK:
            if (!prev_link)
                buf_puts(out, "<ul>\n");
            buf_puts(out, "<li><a href=\"");
            buf_html(out, b->href);
            buf_puts(out, "\">");
            buf_html(out, b->text);
            buf_puts(out, "</a></li>\n");
            if (!next_link)
                buf_puts(out, "</ul>\n");
            break;
        case BLK_SWITCH: {
            size_t k;
            buf_puts(out, "<p class=\"switch\">");
            buf_html(out, b->text);
            buf_puts(out, ":");
            for (k = 0; k < b->nitems; k++) {
                buf_puts(out, k ? " \xc2\xb7 " : " ");
                if (b->hrefs[k]) {
                    buf_puts(out, "<a href=\"");
                    buf_html(out, b->hrefs[k]);
                    buf_puts(out, "\">");
                    buf_html(out, b->items[k]);
                    buf_puts(out, "</a>");
                } else {
                    buf_puts(out, "<strong>");
                    buf_html(out, b->items[k]);
                    buf_puts(out, "</strong>");
                }
            }
            buf_puts(out, "</p>\n");
            break;
        }
        case BLK_FOOTER:
            if (!(i > 0 && d->b[i - 1].type == BLK_FOOTER))
                buf_puts(out, "<footer>\n");
            buf_puts(out, "<p>");
            buf_html(out, b->text);
            buf_puts(out, "</p>\n");
            if (!(i + 1 < d->n && d->b[i + 1].type == BLK_FOOTER))
                buf_puts(out, "</footer>\n");
            break;
        default: break;
        }
    }
    buf_puts(out, "</body>\n</html>\n");
}
