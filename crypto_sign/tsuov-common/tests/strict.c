/* tsuov-strict.c - functional and strictness tests of one TSUOV parameter
 * set; built once per set with that set's crypto_sign/tsuovN/ref on the
 * include path and linked with -Wl,--wrap=malloc (allocation failures are
 * injected). It checks:
 *   - the off-KAT vector of specs/tsuov.md §11.3 (rank-deficient system,
 *     several salt attempts) and round trips for empty, short and long
 *     messages;
 *   - one test per published finding on the submitted code: fail-open on
 *     allocation failure (sign-31-3), unchecked lengths (sign-31-4),
 *     length-addition overflow (sign-31-5), non-canonical encodings accepted
 *     (sign-31-6);
 *   - modified messages and signatures, wrong key / signature lengths with
 *     exact-size buffers (so that ASan sees any read past them), bad
 *     arguments to sig_sign. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "sha256.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static int failures, checks;

#define CHECK(cond, ...)                                           \
    do {                                                           \
        checks++;                                                  \
        if (!(cond)) {                                             \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);  \
            fprintf(stderr, __VA_ARGS__);                          \
            fputc('\n', stderr);                                   \
            failures++;                                            \
        }                                                          \
    } while (0)

/* ---- allocation failure injection (linked with -Wl,--wrap=malloc) ---- */
void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);
static int malloc_fails, malloc_calls;

/* Requests beyond 2^48 bytes fail here as they would in any allocator, so
 * that sanitizers never see them. */
void *__wrap_malloc(size_t n)
{
    malloc_calls++;
    return malloc_fails || (unsigned long long)n >> 48 != 0 ? NULL : __real_malloc(n);
}

#define PK CRYPTO_PUBLICKEYBYTES
#define SK CRYPTO_SECRETKEYBYTES
#define SN CRYPTO_BYTES

/* The seed length S: sk = seed_sk || seed_pk. */
#define S (SK / 2)

static void unhex(unsigned char *out, const char *hex)
{
    size_t i, n = strlen(hex) / 2;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (unsigned char)v;
    }
}

static void digest_hex(const unsigned char *p, size_t n, char hex[65])
{
    sha256_ctx c;
    uint8_t d[32];
    sha256_init(&c);
    sha256_update(&c, p, n);
    sha256_final(&c, d);
    sha256_hex(d, hex);
}

/* 5-bit value number j of the little-endian bit string at p (§3.7). */
static unsigned get5(const unsigned char *p, size_t j)
{
    unsigned v = 0, b;
    for (b = 0; b < 5; b++) {
        size_t bit = 5 * j + b;
        v |= (unsigned)((p[bit / 8] >> (bit % 8)) & 1) << b;
    }
    return v;
}

static void set5(unsigned char *p, size_t j, unsigned v)
{
    unsigned b;
    for (b = 0; b < 5; b++) {
        size_t bit = 5 * j + b;
        p[bit / 8] = (unsigned char)((p[bit / 8] & ~(1u << (bit % 8))) | (((v >> b) & 1) << (bit % 8)));
    }
}

