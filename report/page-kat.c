/* page-kat.c - section 3 of a page: KAT and functional checks, with a note
 * for every line that is not a plain pass. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"

/* ---- 3. KAT ---- */

void sec_kat(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "KAT", "tier", "checks", "status", "note"};
    table *t = tbl_new(7, head, NULL);
    buf notes, b;
    int nnote = 0, nviol, any_violation = 0, any_once = 0;
    size_t i, k;
    buf_init(&notes);
    buf_init(&b);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        const char *kat = figs(x, NGK_kat, NULL, NGF_status), *tier = figs(x, NGK_kat, NULL, NGF_tier);
        const char *checks = figs(x, NGK_status, NULL, NGF_checks), *st = target_status(x);
        const char *recs = figs(x, NGK_kat, NULL, NGF_records);
        const char *rule = figs(x, NGK_kat, NULL, NGF_rule), *fullon = figs(x, NGK_kat, NULL, NGF_full_on);
        tbl_row(t);
        tbl_cell(t, impl_label(h, first, end, x));
        tbl_cell(t, x->compiler);
        status_cell(t, kat ? kat : (x->sel ? "-" : "unfinished"));
        buf_reset(&b);
        if (tier) {
            buf_printf(&b, "%s (%s record%s", tier, recs ? recs : "?", recs && strcmp(recs, "1") == 0 ? "" : "s");
            /* ./do --kat once: where this implementation's full tier is */
            if (rule && strcmp(rule, "once") == 0 && fullon) {
                any_once = 1;
                if (strcmp(tier, "quick") == 0)
                    buf_printf(&b, "; full tier on %s", fullon);
            }
            buf_putc(&b, ')');
        }
        tbl_cell(t, b.len ? buf_str(&b) : DASH);
        tbl_cell(t, checks ? checks : DASH);
        status_cell(t, st);
        /* a note for anything that is not a plain pass */
        buf_reset(&b);
        if (x->sel) {
            const char *bs = figs(x, NGK_build, NULL, NGF_status);
            const char *kd = figs(x, NGK_kat, NULL, NGF_detail);
            if (bs && strcmp(bs, "ok") != 0) {
                const char *bd = figs(x, NGK_build, NULL, NGF_detail);
                buf_printf(&b, "build %s: %s", bs, bd ? bd : "");
            }
            if (kd && *kd)
                buf_printf(&b, "%sKAT: %s", b.len ? "; " : "", kd);
            for (k = 0; k < x->sel->nrecs; k++) {
                const ngr_record *r = &x->sel->recs[k]->r;
                const char *res, *nm, *dt;
                if (r->kid != NGK_check)
                    continue;
                res = ngr_get(r, NGF_result);
                if (!res || strcmp(res, "pass") == 0)
                    continue;
                nm = ngr_get(r, NGF_name);
                dt = ngr_get(r, NGF_detail);
                buf_printf(&b, "%scheck %s %s: %s", b.len ? "; " : "", nm ? nm : "?", res, dt ? dt : "");
            }
            /* what the guards refused (status VIOLATION) */
            for (k = 0, nviol = 0; k < x->sel->nrecs; k++) {
                const ngr_record *r = &x->sel->recs[k]->r;
                const char *what, *tg, *cnt;
                if (r->kid != NGK_violation)
                    continue;
                what = ngr_get(r, NGF_what);
                tg = ngr_get(r, NGF_target);
                cnt = ngr_get(r, NGF_count);
                buf_printf(&b, "%s%s%s %s (%s\xc3\x97)", b.len ? "; " : "", nviol++ ? "" : "refused by the guards: ",
                           what ? what : "?", tg ? tg : "?", cnt ? cnt : "?");
                any_violation = 1;
            }
        } else {
            buf_printf(&b, "no attempt finished (%lu unfinished, ignored)", (unsigned long)x->nunfinished);
        }
        if (b.len) {
            char ref[16];
            snprintf(ref, sizeof ref, "[%d]", ++nnote);
            tbl_cell(t, ref);
            buf_printf(&notes, "%s %s/%s %s: %s\n", ref, x->primitive, x->impl, x->compiler, buf_str(&b));
        } else {
            tbl_cell(t, "");
        }
    }
    doc_h2(d, "3. Functional testing (KAT)");
    doc_p(d, "Each implementation was built with each compiler line, checked against the primitive's KAT manifest "
             "(%s/%s%s/kat.sha256; full tier: all ten records, quick tier: the first) and put through the functional "
             "checks (canaries around every output, forgery rejection, length bounds) before timing. Lines that "
             "fail are timed anyway; their figures are not validated and never chosen as best while a passing line "
             "exists.",
          h->targets[first].operation, primitive_count(h, first, end) > 1 ? "<each set>" : h->targets[first].primitive,
          "");
    if (any_once)
        doc_p(d, "KAT rule (./do --kat once, the default): the full tier is generated and checked once per "
                 "implementation, on the first compiler line of okcompilers order, and the first record on "
                 "every other line, as SUPERCOP runs checksumbig once and checksumsmall on every compiler; "
                 "./do --kat full generates the full tier on every line.");
    doc_table(d, t);
    if (any_violation)
        doc_p(d, "VIOLATION: while it was built or run, the implementation tried to write outside its scratch "
                 "directory or to open a socket. The link-time guards refused and reported every attempt (below); "
                 "the sandbox (section 2) confines what they do not see. Such a line is not chosen as best while a "
                 "line that passed exists.");
    if (notes.len) {
        char *line = notes.p, *nl;
        for (; *line; line = nl + 1) {
            nl = strchr(line, '\n');
            *nl = 0;
            doc_p(d, "%s", line);
        }
    }
    buf_free(&notes);
    buf_free(&b);
    (void)c;
}
