/* iccs-vectors.c - checks every line of tests/iccs-vectors.txt (the ICCS
 * known answers: sm3hash, pseudohash, pseudoXOF, DRNG sequences, error
 * returns) against iccs/.
 *
 * Beyond the expected output, each hash vector also checks that the input is
 * left unmodified, that nothing is written past the output, and that flipping
 * the ignored bits after msg_bits changes nothing.
 * Usage: iccs-vectors [FILE]   (default: $srcdir/tests/iccs-vectors.txt) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "drng.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

#define CANARY 0xA5
#define PAD 16

static const char *path;
static unsigned long lineno;
static int failures;

static void fail(const char *what)
{
    fprintf(stderr, "%s:%lu: FAIL: %s\n", path, lineno, what);
    failures++;
}

/* Parses hex ("-" = empty) into a fresh buffer; returns its length or -1. */
static long parse_hex(const char *s, unsigned char **out)
{
    size_t n = strlen(s), i;
    unsigned char *b;
    if (strcmp(s, "-") == 0) {
        *out = malloc(1);
        return 0;
    }
    if (n % 2)
        return -1;
    b = malloc(n / 2 + 1);
    for (i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) {
            free(b);
            return -1;
        }
        b[i] = (unsigned char)v;
    }
    *out = b;
    return (long)(n / 2);
}

static int call(const char *kind, unsigned long long outbits, const unsigned char *msg,
                unsigned long long msgbits, unsigned char *out)
{
    if (strcmp(kind, "sm3hash") == 0)
        return sm3hash((int)outbits, msg, msgbits, out);
    if (strcmp(kind, "pseudohash") == 0)
        return pseudohash((int)outbits, msg, msgbits, out);
    return pseudoXOF(outbits, msg, msgbits, out);
}

static void check_hash(const char *kind, char **f, int nf)
{
    unsigned long long outbits, msgbits;
    unsigned char *msg = NULL, *want = NULL, *copy, *buf;
    long mlen, wlen;
    size_t outbytes;
    int rc, err, i;

    if (nf != 5) {
        fail("expected 5 fields");
        return;
    }
    outbits = strtoull(f[1], NULL, 10);
    msgbits = strtoull(f[2], NULL, 10);
    mlen = parse_hex(f[3], &msg);
    err = strcmp(f[4], "ERR") == 0;
    wlen = err ? 0 : parse_hex(f[4], &want);
    if (mlen < 0 || wlen < 0 || (unsigned long long)mlen != (msgbits + 7) / 8) {
        fail("malformed vector");
        goto out;
    }
    outbytes = err ? 64 : (size_t)wlen;
    buf = malloc(outbytes + 2 * PAD);
    copy = malloc((size_t)mlen + 1);
    memcpy(copy, msg, (size_t)mlen);
    memset(buf, CANARY, outbytes + 2 * PAD);
    rc = call(kind, outbits, msg, msgbits, buf + PAD);
    if (err) {
        if (rc != -4)
            fail("expected return code -4");
        for (i = 0; i < (int)outbytes + 2 * PAD; i++)
            if (buf[i] != CANARY) {
                fail("output written on error");
                break;
            }
    } else {
        if (rc != 0)
            fail("nonzero return code");
        else if (memcmp(buf + PAD, want, outbytes) != 0)
            fail("output differs");
        for (i = 0; i < PAD; i++)
            if (buf[i] != CANARY || buf[PAD + outbytes + i] != CANARY) {
                fail("write outside the output buffer");
                break;
            }
    }
    if (memcmp(copy, msg, (size_t)mlen) != 0)
        fail("input modified");
    if (!err && msgbits % 8) { /* the bits past msg_bits must be ignored */
        msg[mlen - 1] ^= (unsigned char)(0xFFu >> (msgbits % 8));
        if (call(kind, outbits, msg, msgbits, buf + PAD) != 0 || memcmp(buf + PAD, want, outbytes) != 0)
            fail("result depends on bits past msg_bits");
    }
    free(buf);
    free(copy);
out:
    free(msg);
    free(want);
}

