/* ngbench-sandbox.c - runs an untrusted command with no network and one
 * writable directory, where the kernel allows it.
 *
 *   ngbench-sandbox SCRATCH CMD [ARG...]   run CMD in SCRATCH, sandboxed
 *   ngbench-sandbox --probe                print what can be enforced here
 *
 * In new mount and network namespaces (and a user namespace when not root):
 * the network namespace has no interface up, so nothing can connect
 * anywhere, loopback included; every mount is remounted read-only except
 * SCRATCH, and TMPDIR points into SCRATCH. Where a namespace cannot be made
 * (no privilege, user namespaces disabled) the command runs without that
 * protection and --probe says so; resource limits and the link-time guards
 * of harness/guard.c apply either way. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <getopt.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#endif

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY);
    ssize_t n;
    if (fd < 0)
        return -1;
    n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

#ifdef __linux__
/* New namespaces; returns a bit set: 1 network isolated, 2 mounts usable. */
static int enter(void)
{
    uid_t uid = getuid();
    gid_t gid = getgid();
    int got = 0;
    if (unshare(CLONE_NEWNS | CLONE_NEWNET) == 0) {
        got = 3;
    } else if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) == 0) {
        char map[64];
        write_file("/proc/self/setgroups", "deny");
        snprintf(map, sizeof map, "%lu %lu 1", (unsigned long)uid, (unsigned long)uid);
        write_file("/proc/self/uid_map", map);
        snprintf(map, sizeof map, "%lu %lu 1", (unsigned long)gid, (unsigned long)gid);
        write_file("/proc/self/gid_map", map);
        got = 3;
    } else if (unshare(CLONE_NEWNET) == 0) {
        got = 1;
    }
    return got;
}

/* Every mount read-only except scratch; returns 0 if all of them are. */
static int lock_down(const char *scratch)
{
    char line[4096], mp[4096];
    FILE *f;
    int bad = 0;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return -1;
    if (mount(scratch, scratch, NULL, MS_BIND | MS_REC, NULL) != 0)
        return -1;
    f = fopen("/proc/self/mounts", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        struct statvfs sv;
        unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY;
        if (sscanf(line, "%*s %4095s", mp) != 1)
            continue;
        if (strcmp(mp, scratch) == 0 || strncmp(mp, "/proc", 5) == 0 || strncmp(mp, "/sys", 4) == 0 ||
            strncmp(mp, "/dev", 4) == 0)
            continue;
        if (statvfs(mp, &sv) == 0) { /* keep the flags a namespace may not drop */
            if (sv.f_flag & ST_NOSUID)
                flags |= MS_NOSUID;
            if (sv.f_flag & ST_NODEV)
                flags |= MS_NODEV;
            if (sv.f_flag & ST_NOEXEC)
                flags |= MS_NOEXEC;
        }
        if (mount(NULL, mp, NULL, flags, NULL) != 0 && errno != EINVAL && errno != ENOENT)
            bad = 1;
    }
    fclose(f);
    return bad ? -1 : 0;
}
#else /* no namespaces here: the limits and guards are all there is */
static int enter(void) { return 0; }
static int lock_down(const char *scratch) { (void)scratch; return -1; }
#endif

static const struct option longopts[] = {
    {"probe", no_argument, NULL, 'p'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

static void sandbox_usage(FILE *f)
{
    fputs("usage: ngbench-sandbox SCRATCH CMD [ARG...] | ngbench-sandbox --probe\n"
          "Runs CMD in SCRATCH with no network and SCRATCH as the only writable\n"
          "place, as far as the kernel allows (--probe tells how far).\n"
          "  -h, --help     this text\n"
          "  -V, --version  the version\n",
          f);
}

int main(int argc, char **argv)
{
    char scratch[4096], tmp[4200];
    int got, o, probe = 0;
    /* options first, then SCRATCH CMD [ARG...] ('+': CMD's own options are its own) */
    opterr = 0;
    while ((o = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
        switch (o) {
        case 'p': probe = 1; break;
        case 'h': sandbox_usage(stdout); return 0;
        case 'V': printf("ngbench-sandbox %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "ngbench-sandbox: unknown option %s (try --help)\n", argv[optind - 1]);
            return 1;
        }
    }
    argc -= optind - 1;
    argv += optind - 1;
    if (probe && argc == 1) {
        pid_t pid = fork();
        int st = 0;
        if (pid == 0) { /* try it in a child, so this process stays as it was */
            char dir[] = "/tmp/ngbench-sandbox-probe.XXXXXX";
            int g = enter(), fs = 0;
            if (mkdtemp(dir) && (g & 2))
                fs = lock_down(dir) == 0;
            rmdir(dir);
            _exit((g & 1) | (fs ? 2 : 0));
        }
        if (pid > 0)
            waitpid(pid, &st, 0);
        got = pid > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : 0;
        printf("net=%s fs=%s\n", got & 1 ? "isolated" : "open", got & 2 ? "readonly-but-scratch" : "open");
        return 0;
    }
    if (probe || argc < 3) {
        sandbox_usage(stderr);
        return 1;
    }
    if (!realpath(argv[1], scratch)) {
        fprintf(stderr, "ngbench-sandbox: %s: %s\n", argv[1], strerror(errno));
        return 126;
    }
    got = enter();
    if (got & 2)
        lock_down(scratch);
    snprintf(tmp, sizeof tmp, "%s/.tmp", scratch);
    mkdir(tmp, 0700);
    setenv("TMPDIR", tmp, 1);
    if (chdir(scratch) != 0) {
        fprintf(stderr, "ngbench-sandbox: %s: %s\n", scratch, strerror(errno));
        return 126;
    }
    execvp(argv[2], argv + 2);
    fprintf(stderr, "ngbench-sandbox: cannot run %s: %s\n", argv[2], strerror(errno));
    return 127;
}
