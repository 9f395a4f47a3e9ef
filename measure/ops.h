/* ops.h - the operations ngbench times and probes, described once (a table
 * in ops.c, on the guarded buffers of harness/target.c) and set up the same
 * way for the timing driver, the memory/stack/heap probe, the hash
 * profiler, the constant-time check and speed:
 * drng_algorithm seeded with the bytes 00..2f, a message of 64 bytes
 * (00..3f) by default; sign/verify get a key pair (and verify a signature)
 * first, enc/dec a key pair (and dec a ciphertext). */
#ifndef NGBENCH_OPS_H
#define NGBENCH_OPS_H

/* Returns the operation's index for "keygen", "sign", "verify" (signature
 * builds) or "keygen", "enc", "dec" (KEM builds), -1 otherwise. */
int op_parse(const char *name);
const char *op_name(int op);
int op_count(void);
/* The message length for sign/verify (-m; default 64). */
extern unsigned long long op_mlen;
/* Prepares everything op needs; exits with a message if a setup call fails.
 * With a state file (-s), the prepared buffers and the DRNG state are saved
 * there on first use and loaded by later processes, so a trial of sign or
 * verify does not pay for a key generation (or a signature) first. */
void op_setup(int op);
/* One call of op; returns its return code (verify/dec: 0 means accepted). */
int op_run(int op);
/* Calls visit on the operation's secret input (sk for sign and dec; nothing
 * for the others, whose secrets come from the DRNG) or on its outputs. */
void op_visit_secret(int op, void (*visit)(void *buf, unsigned long long len));
void op_visit_outputs(int op, void (*visit)(void *buf, unsigned long long len));
/* Parses the options every measure program shares (-o OP, -m MLEN, -C CPU)
 * -m MLEN and -s STATEFILE from argv, removing them; exits on errors. Returns the operation. */
int op_options(int *argc, char **argv, const char *usage);

#endif
