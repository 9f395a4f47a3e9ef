/* simd.h - the vector kernels of the opt implementation and how one is
 * chosen: once per process, by what the CPU reports (__builtin_cpu_supports;
 * nothing depends on compiler flags such as -march=native), or by name for
 * tests. NGBENCH_SM3X=portable in the environment, the switch of the
 * multi-buffer SM3, keeps these kernels on the portable code (ref's) too.
 *
 *   portable  ref's code (any host)
 *   avx2      AVX2 and PCLMULQDQ: GF(2^16) constant products by nibble
 *             tables (vpshufb), E products by carry-less multiplication
 *   avx512    also AVX-512 F/BW/VL and GFNI: constant products by
 *             vgf2p8affineqb on 64 elements at a time */
#ifndef SIGURD_SIMD_H
#define SIGURD_SIMD_H

#define SIGURD_SIMD_PORTABLE 0
#define SIGURD_SIMD_AVX2 1
#define SIGURD_SIMD_AVX512 2

/* The level in use (chosen at the first call). */
int sigurd_simd(void);
/* "portable", "avx2" or "avx512". */
const char *sigurd_simd_name(void);
/* Selects a level by name; returns 0, or -1 if this host or build cannot
 * run it (nothing changes). */
int sigurd_simd_select(const char *name);

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SIGURD_X86 1
#define SIGURD_AVX2_TARGET __attribute__((target("avx2,pclmul")))
#define SIGURD_AVX512_TARGET __attribute__((target("avx2,pclmul,avx512f,avx512bw,avx512vl,gfni")))
#else
#define SIGURD_X86 0
#endif

#endif
