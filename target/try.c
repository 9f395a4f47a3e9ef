/* try.c - the functional checks ./do runs after an implementation's KAT gate
 * (linked by build-impl -p try). Each check prints one line
 *     check <name> pass|fail|warn <detail>
 * and produced-vs-claimed sizes print as
 *     size <what> produced=<n> claimed=<n>
 * Exit status: 0 all checks pass (warnings allowed), 1 some check failed,
 * 2 internal error. A crash or a hang is the caller's to detect.
 *
 * Signatures: canaries around every output buffer, lengths within the getters'
 * claims, inputs unmodified, the valid signature verifies, and verify rejects
 * a flipped message bit, flipped signature bits and a truncated signature.
 * KEMs: canaries, claims, inputs unmodified, dec recovers the secret, and a
 * modified or truncated ciphertext never yields the original secret. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"    /* op_claims: the getters, read in one place */
#include "target.h" /* drng_algorithm, its seed, guarded buffers */

static int failed;

static op_claims_t claims(void)
{
    op_claims_t c;
    op_claims(&c);
    return c;
}

static void check(const char *name, int ok, const char *detail)
{
    printf("check %s %s %s\n", name, ok ? "pass" : "fail", detail ? detail : "-");
    if (!ok)
        failed = 1;
}

/* A buffer of n bytes between two canaries (target.h's guards). */
static unsigned char *guarded(unsigned long long n)
{
    if (n > TARGET_MAX_CLAIM) {
        printf("check claims fail a getter claims %llu bytes\n", n);
        exit(1);
    }
    return target_alloc(n, "try");
}

static int intact(const unsigned char *b, unsigned long long n)
{
    return target_broken(b, n) == NULL;
}

/* Restores the canaries after a call that broke them, so that the next
 * check judges only its own call. */
static void rearm(unsigned char *b, unsigned long long n)
{
    target_rearm(b, n);
}

static unsigned char *copy(const unsigned char *b, unsigned long long n)
{
    unsigned char *c = malloc((size_t)n + 1);
    if (!c)
        exit(2);
    memcpy(c, b, (size_t)n);
    return c;
}

static char msgbuf[256];
static const char *fmt_rc(const char *call, int rc)
{
    snprintf(msgbuf, sizeof msgbuf, "%s returned %d", call, rc);
    return msgbuf;
}

#ifdef NGBENCH_KEM
#include "iccs_kem.h"

