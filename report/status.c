/* status.c - ngbench-report status: the figures of a run in the terminal,
 * as ./do prints them at the end of a target and of a campaign: per target
 * its status (KAT, checks) and per operation the headline median cycles
 * with its uncertainty, the median time, ops/s, whether the figures were
 * preempted and whether the host was busy (disturbed trials). */
#define _DEFAULT_SOURCE /* flock(2) */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

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

/* the same target (operation, primitive, implementation, compiler id) in the
 * reference dataset: its selected attempt on the first host that has one */
static int ref_target(const dataset *ref, const ds_target *x, ds_target *out)
{
    size_t hi, i;
    if (!ref)
        return 0;
    for (hi = 0; hi < ref->nhosts; hi++) {
        const ds_host *h = &ref->hosts[hi];
        for (i = 0; i < h->ntargets; i++) {
            const ds_target *t = &h->targets[i];
            if (t->sel && strcmp(t->operation, x->operation) == 0 && strcmp(t->primitive, x->primitive) == 0 &&
                strcmp(t->impl, x->impl) == 0 && strcmp(t->compiler, x->compiler) == 0) {
                *out = *t;
                return 1;
            }
        }
    }
    return 0;
}

static void op_figures(const ds_target *x, const char *op, char *cycles, char *time, char *rate, const char **pre)
{
    double med = headline(x, op), ps = cyc(x, op, NGF_persecond);
    fmt_cycles(cycles, med);
    fmt_seconds(time, med / ps);
    {
        double r = cyc(x, op, NGF_ops_per_second);
        if (r >= 1000)
            snprintf(rate, UNITS_MAX, "%.0f", r);
        else
            fmt_sig3(rate, r);
    }
    *pre = !cycles_of(x, op) ? "" : preempted(x, op) ? "yes" : "no";
}

