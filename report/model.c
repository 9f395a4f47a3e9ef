/* model.c - see model.h. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model.h"
#include "plots.h"
#include "table.h"
#include "units.h"

static const char *const sig_ops[] = {"keygen", "sign", "verify", NULL};
static const char *const kem_ops[] = {"keygen", "enc", "dec", NULL};

const char *const *ops_of(const char *operation)
{
    return is_kem(operation) ? kem_ops : sig_ops;
}

int is_kem(const char *operation)
{
    return strcmp(operation, "crypto_kem") == 0;
}

const char *function_of(const char *operation)
{
    return is_kem(operation) ? "public-key algorithm; function: key encapsulation"
                             : "public-key algorithm; function: digital signature";
}

char *algorithm_of(const char *primitive)
{
    char s[NGR_NAME_MAX + 1];
    ds_scheme_of(primitive, s);
    return xstrdup(s);
}

const char *target_status(const ds_target *t)
{
    const char *s = figs(t, NGK_status, NULL, NGF_status);
    return s ? s : "-";
}

int status_usable(const char *s)
{
    return strcmp(s, "PASS") == 0 || strcmp(s, "NOKAT") == 0;
}

const ngr_record *cycles_of(const ds_target *t, const char *op)
{
    return t ? ds_first(t->sel, NGK_cycles, NGF_op, op) : NULL;
}

double cyc(const ds_target *t, const char *op, ngf_id key)
{
    return fig(t, NGK_cycles, op, key);
}

const char *figs(const ds_target *t, ngk_id kind, const char *op, ngf_id key)
{
    const ngr_record *r;
    if (!t || !t->sel)
        return NULL;
    r = op ? ds_first(t->sel, kind, NGF_op, op) : ds_first(t->sel, kind, NGF__NONE, NULL);
    return r ? ngr_get(r, key) : NULL;
}

double fig(const ds_target *t, ngk_id kind, const char *op, ngf_id key)
{
    const ngr_record *r;
    double v;
    if (!t || !t->sel)
        return NAN;
    r = op ? ds_first(t->sel, kind, NGF_op, op) : ds_first(t->sel, kind, NGF__NONE, NULL);
    if (!r || !ngr_num(r, key, &v))
        return NAN;
    return v;
}

double min_cpu_share(const ds_target *t, const char *op, const char **raw)
{
    double best = NAN;
    size_t i;
    if (raw)
        *raw = NULL;
    if (!t || !t->sel)
        return NAN;
    for (i = 0; i < t->sel->nrecs; i++) {
        const ngr_record *r = &t->sel->recs[i]->r;
        const char *o = ngr_get_any(r, NGF_op);
        double v;
        if (r->kid != NGK_trial || !o || strcmp(o, op) != 0 || !ngr_num(r, NGF_cpu_share, &v))
            continue;
        /* ties keep the first in canonical order: deterministic */
        if (isnan(best) || v < best) {
            best = v;
            if (raw)
                *raw = ngr_get(r, NGF_cpu_share);
        }
    }
    return best;
}

int preempted(const ds_target *t, const char *op)
{
    const char *p = figs(t, NGK_cycles, op, NGF_preempted);
    return p && strcmp(p, "yes") == 0;
}

double headline(const ds_target *t, const char *op)
{
    double v = cyc(t, op, NGF_headline);
    return isnan(v) && !estimator(t, op) ? cyc(t, op, NGF_median) : v;
}

const char *headline_text(const ds_target *t, const char *op)
{
    const char *v = figs(t, NGK_cycles, op, NGF_headline);
    return v ? v : figs(t, NGK_cycles, op, NGF_median);
}

const char *estimator(const ds_target *t, const char *op)
{
    return figs(t, NGK_cycles, op, NGF_estimator);
}

int untrusted(const ds_target *t, const char *op)
{
    const char *e = estimator(t, op);
    if (e && (strcmp(e, "clean") == 0 || strcmp(e, "oncpu") == 0))
        return 0;
    return preempted(t, op);
}

const char *unit_of(const ds_target *t)
{
    const char *u = figs(t, NGK_counter, NULL, NGF_unit), *name = figs(t, NGK_counter, NULL, NGF_name);
    if (u)
        return u;
    return name && strcmp(name, "clock_gettime") == 0 ? "ns" : "cycles";
}

int any_estimator(const ds_host *h, size_t first, size_t end)
{
    size_t i, k;
    for (i = first; i < end; i++) {
        const ds_attempt *a = h->targets[i].sel;
        for (k = 0; a && k < a->nrecs; k++)
            if (a->recs[k]->r.kid == NGK_cycles && ngr_get(&a->recs[k]->r, NGF_estimator))
                return 1;
    }
    return 0;
}

