/* dataset.c - see dataset.h. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "dataset.h"

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_file(char ***files, size_t *n, size_t *cap, const char *path)
{
    *files = xgrow(*files, cap, *n + 1, sizeof **files);
    (*files)[(*n)++] = xstrdup(path);
}

int ds_find_inputs(const char *path, char ***files, size_t *nfiles)
{
    size_t cap = *nfiles, found = 0;
    char *p;
    DIR *dir;
    struct dirent *e;
    char **names = NULL;
    size_t nn = 0, ncap = 0, i;

    if (is_file(path)) {
        add_file(files, nfiles, &cap, path);
        return 1;
    }
    if (!is_dir(path))
        return -1;
    p = xasprintf("%s/data", path);
    if (is_file(p)) {
        add_file(files, nfiles, &cap, p);
        free(p);
        return 1;
    }
    free(p);
    dir = opendir(path);
    if (!dir)
        return -1;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        names = xgrow(names, &ncap, nn + 1, sizeof *names);
        names[nn++] = xstrdup(e->d_name);
    }
    closedir(dir);
    qsort(names, nn, sizeof *names, cmp_str);
    for (i = 0; i < nn; i++) {
        p = xasprintf("%s/%s/data", path, names[i]);
        if (is_file(p)) {
            add_file(files, nfiles, &cap, p);
            found++;
        }
        free(p);
        free(names[i]);
    }
    free(names);
    return (int)found;
}

/* ---- reading ---- */

static int read_all(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    char chunk[65536];
    size_t n;
    if (!f)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(b, chunk, n);
    if (ferror(f)) {
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}

static char *excerpt(const char *s, size_t n)
{
    buf b;
    size_t i, lim = n < 120 ? n : 120;
    buf_init(&b);
    for (i = 0; i < lim; i++) {
        unsigned char c = (unsigned char)s[i];
        buf_putc(&b, (c < 0x20 || c >= 0x7f) ? '?' : (char)c);
    }
    if (n > lim)
        buf_puts(&b, "...");
    if (!b.p)
        return xstrdup("");
    return b.p;
}

static char *dir_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    char *d;
    if (!slash)
        return xstrdup(".");
    if (slash == file)
        return xstrdup("/");
    d = xmalloc((size_t)(slash - file) + 1);
    memcpy(d, file, (size_t)(slash - file));
    d[slash - file] = 0;
    return d;
}

static int cmp_rec(const void *a, const void *b)
{
    const ds_rec *x = a, *y = b;
    int c = strcmp(x->line, y->line);
    if (c)
        return c;
    c = strcmp(x->file, y->file);
    if (c)
        return c;
    return (x->lineno > y->lineno) - (x->lineno < y->lineno);
}

/* ---- times ---- */

/* days since 1970-01-01 of a proleptic Gregorian date */
static long days_from_civil(long y, long m, long d)
{
    long era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int digits(const char *s, int n, long *v)
{
    int i;
    *v = 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        *v = *v * 10 + (s[i] - '0');
    }
    return 1;
}

double ds_time(const char *s)
{
    long y, mo, d, h, mi, se;
    if (!s)
        return -1;
    if (s[0] == 'a' && strlen(s) >= 15) {
        if (!digits(s + 1, 4, &y) || !digits(s + 5, 2, &mo) || !digits(s + 7, 2, &d) || !digits(s + 9, 2, &h) ||
            !digits(s + 11, 2, &mi) || !digits(s + 13, 2, &se))
            return -1;
    } else if (strlen(s) >= 19 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' && s[16] == ':') {
        if (!digits(s, 4, &y) || !digits(s + 5, 2, &mo) || !digits(s + 8, 2, &d) || !digits(s + 11, 2, &h) ||
            !digits(s + 14, 2, &mi) || !digits(s + 17, 2, &se))
            return -1;
    } else {
        return -1;
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60)
        return -1;
    return (double)days_from_civil(y, mo, d) * 86400.0 + (double)(h * 3600 + mi * 60 + se);
}

