/* ngbench-rec.c - the one writer and reader of ngbench records for scripts:
 * ./do, run-target and its stages, and the tests write and read records
 * through it, so the format has one owner (report/record.c, which
 * ngbench-report uses too and which is fuzzed). See --help and
 * doc/records.md. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "record.h"
#include "schema.h"

static const char *prog = "ngbench-rec";

static int usage(FILE *f, int code)
{
    fprintf(f,
            "usage: %s write [-H HOST] [-A ABI] [-D DATE] [-F SRC [-w KEY=VALUE]...] FILE OPERATION PRIMITIVE IMPL\n"
            "            COMPILER KIND [KEY=VALUE...]\n"
            "       %s get [-k KINDS] [-x KINDS] [-w KEY=VALUE]... [-f FIELDS] [-d] [--complete] [FILE...]\n"
            "       %s json [FILE...]\n"
            "       %s valid [FILE...]\n"
            "       %s rehost HOST [FILE...]\n"
            "       %s schema [--markdown|--man|--list|--check]\n"
            "       %s spec write FILE KEY=VALUE... | spec sh [-p PREFIX] FILE... |\n"
            "            spec get -f FIELDS [-w KEY=VALUE]... FILE... | spec check FILE...\n"
            "       %s line write KIND KEY=VALUE... | line get -k KIND -f FIELDS [-w KEY=VALUE]... [FILE...] |\n"
            "            line check FILE...\n"
            "\n"
            "write  appends one record to FILE ('-': standard output) in a single write:\n"
            "       the prefix, then the fields with their values encoded ('%%', space and\n"
            "       control characters as %%XX). The line is parsed back first: a record\n"
            "       this tool writes is one every reader accepts, or it is refused (exit 1).\n"
            "       HOST, ABI and DATE default to $NGBENCH_REC_HOST, $NGBENCH_REC_ABI and\n"
            "       $NGBENCH_REC_DATE, else today's UTC date; run records use '-' for\n"
            "       OPERATION, PRIMITIVE and IMPL.\n"
            "       With -F SRC, one record for each field line of kind KIND in SRC\n"
            "       ('-': standard input) whose fields match every -w KEY=VALUE: the\n"
            "       KEY=VALUE arguments first, then the line's fields, all checked; a\n"
            "       line that starts with KIND but does not pass is named and refused\n"
            "       (exit 1), other lines (samples, notes) are skipped.\n"
            "get    prints, for each record that matches, the FIELDS (comma-separated;\n"
            "       default: the whole line) separated by tabs, '-' for a missing field.\n"
            "       A field is a key, or a prefix field: @format, @host, @abi, @date,\n"
            "       @operation, @primitive, @implementation, @compiler, @kind, and @target\n"
            "       (operation/primitive/implementation/compiler). Values stay encoded\n"
            "       (no tab or newline can appear) unless -d decodes them.\n"
            "         -k KINDS      only these kinds (comma-separated)\n"
            "         -x KINDS      not these kinds\n"
            "         -w KEY=VALUE  only records whose field KEY (or @prefix field) is VALUE\n"
            "                       (repeatable)\n"
            "         --complete    only target records whose attempt reached its 'done'\n"
            "                       record in the input (and the run's own records)\n"
            "json   prints each record as a JSON object on a line of its own (prefix\n"
            "       fields by name, values decoded, numbers unquoted, a key that occurs\n"
            "       more than once as an array); a line that is not a record becomes\n"
            "       {\"invalid\": \"<line>\"}\n"
            "valid  reports every line that is not a well-formed record as FILE:LINE: why\n"
            "       (exit 1 if there is one)\n"
            "rehost prints every record with its host prefix field replaced by HOST, the\n"
            "       rest of the line byte for byte (to ship a campaign's records under a\n"
            "       name of their own, e.g. a reference dataset); a line that is not a\n"
            "       well-formed record is reported as FILE:LINE and dropped (exit 1)\n"
            "schema prints the record schema (report/schema.def: every kind, its fields,\n"
            "       their types, units and meanings) as the document doc/records.md\n"
            "       (--markdown, the default), as the page ngbench-records(5) (--man), as\n"
            "       tab-separated lines KIND FIELD TYPE UNIT FLAGS (--list), or checks it\n"
            "       (--check: exit 1 and the first problem)\n",
            prog, prog, prog, prog, prog, prog, prog, prog);
    fprintf(f,
            "spec   the target spec (doc/records.md, \"target\"): the one description of a\n"
            "       target, which ./do writes and run-target, the stages and build-impl read.\n"
            "       write appends a line of checked, encoded fields to FILE ('-': standard\n"
            "       output); sh prints every field of the FILE(s) as a shell assignment\n"
            "       PREFIX_KEY='value' (PREFIX T, KEY in upper case; a field twice is an\n"
            "       error), for eval; get prints one line per FILE: the FIELDS, looked up\n"
            "       across all of the file's lines, tab-separated and decoded (tab, newline\n"
            "       and %% as %%XX; empty when missing), of the files whose KEY is VALUE;\n"
            "       check reports every line that is not a valid spec\n"
            "       (exit 1)\n"
            "line   the field lines that ngbench's programs print (a record kind, then\n"
            "       that kind's KEY=VALUE fields, encoded; no prefix): write KIND\n"
            "       KEY=VALUE... prints one, checked; get -k KIND -f FIELDS [-w KEY=VALUE]...\n"
            "       [FILE...] prints the FIELDS (decoded, tab-separated, tab, newline and\n"
            "       %% as %%XX) of each KIND line, and refuses a field KIND does not have;\n"
            "       check FILE... reports every line that starts with a kind but does\n"
            "       not pass the schema (exit 1)\n"
            "Without FILE, get, json, valid, rehost and line get read standard input.\n");
    return code;
}

static void die(int code, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(code);
}

/* ---- write ---- */

