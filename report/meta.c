/* meta.c - see meta.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "dataset.h"
#include "meta.h"

const char *const meta_files[META_NFILES] = {"name", "description", "designers", "specification",
                                             "security-evaluation", "submission", "baseline"};

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char chunk[4096];
    size_t n, i;
    buf b;
    int space = 0;
    if (!f)
        return NULL;
    n = fread(chunk, 1, sizeof chunk, f);
    fclose(f);
    buf_init(&b);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)chunk[i];
        if (c == '\n' || c == '\r' || c == '\t' || c == ' ' || c < 0x20 || c == 0x7f) {
            space = 1;
            continue;
        }
        if (space && b.len)
            buf_putc(&b, ' ');
        space = 0;
        buf_putc(&b, (char)c);
    }
    if (!b.len) {
        buf_free(&b);
        return NULL;
    }
    return b.p;
}

char *meta_read(const char *dir, const char *operation, const char *primitive, const char *scheme, const char *file,
                char **where)
{
    char *rel, *path, *text;
    int k;
    *where = NULL;
    if (!dir)
        return NULL;
    for (k = 0; k < 2; k++) {
        rel = k == 0 ? xasprintf("%s/%s/%s", operation, primitive, file)
                     : xasprintf("%s/%s-common/%s", operation, scheme, file);
        path = xasprintf("%s/%s", dir, rel);
        text = read_text(path);
        free(path);
        if (text) {
            *where = rel;
            return text;
        }
        free(rel);
    }
    return NULL;
}

char *meta_url(const char *text)
{
    const char *p = strstr(text, "https://"), *q = strstr(text, "http://"), *e;
    if (!p || (q && q < p))
        p = q;
    if (!p)
        return NULL;
    for (e = p; *e && *e != ' ' && *e != '<' && *e != '>' && *e != '"' && *e != ')'; e++)
        ;
    return xasprintf("%.*s", (int)(e - p), p);
}

int meta_is_baseline(const char *dir, const char *operation, const char *primitive)
{
    char scheme[NGR_NAME_MAX + 1], *where = NULL, *text;
    if (!dir)
        return 0;
    ds_scheme_of(primitive, scheme);
    text = meta_read(dir, operation, primitive, scheme, "baseline", &where);
    free(where);
    free(text);
    return text != NULL;
}