int any_unit_not_cycles(const ds_host *h, size_t first, size_t end)
{
    size_t i;
    for (i = first; i < end; i++)
        if (h->targets[i].sel && ds_first(h->targets[i].sel, NGK_counter, NGF__NONE, NULL) &&
            strcmp(unit_of(&h->targets[i]), "cycles") != 0)
            return 1;
    return 0;
}

char *fmt_ticks(char *out, double v, const char *unit)
{
    fmt_cycles(out, v);
    if (unit && strcmp(unit, "cycles") != 0 && isfinite(v) && v >= 0) {
        size_t l = strlen(out);
        snprintf(out + l, UNITS_MAX + 8 - l, " %s", unit);
    }
    return out;
}

int ct_covers(const char *op)
{
    return strcmp(op, "verify") != 0;
}

const ngr_record *ct_of(const ds_target *t, const char *op)
{
    const ngr_record *r;
    if (!t || !t->sel || !ct_covers(op))
        return NULL;
    r = ds_first(t->sel, NGK_ct, NGF_op, op);
    return r ? r : ds_first(t->sel, NGK_ct, NGF_op, "all");
}

int ct_any(const ds_host *h, size_t first, size_t end)
{
    size_t i;
    for (i = first; i < end; i++)
        if (ds_first(h->targets[i].sel, NGK_ct, NGF__NONE, NULL))
            return 1;
    return 0;
}

const char *ct_where(const char *first)
{
    /* run-target writes "<memcheck's report> at <frame>"; the frame is what
     * a reader looks for */
    const char *p = first, *at = NULL;
    while ((p = strstr(p, " at ")) != NULL) {
        at = p + 4;
        p += 4;
    }
    return at && *at ? at : first;
}

void ct_verdict(const ngr_record *r, buf *out, int *mark)
{
    const char *res = ngr_get(r, NGF_result), *decl = ngr_get(r, NGF_declared);
    int declared = decl && strcmp(decl, "yes") == 0;
    if (!res)
        res = "?";
    if (strcmp(res, "pass") == 0) {
        buf_puts(out, declared ? "pass (declared constant-time)" : "pass");
        *mark = MARK_GOOD;
    } else if (strcmp(res, "fail") == 0) {
        const char *first = ngr_get(r, NGF_first), *errors = ngr_get(r, NGF_errors);
        buf_puts(out, "FAIL");
        if (first && *first)
            buf_printf(out, " at %s", ct_where(first));
        if (errors)
            buf_printf(out, ", %s error%s", errors, strcmp(errors, "1") == 0 ? "" : "s");
        if (declared)
            buf_puts(out, "; DECLARED constant-time");
        *mark = declared ? MARK_BAD : MARK_WARN;
    } else {
        const char *detail = ngr_get(r, NGF_detail);
        buf_printf(out, "%s%s%s", strcmp(res, "error") == 0 ? "error" : res, detail && *detail ? ": " : "",
                   detail ? detail : "");
        *mark = MARK_WARN;
    }
}

void prim_range(const ds_host *h, size_t i, size_t *end)
{
    size_t j;
    for (j = i + 1; j < h->ntargets; j++)
        if (strcmp(h->targets[j].primitive, h->targets[i].primitive) != 0 ||
            strcmp(h->targets[j].operation, h->targets[i].operation) != 0)
            break;
    *end = j;
}

void impl_range(const ds_host *h, size_t i, size_t end_prim, size_t *end)
{
    size_t j;
    for (j = i + 1; j < end_prim; j++)
        if (strcmp(h->targets[j].impl, h->targets[i].impl) != 0 ||
            strcmp(h->targets[j].primitive, h->targets[i].primitive) != 0)
            break;
    *end = j;
}

void scheme_range(const ds_host *h, size_t i, size_t *end)
{
    size_t j;
    for (j = i + 1; j < h->ntargets; j++)
        if (strcmp(h->targets[j].scheme, h->targets[i].scheme) != 0 ||
            strcmp(h->targets[j].operation, h->targets[i].operation) != 0)
            break;
    *end = j;
}

size_t primitive_count(const ds_host *h, size_t first, size_t end)
{
    size_t i, n = 0;
    for (i = first; i < end; i++)
        if (i == first || strcmp(h->targets[i].primitive, h->targets[i - 1].primitive) != 0)
            n++;
    return n;
}