void ds_format_time(char *out, size_t n, double t)
{
    long days, secs, z, era, doe, yoe, y, doy, mp, d, m;
    /* beyond the year 9999 a time is nonsense from the data, not a date */
    if (!(t >= 0 && t < 253402300800.0)) {
        snprintf(out, n, "unknown");
        return;
    }
    days = (long)(t / 86400);
    secs = (long)(t - (double)days * 86400);
    z = days + 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp + (mp < 10 ? 3 : -9);
    y += m <= 2;
    snprintf(out, n, "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld", y, m, d, secs / 3600, secs / 60 % 60, secs % 60);
}

/* ---- grouping ---- */

static int cmp_host_rec(const void *a, const void *b)
{
    const ds_rec *x = *(ds_rec *const *)a, *y = *(ds_rec *const *)b;
    int c = strcmp(x->r.host, y->r.host);
    return c ? c : strcmp(x->line, y->line);
}

/* the attempt key: campaign, attempt, then the target it belongs to */
static int cmp_attempt_key(const ds_rec *x, const ds_rec *y)
{
    int c;
    if ((c = strcmp(x->r.campaign, y->r.campaign)) != 0)
        return c;
    if ((c = strcmp(x->r.attempt, y->r.attempt)) != 0)
        return c;
    if ((c = strcmp(x->r.operation, y->r.operation)) != 0)
        return c;
    if ((c = strcmp(x->r.primitive, y->r.primitive)) != 0)
        return c;
    if ((c = strcmp(x->r.impl, y->r.impl)) != 0)
        return c;
    return strcmp(x->r.compiler, y->r.compiler);
}

static int cmp_by_attempt(const void *a, const void *b)
{
    const ds_rec *x = *(ds_rec *const *)a, *y = *(ds_rec *const *)b;
    int c = cmp_attempt_key(x, y);
    return c ? c : strcmp(x->line, y->line);
}

void ds_scheme_of(const char *primitive, char *out)
{
    size_t n = strlen(primitive), e = n;
    if (n > NGR_NAME_MAX)
        n = e = NGR_NAME_MAX;
    memcpy(out, primitive, n);
    out[n] = 0;
    /* a parameter suffix: digits, optionally followed by one letter (160f) */
    if (e > 1 && isalpha((unsigned char)out[e - 1]) && isdigit((unsigned char)out[e - 2]))
        e--;
    while (e > 0 && isdigit((unsigned char)out[e - 1]))
        e--;
    if (e > 0 && e < n && (out[e - 1] == '_' || out[e - 1] == '-'))
        e--;
    if (e > 0)
        out[e] = 0;
}

const char *ds_tier_name(int tier)
{
    return tier == DS_TIER_QUICK ? "quick" : "full";
}

/* targets by scheme, operation, primitive, implementation, compiler (a
 * scheme's parameter sets are neighbours: its page covers them); a target's
 * attempts oldest first */
static int cmp_attempts(const void *a, const void *b)
{
    const ds_attempt *x = a, *y = b;
    char sx[NGR_NAME_MAX + 1], sy[NGR_NAME_MAX + 1];
    int c;
    ds_scheme_of(x->primitive, sx);
    ds_scheme_of(y->primitive, sy);
    if ((c = strcmp(sx, sy)) != 0)
        return c;
    if ((c = strcmp(x->operation, y->operation)) != 0)
        return c;
    if ((c = strcmp(x->primitive, y->primitive)) != 0)
        return c;
    if ((c = strcmp(x->impl, y->impl)) != 0)
        return c;
    if ((c = strcmp(x->compiler, y->compiler)) != 0)
        return c;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if ((c = strcmp(x->attempt, y->attempt)) != 0)
        return c;
    return strcmp(x->campaign, y->campaign);
}