/* -w KEY=VALUE options, gathered */
struct where {
    char **key, **val;
    size_t n;
};

static void where_add(struct where *w, const char *cmd, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        die(1, "%s: -w wants KEY=VALUE, not '%s'", cmd, arg);
    w->key = xrealloc(w->key, (w->n + 1) * sizeof *w->key);
    w->val = xrealloc(w->val, (w->n + 1) * sizeof *w->val);
    w->key[w->n] = xstrdup(arg);
    w->key[w->n][eq - arg] = 0;
    w->val[w->n++] = xstrdup(eq + 1);
}

static int where_match(const struct where *w, const ngr_record *r)
{
    size_t i;
    for (i = 0; i < w->n; i++) {
        const char *v = ngr_get_named(r, w->key[i]);
        if (!v || strcmp(v, w->val[i]) != 0)
            return 0;
    }
    return 1;
}

/* write -F SRC: every field line of SRC of the record's kind (and matching
 * -w) becomes one record, the command line's fields first */
static int write_from(buf *b, const char *const prefix[8], size_t n, char **kv, const char *src,
                      const struct where *w)
{
    FILE *f = strcmp(src, "-") == 0 ? stdin : fopen(src, "r");
    char *line = NULL;
    size_t cap = 0;
    unsigned long lineno = 0;
    ssize_t len;
    int rc = 0;
    ngk_id kid = ngs_kind_id(prefix[7]);
    if (!f)
        die(2, "write: %s: %s", src, strerror(errno));
    while ((len = getline(&line, &cap, f)) >= 0) {
        ngr_record r;
        const char *why = NULL;
        const char **all;
        size_t i;
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if (kid == NGK__NONE || ngr_line_kind(line, (size_t)len) != (int)kid)
            continue;
        if (ngr_line_parse(line, (size_t)len, &r, &why) != NGR_OK) {
            fprintf(stderr, "%s: write: %s:%lu: %s line refused: %s\n", prog, src, lineno, prefix[7],
                    why ? why : "malformed");
            rc = 1;
            continue;
        }
        if (!where_match(w, &r)) {
            ngr_free(&r);
            continue;
        }
        all = xcalloc(n + r.nfields + 1, sizeof *all);
        for (i = 0; i < n; i++)
            all[i] = kv[i];
        for (i = 0; i < r.nfields; i++)
            all[n + i] = xasprintf("%s=%s", r.fields[i].key, r.fields[i].value);
        if (ngr_format(b, prefix, n + r.nfields, all, &why) != 0) {
            fprintf(stderr, "%s: write: %s:%lu: %s: refused: %s\n", prog, src, lineno, prefix[7],
                    why ? why : "malformed");
            rc = 1;
        } else {
            buf_putc(b, '\n');
        }
        for (i = 0; i < r.nfields; i++)
            free((char *)all[n + i]);
        free(all);
        ngr_free(&r);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return rc;
}

static int cmd_write(int argc, char **argv)
{
    const char *host = getenv("NGBENCH_REC_HOST"), *abi = getenv("NGBENCH_REC_ABI");
    const char *date = getenv("NGBENCH_REC_DATE"), *why = NULL, *prefix[8], *from = NULL;
    char today[16];
    struct where wh = {NULL, NULL, 0};
    buf b;
    int c, fd, rc = 0;
    ssize_t w;
    optind = 1;
    while ((c = getopt(argc, argv, "+H:A:D:F:w:")) != -1) {
        switch (c) {
        case 'H': host = optarg; break;
        case 'A': abi = optarg; break;
        case 'D': date = optarg; break;
        case 'F': from = optarg; break;
        case 'w': where_add(&wh, "write", optarg); break;
        default: return usage(stderr, 1);
        }
    }
    if (argc - optind < 6)
        return usage(stderr, 1);
    if (!date || !*date) {
        time_t t = time(NULL);
        strftime(today, sizeof today, "%Y%m%d", gmtime(&t));
        date = today;
    }
    if (!host || !*host)
        die(1, "write: no host (-H or NGBENCH_REC_HOST)%s%s", "", "");
    if (!abi || !*abi)
        die(1, "write: no abi (-A or NGBENCH_REC_ABI)%s%s", "", "");
    prefix[0] = host, prefix[1] = abi, prefix[2] = date;
    prefix[3] = argv[optind + 1], prefix[4] = argv[optind + 2], prefix[5] = argv[optind + 3];
    prefix[6] = argv[optind + 4], prefix[7] = argv[optind + 5];
    buf_init(&b);
    if (from) {
        rc = write_from(&b, prefix, (size_t)(argc - optind - 6), argv + optind + 6, from, &wh);
        if (b.len == 0)
            return rc;
    } else {
        if (ngr_format(&b, prefix, (size_t)(argc - optind - 6), (const char *const *)argv + optind + 6, &why) != 0)
            die(1, "write: %s: refused: %s", argv[optind + 5], why ? why : "malformed");
        buf_putc(&b, '\n');
    }
    if (strcmp(argv[optind], "-") == 0) {
        fd = 1;
    } else {
        fd = open(argv[optind], O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd < 0)
            die(2, "%s: %s", argv[optind], strerror(errno));
    }
    w = write(fd, b.p, b.len);
    if (w != (ssize_t)b.len)
        die(2, "%s: %s", argv[optind], w < 0 ? strerror(errno) : "short write");
    if (fd != 1 && close(fd) != 0)
        die(2, "%s: %s", argv[optind], strerror(errno));
    buf_free(&b);
    return rc;
}

/* ---- reading: every line of every input ---- */

typedef int (*line_fn)(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx);

static int each_line(int nfiles, char **files, line_fn fn, void *ctx)
{
    int i, rc = 0;
    char *line = NULL;
    size_t cap = 0;
    for (i = 0; i < (nfiles ? nfiles : 1); i++) {
        const char *name = nfiles ? files[i] : "-";
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
        unsigned long lineno = 0;
        ssize_t n;
        if (!f) {
            fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
            rc = 2;
            continue;
        }
        while ((n = getline(&line, &cap, f)) >= 0) {
            lineno++;
            if (n > 0 && line[n - 1] == '\n')
                line[--n] = 0;
            if (fn(name, lineno, line, (size_t)n, ctx) != 0)
                rc = rc ? rc : 1;
        }
        if (f != stdin)
            fclose(f);
    }
    free(line);
    return rc;
}

/* ---- get ---- */

struct get {
    char **kinds, **notkinds;
    size_t nkinds, nnotkinds;
    char **wkey, **wval;
    size_t nw;
    char **fields;
    size_t nfields;
    int decode, complete, pass; /* pass 0: find the done attempts (--complete) */
    char **done;
    size_t ndone, capdone;
};

static char **split(const char *s, size_t *n)
{
    char **v = NULL, *copy = xstrdup(s), *p, *save = NULL;
    size_t cap = 0;
    *n = 0;
    for (p = strtok_r(copy, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        v = xgrow(v, &cap, *n + 1, sizeof *v);
        v[(*n)++] = p;
    }
    return v;
}

/* the raw (encoded) value of key in the line: its words are the fields */
static const char *field_raw(const char *line, const char *key, size_t *len)
{
    size_t kl = strlen(key);
    const char *p = line;
    int word = 0;
    while (*p) {
        const char *w;
        while (*p == ' ' || *p == '\t')
            p++;
        w = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (++word > 10 && (size_t)(p - w) > kl && strncmp(w, key, kl) == 0 && w[kl] == '=') {
            *len = (size_t)(p - w) - kl - 1;
            return w + kl + 1;
        }
    }
    return NULL;
}

/* a prefix field, named with '@' (@host, @kind, @target, ...), or NULL */
static const char *prefix_field(const ngr_record *r, const char *name, char *tmp, size_t size)
{
    if (name[0] != '@')
        return NULL;
    name++;
    if (strcmp(name, "format") == 0)
        return "1";
    if (strcmp(name, "host") == 0)
        return r->host;
    if (strcmp(name, "abi") == 0)
        return r->abi;
    if (strcmp(name, "date") == 0)
        return r->date;
    if (strcmp(name, "operation") == 0)
        return r->operation;
    if (strcmp(name, "primitive") == 0)
        return r->primitive;
    if (strcmp(name, "implementation") == 0 || strcmp(name, "impl") == 0)
        return r->impl;
    if (strcmp(name, "compiler") == 0)
        return r->compiler;
    if (strcmp(name, "kind") == 0)
        return r->kind;
    if (strcmp(name, "target") == 0) {
        snprintf(tmp, size, "%s/%s/%s/%s", r->operation, r->primitive, r->impl, r->compiler);
        return tmp;
    }
    return NULL;
}

static int is_done(struct get *g, const char *attempt)
{
    size_t i;
    for (i = 0; i < g->ndone; i++)
        if (strcmp(g->done[i], attempt) == 0)
            return 1;
    return 0;
}

static int get_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    struct get *g = ctx;
    ngr_record r;
    size_t i;
    char tmp[4 * NGR_NAME_MAX + 8];
    (void)file;
    (void)lineno;
    if (ngr_parse(line, len, &r, NULL) != NGR_OK)
        return 0;
    if (g->pass == 0) {
        if (r.kid == NGK_done && r.attempt) {
            g->done = xgrow(g->done, &g->capdone, g->ndone + 1, sizeof *g->done);
            g->done[g->ndone++] = xstrdup(r.attempt);
        }
        ngr_free(&r);
        return 0;
    }
    if (g->nkinds) {
        for (i = 0; i < g->nkinds && strcmp(g->kinds[i], r.kind) != 0; i++)
            ;
        if (i == g->nkinds)
            goto skip;
    }
    for (i = 0; i < g->nnotkinds; i++)
        if (strcmp(g->notkinds[i], r.kind) == 0)
            goto skip;
    for (i = 0; i < g->nw; i++) {
        const char *v = prefix_field(&r, g->wkey[i], tmp, sizeof tmp);
        if (!v)
            v = ngr_get_named(&r, g->wkey[i]);
        if (!v || strcmp(v, g->wval[i]) != 0)
            goto skip;
    }
    if (g->complete && ngr_target_kind(r.kind) && !is_done(g, r.attempt))
        goto skip;
    if (!g->nfields) {
        fwrite(line, 1, len, stdout);
    } else {
        for (i = 0; i < g->nfields; i++) {
            const char *v = prefix_field(&r, g->fields[i], tmp, sizeof tmp);
            size_t n;
            if (i)
                putchar('\t');
            if (v) {
                fputs(v, stdout);
            } else if (g->decode) {
                v = ngr_get_named(&r, g->fields[i]);
                fputs(v ? v : "-", stdout);
            } else {
                v = field_raw(line, g->fields[i], &n);
                if (v)
                    fwrite(v, 1, n, stdout);
                else
                    putchar('-');
            }
        }
    }
    putchar('\n');
skip:
    ngr_free(&r);
    return 0;
}

static int cmd_get(int argc, char **argv)
{
    static const struct option lo[] = {{"complete", no_argument, NULL, 'C'}, {NULL, 0, NULL, 0}};
    struct get g;
    int c, rc;
    memset(&g, 0, sizeof g);
    optind = 1;
    while ((c = getopt_long(argc, argv, "+k:x:w:f:d", lo, NULL)) != -1) {
        switch (c) {
        case 'k': g.kinds = split(optarg, &g.nkinds); break;
        case 'x': g.notkinds = split(optarg, &g.nnotkinds); break;
        case 'f': g.fields = split(optarg, &g.nfields); break;
        case 'd': g.decode = 1; break;
        case 'C': g.complete = 1; break;
        case 'w': {
            char *eq = strchr(optarg, '=');
            if (!eq)
                die(1, "get: -w wants KEY=VALUE, not '%s'%s", optarg, "");
            g.wkey = xrealloc(g.wkey, (g.nw + 1) * sizeof *g.wkey);
            g.wval = xrealloc(g.wval, (g.nw + 1) * sizeof *g.wval);
            g.wkey[g.nw] = xstrdup(optarg);
            g.wkey[g.nw][eq - optarg] = 0;
            g.wval[g.nw++] = eq + 1;
            break;
        }
        default: return usage(stderr, 1);
        }
    }
    if (g.complete) {
        if (argc == optind)
            die(1, "get: --complete needs FILE arguments (it reads them twice)%s%s", "", "");
        rc = each_line(argc - optind, argv + optind, get_line, &g);
        if (rc == 2)
            return 2;
    }
    g.pass = 1;
    rc = each_line(argc - optind, argv + optind, get_line, &g);
    return rc == 2 ? 2 : 0;
}

/* ---- json ---- */

/* a JSON number as the records write them: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][-+]?[0-9]+)?,
 * at most 15 characters (longer digit strings, like digests, stay strings) */
static int json_number(const char *s)
{
    const char *p = s;
    if (strlen(s) > 15)
        return 0;
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return 0;
    if (*p == '.') {
        if (!(*++p >= '0' && *p <= '9'))
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return *p == 0;
}

static void json_value(buf *b, const char *v)
{
    if (json_number(v))
        buf_puts(b, v);
    else
        buf_json(b, v);
}

static int json_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    buf *b = ctx;
    ngr_record r;
    size_t i, j;
    (void)file;
    (void)lineno;
    buf_reset(b);
    if (ngr_parse(line, len, &r, NULL) != NGR_OK) {
        char *copy = xmalloc(len + 1);
        memcpy(copy, line, len);
        copy[len] = 0;
        buf_puts(b, "{\"invalid\": ");
        buf_json(b, copy);
        buf_puts(b, "}\n");
        free(copy);
        fwrite(b->p, 1, b->len, stdout);
        return 0;
    }
    buf_puts(b, "{\"format\": 1, \"host\": ");
    buf_json(b, r.host);
    buf_puts(b, ", \"abi\": ");
    buf_json(b, r.abi);
    buf_puts(b, ", \"date\": ");
    buf_json(b, r.date);
    buf_puts(b, ", \"operation\": ");
    buf_json(b, r.operation);
    buf_puts(b, ", \"primitive\": ");
    buf_json(b, r.primitive);
    buf_puts(b, ", \"implementation\": ");
    buf_json(b, r.impl);
    buf_puts(b, ", \"compiler\": ");
    buf_json(b, r.compiler);
    buf_puts(b, ", \"kind\": ");
    buf_json(b, r.kind);
    for (i = 0; i < r.nfields; i++) {
        size_t count = 0;
        for (j = 0; j < i; j++)
            if (strcmp(r.fields[j].key, r.fields[i].key) == 0)
                break;
        if (j < i)
            continue; /* written with its first occurrence */
        for (j = i; j < r.nfields; j++)
            count += strcmp(r.fields[j].key, r.fields[i].key) == 0;
        buf_puts(b, ", ");
        buf_json(b, r.fields[i].key);
        buf_puts(b, ": ");
        if (count == 1) {
            json_value(b, r.fields[i].value);
        } else {
            int first = 1;
            buf_putc(b, '[');
            for (j = i; j < r.nfields; j++)
                if (strcmp(r.fields[j].key, r.fields[i].key) == 0) {
                    if (!first)
                        buf_puts(b, ", ");
                    json_value(b, r.fields[j].value);
                    first = 0;
                }
            buf_putc(b, ']');
        }
    }
    buf_puts(b, "}\n");
    fwrite(b->p, 1, b->len, stdout);
    ngr_free(&r);
    return 0;
}

static int valid_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    ngr_record r;
    const char *why = NULL;
    (void)ctx;
    if (ngr_parse(line, len, &r, &why) != NGR_OK) {
        printf("%s:%lu: %s\n", file, lineno, why ? why : "not a record");
        return 1;
    }
    ngr_free(&r);
    return 0;
}

