/* sandbox-filter.h - the system-call filter of ngbench-sandbox: what an
 * untrusted step may not do, and how the supervisor decides the calls the
 * filter hands to it (harness/sandbox-filter.c). */
#ifndef NGBENCH_SANDBOX_FILTER_H
#define NGBENCH_SANDBOX_FILTER_H

#include <stddef.h>
#include <sys/types.h>

/* What the filter could be installed as. */
enum sbf_kind {
    SBF_NONE = 0, /* no filter: libseccomp missing, or the kernel refused */
    SBF_KILL,     /* a denied call kills the process (SIGSYS); no name known */
    SBF_NOTIFY    /* a denied call goes to the supervisor, which names it */
};

/* Installs the filter in the calling process (inherited by everything it
 * runs). signals: also hand kill() and friends to the supervisor (when the
 * step has no PID namespace of its own). On SBF_NOTIFY *notify_fd is the
 * listener for the supervisor. Sets no_new_privs first. */
enum sbf_kind sbf_install(int signals, int *notify_fd);

/* A violation found by the supervisor: the syscall and, where it has one,
 * the path or argument it was refused for. */
struct sbf_violation {
    char what[32];     /* "syscall", "write-outside-scratch", "socket", "signal" */
    char target[1024]; /* the syscall name, the path, the domain or the pid */
};

/* Answers one notification on fd: lets it continue, or refuses it and fills
 * *v (returns 1). scratch: the only writable directory (an absolute,
 * resolved path); supervisor: the pid whose descendants may be signalled.
 * Returns -1 when nothing could be received (the step is gone). */
int sbf_handle(int fd, const char *scratch, pid_t supervisor, struct sbf_violation *v);

/* 1 when path (absolute) lies in scratch, or is one of the device and
 * per-process files a program may write anywhere (/dev/null, ...). */
int sbf_path_allowed(const char *path, const char *scratch);

#endif
