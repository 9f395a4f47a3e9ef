/* ngbench-kat.c - the KAT file tool: manifests (kat.sha256), tier checks,
 * per-field digests and record/field diffs.
 *
 * KAT files can be gigabytes (UVW prints multi-megabyte keys in hex in every
 * record), so everything streams line by line and never holds a file. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

#define MAXREC 1000

static const char *prog = "ngbench-kat";

/* Hooks for the fuzz targets (fuzz/), which run these parsers in-process on
 * in-memory input: how files are opened, and what a fatal error does
 * instead of exit(2). */
FILE *(*kat_open_hook)(const char *path);
void (*kat_fatal_hook)(void);

static void usage(FILE *f)
{
    fprintf(f,
        "usage: %s COMMAND ARGS\n"
        "Commands:\n"
        "  manifest FILE            print kat.sha256 lines for FILE: the full-file digest,\n"
        "                           the first record's (quick tier) and every record's\n"
        "  check [--tier quick|full] [--ref REF] MANIFEST FILE\n"
        "                           compare FILE with MANIFEST; quick: FILE's first\n"
        "                           record against 'first', full: FILE against 'full'.\n"
        "                           On a mismatch, name the first differing record (from\n"
        "                           the 'record' lines) and, with REF, the field and byte\n"
        "  fields FILE              per-record, per-field digests, in the format of the\n"
        "                           official *.fields.txt files\n"
        "  fieldcheck FIELDS FILE   compare FILE with a *.fields.txt listing; names the\n"
        "                           first differing record and field\n"
        "  diff A B                 first differing record, field and byte of two KAT files\n"
        "  sizes FILE               the spread of each length field (PK_Len, SK_Len, Sn_Len,\n"
        "                           CT_Len, SS_Len) over the records: field=NAME records=N\n"
        "                           min=.. median=.. max=.. (the lower median)\n"
        "Exit status: 0 match, 1 mismatch, 2 error (unreadable or malformed input),\n"
        "3 the manifest has no digest for the requested tier.\n"
        "Manifest format (kat.sha256), one item per line, '#' starts a comment:\n"
        "  sha256 full <hex> <file>        SHA-256 of the complete file\n"
        "  sha256 first <hex> <file>       SHA-256 of record 0 alone (Count = 0 .. empty line)\n"
        "  sha256 record <i> <hex> <file>  SHA-256 of record i alone (optional)\n"
        "  tier full                       the quick tier is too slow for make check\n",
        prog);
}

static void die(const char *fmt, const char *a, unsigned long line)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, a, line);
    fputc('\n', stderr);
    if (kat_fatal_hook)
        kat_fatal_hook();
    exit(2);
}

/* ---- streaming reader ---------------------------------------------------- */

typedef struct {
    FILE *f;
    const char *path;
    char *line;
    size_t cap;
    ssize_t len;          /* of the current line, newline included */
    unsigned long lineno;
} reader;

/* Readers open right now, so that a fatal error that does not exit (the fuzz
 * targets' hook) can still close them: kat_cleanup(). */
static reader *open_readers[8];

static void rd_register(reader *r, int on)
{
    int i;
    for (i = 0; i < 8; i++)
        if (on ? open_readers[i] == NULL : open_readers[i] == r) {
            open_readers[i] = on ? r : NULL;
            return;
        }
}

static void rd_open(reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->f = kat_open_hook ? kat_open_hook(path) : strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!r->f)
        die("%s: cannot open", path, 0);
    rd_register(r, 1);
}

static int rd_next(reader *r)
{
    r->len = getline(&r->line, &r->cap, r->f);
    if (r->len < 0) {
        if (ferror(r->f))
            die("%s: read error", r->path, 0);
        return 0;
    }
    r->lineno++;
    return 1;
}

static void rd_close(reader *r)
{
    rd_register(r, 0);
    if (r->f != stdin)
        fclose(r->f);
    free(r->line);
    r->f = NULL;
    r->line = NULL;
}

void kat_cleanup(void);
void kat_cleanup(void)
{
    int i;
    for (i = 0; i < 8; i++)
        if (open_readers[i])
            rd_close(open_readers[i]);
}

