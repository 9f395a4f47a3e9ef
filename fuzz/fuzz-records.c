/* fuzz-records.c - libFuzzer target for the record parser of the merge step
 * (report/record.c): every line of the input is parsed, and every field of
 * a parsed record is looked up as a string and as a number. */
#include <stdint.h>
#include <string.h>

#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size, *why;
    while (p <= end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        ngr_record r;
        if (ngr_parse(p, n, &r, &why) == NGR_OK) {
            size_t i;
            double v;
            for (i = 0; i < r.nfields; i++) {
                ngr_get_named(&r, r.fields[i].key);
                ngr_get(&r, r.fields[i].id);
                ngr_num(&r, r.fields[i].id, &v);
                ngr_is_number(r.fields[i].value);
            }
            ngr_known_kind(r.kind);
            ngr_free(&r);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}
