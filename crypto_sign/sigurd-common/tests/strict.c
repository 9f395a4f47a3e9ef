/* sigurd-strict.c - strictness of Sigurd's sig_verify and the stack the
 * operations need, for the parameter set whose ref/ directory is on the
 * include path (make check: sigurd128).
 *
 * Every malformed input is handed over in a heap buffer of exactly the length
 * claimed, so ASan or valgrind catch any read past it. Expected results:
 * 0 for the genuine signature, -1 (invalid) for any modified message, key or
 * signature field, -4 (malformed) for lengths that no signature can have,
 * -2 / -3 / -5 for NULL pointers, a wrong pk length and an unhashable m_len.
 * Then keygen, sign and verify run on a thread with a painted 256 KiB stack;
 * the deepest byte touched is reported and must stay under 64 KiB. */
#define _POSIX_C_SOURCE 200809L /* pthread_attr_setstack, posix_memalign */

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Under valgrind the painted stack of a finished thread counts as
 * unaddressable; its bytes are intact, so memcheck is told to allow the scan. */
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define STRICT_MEMCHECK 1
#endif
#endif

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "sigurd.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static int failures;
static unsigned char *pk, *sk, *sn, msg[100];
static unsigned long long pk_len, sk_len, sn_len;

static void expect(const char *what, int got, int want)
{
    if (got != want) {
        printf("FAIL %-44s = %d, want %d\n", what, got, want);
        failures++;
    } else {
        printf("ok   %-44s = %d\n", what, got);
    }
}

/* verify over an exact-size copy of the first len bytes of s (extended with
 * zero bytes if len is longer than the signature) */
static int verify_copy(const unsigned char *s, unsigned long long len, const unsigned char *m,
                       unsigned long long mlen)
{
    unsigned char *buf = malloc(len ? (size_t)len : 1), *mb = malloc(mlen ? (size_t)mlen : 1);
    int rc;
    if (buf == NULL || mb == NULL) {
        printf("FAIL out of memory\n");
        exit(1);
    }
    memset(buf, 0, (size_t)len);
    memcpy(buf, s, (size_t)(len < sn_len ? len : sn_len));
    memcpy(mb, m, (size_t)mlen);
    rc = sig_verify(pk, pk_len, buf, len, mb, mlen);
    free(buf);
    free(mb);
    return rc;
}

/* flip bit `bit` of byte `pos` of a copy of the signature and verify */
static int verify_flipped(size_t pos, unsigned bit)
{
    int rc;
    sn[pos] ^= (unsigned char)(1u << bit);
    rc = verify_copy(sn, sn_len, msg, sizeof msg);
    sn[pos] ^= (unsigned char)(1u << bit);
    return rc;
}

