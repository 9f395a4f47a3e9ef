/* sydo-sign.c - the SYDO signature layer through the ICCS entry points, at
 * sydo_160f: KAT record 0 (keys, every field of the signature, the SM3 digest
 * of the whole signature, verification), the getters, and the argument and
 * secret-key checks of sig_keygen and sig_sign. */
#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_sig.h"
#include "sydo.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static void run(void)
{
    static unsigned char sn[SYDO_SIGB + 1], sn2[SYDO_SIGB];
    unsigned char seed[64], m[56], pk[SYDO_PKB], sk[SYDO_SKB], bad[SYDO_SKB], dig[32];
    unsigned long long pk_len = SYDO_PKB, sk_len = SYDO_SKB, sn_len = SYDO_SIGB + 1, l1, l2;
    unsigned i;

    CHECK(sig_get_pk_len_bytes() == 80 && sig_get_sk_len_bytes() == 174 && sig_get_sn_len_bytes() == 6724,
          "getters: 80, 174, 6724");
    CHECK(SYDO_SIG_DELTA == 6680 && SYDO_SIG_IV == 6700 && SYDO_SIG_CTR == 6720 && SYDO_SIG_OPEN == 3120,
          "signature layout of sydo.md 1.3");

    unhex(seed, sizeof seed, T160F_SEED);
    unhex(m, sizeof m, T160F_MSG);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    CHECK(sig_keygen(pk, &pk_len, sk, &sk_len) == 0, "keygen");
    CHECK(pk_len == SYDO_PKB && sk_len == SYDO_SKB, "keygen lengths");
    CHECK_HEX("pk of record 0", pk, T160F_PK);
    CHECK_HEX("sk of record 0", sk, T160F_SK);

    memset(sn, 0xEE, sizeof sn);
    CHECK(sig_sign(sk, sk_len, m, sizeof m, sn, &sn_len) == 0, "sign");
    CHECK(sn_len == SYDO_SIGB, "sign sets sn_len to the signature size");
    CHECK(sn[SYDO_SIGB] == 0xEE, "sign writes nothing past the signature");
    CHECK_HEX("C[0..48)", sn + SYDO_SIG_C, T160F_C_PREFIX);
    CHECK_HEX("u-tilde", sn + SYDO_SIG_UT, T160F_UTILDE);
    CHECK_HEX("d", sn + SYDO_SIG_D, T160F_D);
    CHECK_HEX("c_1 || c_2 || c_3", sn + SYDO_SIG_QS, T160F_C123);
    CHECK_HEX("O[0..64)", sn + SYDO_SIG_OPEN, T160F_O_PREFIX);
    CHECK_HEX("last 48 bytes of O", sn + SYDO_SIG_DELTA - 48, T160F_O_LAST48);
    CHECK_HEX("delta", sn + SYDO_SIG_DELTA, T160F_DELTA);
    CHECK_HEX("iv", sn + SYDO_SIG_IV, T160F_IV);
    CHECK_HEX("counter 0", sn + SYDO_SIG_CTR, "00000000");
    sm3hash(256, sn, 8ull * SYDO_SIGB, dig);
    CHECK_HEX("SM3 of the whole signature of record 0", dig,
              "152B8D5DBDDE0BF3BB636CC4600A3100CEB93BBCFCBCA833C5F09A57EACB99FD");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, sizeof m) == 0, "verify record 0");

    /* keygen and sign refuse short buffers and bad lengths */
    l1 = SYDO_PKB - 1;
    l2 = SYDO_SKB;
    CHECK(sig_keygen(pk, &l1, sk, &l2) == -1, "keygen: pk buffer too short");
    l1 = SYDO_PKB;
    l2 = SYDO_SKB - 1;
    CHECK(sig_keygen(pk, &l1, sk, &l2) == -1, "keygen: sk buffer too short");
    CHECK(sig_keygen(NULL, &l1, sk, &l2) == -1, "keygen: NULL pk");
    l1 = SYDO_SIGB - 1;
    CHECK(sig_sign(sk, sk_len, m, sizeof m, sn2, &l1) == -1, "sign: signature buffer too short");
    l1 = SYDO_SIGB;
    CHECK(sig_sign(sk, sk_len - 1, m, sizeof m, sn2, &l1) == -1, "sign: sk length");
    CHECK(sig_sign(sk, sk_len + 1, m, sizeof m, sn2, &l1) == -1, "sign: sk length");
    CHECK(sig_sign(sk, sk_len, NULL, 1, sn2, &l1) == -1, "sign: NULL message of non-zero length");
    CHECK(sig_sign(sk, sk_len, m, ~0ull, sn2, &l1) == -1, "sign: huge message length");

    /* sign re-derives the key from its seeds: any change of sk is refused */
    for (i = 0; i < 3; i++) {
        static const unsigned where[3] = {SYDO_LB + 3, SYDO_PKB + 1, SYDO_PKB + SYDO_LB + 5};
        memcpy(bad, sk, sizeof bad);
        bad[where[i]] ^= 0x04;
        l1 = SYDO_SIGB;
        CHECK(sig_sign(bad, sizeof bad, m, sizeof m, sn2, &l1) == -1, "sign: modified y, seed_sk or x-bar");
    }
}

int main(void)
{
    each_backend(run);
    return finish("sydo-sign");
}
