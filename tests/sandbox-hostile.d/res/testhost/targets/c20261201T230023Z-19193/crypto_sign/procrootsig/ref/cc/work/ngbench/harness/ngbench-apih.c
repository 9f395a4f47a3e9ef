/* ngbench-apih.c - prints what an implementation's headers claim: the
 * CRYPTO_* sizes and name of api.h, or ALGORITHM_INSTANCE of a NICCS
 * <TYPE>_AlgorithmInstance.h, as key=value lines (unevaluable values as '?').
 * usage: ngbench-apih HEADER...   (quoted #includes are followed) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apih.h"

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

static void parse_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t n;
    if (!f)
        return;
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
    if (argc < 2 || argv[1][0] == '-') {
        puts("usage: ngbench-apih HEADER...\n"
             "Prints the CRYPTO_* sizes and names (and ALGORITHM_INSTANCE) the headers define,\n"
             "evaluating integer expressions over earlier macros; '?' where that is not possible.");
        return argc < 2 ? 1 : 0;
    }
    apih_init(&a);
    for (i = 1; i < argc; i++) {
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
    return 0;
}
