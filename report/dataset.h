/* dataset.h - the merge step's data model: every record of every input
 * file, de-duplicated and put in canonical order (so the result does not
 * depend on the order of files or lines), grouped by host and target, with
 * the newest valid attempt of each target selected. Lines that are not
 * records, or records of unknown kind or format, are kept as problems with
 * their file:line. */
#ifndef NGBENCH_REPORT_DATASET_H
#define NGBENCH_REPORT_DATASET_H

#include <stddef.h>

#include "record.h"

typedef struct {
    ngr_record r;
    char *line;           /* the record's text */
    const char *file;     /* where it was first seen (in sorted input order) */
    unsigned long lineno;
    const char *hostdir;  /* the directory holding that file: <results>/<host> */
} ds_rec;

typedef struct {
    const char *file;
    unsigned long lineno;
    int status;           /* NGR_CORRUPT, NGR_UNKNOWN_KIND, NGR_UNKNOWN_FORMAT */
    const char *why;
    char *excerpt;        /* the start of the line, printable */
} ds_problem;

typedef struct {
    const char *host, *operation, *primitive, *impl, *compiler, *campaign, *attempt;
    ds_rec **recs;        /* in canonical order */
    size_t nrecs;
    int done;             /* has its 'done' record: valid */
    double start;         /* seconds since the epoch, from the attempt id (-1: unknown) */
    double seconds;       /* the status record's seconds (0 when absent) */
    int tier;             /* DS_TIER_*: its kat record's tier=, else its run record's quick=, else full */
    const char *hostdir;  /* where its evidence lives (<results>/<host>) */
    const char *file;     /* the data file its done record came from */
} ds_attempt;

/* the tiers of a run, lowest first: an attempt of a higher tier is never
 * replaced by one of a lower tier (a ./do --quick run after a full one) */
enum { DS_TIER_QUICK = 1, DS_TIER_FULL = 2 };

typedef struct {
    const char *operation, *primitive, *impl, *compiler;
    char scheme[NGR_NAME_MAX + 1]; /* ds_scheme_of(primitive) */
    ds_attempt *sel;      /* the newest valid attempt of the highest tier; NULL when none finished */
    ds_attempt *newer;    /* the newest valid attempt newer than sel, of a lower tier (NULL: none) */
    size_t nvalid;        /* valid attempts, the selected one included */
    size_t nunfinished;   /* attempts without a 'done' record (ignored) */
} ds_target;

typedef struct {
    const char *name;
    ds_rec **runs, **hostinfo, **compilers; /* the runs' own records */
    size_t nruns, nhostinfo, ncompilers;
    ds_rec **plans;       /* plan records: one per target a campaign planned */
    size_t nplans;
    ds_rec **starts; /* start records: who owns a target's attempt while it runs */
    size_t nstarts;
    ds_attempt *attempts;
    size_t nattempts;
    ds_target *targets;   /* by primitive, operation, implementation, compiler */
    size_t ntargets;
} ds_host;

typedef struct {
    char **files;         /* the data files read, sorted */
    char **dirs;          /* the directory of each (its records' hostdir) */
    size_t nfiles;
    ds_rec *recs;         /* unique records, sorted by their text */
    size_t nrecs;
    ds_problem *problems; /* sorted by file and line */
    size_t nproblems;
    ds_host *hosts;       /* sorted by name */
    size_t nhosts;
    unsigned long lines;  /* lines read */
    unsigned long duplicates;
} dataset;

/* Adds the data files named by path: a file is read as it is; a directory
 * holding a 'data' file is a host directory; any other directory is a
 * results directory whose every <dir>/<host>/data is read. Returns the
 * number of files found, -1 when path cannot be read. */
int ds_find_inputs(const char *path, char ***files, size_t *nfiles);

/* Reads the files (sorted and de-duplicated first) and builds the data
 * model. Returns 0, or -1 when a file cannot be read (reported on stderr). */
int ds_load(dataset *d, char **files, size_t nfiles);
void ds_free(dataset *d);

const ds_host *ds_find_host(const dataset *d, const char *name);
/* the first record of kind in a (with field key equal to value, when key is
 * not NGF__NONE), or NULL */
const ngr_record *ds_first(const ds_attempt *a, ngk_id kind, ngf_id key, const char *value);
/* seconds since the epoch of "YYYY-MM-DDTHH:MM:SSZ" or of an attempt id
 * "aYYYYMMDDHHMMSSp...", -1 when s is neither */
double ds_time(const char *s);
/* "YYYY-MM-DDTHH:MM:SS" for seconds since the epoch */
void ds_format_time(char *out, size_t n, double t);
/* the scheme a primitive is a parameter set of: its name without the
 * parameter suffix (digits, optionally followed by one letter; a '-' or '_'
 * before them goes too): tsuov128 -> tsuov, cedrusalpha160f -> cedrusalpha,
 * toysig -> toysig. It is also the name of the scheme's <scheme>-common
 * directory. out holds NGR_NAME_MAX + 1 bytes. */
void ds_scheme_of(const char *primitive, char *out);
/* "quick" or "full" */
const char *ds_tier_name(int tier);
/* the start of a campaign: its first run record's start=, else -1 */
double ds_campaign_start(const ds_host *h, const char *campaign);

#endif