/* ---- rehost: the same records under another host name ---- */

static int rehost_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    const char *host = ctx, *why = NULL, *p = line, *end = line + len;
    ngr_record r;
    buf b;
    int sp = 0;
    size_t keep = 0;
    if (ngr_parse(line, len, &r, &why) != NGR_OK) {
        fprintf(stderr, "%s: %s:%lu: not a record (%s): dropped\n", prog, file, lineno, why ? why : "?");
        return 1;
    }
    ngr_free(&r);
    /* the prefix is "ngbench FORMAT HOST ...": keep all but the third word */
    while (p < end && sp < 3) {
        if (*p == ' ' && ++sp == 2)
            keep = (size_t)(p - line) + 1;
        p++;
    }
    buf_init(&b);
    buf_printf(&b, "%.*s%s %.*s", (int)keep, line, host, (int)(end - p), p);
    if (ngr_parse(b.p, b.len, &r, &why) != NGR_OK) { /* cannot happen for a valid HOST: say so if it does */
        fprintf(stderr, "%s: %s:%lu: the renamed record does not parse (%s)\n", prog, file, lineno, why ? why : "?");
        buf_free(&b);
        return 1;
    }
    ngr_free(&r);
    buf_putc(&b, '\n');
    fwrite(b.p, 1, b.len, stdout);
    buf_free(&b);
    return 0;
}

