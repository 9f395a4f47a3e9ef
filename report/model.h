/* model.h - what the tables and pages derive from the dataset: operations
 * of a primitive, a target's figures, the best compiler line per operation,
 * the reference line, compiler commands and versions. Shared by every
 * generator and by check.c so that they all agree. */
#ifndef NGBENCH_REPORT_MODEL_H
#define NGBENCH_REPORT_MODEL_H

#include "buf.h"
#include "dataset.h"
#include "output.h"

typedef struct {
    const dataset *d;
    outset *out;
    const char *reference; /* compiler id of the reference line (--reference) */
    const char *version;   /* the tool's version, printed in the pages */
    const char *meta;      /* the tree holding the schemes' metadata files (meta.h), NULL: none */
    buf *evidence;         /* evidence.sha256 while the pages are made */
} report_ctx;

/* the three operations: keygen sign verify, or keygen enc dec */
const char *const *ops_of(const char *operation);
int is_kem(const char *operation);
/* "public-key algorithm; function: digital signature" etc. */
const char *function_of(const char *operation);
/* the algorithm a primitive is a parameter set of: tsuov128 -> tsuov,
 * cedrusalpha160f -> cedrusalpha (malloc'ed) */
char *algorithm_of(const char *primitive);

/* the target's verdict (its status record), "-" when it has none */
const char *target_status(const ds_target *t);
/* PASS or NOKAT: a line whose figures may be compared and chosen */
int status_usable(const char *status);
/* the target's cycles record for op, NULL when not measured */
const ngr_record *cycles_of(const ds_target *t, const char *op);
/* a figure of the cycles record (NAN when absent) */
double cyc(const ds_target *t, const char *op, ngf_id key);
/* the value of key in the first record of kind (with field op=op when op
 * is not NULL) of the selected attempt; NAN when absent */
double fig(const ds_target *t, ngk_id kind, const char *op, ngf_id key);
const char *figs(const ds_target *t, ngk_id kind, const char *op, ngf_id key);

/* timing honesty: the lowest cpu_share of op's trial records (NAN when none
 * has one; *raw: its text as recorded, NULL then), and whether the cycles
 * record of op says preempted=yes */
double min_cpu_share(const ds_target *t, const char *op, const char **raw);
int preempted(const ds_target *t, const char *op);
/* the headline median of op (the cycles record's headline, the median in
 * older records; NAN when absent), its text as recorded, and the estimator
 * it comes from ("clean", "oncpu", "wall"; NULL in older records, whose
 * headline is the median of all calls) */
double headline(const ds_target *t, const char *op);
const char *headline_text(const ds_target *t, const char *op);
const char *estimator(const ds_target *t, const char *op);
/* figures that count time off the CPU: preempted, and the headline is
 * not one of the estimators that leave that time out (clean, oncpu) */
int untrusted(const ds_target *t, const char *op);
/* what the target's counter counts: its counter record's unit ("cycles",
 * "ticks", "ns"); "ns" for a clock_gettime counter recorded before units
 * were; else "cycles" */
const char *unit_of(const ds_target *t);
/* 1 when some target of [first, end) has a headline estimator / a unit
 * other than cycles: the pages show those only then */
int any_estimator(const ds_host *h, size_t first, size_t end);
int any_unit_not_cycles(const ds_host *h, size_t first, size_t end);
/* v formatted as fmt_cycles does, with " ns" or " ticks" after it when the
 * unit is not cycles (out: UNITS_MAX + 8 bytes) */
char *fmt_ticks(char *out, double v, const char *unit);
/* a plot's axis for figures per call, naming ns when some are */
#define AXIS_PER_CALL(units) ((units) ? "cycles, or ns (clock_gettime lines), per call (log scale)" \
                                      : "cycles per call (log scale)")

/* constant time (./do --ct): 1 for the operations the check covers (those
 * that handle secrets: keygen, sign, enc, dec; verify has public inputs
 * only); the target's ct record of op, or its op=all record (an error that
 * stopped every operation), NULL when not checked */
