/* sandbox-filter.c - the system-call filter every untrusted step of
 * ngbench runs under (libseccomp), and the supervisor's side of it.
 *
 * The filter allows everything but:
 *  - calls that undo or escape the sandbox: mount and the new mount API,
 *    pivot_root, chroot, setns, unshare, clone with namespace flags,
 *    ptrace, process_vm_*, pidfd_getfd, kexec, bpf, modules, keyctl,
 *    io_uring (its requests bypass this filter), userfaultfd, and the like:
 *    always refused, and the step ends (VIOLATION, naming the call);
 *  - socket() and socketcall(): the harness needs no socket;
 *  - calls that write to a path (open with a write flag, creat, unlink,
 *    rename, mkdir, chmod, ...): handed to the supervisor, which lets them
 *    continue when the path lies in the scratch directory and refuses them
 *    (VIOLATION, naming the path) otherwise;
 *  - kill() and friends: with signals=1 (no PID namespace of the step's
 *    own) allowed towards the step's own processes only; with a PID
 *    namespace, refused towards its init (pid 1) and towards all (-1);
 *  - clone3, answered ENOSYS so that the C library falls back to clone(),
 *    whose flags the filter can see.
 * With SCMP_ACT_NOTIFY the supervisor learns each refused call and its
 * argument; where the kernel lacks it, a refused call kills the process
 * (SIGSYS) and only that is known. The supervisor reads the path from the
 * caller's memory: a racing thread could change it after the check, which
 * is why the read-only mounts, not this check, are what keeps the file
 * system safe; the check is what names the culprit. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "config.h"
#include "sandbox-filter.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef HAVE_SECCOMP
#include <seccomp.h>
#include <linux/seccomp.h>
#endif

/* the files any program may write wherever it runs */
static const char *const anywhere[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/tty",
                                       "/dev/stdout", "/dev/stderr", "/proc/self/clear_refs",
                                       "/proc/thread-self/clear_refs", NULL};
