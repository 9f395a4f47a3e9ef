/* runinfo.c - see runinfo.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runinfo.h"

/* the first run record of campaign on h (start before resume) */
static const ngr_record *run_of(const ds_host *h, const char *campaign)
{
    const ngr_record *best = NULL;
    size_t i;
    for (i = 0; i < h->nruns; i++) {
        const ngr_record *r = &h->runs[i]->r;
        const char *ev = ngr_get(r, NGF_event);
        if (strcmp(r->campaign, campaign) != 0)
            continue;
        if (!best || (ev && strcmp(ev, "start") == 0))
            best = r;
        if (ev && strcmp(ev, "start") == 0)
            break;
    }
    return best;
}

/* how many targets campaign planned on h (its plan records; 0 for records
 * older than the plan records) and how many of those finished */
static void completeness(const ds_host *h, const char *campaign, size_t *planned, size_t *finished)
{
    size_t i, j;
    *planned = *finished = 0;
    for (i = 0; i < h->nplans; i++) {
        const ngr_record *p = &h->plans[i]->r;
        if (strcmp(p->campaign, campaign) != 0)
            continue;
        ++*planned;
        for (j = 0; j < h->nattempts; j++) {
            const ds_attempt *a = &h->attempts[j];
            if (a->done && strcmp(a->campaign, campaign) == 0 && strcmp(a->operation, p->operation) == 0 &&
                strcmp(a->primitive, p->primitive) == 0 && strcmp(a->impl, p->impl) == 0 &&
                strcmp(a->compiler, p->compiler) == 0) {
                ++*finished;
                break;
            }
        }
    }
}

static void host_campaigns(const report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end, int named)
{
    const char **seen = xmalloc((end - first + 1) * sizeof *seen);
    size_t ns = 0, i, k;
    for (i = first; i < end; i++) {
        const ds_attempt *as[2];
        size_t a;
        as[0] = h->targets[i].sel;
        as[1] = h->targets[i].newer;
        for (a = 0; a < 2; a++) {
            const ngr_record *r;
            const char *v, *cm, *op, *q;
            buf b;
            if (!as[a])
                continue;
            for (k = 0; k < ns; k++)
                if (strcmp(seen[k], as[a]->campaign) == 0)
                    break;
            if (k < ns)
                continue;
            seen[ns++] = as[a]->campaign;
            r = run_of(h, as[a]->campaign);
            v = r ? ngr_get(r, NGF_version) : NULL;
            cm = r ? ngr_get(r, NGF_commit) : NULL;
            op = r ? ngr_get(r, NGF_options) : NULL;
            q = r ? ngr_get(r, NGF_quick) : NULL;
            buf_init(&b);
            buf_printf(&b, "Campaign %s%s%s (%s tier", as[a]->campaign, named ? " on " : "", named ? h->name : "",
                       q ? (strcmp(q, "1") == 0 ? "quick" : "full") : ds_tier_name(as[a]->tier));
            if (r && ngr_get(r, NGF_start))
                buf_printf(&b, ", started %s", ngr_get(r, NGF_start));
            buf_puts(&b, "): ");
            if (!v && !cm && !op)
                buf_puts(&b, "ngbench version, commit and options not recorded (records older than 0.2).");
            else
                buf_printf(&b, "ngbench %s, commit %s, options: %s.", v && *v ? v : "-", cm && *cm ? cm : "-",
                           op && *op ? op : "(none)");
            {
                size_t planned, finished;
                completeness(h, as[a]->campaign, &planned, &finished);
                if (finished < planned)
                    buf_printf(&b, " INCOMPLETE: %lu of its %lu planned targets did not finish (./do --summary, or "
                                   "ngbench-report status, lists them and where they were assigned).",
                               (unsigned long)(planned - finished), (unsigned long)planned);
            }
            doc_footer(d, buf_str(&b));
            buf_free(&b);
        }
    }
    free((void *)seen);
    (void)c;
}

void run_footer(const report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end)
{
    char *s = xasprintf("Made by ngbench's ./do (harness/build-impl, harness/run-target, measure/measure, "
                        "target/probe, target/profile); merged by ngbench-report %s (ngbench-report merge; "
                        "audit: ngbench-report check).",
                        c->version);
    doc_footer(d, s);
    free(s);
    if (h) {
        host_campaigns(c, d, h, first, end, 0);
    } else {
        size_t hi;
        for (hi = 0; hi < c->d->nhosts; hi++)
            host_campaigns(c, d, &c->d->hosts[hi], 0, c->d->hosts[hi].ntargets, 1);
    }
}
