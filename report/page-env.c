/* page-env.c - section 2 of a page: the assessment environment (host,
 * counter, sandbox, pinning, compilers, campaigns, warnings). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"
#include "units.h"

/* ---- 2. assessment environment ---- */

void sec_environment(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    static const char *const head[] = {"item", "value"};
    table *t = tbl_new(2, head, NULL);
    const char *newest = NULL;
    double newest_t = -2, start = -1, stop = -1;
    const ngr_record *hr;
    size_t i, k;
    buf b;
    char ts[32], te[32], hz[UNITS_MAX];
    const char **camps = xmalloc((end - first + 1) * sizeof *camps);
    size_t ncamps = 0;

    buf_init(&b);
    for (i = first; i < end; i++) {
        const ds_attempt *a = h->targets[i].sel;
        double cs, ae;
        if (!a)
            continue;
        for (k = 0; k < ncamps; k++)
            if (strcmp(camps[k], a->campaign) == 0)
                break;
        if (k == ncamps)
            camps[ncamps++] = a->campaign;
        cs = ds_campaign_start(h, a->campaign);
        if (cs < 0)
            cs = a->start;
        if (cs >= 0 && (start < 0 || cs < start))
            start = cs;
        ae = a->start >= 0 ? a->start + a->seconds : -1;
        if (ae > stop)
            stop = ae;
        if (!newest || cs > newest_t || (cs == newest_t && strcmp(a->campaign, newest) > 0)) {
            newest = a->campaign;
            newest_t = cs;
        }
    }
    hr = host_record(h, newest);

#define ROW(k, v)                                                                                                     \
    do {                                                                                                              \
        tbl_row(t);                                                                                                   \
        tbl_cell(t, k);                                                                                               \
        tbl_cell(t, v);                                                                                               \
    } while (0)
#define HR(k) (hr && ngr_get(hr, k) ? ngr_get(hr, k) : "unknown")

    {
        const ngr_record *any = NULL;
        for (i = first; i < end && !any; i++)
            if (h->targets[i].sel)
                any = &h->targets[i].sel->recs[0]->r;
        buf_reset(&b);
        buf_printf(&b, "%s (%s)", h->name, any ? any->abi : "unknown ABI");
        ROW("host", buf_str(&b));
    }
    buf_reset(&b);
    buf_printf(&b, "%s (%s cores online)", HR(NGF_cpu), HR(NGF_cores));
    ROW("processor", buf_str(&b));
    /* the counters the targets used; their measured rates differ in the last
     * digits from run to run, so each counter is named once, at its first rate */
    buf_reset(&b);
    {
        buf names;
        buf_init(&names);
        for (i = first; i < end; i++) {
            const char *name = figs(&h->targets[i], NGK_counter, NULL, NGF_name);
            double ps = fig(&h->targets[i], NGK_counter, NULL, NGF_persecond);
            if (!name || list_has(buf_str(&names), name))
                continue;
            buf_printf(&names, "%s%s", names.len ? ", " : "", name);
            buf_printf(&b, "%s%s at %s", b.len ? "; " : "", name, fmt_hz(hz, ps));
        }
        buf_free(&names);
    }
    if (!b.len)
        buf_puts(&b, "not measured");
    buf_printf(&b, "; governor %s, turbo %s, SMT %s", HR(NGF_governor), HR(NGF_turbo), HR(NGF_smt));
    ROW("clock / counter", buf_str(&b));
    buf_reset(&b);
    buf_printf(&b, "%s MiB", HR(NGF_memory_mib));
    ROW("memory", buf_str(&b));
    buf_reset(&b);
    buf_printf(&b, "%s / %s", HR(NGF_os), HR(NGF_kernel));
    ROW("OS / kernel", buf_str(&b));
    ROW("load average at start", HR(NGF_load));
    /* where the builds and runs were confined (ngbench-sandbox --probe) */
    buf_reset(&b);
    distinct_values(h, first, end, NGK_sandbox, NGF_enforced, "", &b);
    ROW("sandbox (builds and runs)", b.len ? buf_str(&b) : "not recorded");
    if (strstr(buf_str(&b), "none") || strstr(buf_str(&b), "=open"))
        tbl_mark(t, MARK_WARN);
    buf_reset(&b);
    distinct_values(h, first, end, NGK_pin, NGF_cpu, "CPU ", &b);
    ROW("measurements pinned to", b.len ? buf_str(&b) : "not recorded");
    /* compilers, each once */
    {
        const char **seen = xmalloc((end - first) * sizeof *seen);
        size_t ns = 0;
        for (i = first; i < end; i++) {
            const ds_target *x = &h->targets[i];
            const char *cmd, *ver;
            for (k = 0; k < ns; k++)
                if (strcmp(seen[k], x->compiler) == 0)
                    break;
            if (k < ns)
                continue;
            seen[ns++] = x->compiler;
            cmd = compiler_command(h, x);
            ver = compiler_version(h, x->compiler, x->sel ? x->sel->campaign : NULL);
            buf_reset(&b);
            buf_printf(&b, "%s%s%s", *cmd ? cmd : "(command not recorded)", *ver ? " \xe2\x80\x94 " : "", ver);
            {
                char *key = xasprintf("compiler %s", x->compiler);
                ROW(key, buf_str(&b));
                free(key);
            }
        }
        free((void *)seen);
    }
    ds_format_time(ts, sizeof ts, start);
    ds_format_time(te, sizeof te, stop);
    buf_reset(&b);
    buf_printf(&b, "%s / %s", ts, te);
    ROW("campaign start / end (UTC)", buf_str(&b));
    buf_reset(&b);
    for (k = 0; k < ncamps; k++)
        buf_printf(&b, "%s%s", k ? ", " : "", camps[k]);
    ROW("campaigns", b.len ? buf_str(&b) : DASH);
    if (hr) {
        for (k = 0; k < hr->nfields; k++)
            if (hr->fields[k].id == NGF_warning)
                ROW("warning", hr->fields[k].value);
    }
#undef ROW
#undef HR
    doc_h2(d, "2. Assessment environment");
    doc_table(d, t);
    free((void *)camps);
    buf_free(&b);
    (void)c;
}