/* ---- spec: the target spec (schema kind "target") ---- */

/* each line of the spec files, parsed; fn(line's record, ctx) */
static int each_spec(int nfiles, char **files, int (*fn)(const char *, unsigned long, const ngr_record *, void *),
                     void *ctx)
{
    int i, rc = 0;
    char *line = NULL;
    size_t cap = 0;
    for (i = 0; i < (nfiles ? nfiles : 1); i++) {
        const char *name = nfiles ? files[i] : "-";
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
        unsigned long lineno = 0;
        ssize_t n;
        if (!f) {
            fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
            rc = 2;
            continue;
        }
        while ((n = getline(&line, &cap, f)) >= 0) {
            ngr_record r;
            const char *why = NULL;
            lineno++;
            if (n > 0 && line[n - 1] == '\n')
                line[--n] = 0;
            if (n == 0 || line[0] == '#')
                continue;
            if (ngr_spec_parse(line, (size_t)n, &r, &why) != NGR_OK) {
                fprintf(stderr, "%s: %s:%lu: %s\n", prog, name, lineno, why ? why : "not a target spec");
                rc = rc ? rc : 1;
                continue;
            }
            if (fn(name, lineno, &r, ctx) != 0)
                rc = rc ? rc : 1;
            ngr_free(&r);
        }
        if (f != stdin)
            fclose(f);
    }
    free(line);
    return rc;
}

