/* auxfunc.h - the ICCS hash helpers, under the official header name and with
 * the official prototypes, so unmodified NICCS submissions compile against it.
 *
 * Every length is in bits. A message is the first msg_len_bits bits of msg,
 * most significant bit first; later bits of its last byte are ignored.
 *   sm3hash    digest_len_bits must be 256              (else -4)
 *   pseudohash digest_len_bits must be 512, 768 or 1024 (else -4)
 *   pseudoXOF  any output length below 2^40 - 2^8 bits; unused low bits of a
 *              partial last output byte are written as zero.
 * Return codes: 0 success, -2 allocation failure (never, here), -3 internal
 * HMAC failure (never, here), -4 unsupported digest length.
 * As the official header says, pseudohash and pseudoXOF serve correctness
 * checking of submissions and make no security claim of their own. */
#ifndef AUXFUNC_H
#define AUXFUNC_H

#ifdef __cplusplus
extern "C" {
#endif

int sm3hash(int digest_len_bits, const unsigned char *msg,
            unsigned long long msg_len_bits, unsigned char *digest);
int pseudohash(int digest_len_bits, const unsigned char *msg,
               unsigned long long msg_len_bits, unsigned char *digest);
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);

#ifdef __cplusplus
}
#endif

#endif
