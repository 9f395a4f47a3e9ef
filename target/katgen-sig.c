/* katgen-sig.c - the ICCS KAT_SIG driver, clean-room: same records, same
 * DRNG use, same call order as the official KAT_SIG.c, so the output is the
 * official KAT_SIG_<instance>.txt byte for byte.
 *
 * Per record: Seed from drng_seed, M (56 + 8i bytes) from drng_msg;
 * drng_algorithm <- Seed; sig_keygen; print; sig_sign on the same continuing
 * DRNG; print Sn; sig_verify must return 0. The in/out length variables are
 * not reset between records, as in the official driver. */
#include <stdlib.h>

#include "drng.h"
#include "iccs_sig.h"
#include "katgen.h"
#include "ops.h"    /* op_claims */
#include "target.h" /* drng_algorithm */

int main(int argc, char **argv)
{
    katgen_opts o;
    DRNG_ctx drng_seed, drng_msg;
    op_claims_t c;
    unsigned long long pk_max, sk_max, sn_max, pk_len, sk_len, sn_len, m_len;
    unsigned char seed[KAT_SEED_BYTES], *pk, *sk, *sn, *m;
    int i, rc;

    op_claims(&c);
    pk_max = c.pk, sk_max = c.sk, sn_max = c.sn;
    pk_len = pk_max, sk_len = sk_max, sn_len = sn_max;
    katgen_parse(argc, argv, &o, "KAT_SIG");
    pk = katgen_alloc(pk_max);
    sk = katgen_alloc(sk_max);
    sn = katgen_alloc(sn_max);
    m = katgen_alloc(128);
    katgen_init_seed_drng(&drng_seed);
    katgen_init_msg_drng(&drng_msg);

    for (i = 0; i < o.records; i++) {
        m_len = 56 + 8 * (unsigned long long)i;
        get_random_number(&drng_seed, seed, 8 * KAT_SEED_BYTES);
        get_random_number(&drng_msg, m, 8 * m_len);
        init_random_number(&drng_algorithm, seed, KAT_SEED_BYTES);

        rc = sig_keygen(pk, &pk_len, sk, &sk_len);
        katgen_check(&o, i, "sig_keygen", pk, pk_max);
        katgen_check(&o, i, "sig_keygen", sk, sk_max);
        if (rc != 0)
            katgen_fail(&o, i, "sig_keygen returned %d", rc);
        if (pk_len > pk_max || sk_len > sk_max)
            katgen_fail(&o, i, "sig_keygen returned pk_len %llu, sk_len %llu; the getters claim %llu, %llu",
                        pk_len, sk_len, pk_max, sk_max);
        fprintf(o.out, "Count = %d\n", i);
        katgen_print_num(o.out, "Seed_Len", KAT_SEED_BYTES);
        katgen_print_hex(o.out, "Seed", seed, KAT_SEED_BYTES);
        katgen_print_num(o.out, "PK_Len", pk_len);
        katgen_print_hex(o.out, "PK", pk, pk_len);
        katgen_print_num(o.out, "SK_Len", sk_len);
        katgen_print_hex(o.out, "SK", sk, sk_len);
        katgen_print_num(o.out, "M_Len", m_len);
        katgen_print_hex(o.out, "M", m, m_len);

        rc = sig_sign(sk, sk_len, m, m_len, sn, &sn_len);
        katgen_check(&o, i, "sig_sign", sn, sn_max);
        if (rc != 0)
            katgen_fail(&o, i, "sig_sign returned %d", rc);
        if (sn_len > sn_max)
            katgen_fail(&o, i, "sig_sign returned sn_len %llu; the getter claims at most %llu", sn_len, sn_max);
        katgen_print_num(o.out, "Sn_Len", sn_len);
        katgen_print_hex(o.out, "Sn", sn, sn_len);
        fputc('\n', o.out);

        rc = sig_verify(pk, pk_len, sn, sn_len, m, m_len);
        if (rc != 0)
            katgen_fail(&o, i, "sig_verify rejected the signature just made (returned %d)", rc);
    }
    katgen_free(pk);
    katgen_free(sk);
    katgen_free(sn);
    katgen_free(m);
    if (fflush(o.out) != 0 || ferror(o.out)) {
        perror("katgen-sig: write");
        return 1;
    }
    return katgen_guard_violations ? 3 : 0;
}
