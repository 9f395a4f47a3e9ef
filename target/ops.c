/* ops.c - the operations ngbench times, probes and checks (see ops.h),
 * described once: each kind's buffers (sizes from the getters), and per
 * operation its call, its secret input and its outputs, in one table. The
 * buffers are the target harness's guarded ones (target/target.c). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_setaffinity */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sched.h>
#endif

#include "ops.h"
#include "target.h"

unsigned long long op_mlen = 64;
int op_protocol = OP_MANY;
unsigned long op_stream;
static const char *statefile, *keysfile;

/* the buffers: a signature's sn, or a KEM's ss, is OUT; a KEM's ct is CT,
 * and dec's shared secret OUT2; MSG is the message (signatures) */
enum { PK, SK, OUT, CT, OUT2, MSG, NBUF };
static unsigned char *b[NBUF];
static unsigned long long cap[NBUF], len[NBUF];

typedef struct {
    const char *name;
    int (*call)(void); /* one call; in/out lengths start from the getters' maximum */
    int secret;        /* the buffer of its secret input, or -1 */
    int outputs[3];    /* the buffers it writes, -1 after the last */
} opdesc;

#ifdef NGBENCH_KEM
#include "iccs_kem.h"

static int keygen(void)
{
    len[PK] = cap[PK];
    len[SK] = cap[SK];
    return kem_keygen(b[PK], &len[PK], b[SK], &len[SK]);
}

static int enc(void)
{
    len[OUT] = cap[OUT];
    len[CT] = cap[CT];
    return kem_enc(b[PK], len[PK], b[OUT], &len[OUT], b[CT], &len[CT]);
}

static int dec(void)
{
    len[OUT2] = cap[OUT2];
    return kem_dec(b[SK], len[SK], b[CT], len[CT], b[OUT2], &len[OUT2]);
}

static const opdesc table[3] = {
    { "keygen", keygen, -1, { PK, SK, -1 } },
    { "enc", enc, -1, { OUT, CT, -1 } },
    { "dec", dec, SK, { OUT2, -1, -1 } },
};

void op_claims(op_claims_t *c)
{
    memset(c, 0, sizeof *c);
    c->pk = kem_get_pk_len_bytes();
    c->sk = kem_get_sk_len_bytes();
    c->ss = kem_get_ss_len_bytes();
    c->ct = kem_get_ct_len_bytes();
}

static void sizes(void)
{
    op_claims_t c;
    op_claims(&c);
    cap[PK] = c.pk;
    cap[SK] = c.sk;
    cap[OUT] = cap[OUT2] = c.ss;
    cap[CT] = c.ct;
}
#else
#include "iccs_sig.h"

static int keygen(void)
{
    len[PK] = cap[PK];
    len[SK] = cap[SK];
    return sig_keygen(b[PK], &len[PK], b[SK], &len[SK]);
}

static int sign(void)
{
    len[OUT] = cap[OUT];
    return sig_sign(b[SK], len[SK], b[MSG], len[MSG], b[OUT], &len[OUT]);
}

static int verify(void)
{
    return sig_verify(b[PK], len[PK], b[OUT], len[OUT], b[MSG], len[MSG]);
}

static const opdesc table[3] = {
    { "keygen", keygen, -1, { PK, SK, -1 } },
    { "sign", sign, SK, { OUT, -1, -1 } },
    { "verify", verify, -1, { -1, -1, -1 } },
};

void op_claims(op_claims_t *c)
{
    memset(c, 0, sizeof *c);
    c->pk = sig_get_pk_len_bytes();
    c->sk = sig_get_sk_len_bytes();
    c->sn = sig_get_sn_len_bytes();
}

static void sizes(void)
{
    op_claims_t c;
    op_claims(&c);
    cap[PK] = c.pk;
    cap[SK] = c.sk;
    cap[OUT] = c.sn;
}
#endif

/* ---- many messages (OP_MANY): each call's own input, prepared untimed ----
 * sign: a message drawn from the DRNG per call; verify: an honest signature
 * of a drawn message per call, and dec: a ciphertext of its own per call,
 * each made by the operation before it and kept in a pool of POOL (calls
 * beyond POOL reuse them in turn: a verify call costs about as much as a
 * sign call would to prepare it). */
#define POOL 64
static struct {
    unsigned char *msg, *out, *ct;
    unsigned long long lmsg, lout, lct;
} pool[POOL];
static int npool, next_pool;