/* Field name and value of "Name = value\n"; value may be empty. */
static int split_field(char *line, ssize_t len, char **name, size_t *nlen, char **val, size_t *vlen)
{
    char *eq = strstr(line, " = ");
    size_t end = (size_t)len;
    if (!eq)
        return -1;
    while (end && (line[end - 1] == '\n' || line[end - 1] == '\r'))
        end--;
    *name = line;
    *nlen = (size_t)(eq - line);
    *val = eq + 3;
    *vlen = end > (size_t)(eq + 3 - line) ? end - (size_t)(eq + 3 - line) : 0;
    return 0;
}

static int is_len_field(const char *name, size_t n)
{
    return (n >= 4 && memcmp(name + n - 4, "_Len", 4) == 0) || (n == 5 && memcmp(name, "Count", 5) == 0);
}

/* ---- manifest -------------------------------------------------------------- */

typedef struct {
    char full[65], first[65];
    char rec[MAXREC][65];
    int nrec;
    int tier_full_only;
} manifest;

static int is_hex64(const char *s)
{
    int i;
    for (i = 0; i < 64; i++)
        if (!strchr("0123456789abcdef", s[i]) || !s[i])
            return 0;
    return s[64] == 0;
}

static void load_manifest(const char *path, manifest *m)
{
    reader r;
    memset(m, 0, sizeof *m);
    rd_open(&r, path);
    while (rd_next(&r)) {
        char *tok[6], *p, *save = NULL;
        int n = 0;
        for (p = strtok_r(r.line, " \t\r\n", &save); p && n < 6; p = strtok_r(NULL, " \t\r\n", &save))
            tok[n++] = p;
        if (n == 0 || tok[0][0] == '#')
            continue;
        if (strcmp(tok[0], "tier") == 0 && n == 2 && strcmp(tok[1], "full") == 0) {
            m->tier_full_only = 1;
        } else if (strcmp(tok[0], "sha256") == 0 && n == 4 && strcmp(tok[1], "full") == 0 && is_hex64(tok[2])) {
            memcpy(m->full, tok[2], 65);
        } else if (strcmp(tok[0], "sha256") == 0 && n == 4 && strcmp(tok[1], "first") == 0 && is_hex64(tok[2])) {
            memcpy(m->first, tok[2], 65);
            if (m->nrec < 1)
                m->nrec = 1;
            memcpy(m->rec[0], tok[2], 65);
        } else if (strcmp(tok[0], "sha256") == 0 && n == 5 && strcmp(tok[1], "record") == 0 && is_hex64(tok[3])) {
            char *end;
            long i = strtol(tok[2], &end, 10);
            if (*end || i < 0 || i >= MAXREC)
                die("%s:%lu: bad record number", path, r.lineno);
            memcpy(m->rec[i], tok[3], 65);
            if (i + 1 > m->nrec)
                m->nrec = (int)i + 1;
        } else if (n == 2 && is_hex64(tok[0])) {
            /* plain sha256sum line, as shipped with the official files: a full digest */
            memcpy(m->full, tok[0], 65);
        } else {
            die("%s:%lu: unrecognised manifest line (see --help for the format)", path, r.lineno);
        }
    }
    rd_close(&r);
}

/* ---- digests of a KAT file ------------------------------------------------- */

typedef struct {
    char full[65];
    char rec[MAXREC][65];
    int nrec;
    unsigned long long bytes;
} digests;

static void hexdigest(sha256_ctx *c, char out[65])
{
    uint8_t d[32];
    sha256_final(c, d);
    sha256_hex(d, out);
}

