/* page-sizes.c - section 6 of a page: sizes, and the header's claims
 * against the getters. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"

/* ---- 6. sizes ---- */

static void size_text(buf *b, const size_info *s, buf *note, const char *what)
{
    char x[UNITS_MAX];
    double lo = s->kmin, hi = s->kmax;
    if (isfinite(s->rmin) && (!isfinite(lo) || s->rmin < lo))
        lo = s->rmin;
    if (isfinite(s->rmax) && (!isfinite(hi) || s->rmax > hi))
        hi = s->rmax;
    if (isfinite(s->produced)) {
        buf_puts(b, fmt_bytes(x, s->produced));
    } else if (isfinite(lo)) {
        buf_puts(b, fmt_bytes(x, lo));
    } else {
        buf_puts(b, DASH);
        return;
    }
    if (isfinite(lo) && isfinite(hi) && lo != hi) {
        buf_printf(b, " (%.0f" DASH "%.0f)", lo, hi);
        buf_printf(note, "%s%s varies: %.0f" DASH "%.0f bytes over the KAT records and check messages",
                   note->len ? "; " : "", what, lo, hi);
    }
    if (isfinite(s->claimed) && isfinite(s->produced) && s->claimed != s->produced) {
        buf_printf(note, "%s%s: getter claims %.0f, the code produced %.0f", note->len ? "; " : "", what, s->claimed,
                   s->produced);
    }
}

/* what the target's header claims against its getters (claims record) */
static void claims_text(buf *b, const ds_target *x)
{
    static const ngf_id keys[] = {NGF_pk, NGF_sk, NGF_sn, NGF_ss, NGF_ct};
    const char *src = figs(x, NGK_claims, NULL, NGF_source), *agree = figs(x, NGK_claims, NULL, NGF_agree);
    const char *detail = figs(x, NGK_claims, NULL, NGF_detail);
    size_t k, nsizes = 0;
    if (!src && !agree) {
        buf_puts(b, DASH);
        return;
    }
    for (k = 0; k < 5; k++)
        if (figs(x, NGK_claims, NULL, keys[k]))
            nsizes++;
    buf_plain(b, src ? src : "header");
    if (agree && strcmp(agree, "no") == 0) {
        buf_puts(b, " DISAGREES: ");
        buf_plain(b, detail ? detail : "?");
    } else if (nsizes == 0) {
        buf_puts(b, " states no sizes");
    } else {
        buf_puts(b, agree && strcmp(agree, "yes") == 0 ? " agrees" : " (agreement not recorded)");
    }
}

void sec_sizes(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const shead[] = {"implementation", "compiler lines", "public key", "secret key", "signature",
                                        "header vs getters", "notes"};
    static const char *const khead[] = {"implementation", "compiler lines", "public key", "secret key",
                                        "ciphertext", "shared secret", "header vs getters", "notes"};
    static const char *const swhat[] = {"pk", "sk", "sn", NULL};
    static const char *const kwhat[] = {"pk", "sk", "ct", "ss", NULL};
    int kem = is_kem(h->targets[first].operation);
    const char *const *what = kem ? kwhat : swhat;
    table *t = kem ? tbl_new(8, khead, NULL) : tbl_new(7, shead, NULL);
    size_t i, e, k, w, nwhat = kem ? 4 : 3;
    int disagree = 0;
    for (i = first; i < end; i = e) {
        /* one row per distinct set of figures within an implementation */
        char **keys;
        size_t n;
        impl_range(h, i, end, &e);
        n = e - i;
        keys = xcalloc(n, sizeof *keys);
        for (k = 0; k < n; k++) {
            buf row, note;
            buf_init(&row);
            buf_init(&note);
            for (w = 0; what[w]; w++) {
                size_info si;
                size_of(&h->targets[i + k], what[w], &si);
                size_text(&row, &si, &note, what[w]);
                buf_putc(&row, '\t');
            }
            claims_text(&row, &h->targets[i + k]);
            buf_putc(&row, '\t');
            buf_puts(&row, buf_str(&note));
            keys[k] = xstrdup(buf_str(&row));
            buf_free(&row);
            buf_free(&note);
        }
        for (k = 0; k < n; k++) {
            buf lines;
            size_t m;
            char *p, *q;
            if (!keys[k] || !h->targets[i + k].sel)
                continue;
            buf_init(&lines);
            for (m = k; m < n; m++) {
                if (keys[m] && h->targets[i + m].sel && strcmp(keys[m], keys[k]) == 0) {
                    buf_printf(&lines, "%s%s", lines.len ? ", " : "", h->targets[i + m].compiler);
                    if (m != k) {
                        free(keys[m]);
                        keys[m] = NULL;
                    }
                }
            }
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, &h->targets[i]));
            tbl_cell(t, buf_str(&lines));
            for (w = 0, p = keys[k]; (q = strchr(p, '\t')) != NULL; p = q + 1, w++) {
                *q = 0;
                if (w < nwhat) {
                    tbl_cellx(t, p, NULL, 1);
                } else {
                    /* the header's claims: a disagreement stands out */
                    const char *agree = figs(&h->targets[i + k], NGK_claims, NULL, NGF_agree);
                    tbl_cell(t, p);
                    if (agree && strcmp(agree, "no") == 0) {
                        tbl_mark(t, MARK_BAD);
                        disagree = 1;
                    } else if (agree && strcmp(agree, "yes") == 0) {
                        tbl_mark(t, MARK_GOOD);
                    }
                }
            }
            tbl_cell(t, p);
            buf_free(&lines);
        }
        for (k = 0; k < n; k++)
            free(keys[k]);
        free(keys);
    }
    doc_h2(d, "6. Transmission and storage overhead");
    doc_p(d, "Sizes in bytes as the code produced them in the functional checks; a range follows where the length "
             "varies over the KAT records and check messages, and a note where the getters claim something else. "
             "Header vs getters: the sizes the implementation's header states (api.h, or the NICCS "
             "*_AlgorithmInstance.h) against what its getter functions return.");
    doc_table(d, t);
    if (disagree)
        doc_p(d, "WARNING: a header states sizes that its getters contradict (header value / getter value above); "
                 "code built against the header would size its buffers wrongly.");
    (void)c;
}
