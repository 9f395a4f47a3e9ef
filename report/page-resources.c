/* page-resources.c - section 5 of a page: memory, stack, heap, code size
 * and the symbol audit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"

/* ---- 5. resources ---- */

/* the symbols records: what the implementation's objects export beyond the
 * ICCS entry points, and ICCS helpers it defines itself; one row per
 * implementation and distinct figures */
static void symbol_audit(doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler lines", "exported", "API entry points",
                                       "beyond the API", "ICCS symbols defined"};
    table *t = tbl_new(6, head, NULL);
    size_t i, e, k, n;
    int warn = 0;
    buf lines;
    buf_init(&lines);
    for (i = first; i < end; i = e) {
        char **keys;
        impl_range(h, i, end, &e);
        n = e - i;
        keys = xcalloc(n, sizeof *keys);
        for (k = 0; k < n; k++) {
            const ds_target *x = &h->targets[i + k];
            const char *ex = figs(x, NGK_symbols, NULL, NGF_exported), *api = figs(x, NGK_symbols, NULL, NGF_api);
            const char *extra = figs(x, NGK_symbols, NULL, NGF_extra), *names = figs(x, NGK_symbols, NULL, NGF_names);
            const char *trunc = figs(x, NGK_symbols, NULL, NGF_truncated), *iccs = figs(x, NGK_symbols, NULL, NGF_iccs);
            buf row;
            if (!ex)
                continue;
            /* tabs separate the cells here: the values' own become spaces */
            buf_init(&row);
            buf_plain(&row, ex);
            buf_putc(&row, '\t');
            buf_plain(&row, api ? api : DASH);
            buf_putc(&row, '\t');
            buf_plain(&row, extra ? extra : DASH);
            if (names && *names) {
                /* the first few names: the record holds up to 200 */
                const char *p = names;
                int shown = 0;
                buf_puts(&row, ": ");
                while (*p && shown < 8) {
                    size_t len = strcspn(p, ",");
                    char *one = xasprintf("%.*s", (int)len, p);
                    buf_puts(&row, shown ? ", " : "");
                    buf_plain(&row, one);
                    free(one);
                    shown++;
                    p += len;
                    if (*p == ',')
                        p++;
                }
                if (*p || (trunc && strcmp(trunc, "1") == 0))
                    buf_puts(&row, ", \xe2\x80\xa6");
            }
            buf_putc(&row, '\t');
            buf_plain(&row, iccs && strcmp(iccs, "-") != 0 ? iccs : "none");
            keys[k] = xstrdup(buf_str(&row));
            buf_free(&row);
        }
        for (k = 0; k < n; k++) {
            char *p, *q;
            int col = 0;
            if (!keys[k])
                continue;
            merge_lines(h, i, e, keys, k, &lines);
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, &h->targets[i]));
            tbl_cell(t, buf_str(&lines));
            for (p = keys[k]; (q = strchr(p, '\t')) != NULL; p = q + 1, col++) {
                *q = 0;
                if (col < 2)
                    tbl_cellx(t, p, NULL, 1);
                else
                    tbl_cell(t, p);
            }
            tbl_cell(t, p);
            if (strcmp(p, "none") != 0) {
                tbl_mark(t, MARK_WARN);
                warn = 1;
            }
        }
        for (k = 0; k < n; k++)
            free(keys[k]);
        free(keys);
    }
    buf_free(&lines);
    if (!t->nrows) {
        tbl_free(t);
        return;
    }
    doc_p(d, "Symbol audit (nm on the implementation's objects): the global symbols it defines, the ICCS entry points "
             "and getters among them, and the others (they collide when implementations are linked into one "
             "program).%s",
          warn ? " WARNING: some implementations define ICCS symbols (the hash functions or the DRNG) themselves; "
                 "these belong to the ICCS layer that ngbench links (iccs/), and an implementation's own copy may "
                 "stand in for it."
               : "");
    doc_table(d, t);
}

