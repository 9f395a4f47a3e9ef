/* ngbench-okparse.c - prints the entries of an okcompilers file as
 * "<line number><TAB><id><TAB><lto><TAB><command><TAB><command without -flto>"
 * (lto: 1 when the command has -flto), and its malformed lines on stderr
 * as "ngbench-okparse: FILE:LINE: message" (they are skipped). Two lines
 * with the same id are an error: the second is skipped and named with the
 * line of the first. Exit status 0; 1 when a line was malformed or an id
 * repeated (the good lines are printed all the same) or on a usage error;
 * 2 when the file cannot be read.  usage: ngbench-okparse FILE */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "okline.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

#define MAXIDS 4096

static const struct option longopts[] = {
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static void usage(FILE *f)
{
    fputs("usage: ngbench-okparse FILE\n"
          "Prints the entries of an okcompilers file, TAB-separated: line number, id, lto (1 when\n"
          "the command links with -flto), the command, and the command without its -flto flags.\n"
          "Malformed lines and repeated ids are reported as FILE:LINE: message and skipped.\n"
          "  -h, --help     this text\n"
          "  -V, --version  the version\n"
          "Exit status: 0; 1 a malformed line, a repeated id or a usage error; 2 FILE cannot be read.\n",
          f);
}

int main(int argc, char **argv)
{
    char buf[OKLINE_CMD + 128];
    static char ids[MAXIDS][OKLINE_ID];
    static unsigned long idline[MAXIDS];
    size_t nids = 0, k;
    unsigned long lineno = 0;
    FILE *f;
    okline e;
    int o, rc = 0;
    const char *path;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
        switch (o) {
        case 'h': usage(stdout); return 0;
        case 'V': printf("ngbench-okparse %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "ngbench-okparse: unknown option %s (try --help)\n", argv[optind - 1]);
            return 1;
        }
    }
    if (argc - optind != 1) {
        usage(stderr);
        return 1;
    }
    path = argv[optind];
    if (!(f = fopen(path, "r"))) {
        fprintf(stderr, "ngbench-okparse: %s: %s\n", path, strerror(errno));
        return 2;
    }
    while (fgets(buf, sizeof buf, f)) {
        size_t n = strlen(buf);
        int too_long = n == sizeof buf - 1 && buf[n - 1] != '\n';
        lineno++;
        if (too_long) { /* skip the rest of the line */
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            fprintf(stderr, "ngbench-okparse: %s:%lu: line too long; skipped\n", path, lineno);
            rc = 1;
            continue;
        }
        if (n && buf[n - 1] == '\n')
            n--;
        switch (okline_parse(buf, n, &e)) {
        case OKLINE_ENTRY:
            for (k = 0; k < nids; k++)
                if (strcmp(ids[k], e.id) == 0)
                    break;
            if (k < nids) {
                fprintf(stderr, "ngbench-okparse: %s:%lu: duplicate compiler id '%s' (first on line %lu); skipped\n",
                        path, lineno, e.id, idline[k]);
                rc = 1;
                break;
            }
            if (nids < MAXIDS) {
                memcpy(ids[nids], e.id, OKLINE_ID);
                idline[nids++] = lineno;
            }
            printf("%lu\t%s\t%d\t%s\t%s\n", lineno, e.id, e.lto, e.cmd, e.nolto);
            break;
        case OKLINE_BAD:
            fprintf(stderr, "ngbench-okparse: %s:%lu: %s; skipped\n", path, lineno, e.error);
            rc = 1;
            break;
        default:
            break;
        }
    }
    fclose(f);
    return rc;
}
