/* record.c - see record.h. The line is copied once into rec->mem, split in
 * place and decoded in place, so a record is a single allocation. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "record.h"

int ngr_known_kind(const char *kind)
{
    ngk_id k = ngs_kind_id(kind);
    return k != NGK__NONE && ngs_kinds[k].scope != NGS_SPEC;
}

int ngr_target_kind(const char *kind)
{
    ngk_id k = ngs_kind_id(kind);
    /* a kind this tool does not know is treated as a target's (it needs an attempt) */
    return k == NGK__NONE || ngs_kinds[k].scope == NGS_TARGET;
}

static int in_set(int c, const char *extra)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr(extra, c) != NULL);
}

/* a name that is safe as a path component: [A-Za-z0-9._+-]+, not starting
 * with '.', at most NGR_NAME_MAX characters */
static int name_ok(const char *s)
{
    const char *p;
    if (!*s || *s == '.' || strlen(s) > NGR_NAME_MAX)
        return 0;
    for (p = s; *p; p++)
        if (!in_set((unsigned char)*p, "._+-"))
            return 0;
    return 1;
}

static int word_ok(const char *s, const char *extra)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!in_set((unsigned char)*s, extra))
            return 0;
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* The writer (ngr_format) encodes '%', space and every control character
 * as %XX, so every %XX decodes; a '%' the writer did not write (no two hex
 * digits after it) is left as it is. Older writers encoded '%', space, tab
 * and newline only, which reads the same. A decoded NUL would cut the
 * value: it stays encoded. */
static void decode(char *s)
{
    char *w = s;
    while (*s) {
        if (s[0] == '%' && hexval((unsigned char)s[1]) >= 0 && hexval((unsigned char)s[2]) >= 0) {
            int v = hexval((unsigned char)s[1]) * 16 + hexval((unsigned char)s[2]);
            if (v != 0) {
                *w++ = (char)v;
                s += 3;
                continue;
            }
        }
        *w++ = *s++;
    }
    *w = 0;
}

int ngr_name_ok(const char *s)
{
    return name_ok(s);
}

static void encode(buf *b, const char *v)
{
    for (; *v; v++) {
        unsigned char c = (unsigned char)*v;
        if (c == '%' || c == ' ' || c < 0x20 || c == 0x7f)
            buf_printf(b, "%%%02X", c);
        else
            buf_putc(b, (char)c);
    }
}

/* the fields kv[0..n) of a kind-kid record (or spec), each " key=value" with
 * the value encoded, appended to b; checked against the schema: a field the
 * kind has, of its type, once unless it may repeat. 0, or -1 with *why. */
static int format_fields(buf *b, ngk_id kid, const char *kind, size_t n, const char *const *kv, const char **why)
{
    static char msg[160];
    size_t i, j, k;
    for (i = 0; i < n; i++) {
        const char *eq = strchr(kv[i], '=');
        char key[64];
        const ngs_field *f;
        int id;
        if (!eq || eq == kv[i]) {
            *why = "a field is not key=value";
            return -1;
        }
        for (k = 0; kv[i] + k < eq; k++)
            if (!in_set((unsigned char)kv[i][k], "_")) {
                *why = "a field name is not [A-Za-z0-9_]";
                return -1;
            }
        snprintf(key, sizeof key, "%.*s", (int)(eq - kv[i]), kv[i]);
        id = (size_t)(eq - kv[i]) < sizeof key ? ngs_name_id(key) : -1;
        f = id >= 0 ? ngs_field_of(kid, (ngf_id)id) : NULL;
        if (!f) {
            snprintf(msg, sizeof msg, "%s %s have no field '%.40s'%s (report/schema.def)", kind,
                     ngs_kinds[kid].scope == NGS_SPEC ? "specs" : "records", key,
                     ngs_prefix_name(key) ? ": it would repeat a prefix column" : "");
            *why = msg;
            return -1;
        }
        if (ngs_value_why(f, eq + 1)) {
            snprintf(msg, sizeof msg, "%s=%.40s: %s (the schema says %s)", key, eq + 1, ngs_value_why(f, eq + 1),
                     ngs_type_name(f->type));
            *why = msg;
            return -1;
        }
        for (j = 0; j < i && !(f->flags & NGS_REPEAT); j++)
            if (strncmp(kv[j], kv[i], (size_t)(eq - kv[i]) + 1) == 0) {
                snprintf(msg, sizeof msg, "the field %s occurs twice", key);
                *why = msg;
                return -1;
            }
        buf_putc(b, ' ');
        buf_add(b, kv[i], (size_t)(eq - kv[i]) + 1);
        encode(b, eq + 1);
    }
    return 0;
}