static int run(void)
{
    op_claims_t cl = claims();
    unsigned long long pkc = cl.pk, skc = cl.sk, ssc = cl.ss, ctc = cl.ct;
    unsigned long long pkl = pkc, skl = skc, ssl = ssc, ctl = ctc, ss2l;
    unsigned char *pk = guarded(pkc), *sk = guarded(skc), *ss = guarded(ssc), *ss2 = guarded(ssc),
                  *ct = guarded(ctc), *c1, *c2;
    unsigned long long pos[3];
    int rc, i, leaked;
    char d[256];

    check("claims", pkc > 0 && skc > 0 && ssc > 0 && ctc > 0, "every getter claims a nonzero size");
    rc = kem_keygen(pk, &pkl, sk, &skl);
    check("keygen-rc", rc == 0, fmt_rc("kem_keygen", rc));
    if (rc != 0)
        return 1;
    check("keygen-bounds", intact(pk, pkc) && intact(sk, skc), "no write outside pk and sk");
    printf("size pk produced=%llu claimed=%llu\nsize sk produced=%llu claimed=%llu\n", pkl, pkc, skl, skc);
    check("keygen-lengths", pkl <= pkc && skl <= skc, "pk_len and sk_len within the getters' claims");
    if (pkl > pkc || skl > skc)
        return 1;

    c1 = copy(pk, pkl);
    rc = kem_enc(pk, pkl, ss, &ssl, ct, &ctl);
    check("enc-rc", rc == 0, fmt_rc("kem_enc", rc));
    if (rc != 0)
        return 1;
    check("enc-bounds", intact(ss, ssc) && intact(ct, ctc), "no write outside ss and ct");
    printf("size ss produced=%llu claimed=%llu\nsize ct produced=%llu claimed=%llu\n", ssl, ssc, ctl, ctc);
    check("enc-lengths", ssl <= ssc && ctl <= ctc, "ss_len and ct_len within the getters' claims");
    check("enc-inputs", memcmp(c1, pk, (size_t)pkl) == 0, "pk unmodified by kem_enc");
    if (ssl > ssc || ctl > ctc)
        return 1;

    c1 = copy(sk, skl);
    c2 = copy(ct, ctl);
    ss2l = ssl;
    rc = kem_dec(sk, skl, ct, ctl, ss2, &ss2l);
    check("dec-rc", rc == 0, fmt_rc("kem_dec", rc));
    check("dec-bounds", intact(ss2, ssc), "no write outside ss");
    check("dec-secret", rc == 0 && ss2l == ssl && memcmp(ss, ss2, (size_t)ssl) == 0,
          "kem_dec recovers kem_enc's shared secret");
    check("dec-inputs", memcmp(c1, sk, (size_t)skl) == 0 && memcmp(c2, ct, (size_t)ctl) == 0,
          "sk and ct unmodified by kem_dec");

    pos[0] = 0;
    pos[1] = ctl / 2;
    pos[2] = ctl ? ctl - 1 : 0;
    for (i = 0; i < 3 && ctl; i++) {
        ct[pos[i]] ^= 0x01;
        ss2l = ssl;
        memset(ss2, 0, (size_t)ssc);
        rearm(ss2, ssc);
        rc = kem_dec(sk, skl, ct, ctl, ss2, &ss2l);
        leaked = rc == 0 && ss2l == ssl && memcmp(ss, ss2, (size_t)ssl) == 0;
        snprintf(d, sizeof d, "ciphertext byte %llu flipped: kem_dec returned %d%s", pos[i], rc,
                 leaked ? " and the original secret" : "");
        check("dec-modified-ct", !leaked && intact(ss2, ssc), d);
        ct[pos[i]] ^= 0x01;
    }
    if (ctl > 1) {
        ss2l = ssl;
        memset(ss2, 0, (size_t)ssc);
        rearm(ss2, ssc);
        rc = kem_dec(sk, skl, ct, ctl - 1, ss2, &ss2l);
        leaked = rc == 0 && ss2l == ssl && memcmp(ss, ss2, (size_t)ssl) == 0;
        snprintf(d, sizeof d, "ct_len one short: kem_dec returned %d%s", rc, leaked ? " and the original secret" : "");
        check("dec-short-ct", !leaked && intact(ss2, ssc), d);
    }
    return failed;
}
#else
#include "iccs_sig.h"

static void warn(const char *name, const char *detail)
{
    printf("check %s warn %s\n", name, detail);
}


static int verify_rejects(unsigned char *pk, unsigned long long pkl, unsigned char *sn, unsigned long long snl,
                          unsigned char *m, unsigned long long ml, const char *name, const char *what)
{
    char d[256];
    int rc = sig_verify(pk, pkl, sn, snl, m, ml);
    snprintf(d, sizeof d, "%s: sig_verify returned %d", what, rc);
    check(name, rc != 0, d);
    return rc;
}

