/* iccs-sm3x.c - the multi-buffer SM3 and pseudoXOF (iccs/sm3x.h) against
 * the single-stream code on pseudo-random inputs: every backend this host
 * can run, message lengths around every padding boundary (0..200 bytes and
 * a few long ones), 1 to 20 messages at a time (partial lane groups), and
 * output lengths that end inside a block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "sm3.h"
#include "sm3x.h"
#include "check.h"

#define MAXN 20
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

int main(void)
{
    static const char *const backends[] = { "portable", "avx2", "avx512" };
    static const size_t ns[] = { 1, 2, 3, 4, 5, 7, 8, 9, 16, 20 };
    static const size_t outs[] = { 1, 20, 32, 48, 64, 65, 200, MAXOUT };
    static const size_t longs[] = { 511, 512, 1023, 1024, 1087, MAXLEN };
    size_t b, len, k, tested = 0;

    for (b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        if (iccs_sm3x_select(backends[b]) != 0) {
            printf("backend %s: not available on this host\n", backends[b]);
            continue;
        }
        CHECK(strcmp(iccs_sm3x_backend(), backends[b]) == 0, "backend selected");
        for (len = 0; len <= 200; len++)
            for (k = 0; k < sizeof ns / sizeof ns[0]; k++)
                check_len(backends[b], len, ns[k], outs[(len + k) % (sizeof outs / sizeof outs[0])]);
        for (k = 0; k < sizeof longs / sizeof longs[0]; k++)
            check_len(backends[b], longs[k], 1 + k * 3, outs[k]);
        printf("backend %s: checked\n", backends[b]);
        tested++;
    }
    CHECK(tested > 0, "at least the portable backend runs");
    CHECK(iccs_sm3x_select("no-such-backend") == -1, "unknown backend refused");
    printf("%s\n", failures ? "FAIL" : "all sm3x checks passed");
    return failures != 0;
}
