/* ngbench-apih.c - prints what an implementation's headers claim: the
 * CRYPTO_* sizes and name of api.h, or ALGORITHM_INSTANCE of a NICCS
 * <TYPE>_AlgorithmInstance.h, as key=value lines (unevaluable values as '?').
 * usage: ngbench-apih HEADER...   (quoted #includes are followed) */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apih.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static const struct option longopts[] = {
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static void usage(FILE *f)
{
    fputs("usage: ngbench-apih HEADER...\n"
          "Prints the CRYPTO_* sizes and names (and ALGORITHM_INSTANCE) the headers define,\n"
          "evaluating integer expressions over earlier macros; '?' where that is not possible.\n"
          "Quoted #includes next to a header are followed.\n"
          "  -h, --help     this text\n"
          "  -V, --version  the version\n"
          "Exit status: 0, 1 a usage error, 2 a HEADER cannot be read.\n",
          f);
}

static apih a;
static char dir[4096];
static int depth;

static void parse_file(const char *path);

static void include(const char *file, void *arg)
{
    char path[8192];
    (void)arg;
    if (depth >= 8 || strstr(file, ".."))
        return; /* a header may include its neighbours, nothing further */
    snprintf(path, sizeof path, "%s/%s", dir, file);
    parse_file(path);
}

static int unreadable;

static void parse_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t n;
    if (!f) {
        if (depth == 0) { /* a named header; a missing include is the header's business */
            fprintf(stderr, "ngbench-apih: %s: %s\n", path, strerror(errno));
            unreadable = 1;
        }
        return;
    }
    buf = malloc(1 << 20);
    if (!buf) {
        fclose(f);
        return;
    }
    n = fread(buf, 1, 1 << 20, f);
    fclose(f);
    depth++;
    apih_parse(&a, buf, n, include, NULL);
    depth--;
    free(buf);
}

int main(int argc, char **argv)
{
    static const char *ints[] = { "CRYPTO_PUBLICKEYBYTES", "CRYPTO_SECRETKEYBYTES", "CRYPTO_BYTES",
                                  "CRYPTO_CIPHERTEXTBYTES", "OUTPUT_BLANK_TEST_VECTORS" };
    static const char *strs[] = { "CRYPTO_ALGNAME", "ALGORITHM_INSTANCE" };
    char s[APIH_VALUE];
    unsigned long long v;
    int i;
    int o;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
        switch (o) {
        case 'h': usage(stdout); return 0;
        case 'V': printf("ngbench-apih %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "ngbench-apih: unknown option %s (try --help)\n", argv[optind - 1]);
            return 1;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 1;
    }
    apih_init(&a);
    for (i = optind; i < argc; i++) {
        const char *slash = strrchr(argv[i], '/');
        size_t n = slash ? (size_t)(slash - argv[i]) : 1;
        if (n >= sizeof dir)
            continue;
        memcpy(dir, slash ? argv[i] : ".", n);
        dir[n] = 0;
        parse_file(argv[i]);
    }
    for (i = 0; i < 2; i++)
        if (apih_string(&a, strs[i], s) == 0)
            printf("%s=%s\n", strs[i], s);
    for (i = 0; i < 5; i++) {
        if (apih_int(&a, ints[i], &v) == 0)
            printf("%s=%llu\n", ints[i], v);
        else {
            int defined = 0, k;
            for (k = 0; k < a.n; k++)
                defined |= strcmp(a.m[k].name, ints[i]) == 0;
            if (defined)
                printf("%s=?\n", ints[i]);
        }
    }
    if (a.truncated)
        fputs("ngbench-apih: some definitions were too long or too many and were skipped\n", stderr);
    return unreadable ? 2 : 0;
}