const ds_target *best_line(const ds_host *h, size_t first, size_t end, const char *op, int *usable)
{
    const ds_target *best = NULL;
    double bv = INFINITY;
    int pass;
    *usable = 0;
    /* passes: validated and not preempted, validated, not preempted, any */
    for (pass = 3; pass >= 0 && !best; pass--) {
        size_t i;
        for (i = first; i < end; i++) {
            const ds_target *t = &h->targets[i];
            double v = headline(t, op);
            if ((pass & 2) && !status_usable(target_status(t)))
                continue;
            if ((pass & 1) && untrusted(t, op))
                continue;
            /* ties go to the first line in order: deterministic */
            if (isfinite(v) && v < bv) {
                bv = v;
                best = t;
            }
        }
        if (best)
            *usable = (pass & 2) != 0;
    }
    return best;
}

const ds_target *fastest_preempted(const ds_host *h, size_t first, size_t end, const char *op,
                                   const ds_target *best)
{
    const ds_target *f = NULL;
    double bv = best ? headline(best, op) : INFINITY;
    size_t i;
    if (!best || untrusted(best, op))
        return NULL;
    for (i = first; i < end; i++) {
        const ds_target *t = &h->targets[i];
        double v = headline(t, op);
        if (untrusted(t, op) && isfinite(v) && v < bv &&
            status_usable(target_status(t)) >= status_usable(target_status(best))) {
            bv = v;
            f = t;
        }
    }
    return f;
}

static const ngr_record *compiler_rec(const ds_host *h, const char *compiler, const char *campaign);

const char *reference_command(const report_ctx *c, const ds_host *h)
{
    const ngr_record *r = compiler_rec(h, c->reference, NULL);
    size_t i;
    for (i = 0; !r && i < c->d->nhosts; i++)
        r = compiler_rec(&c->d->hosts[i], c->reference, NULL);
    return r ? ngr_get(r, NGF_command) : NULL;
}

int is_reference(const report_ctx *c, const ds_host *h, const ds_target *t)
{
    const char *cmd;
    if (strcmp(t->compiler, c->reference) == 0)
        return 1;
    /* a line with the reference's exact command counts too, whatever its id */
    cmd = reference_command(c, h);
    return cmd && *cmd && strcmp(compiler_command(h, t), cmd) == 0;
}

const ds_target *reference_line(const report_ctx *c, const ds_host *h, size_t first, size_t end)
{
    size_t i;
    for (i = first; i < end; i++)
        if (strcmp(h->targets[i].compiler, c->reference) == 0)
            return &h->targets[i];
    for (i = first; i < end; i++)
        if (is_reference(c, h, &h->targets[i]))
            return &h->targets[i];
    return NULL;
}

static const ngr_record *compiler_rec(const ds_host *h, const char *compiler, const char *campaign)
{
    size_t i;
    const ngr_record *any = NULL;
    for (i = 0; i < h->ncompilers; i++) {
        const ngr_record *r = &h->compilers[i]->r;
        if (strcmp(r->compiler, compiler) != 0)
            continue;
        if (campaign && strcmp(r->campaign, campaign) == 0)
            return r;
        if (!any || strcmp(r->campaign, any->campaign) > 0)
            any = r;
    }
    return any;
}

const char *compiler_command(const ds_host *h, const ds_target *t)
{
    const ngr_record *r = compiler_rec(h, t->compiler, t->sel ? t->sel->campaign : NULL);
    const char *v = r ? ngr_get(r, NGF_command) : NULL;
    return v ? v : "";
}

const char *compiler_version(const ds_host *h, const char *compiler, const char *campaign)
{
    const ngr_record *r = compiler_rec(h, compiler, campaign);
    const char *v = r ? ngr_get(r, NGF_version) : NULL;
    return v ? v : "";
}

const ngr_record *host_record(const ds_host *h, const char *campaign)
{
    size_t i;
    const ngr_record *newest = NULL;
    double nt = -2;
    for (i = 0; i < h->nhostinfo; i++) {
        const ngr_record *r = &h->hostinfo[i]->r;
        double t;
        if (campaign && strcmp(r->campaign, campaign) == 0)
            return r;
        t = ds_campaign_start(h, r->campaign);
        if (!newest || t > nt || (t == nt && strcmp(r->campaign, newest->campaign) > 0)) {
            newest = r;
            nt = t;
        }
    }
    return newest;
}

const char *kat_field(const char *what)
{
    if (strcmp(what, "pk") == 0)
        return "PK_Len";
    if (strcmp(what, "sk") == 0)
        return "SK_Len";
    if (strcmp(what, "sn") == 0)
        return "Sn_Len";
    if (strcmp(what, "ct") == 0)
        return "CT_Len";
    if (strcmp(what, "ss") == 0)
        return "SS_Len";
    return "";
}

