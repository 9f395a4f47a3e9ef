/* ops.h - the operations ngbench times and probes, described once (a table
 * in ops.c, on the guarded buffers of target/target.c) and set up the same
 * way for the timing driver, the memory/stack/heap probe, the hash
 * profiler, the constant-time check and speed:
 * drng_algorithm seeded with the bytes 00..2f; sign/verify get a key pair
 * (and verify a signature) first, enc/dec a key pair (and dec a ciphertext);
 * then the inputs of the protocol (-P, below). */
#ifndef NGBENCH_OPS_H
#define NGBENCH_OPS_H

/* What the implementation's getters claim: the one place the harness calls
 * them (every program linked into an implementation reads its sizes here).
 * Signatures fill pk, sk and sn; KEMs pk, sk, ss and ct; the rest is 0. */
typedef struct {
    unsigned long long pk, sk, sn, ss, ct;
} op_claims_t;
void op_claims(op_claims_t *c);

/* Returns the operation's index for "keygen", "sign", "verify" (signature
 * builds) or "keygen", "enc", "dec" (KEM builds), -1 otherwise. */
int op_parse(const char *name);
const char *op_name(int op);
int op_count(void);
/* The message length for sign/verify (-m; default 64). */
extern unsigned long long op_mlen;
/* What the calls work on (-P):
 *   OP_MANY  (the default) each call its own input, as users meet the
 *            operation: sign a message drawn from the DRNG, verify an honest
 *            signature of such a message, dec a ciphertext of its own (made
 *            untimed by op_next; pools of 64), each trial from a DRNG stream
 *            of its own (-S N: the seed 00..2f with N + 1 in its last bytes);
 *            keygen and enc draw fresh randomness each call anyway
 *   OP_NGCC  the NGCC harness's protocol: the DRNG seeded 00..2f, the keys
 *            made once from it, the message byte i = i*131+64 signed by every
 *            call, one honest signature verified by every call */
enum { OP_MANY, OP_NGCC };
extern int op_protocol;
extern unsigned long op_stream;
/* Prepares the next call's input (OP_MANY; nothing under OP_NGCC): call it
 * before every call but the first after op_setup, outside the timed
 * interval. */
void op_next(int op);
/* Prepares everything op needs; exits with a message if a setup call fails.
 * With a state file (-s), the prepared buffers and the DRNG state are saved
 * there on first use and loaded by later processes, so a trial of sign or
 * verify does not pay for a key generation (or a signature) first. */
void op_setup(int op);
/* The part of op_setup a state file keeps: the buffers, and the keys (and
 * the signature or ciphertext) loaded from it or made and saved there. */
void op_prepare(int op);
/* 1 when a state file was given (-s). */
int op_has_state(void);
/* One call of op; returns its return code (verify/dec: 0 means accepted). */
int op_run(int op);
/* Calls visit on the operation's secret input (sk for sign and dec; nothing
 * for the others, whose secrets come from the DRNG) or on its outputs. */
void op_visit_secret(int op, void (*visit)(void *buf, unsigned long long len));
void op_visit_outputs(int op, void (*visit)(void *buf, unsigned long long len));
/* Parses the options every measure program shares (-o OP, -m MLEN, -C CPU,
 * -P, -S, -s STATEFILE, -k KEYSTATE: a new STATEFILE of verify or dec
 * starts from the state of sign or enc there) from argv, removing them;
 * exits on errors. Returns the operation. */
int op_options(int *argc, char **argv, const char *usage);

#endif
