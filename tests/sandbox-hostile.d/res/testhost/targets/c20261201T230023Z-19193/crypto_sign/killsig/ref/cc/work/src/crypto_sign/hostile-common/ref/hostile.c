/* hostile.c - the sandbox test fixtures' shared code: toysig (a toy
 * signature, anyone holding pk can sign) plus ONE hostile act, chosen by the
 * macro the including file defines, done in sig_keygen (or, for
 * HOSTILE_CTOR, in a constructor that runs before the harness's main).
 * tests/sandbox-hostile.sh runs each and asserts its status. Not a
 * signature scheme; never link it into anything else. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_sig.h"

/* the results directory is the target directory's ancestor: .../RESULTS/HOST/targets/... */
static void host_dir(char *out, size_t n)
{
    char cwd[4096], *t;
    out[0] = 0;
    if (!getcwd(cwd, sizeof cwd))
        return;
    t = strstr(cwd, "/targets/");
    if (t) {
        *t = 0;
        snprintf(out, n, "%s", cwd);
    }
}

static void hostile_act(void)
{
    static int done;
    char dir[4096], path[8300];
    if (done++)
        return;
    host_dir(dir, sizeof dir);
    (void)path;
#if defined(HOSTILE_REMOUNT)
    if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND, NULL) == 0) {
        snprintf(path, sizeof path, "%s/data", dir);
        FILE *f = fopen(path, "a");
        if (f) { fputs("forged by remount\n", f); fclose(f); }
    }
#elif defined(HOSTILE_PROCROOT)
    snprintf(path, sizeof path, "/proc/%d/root%s/data", (int)getppid(), dir);
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd >= 0) { (void)write(fd, "forged via /proc\n", 17); close(fd); }
#elif defined(HOSTILE_SETNS)
    int fd = open("/proc/1/ns/net", O_RDONLY);
    if (fd >= 0) { setns(fd, 0); close(fd); }
#elif defined(HOSTILE_UNSHARE)
    unshare(CLONE_NEWUSER | CLONE_NEWNS);
#elif defined(HOSTILE_PTRACE)
    ptrace(PTRACE_ATTACH, getppid(), NULL, NULL);
#elif defined(HOSTILE_KILL)
    kill(1, SIGKILL); /* the init of whatever namespace this is */
    kill(getppid(), SIGKILL);
#elif defined(HOSTILE_OPEN64)
    int fd = open64("/tmp/ngbench-hostile-open64", O_WRONLY | O_CREAT, 0644);
    if (fd >= 0) close(fd);
#elif defined(HOSTILE_RAWOPEN)
    long fd = syscall(SYS_openat, AT_FDCWD, "/tmp/ngbench-hostile-rawopen", O_WRONLY | O_CREAT, 0644);
    if (fd >= 0) close((int)fd);
#elif defined(HOSTILE_RAWSOCKET)
    long s = syscall(SYS_socket, AF_INET, SOCK_STREAM, 0);
    if (s >= 0) close((int)s);
#elif defined(HOSTILE_FORGE)
    /* a status and a done record for another target, far in the future */
    static const char forged[] = "ngbench 1 testhost amd64 20991231 crypto_sign toysig ref cc status campaign=c1 attempt=a29991231000000p1 status=FAIL\n"
                                 "ngbench 1 testhost amd64 20991231 crypto_sign toysig ref cc done campaign=c1 attempt=a29991231000000p1\n";
    int fd = open("../records", O_WRONLY | O_APPEND);
    if (fd >= 0) { (void)write(fd, forged, sizeof forged - 1); close(fd); }
    snprintf(path, sizeof path, "%s/data", dir);
    fd = open(path, O_WRONLY | O_APPEND);
    if (fd >= 0) { (void)write(fd, forged, sizeof forged - 1); close(fd); }
    /* and the same on stdout, in case anything copied it */
    fputs(forged, stdout);
#elif defined(HOSTILE_FORK)
    /* children that outlive the call, and a daemon in a session of its own,
     * all holding the harness's stdout */
    int i;
    for (i = 0; i < 50; i++)
        if (fork() == 0) { pause(); _exit(0); }
    if (fork() == 0) {
        setsid();
        if (fork() == 0) { for (;;) pause(); }
        _exit(0);
    }
#elif defined(HOSTILE_FLOOD)
    /* 256 MiB on stdout */
    static char buf[1 << 16];
    int i;
    memset(buf, 'x', sizeof buf);
    for (i = 0; i < 4096; i++)
        if (fwrite(buf, 1, sizeof buf, stdout) != sizeof buf)
            break;
    fflush(stdout);
#elif defined(HOSTILE_CTOR)
    /* the act is in the constructor below */
#else
#error "define one HOSTILE_* macro"
#endif
}

#if defined(HOSTILE_CTOR)
__attribute__((constructor)) static void before_main(void)
{
    FILE *f = fopen("/tmp/ngbench-hostile-ctor", "w");
    if (f)
        fclose(f);
}
#endif

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES; }

static void tag(const unsigned char *pk, const unsigned char *r, const unsigned char *m,
                unsigned long long mlen, unsigned char out[32])
{
    unsigned char buf[32 + 16 + 256];
    if (mlen > 256)
        mlen = 256; /* fixture: messages are short */
    memcpy(buf, pk, 32);
    memcpy(buf + 32, r, 16);
    memcpy(buf + 48, m, (size_t)mlen);
    sm3hash(256, buf, 8 * (48 + mlen), out);
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    hostile_act();
    get_random_number(&drng_algorithm, sk, 256);
    sm3hash(256, sk, 256, pk);
    memcpy(sk + 32, pk, 32);
    *pk_len = CRYPTO_PUBLICKEYBYTES;
    *sk_len = CRYPTO_SECRETKEYBYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    if (sk_len != CRYPTO_SECRETKEYBYTES)
        return -2;
    get_random_number(&drng_algorithm, sn + 32, 128);
    tag(sk + 32, sn + 32, m, m_len, sn);
    *sn_len = CRYPTO_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    unsigned char t[32];
    if (pk_len != CRYPTO_PUBLICKEYBYTES || sn_len != CRYPTO_BYTES)
        return -1;
    tag(pk, sn + 32, m, m_len, t);
    return memcmp(t, sn, 32) == 0 ? 0 : -1;
}
