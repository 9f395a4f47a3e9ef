/* fuzz-katfile.c - libFuzzer target for the KAT file and manifest parsers of
 * ngbench-kat (kat/ngbench-kat.c is compiled in, its main renamed): the input
 * is split at its first 0xFF byte into A and B, then A is read as a KAT file
 * (digests, fields), as a manifest, diffed against B, and checked against B
 * as a *.fields.txt listing. Parse errors are fine; crashes are not. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define main ngbench_kat_main
#include "../kat/ngbench-kat.c"
#undef main

static const uint8_t *bufa, *bufb;
static size_t lena, lenb;
static jmp_buf fatal;

static FILE *open_mem(const char *path)
{
    if (strcmp(path, "A") == 0)
        return fmemopen((void *)bufa, lena ? lena : 1, "rb");
    return fmemopen((void *)bufb, lenb ? lenb : 1, "rb");
}

static void on_fatal(void)
{
    kat_cleanup(); /* close what the parser had open */
    longjmp(fatal, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t empty[1];
    const uint8_t *cut = memchr(data, 0xFF, size);
    static int ready;
    if (!ready) { /* (run with -close_fd_mask=3: the parsers print a lot) */
        kat_open_hook = open_mem;
        kat_fatal_hook = on_fatal;
        ready = 1;
    }
    bufa = size ? data : empty;
    lena = cut ? (size_t)(cut - data) : size;
    bufb = cut ? cut + 1 : empty;
    lenb = cut ? size - lena - 1 : 0;
    /* an error longjmps out of the parser after kat_cleanup() */
    if (setjmp(fatal) == 0) {
        static digests d;
        digest_file("A", &d);
    }
    if (setjmp(fatal) == 0) {
        static manifest m;
        load_manifest("A", &m);
    }
    if (setjmp(fatal) == 0)
        diff_files("A", "B", 1);
    if (setjmp(fatal) == 0)
        cmd_fields("A");
    if (setjmp(fatal) == 0)
        cmd_fieldcheck("B", "A");
    if (setjmp(fatal) == 0)
        cmd_check(lena & 1, NULL, "B", "A");
    return 0;
}
