/* dispatch.c - the kernel level of the opt implementation (simd.h). */
#include <stdlib.h>
#include <string.h>

#include "simd.h"

static int level = -1;

static int host_level(void)
{
#if SIGURD_X86
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("pclmul"))
        return SIGURD_SIMD_PORTABLE;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("gfni"))
        return SIGURD_SIMD_AVX512;
    return SIGURD_SIMD_AVX2;
#else
    return SIGURD_SIMD_PORTABLE;
#endif
}

int sigurd_simd(void)
{
    if (level < 0) {
        const char *env = getenv("NGBENCH_SM3X");
        level = env != NULL && strcmp(env, "portable") == 0 ? SIGURD_SIMD_PORTABLE : host_level();
    }
    return level;
}

const char *sigurd_simd_name(void)
{
    static const char *const names[] = {"portable", "avx2", "avx512"};
    return names[sigurd_simd()];
}

int sigurd_simd_select(const char *name)
{
    int want;
    if (strcmp(name, "portable") == 0)
        want = SIGURD_SIMD_PORTABLE;
    else if (strcmp(name, "avx2") == 0)
        want = SIGURD_SIMD_AVX2;
    else if (strcmp(name, "avx512") == 0)
        want = SIGURD_SIMD_AVX512;
    else
        return -1;
    if (want > host_level())
        return -1;
    level = want;
    return 0;
}