static int attempt_tier(const ds_host *h, const ds_attempt *a)
{
    const ngr_record *k = ds_first(a, NGK_kat, NGF__NONE, NULL);
    const char *t = k ? ngr_get(k, NGF_tier) : NULL;
    size_t i;
    if (t) {
        /* rule once: the first record here because the full tier ran on the
         * implementation's first line: a full campaign's attempt all the same */
        const char *rule = ngr_get(k, NGF_rule);
        if (rule && strcmp(rule, "once") == 0)
            return DS_TIER_FULL;
        return strcmp(t, "quick") == 0 ? DS_TIER_QUICK : DS_TIER_FULL;
    }
    for (i = 0; i < h->nruns; i++) {
        const ngr_record *r = &h->runs[i]->r;
        const char *q = ngr_get(r, NGF_quick);
        if (q && strcmp(r->campaign, a->campaign) == 0)
            return strcmp(q, "1") == 0 ? DS_TIER_QUICK : DS_TIER_FULL;
    }
    return DS_TIER_FULL;
}

static void build_host(ds_host *h, ds_rec **recs, size_t n)
{
    size_t i, j, cap_r = 0, cap_h = 0, cap_c = 0, cap_a = 0, cap_t = 0, cap_p = 0, cap_s = 0;
    ds_rec **tr = xmalloc(n * sizeof *tr);
    size_t nt = 0;

    for (i = 0; i < n; i++) {
        ds_rec *r = recs[i];
        if (r->r.kid == NGK_run) {
            h->runs = xgrow(h->runs, &cap_r, h->nruns + 1, sizeof *h->runs);
            h->runs[h->nruns++] = r;
        } else if (r->r.kid == NGK_host) {
            h->hostinfo = xgrow(h->hostinfo, &cap_h, h->nhostinfo + 1, sizeof *h->hostinfo);
            h->hostinfo[h->nhostinfo++] = r;
        } else if (r->r.kid == NGK_compiler) {
            h->compilers = xgrow(h->compilers, &cap_c, h->ncompilers + 1, sizeof *h->compilers);
            h->compilers[h->ncompilers++] = r;
        } else if (r->r.kid == NGK_plan) {
            h->plans = xgrow(h->plans, &cap_p, h->nplans + 1, sizeof *h->plans);
            h->plans[h->nplans++] = r;
        } else if (r->r.kid == NGK_start) {
            h->starts = xgrow(h->starts, &cap_s, h->nstarts + 1, sizeof *h->starts);
            h->starts[h->nstarts++] = r;
        } else {
            tr[nt++] = r;
        }
    }
    qsort(tr, nt, sizeof *tr, cmp_by_attempt);
    for (i = 0; i < nt; i = j) {
        ds_attempt *a;
        size_t k;
        const ds_rec *first = tr[i], *where = tr[i];
        for (j = i + 1; j < nt && cmp_attempt_key(tr[j], first) == 0; j++)
            ;
        h->attempts = xgrow(h->attempts, &cap_a, h->nattempts + 1, sizeof *h->attempts);
        a = &h->attempts[h->nattempts++];
        memset(a, 0, sizeof *a);
        a->host = h->name;
        a->operation = first->r.operation;
        a->primitive = first->r.primitive;
        a->impl = first->r.impl;
        a->compiler = first->r.compiler;
        a->campaign = first->r.campaign;
        a->attempt = first->r.attempt;
        a->recs = xmalloc((j - i) * sizeof *a->recs);
        a->nrecs = j - i;
        memcpy(a->recs, tr + i, (j - i) * sizeof *a->recs);
        a->start = ds_time(a->attempt);
        for (k = 0; k < a->nrecs; k++) {
            const ngr_record *r = &a->recs[k]->r;
            if (r->kid == NGK_done) {
                a->done = 1;
                where = a->recs[k];
            } else if (r->kid == NGK_status) {
                ngr_num(r, NGF_seconds, &a->seconds);
            }
        }
        a->hostdir = where->hostdir;
        a->file = where->file;
        a->tier = attempt_tier(h, a);
    }
    free(tr);
    qsort(h->attempts, h->nattempts, sizeof *h->attempts, cmp_attempts);
    for (i = 0; i < h->nattempts; i = j) {
        ds_target *t;
        const ds_attempt *a = &h->attempts[i];
        for (j = i + 1; j < h->nattempts; j++) {
            const ds_attempt *b = &h->attempts[j];
            if (strcmp(a->primitive, b->primitive) || strcmp(a->operation, b->operation) ||
                strcmp(a->impl, b->impl) || strcmp(a->compiler, b->compiler))
                break;
        }
        h->targets = xgrow(h->targets, &cap_t, h->ntargets + 1, sizeof *h->targets);
        t = &h->targets[h->ntargets++];
        memset(t, 0, sizeof *t);
        t->operation = a->operation;
        t->primitive = a->primitive;
        t->impl = a->impl;
        t->compiler = a->compiler;
        ds_scheme_of(t->primitive, t->scheme);
        {
            size_t k;
            /* sorted oldest first: the newest of the highest tier wins */
            for (k = i; k < j; k++) {
                ds_attempt *x = &h->attempts[k];
                if (!x->done) {
                    t->nunfinished++;
                    continue;
                }
                t->nvalid++;
                if (!t->sel || x->tier >= t->sel->tier)
                    t->sel = x;
            }
            for (k = i; k < j; k++) {
                ds_attempt *x = &h->attempts[k];
                if (x->done && x > t->sel && x->tier < t->sel->tier)
                    t->newer = x; /* the newest such */
            }
        }
    }
}