int ngr_format(buf *b, const char *const prefix[8], size_t n, const char *const *kv, const char **why)
{
    static const char *const names[8] = {"bad host", "bad abi", "bad date", "bad operation", "bad primitive",
                                         "bad implementation", "bad compiler id", "bad kind"};
    size_t i, start = b->len;
    ngr_record rec;
    int st;
    static char msg[160];
    ngk_id kid = ngs_kind_id(prefix[7]);
    if (kid == NGK__NONE || ngs_kinds[kid].scope == NGS_SPEC) {
        snprintf(msg, sizeof msg, "unknown kind '%.40s' (not in report/schema.def)", prefix[7]);
        *why = msg;
        return -1;
    }
    buf_puts(b, "ngbench 1");
    for (i = 0; i < 8; i++) {
        const char *w = prefix[i];
        if (!*w || strpbrk(w, " \t%")) { /* control characters: the parse below refuses them */
            *why = names[i];
            goto bad;
        }
        buf_putc(b, ' ');
        buf_puts(b, w);
    }
    if (format_fields(b, kid, prefix[7], n, kv, why) != 0)
        goto bad;
    /* what is written must read back: the one check of every writer */
    st = ngr_parse(b->p + start, b->len - start, &rec, why);
    if (st != NGR_OK)
        goto bad;
    ngr_free(&rec);
    return 0;
bad:
    b->len = start;
    if (b->p)
        b->p[start] = 0;
    return -1;
}

int ngr_is_number(const char *s)
{
    const char *p = s;
    int digits = 0;
    if (*p == '-')
        p++;
    while (*p >= '0' && *p <= '9') {
        p++;
        digits++;
    }
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9') {
            p++;
            digits++;
        }
    }
    if (digits == 0)
        return 0;
    if (*p == 'e' || *p == 'E') {
        int ed = 0;
        p++;
        if (*p == '+' || *p == '-')
            p++;
        while (*p >= '0' && *p <= '9') {
            p++;
            ed++;
        }
        if (!ed)
            return 0;
    }
    return *p == 0;
}

static int fail(ngr_record *rec, const char **why, const char *msg, int status)
{
    free(rec->mem);
    free(rec->fields);
    memset(rec, 0, sizeof *rec);
    *why = msg;
    return status;
}