/* A copy of n bytes in a heap block of exactly n bytes. */
static unsigned char *exact_copy(const unsigned char *p, size_t n)
{
    unsigned char *q = malloc(n ? n : 1);
    if (q == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
    memcpy(q, p, n);
    return q;
}

static void seed_drng(unsigned char tag)
{
    unsigned char seed[48];
    size_t i;
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(i ^ tag);
    init_random_number(&drng_algorithm, seed, sizeof seed);
}

/* ---- specs/tsuov.md §11.3: off-KAT vectors with salt retries ---- */
struct offkat {
    const char *name, *seed, *m, *pk_sha, *sn_sha;
};

static const struct offkat offkats[] = {
    {"TSUOV_128",
     "0EE2749041D5E8B76D1EE09A10D6C973F8799E857A2D47CDA3BEA01F9CEB83BD762D4024F590CD4106FCEE82B762D017"
     "6828A35CA63DB8D9ED50F44406E17FD0",
     "546C9203384CDB0A67FDEFF693B21A62E6FC1A713917CEC44AD7341AC4F0C2FFE1619D3BA5E31E85987CCC0C66F0792B"
     "EC5D042CD06D7242",
     "930eb786417c0e444decedc144257f0e3c0dfbc2c07d4f940db8b57825493584",
     "98598d9dad74a95368f0899118a4d969bdf75b0d8b08b83e834228632a47f1f2"},
    {"TSUOV_256",
     "556CD7CFA7EF4B5D86D556B97EBCCBC72516AC2ECCD912F642EE83A3346B7AE5E90E95BB03E434615B74150BDEA0F0CC"
     "F19993DFB5E6AFCB41E1C2ABCF751076",
     "07F414F1BCC8F57F40EBE9D653661D1F55332BBB31661EF3318594326BF47FF018AF64945B906D90BA7226C0F9EC989B"
     "D687DDC8240E4B91",
     "e7c2fd20c26fdd0625a5fea51fe743ac12f492ff90d271210c82ce1d37ee14d2",
     "21f834a8b3b2262b3607348e456c3e7c07021d7d94face713f39c3ba65744a3a"},
    {"TSUOV_512",
     "D0D301BA24532549794D9A9BDD85D7A036D5D7B29084CA8C82A46E300F70531F3B1D9DE01A5F276D8C7ED7D500AEDC36"
     "847769A90713936C316CA5FDC6AAAB69",
     "C0A333D60C76632076CB5C3805395C1C0E79C1FB3850182B4A339CF0AE226CBA9D7ECDAB680B07841012A197A549AB94"
     "37DEDDF0A4664C0E",
     "10e959c2c8ad27ff69d45cdec52982dc77f8aae839ca345b1cbfc60e2c78f7e0",
     "97f37d47e89a2720bc045072ae60d56bc13e105db03deb7f4e45d646cbbd89bc"},
};

static void test_offkat(void)
{
    unsigned char seed[64], m[56], pk[PK], sk[SK], sn[SN];
    unsigned long long pkl = PK, skl = SK, snl = SN;
    char hex[65];
    size_t i;

    for (i = 0; i < sizeof offkats / sizeof offkats[0]; i++)
        if (strcmp(offkats[i].name, CRYPTO_ALGNAME) == 0)
            break;
    CHECK(i < sizeof offkats / sizeof offkats[0], "no off-KAT vector for %s", CRYPTO_ALGNAME);
    if (i == sizeof offkats / sizeof offkats[0])
        return;
    unhex(seed, offkats[i].seed);
    unhex(m, offkats[i].m);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    CHECK(sig_keygen(pk, &pkl, sk, &skl) == 0 && pkl == PK && skl == SK, "off-KAT keygen");
    CHECK(sig_sign(sk, skl, m, sizeof m, sn, &snl) == 0 && snl == SN, "off-KAT sign");
    digest_hex(pk, PK, hex);
    CHECK(strcmp(hex, offkats[i].pk_sha) == 0, "off-KAT SHA-256(pk) %s, expected %s", hex, offkats[i].pk_sha);
    digest_hex(sn, SN, hex);
    CHECK(strcmp(hex, offkats[i].sn_sha) == 0, "off-KAT SHA-256(sn) %s, expected %s", hex, offkats[i].sn_sha);
    CHECK(sig_verify(pk, PK, sn, SN, m, sizeof m) == 0, "off-KAT signature verifies");
}

/* ---- a key and a signed message shared by the tests below ---- */
static unsigned char pk[PK], sk[SK], sn[SN], msg[64];
#define LONG_LEN 5000
static unsigned char long_msg[LONG_LEN], long_sn[SN];

static void test_roundtrips(void)
{
    unsigned long long pkl = 0, skl = 0, snl = 0;
    unsigned char sn0[SN];
    size_t i;

    seed_drng(0x5a);
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)i;
    for (i = 0; i < LONG_LEN; i++)
        long_msg[i] = (unsigned char)(i * 7 + 3);
    CHECK(sig_get_pk_len_bytes() == PK && sig_get_sk_len_bytes() == SK && sig_get_sn_len_bytes() == SN,
          "getters agree with api.h");
    CHECK(sig_keygen(pk, &pkl, sk, &skl) == 0 && pkl == PK && skl == SK, "keygen lengths");
    CHECK(memcmp(sk + S, pk, S) == 0, "sk = seed_sk || seed_pk, pk starts with seed_pk");
    CHECK(sig_sign(sk, SK, msg, sizeof msg, sn, &snl) == 0 && snl == SN, "sign 64-byte message");
    CHECK(sig_verify(pk, PK, sn, SN, msg, sizeof msg) == 0, "verify 64-byte message");
    snl = 0;
    CHECK(sig_sign(sk, SK, NULL, 0, sn0, &snl) == 0 && snl == SN, "sign empty message (NULL)");
    CHECK(sig_verify(pk, PK, sn0, SN, NULL, 0) == 0, "verify empty message (NULL)");
    CHECK(sig_verify(pk, PK, sn0, SN, msg, 0) == 0, "verify empty message (non-NULL)");
    CHECK(sig_verify(pk, PK, sn0, SN, msg, 1) == -1, "empty-message signature on a 1-byte message");
    malloc_calls = 0;
    CHECK(sig_sign(sk, SK, long_msg, LONG_LEN, long_sn, &snl) == 0 && snl == SN, "sign 5000-byte message");
    CHECK(malloc_calls > 0, "a 5000-byte message takes the heap path");
    CHECK(sig_verify(pk, PK, long_sn, SN, long_msg, LONG_LEN) == 0, "verify 5000-byte message");
}