int ds_load(dataset *d, char **files, size_t nfiles)
{
    size_t i, cap = 0, pcap = 0, nin = 0;
    int rc = 0;
    char **dirs;

    memset(d, 0, sizeof *d);
    d->files = xmalloc((nfiles ? nfiles : 1) * sizeof *d->files);
    for (i = 0; i < nfiles; i++)
        d->files[i] = xstrdup(files[i]);
    qsort(d->files, nfiles, sizeof *d->files, cmp_str);
    for (i = 0; i < nfiles; i++) {
        if (nin > 0 && strcmp(d->files[nin - 1], d->files[i]) == 0) {
            free(d->files[i]);
            continue;
        }
        d->files[nin++] = d->files[i];
    }
    d->nfiles = nin;
    d->dirs = dirs = xmalloc((nin ? nin : 1) * sizeof *dirs);

    for (i = 0; i < d->nfiles; i++) {
        buf b;
        size_t pos = 0;
        unsigned long lineno = 0;
        dirs[i] = dir_of(d->files[i]);
        buf_init(&b);
        if (read_all(d->files[i], &b) != 0) {
            fprintf(stderr, "ngbench-report: cannot read %s: %s\n", d->files[i], strerror(errno));
            buf_free(&b);
            rc = -1;
            continue;
        }
        while (pos < b.len) {
            const char *line = b.p + pos;
            const char *nl = memchr(line, '\n', b.len - pos);
            size_t len = nl ? (size_t)(nl - line) : b.len - pos;
            ngr_record r;
            const char *why;
            int st;
            pos += len + (nl ? 1 : 0);
            lineno++;
            d->lines++;
            st = ngr_parse(line, len, &r, &why);
            if (st == NGR_OK) {
                ds_rec *x;
                d->recs = xgrow(d->recs, &cap, d->nrecs + 1, sizeof *d->recs);
                x = &d->recs[d->nrecs++];
                x->r = r;
                x->line = xmalloc(len + 1);
                memcpy(x->line, line, len);
                x->line[len] = 0;
                x->file = d->files[i];
                x->lineno = lineno;
                x->hostdir = dirs[i];
            } else {
                ds_problem *p;
                d->problems = xgrow(d->problems, &pcap, d->nproblems + 1, sizeof *d->problems);
                p = &d->problems[d->nproblems++];
                p->file = d->files[i];
                p->lineno = lineno;
                p->status = st;
                p->why = why;
                p->excerpt = excerpt(line, len);
            }
        }
        buf_free(&b);
    }
    /* canonical order, one copy of each record */
    qsort(d->recs, d->nrecs, sizeof *d->recs, cmp_rec);
    {
        size_t w = 0;
        for (i = 0; i < d->nrecs; i++) {
            if (w > 0 && strcmp(d->recs[w - 1].line, d->recs[i].line) == 0) {
                ngr_free(&d->recs[i].r);
                free(d->recs[i].line);
                d->duplicates++;
                continue;
            }
            d->recs[w++] = d->recs[i];
        }
        d->nrecs = w;
    }

    /* hosts */
    {
        ds_rec **by = xmalloc((d->nrecs ? d->nrecs : 1) * sizeof *by);
        size_t hcap = 0, j;
        for (i = 0; i < d->nrecs; i++)
            by[i] = &d->recs[i];
        qsort(by, d->nrecs, sizeof *by, cmp_host_rec);
        for (i = 0; i < d->nrecs; i = j) {
            ds_host *h;
            for (j = i + 1; j < d->nrecs && strcmp(by[j]->r.host, by[i]->r.host) == 0; j++)
                ;
            d->hosts = xgrow(d->hosts, &hcap, d->nhosts + 1, sizeof *d->hosts);
            h = &d->hosts[d->nhosts++];
            memset(h, 0, sizeof *h);
            h->name = by[i]->r.host;
            build_host(h, by + i, j - i);
        }
        free(by);
    }
    return rc;
}