static uint32_t auth_count(void)
{
    const unsigned char *p = sn + SIGURD_OFF_C;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_lengths(void)
{
    unsigned char c4[4];
    uint32_t c = auth_count();
    unsigned char *longer;
    size_t open_off = SIGURD_OFF_AUTH + (size_t)c * SIGURD_HBYTES;
    int rc;

    expect("verify(genuine signature)", verify_copy(sn, sn_len, msg, sizeof msg), 0);
    expect("verify(sn_len - 1)", verify_copy(sn, sn_len - 1, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len + 1)", verify_copy(sn, sn_len + 1, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len - h)", verify_copy(sn, sn_len - SIGURD_HBYTES, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len + h)", verify_copy(sn, sn_len + SIGURD_HBYTES, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len = 0)", verify_copy(sn, 0, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len = 4)", verify_copy(sn, 4, msg, sizeof msg), SIGURD_ERR_FORMAT);
    expect("verify(sn_len = fixed part only)", verify_copy(sn, SIGURD_OFF_AUTH, msg, sizeof msg),
           SIGURD_ERR_FORMAT);
    expect("verify(sn_len = getter maximum)", verify_copy(sn, sig_get_sn_len_bytes(), msg, sizeof msg),
           SIGURD_ERR_FORMAT);
    expect("verify(sn_len = maximum + h)",
           verify_copy(sn, sig_get_sn_len_bytes() + SIGURD_HBYTES, msg, sizeof msg), SIGURD_ERR_FORMAT);
    /* huge claims are rejected from the length alone, before sn is read */
    expect("verify(sn_len = ULLONG_MAX)", sig_verify(pk, pk_len, sn, ULLONG_MAX, msg, sizeof msg),
           SIGURD_ERR_FORMAT);
    expect("verify(sn_len = 2^63)", sig_verify(pk, pk_len, sn, 1ULL << 63, msg, sizeof msg),
           SIGURD_ERR_FORMAT);
    expect("verify(m_len = ULLONG_MAX)", sig_verify(pk, pk_len, sn, sn_len, msg, ULLONG_MAX),
           SIGURD_ERR_MLEN);
    expect("verify(pk_len - 1)", sig_verify(pk, pk_len - 1, sn, sn_len, msg, sizeof msg), SIGURD_ERR_LEN);
    expect("verify(pk_len = ULLONG_MAX)", sig_verify(pk, ULLONG_MAX, sn, sn_len, msg, sizeof msg),
           SIGURD_ERR_LEN);
    expect("verify(pk = NULL)", sig_verify(NULL, pk_len, sn, sn_len, msg, sizeof msg), SIGURD_ERR_NULL);
    expect("verify(sn = NULL)", sig_verify(pk, pk_len, NULL, sn_len, msg, sizeof msg), SIGURD_ERR_NULL);
    expect("verify(m = NULL, m_len = 0)", sig_verify(pk, pk_len, sn, sn_len, NULL, 0), SIGURD_ERR_NULL);

    /* the digest count c: every change breaks the length equation ... */
    memcpy(c4, sn + SIGURD_OFF_C, 4);
    sn[SIGURD_OFF_C] ^= 1;
    expect("verify(c xor 1)", verify_copy(sn, sn_len, msg, sizeof msg), SIGURD_ERR_FORMAT);
    memset(sn + SIGURD_OFF_C, 0xFF, 4);
    expect("verify(c = 2^32 - 1)", verify_copy(sn, sn_len, msg, sizeof msg), SIGURD_ERR_FORMAT);
    memcpy(sn + SIGURD_OFF_C, c4, 4);

    /* ... and with the length adjusted, one digest too many or too few is
     * invalid, not an over-read */
    longer = malloc((size_t)sn_len + SIGURD_HBYTES);
    if (longer == NULL)
        exit(1);
    memcpy(longer, sn, open_off);
    memset(longer + open_off, 0xA5, SIGURD_HBYTES);
    memcpy(longer + open_off + SIGURD_HBYTES, sn + open_off, (size_t)sn_len - open_off);
    longer[SIGURD_OFF_C] = (unsigned char)(c + 1);
    longer[SIGURD_OFF_C + 1] = (unsigned char)((c + 1) >> 8);
    rc = sig_verify(pk, pk_len, longer, sn_len + SIGURD_HBYTES, msg, sizeof msg);
    expect("verify(c + 1 with an extra digest)", rc, -1);
    memcpy(longer, sn, open_off - SIGURD_HBYTES);
    memcpy(longer + open_off - SIGURD_HBYTES, sn + open_off, (size_t)sn_len - open_off);
    longer[SIGURD_OFF_C] = (unsigned char)(c - 1);
    longer[SIGURD_OFF_C + 1] = (unsigned char)((c - 1) >> 8);
    rc = verify_copy(longer, sn_len - SIGURD_HBYTES, msg, sizeof msg);
    expect("verify(c - 1 without the last digest)", rc, -1);
    free(longer);
}

static void test_message_and_key(void)
{
    unsigned char m2[sizeof msg + 1];
    memcpy(m2, msg, sizeof msg);
    m2[sizeof msg] = 0;
    m2[17] ^= 0x10;
    expect("verify(message with one bit flipped)", verify_copy(sn, sn_len, m2, sizeof msg), -1);
    m2[17] ^= 0x10;
    expect("verify(message truncated by one byte)", verify_copy(sn, sn_len, m2, sizeof msg - 1), -1);
    expect("verify(message extended by one byte)", verify_copy(sn, sn_len, m2, sizeof msg + 1), -1);
    expect("verify(empty message)", verify_copy(sn, sn_len, m2, 0), -1);
    pk[3] ^= 1;
    expect("verify(pk: H_seed bit flipped)", verify_copy(sn, sn_len, msg, sizeof msg), -1);
    pk[3] ^= 1;
    pk[SIGURD_LAMBDA + 1] ^= 0x40;
    expect("verify(pk: syndrome bit flipped)", verify_copy(sn, sn_len, msg, sizeof msg), -1);
    pk[SIGURD_LAMBDA + 1] ^= 0x40;
}

static void test_fields(void)
{
    static const struct {
        const char *name;
        size_t off;
    } fields[] = {
        {"root_0", SIGURD_OFF_ROOTS},
        {"last root", SIGURD_OFF_EEV - 1},
        {"e_ev", SIGURD_OFF_EEV},
        {"v_ev", SIGURD_OFF_VEV + 3},
        {"p_0", SIGURD_OFF_P},
        {"p_0 coefficient 5", SIGURD_OFF_P + 10},
        {"q_last", SIGURD_OFF_G - 1},
        {"G_0", SIGURD_OFF_G},
        {"G_5", SIGURD_OFF_W - 2},
        {"w_0", SIGURD_OFF_W},
        {"w_{n+sigma} (polynomial mask)", SIGURD_OFF_W + (SIGURD_N + SIGURD_SIGMA) * SIGURD_EBYTES},
        {"w_{N'-1}", SIGURD_OFF_C - 1},
        {"first authentication digest", SIGURD_OFF_AUTH},
    };
    char what[96];
    size_t i, open_off = SIGURD_OFF_AUTH + (size_t)auth_count() * SIGURD_HBYTES, pos, tried = 0, bad = 0;

    for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        snprintf(what, sizeof what, "verify(%s modified)", fields[i].name);
        expect(what, verify_flipped(fields[i].off, 0), -1);
    }
    expect("verify(last authentication digest modified)", verify_flipped(open_off - 1, 7), -1);
    expect("verify(first opened value modified)", verify_flipped(open_off, 2), -1);
    expect("verify(last opened value modified)", verify_flipped((size_t)sn_len - 1, 5), -1);
    /* and a sweep over the whole signature: any single bit flip is rejected */
    for (pos = 0; pos < sn_len; pos += 61) {
        tried++;
        if (verify_flipped(pos, (unsigned)(pos % 8)) == 0) {
            printf("FAIL verify accepted a flip of bit %u of byte %lu\n", (unsigned)(pos % 8),
                   (unsigned long)pos);
            bad++;
        }
    }
    failures += (int)bad;
    printf("%s  sweep: %lu single-bit flips, %lu accepted\n", bad ? "FAIL" : "ok  ", (unsigned long)tried,
           (unsigned long)bad);
}

/* ---- stack depth by painting a thread stack we own ---- */
#define STACK_BYTES (256 * 1024)
#define STACK_LIMIT (64 * 1024)
#define PAINT 0x5Au

static int op_rc;
static void *run_keygen(void *arg)
{
    (void)arg;
    op_rc = sig_keygen(pk, &pk_len, sk, &sk_len);
    return NULL;
}
static void *run_sign(void *arg)
{
    (void)arg;
    op_rc = sig_sign(sk, sk_len, msg, sizeof msg, sn, &sn_len);
    return NULL;
}
static void *run_verify(void *arg)
{
    (void)arg;
    op_rc = sig_verify(pk, pk_len, sn, sn_len, msg, sizeof msg);
    return NULL;
}

/* Returns the bytes of the painted stack that fn overwrote, or 0 if the
 * thread could not be set up (then nothing is measured). */
static size_t stack_used(void *(*fn)(void *))
{
    pthread_attr_t attr;
    pthread_t th;
    void *mem;
    unsigned char *stack;
    size_t i;

    if (posix_memalign(&mem, 4096, STACK_BYTES) != 0)
        return 0;
    stack = mem;
    memset(stack, PAINT, STACK_BYTES);
    if (pthread_attr_init(&attr) != 0) {
        free(mem);
        return 0;
    }
    if (pthread_attr_setstack(&attr, stack, STACK_BYTES) != 0 || pthread_create(&th, &attr, fn, NULL) != 0) {
        pthread_attr_destroy(&attr);
        free(mem);
        return 0;
    }
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
#ifdef STRICT_MEMCHECK
    (void)VALGRIND_MAKE_MEM_DEFINED(stack, STACK_BYTES);
#endif
    /* stacks grow down: the lowest changed byte marks the deepest use */
    for (i = 0; i < STACK_BYTES && stack[i] == PAINT; i++)
        ;
    free(mem);
    return STACK_BYTES - i;
}

static void test_stack(void)
{
    static const struct {
        const char *name;
        void *(*fn)(void *);
    } ops[] = {{"keygen", run_keygen}, {"sign", run_sign}, {"verify", run_verify}};
    size_t i, used;
    for (i = 0; i < 3; i++) {
        used = stack_used(ops[i].fn);
        if (used == 0) {
            printf("skip stack depth of %s: no thread with a caller-provided stack\n", ops[i].name);
            continue;
        }
        printf("%s  %-6s returned %d; stack used %lu bytes (limit %d)\n",
               op_rc == 0 && used < STACK_LIMIT ? "ok  " : "FAIL", ops[i].name, op_rc, (unsigned long)used,
               STACK_LIMIT);
        if (op_rc != 0 || used >= STACK_LIMIT)
            failures++;
    }
}

int main(void)
{
    unsigned char seed[48];
    size_t i;
    int rc;

    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(0xC0 + i);
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(3 * i + 1);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    printf("# %s: pk %llu, sk %llu, signature at most %llu bytes\n", CRYPTO_ALGNAME, sig_get_pk_len_bytes(),
           sig_get_sk_len_bytes(), sig_get_sn_len_bytes());
    if (sig_get_pk_len_bytes() != CRYPTO_PUBLICKEYBYTES || sig_get_sk_len_bytes() != CRYPTO_SECRETKEYBYTES ||
        sig_get_sn_len_bytes() != CRYPTO_BYTES) {
        printf("FAIL getters disagree with api.h\n");
        return 1;
    }
    pk = malloc(CRYPTO_PUBLICKEYBYTES);
    sk = malloc(CRYPTO_SECRETKEYBYTES);
    sn = malloc(CRYPTO_BYTES);
    if (pk == NULL || sk == NULL || sn == NULL)
        return 1;

    test_stack(); /* keygen and sign here produce the key and signature below */
    if (sn_len == 0) {
        expect("sig_keygen", sig_keygen(pk, &pk_len, sk, &sk_len), 0);
        sn_len = 1; /* *sn_len is not a capacity */
        expect("sig_sign", sig_sign(sk, sk_len, msg, sizeof msg, sn, &sn_len), 0);
    }
    printf("#    signature of %llu bytes, c = %lu authentication digests\n", sn_len,
           (unsigned long)auth_count());
    expect("sign(sk_len - 1)", sig_sign(sk, sk_len - 1, msg, sizeof msg, sn, &sn_len), SIGURD_ERR_LEN);
    expect("sign(m = NULL)", sig_sign(sk, sk_len, NULL, 0, sn, &sn_len), SIGURD_ERR_NULL);
    expect("sign(m_len = ULLONG_MAX)", sig_sign(sk, sk_len, msg, ULLONG_MAX, sn, &sn_len), SIGURD_ERR_MLEN);
    expect("keygen(pk = NULL)", sig_keygen(NULL, &pk_len, sk, &sk_len), SIGURD_ERR_NULL);
    rc = sn_len >= SIGURD_SNBYTES_MIN && sn_len <= CRYPTO_BYTES;
    expect("signature length within [min, max]", rc, 1);

    test_lengths();
    test_message_and_key();
    test_fields();

    printf("%s\n", failures ? "FAILED" : "PASSED");
    free(pk);
    free(sk);
    free(sn);
    return failures ? 1 : 0;
}
