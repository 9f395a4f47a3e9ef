/* katgen.h - what the two KAT drivers (katgen-sig, katgen-kem) share: the
 * seed and message DRNGs of the official drivers, record printing, option
 * parsing and the guard bytes checked around every output buffer. */
#ifndef NGBENCH_KATGEN_H
#define NGBENCH_KATGEN_H

#include <stdio.h>

#include "drng.h"

#define KAT_RECORDS 10
#define KAT_SEED_BYTES 64

typedef struct {
    int records;      /* how many records to write (1 = the quick tier) */
    FILE *out;
    const char *prog;
} katgen_opts;

void katgen_parse(int argc, char **argv, katgen_opts *o, const char *what);
/* drng_seed <- "seed" x 16; drng_msg <- "msg" x 21 || "m". */
void katgen_init_seed_drng(DRNG_ctx *seed);
void katgen_init_msg_drng(DRNG_ctx *msg);
void katgen_print_num(FILE *f, const char *name, unsigned long long v);
void katgen_print_hex(FILE *f, const char *name, const unsigned char *b, unsigned long long n);

/* A buffer of n usable bytes with guard bytes on both sides. */
unsigned char *katgen_alloc(unsigned long long n);
void katgen_free(unsigned char *buf);
/* Reports (stderr) a call that wrote outside buf's n bytes, counts it in
 * katgen_guard_violations and restores the guard. */
extern int katgen_guard_violations;
void katgen_check(const katgen_opts *o, int record, const char *call,
                  const unsigned char *buf, unsigned long long n);
void katgen_fail(const katgen_opts *o, int record, const char *fmt, ...);

#endif
