/* iccs-openssl.c - cross-checks sm3hash and pseudoXOF against OpenSSL's SM3 on
 * random byte-aligned inputs (pseudoXOF against the X9.63 KDF written over
 * EVP). Exits 77 (skipped) when configure found no OpenSSL with SM3. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "auxfunc.h"
#include "drng.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

#ifndef HAVE_OPENSSL
int main(void)
{
    puts("SKIP: OpenSSL libcrypto with SM3 was not found at configure time");
    return 77;
}
#else
#include <openssl/evp.h>

static void ossl_sm3(const unsigned char *m, size_t n, unsigned char out[32])
{
    unsigned int len;
    EVP_Digest(m, n, out, &len, EVP_sm3(), NULL);
}

int main(void)
{
    DRNG_ctx rng;
    unsigned char msg[3000], a[700], b[700 + 32], seed[8] = "openssl";
    int i, bad = 0, cases = 0;
    init_random_number(&rng, seed, sizeof seed);
    for (i = 0; i < 2000 && !bad; i++) {
        unsigned char len2[4];
        size_t n, L;
        get_random_number(&rng, len2, 32);
        n = ((size_t)len2[0] << 8 | len2[1]) % sizeof msg;
        L = ((size_t)len2[2] << 8 | len2[3]) % sizeof a;
        get_random_number(&rng, msg, 8ull * n);
        sm3hash(256, msg, 8ull * n, a);
        ossl_sm3(msg, n, b);
        if (memcmp(a, b, 32) != 0) {
            fprintf(stderr, "FAIL: sm3hash differs from OpenSSL for a %zu-byte message\n", n);
            bad = 1;
        }
        {
            unsigned char *buf = malloc(n + 4);
            size_t done;
            unsigned int ctr;
            memcpy(buf, msg, n);
            for (ctr = 1, done = 0; done < L; ctr++, done += 32) {
                buf[n] = (unsigned char)(ctr >> 24);
                buf[n + 1] = (unsigned char)(ctr >> 16);
                buf[n + 2] = (unsigned char)(ctr >> 8);
                buf[n + 3] = (unsigned char)ctr;
                ossl_sm3(buf, n + 4, b + done);
            }
            free(buf);
        }
        pseudoXOF(8ull * L, msg, 8ull * n, a);
        if (memcmp(a, b, L) != 0) {
            fprintf(stderr, "FAIL: pseudoXOF(%zu bytes) differs from the X9.63 KDF over OpenSSL SM3 "
                            "for a %zu-byte input\n", L, n);
            bad = 1;
        }
        cases++;
    }
    printf("%s: %d random cases of sm3hash and pseudoXOF against OpenSSL\n", bad ? "FAIL" : "PASS", cases);
    return bad;
}
#endif