struct spec_sh {
    const char *prefix;
    int seen[NGF__COUNT];
};

static void sh_quote(const char *v)
{
    putchar('\'');
    for (; *v; v++) {
        if (*v == '\'')
            fputs("'\\''", stdout);
        else
            putchar(*v);
    }
    putchar('\'');
}

static int spec_sh_line(const char *file, unsigned long lineno, const ngr_record *r, void *ctx)
{
    struct spec_sh *s = ctx;
    size_t i;
    for (i = 0; i < r->nfields; i++) {
        const char *k;
        if (s->seen[r->fields[i].id]++) {
            fprintf(stderr, "%s: %s:%lu: %s is given twice in this spec\n", prog, file, lineno, r->fields[i].key);
            return 1;
        }
        printf("%s_", s->prefix);
        for (k = r->fields[i].key; *k; k++)
            putchar(*k >= 'a' && *k <= 'z' ? *k - 'a' + 'A' : *k);
        putchar('=');
        sh_quote(r->fields[i].value);
        putchar('\n');
    }
    return 0;
}

/* spec get: one line per spec FILE, its fields looked up across all of
 * the file's lines (a spec is the union of its lines: the campaign's line,
 * the target's, the attempt's) */
struct spec_get {
    char **fields, **wkey, **wval;
    size_t nfields, nw;
    const char *file; /* the file whose values are gathered */
    char **val, **wseen;
};

