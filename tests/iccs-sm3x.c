/* iccs-sm3x.c - the multi-buffer SM3 and pseudoXOF (iccs/sm3x.h) against
 * the single-stream code on pseudo-random inputs: every backend this host
 * can run, message lengths around every padding boundary (0..200 bytes and
 * a few long ones), 1 to 40 messages at a time (partial lane groups of 16,
 * 8 and 4), output lengths that end inside a block; every single-stream
 * backend against the portable one; the automatic choice and
 * NGBENCH_SM3X=portable forcing the portable code. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "sm3.h"
#include "sm3x.h"
#include "check.h"

#define MAXN 40
#define MAXLEN 1100
#define MAXOUT 300

static uint8_t msg[MAXN][MAXLEN];
static uint8_t out[MAXN][MAXOUT + 32];
static uint32_t rng = 0x12345678u;

static uint8_t next_byte(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint8_t)(rng >> 24);
}

static void fill(size_t len, size_t n)
{
    size_t i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < len; j++)
            msg[i][j] = next_byte();
}

static void check_len(const char *be, size_t len, size_t n, size_t outlen)
{
    const uint8_t *in[MAXN];
    uint8_t *o[MAXN], want[MAXOUT];
    char what[160];
    size_t i;
    int ok = 1;

    fill(len, n);
    for (i = 0; i < MAXN; i++) {
        in[i] = msg[i];
        o[i] = out[i];
    }
    iccs_sm3x(o, in, len, n);
    for (i = 0; i < n; i++) {
        iccs_sm3(in[i], len, want);
        ok &= memcmp(want, o[i], 32) == 0;
    }
    snprintf(what, sizeof what, "%s: iccs_sm3x, %zu messages of %zu bytes", be, n, len);
    CHECK(ok, what);

    /* pseudoXOF writes exactly outlen bytes: a canary after them. */
    for (i = 0; i < n; i++)
        memset(out[i], 0xA5, outlen + 32);
    iccs_pseudoxofx(o, outlen, in, len, n);
    ok = 1;
    for (i = 0; i < n; i++) {
        pseudoXOF(8ull * outlen, in[i], 8ull * len, want);
        ok &= memcmp(want, o[i], outlen) == 0 && o[i][outlen] == 0xA5;
    }
    snprintf(what, sizeof what, "%s: iccs_pseudoxofx, %zu messages of %zu bytes, %zu out", be, n,
             len, outlen);
    CHECK(ok, what);

    memset(out[0], 0xA5, outlen + 32);
    iccs_pseudoxof_mb(o[0], outlen, in[0], len);
    pseudoXOF(8ull * outlen, in[0], 8ull * len, want);
    snprintf(what, sizeof what, "%s: iccs_pseudoxof_mb, %zu bytes, %zu out", be, len, outlen);
    CHECK(memcmp(want, o[0], outlen) == 0 && o[0][outlen] == 0xA5, what);
}

/* Single-stream backends: every one this host runs against the portable
 * code, on lengths around every block boundary and runs long enough (8
 * blocks or more) to take the long-run path. */
static void check_single(const char *be)
{
    static uint8_t buf[40 * 64 + 7], want[301][32], got[32];
    static const size_t longs[] = { 511, 512, 575, 576, 1024, 2049, sizeof buf };
    char what[160];
    size_t len, k;
    int ok = 1;
    if (strcmp(be, "portable") == 0) {
        for (len = 0; len < sizeof buf; len++)
            buf[len] = next_byte();
        for (len = 0; len <= 300; len++)
            iccs_sm3(buf, len, want[len]);
        return;
    }
    for (len = 0; len <= 300; len++) {
        iccs_sm3(buf, len, got);
        ok &= memcmp(got, want[len], 32) == 0;
    }
    snprintf(what, sizeof what, "%s: single-stream SM3 of 0..300 bytes", be);
    CHECK(ok, what);
    for (k = 0; k < sizeof longs / sizeof longs[0]; k++) {
        uint8_t ref[32];
        iccs_sm3_select("portable");
        iccs_sm3(buf, longs[k], ref);
        iccs_sm3_select(be);
        iccs_sm3(buf, longs[k], got);
        snprintf(what, sizeof what, "%s: single-stream SM3 of %zu bytes", be, longs[k]);
        CHECK(memcmp(got, ref, 32) == 0, what);
    }
}

/* pseudoXOF of one message with many output blocks (several groups of 16),
 * for every message length mod 64 */
static void check_mb_long(const char *be)
{
    static uint8_t got[2011 + 1], want[2011];
    char what[160];
    size_t len;
    int ok = 1;
    for (len = 0; len < 140; len++) {
        fill(len, 1);
        got[2011] = 0xA5;
        iccs_pseudoxof_mb(got, 2011, msg[0], len);
        pseudoXOF(8ull * 2011, msg[0], 8ull * len, want);
        ok &= memcmp(got, want, 2011) == 0 && got[2011] == 0xA5;
    }
    snprintf(what, sizeof what, "%s: iccs_pseudoxof_mb, 0..139 bytes, 2011 out", be);
    CHECK(ok, what);
}

