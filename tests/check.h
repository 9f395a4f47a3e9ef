/* check.h - the failure counter the C tests share: CHECK(cond, what) reports
 * file:line and what failed, and counts it in failures (the test's exit status
 * comes from it). */
#ifndef NGBENCH_TESTS_CHECK_H
#define NGBENCH_TESTS_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, what)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, what); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

#endif