static const char *const anywhere_dirs[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", NULL};

/* Normalises an absolute path lexically ("." and ".." components, repeated
 * slashes) in place. */
static void normalise(char *p)
{
    char *out = p, *in = p;
    while (*in) {
        while (*in == '/')
            in++;
        if (!*in)
            break;
        char *end = strchr(in, '/');
        size_t n = end ? (size_t)(end - in) : strlen(in);
        if (n == 1 && in[0] == '.') {
            /* nothing */
        } else if (n == 2 && in[0] == '.' && in[1] == '.') {
            while (out > p && *--out != '/')
                ;
        } else {
            *out++ = '/';
            memmove(out, in, n);
            out += n;
        }
        in += n;
    }
    if (out == p)
        *out++ = '/';
    *out = '\0';
}

int sbf_path_allowed(const char *path, const char *scratch)
{
    char buf[4096];
    size_t n = strlen(scratch);
    int i;
    if (strlen(path) >= sizeof buf || path[0] != '/')
        return 0;
    strcpy(buf, path);
    normalise(buf);
    for (i = 0; anywhere[i]; i++)
        if (strcmp(buf, anywhere[i]) == 0)
            return 1;
    for (i = 0; anywhere_dirs[i]; i++)
        if (strncmp(buf, anywhere_dirs[i], strlen(anywhere_dirs[i])) == 0)
            return 1;
    return strncmp(buf, scratch, n) == 0 && (buf[n] == '/' || buf[n] == '\0');
}

#if defined(HAVE_SECCOMP) && defined(__linux__)

/* refused whatever their arguments: they undo or escape the sandbox */
static const char *const denied[] = {
    "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsmount",
    "fsconfig", "fspick", "mount_setattr", "setns", "unshare", "ptrace", "process_vm_readv",
    "process_vm_writev", "pidfd_getfd", "kexec_load", "kexec_file_load", "bpf", "init_module",
    "finit_module", "delete_module", "reboot", "swapon", "swapoff", "acct", "quotactl", "quotactl_fd",
    "syslog", "iopl", "ioperm", "lookup_dcookie", "userfaultfd", "fanotify_init", "open_by_handle_at",
    "keyctl", "add_key", "request_key", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "sethostname", "setdomainname", "vhangup", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "nfsservctl", "socketcall", "socket", NULL};

/* calls that write to a path: which argument holds a directory fd (-1: none,
 * the path is relative to the working directory) and which the path; two
 * pairs for the calls that change two names */
struct pathcall {
    const char *name;
    int dirfd[2], path[2];
    int flags; /* the open flags' argument: only writing opens are checked */
};
static const struct pathcall pathcalls[] = {
    {"open", {-1, -9}, {0, -9}, 1},           {"openat", {0, -9}, {1, -9}, 2},
    {"openat2", {0, -9}, {1, -9}, -2},        {"creat", {-1, -9}, {0, -9}, -1},
    {"truncate", {-1, -9}, {0, -9}, -1},      {"mkdir", {-1, -9}, {0, -9}, -1},
    {"mkdirat", {0, -9}, {1, -9}, -1},        {"rmdir", {-1, -9}, {0, -9}, -1},
    {"unlink", {-1, -9}, {0, -9}, -1},        {"unlinkat", {0, -9}, {1, -9}, -1},
    {"rename", {-1, -1}, {0, 1}, -1},         {"renameat", {0, 2}, {1, 3}, -1},
    {"renameat2", {0, 2}, {1, 3}, -1},        {"link", {-1, -9}, {1, -9}, -1},
    {"linkat", {2, -9}, {3, -9}, -1},         {"symlink", {-1, -9}, {1, -9}, -1},
    {"symlinkat", {1, -9}, {2, -9}, -1},      {"mknod", {-1, -9}, {0, -9}, -1},
    {"mknodat", {0, -9}, {1, -9}, -1},        {"chmod", {-1, -9}, {0, -9}, -1},
    {"fchmodat", {0, -9}, {1, -9}, -1},       {"fchmodat2", {0, -9}, {1, -9}, -1},
    {"chown", {-1, -9}, {0, -9}, -1},         {"lchown", {-1, -9}, {0, -9}, -1},
    {"fchownat", {0, -9}, {1, -9}, -1},       {"utime", {-1, -9}, {0, -9}, -1},
    {"utimes", {-1, -9}, {0, -9}, -1},        {"utimensat", {0, -9}, {1, -9}, -1},
    {"futimesat", {0, -9}, {1, -9}, -1},      {"setxattr", {-1, -9}, {0, -9}, -1},
    {"lsetxattr", {-1, -9}, {0, -9}, -1},     {"removexattr", {-1, -9}, {0, -9}, -1},
    {"lremovexattr", {-1, -9}, {0, -9}, -1},  {NULL, {0, 0}, {0, 0}, 0}};

/* signals (without a PID namespace): the argument holding the pid */
static const char *const signalcalls[] = {"kill", "tkill", "tgkill", "rt_sigqueueinfo",
                                          "rt_tgsigqueueinfo", "pidfd_open", NULL};

/* the namespace flags clone() may not carry */
static const unsigned long clone_ns[] = {0x00020000UL /* NEWNS */, 0x02000000UL /* NEWCGROUP */,
                                         0x04000000UL /* NEWUTS */, 0x08000000UL /* NEWIPC */,
                                         0x10000000UL /* NEWUSER */, 0x20000000UL /* NEWPID */,
                                         0x40000000UL /* NEWNET */, 0x00000080UL /* NEWTIME */};

static int add(scmp_filter_ctx ctx, uint32_t action, const char *name, unsigned n, const struct scmp_arg_cmp *cmp)
{
    int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR)
        return 0; /* not a call of this architecture */
    return seccomp_rule_add_array(ctx, action, nr, n, cmp) == 0 ? 0 : -1;
}

enum sbf_kind sbf_install(int signals, int *notify_fd)
{
    scmp_filter_ctx ctx;
    uint32_t act = SCMP_ACT_KILL_PROCESS;
    enum sbf_kind kind = SBF_KILL;
    int i, bad = 0;
    *notify_fd = -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return SBF_NONE;
    if (seccomp_api_get() >= 5) {
        act = SCMP_ACT_NOTIFY;
        kind = SBF_NOTIFY;
    }
    ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx)
        return SBF_NONE;
    /* a process that switches to another system-call ABI dies */
    seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
#if defined(__x86_64__)
    seccomp_arch_add(ctx, SCMP_ARCH_X86);
    seccomp_arch_add(ctx, SCMP_ARCH_X32);
#elif defined(__aarch64__)
    seccomp_arch_add(ctx, SCMP_ARCH_ARM);
