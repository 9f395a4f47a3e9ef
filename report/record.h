/* record.h - parsing one line of ngbench record data (doc/records.md): the
 * ten-field prefix and the key=value fields, values percent-decoded. This is
 * the only code that reads untrusted record text, and it can be fuzzed on its
 * own: ngr_parse never reads outside [line, line + len), accepts any bytes,
 * and either fills a record or says why the line is not one. */
#ifndef NGBENCH_REPORT_RECORD_H
#define NGBENCH_REPORT_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "schema.h"

/* the longest line accepted; longer ones are reported as corrupt */
#define NGR_MAX_LINE (1u << 20)
/* the longest host, primitive, implementation, compiler, campaign or attempt
 * name accepted: they become file names */
#define NGR_NAME_MAX 64

enum ngr_status {
    NGR_OK = 0,
    NGR_CORRUPT,        /* not a record: no prefix, a cut-off write, bad syntax */
    NGR_UNKNOWN_FORMAT, /* a record of a format version this tool does not read */
    NGR_UNKNOWN_KIND,   /* well formed, but of a kind this tool does not know */
    NGR_UNKNOWN_FIELD   /* of a known kind, with a field the schema does not give it */
};

typedef struct {
    const char *key;
    const char *value; /* decoded: may contain spaces, tabs and newlines */
    ngf_id id;         /* the schema's name for key */
} ngr_field;

typedef struct {
    int format;
    const char *host, *abi, *date, *operation, *primitive, *impl, *compiler, *kind;
    ngk_id kid; /* the kind, as the schema names it */
    size_t nfields;
    ngr_field *fields;
    /* the campaign= and attempt= fields (NULL where absent) */
    const char *campaign, *attempt;
    char *mem; /* owns every string above */
} ngr_record;

/* Parses line[0..len) (without its newline). Returns NGR_OK and fills rec
 * (free it with ngr_free), or another status with *why set to a static
 * description; rec then owns nothing. */
int ngr_parse(const char *line, size_t len, ngr_record *rec, const char **why);
void ngr_free(ngr_record *rec);

/* The typed accessors: the value of field f (its first occurrence), or NULL.
 * A field the record's kind does not have in the schema is a reader's
 * mistake: NULL, and with NGBENCH_SCHEMA_STRICT set (make check sets it) an
 * abort that names the kind and the field. */
const char *ngr_get(const ngr_record *rec, ngf_id f);
/* field f as a finite number; 0 when absent or not a number */
int ngr_num(const ngr_record *rec, ngf_id f, double *out);
/* field f when the record's kind has it, else NULL, never strict: for code
 * that handles records of every kind (the op of whatever record it is) */
const char *ngr_get_any(const ngr_record *rec, ngf_id f);
/* a field by the name a user gave (ngbench-rec get -f NAME), or NULL */
const char *ngr_get_named(const ngr_record *rec, const char *key);
/* 1 when kind is one of the kinds of the schema (report/schema.def) */
int ngr_known_kind(const char *kind);
/* 1 for kinds that belong to a target's block (they carry campaign= and
 * attempt=: every known kind, sandbox, claims, ct, pin, symbols and
 * violation included), 0 for the run's own records (run, host, compiler,
 * and plan: one per planned target, its prefix naming the target, without
 * an attempt) */
int ngr_target_kind(const char *kind);
/* 1 when s is a plain decimal number (what the records write for numbers) */
int ngr_is_number(const char *s);
/* 1 when s may be a host, primitive, implementation, compiler, campaign or
 * attempt name: [A-Za-z0-9._+-]+, not starting with '.', at most
 * NGR_NAME_MAX characters (they become file names) */
int ngr_name_ok(const char *s);

/* The writer: appends to b one record line (without its newline) from the
 * prefix (host, abi, date, operation, primitive, implementation, compiler,
 * kind) and n "key=value" fields, values encoded ('%', space and control
 * characters as %XX). The line is parsed back before it is accepted: what
 * ngr_format writes, ngr_parse reads. Returns 0, or -1 with *why set and b
 * unchanged. */
int ngr_format(buf *b, const char *const prefix[8], size_t n, const char *const *kv, const char **why);

/* The target spec (report/schema.def, kind "target": not a record): a line
 * of key=value fields encoded as in records. ngr_spec_format appends the
 * line (no newline) from n "key=value" strings, checked against the schema;
 * ngr_spec_parse reads one into rec (kind "target", no prefix: host and the
 * other prefix members NULL). Same returns as ngr_format and ngr_parse. */
int ngr_spec_format(buf *b, size_t n, const char *const *kv, const char **why);
int ngr_spec_parse(const char *line, size_t len, ngr_record *rec, const char **why);


/* Field lines: what a program that measures or contains prints for a stage
 * to pass on (ngbench-rec write -F): a record kind, then that kind's
 * key=value fields, values encoded as in records, no prefix and no
 * campaign= or attempt= (the stage adds those). The one writer of such
 * lines is ngr_out (or ngr_line_format); ngr_line_parse reads one back,
 * checked against the schema (kind "memory", the fields of memory records,
 * each of its type). A line whose first word is not a kind is no field
 * line: ngr_line_kind returns NGK__NONE for it (programs print other lines
 * too: samples, the counter's calibration). */
int ngr_line_kind(const char *line, size_t len);
int ngr_line_parse(const char *line, size_t len, ngr_record *rec, const char **why);
int ngr_line_format(buf *b, ngk_id kind, size_t n, const char *const *kv, const char **why);

/* ngr_out: one field line built by field id, then checked and printed:
 *   ngr_out o; ngr_out_begin(&o, NGK_stack);
 *   ngr_out_printf(&o, NGF_bytes, "%lld", used); ...
 *   ngr_out_end(&o, stdout, &why)   0, or -1 (why says; nothing printed) */
#define NGR_OUT_MAX 48
typedef struct {
    ngk_id kind;
    size_t n;
    int over;
    char *kv[NGR_OUT_MAX];
} ngr_out;
void ngr_out_begin(ngr_out *o, ngk_id kind);
void ngr_out_str(ngr_out *o, ngf_id f, const char *v);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void ngr_out_printf(ngr_out *o, ngf_id f, const char *fmt, ...);
int ngr_out_end(ngr_out *o, FILE *f, const char **why);

#endif
