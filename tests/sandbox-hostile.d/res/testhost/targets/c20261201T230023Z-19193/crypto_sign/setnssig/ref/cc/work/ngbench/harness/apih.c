/* apih.c - see apih.h. */
#include <ctype.h>
#include <string.h>

#include "apih.h"

void apih_init(apih *a)
{
    a->n = 0;
    a->truncated = 0;
}

static void define(apih *a, const char *name, size_t nlen, const char *val, size_t vlen)
{
    int i;
    if (nlen == 0 || nlen >= APIH_NAME || vlen >= APIH_VALUE) {
        a->truncated = 1;
        return;
    }
    for (i = 0; i < a->n; i++)
        if (strlen(a->m[i].name) == nlen && memcmp(a->m[i].name, name, nlen) == 0)
            break;
    if (i == a->n) {
        if (a->n == APIH_MAX_MACROS) {
            a->truncated = 1;
            return;
        }
        a->n++;
    }
    memcpy(a->m[i].name, name, nlen);
    a->m[i].name[nlen] = 0;
    memcpy(a->m[i].value, val, vlen);
    a->m[i].value[vlen] = 0;
}

/* One logical line (continuations joined, comments removed) into line[]. */
static size_t logical_line(const char *buf, size_t len, size_t *pos, char *line, size_t cap, int *in_comment,
                           int *overlong)
{
    size_t k = 0, i = *pos;
    while (i < len) {
        char c = buf[i];
        if (*in_comment) {
            if (c == '*' && i + 1 < len && buf[i + 1] == '/') {
                *in_comment = 0;
                i += 2;
                continue;
            }
            if (c == '\n')
                break;
            i++;
            continue;
        }
        if (c == '/' && i + 1 < len && buf[i + 1] == '*') {
            *in_comment = 1;
            i += 2;
            if (k + 1 < cap)
                line[k++] = ' ';
            continue;
        }
        if (c == '/' && i + 1 < len && buf[i + 1] == '/') {
            while (i < len && buf[i] != '\n')
                i++;
            break;
        }
        if (c == '\\' && i + 1 < len && buf[i + 1] == '\n') {
            i += 2;
            continue;
        }
        if (c == '\n')
            break;
        if (k + 1 < cap)
            line[k++] = c == '\t' || c == '\r' ? ' ' : c;
        else
            *overlong = 1;
        i++;
    }
    *pos = i < len ? i + 1 : len;
    line[k] = 0;
    return k;
}

void apih_parse(apih *a, const char *buf, size_t len, void (*include)(const char *file, void *arg), void *arg)
{
    char line[2048];
    size_t pos = 0;
    int in_comment = 0;
    while (pos < len) {
        int overlong = 0;
        char *p = line, *name, *val, *end;
        logical_line(buf, len, &pos, line, sizeof line, &in_comment, &overlong);
        if (overlong)
            a->truncated = 1;
        while (*p == ' ')
            p++;
        if (*p != '#')
            continue;
        p++;
        while (*p == ' ')
            p++;
        if (strncmp(p, "include", 7) == 0) {
            char file[256];
            size_t n;
            p += 7;
            while (*p == ' ')
                p++;
            if (*p != '"' || !(end = strchr(p + 1, '"')))
                continue;
            n = (size_t)(end - p - 1);
            if (n == 0 || n >= sizeof file)
                continue;
            memcpy(file, p + 1, n);
            file[n] = 0;
            if (include)
                include(file, arg);
            continue;
        }
        if (strncmp(p, "define", 6) != 0 || (p[6] != ' '))
            continue;
        p += 6;
        while (*p == ' ')
            p++;
        name = p;
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        if (*p == '(') /* function-like: not a size */
            continue;
        end = p;
        while (*p == ' ')
            p++;
        val = p;
        p += strlen(p);
        while (p > val && p[-1] == ' ')
            p--;
        define(a, name, (size_t)(end - name), val, (size_t)(p - val));
    }
}

static const apih_macro *find(const apih *a, const char *name, size_t n)
{
    int i;
    for (i = a->n - 1; i >= 0; i--)
        if (strlen(a->m[i].name) == n && strncmp(a->m[i].name, name, n) == 0)
            return &a->m[i];
    return NULL;
}

/* A tiny precedence-climbing evaluator over unsigned 64-bit integers. */
typedef struct {
    const apih *a;
    const char *s;
    int depth, err;
} ev;