/* sign-31-4: lengths are checked, and nothing past the given length is
 * read (exact-size heap copies make any over-read visible to ASan). */
static void test_lengths(void)
{
    static const unsigned long long bad_sn[] = {0, 1, S, SN - 1, SN + 1, 2 * SN, ULLONG_MAX};
    static const unsigned long long bad_pk[] = {0, 1, S, PK - 1, PK + 1, ULLONG_MAX};
    unsigned char *p, *q;
    unsigned long long snl = 12345;
    size_t i;

    for (i = 0; i < sizeof bad_sn / sizeof bad_sn[0]; i++) {
        size_t have = bad_sn[i] < SN ? (size_t)bad_sn[i] : SN;
        q = exact_copy(sn, have);
        CHECK(sig_verify(pk, PK, q, bad_sn[i], msg, sizeof msg) == -1, "sn_len %llu rejected", bad_sn[i]);
        free(q);
    }
    for (i = 0; i < sizeof bad_pk / sizeof bad_pk[0]; i++) {
        size_t have = bad_pk[i] < PK ? (size_t)bad_pk[i] : PK;
        p = exact_copy(pk, have);
        CHECK(sig_verify(p, bad_pk[i], sn, SN, msg, sizeof msg) == -2, "pk_len %llu rejected as malformed key",
              bad_pk[i]);
        free(p);
    }
    /* exact-size buffers of the right lengths verify */
    p = exact_copy(pk, PK);
    q = exact_copy(sn, SN);
    CHECK(sig_verify(p, PK, q, SN, msg, sizeof msg) == 0, "exact-size buffers verify");
    free(p);
    free(q);
    CHECK(sig_verify(NULL, PK, sn, SN, msg, sizeof msg) == -2, "NULL pk");
    CHECK(sig_verify(pk, PK, NULL, SN, msg, sizeof msg) == -2, "NULL sn");
    CHECK(sig_verify(pk, PK, sn, SN, NULL, sizeof msg) == -2, "NULL message with nonzero length");
    CHECK(sig_sign(sk, SK - 1, msg, sizeof msg, sn, &snl) == -2 && snl == 0, "sign rejects sk_len SK-1");
    CHECK(sig_sign(sk, SK + 1, msg, sizeof msg, sn, &snl) == -2, "sign rejects sk_len SK+1");
    CHECK(sig_sign(NULL, SK, msg, sizeof msg, sn, &snl) == -2, "sign rejects NULL sk");
    CHECK(sig_sign(sk, SK, msg, sizeof msg, NULL, &snl) == -2, "sign rejects NULL sn");
    CHECK(sig_sign(sk, SK, msg, sizeof msg, sn, NULL) == -2, "sign rejects NULL sn_len");
    CHECK(sig_sign(sk, SK, NULL, 1, sn, &snl) == -2, "sign rejects NULL message with nonzero length");
    CHECK(sig_verify(pk, PK, sn, SN, msg, sizeof msg) == 0, "failed calls left sn intact");
}

/* sign-31-5 and sign-31-3: S + m_len and its bit count must not wrap, and a
 * failed allocation of the seed_pk || M buffer is an error, never a digest
 * of stale memory. */
static void test_huge_lengths_and_allocation(void)
{
    static const unsigned long long huge[] = {ULLONG_MAX,
                                              ULLONG_MAX - S + 1,
                                              ULLONG_MAX / 8 - S + 1, /* 8 (S + m_len) wraps */
                                              (unsigned long long)SIZE_MAX,
                                              1ULL << 60 /* fits, but no allocator gives 2^60 bytes */};
    unsigned char sn1[SN];
    unsigned long long snl;
    DRNG_ctx before;
    size_t i;

    for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        CHECK(sig_verify(pk, PK, sn, SN, msg, huge[i]) == -2, "verify with m_len %llu is an error", huge[i]);
        memcpy(&before, &drng_algorithm, sizeof before);
        snl = 1;
        CHECK(sig_sign(sk, SK, msg, huge[i], sn1, &snl) == -2 && snl == 0, "sign with m_len %llu fails",
              huge[i]);
        CHECK(memcmp(&before, &drng_algorithm, sizeof before) == 0, "failed sign drew no randomness");
    }

    /* the exact scenario of sign-31-3: a valid signature on a message that
     * needs the heap, verified while allocation fails */
    malloc_fails = 1;
    CHECK(sig_verify(pk, PK, long_sn, SN, long_msg, LONG_LEN) == -2, "allocation failure: verify fails closed");
    CHECK(sig_verify(pk, PK, sn, SN, long_msg, LONG_LEN) != 0, "allocation failure: unrelated message rejected");
    snl = 1;
    CHECK(sig_sign(sk, SK, long_msg, LONG_LEN, sn1, &snl) == -2 && snl == 0, "allocation failure: sign fails");
    /* ordinary messages never touch the heap */
    malloc_calls = 0;
    CHECK(sig_sign(sk, SK, msg, sizeof msg, sn1, &snl) == 0, "sign of a short message needs no allocation");
    CHECK(sig_verify(pk, PK, sn1, SN, msg, sizeof msg) == 0, "verify of a short message needs no allocation");
    CHECK(malloc_calls == 0, "no allocation attempted for a short message (%d)", malloc_calls);
    malloc_fails = 0;
    CHECK(sig_verify(pk, PK, long_sn, SN, long_msg, LONG_LEN) == 0, "verify works again after the failure");
}

