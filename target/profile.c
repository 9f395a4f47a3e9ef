/* profile.c - how much of an operation's time goes to the ICCS helpers.
 * Linked with -Wl,--wrap= around sm3hash, pseudohash, pseudoXOF and
 * get_random_number, so every call the implementation makes passes through
 * the wrappers below, which time it and count it by input and output length.
 * A call made while another wrapped call is running (none in ngbench's own
 * iccs/, possible in other builds) is counted but not timed twice.
 * The first call of the process is reported apart from the others (the
 * steady state): one-time setup (caches, tables built on first use) shows
 * there and does not inflate the per-operation figures. Prints, for ITERS
 * calls of OP (at least 2), the steady state's per-call averages over calls
 * 2..ITERS and the first call's own figures, as field lines of the profile
 * and profilecalls records (report/record.c writes them, checked against
 * report/schema.def; ngbench-records(5) says what each field means): one
 * profile line per helper (its calls, cycles and share per operation, the
 * first call's, the fewest and most calls in one steady call: retries, over
 * the different messages each call signs; and the operation's own cycles)
 * and one profilecalls line per helper and length class. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ngcycles.h"
#include "ops.h"
#include "record.h"

static int emit(ngr_out *o)
{
    const char *why = NULL;
    fflush(stdout);
    if (ngr_out_end(o, stdout, &why) != 0) {
        fprintf(stderr, "profile: a line the schema refuses: %s\n", why);
        return -1;
    }
    return 0;
}

enum { F_SM3, F_PHASH, F_XOF, F_DRNG, NFN };
static const char *fn_names[NFN] = { "sm3hash", "pseudohash", "pseudoXOF", "get_random_number" };

#define MAXCLASS 512
static struct {
    int fn;
    unsigned long long in, out, calls, first; /* first: the calls of the first call */
} cls[MAXCLASS];
static int ncls, overflow, active, depth;
static unsigned long long calls[NFN], first_calls[NFN];
static int64_t cycles[NFN], first_cycles[NFN];
/* the fewest and the most calls of each helper in one steady call: retries
 * (a sign that hashes again until a condition holds) show as a spread */
static unsigned long long min_calls[NFN], max_calls[NFN];

static void account(int fn, unsigned long long in, unsigned long long out, int64_t t)
{
    int i;
    calls[fn]++;
    cycles[fn] += t;
    for (i = 0; i < ncls; i++)
        if (cls[i].fn == fn && cls[i].in == in && cls[i].out == out) {
            cls[i].calls++;
            return;
        }
    if (ncls == MAXCLASS) {
        overflow = 1;
        return;
    }
    cls[ncls].fn = fn;
    cls[ncls].in = in;
    cls[ncls].out = out;
    cls[ncls].calls = 1;
    ncls++;
}

/* Times the real call when it is the outermost wrapped call. */
#define WRAPPED(fn, in, out, call)                        \
    do {                                                  \
        int64_t t0_;                                      \
        int rc_;                                          \
        if (!active)                                      \
            return call;                                  \
        if (depth) {                                      \
            rc_ = call;                                   \
            account(fn, in, out, 0);                      \
            return rc_;                                   \
        }                                                 \
        depth++;                                          \
        t0_ = ngcycles();                                 \
        rc_ = call;                                       \
        account(fn, in, out, ngcycles() - t0_);           \
        depth--;                                          \
        return rc_;                                       \
    } while (0)

int __real_sm3hash(int, const unsigned char *, unsigned long long, unsigned char *);
int __real_pseudohash(int, const unsigned char *, unsigned long long, unsigned char *);
int __real_pseudoXOF(unsigned long long, const unsigned char *, unsigned long long, unsigned char *);
int __real_get_random_number(void *, unsigned char *, unsigned long long);
int __wrap_sm3hash(int d, const unsigned char *m, unsigned long long n, unsigned char *o);
int __wrap_pseudohash(int d, const unsigned char *m, unsigned long long n, unsigned char *o);
int __wrap_pseudoXOF(unsigned long long L, const unsigned char *m, unsigned long long n, unsigned char *o);
int __wrap_get_random_number(void *ctx, unsigned char *o, unsigned long long nbits);

int __wrap_sm3hash(int d, const unsigned char *m, unsigned long long n, unsigned char *o)
{
    WRAPPED(F_SM3, n, (unsigned long long)d, __real_sm3hash(d, m, n, o));
}

int __wrap_pseudohash(int d, const unsigned char *m, unsigned long long n, unsigned char *o)
{
    WRAPPED(F_PHASH, n, (unsigned long long)d, __real_pseudohash(d, m, n, o));
}