static double num_or_nan(const ngr_record *r, ngf_id key)
{
    double v;
    return ngr_num(r, key, &v) ? v : NAN;
}

void size_of(const ds_target *t, const char *what, size_info *s)
{
    size_t i;
    s->produced = s->claimed = s->kmin = s->kmax = s->rmin = s->rmax = NAN;
    if (!t || !t->sel)
        return;
    for (i = 0; i < t->sel->nrecs; i++) {
        const ngr_record *r = &t->sel->recs[i]->r;
        const char *w;
        if (r->kid == NGK_size && (w = ngr_get(r, NGF_what)) != NULL) {
            if (strcmp(w, what) == 0) {
                s->produced = num_or_nan(r, NGF_produced);
                s->claimed = num_or_nan(r, NGF_claimed);
            } else if (strcmp(what, "sn") == 0 && strcmp(w, "sn-range") == 0) {
                s->rmin = num_or_nan(r, NGF_min);
                s->rmax = num_or_nan(r, NGF_max);
            }
        } else if (r->kid == NGK_katsize && (w = ngr_get(r, NGF_field)) != NULL &&
                   strcmp(w, kat_field(what)) == 0) {
            s->kmin = num_or_nan(r, NGF_min);
            s->kmax = num_or_nan(r, NGF_max);
        }
    }
}

/* name, or name-kem when t is a KEM and a signature target of h has the same
 * name (by same(): primitive or scheme) */
static const char *file_id(const ds_host *h, const ds_target *t, char *out, size_t n, int scheme)
{
    size_t i;
    const char *name = scheme ? t->scheme : t->primitive;
    for (i = 0; is_kem(t->operation) && i < h->ntargets; i++) {
        const ds_target *x = &h->targets[i];
        if (strcmp(scheme ? x->scheme : x->primitive, name) == 0 && !is_kem(x->operation)) {
            snprintf(out, n, "%s-kem", name);
            return out;
        }
    }
    snprintf(out, n, "%s", name);
    return out;
}

const char *page_id(const ds_host *h, const ds_target *t, char *out, size_t n)
{
    return file_id(h, t, out, n, 1);
}

const char *prim_id(const ds_host *h, const ds_target *t, char *out, size_t n)
{
    return file_id(h, t, out, n, 0);
}

size_t compiler_list(const ds_host *h, size_t first, size_t end, const char ***out)
{
    const char **ids = xmalloc((end - first + 1) * sizeof *ids);
    size_t n = 0, i, k;
    for (i = first; i < end; i++) {
        for (k = 0; k < n; k++)
            if (strcmp(ids[k], h->targets[i].compiler) == 0)
                break;
        if (k == n)
            ids[n++] = h->targets[i].compiler;
    }
    /* insertion sort: a handful of lines */
    for (k = 1; k < n; k++) {
        const char *x = ids[k];
        size_t m = k;
        while (m > 0 && strcmp(ids[m - 1], x) > 0) {
            ids[m] = ids[m - 1];
            m--;
        }
        ids[m] = x;
    }
    *out = ids;
    return n;
}


size_t all_primitives(const dataset *d, const char ***out)
{
    const char **p = NULL;
    size_t n = 0, cap = 0, hi, i, k;
    for (hi = 0; hi < d->nhosts; hi++)
        for (i = 0; i < d->hosts[hi].ntargets; i++) {
            const char *x = d->hosts[hi].targets[i].primitive;
            for (k = 0; k < n; k++)
                if (strcmp(p[k], x) == 0)
                    break;
            if (k < n)
                continue;
            p = xgrow(p, &cap, n + 1, sizeof *p);
            p[n++] = x;
        }
    for (k = 1; k < n; k++) {
        const char *x = p[k];
        size_t m = k;
        while (m > 0 && strcmp(p[m - 1], x) > 0) {
            p[m] = p[m - 1];
            m--;
        }
        p[m] = x;
    }
    *out = p;
    return n;
}

const char *compiler_color(const dataset *d, const char *compiler)
{
    const char **ids = NULL;
    size_t n = 0, cap = 0, hi, i, k, rank = 0;
    for (hi = 0; hi < d->nhosts; hi++) {
        for (i = 0; i < d->hosts[hi].ntargets; i++) {
            const char *x = d->hosts[hi].targets[i].compiler;
            for (k = 0; k < n; k++)
                if (strcmp(ids[k], x) == 0)
                    break;
            if (k == n) {
                ids = xgrow(ids, &cap, n + 1, sizeof *ids);
                ids[n++] = x;
            }
        }
    }
    for (k = 0; k < n; k++)
        if (strcmp(ids[k], compiler) < 0)
            rank++;
    free((void *)ids);
    return plot_color(rank);
}
