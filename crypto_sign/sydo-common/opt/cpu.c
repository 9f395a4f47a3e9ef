/* cpu.c - which instruction sets the SYDO opt code uses (sydo-opt.h): found
 * once per process from CPUID (__builtin_cpu_supports, which also checks that
 * the OS saves the AVX and AVX-512 registers), capped by the environment so
 * that a test can run the portable code on any host. */
#include <stdlib.h>
#include <string.h>

#include "sydo-opt.h"

int sydo_cpu_level_ = -1;

static const char *const names[4] = {"portable", "aesni", "avx2", "avx512"};

static int host_level(void)
{
#if SYDO_X86
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("aes") || !__builtin_cpu_supports("pclmul") || !__builtin_cpu_supports("sse4.1"))
        return SYDO_CPU_PORTABLE;
    if (!__builtin_cpu_supports("avx2"))
        return SYDO_CPU_AESNI;
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
        !__builtin_cpu_supports("avx512vl") || !__builtin_cpu_supports("avx512vbmi") ||
        !__builtin_cpu_supports("vaes") || !__builtin_cpu_supports("vpclmulqdq"))
        return SYDO_CPU_AVX2;
    return SYDO_CPU_AVX512;
#else
    return SYDO_CPU_PORTABLE;
#endif
}

static int level_of(const char *name)
{
    int l;
    for (l = 0; l < 4; l++)
        if (strcmp(name, names[l]) == 0)
            return l;
    return -1;
}

int sydo_cpu_init_(void)
{
    int l = host_level(), cap;
    const char *e = getenv("NGBENCH_SYDO"), *s = getenv("NGBENCH_SM3X");
    /* NGBENCH_SM3X=portable keeps every opt implementation on its portable code */
    if (s && strcmp(s, "portable") == 0)
        l = SYDO_CPU_PORTABLE;
    if (e && (cap = level_of(e)) >= 0 && cap < l)
        l = cap;
    sydo_cpu_level_ = l;
    return l;
}

const char *sydo_opt_backend(void)
{
    return names[sydo_cpu()];
}

int sydo_opt_select(const char *name)
{
    int l = level_of(name);
    if (l < 0 || l > host_level())
        return -1;
    sydo_cpu_level_ = l;
    return 0;
}
