/* ctcheck.c - one call of an operation with its secrets marked undefined for
 * valgrind memcheck, so that every branch and every memory index that
 * depends on a secret is reported ("conditional jump depends on
 * uninitialised value", "use of uninitialised value"). Run it under
 * valgrind; on its own it just makes the call.
 *
 * Secrets: the secret key (sign, dec) and everything the DRNG hands out
 * during the call (a link-time wrapper around get_random_number marks its
 * output). Setup (key pair, signature, ciphertext) is not checked; the
 * outputs are marked defined again after the call, since they are public. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif
#ifndef HAVE_MEMCHECK
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#define RUNNING_ON_VALGRIND 0
#endif

static int active;

int __real_get_random_number(void *ctx, unsigned char *out, unsigned long long nbits);
int __wrap_get_random_number(void *ctx, unsigned char *out, unsigned long long nbits);

int __wrap_get_random_number(void *ctx, unsigned char *out, unsigned long long nbits)
{
    int rc = __real_get_random_number(ctx, out, nbits);
    if (active)
        VALGRIND_MAKE_MEM_UNDEFINED(out, (nbits + 7) / 8);
    return rc;
}

static void secret(void *buf, unsigned long long len)
{
    VALGRIND_MAKE_MEM_UNDEFINED(buf, len);
}

static void public_(void *buf, unsigned long long len)
{
    VALGRIND_MAKE_MEM_DEFINED(buf, len);
}

int main(int argc, char **argv)
{
    int op, rc;
    op = op_options(&argc, argv,
                    "usage: valgrind [options] ctcheck -o OP [-s STATE] [-m MLEN]\n"
                    "One call of OP with its secrets marked undefined for memcheck.");
    if (argc > 1) {
        fprintf(stderr, "ctcheck: unknown argument '%s'\n", argv[1]);
        return 1;
    }
#ifndef HAVE_MEMCHECK
    fputs("ctcheck: built without valgrind/memcheck.h: nothing is marked\n", stderr);
#endif
    op_setup(op);
    op_visit_secret(op, secret);
    active = 1;
    rc = op_run(op);
    active = 0;
    op_visit_outputs(op, public_);
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc); /* a result derived from secrets is still public */
    printf("ctcheck %s rc=%d valgrind=%d\n", op_name(op), rc, (int)RUNNING_ON_VALGRIND);
    return rc == 0 ? 0 : 4;
}
