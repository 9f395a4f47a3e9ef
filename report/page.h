/* page.h - the sections of a page (page-*.c) and the helpers they share
 * (page-common.c). page.c assembles a page from the sections; the sections
 * call only down (model, emit, units, plots) and into page-common.c. Each
 * section takes the targets [first, end) of one host that the page covers. */
#ifndef NGBENCH_REPORT_PAGE_H
#define NGBENCH_REPORT_PAGE_H

#include "doc.h"
#include "emit.h"
#include "model.h"

/* the sections, in the order of the NGCC pages */
void sec_basic(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);       /* 1. page-info.c */
void sec_environment(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end); /* 2. page-env.c */
void sec_kat(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);         /* 3. page-kat.c */
void sec_performance(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end); /* 4. page-perf.c */
void sec_resources(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);   /* 5. page-resources.c */
void sec_sizes(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);       /* 6. page-sizes.c */
void sec_symmetric(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);   /* page-symmetric.c */
void sec_evidence(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);    /* 7. page-evidence.c */

/* ---- page-common.c ---- */

/* the last component of a path */
const char *base_name(const char *p);
/* 1 when the ", "-separated list holds item */
int list_has(const char *list, const char *item);
/* a figure with 15 significant digits (for cell_fig) */
char *plain_fmt(char *out, double v);
/* a status cell: PASS good, NOKAT or "-" a warning, anything else bad */
void status_cell(table *t, const char *s);
/* over targets[first, end): valid attempts superseded, unfinished ones */
void attempt_counts(const ds_host *h, size_t first, size_t end, size_t *older, size_t *unfinished);
/* the line of targets[i] as the pages name it: its compiler id, with the
 * implementation in front when the page has more than one */
void line_name(buf *b, const ds_host *h, size_t first, size_t end, size_t i);
/* the implementation of x as the page names it: "ref", or "tsuov128 ref"
 * on a page of several parameter sets (a static buffer, one of four) */
const char *impl_label(const ds_host *h, size_t first, size_t end, const ds_target *x);
/* the distinct values of key in the kind records of targets[first, end),
 * each with its lines unless every line gave the same (see page-common.c);
 * returns how many distinct values there were */
size_t distinct_values(const ds_host *h, size_t first, size_t end, ngk_id kind, ngf_id key,
                       const char *prefix, buf *out);
/* rows of [i, e) (one implementation) that share keys[k]: their compiler
 * lines into lines; keys of the rows merged into row k are freed and NULL */
void merge_lines(const ds_host *h, size_t i, size_t e, char **keys, size_t k, buf *lines);
/* 1 when dir/rel exists */
int exists(const char *dir, const char *rel);

/* The symmetric-primitives verdict over the symbols records of
 * targets[first, end): "ICCS-only" when no global symbol the implementation
 * defines names another symmetric primitive (names_other_symmetric) and it
 * defines none of the ICCS helpers itself (iccs=-); "mixed: ..." naming the
 * symbols; "own copies of the ICCS helpers (...)"; "not audited" without a
 * symbols record. Static functions are not in the records: the verdict is
 * about what the objects export. Returns the cell mark. */
int symmetric_verdict(const ds_host *h, size_t first, size_t end, buf *out);
/* 1 when a symbol name names a symmetric primitive other than the ICCS
 * helpers: one of its tokens (lowercase alphanumeric runs) starts with aes,
 * rijndael, keccak, sha1, sha2, sha3, shake, blake, chacha, salsa, sm4,
 * ascon, siphash, md5, xoodoo, gimli, camellia, speck or haraka */
int names_other_symmetric(const char *name);

#endif