/* Modified messages and signatures are rejected. */
static void test_modifications(void)
{
    static const size_t sn_bytes[] = {0, S - 1, S, S + 1, (S + SN) / 2, SN - 1};
    unsigned char m2[sizeof msg], s2[SN];
    size_t i;

    memcpy(m2, msg, sizeof msg);
    m2[0] ^= 1;
    CHECK(sig_verify(pk, PK, sn, SN, m2, sizeof m2) == -1, "first message bit flipped");
    m2[0] ^= 1;
    m2[sizeof m2 - 1] ^= 0x80;
    CHECK(sig_verify(pk, PK, sn, SN, m2, sizeof m2) == -1, "last message bit flipped");
    CHECK(sig_verify(pk, PK, sn, SN, msg, sizeof msg - 1) == -1, "message truncated by one byte");
    CHECK(sig_verify(pk, PK, sn, SN, long_msg, sizeof msg + 1) == -1, "other message, one byte longer");
    CHECK(sig_verify(pk, PK, long_sn, SN, msg, sizeof msg) == -1, "signature of another message");
    for (i = 0; i < sizeof sn_bytes / sizeof sn_bytes[0]; i++) {
        memcpy(s2, sn, SN);
        s2[sn_bytes[i]] ^= (unsigned char)(1u << (i % 8));
        CHECK(sig_verify(pk, PK, s2, SN, msg, sizeof msg) == -1, "signature byte %zu modified", sn_bytes[i]);
    }
}

/* sign-31-6: 31 is a second encoding of 0, and padding bits are free in the
 * submitted code; here both make the encoding invalid. */
static void test_noncanonical(void)
{
    const size_t sn_values = (size_t)(SN - S) * 8 / 5;
    const size_t pk_values = (size_t)(PK - S) * 8 / 5;
    unsigned char s2[SN], p2[PK];
    size_t j;
    int found = 0, max_value = 0;

    for (j = 0; j < sn_values; j++)
        if (get5(sn + S, j) > (unsigned)max_value)
            max_value = (int)get5(sn + S, j);
    CHECK(max_value == 30, "signing emits values up to 30 only (max %d)", max_value);
    for (j = 0; j < sn_values && !found; j++)
        if (get5(sn + S, j) == 0) {
            memcpy(s2, sn, SN);
            set5(s2 + S, j, 31);
            CHECK(sig_verify(pk, PK, s2, SN, msg, sizeof msg) == -1, "signature value %zu: 0 re-encoded as 31", j);
            found = 1;
        }
    CHECK(found, "the signature has a zero value to re-encode");
    found = 0;
    for (j = 0; j < pk_values && !found; j++)
        if (get5(pk + S, j) == 0) {
            memcpy(p2, pk, PK);
            set5(p2 + S, j, 31);
            CHECK(sig_verify(p2, PK, sn, SN, msg, sizeof msg) == -2, "public-key value %zu: 0 re-encoded as 31", j);
            found = 1;
        }
    CHECK(found, "the public key has a zero value to re-encode");
    if ((PK - S) * 8 != pk_values * 5) {
        memcpy(p2, pk, PK);
        CHECK((p2[PK - 1] & 0x80) == 0, "keygen leaves the padding bits zero");
        p2[PK - 1] |= 0x80;
        CHECK(sig_verify(p2, PK, sn, SN, msg, sizeof msg) == -2, "public key with a padding bit set");
    }
    if ((SN - S) * 8 != sn_values * 5) {
        memcpy(s2, sn, SN);
        s2[SN - 1] |= 0x80;
        CHECK(sig_verify(pk, PK, s2, SN, msg, sizeof msg) == -1, "signature with a padding bit set");
    }
}

int main(void)
{
    test_offkat();
    test_roundtrips();
    test_lengths();
    test_huge_lengths_and_allocation();
    test_modifications();
    test_noncanonical();
    printf("%s: %d checks, %d failures\n", CRYPTO_ALGNAME, checks, failures);
    return failures == 0 ? 0 : 1;
}
