/* katgen-kem.c - the ICCS KAT_KEM driver, clean-room: same records, DRNG use
 * and call order as the official KAT_KEM.c, so the output is the official
 * KAT_KEM_<instance>.txt byte for byte.
 *
 * Per record: Seed from drng_seed; drng_algorithm <- Seed; kem_keygen;
 * kem_enc (shared secret before ciphertext); kem_dec on the same continuing
 * DRNG into a second buffer, which must equal the first. Length variables are
 * not reset between records, as in the official driver. */
#include <stdlib.h>
#include <string.h>

#include "drng.h"
#include "iccs_kem.h"
#include "katgen.h"
#include "ops.h"    /* op_claims */
#include "target.h" /* drng_algorithm */

int main(int argc, char **argv)
{
    katgen_opts o;
    DRNG_ctx drng_seed;
    op_claims_t c;
    unsigned long long pk_max, sk_max, ss_max, ct_max;
    unsigned long long pk_len, sk_len, ss_len, ct_len, ss2_len;
    unsigned char seed[KAT_SEED_BYTES], *pk, *sk, *ss, *ss2, *ct;
    int i, rc;

    op_claims(&c);
    pk_max = c.pk, sk_max = c.sk, ss_max = c.ss, ct_max = c.ct;
    pk_len = pk_max, sk_len = sk_max, ss_len = ss_max, ct_len = ct_max;
    katgen_parse(argc, argv, &o, "KAT_KEM");
    pk = katgen_alloc(pk_max);
    sk = katgen_alloc(sk_max);
    ss = katgen_alloc(ss_max);
    ss2 = katgen_alloc(ss_max);
    ct = katgen_alloc(ct_max);
    katgen_init_seed_drng(&drng_seed);

    for (i = 0; i < o.records; i++) {
        get_random_number(&drng_seed, seed, 8 * KAT_SEED_BYTES);
        init_random_number(&drng_algorithm, seed, KAT_SEED_BYTES);

        rc = kem_keygen(pk, &pk_len, sk, &sk_len);
        katgen_check(&o, i, "kem_keygen", pk, pk_max);
        katgen_check(&o, i, "kem_keygen", sk, sk_max);
        if (rc != 0)
            katgen_fail(&o, i, "kem_keygen returned %d", rc);
        if (pk_len > pk_max || sk_len > sk_max)
            katgen_fail(&o, i, "kem_keygen returned pk_len %llu, sk_len %llu; the getters claim %llu, %llu",
                        pk_len, sk_len, pk_max, sk_max);
        rc = kem_enc(pk, pk_len, ss, &ss_len, ct, &ct_len);
        katgen_check(&o, i, "kem_enc", ss, ss_max);
        katgen_check(&o, i, "kem_enc", ct, ct_max);
        if (rc != 0)
            katgen_fail(&o, i, "kem_enc returned %d", rc);
        if (ss_len > ss_max || ct_len > ct_max)
            katgen_fail(&o, i, "kem_enc returned ss_len %llu, ct_len %llu; the getters claim %llu, %llu",
                        ss_len, ct_len, ss_max, ct_max);
        ss2_len = ss_len;
        rc = kem_dec(sk, sk_len, ct, ct_len, ss2, &ss2_len);
        katgen_check(&o, i, "kem_dec", ss2, ss_max);
        if (rc != 0)
            katgen_fail(&o, i, "kem_dec returned %d", rc);
        if (ss2_len != ss_len || memcmp(ss, ss2, (size_t)ss_len) != 0)
            katgen_fail(&o, i, "kem_dec gave a different shared secret than kem_enc");

        fprintf(o.out, "Count = %d\n", i);
        katgen_print_num(o.out, "Seed_Len", KAT_SEED_BYTES);
        katgen_print_hex(o.out, "Seed", seed, KAT_SEED_BYTES);
        katgen_print_num(o.out, "PK_Len", pk_len);
        katgen_print_hex(o.out, "PK", pk, pk_len);
        katgen_print_num(o.out, "SK_Len", sk_len);
        katgen_print_hex(o.out, "SK", sk, sk_len);
        katgen_print_num(o.out, "CT_Len", ct_len);
        katgen_print_hex(o.out, "CT", ct, ct_len);
        katgen_print_num(o.out, "SS_Len", ss_len);
        katgen_print_hex(o.out, "SS", ss, ss_len);
        fputc('\n', o.out);
    }
    katgen_free(pk);
    katgen_free(sk);
    katgen_free(ss);
    katgen_free(ss2);
    katgen_free(ct);
    if (fflush(o.out) != 0 || ferror(o.out)) {
        perror("katgen-kem: write");
        return 1;
    }
    return katgen_guard_violations ? 3 : 0;
}
