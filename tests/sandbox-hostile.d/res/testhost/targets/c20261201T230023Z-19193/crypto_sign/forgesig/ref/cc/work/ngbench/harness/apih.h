/* apih.h - reads the size and name macros of an implementation's api.h (or
 * a NICCS <TYPE>_AlgorithmInstance.h): object-like #defines, with integer
 * expressions over earlier macros evaluated and quoted includes followed.
 * A parser of untrusted input: bounded in every dimension, never crashes. */
#ifndef NGBENCH_APIH_H
#define NGBENCH_APIH_H

#include <stddef.h>

#define APIH_MAX_MACROS 512
#define APIH_NAME 64
#define APIH_VALUE 512

typedef struct {
    char name[APIH_NAME];
    char value[APIH_VALUE];
} apih_macro;

typedef struct {
    apih_macro m[APIH_MAX_MACROS];
    int n;
    int truncated; /* macros dropped for lack of room, or overlong lines */
} apih;

void apih_init(apih *a);
/* Adds the #defines of a buffer; a later definition replaces an earlier one.
 * include(path, arg) is called for each #include "file" (may be NULL). */
void apih_parse(apih *a, const char *buf, size_t len,
                void (*include)(const char *file, void *arg), void *arg);
/* The value of macro `name` as an integer: 0 on success, -1 if it is not
 * defined or not an integer expression over defined macros. */
int apih_int(const apih *a, const char *name, unsigned long long *out);
/* The value of macro `name` as a string literal ("..." removed): 0 on
 * success, -1 otherwise. out holds at least APIH_VALUE bytes. */
int apih_string(const apih *a, const char *name, char *out);

#endif