void sec_resources(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"implementation", "compiler", "operation", "static: ELF image (bytes)",
                                       "baseline RSS", "peak RSS", "stack (bytes)", "heap peak (bytes)",
                                       "allocations"};
    static const char *const head2[] = {"implementation", "compiler", "objects", "text", "data", "bss", "note"};
    table *t = tbl_new(9, head, NULL), *t2 = tbl_new(7, head2, NULL);
    const char *const *ops = ops_of(h->targets[first].operation);
    size_t i, o, k;
    buf lto_ids, nolto_ids;
    buf_init(&lto_ids);
    buf_init(&nolto_ids);
    for (i = first; i < end; i++) {
        const ds_target *x = &h->targets[i];
        double text = 0, data = 0, bss = 0;
        int nobj = 0, lto = 0, nolto = 0;
        /* the heap wrappers (-Wl,--wrap) do not see through -flto: newer
         * runs probe such lines from a build without it and say so in the
         * records (note=); older ones probed the -flto build */
        int lto_line = strstr(compiler_command(h, x), "-flto") != NULL || fig(x, NGK_objsize, NULL, NGF_lto) == 1;
        for (o = 0; ops[o]; o++)
            if (figs(x, NGK_heap, ops[o], NGF_note) || figs(x, NGK_memory, ops[o], NGF_note) ||
                figs(x, NGK_stack, ops[o], NGF_note))
                nolto = 1;
        if (nolto && !list_has(buf_str(&nolto_ids), x->compiler))
            buf_printf(&nolto_ids, "%s%s", nolto_ids.len ? ", " : "", x->compiler);
        lto_line = lto_line && !nolto;
        if (lto_line && !list_has(buf_str(&lto_ids), x->compiler))
            buf_printf(&lto_ids, "%s%s", lto_ids.len ? ", " : "", x->compiler);
        for (o = 0; ops[o]; o++) {
            const char *heapx = figs(x, NGK_heap, ops[o], NGF_exact);
            tbl_row(t);
            tbl_cell(t, impl_label(h, first, end, x));
            tbl_cell(t, x->compiler);
            tbl_cell(t, ops[o]);
            cell_fig(t, fmt_bytes, fig(x, NGK_elf, NULL, NGF_image_bytes), figs(x, NGK_elf, NULL, NGF_image_bytes));
            cell_fig(t, fmt_kib, fig(x, NGK_memory, ops[o], NGF_baseline_kib), figs(x, NGK_memory, ops[o], NGF_baseline_kib));
            cell_fig(t, fmt_kib, fig(x, NGK_memory, ops[o], NGF_peak_kib), figs(x, NGK_memory, ops[o], NGF_peak_kib));
            cell_fig(t, fmt_bytes, fig(x, NGK_stack, ops[o], NGF_bytes), figs(x, NGK_stack, ops[o], NGF_bytes));
            cell_fig(t, fmt_bytes, fig(x, NGK_heap, ops[o], NGF_peak_bytes), figs(x, NGK_heap, ops[o], NGF_peak_bytes));
            if (heapx && strcmp(heapx, "1") != 0)
                tbl_title(t, "requested sizes (no malloc_usable_size)");
            if (lto_line)
                tbl_mark(t, MARK_WARN);
            cell_fig(t, plain_fmt, fig(x, NGK_heap, ops[o], NGF_allocations), figs(x, NGK_heap, ops[o], NGF_allocations));
            if (lto_line)
                tbl_mark(t, MARK_WARN);
        }
        if (!x->sel)
            continue;
        for (k = 0; k < x->sel->nrecs; k++) {
            const ngr_record *r = &x->sel->recs[k]->r;
            double v;
            if (r->kid != NGK_objsize)
                continue;
            nobj++;
            if (ngr_num(r, NGF_text, &v))
                text += v;
            if (ngr_num(r, NGF_data, &v))
                data += v;
            if (ngr_num(r, NGF_bss, &v))
                bss += v;
            if (ngr_num(r, NGF_lto, &v) && v == 1)
                lto = 1;
        }
        if (nobj) {
            char n[16];
            tbl_row(t2);
            tbl_cell(t2, impl_label(h, first, end, x));
            tbl_cell(t2, x->compiler);
            snprintf(n, sizeof n, "%d", nobj);
            tbl_cellx(t2, n, NULL, 1);
            cell_fig(t2, fmt_bytes, text, NULL);
            cell_fig(t2, fmt_bytes, data, NULL);
            cell_fig(t2, fmt_bytes, bss, NULL);
            tbl_cell(t2, lto ? "LTO objects: sizes of intermediate code, not of machine code" : "");
        }
    }
    doc_h2(d, "5. Resource consumption");
    doc_p(d, "Static memory is approximated by the implementation's loadable ELF segments (built alone as a shared "
             "object); baseline and peak RSS are whole-process figures (VmRSS before the call, VmHWM after it, "
             "driver and libc included), so both are upper-bound proxies rather than isolated algorithm memory. Stack: "
             "the deepest stack the call reached (stack painting); heap: the most heap the implementation held at "
             "once during the call, and its allocations.");
    doc_table(d, t);
    if (lto_ids.len)
        doc_p(d, "The heap figures of the lines built with -flto (%s) are not trustworthy: the heap probe counts "
                 "allocations through link-time wrappers (-Wl,--wrap), which link-time optimisation can bypass, so "
                 "they may read 0.",
              buf_str(&lto_ids));
    if (nolto_ids.len)
        doc_p(d, "The memory, stack and heap figures of the lines built with -flto (%s) come from a build of the same "
                 "line without -flto: the probes count through link-time wrappers (-Wl,--wrap), which link-time "
                 "optimisation bypasses.",
              buf_str(&nolto_ids));
    buf_free(&lto_ids);
    buf_free(&nolto_ids);
    if (t2->nrows) {
        doc_p(d, "Code size of the implementation's objects (size(1), summed over the objects):");
        doc_table(d, t2);
    } else {
        tbl_free(t2);
    }
    symbol_audit(d, h, first, end);
    (void)c;
}