int ngr_parse(const char *line, size_t len, ngr_record *rec, const char **why)
{
    char *words[10];
    size_t i, nw = 0, nfields = 0;
    char *p, *end;
    static const char *dummy;
    int target;

    if (!why)
        why = &dummy;
    memset(rec, 0, sizeof *rec);
    *why = NULL;
    if (len == 0)
        return fail(rec, why, "empty line", NGR_CORRUPT);
    if (len > NGR_MAX_LINE)
        return fail(rec, why, "line too long", NGR_CORRUPT);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return fail(rec, why, "control character in line", NGR_CORRUPT);
    }
    if (len < 8 || memcmp(line, "ngbench", 7) != 0 || (line[7] != ' ' && line[7] != '\t'))
        return fail(rec, why, "no 'ngbench' prefix (a cut-off write?)", NGR_CORRUPT);
    rec->mem = xmalloc(len + 1);
    memcpy(rec->mem, line, len);
    rec->mem[len] = 0;

    /* the prefix: ten words */
    p = rec->mem;
    end = rec->mem + len;
    while (nw < 10) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (p == end)
            break;
        words[nw++] = p;
        while (p < end && *p != ' ' && *p != '\t')
            p++;
        if (p < end)
            *p++ = 0;
    }
    if (nw < 10)
        return fail(rec, why, "fewer than ten prefix fields", NGR_CORRUPT);
    if (!word_ok(words[1], ""))
        return fail(rec, why, "format version is not a number", NGR_CORRUPT);
    if (strcmp(words[1], "1") != 0)
        return fail(rec, why, "unknown record format version", NGR_UNKNOWN_FORMAT);
    rec->format = 1;
    rec->host = words[2];
    rec->abi = words[3];
    rec->date = words[4];
    rec->operation = words[5];
    rec->primitive = words[6];
    rec->impl = words[7];
    rec->compiler = words[8];
    rec->kind = words[9];
    if (!name_ok(rec->host))
        return fail(rec, why, "bad host name", NGR_CORRUPT);
    if (!word_ok(rec->abi, "_"))
        return fail(rec, why, "bad abi", NGR_CORRUPT);
    if (strlen(rec->date) != 8 || !word_ok(rec->date, "") || strspn(rec->date, "0123456789") != 8)
        return fail(rec, why, "bad date", NGR_CORRUPT);
    if (!word_ok(rec->kind, "_"))
        return fail(rec, why, "bad kind", NGR_CORRUPT);

    /* the key=value fields */
    {
        char *q = p;
        size_t n = 0;
        while (q < end) {
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (q == end)
                break;
            n++;
            while (q < end && *q != ' ' && *q != '\t')
                q++;
        }
        nfields = n;
    }
    rec->fields = xcalloc(nfields ? nfields : 1, sizeof *rec->fields);
    for (i = 0; i < nfields; i++) {
        char *eq, *w;
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        w = p;
        while (p < end && *p != ' ' && *p != '\t')
            p++;
        if (p < end)
            *p++ = 0;
        eq = strchr(w, '=');
        if (!eq)
            return fail(rec, why, "a field without '='", NGR_CORRUPT);
        *eq = 0;
        if (!word_ok(w, "_"))
            return fail(rec, why, "bad field name", NGR_CORRUPT);
        decode(eq + 1);
        rec->fields[i].key = w;
        rec->fields[i].value = eq + 1;
    }
    rec->nfields = nfields;

    rec->kid = ngs_kind_id(rec->kind);
    if (rec->kid == NGK__NONE || ngs_kinds[rec->kid].scope == NGS_SPEC)
        return fail(rec, why, "unknown record kind", NGR_UNKNOWN_KIND);
    /* every field by its schema name; older data's legacy fields dropped */
    {
        static char msg[128];
        size_t k = 0;
        for (i = 0; i < nfields; i++) {
            int id = ngs_name_id(rec->fields[i].key);
            if (id < 0 || !ngs_field_of(rec->kid, (ngf_id)id)) {
                if (ngs_legacy(rec->kid, rec->fields[i].key))
                    continue;
                snprintf(msg, sizeof msg, "a %s record with the field '%.40s', which the schema does not give it",
                         rec->kind, rec->fields[i].key);
                return fail(rec, why, msg, NGR_UNKNOWN_FIELD);
            }
            rec->fields[k] = rec->fields[i];
            rec->fields[k++].id = (ngf_id)id;
        }
        rec->nfields = nfields = k;
    }
    target = ngr_target_kind(rec->kind);
    if (target || ngs_kinds[rec->kid].scope == NGS_PLAN) { /* plan, start: name a target, no attempt needed */
        if (strcmp(rec->operation, "crypto_sign") != 0 && strcmp(rec->operation, "crypto_kem") != 0)
            return fail(rec, why, "bad operation", NGR_CORRUPT);
        if (!name_ok(rec->primitive) || !name_ok(rec->impl) || !name_ok(rec->compiler))
            return fail(rec, why, "bad primitive, implementation or compiler id", NGR_CORRUPT);
    } else {
        if (strcmp(rec->operation, "-") != 0 || strcmp(rec->primitive, "-") != 0 || strcmp(rec->impl, "-") != 0)
            return fail(rec, why, "run record with a target in its prefix", NGR_CORRUPT);
        if (strcmp(rec->kind, "compiler") == 0 ? !name_ok(rec->compiler) : strcmp(rec->compiler, "-") != 0)
            return fail(rec, why, "bad compiler id", NGR_CORRUPT);
    }
    rec->campaign = ngr_get_named(rec, "campaign");
    rec->attempt = ngr_get_named(rec, "attempt");
    if (!rec->campaign || !name_ok(rec->campaign))
        return fail(rec, why, "no valid campaign= field", NGR_CORRUPT);
    if (target && (!rec->attempt || !name_ok(rec->attempt)))
        return fail(rec, why, "target record without a valid attempt= field", NGR_CORRUPT);
    return NGR_OK;
}

void ngr_free(ngr_record *rec)
{
    free(rec->mem);
    free(rec->fields);
    memset(rec, 0, sizeof *rec);
}

const char *ngr_get_named(const ngr_record *rec, const char *key)
{
    size_t i;
    for (i = 0; i < rec->nfields; i++)
        if (strcmp(rec->fields[i].key, key) == 0)
            return rec->fields[i].value;
    return NULL;
}