/* a value in a tab-separated line: tab, newline and '%' as %XX */
static void tsv_value(const char *v)
{
    for (; *v; v++) {
        if (*v == '\t' || *v == '\n' || *v == '\r' || *v == '%')
            printf("%%%02X", (unsigned char)*v);
        else
            putchar(*v);
    }
}

static void spec_get_flush(struct spec_get *g)
{
    size_t i;
    int match = g->file != NULL;
    for (i = 0; match && i < g->nw; i++)
        match = g->wseen[i] && strcmp(g->wseen[i], g->wval[i]) == 0;
    for (i = 0; match && i < g->nfields; i++) {
        if (i)
            putchar('\t');
        tsv_value(g->val[i] ? g->val[i] : "");
    }
    if (match)
        putchar('\n');
    for (i = 0; i < g->nfields; i++)
        free(g->val[i]), g->val[i] = NULL;
    for (i = 0; i < g->nw; i++)
        free(g->wseen[i]), g->wseen[i] = NULL;
    g->file = NULL;
}

static int spec_get_line(const char *file, unsigned long lineno, const ngr_record *r, void *ctx)
{
    struct spec_get *g = ctx;
    size_t i;
    (void)lineno;
    if (g->file != file)
        spec_get_flush(g);
    g->file = file;
    for (i = 0; i < g->nw; i++) {
        const char *v = ngr_get_named(r, g->wkey[i]);
        if (v)
            free(g->wseen[i]), g->wseen[i] = xstrdup(v);
    }
    for (i = 0; i < g->nfields; i++) {
        const char *v = ngr_get_named(r, g->fields[i]);
        if (v)
            free(g->val[i]), g->val[i] = xstrdup(v);
    }
    return 0;
}

static int spec_check_line(const char *file, unsigned long lineno, const ngr_record *r, void *ctx)
{
    (void)file, (void)lineno, (void)r, (void)ctx;
    return 0;
}

