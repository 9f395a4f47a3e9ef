/* iccs_sig.h - the ICCS signature entry points (official SIG_AlgorithmInstance.h
 * prototypes, without the submitter-edited macros). An implementation defines
 * all six; drivers call them.
 *
 * Sizes come from the getters (the signature getter gives the maximum length).
 * The signature is detached. sig_verify returns 0 for a valid signature, -1 for
 * an invalid one and -2..-99 for other errors; the other functions return 0 on
 * success and a negative code otherwise. Buffers are non-const as in the
 * official header. */
#ifndef NGBENCH_ICCS_SIG_H
#define NGBENCH_ICCS_SIG_H

#ifdef __cplusplus
extern "C" {
#endif

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes);
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes,
             unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes);
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes,
               unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes);

#ifdef __cplusplus
}
#endif

#endif