size_t report_status(const dataset *d, const char *host, const char *campaign, const char *target,
                     const dataset *ref, buf *out, size_t *failed)
{
    static const char *const head[] = {"host", "target", "status", "KAT", "checks", "op", "median cycles",
                                       "\xc2\xb1", "median time", "ops/s", "preempted", "host"};
    table *t = tbl_new(12, head, NULL);
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
            int any = 0, has_ref;
            ds_target rx;
            if (!target_matches(&x, target))
                continue;
            x.sel = (ds_attempt *)pick(h, &h->targets[i], campaign);
            if (!x.sel)
                continue;
            n++;
            if (failed && strcmp(target_status(&x), "PASS") != 0 && strcmp(target_status(&x), "NOKAT") != 0)
                ++*failed;
            name = xasprintf("%s/%s/%s/%s", x.operation, x.primitive, x.impl, x.compiler);
            has_ref = ref_target(ref, &x, &rx);
            kat = figs(&x, NGK_kat, NULL, NGF_status);
            checks = figs(&x, NGK_status, NULL, NGF_checks);
            if (target) {
                buf_printf(out, "%s%s%s: %s (KAT %s, checks %s)\n", d->nhosts > 1 ? h->name : "",
                           d->nhosts > 1 ? " " : "", name, target_status(&x), kat ? kat : "-", checks ? checks : "-");
            }
            for (o = 0; ops[o]; o++) {
                char cy[UNITS_MAX], tm[UNITS_MAX], rt[UNITS_MAX], pm[32];
                const char *pre;
                int busy;
                if (!cycles_of(&x, ops[o]))
                    continue;
                any = 1;
                op_figures(&x, ops[o], cy, tm, rt, &pre);
                fmt_pm(pm, sizeof pm, uncertainty(&x, ops[o]));
                busy = host_busy(&x, ops[o]);
                if (target) {
                    char xr[48] = "";
                    /* this host's headline as a multiple of the reference dataset's (cycles: >1 is slower) */
                    if (has_ref && cycles_of(&rx, ops[o]) && headline(&rx, ops[o]) > 0)
                        snprintf(xr, sizeof xr, "  %.2f x reference", headline(&x, ops[o]) / headline(&rx, ops[o]));
                    buf_printf(out, "  %-7s %12s cycles%-9s  %10s  %10s ops/s%s%s%s\n", ops[o], cy, pm, tm, rt, xr,
                               strcmp(pre, "yes") == 0 ? "  PREEMPTED" : "", busy ? "  HOST BUSY" : "");
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
                tbl_cellx(t, pm[0] ? pm + 4 : "", NULL, 1); /* the figure without " ± " */
                tbl_cellx(t, tm, NULL, 1);
                tbl_cellx(t, rt, NULL, 1);
                tbl_cell(t, pre);
                tbl_cell(t, !figs(&x, NGK_cycles, ops[o], NGF_disturbed_trials) ? "" : busy ? "busy" : "quiet");
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

/* ---- completeness: what a campaign planned and did not finish ---- */

static int same_target(const ngr_record *a, const ds_attempt *b)
{
    return strcmp(a->operation, b->operation) == 0 && strcmp(a->primitive, b->primitive) == 0 &&
           strcmp(a->impl, b->impl) == 0 && strcmp(a->compiler, b->compiler) == 0;
}

static int by_order(const void *x, const void *y)
{
    double a = 0, b = 0;
    ngr_num(*(const ngr_record *const *)x, NGF_order, &a);
    ngr_num(*(const ngr_record *const *)y, NGF_order, &b);
    return a < b ? -1 : a > b;
}

/* the share (1..n) of the plan's job at position idx, as ./do --shard K/N
 * (harness/campaign shard) computes it: longest first onto the least loaded */
static size_t share_of(const ngr_record *const *plan, size_t nplan, size_t idx, size_t n)
{
    double *load = xcalloc(n, sizeof *load);
    size_t i, s, best = 0;
    for (i = 0; i <= idx && i < nplan; i++) {
        double e = 0;
        if (!ngr_num(plan[i], NGF_estimate, &e) || e <= 0)
            e = 1;
        best = 0;
        for (s = 1; s < n; s++)
            if (load[s] < load[best])
                best = s;
        load[best] += e;
    }
    free(load);
    return best + 1;
}

/* ---- who owns an unfinished target: its newest start record ---- */

/* 1: some process holds the lock (flock, as run-target takes it); 0: none
 * does; -1: cannot tell (no such file) */
static int lock_held(const char *path)
{
#ifdef LOCK_NB
    int fd, r, e;
    if (!path || strcmp(path, "-") == 0 || (fd = open(path, O_RDONLY)) < 0)
        return -1;
    r = flock(fd, LOCK_SH | LOCK_NB); /* run-target holds it exclusively */
    e = errno;
    if (r == 0)
        flock(fd, LOCK_UN);
    close(fd);
    return r == 0 ? 0 : e == EWOULDBLOCK ? 1 : -1;
#else
    (void)path;
    return -1;
#endif
}

static int pid_alive(const ngr_record *s, ngf_id f)
{
    double p = 0;
    if (!ngr_num(s, f, &p) || p <= 1)
        return 0;
    return kill((pid_t)p, 0) == 0 || errno == EPERM;
}

/* the newest mtime of the target's directory and its logs, as UTC text */
static int last_activity(const ngr_record *s, char *out, size_t n)
{
    static const char *const sub[] = {"", "/logs", "/records", "/work", "/stages"};
    const char *dir = ngr_get(s, NGF_dir);
    time_t best = 0;
    size_t i;
    struct tm tm;
    if (!dir || strcmp(dir, "-") == 0)
        return 0;
    for (i = 0; i < sizeof sub / sizeof *sub; i++) {
        struct stat st;
        char *p = xasprintf("%s%s", dir, sub[i]);
        if (stat(p, &st) == 0 && st.st_mtime > best)
            best = st.st_mtime;
        free(p);
    }
    if (!best || !gmtime_r(&best, &tm))
        return 0;
    return strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0;
}

enum owner { NEVER, RUNNING, ELSEWHERE, GONE };

/* what became of target p of campaign c that has no 'done' record: the
 * newest start record says who started it; its lock (else its pid) on this
 * machine says whether that owner still runs it */
static enum owner owner_of(const ds_host *h, const char *c, const ngr_record *p, const ngr_record **start)
{
    struct utsname u;
    const char *m;
    size_t j;
    int held;
    *start = NULL;
    for (j = 0; j < h->nstarts; j++) {
        const ngr_record *s = &h->starts[j]->r;
        if (strcmp(s->campaign, c) == 0 && strcmp(s->operation, p->operation) == 0 &&
            strcmp(s->primitive, p->primitive) == 0 && strcmp(s->impl, p->impl) == 0 &&
            strcmp(s->compiler, p->compiler) == 0)
            *start = s; /* in file order: the last is the newest */
    }
    if (!*start)
        return NEVER;
    m = ngr_get(*start, NGF_machine);
    if (m && uname(&u) == 0 && strcmp(m, u.nodename) != 0)
        return ELSEWHERE;
    held = lock_held(ngr_get(*start, NGF_lock));
    if (held >= 0)
        return held ? RUNNING : GONE;
    return pid_alive(*start, NGF_pid) ? RUNNING : GONE;
}

size_t report_completeness(const dataset *d, const char *host, const char *campaign, buf *out, size_t *running)
{
    size_t hi, missing = 0;
    for (hi = 0; hi < d->nhosts; hi++) {
        const ds_host *h = &d->hosts[hi];
        size_t i, j;
        if (host && strcmp(h->name, host) != 0)
            continue;
        /* each campaign with a plan: its planned targets in plan order */
        for (i = 0; i < h->nplans; i++) {
            const char *c = h->plans[i]->r.campaign;
            const ngr_record **plan;
            size_t np = 0, k, done = 0, first = 1, live = 0;
            for (j = 0; j < i; j++)
                if (strcmp(h->plans[j]->r.campaign, c) == 0)
                    break;
            if (j < i || (campaign && strcmp(c, campaign) != 0))
                continue; /* seen, or not asked for */
            plan = xmalloc(h->nplans * sizeof *plan);
            for (j = i; j < h->nplans; j++)
                if (strcmp(h->plans[j]->r.campaign, c) == 0)
                    plan[np++] = &h->plans[j]->r;
            qsort(plan, np, sizeof *plan, by_order);
            for (k = 0; k < np; k++) {
                const ds_attempt *fin = NULL;
                const ngr_record *st;
                enum owner own;
                char last[32];
                for (j = 0; j < h->nattempts; j++) {
                    const ds_attempt *a = &h->attempts[j];
                    if (strcmp(a->campaign, c) == 0 && same_target(plan[k], a) && a->done)
                        fin = a;
                }
                if (fin) {
                    done++;
                    continue;
                }
                if (first) {
                    buf_printf(out, "\nnot finished in campaign %s on %s:\n", c, h->name);
                    first = 0;
                }
                own = owner_of(h, c, plan[k], &st);
                buf_printf(out, "  %s/%s/%s/%s: ", plan[k]->operation, plan[k]->primitive, plan[k]->impl,
                           plan[k]->compiler);
                if (own == RUNNING || own == ELSEWHERE) {
                    live++;
                    buf_printf(out, "running on %s since %s (pid %s%s)\n", ngr_get(st, NGF_machine) ? ngr_get(st, NGF_machine) : "?",
                               ngr_get(st, NGF_start) ? ngr_get(st, NGF_start) : "?",
                               ngr_get(st, NGF_pid) ? ngr_get(st, NGF_pid) : "?",
                               own == ELSEWHERE ? "; another machine: not checked from here" : "");
                    continue; /* its owner will finish it: nothing to requeue */
                }
                missing++;
                if (own == GONE)
                    buf_printf(out, "interrupted at %s (owner gone; started %s by pid %s on %s)",
                               last_activity(st, last, sizeof last) ? last : ngr_get(st, NGF_start) ? ngr_get(st, NGF_start) : "?",
                               ngr_get(st, NGF_start) ? ngr_get(st, NGF_start) : "?", ngr_get(st, NGF_pid) ? ngr_get(st, NGF_pid) : "?",
                               ngr_get(st, NGF_machine) ? ngr_get(st, NGF_machine) : "?");
                else
                    buf_puts(out, "never started");
                /* where it was assigned: its share in every split the campaign's runs used,
                 * and whether a run of that share (or of its job) started */
                {
                    unsigned long seen[64];
                    size_t nseen = 0, q;
                    char id[4 * NGR_NAME_MAX + 8];
                    snprintf(id, sizeof id, "%s/%s/%s/%s", plan[k]->operation, plan[k]->primitive, plan[k]->impl,
                             plan[k]->compiler);
                    for (j = 0; j < h->nruns; j++) {
                        const ngr_record *r = &h->runs[j]->r;
                        const char *sh = ngr_get(r, NGF_shard), *jb = ngr_get(r, NGF_job);
                        unsigned long kk, nn;
                        if (strcmp(r->campaign, c) != 0)
                            continue;
                        if (jb && strcmp(jb, id) == 0)
                            buf_printf(out, "; its job ran (started %s)", ngr_get(r, NGF_start) ? ngr_get(r, NGF_start) : "?");
                        if (!sh || sscanf(sh, "%lu/%lu", &kk, &nn) != 2 || nn == 0)
                            continue;
                        for (q = 0; q < nseen && seen[q] != nn; q++)
                            ;
                        if (q == nseen && nseen < 64)
                            seen[nseen++] = nn;
                    }
                    for (q = 0; q < nseen; q++) {
                        size_t mine = share_of(plan, np, k, seen[q]);
                        const char *when = NULL;
                        char want[48];
                        snprintf(want, sizeof want, "%lu/%lu", (unsigned long)mine, seen[q]);
                        for (j = 0; j < h->nruns; j++) {
                            const ngr_record *r = &h->runs[j]->r;
                            const char *sh = ngr_get(r, NGF_shard);
                            if (strcmp(r->campaign, c) == 0 && sh && strcmp(sh, want) == 0)
                                when = ngr_get(r, NGF_start) ? ngr_get(r, NGF_start) : "?";
                        }
                        if (when)
                            buf_printf(out, "; assigned to shard %s (last started %s)", want, when);
                        else
                            buf_printf(out, "; assigned to shard %s, which never ran", want);
                    }
                }
                buf_puts(out, "\n");
            }
            buf_printf(out, "%scampaign %s on %s: %lu planned, %lu finished", first ? "\n" : "", c, h->name,
                       (unsigned long)np, (unsigned long)done);
            if (live)
                buf_printf(out, ", %lu running", (unsigned long)live);
            buf_printf(out, "%s\n", done == np ? ", complete" : done + live == np ? ", running" : ", INCOMPLETE");
            if (running)
                *running += live;
            free(plan);
        }
    }
    return missing;
}
