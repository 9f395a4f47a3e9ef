/* schema.h - the record schema (schema.def) as C: the kinds (NGK_*), the
 * field names (NGF_*), each kind's fields with their types, units and
 * meanings, and the checks the writer and the reader make with them. */
#ifndef NGBENCH_REPORT_SCHEMA_H
#define NGBENCH_REPORT_SCHEMA_H

#include <stddef.h>
#include <stdio.h>

/* the field names: NGF_campaign, NGF_median, ... */
typedef enum {
#define NGS_NAME(n) NGF_##n,
#include "schema.def"
#undef NGS_NAME
    NGF__COUNT,
    NGF__NONE = -1 /* no field: ds_first(..., NGF__NONE, NULL) takes the first record of a kind */
} ngf_id;

/* the kinds: NGK_run, NGK_cycles, ...; NGK__NONE for a kind not in the schema */
typedef enum {
#define NGS_KIND(k, scope, doc) NGK_##k,
#define NGS_FIELD(k, n, type, flags, unit, meaning)
#define NGS_LEGACY(k, n, doc)
#include "schema.def"
#undef NGS_KIND
#undef NGS_FIELD
#undef NGS_LEGACY
    NGK__COUNT,
    NGK__NONE = -1
} ngk_id;

enum ngs_scope { NGS_RUN, NGS_PLAN, NGS_TARGET, NGS_SPEC /* not a record: the target spec */ };
enum ngs_type { NGS_NUM, NGS_INT, NGS_WORD, NGS_LIST, NGS_TEXT };
enum { NGS_REPEAT = 1 };

typedef struct {
    ngk_id kind;
    ngf_id name;
    enum ngs_type type;
    int flags;
    const char *unit, *meaning;
} ngs_field;

typedef struct {
    const char *name;
    enum ngs_scope scope;
    const char *doc;
} ngs_kind;

extern const ngs_kind ngs_kinds[NGK__COUNT];
/* the name of a field, e.g. "median" for NGF_median */
const char *ngs_name(ngf_id f);
/* a kind by its name, or NGK__NONE */
ngk_id ngs_kind_id(const char *name);
/* a field name by its text, or -1 */
int ngs_name_id(const char *name);
/* the schema's entry for field f of kind k, or NULL when k has no such field */
const ngs_field *ngs_field_of(ngk_id k, ngf_id f);
/* kind k's fields in schema order: *n of them */
const ngs_field *ngs_fields(ngk_id k, size_t *n);
/* 1 when older data's records of kind k may carry a field of that name,
 * which readers drop (schema.def's NGS_LEGACY) */
int ngs_legacy(ngk_id k, const char *name);
/* 1 when name is a prefix column (format, host, abi, date, operation,
 * primitive, implementation, impl, compiler, kind): no field may be called so */
int ngs_prefix_name(const char *name);
/* NULL when v is a valid value of f's type, else why not */
const char *ngs_value_why(const ngs_field *f, const char *v);
/* the type's name: "number", "integer", "word", "list", "text" */
const char *ngs_type_name(enum ngs_type t);
/* The documents: doc/records.md (markdown) or ngbench-records(5) (man),
 * made from the schema and the prose around it; 0, or -1 on a write error. */
int ngs_write_doc(FILE *out, int man, const char *date);
/* the schema's own consistency, for the tests: NULL, or the first problem
 * (a name used by no field, a field named like a prefix column, ...) */
const char *ngs_selfcheck(char *buf, size_t size);

#endif
