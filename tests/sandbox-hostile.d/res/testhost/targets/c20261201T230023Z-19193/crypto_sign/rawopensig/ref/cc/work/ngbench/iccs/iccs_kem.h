/* iccs_kem.h - the ICCS KEM entry points (official KEM_AlgorithmInstance.h
 * prototypes, without the submitter-edited macros). An implementation defines
 * all seven; drivers call them.
 *
 * Note the argument order of kem_enc: shared secret before ciphertext.
 * kem_dec returns 0 on success, -1 if decapsulation fails and -2..-99 for other
 * errors; the other functions return 0 on success and a negative code
 * otherwise. Buffers are non-const as in the official header. */
#ifndef NGBENCH_ICCS_KEM_H
#define NGBENCH_ICCS_KEM_H

#ifdef __cplusplus
extern "C" {
#endif

unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes);

#ifdef __cplusplus
}
#endif

#endif
