/* guard.c - link-time guards (-Wl,--wrap=...) around the library calls an
 * implementation could use to reach outside its scratch directory: opening a
 * file for writing anywhere but the working directory (the target's scratch
 * directory), and creating any socket. Such a call is refused (EACCES) and
 * reported, one line each, to the file NGBENCH_VIOLATIONS names (else
 * stderr), for ./do to record. The sandbox (ngbench-sandbox) enforces the
 * same where the kernel allows; these guards are what names the culprit. */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

FILE *__real_fopen(const char *path, const char *mode);
int __real_open(const char *path, int flags, ...);
int __real_openat(int dirfd, const char *path, int flags, ...);
int __real_creat(const char *path, mode_t mode);
int __real_socket(int domain, int type, int protocol);
FILE *__wrap_fopen(const char *path, const char *mode);
int __wrap_open(const char *path, int flags, ...);
int __wrap_openat(int dirfd, const char *path, int flags, ...);
int __wrap_creat(const char *path, mode_t mode);
int __wrap_socket(int domain, int type, int protocol);

static void report(const char *what, const char *arg)
{
    const char *log = getenv("NGBENCH_VIOLATIONS");
    FILE *f = log ? __real_fopen(log, "a") : NULL;
    fprintf(f ? f : stderr, "violation %s %s\n", what, arg ? arg : "-");
    if (f)
        fclose(f);
}

/* Writing is allowed inside the working directory, and to a few harmless
 * places the harness itself uses. */
static int allowed(const char *path)
{
    char cwd[4096];
    size_t n;
    if (!path)
        return 0;
    if (strcmp(path, "/dev/null") == 0 || strcmp(path, "/proc/self/clear_refs") == 0)
        return 1;
    if (strstr(path, ".."))
        return 0;
    if (path[0] != '/')
        return 1;
    if (!getcwd(cwd, sizeof cwd))
        return 0;
    n = strlen(cwd);
    return strncmp(path, cwd, n) == 0 && path[n] == '/';
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
    if (mode && strpbrk(mode, "wa+") && !allowed(path)) {
        report("write-outside-scratch", path);
        errno = EACCES;
        return NULL;
    }
    return __real_fopen(path, mode);
}

static int writes(int flags)
{
    return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC | O_APPEND));
}

int __wrap_open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (writes(flags) && !allowed(path)) {
        report("write-outside-scratch", path);
        errno = EACCES;
        return -1;
    }
    return __real_open(path, flags, mode);
}

int __wrap_openat(int dirfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (writes(flags) && (dirfd != AT_FDCWD || !allowed(path))) {
        report("write-outside-scratch", path);
        errno = EACCES;
        return -1;
    }
    return __real_openat(dirfd, path, flags, mode);
}

int __wrap_creat(const char *path, mode_t mode)
{
    if (!allowed(path)) {
        report("write-outside-scratch", path);
        errno = EACCES;
        return -1;
    }
    return __real_creat(path, mode);
}

int __wrap_socket(int domain, int type, int protocol)
{
    char what[64];
    (void)type;
    (void)protocol;
    snprintf(what, sizeof what, "domain=%d", domain);
    report("socket", what);
    errno = EACCES;
    return -1;
}