static int cmd_spec(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "";
    if (strcmp(sub, "write") == 0) {
        const char *why = NULL;
        buf b;
        int fd;
        if (argc < 3)
            return usage(stderr, 1);
        buf_init(&b);
        if (ngr_spec_format(&b, (size_t)(argc - 3), (const char *const *)argv + 3, &why) != 0)
            die(1, "spec write: refused: %s%s", why ? why : "malformed", "");
        buf_putc(&b, '\n');
        fd = strcmp(argv[2], "-") == 0 ? 1 : open(argv[2], O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd < 0)
            die(2, "%s: %s", argv[2], strerror(errno));
        if (write(fd, b.p, b.len) != (ssize_t)b.len)
            die(2, "%s: %s", argv[2], strerror(errno));
        if (fd != 1 && close(fd) != 0)
            die(2, "%s: %s", argv[2], strerror(errno));
        buf_free(&b);
        return 0;
    }
    if (strcmp(sub, "sh") == 0) {
        struct spec_sh s;
        int c;
        memset(&s, 0, sizeof s);
        s.prefix = "T";
        optind = 1;
        while ((c = getopt(argc - 1, argv + 1, "+p:")) != -1) {
            if (c != 'p')
                return usage(stderr, 1);
            s.prefix = optarg;
        }
        if (argc - 1 == optind)
            die(1, "spec sh wants the spec FILE(s)%s%s", "", "");
        return each_spec(argc - 1 - optind, argv + 1 + optind, spec_sh_line, &s);
    }
    if (strcmp(sub, "get") == 0) {
        struct spec_get g;
        int c;
        memset(&g, 0, sizeof g);
        optind = 1;
        while ((c = getopt(argc - 1, argv + 1, "+f:w:")) != -1) {
            if (c == 'f') {
                g.fields = split(optarg, &g.nfields);
            } else if (c == 'w') {
                char *eq = strchr(optarg, '=');
                if (!eq)
                    die(1, "spec get: -w wants KEY=VALUE, not '%s'%s", optarg, "");
                g.wkey = xrealloc(g.wkey, (g.nw + 1) * sizeof *g.wkey);
                g.wval = xrealloc(g.wval, (g.nw + 1) * sizeof *g.wval);
                g.wkey[g.nw] = xstrdup(optarg);
                g.wkey[g.nw][eq - optarg] = 0;
                g.wval[g.nw++] = eq + 1;
            } else {
                return usage(stderr, 1);
            }
        }
        if (!g.nfields)
            die(1, "spec get wants -f FIELDS%s%s", "", "");
        g.val = xcalloc(g.nfields, sizeof *g.val);
        g.wseen = xcalloc(g.nw ? g.nw : 1, sizeof *g.wseen);
        c = each_spec(argc - 1 - optind, argv + 1 + optind, spec_get_line, &g);
        spec_get_flush(&g);
        return c;
    }
    if (strcmp(sub, "check") == 0)
        return each_spec(argc - 2, argv + 2, spec_check_line, NULL);
    fprintf(stderr, "%s: spec: unknown command '%s' (write, sh, get, check; try --help)\n", prog, sub);
    return 1;
}

/* ---- line: the field lines programs print (record.h) ---- */

struct line_get {
    ngk_id kind;
    ngf_id *fields;
    size_t nfields;
    struct where wh;
    int bad;
};

static int line_get_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    struct line_get *g = ctx;
    ngr_record r;
    const char *why = NULL;
    size_t i;
    if (ngr_line_kind(line, len) != (int)g->kind)
        return 0;
    if (ngr_line_parse(line, len, &r, &why) != NGR_OK) {
        fprintf(stderr, "%s: %s:%lu: %s\n", prog, file, lineno, why ? why : "not a field line");
        return 1;
    }
    if (where_match(&g->wh, &r)) {
        for (i = 0; i < g->nfields; i++) {
            const char *v = ngr_get(&r, g->fields[i]);
            if (i)
                putchar('\t');
            tsv_value(v ? v : "");
        }
        putchar('\n');
    }
    ngr_free(&r);
    return 0;
}

static int line_check_line(const char *file, unsigned long lineno, const char *line, size_t len, void *ctx)
{
    ngr_record r;
    const char *why = NULL;
    (void)ctx;
    if (ngr_line_kind(line, len) == NGK__NONE)
        return 0;
    if (ngr_line_parse(line, len, &r, &why) != NGR_OK) {
        printf("%s:%lu: %s\n", file, lineno, why ? why : "not a field line");
        return 1;
    }
    ngr_free(&r);
    return 0;
}

