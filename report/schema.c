/* schema.c - see schema.h: the tables made from schema.def, the checks
 * made with them, and the documents (doc/records.md, ngbench-records(5))
 * written from them with the prose around the tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema.h"

static const char *const names[NGF__COUNT] = {
#define NGS_NAME(n) #n,
#include "schema.def"
#undef NGS_NAME
};

const ngs_kind ngs_kinds[NGK__COUNT] = {
#define NGS_KIND(k, scope, doc) {#k, NGS_##scope, doc},
#define NGS_FIELD(k, n, type, flags, unit, meaning)
#define NGS_LEGACY(k, n, doc)
#include "schema.def"
#undef NGS_KIND
#undef NGS_FIELD
#undef NGS_LEGACY
};

#define REPEAT NGS_REPEAT
static const ngs_field fields[] = {
#define NGS_KIND(k, scope, doc)
#define NGS_FIELD(k, n, type, flags, unit, meaning) {NGK_##k, NGF_##n, NGS_##type, flags, unit, meaning},
#define NGS_LEGACY(k, n, doc)
#include "schema.def"
#undef NGS_KIND
#undef NGS_FIELD
#undef NGS_LEGACY
};
#undef REPEAT
#define NFIELDS (sizeof fields / sizeof fields[0])

static const struct legacy {
    ngk_id kind;
    const char *name, *doc;
} legacies[] = {
#define NGS_KIND(k, scope, doc)
#define NGS_FIELD(k, n, type, flags, unit, meaning)
#define NGS_LEGACY(k, n, doc) {NGK_##k, #n, doc},
#include "schema.def"
#undef NGS_KIND
#undef NGS_FIELD
#undef NGS_LEGACY
};

/* each kind's fields are consecutive in fields[] (schema.def lists them
 * under their kind): where they start and how many */
static size_t first[NGK__COUNT], count[NGK__COUNT];
static int indexed;

static void index_fields(void)
{
    size_t i;
    if (indexed)
        return;
    for (i = NFIELDS; i-- > 0;) {
        first[fields[i].kind] = i;
        count[fields[i].kind]++;
    }
    indexed = 1;
}

const char *ngs_name(ngf_id f)
{
    return (unsigned)f < NGF__COUNT ? names[f] : "?";
}

ngk_id ngs_kind_id(const char *name)
{
    int k;
    for (k = 0; k < NGK__COUNT; k++)
        if (strcmp(ngs_kinds[k].name, name) == 0)
            return (ngk_id)k;
    return NGK__NONE;
}

