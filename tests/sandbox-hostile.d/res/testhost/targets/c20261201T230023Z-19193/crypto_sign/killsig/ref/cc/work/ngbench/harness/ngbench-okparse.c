/* ngbench-okparse.c - prints the entries of an okcompilers file as
 * "<line number><TAB><id><TAB><command>", and its malformed lines on stderr
 * as FILE:LINE: message (they are skipped). Exit status 0, or 1 if the file
 * cannot be read.  usage: ngbench-okparse FILE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "okline.h"

int main(int argc, char **argv)
{
    char buf[OKLINE_CMD + 128];
    unsigned long lineno = 0;
    FILE *f;
    okline e;
    if (argc != 2 || argv[1][0] == '-') {
        fputs("usage: ngbench-okparse FILE\n"
              "Prints the entries of an okcompilers file: line number, id, command (TAB-separated).\n",
              argc == 2 ? stdout : stderr);
        return argc == 2 ? 0 : 1;
    }
    if (!(f = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(buf, sizeof buf, f)) {
        size_t n = strlen(buf);
        int too_long = n == sizeof buf - 1 && buf[n - 1] != '\n';
        lineno++;
        if (too_long) { /* skip the rest of the line */
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            fprintf(stderr, "%s:%lu: line too long; skipped\n", argv[1], lineno);
            continue;
        }
        if (n && buf[n - 1] == '\n')
            n--;
        switch (okline_parse(buf, n, &e)) {
        case OKLINE_ENTRY:
            printf("%lu\t%s\t%s\n", lineno, e.id, e.cmd);
            break;
        case OKLINE_BAD:
            fprintf(stderr, "%s:%lu: %s; skipped\n", argv[1], lineno, e.error);
            break;
        default:
            break;
        }
    }
    fclose(f);
    return 0;
}