#endif
    for (i = 0; denied[i]; i++)
        bad |= add(ctx, act, denied[i], 0, NULL);
    for (i = 0; pathcalls[i].name; i++) {
        const struct pathcall *p = &pathcalls[i];
        if (p->flags >= 0) { /* open, openat: only with a flag that writes */
            static const unsigned long wflags[] = {O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND};
            size_t k;
            for (k = 0; k < sizeof wflags / sizeof wflags[0]; k++) {
                struct scmp_arg_cmp c = SCMP_CMP((unsigned)p->flags, SCMP_CMP_MASKED_EQ, wflags[k], wflags[k]);
                bad |= add(ctx, act, p->name, 1, &c);
            }
        } else {
            bad |= add(ctx, act, p->name, 0, NULL);
        }
    }
    for (i = 0; signalcalls[i]; i++) {
        if (signals) {
            bad |= add(ctx, act, signalcalls[i], 0, NULL);
        } else { /* a PID namespace of its own: only its init (1) and "all" (-1) */
            struct scmp_arg_cmp c1 = SCMP_CMP(0, SCMP_CMP_MASKED_EQ, 0xffffffffUL, 1);
            struct scmp_arg_cmp c2 = SCMP_CMP(0, SCMP_CMP_MASKED_EQ, 0xffffffffUL, 0xffffffffUL);
            bad |= add(ctx, act, signalcalls[i], 1, &c1);
            bad |= add(ctx, act, signalcalls[i], 1, &c2);
        }
    }
#if !defined(__s390__) && !defined(__s390x__)
    for (i = 0; i < (int)(sizeof clone_ns / sizeof clone_ns[0]); i++) {
        struct scmp_arg_cmp c = SCMP_CMP(0, SCMP_CMP_MASKED_EQ, clone_ns[i], clone_ns[i]);
        bad |= add(ctx, act, "clone", 1, &c);
    }
#endif
    bad |= add(ctx, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0, NULL);
    if (bad || seccomp_load(ctx) != 0) {
        seccomp_release(ctx);
        return SBF_NONE;
    }
    if (kind == SBF_NOTIFY) {
        *notify_fd = seccomp_notify_fd(ctx);
        if (*notify_fd < 0)
            kind = SBF_KILL; /* loaded, but nobody can answer: calls fail */
    }
    seccomp_release(ctx);
    return kind;
}

