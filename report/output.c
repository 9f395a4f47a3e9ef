/* output.c - see output.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "sha256.h"

#define SUMS "SHA256SUMS"

void out_init(outset *o, const char *root, int mode, FILE *log)
{
    memset(o, 0, sizeof *o);
    o->root = xstrdup(root);
    o->mode = mode;
    o->log = log;
}

void out_free(outset *o)
{
    size_t i;
    for (i = 0; i < o->n; i++) {
        free(o->paths[i]);
        free(o->sums[i]);
    }
    free(o->paths);
    free(o->sums);
    free(o->root);
    memset(o, 0, sizeof *o);
}

static void hex_of(const char *p, size_t n, char hex[65])
{
    sha256_ctx c;
    uint8_t d[32];
    sha256_init(&c);
    sha256_update(&c, p, n);
    sha256_final(&c, d);
    sha256_hex(d, hex);
}

int sha256_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    sha256_ctx c;
    uint8_t d[32];
    char chunk[65536];
    size_t n;
    if (!f)
        return -1;
    sha256_init(&c);
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sha256_update(&c, chunk, n);
    if (ferror(f)) {
        fclose(f);
        return -1;
    }
    fclose(f);
    sha256_final(&c, d);
    sha256_hex(d, hex);
    return 0;
}

static int mkdirs(const char *path)
{
    char *p = xstrdup(path), *s;
    for (s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = 0;
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
        free(p);
        return -1;
    }
    free(p);
    return 0;
}

static int read_file(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    char chunk[65536];
    size_t n;
    if (!f)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(b, chunk, n);
    n = (size_t)ferror(f);
    fclose(f);
    return n ? -1 : 0;
}

static int write_file(const char *root, const char *rel, const char *p, size_t n)
{
    char *path = xasprintf("%s/%s", root, rel), *tmp, *slash;
    FILE *f;
    int rc = 0;
    slash = strrchr(path, '/');
    *slash = 0;
    if (mkdirs(path) != 0) {
        fprintf(stderr, "ngbench-report: cannot create %s: %s\n", path, strerror(errno));
        free(path);
        return -1;
    }
    *slash = '/';
    tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
    f = fopen(tmp, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "ngbench-report: cannot write %s: %s\n", path, strerror(errno));
        remove(tmp);
        rc = -1;
    }
    free(tmp);
    free(path);
    return rc;
}

static void compare(outset *o, const char *rel, const char *p, size_t n)
{
    char *path = xasprintf("%s/%s", o->root, rel);
    buf have;
    buf_init(&have);
    if (read_file(path, &have) != 0) {
        fprintf(o->log, "MISSING %s\n", rel);
        o->differ++;
    } else if (have.len != n || (n && memcmp(have.p, p, n) != 0)) {
        size_t i, line = 1, lim = have.len < n ? have.len : n;
        for (i = 0; i < lim && have.p[i] == p[i]; i++)
            if (p[i] == '\n')
                line++;
        fprintf(o->log, "DIFFERS %s (first difference on line %lu)\n", rel, (unsigned long)line);
        o->differ++;
    }
    buf_free(&have);
    free(path);
}

void out_emit(outset *o, const char *rel, const buf *content)
{
    char hex[65];
    const char *p = content->p ? content->p : "";
    o->paths = xgrow(o->paths, &o->cap, o->n + 1, sizeof *o->paths);
    o->sums = xrealloc(o->sums, o->cap * sizeof *o->sums);
    hex_of(p, content->len, hex);
    o->paths[o->n] = xstrdup(rel);
    o->sums[o->n] = xstrdup(hex);
    o->n++;
    if (o->mode == OUT_WRITE) {
        if (write_file(o->root, rel, p, content->len) != 0)
            o->failed = 1;
    } else {
        compare(o, rel, p, content->len);
    }
}

static int generated(const outset *o, const char *rel)
{
    size_t i;
    for (i = 0; i < o->n; i++)
        if (strcmp(o->paths[i], rel) == 0)
            return 1;
    return 0;
}

/* a path from an old SHA256SUMS that is safe to remove: relative, no '..' */
static int safe_rel(const char *rel)
{
    const char *s;
    if (!*rel || rel[0] == '/')
        return 0;
    for (s = rel; *s; s++)
        if (s[0] == '.' && s[1] == '.')
            return 0;
    return strcmp(rel, SUMS) != 0;
}

typedef struct {
    const char *path, *sum;
} entry;

static int cmp_entry(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->path, ((const entry *)b)->path);
}

int out_finish(outset *o)
{
    buf sums, old;
    size_t i;
    entry *e;
    char *path = xasprintf("%s/%s", o->root, SUMS);

    buf_init(&sums);
    buf_init(&old);
    e = xmalloc((o->n ? o->n : 1) * sizeof *e);
    for (i = 0; i < o->n; i++) {
        e[i].path = o->paths[i];
        e[i].sum = o->sums[i];
    }
    qsort(e, o->n, sizeof *e, cmp_entry);
    for (i = 0; i < o->n; i++)
        buf_printf(&sums, "%s  %s\n", e[i].sum, e[i].path);
    free(e);

    /* files the previous run made that this one does not */
    if (read_file(path, &old) == 0 && old.p) {
        char *line = old.p, *nl;
        for (; *line; line = nl + 1) {
            char *rel;
            nl = strchr(line, '\n');
            if (!nl)
                break;
            *nl = 0;
            rel = strstr(line, "  ");
            if (rel && rel - line == 64 && safe_rel(rel + 2) && !generated(o, rel + 2)) {
                char *stale = xasprintf("%s/%s", o->root, rel + 2);
                if (o->mode == OUT_WRITE) {
                    remove(stale);
                } else {
                    fprintf(o->log, "STALE %s (listed in %s, no longer generated)\n", rel + 2, SUMS);
                    o->differ++;
                }
                free(stale);
            }
        }
    }
    if (o->mode == OUT_WRITE) {
        if (write_file(o->root, SUMS, buf_str(&sums), sums.len) != 0)
            o->failed = 1;
    } else {
        compare(o, SUMS, buf_str(&sums), sums.len);
    }
    buf_free(&sums);
    buf_free(&old);
    free(path);
    return o->mode == OUT_WRITE ? -o->failed : (o->differ ? -1 : 0);
}