static unsigned long long expr(ev *e, int prec);

static void skip(ev *e)
{
    while (*e->s == ' ')
        e->s++;
}

static unsigned long long primary(ev *e)
{
    unsigned long long v = 0;
    skip(e);
    if (e->depth > 32) { /* macros that refer to each other in a loop */
        e->err = 1;
        return 0;
    }
    if (*e->s == '(') {
        e->s++;
        e->depth++;
        v = expr(e, 0);
        e->depth--;
        skip(e);
        if (*e->s != ')')
            e->err = 1;
        else
            e->s++;
        return v;
    }
    if (*e->s == '-' || *e->s == '+') {
        int neg = *e->s == '-';
        e->s++;
        e->depth++;
        v = primary(e);
        e->depth--;
        return neg ? (unsigned long long)0 - v : v;
    }
    if (isdigit((unsigned char)*e->s)) {
        int base = 10;
        if (e->s[0] == '0' && (e->s[1] == 'x' || e->s[1] == 'X')) {
            base = 16;
            e->s += 2;
        }
        while (isxdigit((unsigned char)*e->s)) {
            int d = isdigit((unsigned char)*e->s) ? *e->s - '0' : (tolower((unsigned char)*e->s) - 'a' + 10);
            if (d >= base) {
                e->err = 1;
                return 0;
            }
            v = v * (unsigned)base + (unsigned)d;
            e->s++;
        }
        while (*e->s == 'u' || *e->s == 'U' || *e->s == 'l' || *e->s == 'L')
            e->s++;
        return v;
    }
    if (isalpha((unsigned char)*e->s) || *e->s == '_') {
        const char *n = e->s;
        const apih_macro *m;
        while (isalnum((unsigned char)*e->s) || *e->s == '_')
            e->s++;
        m = find(e->a, n, (size_t)(e->s - n));
        if (!m) {
            e->err = 1;
            return 0;
        } else {
            ev sub;
            sub.a = e->a;
            sub.s = m->value;
            sub.depth = e->depth + 1;
            sub.err = 0;
            v = expr(&sub, 0);
            skip(&sub);
            if (sub.err || *sub.s)
                e->err = 1;
            return v;
        }
    }
    e->err = 1;
    return 0;
}

static int op_prec(const char *s, int *len)
{
    *len = 1;
    switch (*s) {
    case '*': case '/': case '%': return 3;
    case '+': case '-': return 2;
    case '<': case '>':
        if (s[1] == s[0]) {
            *len = 2;
            return 1;
        }
        return -1;
    default: return -1;
    }
}

static unsigned long long expr(ev *e, int prec)
{
    unsigned long long lhs = primary(e);
    for (;;) {
        int len, p;
        char op;
        unsigned long long rhs;
        skip(e);
        p = op_prec(e->s, &len);
        if (p < 0 || p < prec || e->err)
            return lhs;
        op = *e->s;
        e->s += len;
        rhs = expr(e, p + 1);
        switch (op) {
        case '*': lhs *= rhs; break;
        case '/': if (rhs == 0) e->err = 1; else lhs /= rhs; break;
        case '%': if (rhs == 0) e->err = 1; else lhs %= rhs; break;
        case '+': lhs += rhs; break;
        case '-': lhs -= rhs; break;
        case '<': lhs = rhs >= 64 ? 0 : lhs << rhs; break;
        default: lhs = rhs >= 64 ? 0 : lhs >> rhs; break;
        }
    }
}

int apih_int(const apih *a, const char *name, unsigned long long *out)
{
    const apih_macro *m = find(a, name, strlen(name));
    ev e;
    if (!m)
        return -1;
    e.a = a;
    e.s = m->value;
    e.depth = 0;
    e.err = 0;
    *out = expr(&e, 0);
    skip(&e);
    return e.err || *e.s ? -1 : 0;
}

int apih_string(const apih *a, const char *name, char *out)
{
    const apih_macro *m = find(a, name, strlen(name));
    const char *p, *q;
    if (!m)
        return -1;
    p = m->value;
    while (*p == ' ' || *p == '(')
        p++;
    if (*p != '"' || !(q = strchr(p + 1, '"')))
        return -1;
    memcpy(out, p + 1, (size_t)(q - p - 1));
    out[q - p - 1] = 0;
    return 0;
}