static void check_drng(DRNG_ctx *ctx, int *inited, char **f, int nf)
{
    unsigned char *seed = NULL, *want = NULL, *buf;
    long len;
    if (strcmp(f[0], "drng-init") == 0) {
        if (nf != 2 || (len = parse_hex(f[1], &seed)) < 0) {
            fail("malformed drng-init");
        } else if (init_random_number(ctx, seed, (unsigned long long)len) != 0) {
            fail("init_random_number failed");
        }
        *inited = 1;
    } else {
        unsigned long long nbits;
        size_t nbytes;
        int i;
        if (nf != 3 || !*inited || (len = parse_hex(f[2], &want)) < 0) {
            fail("malformed drng-gen (or no drng-init before it)");
            goto out;
        }
        nbits = strtoull(f[1], NULL, 10);
        nbytes = (size_t)((nbits + 7) / 8);
        if ((size_t)len != nbytes) {
            fail("drng-gen output length does not match nbits");
            goto out;
        }
        buf = malloc(nbytes + 2 * PAD);
        memset(buf, CANARY, nbytes + 2 * PAD);
        if (get_random_number(ctx, buf + PAD, nbits) != 0)
            fail("get_random_number failed");
        else if (memcmp(buf + PAD, want, nbytes) != 0)
            fail("DRNG output differs");
        for (i = 0; i < PAD; i++)
            if (buf[i] != CANARY || buf[PAD + nbytes + i] != CANARY) {
                fail("DRNG wrote outside the output buffer");
                break;
            }
        free(buf);
    }
out:
    free(seed);
    free(want);
}

int main(int argc, char **argv)
{
    static char line[1 << 16];
    char fallback[4096];
    DRNG_ctx ctx;
    int inited = 0;
    unsigned long counts[4] = { 0, 0, 0, 0 };
    FILE *fp;

    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        puts("usage: iccs-vectors [FILE]\nChecks every ICCS known-answer line of FILE "
             "(default $srcdir/tests/iccs-vectors.txt).");
        return 0;
    }
    if (argc > 1) {
        path = argv[1];
    } else {
        const char *srcdir = getenv("srcdir");
        snprintf(fallback, sizeof fallback, "%s/tests/iccs-vectors.txt", srcdir ? srcdir : ".");
        path = fallback;
    }
    fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        return 1;
    }
    while (fgets(line, sizeof line, fp)) {
        char *f[8], *p;
        int nf = 0;
        lineno++;
        if (!strchr(line, '\n') && !feof(fp)) {
            fail("line too long");
            return 1;
        }
        for (p = strtok(line, " \r\n"); p && nf < 8; p = strtok(NULL, " \r\n"))
            f[nf++] = p;
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (strcmp(f[0], "sm3hash") == 0 || strcmp(f[0], "pseudohash") == 0 || strcmp(f[0], "pseudoXOF") == 0) {
            check_hash(f[0], f, nf);
            counts[f[0][1] == 'm' ? 0 : f[0][6] == 'h' ? 1 : 2]++;
        } else if (strcmp(f[0], "drng-init") == 0 || strcmp(f[0], "drng-gen") == 0) {
            check_drng(&ctx, &inited, f, nf);
            counts[3]++;
        } else {
            fail("unknown vector kind");
        }
    }
    fclose(fp);
    printf("%s: sm3hash %lu, pseudohash %lu, pseudoXOF %lu, drng %lu lines; %d failure(s)\n",
           path, counts[0], counts[1], counts[2], counts[3], failures);
    if (counts[0] + counts[1] + counts[2] + counts[3] == 0) {
        fprintf(stderr, "%s: no vectors found\n", path);
        return 1;
    }
    return failures ? 1 : 0;
}