int ngs_name_id(const char *name)
{
    /* names[] is sorted, but a linear search keeps the table free of that
     * obligation; the fields of a record are looked up once, when parsed */
    int i;
    for (i = 0; i < NGF__COUNT; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

const ngs_field *ngs_fields(ngk_id k, size_t *n)
{
    index_fields();
    if ((unsigned)k >= NGK__COUNT) {
        *n = 0;
        return NULL;
    }
    *n = count[k];
    return fields + first[k];
}

const ngs_field *ngs_field_of(ngk_id k, ngf_id f)
{
    size_t i, n;
    const ngs_field *fs = ngs_fields(k, &n);
    for (i = 0; i < n; i++)
        if (fs[i].name == f)
            return fs + i;
    return NULL;
}

int ngs_legacy(ngk_id k, const char *name)
{
    size_t i;
    for (i = 0; i < sizeof legacies / sizeof legacies[0]; i++)
        if (legacies[i].kind == k && strcmp(legacies[i].name, name) == 0)
            return 1;
    return 0;
}

int ngs_prefix_name(const char *name)
{
    static const char *const prefix[] = {"format",    "host",           "abi",  "date",     "operation",
                                         "primitive", "implementation", "impl", "compiler", "kind"};
    size_t i;
    for (i = 0; i < sizeof prefix / sizeof prefix[0]; i++)
        if (strcmp(prefix[i], name) == 0)
            return 1;
    return 0;
}

const char *ngs_type_name(enum ngs_type t)
{
    switch (t) {
    case NGS_NUM: return "number";
    case NGS_INT: return "integer";
    case NGS_WORD: return "word";
    case NGS_LIST: return "list";
    case NGS_TEXT: return "text";
    }
    return "?";
}

static int is_number(const char *s)
{
    const char *p = s;
    int digits = 0;
    if (*p == '-')
        p++;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return 0;
    if (*p == 'e' || *p == 'E') {
        int ed = 0;
        p++;
        if (*p == '+' || *p == '-')
            p++;
        for (; *p >= '0' && *p <= '9'; p++)
            ed++;
        if (!ed)
            return 0;
    }
    return *p == 0;
}

const char *ngs_value_why(const ngs_field *f, const char *v)
{
    const char *p;
    switch (f->type) {
    case NGS_NUM:
        if (strcmp(v, "-") == 0 || is_number(v))
            return NULL;
        return "not a number";
    case NGS_INT:
        p = v + (*v == '-');
        if (strcmp(v, "-") == 0 || (*p && strspn(p, "0123456789") == strlen(p)))
            return NULL;
        return "not an integer";
    case NGS_WORD:
        if (!*v)
            return "empty";
        for (p = v; *p; p++)
            if ((unsigned char)*p <= ' ' || (unsigned char)*p == 0x7f)
                return "not one word";
        return NULL;
    case NGS_LIST:
    case NGS_TEXT: return NULL;
    }
    return "unknown type";
}

const char *ngs_selfcheck(char *buf, size_t size)
{
    size_t i, j;
    int used[NGF__COUNT] = {0};
    index_fields();
    for (i = 0; i < NFIELDS; i++) {
        used[fields[i].name] = 1;
        if (ngs_kinds[fields[i].kind].scope != NGS_SPEC && ngs_prefix_name(names[fields[i].name])) {
            snprintf(buf, size, "%s.%s is named like a prefix column", ngs_kinds[fields[i].kind].name,
                     names[fields[i].name]);
            return buf;
        }
        if (i > 0 && fields[i].kind != fields[i - 1].kind && count[fields[i].kind] != 0 &&
            first[fields[i].kind] != i) {
            snprintf(buf, size, "the fields of %s are not listed together", ngs_kinds[fields[i].kind].name);
            return buf;
        }
        for (j = 0; j < i; j++)
            if (fields[j].kind == fields[i].kind && fields[j].name == fields[i].name) {
                snprintf(buf, size, "%s.%s is declared twice", ngs_kinds[fields[i].kind].name, names[fields[i].name]);
                return buf;
            }
        if (!fields[i].meaning[0]) {
            snprintf(buf, size, "%s.%s has no meaning", ngs_kinds[fields[i].kind].name, names[fields[i].name]);
            return buf;
        }
    }
    for (i = 0; i < NGF__COUNT; i++) {
        if (!used[i]) {
            snprintf(buf, size, "the name %s is used by no field", names[i]);
            return buf;
        }
        if (i > 0 && strcmp(names[i - 1], names[i]) >= 0) {
            snprintf(buf, size, "the names are not in order at %s", names[i]);
            return buf;
        }
    }
    for (i = 0; i < (size_t)NGK__COUNT; i++) {
        size_t n;
        const ngs_field *fs = ngs_fields((ngk_id)i, &n);
        if (n == 0 || fs[0].name != NGF_campaign) {
            snprintf(buf, size, "kind %s does not start with campaign", ngs_kinds[i].name);
            return buf;
        }
        if (ngs_kinds[i].scope != NGS_SPEC && (ngs_kinds[i].scope == NGS_TARGET) != (n > 1 && fs[1].name == NGF_attempt)) {
            snprintf(buf, size, "kind %s: attempt must come second in a target kind, and only there",
                     ngs_kinds[i].name);
            return buf;
        }
    }
    return NULL;
}

/* ---- the documents ---- */

/* The prose around the tables, in a small markup that becomes markdown or
 * roff: '#' a section, '=' a paragraph (`code` spans), '>' a code block,
 * '|' a two-column table row (term | meaning). */
static const char *const intro[] = {
    "#The prefix",
    "=`./do` appends its results to `bench-results/<host>/data`, one record per line, and writes the same "
    "records as JSON lines to `data.jsonl`. Both files are append-only: nothing ever rewrites or truncates "
    "them. Every record starts with the same ten whitespace-separated fields, so that merging hosts is "
    "concatenation:",
    ">ngbench <format> <host> <abi> <yyyymmdd> <operation> <primitive> <impl> <compiler-id> <kind> "
    "<fields...>",
    "|`format`|the record format version, `1`",
    "|`host`|the host name (`NGBENCH_HOST` or `hostname`, characters outside `[A-Za-z0-9._-]` as `_`)",
    "|`abi`|`amd64`, `arm64`, `x86`, or `uname -m`",
    "|`yyyymmdd`|the UTC date the record was written",
    "|`operation`|`crypto_sign` or `crypto_kem`; `-` for records about the run itself",
    "|`primitive`, `impl`|e.g. `tsuov128 ref`; `-` for run records",
    "|`compiler-id`|the okcompilers line's id (`@id` in the file, or `<compiler>-<8 hex of its SHA-256>`); "
    "`-` where none applies",
    "|`kind`|one of the kinds below",
    "=The remaining fields are `key=value` pairs. Values contain no whitespace: `%`, space and every control "
    "character are written `%XX` (`%25`, `%20`, `%09`, `%0A`, ...). In `data.jsonl` the values are decoded, "
    "numbers are JSON numbers, a field that may repeat is an array, and the prefix fields are named "
    "(`format`, `host`, `abi`, `date`, `operation`, `primitive`, `implementation`, `compiler`, `kind`): no "
    "field may have one of these names.",
    "=Each kind's fields and their types below come from one table, `report/schema.def`, which the writer "
    "and every reader use: `ngbench-rec write` refuses a record of a kind or with a field the table does not "
    "know, a field of the wrong type, and a field twice (unless it may repeat); readers skip and report "
    "(file:line) a record of an unknown kind or with an unknown field. Types: number (decimal, or `-` when "
    "not known), integer (or `-`), word (no whitespace), list (comma-separated), text (anything). This "
    "document is generated from that table (`ngbench-rec schema`).",
    "#Blocks, campaigns, resuming",
    "=A *campaign* is one `./do` selection (implementations x compiler lines x tier) run to completion; a "
    "`./do` killed and started again with the same selection resumes the campaign. Every record of a target "
    "carries `campaign=<id>` and `attempt=<id>` as its first two fields. A target's records are appended as "
    "one block, under a lock, ending with its `done` record. Records whose attempt has no `done` record "
    "belong to a target that was killed while its block was being written: readers ignore them (the target "
    "runs again). A line without the prefix (a write cut off by a crash) is reported and skipped by "
    "readers. A target's tier is its `kat` record's `tier` (`full` when its `rule` is `once`: the campaign "
    "checked the full tier once per implementation), else its campaign's `quick`: the merge never lets a "
    "quick-tier attempt replace a full-tier one.",
    NULL,
};

static const char *const outro[] = {
    "#Scheme metadata (not records)",
    "=Plain files beside the implementations, read by `ngbench-report merge --meta DIR` (not by `./do`): "
    "`name`, `description`, `designers`, `specification`, `security-evaluation`, `submission` in "
    "`<operation>/<primitive>/` or `<operation>/<scheme>-common/`, one paragraph each; a URL in the text is "
    "its link. The scheme of a primitive is its name without the parameter suffix (`tsuov128` -> `tsuov`).",
    "#Evidence kept per target",
    "=`bench-results/<host>/targets/<campaign>/<operation>/<primitive>/<impl>/<compiler-id>/` is the trusted "
    "side's: the untrusted steps cannot write there. It holds `target.spec` (the target spec the stages read: the `target` kind below, with run-target's attempt line), "
    "`records` (the block before it is appended), `stages/` (each stage's status), `logs/` (every untrusted "
    "step's stdout and stderr, each capped at its limit, and its outcome as `ngbench-sandbox --result` "
    "words), and trusted copies of the evidence: `build/build.log`, `build/impl.info`, `symbols.txt`, "
    "`claims.txt`, `katcheck.txt`, `try.txt`, `samples/` (raw timing samples, `OP-T.txt.gz`, probe and "
    "profile output), `kat.manifest` (the digests of the generated KAT text: the `kat.sha256` lines that "
    "would adopt it) and `kat.txt` when it did not pass against a manifest, or with `--keep-kat`. `work/` "
    "is the untrusted steps' only writable directory; when the target finishes, its regenerated KAT text and "
    "prepared sample state (`work/kat.txt`, `work/samples/*.state`) are removed.",
    NULL,
};

/* roff text: backslashes and minus signs escaped, `code` in bold */
static void roff_text(FILE *o, const char *s, int line_start)
{
    int code = 0;
    for (; *s; s++) {
        if (line_start && (*s == '.' || *s == '\''))
            fputs("\\&", o);
        line_start = 0;
        if (*s == '`') {
            fputs(code ? "\\fR" : "\\fB", o);
            code = !code;
        } else if (*s == '\\') {
            fputs("\\e", o);
        } else if (*s == '-') {
            fputs("\\-", o);
        } else if (*s == '\n') {
            fputc('\n', o);
            line_start = 1;
        } else {
            fputc(*s, o);
        }
    }
    if (code)
        fputs("\\fR", o);
}

static void md_cell(FILE *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", o);
        else
            fputc(*s, o);
    }
}

static void write_prose(FILE *o, const char *const *p, int man)
{
    int in_table = 0;
    for (; *p; p++) {
        const char *t = *p + 1;
        if (**p != '|' && in_table && !man)
            fputc('\n', o);
        if (**p != '|')
            in_table = 0;
        switch (**p) {
        case '#':
            if (man) {
                fputs(".SH ", o);
                for (; *t; t++)
                    fputc(*t >= 'a' && *t <= 'z' ? *t - 'a' + 'A' : *t, o);
                fputc('\n', o);
            } else {
                fprintf(o, "## %s\n\n", t);
            }
            break;
        case '=':
            if (man) {
                fputs(".PP\n", o);
                roff_text(o, t, 1);
                fputc('\n', o);
            } else {
                fprintf(o, "%s\n\n", t);
            }
            break;
        case '>':
            if (man) {
                fputs(".PP\n.nf\n.RS\n", o);
                roff_text(o, t, 1);
                fputs("\n.RE\n.fi\n", o);
            } else {
                fprintf(o, "```\n%s\n```\n\n", t);
            }
            break;
        case '|': {
            const char *bar = strchr(t, '|');
            size_t n = bar ? (size_t)(bar - t) : strlen(t);
            char term[256];
            snprintf(term, sizeof term, "%.*s", (int)n, t);
            if (man) {
                fputs(".TP\n", o);
                roff_text(o, term, 1);
                fputc('\n', o);
                roff_text(o, bar ? bar + 1 : "", 1);
                fputc('\n', o);
            } else {
                if (!in_table)
                    fputs("| field | meaning |\n|---|---|\n", o);
                fprintf(o, "| %s | %s |\n", term, bar ? bar + 1 : "");
            }
            in_table = 1;
            break;
        }
        }
    }
    if (in_table && !man)
        fputc('\n', o);
}

int ngs_write_doc(FILE *o, int man, const char *date)
{
    int k;
    size_t i;
    if (!date || !*date)
        date = "2026-12-05";
    if (man) {
        fprintf(o, ".\\\" ngbench-records(5) - generated from report/schema.def by `ngbench-rec schema --man`:\n"
                   ".\\\" edit the schema, not this page.\n"
                   ".TH NGBENCH\\-RECORDS 5 %s ngbench \"ngbench manual\"\n.ad l\n"
                   ".SH NAME\nngbench\\-records \\- format of the result records written by ngbench\n"
                   ".SH SYNOPSIS\n.IB RESULTS / host /data\n.br\n.IB RESULTS / host /data.jsonl\n"
                   ".SH DESCRIPTION\n.BR ngbench (1)\nwrites these records;\n.BR ngbench\\-report (1)\n"
                   "reads them;\n.BR ngbench\\-rec (1)\nwrites and reads them for scripts\n"
                   "(\\fBngbench\\-rec schema\\fR prints this description).\n"
                   "The same text, as markdown, is\n.IR @pkgdatadir@/doc/records.md .\n",
                date);
    } else {
        fputs("<!-- generated from report/schema.def by `ngbench-rec schema --markdown`: edit the schema, not "
              "this file -->\n# ngbench records\n\n",
              o);
    }
    write_prose(o, intro, man);
    if (man)
        fputs(".SH KINDS\n", o);
    else
        fputs("## Kinds\n\n", o);
    for (k = 0; k < NGK__COUNT; k++) {
        size_t n;
        const ngs_field *fs = ngs_fields((ngk_id)k, &n);
        const char *scope = ngs_kinds[k].scope == NGS_RUN    ? "a record of the run"
                            : ngs_kinds[k].scope == NGS_PLAN ? "a record of the campaign's plan"
                            : ngs_kinds[k].scope == NGS_SPEC ? "not a record"
                                                             : "a record of a target's block";
        if (man) {
            fprintf(o, ".SS %s\n", ngs_kinds[k].name);
            fputs(".PP\n", o);
            roff_text(o, ngs_kinds[k].doc, 1);
            fprintf(o, " (%s.)\n", scope);
        } else {
            fprintf(o, "### %s\n\n%s (%s.)\n\n| field | type | unit | meaning |\n|---|---|---|---|\n", ngs_kinds[k].name,
                    ngs_kinds[k].doc, scope);
        }
        for (i = 0; i < n; i++) {
            const ngs_field *f = fs + i;
            if (man) {
                fprintf(o, ".TP\n.B %s\n", names[f->name]);
                fprintf(o, "(%s%s%s%s) ", ngs_type_name(f->type), f->unit[0] ? ", " : "", f->unit,
                        f->flags & NGS_REPEAT ? ", may repeat" : "");
                roff_text(o, f->meaning, 0);
                fputc('\n', o);
            } else {
                fprintf(o, "| `%s` | %s%s | %s | ", names[f->name], ngs_type_name(f->type),
                        f->flags & NGS_REPEAT ? " (may repeat)" : "", f->unit);
                md_cell(o, f->meaning);
                fputs(" |\n", o);
            }
        }
        for (i = 0; i < sizeof legacies / sizeof legacies[0]; i++) {
            if (legacies[i].kind != (ngk_id)k)
                continue;
            if (man) {
                fprintf(o, ".TP\n.B %s\n(older data only: dropped when read) ", legacies[i].name);
                roff_text(o, legacies[i].doc, 0);
                fputc('\n', o);
            } else {
                fprintf(o, "| `%s` | older data only: dropped when read | | ", legacies[i].name);
                md_cell(o, legacies[i].doc);
                fputs(" |\n", o);
            }
        }
        if (!man)
            fputc('\n', o);
    }
    write_prose(o, outro, man);
    if (man)
        fputs(".SH SEE ALSO\n.BR ngbench (1),\n.BR ngbench\\-report (1),\n.BR ngbench\\-rec (1)\n", o);
    return ferror(o) ? -1 : 0;
}
