/* okline.h - parses one line of an okcompilers file: '#' starts a comment,
 * blank lines are skipped, an optional leading "@ID" names the line. Bounded
 * and total: any input gives a result, never a crash. */
#ifndef NGBENCH_OKLINE_H
#define NGBENCH_OKLINE_H

#include <stddef.h>

#define OKLINE_ID 64
#define OKLINE_CMD 4096

typedef struct {
    char id[OKLINE_ID];   /* "" when the line names no id */
    char cmd[OKLINE_CMD]; /* the compiler command, trimmed */
    int lto;                /* 1 when a word of cmd is -flto or -flto=... */
    char nolto[OKLINE_CMD]; /* cmd without those words (single spaces between words) */
    const char *error;    /* for OKLINE_BAD */
} okline;

enum { OKLINE_SKIP = 0, OKLINE_ENTRY = 1, OKLINE_BAD = -1 };

/* Parses line[0..len) (no newline needed). */
int okline_parse(const char *line, size_t len, okline *out);
/* The id of an unnamed line: "<compiler basename>-<8 hex of SHA-256(cmd)>". */
void okline_default_id(const char *cmd, char id[OKLINE_ID]);

#endif