static int run(void)
{
    op_claims_t cl = claims();
    unsigned long long pkc = cl.pk, skc = cl.sk, snc = cl.sn;
    unsigned long long pkl = pkc, skl = skc, snl = snc, ml = 64, minsn = (unsigned long long)-1, maxsn = 0;
    unsigned char *pk = guarded(pkc), *sk = guarded(skc), *sn = guarded(snc), *m = guarded(1000), *c1, *c2, *c3;
    unsigned long long pos[3];
    int rc, i;
    char d[256];

    check("claims", pkc > 0 && skc > 0 && snc > 0, "every getter claims a nonzero size");
    for (i = 0; i < 1000; i++)
        m[i] = (unsigned char)i;
    rc = sig_keygen(pk, &pkl, sk, &skl);
    check("keygen-rc", rc == 0, fmt_rc("sig_keygen", rc));
    if (rc != 0)
        return 1;
    check("keygen-bounds", intact(pk, pkc) && intact(sk, skc), "no write outside pk and sk");
    printf("size pk produced=%llu claimed=%llu\nsize sk produced=%llu claimed=%llu\n", pkl, pkc, skl, skc);
    check("keygen-lengths", pkl <= pkc && skl <= skc, "pk_len and sk_len within the getters' claims");
    if (pkl > pkc || skl > skc)
        return 1;

    c1 = copy(sk, skl);
    c2 = copy(m, ml);
    rc = sig_sign(sk, skl, m, ml, sn, &snl);
    check("sign-rc", rc == 0, fmt_rc("sig_sign", rc));
    if (rc != 0)
        return 1;
    check("sign-bounds", intact(sn, snc), "no write outside sn");
    printf("size sn produced=%llu claimed=%llu\n", snl, snc);
    check("sign-lengths", snl <= snc && snl > 0, "sn_len within the getter's claim");
    check("sign-inputs", memcmp(c1, sk, (size_t)skl) == 0 && memcmp(c2, m, (size_t)ml) == 0,
          "sk and m unmodified by sig_sign");
    if (snl > snc || snl == 0)
        return 1;

    c1 = copy(pk, pkl);
    c3 = copy(sn, snl);
    rc = sig_verify(pk, pkl, sn, snl, m, ml);
    check("verify-valid", rc == 0, fmt_rc("sig_verify on the signature just made", rc));
    check("verify-inputs", memcmp(c1, pk, (size_t)pkl) == 0 && memcmp(c3, sn, (size_t)snl) == 0 &&
                               memcmp(c2, m, (size_t)ml) == 0,
          "pk, sn and m unmodified by sig_verify");

    m[0] ^= 0x01;
    verify_rejects(pk, pkl, sn, snl, m, ml, "verify-modified-message", "first message bit flipped");
    m[0] ^= 0x01;
    m[ml - 1] ^= 0x80;
    verify_rejects(pk, pkl, sn, snl, m, ml, "verify-modified-message", "last message byte changed");
    m[ml - 1] ^= 0x80;
    verify_rejects(pk, pkl, sn, snl, m, ml - 1, "verify-short-message", "message one byte short");
    pos[0] = 0;
    pos[1] = snl / 2;
    pos[2] = snl - 1;
    for (i = 0; i < 3; i++) {
        sn[pos[i]] ^= 0x01;
        snprintf(d, sizeof d, "signature byte %llu flipped", pos[i]);
        verify_rejects(pk, pkl, sn, snl, m, ml, "verify-modified-signature", d);
        sn[pos[i]] ^= 0x01;
    }
    verify_rejects(pk, pkl, sn, snl - 1, m, ml, "verify-short-signature", "signature one byte short");

    /* Other message lengths, and the spread of signature sizes. */
    for (i = 0; i < 4; i++) {
        static const unsigned long long lens[4] = { 0, 1, 33, 1000 };
        snl = snc;
        rearm(sn, snc);
        rc = sig_sign(sk, skl, m, lens[i], sn, &snl);
        if (rc == 0 && snl <= snc && intact(sn, snc)) {
            if (snl < minsn)
                minsn = snl;
            if (snl > maxsn)
                maxsn = snl;
            rc = sig_verify(pk, pkl, sn, snl, m, lens[i]);
            if (rc != 0) {
                snprintf(d, sizeof d, "a %llu-byte message: its signature does not verify (%d)", lens[i], rc);
                check("sign-lengths-any", 0, d);
            }
        } else {
            snprintf(d, sizeof d, "a %llu-byte message: sig_sign returned %d, sn_len %llu%s", lens[i], rc, snl,
                     intact(sn, snc) ? "" : ", wrote outside sn");
            if (rc != 0 && lens[i] == 0)
                warn("sign-empty-message", d);
            else
                check("sign-lengths-any", 0, d);
        }
    }
    if (maxsn)
        printf("size sn-range min=%llu max=%llu\n", minsn, maxsn);
    return failed;
}
#endif

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        puts("usage: try\nRuns ngbench's functional checks on the linked implementation; one line per check.");
        return 0;
    }
    target_seed();
    return run() ? 1 : 0;
}