int __wrap_pseudoXOF(unsigned long long L, const unsigned char *m, unsigned long long n, unsigned char *o)
{
    WRAPPED(F_XOF, n, L, __real_pseudoXOF(L, m, n, o));
}

int __wrap_get_random_number(void *ctx, unsigned char *o, unsigned long long nbits)
{
    WRAPPED(F_DRNG, 0, nbits, __real_get_random_number(ctx, o, nbits));
}

int main(int argc, char **argv)
{
    long iters = 2, i, steady;
    int op, f;
    int64_t total = 0, t0, first = 0;
    op = op_options(&argc, argv,
                    "usage: profile -o OP [-n ITERS] [-m MLEN] [-C CPU]\n"
                    "Times ITERS calls of OP (at least 2) and the ICCS helper calls inside them: the\n"
                    "first call apart (first_*), the steady state over the others.");
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            iters = atol(argv[++i]);
        else {
            fprintf(stderr, "profile: unknown argument '%s' (try --help)\n", argv[i]);
            return 1;
        }
    }
    if (iters < 2)
        iters = 2; /* a first call and a steady state */
    op_setup(op);
    for (i = 0; i < iters; i++) {
        int rc;
        if (i > 0)
            op_next(op); /* the next input, outside the counted calls */
        unsigned long long before[NFN];
        for (f = 0; f < NFN; f++)
            before[f] = calls[f];
        active = 1;
        t0 = ngcycles();
        rc = op_run(op);
        if (i == 0) { /* the first call alone; the rest is the steady state */
            int k;
            first = ngcycles() - t0;
            for (f = 0; f < NFN; f++) {
                first_calls[f] = calls[f];
                first_cycles[f] = cycles[f];
                calls[f] = 0;
                cycles[f] = 0;
            }
            for (k = 0; k < ncls; k++) {
                cls[k].first = cls[k].calls;
                cls[k].calls = 0;
            }
        } else {
            total += ngcycles() - t0;
            for (f = 0; f < NFN; f++) {
                unsigned long long d = calls[f] - before[f];
                if (i == 1 || d < min_calls[f])
                    min_calls[f] = d;
                if (i == 1 || d > max_calls[f])
                    max_calls[f] = d;
            }
        }
        active = 0;
        if (rc != 0) {
            fprintf(stderr, "profile: %s returned %d\n", op_name(op), rc);
            return 4;
        }
    }
    steady = iters - 1;
    for (f = 0; f < NFN; f++) {
        ngr_out o;
        ngr_out_begin(&o, NGK_profile);
        ngr_out_str(&o, NGF_function, fn_names[f]);
        ngr_out_printf(&o, NGF_calls, "%.6g", (double)calls[f] / steady);
        ngr_out_printf(&o, NGF_cycles, "%.0f", (double)cycles[f] / steady);
        ngr_out_printf(&o, NGF_share, "%.4f", total > 0 ? (double)cycles[f] / (double)total : 0.0);
        ngr_out_printf(&o, NGF_first_calls, "%llu", first_calls[f]);
        ngr_out_printf(&o, NGF_first_cycles, "%lld", (long long)first_cycles[f]);
        ngr_out_printf(&o, NGF_calls_min, "%llu", min_calls[f]);
        ngr_out_printf(&o, NGF_calls_max, "%llu", max_calls[f]);
        ngr_out_printf(&o, NGF_op_cycles, "%.0f", (double)total / steady);
        ngr_out_printf(&o, NGF_op_first_cycles, "%lld", (long long)first);
        ngr_out_printf(&o, NGF_iters, "%ld", steady);
        if (emit(&o) != 0)
            return 5;
    }
    for (i = 0; i < ncls; i++) {
        ngr_out o;
        ngr_out_begin(&o, NGK_profilecalls);
        ngr_out_str(&o, NGF_function, fn_names[cls[i].fn]);
        ngr_out_printf(&o, NGF_in, "%llu", cls[i].in);
        ngr_out_printf(&o, NGF_out, "%llu", cls[i].out);
        ngr_out_printf(&o, NGF_calls, "%.6g", (double)cls[i].calls / steady);
        ngr_out_printf(&o, NGF_first_calls, "%llu", cls[i].first);
        if (emit(&o) != 0)
            return 5;
    }
    printf("timer %s\n", ngcycles_implementation()); /* a note, not a field line */
    if (overflow)
        printf("class-overflow more than %d length classes; the rest are counted only per function\n", MAXCLASS);
    return 0;
}