static int runnable(const char *name, const char *known[], size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(name, known[i]) == 0)
            return 1;
    return 0;
}

int main(void)
{
    static const char *backends[] = { "portable", "avx2", "avx512" };
    static const size_t ns[] = { 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 20, 33, MAXN };
    static const size_t outs[] = { 1, 20, 32, 48, 64, 65, 200, MAXOUT };
    static const size_t longs[] = { 511, 512, 1023, 1024, 1087, MAXLEN };
    const char *ran[3];
    size_t b, len, k, tested = 0, nran = 0;
    uint8_t d1[32], d2[32];

    /* the automatic choice is one the host runs, for every size */
    CHECK(iccs_sm3x_backend_runs(iccs_sm3x_backend()), "automatic multi-buffer backend runs here");
    CHECK(iccs_sm3_backend_runs(iccs_sm3_backend_for(1)), "automatic short-run backend runs here");
    CHECK(iccs_sm3_backend_runs(iccs_sm3_backend_for(64)), "automatic long-run backend runs here");
    CHECK(iccs_sm3x_lanes() >= 1 && iccs_sm3x_lanes() <= ICCS_SM3X_MAXLANES, "preferred lane count");
    printf("automatic choice: single-stream %s (short) / %s (long), multi-buffer %s (%zu lanes)\n",
           iccs_sm3_backend_for(1), iccs_sm3_backend(), iccs_sm3x_backend(), iccs_sm3x_lanes());

    for (b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        if (iccs_sm3_select(backends[b]) != 0) {
            CHECK(!iccs_sm3_backend_runs(backends[b]), "select refuses only what cannot run");
            printf("single-stream backend %s: not available on this host\n", backends[b]);
            continue;
        }
        CHECK(strcmp(iccs_sm3_backend_for(1), backends[b]) == 0
                  && strcmp(iccs_sm3_backend_for(100), backends[b]) == 0, "single-stream backend selected");
        check_single(backends[b]);
        printf("single-stream backend %s: checked\n", backends[b]);
    }
    for (b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        if (iccs_sm3x_select(backends[b]) != 0) {
            CHECK(!iccs_sm3x_backend_runs(backends[b]), "select refuses only what cannot run");
            printf("backend %s: not available on this host\n", backends[b]);
            continue;
        }
        CHECK(strcmp(iccs_sm3x_backend(), backends[b]) == 0, "backend selected");
        for (len = 0; len <= 200; len++)
            for (k = 0; k < sizeof ns / sizeof ns[0]; k++)
                check_len(backends[b], len, ns[k], outs[(len + k) % (sizeof outs / sizeof outs[0])]);
        for (k = 0; k < sizeof longs / sizeof longs[0]; k++)
            check_len(backends[b], longs[k], 1 + k * 3, outs[k]);
        check_mb_long(backends[b]);
        printf("backend %s: checked\n", backends[b]);
        ran[nran++] = backends[b];
        tested++;
    }
    CHECK(tested > 0, "at least the portable backend runs");
    CHECK(runnable("portable", ran, nran), "the portable backend runs");
    CHECK(iccs_sm3x_select("no-such-backend") == -1, "unknown backend refused");
    CHECK(iccs_sm3_select("no-such-backend") == -1, "unknown single-stream backend refused");

    /* NGBENCH_SM3X forces a backend: read again after select("auto") */
    iccs_sm3((const uint8_t *)"abc", 3, d1);
    setenv("NGBENCH_SM3X", "portable", 1);
    CHECK(iccs_sm3x_select("auto") == 0 && iccs_sm3_select("auto") == 0, "auto accepted");
    CHECK(strcmp(iccs_sm3x_backend(), "portable") == 0, "NGBENCH_SM3X=portable forces multi-buffer portable");
    CHECK(strcmp(iccs_sm3_backend_for(1), "portable") == 0 && strcmp(iccs_sm3_backend(), "portable") == 0,
          "NGBENCH_SM3X=portable forces single-stream portable");
    check_len("forced portable", 64, 16, 64);
    iccs_sm3((const uint8_t *)"abc", 3, d2);
    CHECK(memcmp(d1, d2, 32) == 0, "forced portable: same digest");
    setenv("NGBENCH_SM3X", "no-such-backend", 1);
    iccs_sm3x_select("auto");
    CHECK(iccs_sm3x_backend_runs(iccs_sm3x_backend()), "unknown NGBENCH_SM3X: automatic choice");
    printf("%s\n", failures ? "FAIL" : "all sm3x checks passed");
    return failures != 0;
}
