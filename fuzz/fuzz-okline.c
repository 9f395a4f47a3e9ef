/* fuzz-okline.c - libFuzzer target for the okcompilers line parser
 * (harness/okline.c): every line of the input, and the input as one line. */
#include <stdint.h>
#include <string.h>

#include "okline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    okline e;
    const char *p = (const char *)data, *end = p + size;
    okline_parse(p, size, &e);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (okline_parse(p, n, &e) == OKLINE_ENTRY && (strlen(e.id) >= OKLINE_ID || strlen(e.cmd) >= OKLINE_CMD))
            __builtin_trap(); /* the bounds okline.h promises */
        p += n + 1;
    }
    return 0;
}
