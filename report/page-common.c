/* page-common.c - helpers the page sections share: how a page names a
 * line, lists distinct values over its lines, marks a status. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
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
        buf_printf(b, "%s ", impl_label(h, first, end, &h->targets[i]));
    buf_puts(b, h->targets[i].compiler);
}

const char *impl_label(const ds_host *h, size_t first, size_t end, const ds_target *x)
{
    static char ring[4][2 * NGR_NAME_MAX + 2];
    static unsigned next;
    char *s;
    if (primitive_count(h, first, end) < 2)
        return x->impl;
    s = ring[next++ % 4];
    snprintf(s, sizeof ring[0], "%s %s", x->primitive, x->impl);
    return s;
}

/* the distinct values of key in the kind records of targets[first, end)
 * ("," shown as ", "), each followed by its lines unless every line gave
 * the same; lines without one are named as "not recorded". Returns how many
 * distinct values there were. */
size_t distinct_values(const ds_host *h, size_t first, size_t end, ngk_id kind, ngf_id key,
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

/* a token of a symbol name that names a symmetric primitive other than the
 * ICCS helpers (SM3 and the SM3 DRBG): tokens are the name's lowercase runs
 * between '_' and other non-alphanumerics, and match when they start with
 * one of these */
static const char *const other_sym[] = {"aes", "rijndael", "keccak", "sha1", "sha2", "sha3", "shake", "blake",
                                        "chacha", "salsa", "sm4", "ascon", "siphash", "md5", "xoodoo", "gimli",
                                        "camellia", "speck", "haraka"};

int names_other_symmetric(const char *name)
{
    char tok[128];
    size_t n = 0, k;
    const char *p = name;
    for (;; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch && (isalnum(ch)) && n + 1 < sizeof tok) {
            tok[n++] = (char)tolower(ch);
            continue;
        }
        tok[n] = 0;
        for (k = 0; n && k < sizeof other_sym / sizeof other_sym[0]; k++)
            if (strncmp(tok, other_sym[k], strlen(other_sym[k])) == 0)
                return 1;
        n = 0;
        if (!ch)
            return 0;
    }
}

int symmetric_verdict(const ds_host *h, size_t first, size_t end, buf *out)
{
    size_t i, audited = 0, truncated = 0;
    buf other, own;
    int mark;
    buf_init(&other);
    buf_init(&own);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const char *names = figs(x, NGK_symbols, NULL, NGF_names), *iccs = figs(x, NGK_symbols, NULL, NGF_iccs);
        const char *tr = figs(x, NGK_symbols, NULL, NGF_truncated);
        if (!ds_first(x->sel, NGK_symbols, NGF__NONE, NULL))
            continue;
        audited++;
        truncated += tr && strcmp(tr, "1") == 0;
        while (names && *names) {
            size_t len = strcspn(names, ",");
            char *one = xasprintf("%.*s", (int)len, names);
            if (names_other_symmetric(one) && !list_has(buf_str(&other), one))
                buf_printf(&other, "%s%s", other.len ? ", " : "", one);
            free(one);
            names += len;
            if (*names == ',')
                names++;
        }
        if (iccs && strcmp(iccs, "-") != 0) {
            const char *p = iccs;
            while (*p) {
                size_t len = strcspn(p, ",");
                char *one = xasprintf("%.*s", (int)len, p);
                if (!list_has(buf_str(&own), one))
                    buf_printf(&own, "%s%s", own.len ? ", " : "", one);
                free(one);
                p += len;
                if (*p == ',')
                    p++;
            }
        }
    }
    if (!audited) {
        buf_puts(out, "not audited (no symbols records)");
        mark = MARK_NONE;
    } else if (other.len) {
        buf_puts(out, "mixed: defines other symmetric primitives (");
        buf_plain(out, buf_str(&other));
        buf_puts(out, ")");
        if (own.len) {
            buf_puts(out, "; its own ICCS helpers (");
            buf_plain(out, buf_str(&own));
            buf_puts(out, ")");
        }
        mark = MARK_WARN;
    } else if (own.len) {
        buf_puts(out, "own copies of the ICCS helpers (");
        buf_plain(out, buf_str(&own));
        buf_puts(out, ")");
        mark = MARK_WARN;
    } else {
        buf_puts(out, "ICCS-only");
        mark = MARK_GOOD;
    }
    if (audited && truncated)
        buf_puts(out, " (the symbol lists were truncated at 200 names)");
    buf_free(&other);
    buf_free(&own);
    return mark;
}
