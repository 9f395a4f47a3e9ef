/* okline.c - see okline.h. */
#include <string.h>

#include "okline.h"
#include "sha256.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '+' || c == '-';
}

/* out->lto and out->nolto from out->cmd: the one place that knows what makes a
 * line link with LTO (the probe and the profiler are built without it) */
static void lto_split(okline *out)
{
    const char *p = out->cmd;
    size_t n = 0;
    out->lto = 0;
    while (*p) {
        const char *w;
        size_t wl;
        while (is_space(*p))
            p++;
        if (!*p)
            break;
        w = p;
        while (*p && !is_space(*p))
            p++;
        wl = (size_t)(p - w);
        if ((wl == 5 || (wl > 5 && w[5] == '=')) && strncmp(w, "-flto", 5) == 0) {
            out->lto = 1;
            continue;
        }
        if (n)
            out->nolto[n++] = ' ';
        memcpy(out->nolto + n, w, wl);
        n += wl;
    }
    out->nolto[n] = 0;
}

int okline_parse(const char *line, size_t len, okline *out)
{
    size_t a = 0, b, k;
    const char *hash = memchr(line, '#', len);
    out->id[0] = out->cmd[0] = out->nolto[0] = 0;
    out->lto = 0;
    out->error = NULL;
    if (hash)
        len = (size_t)(hash - line);
    if (memchr(line, 0, len) || memchr(line, '\n', len)) {
        out->error = "the line holds a NUL or newline byte";
        return OKLINE_BAD;
    }
    while (a < len && is_space(line[a]))
        a++;
    b = len;
    while (b > a && is_space(line[b - 1]))
        b--;
    if (a == b)
        return OKLINE_SKIP;
    if (line[a] == '@') {
        for (k = a + 1; k < b && !is_space(line[k]); k++)
            if (!id_char(line[k])) {
                out->error = "a compiler id may only hold [A-Za-z0-9._+-]";
                return OKLINE_BAD;
            }
        if (k - a - 1 == 0 || k - a - 1 >= OKLINE_ID) {
            out->error = k - a - 1 == 0 ? "'@' names no id" : "the compiler id is too long";
            return OKLINE_BAD;
        }
        memcpy(out->id, line + a + 1, k - a - 1);
        out->id[k - a - 1] = 0;
        a = k;
        while (a < b && is_space(line[a]))
            a++;
        if (a == b) {
            out->error = "the id names no command";
            return OKLINE_BAD;
        }
    }
    if (b - a >= OKLINE_CMD) {
        out->error = "the command is too long";
        return OKLINE_BAD;
    }
    memcpy(out->cmd, line + a, b - a);
    out->cmd[b - a] = 0;
    if (!out->id[0])
        okline_default_id(out->cmd, out->id);
    lto_split(out);
    return OKLINE_ENTRY;
}

void okline_default_id(const char *cmd, char id[OKLINE_ID])
{
    sha256_ctx c;
    unsigned char d[32];
    char hex[65];
    const char *end = cmd, *start;
    size_t n;
    while (*end && !is_space(*end))
        end++;
    start = end;
    while (start > cmd && start[-1] != '/')
        start--;
    n = (size_t)(end - start);
    if (n > OKLINE_ID - 10)
        n = OKLINE_ID - 10;
    sha256_init(&c);
    sha256_update(&c, cmd, strlen(cmd));
    sha256_final(&c, d);
    sha256_hex(d, hex);
    for (size_t i = 0; i < n; i++) /* keep ids in the id alphabet */
        id[i] = id_char(start[i]) ? start[i] : '_';
    id[n] = '-';
    memcpy(id + n + 1, hex, 8);
    id[n + 9] = 0;
}