/* A record runs from its "Count = " line through the empty line after it. */
static void digest_file(const char *path, digests *d)
{
    reader r;
    sha256_ctx all, rec;
    int open_rec = 0;
    memset(d, 0, sizeof *d);
    rd_open(&r, path);
    sha256_init(&all);
    while (rd_next(&r)) {
        sha256_update(&all, r.line, (size_t)r.len);
        d->bytes += (unsigned long long)r.len;
        if (!open_rec) {
            if (r.len == 1 && r.line[0] == '\n')
                continue; /* stray empty line between records */
            if (d->nrec >= MAXREC)
                die("%s:%lu: too many records", path, r.lineno);
            sha256_init(&rec);
            open_rec = 1;
        }
        sha256_update(&rec, r.line, (size_t)r.len);
        if (r.len == 1 && r.line[0] == '\n') {
            hexdigest(&rec, d->rec[d->nrec++]);
            open_rec = 0;
        }
    }
    if (open_rec) /* last record without its empty line: still a record */
        hexdigest(&rec, d->rec[d->nrec++]);
    hexdigest(&all, d->full);
    rd_close(&r);
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static int cmd_manifest(const char *path)
{
    static digests dd;
    digests *d = &dd;
    int i;
    digest_file(path, d);
    printf("sha256 full %s %s\n", d->full, base(path));
    if (d->nrec > 0)
        printf("sha256 first %s %s\n", d->rec[0], base(path));
    for (i = 1; i < d->nrec; i++)
        printf("sha256 record %d %s %s\n", i, d->rec[i], base(path));
    return 0;
}

/* ---- diff -------------------------------------------------------------- */

/* Streams two KAT files and reports the first line that differs. */
static int diff_files(const char *a, const char *b, int quiet_ok)
{
    reader ra, rb;
    int rec = -1, ha, hb;
    rd_open(&ra, a);
    rd_open(&rb, b);
    for (;;) {
        ha = rd_next(&ra);
        hb = rd_next(&rb);
        if (!ha || !hb)
            break;
        if (strncmp(ra.line, "Count = ", 8) == 0)
            rec = atoi(ra.line + 8);
        if (ra.len != rb.len || memcmp(ra.line, rb.line, (size_t)ra.len) != 0) {
            char *na, *va, *nb, *vb;
            size_t nla, vla, nlb, vlb, k;
            if (split_field(ra.line, ra.len, &na, &nla, &va, &vla) == 0 &&
                split_field(rb.line, rb.len, &nb, &nlb, &vb, &vlb) == 0 && nla == nlb &&
                memcmp(na, nb, nla) == 0) {
                for (k = 0; k < vla && k < vlb && va[k] == vb[k]; k++)
                    ;
                printf("record %d field %.*s differs (%s:%lu, %s:%lu)", rec, (int)nla, na, a, ra.lineno, b, rb.lineno);
                if (is_len_field(na, nla))
                    printf(": %.*s vs %.*s\n", (int)vla, va, (int)vlb, vb);
                else if (k == vla || k == vlb)
                    printf(": lengths %zu vs %zu bytes, equal up to the shorter\n", vla / 2, vlb / 2);
                else
                    printf(" first at byte %zu: %.2s vs %.2s\n", k / 2, va + (k & ~(size_t)1), vb + (k & ~(size_t)1));
            } else {
                printf("record %d differs at %s:%lu / %s:%lu (field names or layout)\n", rec, a, ra.lineno, b, rb.lineno);
            }
            rd_close(&ra);
            rd_close(&rb);
            return 1;
        }
    }
    if (ha != hb) {
        printf("%s ends first (after record %d)\n", ha ? b : a, rec);
        rd_close(&ra);
        rd_close(&rb);
        return 1;
    }
    if (!quiet_ok)
        printf("identical\n");
    rd_close(&ra);
    rd_close(&rb);
    return 0;
}

/* ---- check ------------------------------------------------------------- */

static int cmd_check(int quick, const char *ref, const char *mpath, const char *path)
{
    static manifest mm; /* large, and used once per process */
    static digests dd;
    manifest *m = &mm;
    digests *d = &dd;
    const char *want;
    const char *got;
    int i, rc = 0;
    load_manifest(mpath, m);
    digest_file(path, d);
    want = quick ? m->first : m->full;
    got = quick ? (d->nrec ? d->rec[0] : "") : d->full;
    if (!want[0]) {
        printf("NOKAT: %s has no '%s' digest\n", mpath, quick ? "first" : "full");
        return 3;
    }
    if (strcmp(want, got) == 0) {
        printf("PASS %s (%s tier, %d record%s, sha256 %.16s...)\n", base(path), quick ? "quick" : "full",
               d->nrec, d->nrec == 1 ? "" : "s", got);
    } else {
        rc = 1;
        printf("FAIL %s (%s tier): sha256 %.16s... expected %.16s...\n", base(path), quick ? "quick" : "full",
               got, want);
        for (i = 0; i < d->nrec && i < m->nrec; i++)
            if (m->rec[i][0] && strcmp(m->rec[i], d->rec[i]) != 0) {
                printf("  first differing record: %d (per-record digests of %s)\n", i, mpath);
                break;
            }
        if (i == d->nrec && !quick && d->nrec != 10)
            printf("  %d records where 10 were expected\n", d->nrec);
        if (ref) {
            printf("  against %s: ", ref);
            diff_files(path, ref, 0);
        }
    }
    return rc;
}

/* ---- fields ------------------------------------------------------------ */

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Digest of the bytes a hex value denotes; -1 if it is not hex. */
static long long field_digest(const char *v, size_t vlen, char out[65])
{
    sha256_ctx c;
    uint8_t buf[4096];
    size_t i, k = 0;
    if (vlen % 2)
        return -1;
    sha256_init(&c);
    for (i = 0; i < vlen; i += 2) {
        int hi = hexval((unsigned char)v[i]), lo = hexval((unsigned char)v[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        buf[k++] = (uint8_t)(hi << 4 | lo);
        if (k == sizeof buf) {
            sha256_update(&c, buf, k);
            k = 0;
        }
    }
    sha256_update(&c, buf, k);
    hexdigest(&c, out);
    return (long long)(vlen / 2);
}

typedef void (*field_cb)(void *arg, int rec, const char *name, size_t nlen, long long bytes,
                         const char *digest, const char *val, size_t vlen, unsigned long lineno);

static void each_field(const char *path, field_cb cb, void *arg)
{
    reader r;
    int rec = -1;
    rd_open(&r, path);
    while (rd_next(&r)) {
        char *name, *val, dg[65];
        size_t nlen, vlen;
        long long bytes;
        if (r.len == 1 && r.line[0] == '\n')
            continue;
        if (split_field(r.line, r.len, &name, &nlen, &val, &vlen) != 0)
            die("%s:%lu: not a 'Name = value' line", path, r.lineno);
        if (nlen == 5 && memcmp(name, "Count", 5) == 0) {
            rec = atoi(val);
            continue;
        }
        if (is_len_field(name, nlen))
            continue;
        bytes = field_digest(val, vlen, dg);
        if (bytes < 0)
            die("%s:%lu: field value is not hex", path, r.lineno);
        cb(arg, rec, name, nlen, bytes, dg, val, vlen, r.lineno);
    }
    rd_close(&r);
}

static void print_field(void *arg, int rec, const char *name, size_t nlen, long long bytes,
                        const char *digest, const char *val, size_t vlen, unsigned long lineno)
{
    (void)arg;
    (void)lineno;
    printf("%d %.*s %lld sha256=%s ", rec, (int)nlen, name, bytes, digest);
    if (bytes <= 4096)
        printf("value=%.*s\n", (int)vlen, val);
    else
        printf("head=%.4096s\n", val);
}

static int cmd_fields(const char *path)
{
    static digests dd;
    digests *d = &dd;
    digest_file(path, d);
    printf("# file %s  bytes %llu  sha256 %s\n", base(path), d->bytes, d->full);
    printf("# <Count> <field> <length-in-bytes> sha256=<digest of the field's bytes> "
           "[value=<hex, fields <= 4 KiB> | head=<first 2 KiB hex>]\n");
    each_field(path, print_field, NULL);
    return 0;
}

typedef struct {
    reader want;
    const char *path;
    int mismatch, compared, listing_done;
} fieldcheck;

static void check_field(void *arg, int rec, const char *name, size_t nlen, long long bytes,
                        const char *digest, const char *val, size_t vlen, unsigned long lineno)
{
    fieldcheck *fc = arg;
    char wname[64], wdig[72];
    int wrec;
    long long wbytes;
    (void)val;
    (void)vlen;
    if (fc->mismatch || fc->listing_done)
        return;
    do {
        if (!rd_next(&fc->want)) {
            /* the listing may cover only the first records (e.g. a record-0
             * listing): what it lists is what is checked, and it says so */
            fc->listing_done = rec >= 0 ? rec + 1 : 1;
            return;
        }
    } while (fc->want.line[0] == '#' || fc->want.line[0] == '\n');
    if (sscanf(fc->want.line, "%d %63s %lld %71s", &wrec, wname, &wbytes, wdig) != 4 ||
        strncmp(wdig, "sha256=", 7) != 0)
        die("%s:%lu: malformed fields line", fc->want.path, fc->want.lineno);
    fc->compared++;
    if (wrec != rec || strlen(wname) != nlen || memcmp(wname, name, nlen) != 0) {
        printf("layout differs: %s:%lu has record %d field %.*s, %s:%lu has record %d field %s\n", fc->path,
               lineno, rec, (int)nlen, name, fc->want.path, fc->want.lineno, wrec, wname);
        fc->mismatch = 1;
    } else if (wbytes != bytes || strcmp(wdig + 7, digest) != 0) {
        printf("record %d field %s differs (%s:%lu): %lld bytes sha256=%.16s... expected %lld bytes sha256=%.16s...\n",
               rec, wname, fc->path, lineno, bytes, digest, wbytes, wdig + 7);
        fc->mismatch = 1;
    }
}

static int cmd_fieldcheck(const char *fields, const char *path)
{
    fieldcheck fc;
    memset(&fc, 0, sizeof fc);
    fc.path = path;
    rd_open(&fc.want, fields);
    each_field(path, check_field, &fc);
    if (!fc.mismatch && !fc.listing_done) { /* does the listing go on past the file? */
        while (rd_next(&fc.want) && (fc.want.line[0] == '#' || fc.want.line[0] == '\n'))
            ;
        if (fc.want.len > 0 && !feof(fc.want.f)) {
            printf("%s ends before %s:%lu: %.*s", base(path), fc.want.path, fc.want.lineno,
                   (int)(fc.want.len > 80 ? 80 : fc.want.len), fc.want.line);
            if (fc.want.len > 80)
                putchar('\n');
            fc.mismatch = 1;
        }
    }
    rd_close(&fc.want);
    if (!fc.mismatch && fc.compared == 0) {
        printf("FAIL %s: %s lists no fields\n", base(path), base(fields));
        return 1;
    }
    if (!fc.mismatch)
        printf("PASS %s: %d fields match %s%s\n", base(path), fc.compared, base(fields),
               fc.listing_done ? " (the listing covers only the first records; the rest was not checked)" : "");
    return fc.mismatch;
}

/* ---- sizes: the spread of the length fields over the records ---------------- */

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static int cmd_sizes(const char *path)
{
    static const char *const names[] = {"PK_Len", "SK_Len", "Sn_Len", "CT_Len", "SS_Len"};
    static long long v[5][MAXREC];
    int n[5] = {0}, order[5], norder = 0, i, k;
    reader r;
    rd_open(&r, path);
    while (rd_next(&r)) {
        char *name, *val;
        size_t nlen, vlen;
        if (split_field(r.line, r.len, &name, &nlen, &val, &vlen) != 0)
            continue;
        for (k = 0; k < 5; k++)
            if (nlen == strlen(names[k]) && memcmp(name, names[k], nlen) == 0)
                break;
        if (k == 5 || vlen == 0 || vlen > 18 || strspn(val, "0123456789") < vlen)
            continue;
        if (n[k] == 0)
            order[norder++] = k;
        if (n[k] < MAXREC)
            v[k][n[k]++] = strtoll(val, NULL, 10);
    }
    rd_close(&r);
    for (i = 0; i < norder; i++) {
        k = order[i];
        qsort(v[k], (size_t)n[k], sizeof v[k][0], cmp_ll);
        printf("field=%s records=%d min=%lld median=%lld max=%lld\n", names[k], n[k], v[k][0],
               v[k][(n[k] - 1) / 2], v[k][n[k] - 1]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "manifest") == 0 && argc == 3)
        return cmd_manifest(argv[2]);
    if (strcmp(argv[1], "fields") == 0 && argc == 3)
        return cmd_fields(argv[2]);
    if (strcmp(argv[1], "sizes") == 0 && argc == 3)
        return cmd_sizes(argv[2]);
    if (strcmp(argv[1], "fieldcheck") == 0 && argc == 4)
        return cmd_fieldcheck(argv[2], argv[3]);
    if (strcmp(argv[1], "diff") == 0 && argc == 4)
        return diff_files(argv[2], argv[3], 0);
    if (strcmp(argv[1], "check") == 0) {
        int i = 2, quick = 0;
        const char *ref = NULL;
        for (; i < argc - 2; i++) {
            if (strcmp(argv[i], "--tier") == 0 && i + 1 < argc - 2) {
                i++;
                if (strcmp(argv[i], "quick") == 0)
                    quick = 1;
                else if (strcmp(argv[i], "full") != 0)
                    die("--tier wants quick or full, not '%s'", argv[i], 0);
            } else if (strcmp(argv[i], "--ref") == 0 && i + 1 < argc - 2) {
                ref = argv[++i];
            } else {
                die("check: unknown option '%s' (see --help)", argv[i], 0);
            }
        }
        if (argc - i == 2)
            return cmd_check(quick, ref, argv[argc - 2], argv[argc - 1]);
    }
    usage(stderr);
    return 2;
}
