/* sydo-opt.h - what the SYDO opt implementation adds to the shared code:
 * the run-time choice of instruction sets (cpu.c), the multi-block cipher
 * and PRG calls (rijndael.c, bc512.c, prgx.c), and the hooks that ref's
 * sources read (the fold of the public matrix in quicksilver.c, the scratch
 * of the VOLE in vole.h). Each opt params.h includes it after the set's
 * parameters, so before sydo.h and the ref sources see them. */
#ifndef SYDO_OPT_H
#define SYDO_OPT_H

#include <stddef.h>
#include <stdint.h>

#define SYDO_OPT 1

/* ---- cpu.c: the backend ---- */

/* Levels, each including the ones below: 0 portable (ref's code), 1 AES-NI
 * and PCLMULQDQ with SSE4.1, 2 also AVX2, 3 also AVX-512 (F, BW, VL, VBMI)
 * with VAES and VPCLMULQDQ. */
#define SYDO_CPU_PORTABLE 0
#define SYDO_CPU_AESNI 1
#define SYDO_CPU_AVX2 2
#define SYDO_CPU_AVX512 3

extern int sydo_cpu_level_;
int sydo_cpu_init_(void);
/* The level in use: the highest this host has, unless NGBENCH_SYDO (a level
 * name) or NGBENCH_SM3X=portable caps it; fixed at the first call. */
static inline int sydo_cpu(void)
{
    int l = sydo_cpu_level_;
    return l >= 0 ? l : sydo_cpu_init_();
}
/* "portable", "aesni", "avx2" or "avx512" */
const char *sydo_opt_backend(void);
/* Tests: use level NAME from now on; 0, or -1 if this host cannot. */
int sydo_opt_select(const char *name);

/* x86-64 with a compiler that has the target attribute: the only place the
 * accelerated code is built; elsewhere everything is ref's */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SYDO_X86 1
#else
#define SYDO_X86 0
#endif

/* a loop with a constant trip count, unrolled so that its arrays of vectors
 * live in registers (-O2 does not unroll on its own) */
#if defined(__clang__)
#define SYDO_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define SYDO_UNROLL _Pragma("GCC unroll 16")
#else
#define SYDO_UNROLL
#endif

/* ---- rijndael.c, bc512.c: several blocks under one key ---- */
#include "../ref/bc512.h"
#include "../ref/prg.h"
#include "../ref/rijndael.h"

/* n blocks of 4*nb bytes, in and out contiguous (they may be the same) */
void sydo_rijndael_encrypt_n(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out, size_t n);
/* the schedules of four keys of nk = nb words (6 or 8: the tree PRG's) */
void sydo_rijndael_setkey4(sydo_rijndael_key ks[4], const uint8_t *const keys[4], unsigned nk);
/* out_i = BC512(key_i, in_i) for i < n: keys[i] (keys may repeat), blocks of
 * 64 bytes contiguous */
void sydo_bc512_encrypt_n(const sydo_bc512_key *const keys[], const uint8_t *in, uint8_t *out, size_t n);

/* ---- prgx.c: the tree PRG over many keys at once ---- */

/* For i < n: out + 2*lb*i = PRG2(key_i, iv, tweak0 + i) with key_i at
 * keys + lb*i (lb = lambda/8): the children of n consecutive GGM nodes. */
void sydo_prgx_expand(unsigned lambda, const uint8_t *keys, size_t n, const uint8_t *iv, uint32_t tweak0, uint8_t *out);
/* For i < n, leaf key_i at keys + kstride*i: com + 2*lb*i = PRG2(key_i, iv,
 * ctweak) and x + xlen*i = the VOLE stream (sydo_prg_stream) of key_i under
 * stweak, xlen bytes (a multiple of 16). n <= SYDO_PRGX_MAXLEAVES. */
#define SYDO_PRGX_MAXLEAVES 16
void sydo_prgx_leaves(unsigned lambda, const uint8_t *keys, size_t kstride, size_t n, const uint8_t *iv, uint32_t ctweak,
                      uint32_t stweak, uint8_t *com, uint8_t *x, size_t xlen);
/* out + lb*i = H(e0 + i) for i < n (sydo_hgen) */
void sydo_prgx_hgen(const sydo_hgen_key *k, uint32_t e0, size_t n, uint8_t *out);

/* ---- gf.c: batches of field products ---- */

/* r_j = a_0 b_{j,0} + a_1 b_{j,1} + a_2 b_{j,2} in GF(2^lambda) for j < n:
 * elements of lambda/64 words (3 at 160), a three elements, b n triples */
void sydo_opt_fold3_n(unsigned lambda, uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* a = a s + e and b = b t + e for the four slots (A, B, e: four elements
 * each, lambda/64 words (3 at 160) apiece; s an element, t 64 bits) */
void sydo_opt_uhash4(unsigned lambda, uint64_t *A, uint64_t *B, const uint64_t *s, uint64_t t, const uint64_t *e);

/* ---- hooks of the ref sources ---- */

/* quicksilver.c: the folded row of block i, from the public matrix made many
 * elements at a time (fold.c). */
void sydo_opt_fold_block(uint64_t *g, const uint64_t *alpha_tabs, const sydo_hgen_key *hk, unsigned i);
#define SYDO_FOLD_BLOCK(wk, hk, i) sydo_opt_fold_block(&(wk)->g[0][0], &(wk)->alpha_tab[0][0][0], (hk), (i))
/* quicksilver.c: the prover's hash steps of the four slots (gf.c) */
#define SYDO_UHASH4(A, B, s, t, e) sydo_opt_uhash4(SYDO_LAMBDA, &(A)[0][0], &(B)[0][0], (s), (t), &(e)[0][0])
/* quicksilver.c: the MAC / key rows from the VOLE columns, a bit-matrix
 * transpose by 8 x 8 blocks (fold.c) */
void sydo_opt_transpose(uint64_t *rows, const uint8_t *cols);
#define SYDO_TRANSPOSE(wk, cols) sydo_opt_transpose(&(wk)->row[0][0], (cols))
/* bavc.c: the children of every internal GGM node not marked hidden (NULL:
 * all), runs of nodes at a time (prgx.c); iv is lambda/8 bytes */
void sydo_opt_expand_nodes(uint8_t *nodes, const uint8_t *hidden, const uint8_t *iv);
#define SYDO_EXPAND_NODES(nodes, hidden, iv) sydo_opt_expand_nodes((nodes), (hidden), (iv))
/* vole.h: room for the commitments of 8 vectors, hashed side by side, and
 * for the streams of SYDO_PRGX_MAXLEAVES leaves (vole.c) */
#define SYDO_VOLE_GROUP 8
#define SYDO_VOLE_LEAVES SYDO_PRGX_MAXLEAVES

#endif
