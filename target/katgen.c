/* katgen.c - shared parts of the KAT drivers. The text they write must be
 * byte-identical to the official ICCS drivers' (uppercase hex, LF, one empty
 * line after each record), so printing is kept in one place; the guarded
 * buffers and drng_algorithm are the target harness's (target/target.c). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "katgen.h"
#include "target.h"

void katgen_parse(int argc, char **argv, katgen_opts *o, const char *what)
{
    int i;
    o->records = KAT_RECORDS;
    o->out = stdout;
    o->prog = argv[0];
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s [-n RECORDS] [-o FILE]\n"
                   "Writes the official ICCS %s known-answer file for the implementation\n"
                   "linked into this program: 10 records (or RECORDS, 1 for the quick tier),\n"
                   "seeds from DRNG(\"seed\" x 16), to FILE or standard output.\n"
                   "Exit status: 0 ok, 1 usage, 2 the implementation failed (message on stderr),\n"
                   "3 written, but a call wrote outside an output buffer (on stderr).\n",
                   argv[0], what);
            exit(0);
        } else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > KAT_RECORDS) {
                fprintf(stderr, "%s: -n wants 1..%d, not '%s'\n", argv[0], KAT_RECORDS, argv[i]);
                exit(1);
            }
            o->records = (int)n;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            o->out = fopen(argv[++i], "wb");
            if (!o->out) {
                perror(argv[i]);
                exit(1);
            }
        } else {
            fprintf(stderr, "%s: unknown argument '%s' (try --help)\n", argv[0], argv[i]);
            exit(1);
        }
    }
}

void katgen_init_seed_drng(DRNG_ctx *seed)
{
    unsigned char s[KAT_SEED_BYTES];
    int i;
    for (i = 0; i < KAT_SEED_BYTES; i++)
        s[i] = (unsigned char)"seed"[i % 4];
    init_random_number(seed, s, sizeof s);
}

void katgen_init_msg_drng(DRNG_ctx *msg)
{
    unsigned char s[KAT_SEED_BYTES];
    int i;
    for (i = 0; i < 63; i++)
        s[i] = (unsigned char)"msg"[i % 3];
    s[63] = 'm';
    init_random_number(msg, s, sizeof s);
}

void katgen_print_num(FILE *f, const char *name, unsigned long long v)
{
    fprintf(f, "%s = %llu\n", name, v);
}

void katgen_print_hex(FILE *f, const char *name, const unsigned char *b, unsigned long long n)
{
    static const char digits[] = "0123456789ABCDEF";
    char buf[8192];
    size_t k = 0;
    fprintf(f, "%s = ", name);
    while (n--) {
        buf[k++] = digits[*b >> 4];
        buf[k++] = digits[*b++ & 15];
        if (k == sizeof buf) {
            fwrite(buf, 1, k, f);
            k = 0;
        }
    }
    buf[k++] = '\n';
    fwrite(buf, 1, k, f);
}

unsigned char *katgen_alloc(unsigned long long n)
{
    return target_alloc(n, "katgen");
}

void katgen_free(unsigned char *buf)
{
    target_free(buf);
}

void katgen_fail(const katgen_opts *o, int record, const char *fmt, ...)
{
    va_list ap;
    fflush(o->out);
    fprintf(stderr, "%s: record %d: ", o->prog, record);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

int katgen_guard_violations;

void katgen_check(const katgen_opts *o, int record, const char *call,
                  const unsigned char *buf, unsigned long long n)
{
    const char *where = target_broken(buf, n);
    if (where) {
        /* Not fatal: the text may still match; ./do's functional checks
         * report it. The exit status says it happened. */
        fprintf(stderr, "%s: record %d: %s wrote %s (%llu bytes) of an output buffer\n", o->prog, record, call,
                where, n);
        katgen_guard_violations++;
        target_rearm((unsigned char *)buf, n);
    }
}