const char *ngr_get_any(const ngr_record *rec, ngf_id f)
{
    size_t i;
    for (i = 0; i < rec->nfields; i++)
        if (rec->fields[i].id == f)
            return rec->fields[i].value;
    return NULL;
}

const char *ngr_get(const ngr_record *rec, ngf_id f)
{
    size_t i;
    static int strict = -1;
    for (i = 0; i < rec->nfields; i++)
        if (rec->fields[i].id == f)
            return rec->fields[i].value;
    if (strict < 0)
        strict = getenv("NGBENCH_SCHEMA_STRICT") != NULL;
    if (strict && !ngs_field_of(rec->kid, f)) {
        /* a reader asks a kind for a field it never has: a typo of the kind */
        fprintf(stderr, "ngbench: schema: a reader asked a %s record for %s, which that kind does not have\n",
                rec->kind, ngs_name(f));
        abort();
    }
    return NULL;
}

int ngr_num(const ngr_record *rec, ngf_id f, double *out)
{
    const char *v = ngr_get(rec, f);
    double d;
    *out = 0;
    if (!v || !ngr_is_number(v))
        return 0;
    d = strtod(v, NULL);
    if (!isfinite(d))
        return 0;
    *out = d;
    return 1;
}

/* ---- the target spec: fields only, kind "target" (schema scope SPEC) ---- */

int ngr_spec_format(buf *b, size_t n, const char *const *kv, const char **why)
{
    size_t start = b->len;
    buf_puts(b, "");
    if (format_fields(b, NGK_target, "target", n, kv, why) != 0) {
        b->len = start;
        if (b->p)
            b->p[start] = 0;
        return -1;
    }
    /* no leading space: the line is its fields */
    if (b->len > start && b->p[start] == ' ') {
        memmove(b->p + start, b->p + start + 1, b->len - start - 1);
        b->p[--b->len] = 0;
    }
    return 0;
}

/* the fields of a line of kind kid (a spec, or a field line after its kind
 * word): p..end holds them, n words; checked against the schema */
static int parse_fields(ngr_record *rec, ngk_id kid, char *p, char *end, const char **why)
{
    static char msg[160];
    size_t i, n = 0;
    char *q;
    for (q = p; q < end; q++)
        if (*q != ' ' && *q != '\t' && (q == p || q[-1] == ' ' || q[-1] == '\t'))
            n++;
    rec->kid = kid;
    rec->kind = ngs_kinds[kid].name;
    rec->fields = xcalloc(n ? n : 1, sizeof *rec->fields);
    for (i = 0; i < n; i++) {
        char *w, *eq;
        int id;
        size_t j;
        const ngs_field *f;
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        w = p;
        while (p < end && *p != ' ' && *p != '\t')
            p++;
        if (p < end)
            *p++ = 0;
        eq = strchr(w, '=');
        if (!eq || eq == w)
            return fail(rec, why, "a field without '='", NGR_CORRUPT);
        *eq = 0;
        id = ngs_name_id(w);
        f = id >= 0 ? ngs_field_of(kid, (ngf_id)id) : NULL;
        if (!f) {
            snprintf(msg, sizeof msg, "%s %s have no field '%.40s' (report/schema.def)", rec->kind,
                     ngs_kinds[kid].scope == NGS_SPEC ? "specs" : "records", w);
            return fail(rec, why, msg, NGR_UNKNOWN_FIELD);
        }
        for (j = 0; j < i; j++)
            if (rec->fields[j].id == (ngf_id)id && !(f->flags & NGS_REPEAT)) {
                snprintf(msg, sizeof msg, "the field %.40s occurs twice", w);
                return fail(rec, why, msg, NGR_CORRUPT);
            }
        decode(eq + 1);
        if (ngs_value_why(f, eq + 1)) {
            snprintf(msg, sizeof msg, "%s=%.40s: %s (the schema says %s)", w, eq + 1, ngs_value_why(f, eq + 1),
                     ngs_type_name(f->type));
            return fail(rec, why, msg, NGR_CORRUPT);
        }
        rec->fields[i].key = w;
        rec->fields[i].value = eq + 1;
        rec->fields[i].id = (ngf_id)id;
    }
    rec->nfields = n;
    return NGR_OK;
}

