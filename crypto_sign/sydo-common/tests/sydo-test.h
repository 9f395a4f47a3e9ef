/* sydo-test.h - the few helpers the SYDO unit tests share: CHECK (check.h),
 * hex fixtures, and a byte comparison that prints both sides. */
#ifndef SYDO_TEST_H
#define SYDO_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "params.h" /* the implementation's: opt's declares its backends */

/* Decodes a hex string into out (at most cap bytes); returns the length. */
static inline size_t unhex(unsigned char *out, size_t cap, const char *hex)
{
    size_t n = 0;
    while (hex[0] && hex[1] && n < cap) {
        unsigned hi, lo;
        char c0 = hex[0], c1 = hex[1];
        hi = (unsigned)(c0 <= '9' ? c0 - '0' : (c0 | 0x20) - 'a' + 10);
        lo = (unsigned)(c1 <= '9' ? c1 - '0' : (c1 | 0x20) - 'a' + 10);
        out[n++] = (unsigned char)(hi << 4 | lo);
        hex += 2;
    }
    return n;
}

static inline void print_hex(FILE *f, const unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%02X", p[i]);
}

/* Compares the first strlen(hex)/2 bytes of got with hex. */
static inline int check_hex_at(const char *file, int line, const char *what, const unsigned char *got,
                        const char *hex)
{
    unsigned char want[4096];
    size_t n = unhex(want, sizeof want, hex);
    if (memcmp(got, want, n) == 0)
        return 1;
    fprintf(stderr, "%s:%d: FAIL: %s\n  got  ", file, line, what);
    print_hex(stderr, got, n);
    fprintf(stderr, "\n  want %s\n", hex);
    failures++;
    return 0;
}

#define CHECK_HEX(what, got, hex) check_hex_at(__FILE__, __LINE__, what, got, hex)

static inline int finish(const char *name)
{
    if (failures) {
        fprintf(stderr, "%s: %d failure(s)\n", name, failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

/* Runs the checks once per backend the implementation has on this host:
 * opt's every level this host can run (portable first), ref's one code. */
static inline void each_backend(void (*run)(void))
{
#ifdef SYDO_OPT
    static const char *const names[] = {"portable", "aesni", "avx2", "avx512"};
    const char *dflt = sydo_opt_backend();
    unsigned i;
    int before;
    for (i = 0; i < 4; i++) {
        if (sydo_opt_select(names[i]) != 0)
            continue;
        before = failures;
        run();
        printf("backend %s: %s\n", names[i], failures == before ? "passed" : "FAILED");
    }
    sydo_opt_select(dflt);
#else
    run();
#endif
}

#endif