int ct_covers(const char *op);
const ngr_record *ct_of(const ds_target *t, const char *op);
/* 1 when some selected attempt of targets[first, end) has a ct record */
int ct_any(const ds_host *h, size_t first, size_t end);
/* a short verdict for a ct record ("pass", "FAIL at leak (x.c:12), 2
 * errors", "error: ..."), with the declaration; *mark: a cell mark (a
 * declared implementation that fails is MARK_BAD) */
void ct_verdict(const ngr_record *r, buf *out, int *mark);
/* the place of a ct record's first report: "leak (x.c:12)" from "Conditional
 * jump ... at leak (x.c:12)"; the whole text when it names no place */
const char *ct_where(const char *first);

/* [*first, *end) : the targets of host h with the same primitive (and
 * operation) as targets[i]; for implementation groups, same impl too */
void prim_range(const ds_host *h, size_t i, size_t *end);
void impl_range(const ds_host *h, size_t i, size_t end_prim, size_t *end);

/* [i, *end): the targets of host h of the same scheme and operation as
 * targets[i] (one page) */
void scheme_range(const ds_host *h, size_t i, size_t *end);
/* how many primitives (parameter sets) targets[first, end) hold */
size_t primitive_count(const ds_host *h, size_t first, size_t end);

/* the best line for op among targets[first, end) (one primitive and
 * implementation): the lowest median cycles per call among PASS/NOKAT lines
 * whose op figures were not preempted, else among all PASS/NOKAT lines, else
 * the same over all measured lines (*usable = 0). NULL when none. When the
 * best line's figures are preempted (preempted(best, op)), no line had clean
 * ones. */
const ds_target *best_line(const ds_host *h, size_t first, size_t end, const char *op, int *usable);
/* a line faster than best whose op figures were preempted (so it was passed
 * over), NULL when there is none or best itself is preempted */
const ds_target *fastest_preempted(const ds_host *h, size_t first, size_t end, const char *op,
                                   const ds_target *best);
/* the reference line among targets[first, end), NULL when absent: the line
 * whose compiler id is c->reference, else a line whose command is the one
 * the records give for that id (its compiler record on h, else on the first
 * host that has one): the same flags under another id count too */
const ds_target *reference_line(const report_ctx *c, const ds_host *h, size_t first, size_t end);
int is_reference(const report_ctx *c, const ds_host *h, const ds_target *t);
/* the command recorded for the reference id (see reference_line), NULL when
 * no compiler record names it */
const char *reference_command(const report_ctx *c, const ds_host *h);

/* the primitives over all hosts, each once, sorted; *out is malloc'ed */
size_t all_primitives(const dataset *d, const char ***out);

/* the plot colour of a compiler id: its place among every compiler id of
 * the dataset (sorted), so that a line has one colour in every plot */
const char *compiler_color(const dataset *d, const char *compiler);

/* the compiler ids of targets[first, end), each once, sorted (the records do
 * not keep the okcompilers order); *out is malloc'ed */
size_t compiler_list(const ds_host *h, size_t first, size_t end, const char ***out);

/* the compiler line's command and version as recorded in the target's campaign
 * (any campaign of the host when that one has none); "" when unknown */
const char *compiler_command(const ds_host *h, const ds_target *t);
const char *compiler_version(const ds_host *h, const char *compiler, const char *campaign);
/* the host record of a campaign (or the newest one), NULL when none */
const ngr_record *host_record(const ds_host *h, const char *campaign);

/* the name of the page (and its plots) of t's scheme on h: the scheme, or
 * "<scheme>-kem" when a signature scheme of the same name exists there;
 * prim_id: the same for t's primitive (the compiler comparison's plots) */
#define PAGE_ID_MAX 96
const char *page_id(const ds_host *h, const ds_target *t, char *out, size_t n);
const char *prim_id(const ds_host *h, const ds_target *t, char *out, size_t n);

/* the size figures of a target: produced/claimed (size records) and the
 * min/max over the KAT records (katsize); NAN where absent */
typedef struct {
    double produced, claimed, kmin, kmax, rmin, rmax;
} size_info;
void size_of(const ds_target *t, const char *what, size_info *s);
/* "sn", "ct", ... -> the KAT length field "Sn_Len", ... */
const char *kat_field(const char *what);

#endif