/* the line copied into rec->mem, or a status: no control characters */
static int copy_line(const char *line, size_t len, ngr_record *rec, const char **why)
{
    size_t i;
    memset(rec, 0, sizeof *rec);
    if (len > NGR_MAX_LINE)
        return fail(rec, why, "line too long", NGR_CORRUPT);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return fail(rec, why, "control character in line", NGR_CORRUPT);
    }
    rec->mem = xmalloc(len + 1);
    memcpy(rec->mem, line, len);
    rec->mem[len] = 0;
    return NGR_OK;
}

int ngr_spec_parse(const char *line, size_t len, ngr_record *rec, const char **why)
{
    static const char *dummy;
    int st;
    if (!why)
        why = &dummy;
    st = copy_line(line, len, rec, why);
    if (st != NGR_OK)
        return st;
    return parse_fields(rec, NGK_target, rec->mem, rec->mem + len, why);
}

/* ---- field lines: a kind and its fields, what a program prints ---- */

int ngr_line_kind(const char *line, size_t len)
{
    size_t k = 0;
    char word[32];
    while (k < len && k < sizeof word - 1 && line[k] != ' ' && line[k] != '\t') {
        word[k] = line[k];
        k++;
    }
    if (k == 0 || k == sizeof word - 1 || (k < len && line[k] != ' ' && line[k] != '\t'))
        return NGK__NONE;
    word[k] = 0;
    {
        ngk_id kid = ngs_kind_id(word);
        return kid != NGK__NONE && ngs_kinds[kid].scope != NGS_SPEC ? kid : NGK__NONE;
    }
}

int ngr_line_parse(const char *line, size_t len, ngr_record *rec, const char **why)
{
    static const char *dummy;
    int st, kid;
    char *p;
    if (!why)
        why = &dummy;
    kid = ngr_line_kind(line, len);
    if (kid == NGK__NONE) {
        memset(rec, 0, sizeof *rec);
        *why = "not a field line: its first word is no record kind of report/schema.def";
        return NGR_UNKNOWN_KIND;
    }
    st = copy_line(line, len, rec, why);
    if (st != NGR_OK)
        return st;
    for (p = rec->mem; *p && *p != ' ' && *p != '\t'; p++)
        ;
    return parse_fields(rec, (ngk_id)kid, p, rec->mem + len, why);
}

int ngr_line_format(buf *b, ngk_id kind, size_t n, const char *const *kv, const char **why)
{
    size_t start = b->len;
    ngr_record rec;
    static char msg[80];
    if ((int)kind < 0 || kind >= NGK__COUNT || ngs_kinds[kind].scope == NGS_SPEC) {
        snprintf(msg, sizeof msg, "no record kind %d in report/schema.def", (int)kind);
        *why = msg;
        return -1;
    }
    buf_puts(b, ngs_kinds[kind].name);
    if (format_fields(b, kind, ngs_kinds[kind].name, n, kv, why) != 0 ||
        ngr_line_parse(b->p + start, b->len - start, &rec, why) != NGR_OK) {
        b->len = start;
        if (b->p)
            b->p[start] = 0;
        return -1;
    }
    ngr_free(&rec);
    return 0;
}

void ngr_out_begin(ngr_out *o, ngk_id kind)
{
    o->kind = kind;
    o->n = 0;
    o->over = 0;
}

void ngr_out_str(ngr_out *o, ngf_id f, const char *v)
{
    if (o->n == NGR_OUT_MAX) {
        o->over = 1;
        return;
    }
    o->kv[o->n++] = xasprintf("%s=%s", ngs_name(f), v);
}

void ngr_out_printf(ngr_out *o, ngf_id f, const char *fmt, ...)
{
    char v[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v, sizeof v, fmt, ap);
    va_end(ap);
    ngr_out_str(o, f, v);
}

int ngr_out_end(ngr_out *o, FILE *f, const char **why)
{
    buf b;
    size_t i;
    int rc;
    static const char *dummy;
    if (!why)
        why = &dummy;
    buf_init(&b);
    if (o->over) {
        *why = "more fields than NGR_OUT_MAX";
        rc = -1;
    } else {
        rc = ngr_line_format(&b, o->kind, o->n, (const char *const *)o->kv, why);
    }
    if (rc == 0) {
        buf_putc(&b, '\n');
        if (fwrite(b.p, 1, b.len, f) != b.len) {
            *why = "write error";
            rc = -1;
        }
    }
    for (i = 0; i < o->n; i++)
        free(o->kv[i]);
    o->n = 0;
    buf_free(&b);
    return rc;
}
