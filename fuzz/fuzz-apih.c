/* fuzz-apih.c - libFuzzer target for the api.h / AlgorithmInstance.h reader
 * (harness/apih.c): parse the input as a header, with every #include served
 * the same input again (bounded depth), then evaluate every macro it defined
 * as an integer and as a string. */
#include <stdint.h>
#include <string.h>

#include "apih.h"

static const uint8_t *in;
static size_t inlen;
static int depth;
static apih a;

static void include(const char *file, void *arg)
{
    (void)file;
    if (depth >= 3)
        return;
    depth++;
    apih_parse(arg, (const char *)in, inlen, include, arg);
    depth--;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i;
    char s[APIH_VALUE];
    unsigned long long v;
    in = data;
    inlen = size;
    depth = 0;
    apih_init(&a);
    apih_parse(&a, (const char *)data, size, include, &a);
    for (i = 0; i < a.n; i++) {
        apih_int(&a, a.m[i].name, &v);
        apih_string(&a, a.m[i].name, s);
    }
    apih_int(&a, "CRYPTO_BYTES", &v);
    return 0;
}