#ifndef NGBENCH_KEM /* KEMs have no message */
static void draw_message(void)
{
    len[MSG] = op_mlen;
    if (op_mlen > 0)
        get_random_number(&drng_algorithm, b[MSG], 8 * op_mlen);
}
#endif

static unsigned char *copy_of(const unsigned char *p, unsigned long long n)
{
    unsigned char *q = malloc(n ? (size_t)n : 1);
    if (!q) {
        fprintf(stderr, "measure: out of memory for the pool of inputs\n");
        exit(2);
    }
    memcpy(q, p, (size_t)n);
    return q;
}

void op_next(int op)
{
    int rc;
    if (op_protocol != OP_MANY || op == 0)
        return; /* keygen and (KEMs) enc draw their own randomness each call */
#ifndef NGBENCH_KEM
    if (op == 1) {
        draw_message();
        return;
    }
#endif
    /* verify or dec: the next input of the pool, made when the pool is not full */
    if (npool < POOL) {
#ifdef NGBENCH_KEM
        if ((rc = table[1].call()) != 0) {
            fprintf(stderr, "measure: preparing dec: enc returned %d\n", rc);
            exit(3);
        }
#else
        draw_message();
        if ((rc = table[1].call()) != 0) {
            fprintf(stderr, "measure: preparing verify: sign returned %d\n", rc);
            exit(3);
        }
#endif
        pool[npool].msg = copy_of(b[MSG], len[MSG]);
        pool[npool].lmsg = len[MSG];
        pool[npool].out = copy_of(b[OUT], len[OUT]);
        pool[npool].lout = len[OUT];
        pool[npool].ct = copy_of(b[CT], len[CT]);
        pool[npool].lct = len[CT];
        npool++;
        return;
    }
    memcpy(b[MSG], pool[next_pool].msg, (size_t)(len[MSG] = pool[next_pool].lmsg));
    memcpy(b[OUT], pool[next_pool].out, (size_t)(len[OUT] = pool[next_pool].lout));
    memcpy(b[CT], pool[next_pool].ct, (size_t)(len[CT] = pool[next_pool].lct));
    next_pool = (next_pool + 1) % POOL;
}

/* the DRNG of a trial's own stream: the seed 00..2f with its last 8 bytes
 * xored with stream + 1, so that no two trials (and no trial and the key
 * generation before them) replay one stream */
static void seed_stream(unsigned long stream)
{
    unsigned char sd[48];
    unsigned long long v = (unsigned long long)stream + 1;
    int i;
    for (i = 0; i < 48; i++)
        sd[i] = (unsigned char)i;
    for (i = 0; i < 8; i++)
        sd[47 - i] ^= (unsigned char)(v >> (8 * i));
    init_random_number(&drng_algorithm, sd, sizeof sd);
}

/* the prepared buffers saved in a state file: keys, then OUT and CT */
static const int saved[] = { PK, SK, OUT, CT };
#define NSAVED (int)(sizeof saved / sizeof saved[0])

/* Loads op's state from file; 0 on success, -1 if there is none or it does
 * not fit. */
static int load_state_from(const char *file, int op)
{
    FILE *fp;
    int i, stored_op, ok;
    char magic[8];
    if (!file || !(fp = fopen(file, "rb")))
        return -1;
    ok = fread(magic, 1, 8, fp) == 8 && memcmp(magic, "ngstate2", 8) == 0 &&
         fread(&stored_op, sizeof stored_op, 1, fp) == 1 && stored_op == op &&
         fread(&drng_algorithm, sizeof drng_algorithm, 1, fp) == 1;
    for (i = 0; ok && i < NSAVED; i++) {
        int k = saved[i];
        ok = fread(&len[k], sizeof len[k], 1, fp) == 1 && len[k] <= cap[k] &&
             fread(b[k], 1, (size_t)len[k], fp) == (size_t)len[k];
    }
    fclose(fp);
    return ok ? 0 : -1;
}
static int load_state(int op) { return load_state_from(statefile, op); }

static void save_state(int op)
{
    char tmp[4096];
    FILE *fp;
    int i, ok;
    if (!statefile)
        return;
    snprintf(tmp, sizeof tmp, "%s.tmp", statefile);
    if (!(fp = fopen(tmp, "wb")))
        return;
    ok = fwrite("ngstate2", 1, 8, fp) == 8 && fwrite(&op, sizeof op, 1, fp) == 1 &&
         fwrite(&drng_algorithm, sizeof drng_algorithm, 1, fp) == 1;
    for (i = 0; ok && i < NSAVED; i++) {
        int k = saved[i];
        ok = fwrite(&len[k], sizeof len[k], 1, fp) == 1 && fwrite(b[k], 1, (size_t)len[k], fp) == (size_t)len[k];
    }
    if (fclose(fp) != 0 || !ok || rename(tmp, statefile) != 0)
        remove(tmp);
}