void ds_free(dataset *d)
{
    size_t i, j;
    for (i = 0; i < d->nhosts; i++) {
        ds_host *h = &d->hosts[i];
        for (j = 0; j < h->nattempts; j++)
            free(h->attempts[j].recs);
        free(h->attempts);
        free(h->targets);
        free(h->runs);
        free(h->hostinfo);
        free(h->compilers);
        free(h->plans);
        free(h->starts);
    }
    free(d->hosts);
    for (i = 0; i < d->nrecs; i++) {
        ngr_free(&d->recs[i].r);
        free(d->recs[i].line);
    }
    free(d->recs);
    for (i = 0; i < d->nproblems; i++)
        free(d->problems[i].excerpt);
    free(d->problems);
    for (i = 0; i < d->nfiles; i++) {
        free(d->files[i]);
        free(d->dirs[i]);
    }
    free(d->files);
    free(d->dirs);
    memset(d, 0, sizeof *d);
}

const ds_host *ds_find_host(const dataset *d, const char *name)
{
    size_t i;
    for (i = 0; i < d->nhosts; i++)
        if (strcmp(d->hosts[i].name, name) == 0)
            return &d->hosts[i];
    return NULL;
}

const ngr_record *ds_first(const ds_attempt *a, ngk_id kind, ngf_id key, const char *value)
{
    size_t i;
    if (!a)
        return NULL;
    for (i = 0; i < a->nrecs; i++) {
        const ngr_record *r = &a->recs[i]->r;
        const char *v;
        if (r->kid != kind)
            continue;
        if (key == NGF__NONE)
            return r;
        v = ngr_get(r, key);
        if (v && strcmp(v, value) == 0)
            return r;
    }
    return NULL;
}

double ds_campaign_start(const ds_host *h, const char *campaign)
{
    size_t i;
    double best = -1;
    for (i = 0; i < h->nruns; i++) {
        const ngr_record *r = &h->runs[i]->r;
        double t;
        if (strcmp(r->campaign, campaign) != 0)
            continue;
        t = ds_time(ngr_get(r, NGF_start));
        if (t >= 0 && (best < 0 || t < best))
            best = t;
    }
    return best;
}
