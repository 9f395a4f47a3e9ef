/* doc.h - a page as a list of blocks (headings, paragraphs, tables, plots,
 * link lists), rendered to Markdown and to static HTML from the same
 * blocks. The HTML is self-contained: inline CSS, plots inlined as SVG, no
 * script, no network. */
#ifndef NGBENCH_REPORT_DOC_H
#define NGBENCH_REPORT_DOC_H

#include "buf.h"
#include "table.h"

enum block_type { BLK_H1, BLK_H2, BLK_H3, BLK_P, BLK_TABLE, BLK_PLOT, BLK_LINK, BLK_SWITCH, BLK_FOOTER };

typedef struct {
    int type;
    char *text;   /* heading, paragraph, plot caption, link text */
    char *href;   /* plot: the SVG file relative to the page; link target */
    char *svg;    /* plot: the SVG document */
    table *t;     /* owned */
    char **items, **hrefs; /* switch: the choices and their links (NULL: the current one) */
    size_t nitems;
} block;

typedef struct {
    char *title;
    char *root;   /* relative path from the page to the output root ("../../") */
    block *b;
    size_t n, cap;
} doc;

void doc_init(doc *d, const char *title, const char *root);
void doc_free(doc *d);
void doc_h1(doc *d, const char *text);
void doc_h2(doc *d, const char *text);
void doc_h3(doc *d, const char *text);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void doc_p(doc *d, const char *fmt, ...);
void doc_table(doc *d, table *t); /* takes ownership */
void doc_plot(doc *d, const char *caption, const char *href, const char *svg);
/* consecutive links render as one list */
void doc_link(doc *d, const char *text, const char *href);

/* "label: a · b · c" on one line, each choice a link but the current one
 * (hrefs[i] NULL): e.g. the hosts a page exists for */
void doc_switch(doc *d, const char *label, size_t n, const char *const *items, const char *const *hrefs);
/* the page's closing lines (consecutive calls: one footer) */
void doc_footer(doc *d, const char *text);

void doc_md(const doc *d, buf *out);
void doc_html(const doc *d, buf *out);

#endif