void op_setup(int op)
{
    op_prepare(op);
    while (npool > 0) { /* a pool made for other keys */
        npool--;
        free(pool[npool].msg);
        free(pool[npool].out);
        free(pool[npool].ct);
    }
    next_pool = 0;
    if (op_protocol == OP_MANY) { /* the trial's own stream, and its first input */
        seed_stream(op_stream);
        op_next(op);
    }
}

void op_prepare(int op)
{
    unsigned long long i;
    int k, rc;
    target_seed();
    if (!b[PK]) { /* the buffers once per process */
        sizes();
        cap[MSG] = op_mlen;
        for (k = 0; k < NBUF; k++)
            b[k] = target_alloc(cap[k], "measure");
        /* the message: byte i = i, or i*131+64 as the NGCC harness signs */
        for (i = 0; i < cap[MSG]; i++)
            b[MSG][i] = (unsigned char)(op_protocol == OP_NGCC ? i * 131 + 64 : i);
    }
    for (k = 0; k < NBUF; k++)
        len[k] = cap[k];
    if (load_state(op) != 0) {
        k = 0;
        /* the setup of the operation before (-k: sign's keys for verify,
         * enc's for dec) is where this one's begins: the same keys, the
         * DRNG where that setup left it, without a second key generation */
        if (op > 0 && load_state_from(keysfile, op - 1) == 0)
            k = op - 1;
        for (; k < op; k++)
            if ((rc = table[k].call()) != 0) {
                fprintf(stderr, "measure: setup: %s returned %d\n", table[k].name, rc);
                exit(3);
            }
        save_state(op);
    }
}

int op_has_state(void) { return statefile != NULL; }

int op_run(int op)
{
    return table[op].call();
}

void op_visit_secret(int op, void (*visit)(void *buf, unsigned long long len))
{
    if (table[op].secret >= 0)
        visit(b[table[op].secret], len[table[op].secret]);
}

void op_visit_outputs(int op, void (*visit)(void *buf, unsigned long long len))
{
    int i;
    for (i = 0; i < 3 && table[op].outputs[i] >= 0; i++)
        visit(b[table[op].outputs[i]], cap[table[op].outputs[i]]);
}

int op_count(void) { return 3; }

const char *op_name(int op) { return op >= 0 && op < 3 ? table[op].name : "?"; }

int op_parse(const char *name)
{
    int i;
    for (i = 0; i < 3; i++)
        if (strcmp(name, table[i].name) == 0)
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
                fprintf(stderr, "%s: unknown operation '%s' (%s, %s or %s)\n", argv[0], argv[i], table[0].name,
                        table[1].name, table[2].name);
                exit(1);
            }
        } else if (strcmp(argv[i], "-s") == 0 && i + 1 < *argc) {
            statefile = argv[++i];
        } else if (strcmp(argv[i], "-k") == 0 && i + 1 < *argc) {
            keysfile = argv[++i];
        } else if (strcmp(argv[i], "-m") == 0 && i + 1 < *argc) {
            op_mlen = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "-P") == 0 && i + 1 < *argc) {
            ++i;
            if (strcmp(argv[i], "many") == 0)
                op_protocol = OP_MANY;
            else if (strcmp(argv[i], "ngcc") == 0)
                op_protocol = OP_NGCC;
            else {
                fprintf(stderr, "%s: -P wants many or ngcc, not '%s'\n", argv[0], argv[i]);
                exit(1);
            }
        } else if (strcmp(argv[i], "-S") == 0 && i + 1 < *argc) {
            op_stream = strtoul(argv[++i], NULL, 10);
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
                   "-s STATEFILE (reuse prepared keys/signature/ciphertext), -k STATEFILE (where\n"
                   "STATEFILE is new: the keys from the state of the operation before, e.g. sign's\n"
                   "for verify), -C CPU (pin to a CPU),\n"
                   "-P many|ngcc (the inputs: many, the default, gives each call its own message,\n"
                   "signature or ciphertext, drawn from the DRNG of stream -S N; ngcc: the NGCC\n"
                   "harness's, one message i*131+64 and one signature, one DRNG stream)\n",
                   usage, table[0].name, table[1].name, table[2].name);
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