static int cmd_line(int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "";
    if (strcmp(sub, "write") == 0) {
        const char *why = NULL;
        buf b;
        ngk_id kid = argc > 2 ? ngs_kind_id(argv[2]) : NGK__NONE;
        if (argc < 3)
            return usage(stderr, 1);
        buf_init(&b);
        if (kid == NGK__NONE || ngr_line_format(&b, kid, (size_t)(argc - 3), (const char *const *)argv + 3, &why) != 0)
            die(1, "line write: refused: %s%s", kid == NGK__NONE ? "no such kind" : why ? why : "malformed", "");
        puts(b.p);
        buf_free(&b);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (strcmp(sub, "get") == 0) {
        struct line_get g;
        char **names = NULL;
        size_t i;
        int c, rc;
        memset(&g, 0, sizeof g);
        g.kind = NGK__NONE;
        optind = 1;
        while ((c = getopt(argc - 1, argv + 1, "+k:f:w:")) != -1) {
            switch (c) {
            case 'k':
                g.kind = ngs_kind_id(optarg);
                if (g.kind == NGK__NONE || ngs_kinds[g.kind].scope == NGS_SPEC)
                    die(1, "line get: no record kind '%s' in the schema%s", optarg, "");
                break;
            case 'f': names = split(optarg, &g.nfields); break;
            case 'w': where_add(&g.wh, "line get", optarg); break;
            default: return usage(stderr, 1);
            }
        }
        if (g.kind == NGK__NONE || !names)
            die(1, "line get wants -k KIND and -f FIELDS%s%s", "", "");
        /* the names by the schema: a field the kind does not have is a typo */
        g.fields = xcalloc(g.nfields, sizeof *g.fields);
        for (i = 0; i < g.nfields; i++) {
            int id = ngs_name_id(names[i]);
            if (id < 0 || !ngs_field_of(g.kind, (ngf_id)id))
                die(1, "line get: %s lines have no field '%s' (report/schema.def)", ngs_kinds[g.kind].name, names[i]);
            g.fields[i] = (ngf_id)id;
        }
        rc = each_line(argc - 1 - optind, argv + 1 + optind, line_get_line, &g);
        return rc;
    }
    if (strcmp(sub, "check") == 0) {
        struct line_get g;
        memset(&g, 0, sizeof g);
        return each_line(argc - 2, argv + 2, line_check_line, &g);
    }
    fprintf(stderr, "%s: line: unknown command '%s' (write, get, check; try --help)\n", prog, sub);
    return 1;
}

/* ---- schema ---- */

static int cmd_schema(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "--markdown";
    char msg[200];
    int k;
    size_t i, n;
    if (argc > 2)
        return usage(stderr, 1);
    if (strcmp(mode, "--check") == 0) {
        const char *why = ngs_selfcheck(msg, sizeof msg);
        if (why) {
            fprintf(stderr, "%s: schema: %s\n", prog, why);
            return 1;
        }
        return 0;
    }
    if (strcmp(mode, "--list") == 0) {
        for (k = 0; k < NGK__COUNT; k++) {
            const ngs_field *fs = ngs_fields((ngk_id)k, &n);
            for (i = 0; i < n; i++)
                printf("%s\t%s\t%s\t%s\t%s\n", ngs_kinds[k].name, ngs_name(fs[i].name), ngs_type_name(fs[i].type),
                       fs[i].unit[0] ? fs[i].unit : "-", fs[i].flags & NGS_REPEAT ? "repeat" : "-");
        }
        return 0;
    }
    if (strcmp(mode, "--markdown") != 0 && strcmp(mode, "--man") != 0)
        return usage(stderr, 1);
    if (ngs_write_doc(stdout, strcmp(mode, "--man") == 0, NULL) != 0 || fflush(stdout) != 0) {
        fprintf(stderr, "%s: schema: cannot write: %s\n", prog, strerror(errno));
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))
        return usage(stdout, 0);
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("ngbench-rec (ngbench) %s\n", PACKAGE_VERSION);
        return 0;
    }
    if (argc < 2)
        return usage(stderr, 1);
    if (strcmp(argv[1], "write") == 0)
        return cmd_write(argc - 1, argv + 1);
    if (strcmp(argv[1], "get") == 0)
        return cmd_get(argc - 1, argv + 1);
    if (strcmp(argv[1], "json") == 0) {
        buf b;
        int rc;
        buf_init(&b);
        rc = each_line(argc - 2, argv + 2, json_line, &b);
        buf_free(&b);
        return rc == 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "valid") == 0)
        return each_line(argc - 2, argv + 2, valid_line, NULL);
    if (strcmp(argv[1], "rehost") == 0) {
        if (argc < 3 || !ngr_name_ok(argv[2])) {
            fprintf(stderr, "%s: rehost wants a host name ([A-Za-z0-9._+-], at most %d characters)%s%s\n", prog,
                    NGR_NAME_MAX, argc < 3 ? "" : ", not ", argc < 3 ? "" : argv[2]);
            return 2;
        }
        return each_line(argc - 3, argv + 3, rehost_line, argv[2]);
    }
    if (strcmp(argv[1], "schema") == 0)
        return cmd_schema(argc - 1, argv + 1);
    if (strcmp(argv[1], "spec") == 0)
        return cmd_spec(argc - 1, argv + 1);
    if (strcmp(argv[1], "line") == 0)
        return cmd_line(argc - 1, argv + 1);
    fprintf(stderr, "%s: unknown command '%s' (try --help)\n", prog, argv[1]);
    return 1;
}
