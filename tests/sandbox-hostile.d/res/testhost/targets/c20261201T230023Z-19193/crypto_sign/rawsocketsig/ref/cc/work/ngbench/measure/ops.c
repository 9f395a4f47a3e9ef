/* ops.c - setup and single calls of the measured operations (see ops.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_setaffinity */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sched.h>
#endif

#include "drng.h"
#include "ops.h"

DRNG_ctx drng_algorithm;
unsigned long long op_mlen = 64;
static const char *statefile;

/* The buffers of one prepared operation, for the state file. */
typedef struct {
    unsigned long long *len;
    unsigned char **buf;
    unsigned long long cap;
} field;

/* Loads op's state; 0 on success, -1 if there is none or it does not fit. */
static int load_state(int op, field *f, int nf)
{
    FILE *fp;
    int i, stored_op, ok = 1;
    char magic[8];
    if (!statefile || !(fp = fopen(statefile, "rb")))
        return -1;
    ok = fread(magic, 1, 8, fp) == 8 && memcmp(magic, "ngstate1", 8) == 0 &&
         fread(&stored_op, sizeof stored_op, 1, fp) == 1 && stored_op == op &&
         fread(&drng_algorithm, sizeof drng_algorithm, 1, fp) == 1;
    for (i = 0; ok && i < nf; i++)
        ok = fread(f[i].len, sizeof *f[i].len, 1, fp) == 1 && *f[i].len <= f[i].cap &&
             fread(*f[i].buf, 1, (size_t)*f[i].len, fp) == (size_t)*f[i].len;
    fclose(fp);
    return ok ? 0 : -1;
}

static void save_state(int op, field *f, int nf)
{
    char tmp[4096];
    FILE *fp;
    int i, ok;
    if (!statefile)
        return;
    snprintf(tmp, sizeof tmp, "%s.tmp", statefile);
    if (!(fp = fopen(tmp, "wb")))
        return;
    ok = fwrite("ngstate1", 1, 8, fp) == 8 && fwrite(&op, sizeof op, 1, fp) == 1 &&
         fwrite(&drng_algorithm, sizeof drng_algorithm, 1, fp) == 1;
    for (i = 0; ok && i < nf; i++)
        ok = fwrite(f[i].len, sizeof *f[i].len, 1, fp) == 1 &&
             fwrite(*f[i].buf, 1, (size_t)*f[i].len, fp) == (size_t)*f[i].len;
    if (fclose(fp) != 0 || !ok || rename(tmp, statefile) != 0)
        remove(tmp);
}

static unsigned char *xalloc(unsigned long long n)
{
    unsigned char *p = malloc((size_t)n + 1);
    if (!p) {
        fprintf(stderr, "measure: cannot allocate %llu bytes\n", n);
        exit(2);
    }
    memset(p, 0, (size_t)n + 1);
    return p;
}

static void setup_fail(const char *call, int rc)
{
    fprintf(stderr, "measure: setup: %s returned %d\n", call, rc);
    exit(3);
}

static void seed(void)
{
    unsigned char s[48];
    int i;
    for (i = 0; i < 48; i++)
        s[i] = (unsigned char)i;
    init_random_number(&drng_algorithm, s, sizeof s);
}

#ifdef NGBENCH_KEM
#include "iccs_kem.h"

static const char *names[] = { "keygen", "enc", "dec" };
static unsigned long long pkc, skc, ssc, ctc, pkl, skl, ssl, ctl, ss2l;
static unsigned char *pk, *sk, *ss, *ss2, *ct;

void op_setup(int op)
{
    int rc;
    seed();
    pkc = pkl = kem_get_pk_len_bytes();
    skc = skl = kem_get_sk_len_bytes();
    ssc = ssl = kem_get_ss_len_bytes();
    ctc = ctl = kem_get_ct_len_bytes();
    pk = xalloc(pkc);
    sk = xalloc(skc);
    ss = xalloc(ssc);
    ss2 = xalloc(ssc);
    ct = xalloc(ctc);
    {
        field f[4] = { { &pkl, &pk, pkc }, { &skl, &sk, skc }, { &ssl, &ss, ssc }, { &ctl, &ct, ctc } };
        if (load_state(op, f, 4) == 0)
            return;
        if (op >= 1 && (rc = kem_keygen(pk, &pkl, sk, &skl)) != 0)
            setup_fail("kem_keygen", rc);
        if (op >= 2 && (rc = kem_enc(pk, pkl, ss, &ssl, ct, &ctl)) != 0)
            setup_fail("kem_enc", rc);
        save_state(op, f, 4);
    }
}