/* Reads a NUL-terminated string at addr in pid's memory. */
static int read_string(pid_t pid, uint64_t addr, char *buf, size_t size)
{
    char path[64];
    ssize_t n;
    int fd;
    if (addr == 0)
        return -1;
    snprintf(path, sizeof path, "/proc/%ld/mem", (long)pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    n = pread(fd, buf, size - 1, (off_t)addr);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    return strlen(buf) < (size_t)n ? 0 : -1; /* a path longer than the buffer */
}

static int read_u64(pid_t pid, uint64_t addr, uint64_t *out)
{
    char path[64];
    int fd, ok;
    snprintf(path, sizeof path, "/proc/%ld/mem", (long)pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ok = pread(fd, out, sizeof *out, (off_t)addr) == (ssize_t)sizeof *out;
    close(fd);
    return ok ? 0 : -1;
}

/* The absolute form of path as the caller pid sees it: relative to its
 * working directory, or to the directory open as dirfd. */
static int absolute(pid_t pid, int dirfd, const char *path, char *out, size_t size)
{
    char link[64], base[4096];
    ssize_t n;
    if (path[0] == '/') {
        if (strlen(path) >= size)
            return -1;
        strcpy(out, path);
        normalise(out);
        return 0;
    }
    if (dirfd == AT_FDCWD || dirfd == -1)
        snprintf(link, sizeof link, "/proc/%ld/cwd", (long)pid);
    else
        snprintf(link, sizeof link, "/proc/%ld/fd/%d", (long)pid, dirfd);
    n = readlink(link, base, sizeof base - 1);
    if (n <= 0)
        return -1;
    base[n] = '\0';
    if ((size_t)snprintf(out, size, "%s/%s", base, path) >= size)
        return -1;
    normalise(out);
    return 0;
}

/* parent of pid from /proc/pid/stat (field 4), or -1 */
static long parent_of(long pid, long *pgrp)
{
    char path[64], buf[1024], *p;
    long ppid = -1, pg = -1;
    FILE *f;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    f = fopen(path, "r");
    if (!f)
        return -1;
    if (fgets(buf, sizeof buf, f) && (p = strrchr(buf, ')')) != NULL)
        if (sscanf(p + 1, " %*c %ld %ld", &ppid, &pg) != 2)
            ppid = -1;
    fclose(f);
    if (pgrp)
        *pgrp = pg;
    return ppid;
}

static int descendant(long pid, pid_t supervisor)
{
    int depth;
    for (depth = 0; pid > 1 && depth < 4096; depth++) {
        long pp = parent_of(pid, NULL);
        if (pp == (long)supervisor)
            return 1;
        pid = pp;
    }
    return 0;
}

/* a process group with a member among the step's processes */
static int own_group(long pg, pid_t supervisor)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int found = 0;
    if (!d)
        return 0;
    while (!found && (e = readdir(d)) != NULL) {
        long pid, g = -1;
        if (!isdigit((unsigned char)e->d_name[0]))
            continue;
        pid = strtol(e->d_name, NULL, 10);
        if (parent_of(pid, &g) >= 0 && g == pg && descendant(pid, supervisor))
            found = 1;
    }
    closedir(d);
    return found;
}

int sbf_handle(int fd, const char *scratch, pid_t supervisor, struct sbf_violation *v)
{
    static struct seccomp_notif *req;
    static struct seccomp_notif_resp *resp;
    char *name;
    int i, refuse = 0, err = EPERM;
    if (!req && seccomp_notify_alloc(&req, &resp) != 0)
        return -1;
    memset(req, 0, sizeof *req);
    if (seccomp_notify_receive(fd, req) != 0)
        return errno == EINTR || errno == ENOENT ? 0 : -1;
    memset(resp, 0, sizeof *resp);
    resp->id = req->id;
    name = seccomp_syscall_resolve_num_arch(req->data.arch, req->data.nr);
    memset(v, 0, sizeof *v);
    for (i = 0; denied[i]; i++)
        if (name && strcmp(name, denied[i]) == 0) {
            refuse = 1;
            if (strcmp(name, "socket") == 0) {
                strcpy(v->what, "socket");
                snprintf(v->target, sizeof v->target, "domain=%llu", (unsigned long long)req->data.args[0]);
            } else {
                strcpy(v->what, "syscall");
                snprintf(v->target, sizeof v->target, "%s", name);
            }
        }
    for (i = 0; !refuse && name && pathcalls[i].name; i++) {
        const struct pathcall *p = &pathcalls[i];
        int k;
        if (strcmp(name, p->name) != 0)
            continue;
        if (p->flags == -2) { /* openat2: the flags are in struct open_how */
            uint64_t how = 0;
            if (read_u64(req->pid, req->data.args[2], &how) == 0 &&
                !(how & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)))
                break;
        }
        for (k = 0; k < 2 && p->path[k] >= 0; k++) {
            char path[4096], abs[8192];
            int dirfd = p->dirfd[k] < 0 ? AT_FDCWD : (int)req->data.args[p->dirfd[k]];
            if (read_string(req->pid, req->data.args[p->path[k]], path, sizeof path) != 0) {
                if (req->data.args[p->path[k]] == 0)
                    continue; /* utimensat(fd, NULL, ...): an open file */
                strcpy(path, "(unreadable)");
            }
            if (path[0] == '\0')
                continue; /* AT_EMPTY_PATH: an open file */
            if (absolute(req->pid, dirfd, path, abs, sizeof abs) == 0 && strncmp(name, "mkdir", 5) == 0 &&
                access(abs, F_OK) == 0)
                continue; /* mkdir -p on an existing parent: it fails with EEXIST, harmlessly */
            if (absolute(req->pid, dirfd, path, abs, sizeof abs) != 0 || !sbf_path_allowed(abs, scratch)) {
                refuse = 1;
                err = EACCES;
                strcpy(v->what, "write-outside-scratch");
                snprintf(v->target, sizeof v->target, "%.1000s", abs);
                break;
            }
        }
        break;
    }
    for (i = 0; !refuse && name && signalcalls[i]; i++) {
        long target = (long)(int)req->data.args[0];
        if (strcmp(name, signalcalls[i]) != 0)
            continue;
        if (target == 0 || (target > 0 && descendant(target, supervisor)) ||
            (target < -1 && own_group(-target, supervisor)))
            break;
        refuse = 1;
        strcpy(v->what, "signal");
        snprintf(v->target, sizeof v->target, "%s(%ld)", name, target);
    }
    free(name);
    if (refuse) {
        resp->error = -err;
    } else {
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    }
    if (seccomp_notify_id_valid(fd, req->id) == 0)
        seccomp_notify_respond(fd, resp);
    return refuse;
}

#else /* no libseccomp, or not Linux: no filter */

enum sbf_kind sbf_install(int signals, int *notify_fd)
{
    (void)signals;
    *notify_fd = -1;
#ifdef __linux__
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
#endif
    return SBF_NONE;
}

int sbf_handle(int fd, const char *scratch, pid_t supervisor, struct sbf_violation *v)
{
    (void)fd;
    (void)scratch;
    (void)supervisor;
    (void)v;
    return -1;
}

#endif
