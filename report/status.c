/* status.c - ngbench-report status: the figures of a run in the terminal,
 * as ./do prints them at the end of a target and of a campaign: per target
 * its status (KAT, checks) and per operation the median cycles, the median
 * time, ops/s and whether the figures were preempted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "report.h"
#include "units.h"

/* the attempt of t to show: with a campaign, the newest valid attempt of t
 * in it (NULL: none); else the selected one (tier precedence) */
static const ds_attempt *pick(const ds_host *h, const ds_target *t, const char *campaign)
{
    const ds_attempt *a = NULL;
    size_t i;
    if (!campaign)
        return t->sel;
    for (i = 0; i < h->nattempts; i++) {
        const ds_attempt *x = &h->attempts[i];
        if (x->done && strcmp(x->campaign, campaign) == 0 && strcmp(x->operation, t->operation) == 0 &&
            strcmp(x->primitive, t->primitive) == 0 && strcmp(x->impl, t->impl) == 0 &&
            strcmp(x->compiler, t->compiler) == 0)
            a = x; /* oldest first: the last is the newest */
    }
    return a;
}

static int target_matches(const ds_target *t, const char *spec)
{
    char *s;
    int m;
    if (!spec)
        return 1;
    s = xasprintf("%s/%s/%s/%s", t->operation, t->primitive, t->impl, t->compiler);
    m = strcmp(s, spec) == 0;
    free(s);
    return m;
}

static void op_figures(const ds_target *x, const char *op, char *cycles, char *time, char *rate, const char **pre)
{
    double med = cyc(x, op, "median"), ps = cyc(x, op, "persecond");
    fmt_cycles(cycles, med);
    fmt_seconds(time, med / ps);
    {
        double r = cyc(x, op, "ops_per_second");
        if (r >= 1000)
            snprintf(rate, UNITS_MAX, "%.0f", r);
        else
            fmt_sig3(rate, r);
    }
    *pre = !cycles_of(x, op) ? "" : preempted(x, op) ? "yes" : "no";
}

size_t report_status(const dataset *d, const char *host, const char *campaign, const char *target, buf *out)
{
    static const char *const head[] = {"host", "target", "status", "KAT", "checks", "op", "median cycles",
                                       "median time", "ops/s", "preempted"};
    table *t = tbl_new(10, head, NULL);
    size_t hi, i, o, n = 0;
    for (hi = 0; hi < d->nhosts; hi++) {
        const ds_host *h = &d->hosts[hi];
        if (host && strcmp(h->name, host) != 0)
            continue;
        for (i = 0; i < h->ntargets; i++) {
            ds_target x = h->targets[i];
            const char *const *ops = ops_of(x.operation);
            const char *kat, *checks;
            char *name;
            int any = 0;
            if (!target_matches(&x, target))
                continue;
            x.sel = (ds_attempt *)pick(h, &h->targets[i], campaign);
            if (!x.sel)
                continue;
            n++;
            name = xasprintf("%s/%s/%s/%s", x.operation, x.primitive, x.impl, x.compiler);
            kat = figs(&x, "kat", NULL, "status");
            checks = figs(&x, "status", NULL, "checks");
            if (target) {
                buf_printf(out, "%s%s%s: %s (KAT %s, checks %s)\n", d->nhosts > 1 ? h->name : "",
                           d->nhosts > 1 ? " " : "", name, target_status(&x), kat ? kat : "-", checks ? checks : "-");
            }
            for (o = 0; ops[o]; o++) {
                char cy[UNITS_MAX], tm[UNITS_MAX], rt[UNITS_MAX];
                const char *pre;
                if (!cycles_of(&x, ops[o]))
                    continue;
                any = 1;
                op_figures(&x, ops[o], cy, tm, rt, &pre);
                if (target) {
                    buf_printf(out, "  %-7s %12s cycles  %10s  %10s ops/s%s\n", ops[o], cy, tm, rt,
                               strcmp(pre, "yes") == 0 ? "  PREEMPTED" : "");
                    continue;
                }
                tbl_row(t);
                tbl_cell(t, h->name);
                tbl_cell(t, name);
                tbl_cell(t, target_status(&x));
                cell_str(t, kat);
                cell_str(t, checks);
                tbl_cell(t, ops[o]);
                tbl_cellx(t, cy, NULL, 1);
                tbl_cellx(t, tm, NULL, 1);
                tbl_cellx(t, rt, NULL, 1);
                tbl_cell(t, pre);
            }
            if (!any) {
                if (target) {
                    buf_puts(out, "  not measured\n");
                } else {
                    tbl_row(t);
                    tbl_cell(t, h->name);
                    tbl_cell(t, name);
                    tbl_cell(t, target_status(&x));
                    cell_str(t, kat);
                    cell_str(t, checks);
                    tbl_cell(t, "-");
                }
            }
            free(name);
        }
    }
    if (!target && n)
        tbl_text(t, out);
    tbl_free(t);
    return n;
}