int op_run(int op)
{
    switch (op) {
    case 0:
        pkl = pkc;
        skl = skc;
        return kem_keygen(pk, &pkl, sk, &skl);
    case 1:
        ssl = ssc;
        ctl = ctc;
        return kem_enc(pk, pkl, ss, &ssl, ct, &ctl);
    default:
        ss2l = ssc;
        return kem_dec(sk, skl, ct, ctl, ss2, &ss2l);
    }
}
#else
#include "iccs_sig.h"

static const char *names[] = { "keygen", "sign", "verify" };
static unsigned long long pkc, skc, snc, pkl, skl, snl, ml;
static unsigned char *pk, *sk, *sn, *m;

void op_setup(int op)
{
    unsigned long long i;
    int rc;
    seed();
    pkc = pkl = sig_get_pk_len_bytes();
    skc = skl = sig_get_sk_len_bytes();
    snc = snl = sig_get_sn_len_bytes();
    pk = xalloc(pkc);
    sk = xalloc(skc);
    sn = xalloc(snc);
    ml = op_mlen;
    m = xalloc(ml);
    for (i = 0; i < ml; i++)
        m[i] = (unsigned char)i;
    {
        field f[3] = { { &pkl, &pk, pkc }, { &skl, &sk, skc }, { &snl, &sn, snc } };
        if (load_state(op, f, 3) == 0)
            return;
        if (op >= 1 && (rc = sig_keygen(pk, &pkl, sk, &skl)) != 0)
            setup_fail("sig_keygen", rc);
        if (op >= 2 && (rc = sig_sign(sk, skl, m, ml, sn, &snl)) != 0)
            setup_fail("sig_sign", rc);
        save_state(op, f, 3);
    }
}

int op_run(int op)
{
    switch (op) {
    case 0:
        pkl = pkc;
        skl = skc;
        return sig_keygen(pk, &pkl, sk, &skl);
    case 1:
        snl = snc; /* in/out: each call starts from the getter's maximum */
        return sig_sign(sk, skl, m, ml, sn, &snl);
    default:
        return sig_verify(pk, pkl, sn, snl, m, ml);
    }
}
#endif

#ifdef NGBENCH_KEM
void op_visit_secret(int op, void (*visit)(void *buf, unsigned long long len))
{
    if (op == 2)
        visit(sk, skl);
}

void op_visit_outputs(int op, void (*visit)(void *buf, unsigned long long len))
{
    if (op == 0) {
        visit(pk, pkc);
        visit(sk, skc);
    } else if (op == 1) {
        visit(ss, ssc);
        visit(ct, ctc);
    } else {
        visit(ss2, ssc);
    }
}
#else
void op_visit_secret(int op, void (*visit)(void *buf, unsigned long long len))
{
    if (op == 1)
        visit(sk, skl);
}

void op_visit_outputs(int op, void (*visit)(void *buf, unsigned long long len))
{
    if (op == 0) {
        visit(pk, pkc);
        visit(sk, skc);
    } else if (op == 1) {
        visit(sn, snc);
    }
}
#endif

int op_count(void) { return 3; }

const char *op_name(int op) { return op >= 0 && op < 3 ? names[op] : "?"; }

int op_parse(const char *name)
{
    int i;
    for (i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

int op_options(int *argc, char **argv, const char *usage)
{
    int i, j = 1, op = -1;
    for (i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < *argc) {
            op = op_parse(argv[++i]);
            if (op < 0) {
                fprintf(stderr, "%s: unknown operation '%s' (%s, %s or %s)\n", argv[0], argv[i], names[0],
                        names[1], names[2]);
                exit(1);
            }
        } else if (strcmp(argv[i], "-s") == 0 && i + 1 < *argc) {
            statefile = argv[++i];
        } else if (strcmp(argv[i], "-m") == 0 && i + 1 < *argc) {
            op_mlen = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "-C") == 0 && i + 1 < *argc) {
#ifdef __linux__
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(atoi(argv[++i]), &set);
            if (sched_setaffinity(0, sizeof set, &set) != 0)
                fprintf(stderr, "%s: cannot pin to CPU %s; running unpinned\n", argv[0], argv[i]);
#else
            ++i;
            fprintf(stderr, "%s: -C: CPU pinning is not supported here; running unpinned\n", argv[0]);
#endif
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("%s\nCommon options: -o OP (%s, %s, %s), -m MLEN (message bytes, default 64),\n"
                   "-s STATEFILE (reuse prepared keys/signature/ciphertext), -C CPU (pin to a CPU)\n", usage, names[0], names[1],
                   names[2]);
            exit(0);
        } else {
            argv[j++] = argv[i];
        }
    }
    *argc = j;
    if (op < 0) {
        fprintf(stderr, "%s: -o OP is required (try --help)\n", argv[0]);
        exit(1);
    }
    return op;
}
