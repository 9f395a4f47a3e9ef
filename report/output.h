/* output.h - where generated files go. In write mode every file is written
 * (atomically, via a temporary file and rename) under the output directory
 * and listed with its SHA-256 in SHA256SUMS; files a previous merge wrote
 * that are no longer generated are removed. In check mode nothing is
 * written: every file is compared byte for byte with what is there. */
#ifndef NGBENCH_REPORT_OUTPUT_H
#define NGBENCH_REPORT_OUTPUT_H

#include <stdio.h>

#include "buf.h"

enum { OUT_WRITE, OUT_CHECK };

typedef struct {
    char *root;
    int mode;
    char **paths; /* relative paths generated so far */
    char **sums;  /* their SHA-256, hex */
    size_t n, cap;
    unsigned long differ; /* check mode: files that differ, are missing or are stale */
    int failed;           /* write mode: a file could not be written */
    FILE *log;            /* where differences are reported */
} outset;

void out_init(outset *o, const char *root, int mode, FILE *log);
void out_free(outset *o);
/* generates rel (a relative path of safe components) with the given bytes */
void out_emit(outset *o, const char *rel, const buf *content);
/* SHA256SUMS: written, or compared; stale files removed (write) or
 * reported (check). Returns 0 when all went well / all matched. */
int out_finish(outset *o);

/* SHA-256 of a file as lowercase hex; 0, or -1 when it cannot be read */
int sha256_file(const char *path, char hex[65]);

#endif
