/* f3vec.h - the inner loops of F3 row arithmetic, LANES words at a time.
 *
 * With GCC or clang the words are grouped into the compiler's generic
 * vectors (two words on any x86-64 or ARMv8 baseline, four when AVX2 is
 * enabled), which plain -O2 does not do by itself; elsewhere, or with
 * -DUVW_PORTABLE, they are single words. The results are the same bits
 * either way. Loads and stores go through memcpy: rows start at any word. */
#ifndef UVW_F3VEC_H
#define UVW_F3VEC_H

#include <string.h>

#include "uvw.h"

#if (defined(__GNUC__) || defined(__clang__)) && !defined(UVW_PORTABLE)
#if defined(__AVX2__)
#define LANES 4
#else
#define LANES 2
#endif
typedef f3word vword __attribute__((vector_size(8 * LANES)));
#else
#define LANES 1
typedef f3word vword;
#endif

static inline vword vload(const f3word *p)
{
    vword v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void vstore(f3word *p, vword v)
{
    memcpy(p, &v, sizeof v);
}

/* (z1, z2) = (x1, x2) + (y1, y2) on one-hot planes; see f3.c. */
#define F3_ADD(z1, z2, x1, x2, y1, y2)                 \
    do {                                               \
        vword t_ = ((x2) | (y1)) ^ ((x1) | (y2));      \
        vword n2_ = ((x1) | (y1)) ^ t_;                \
        (z1) = ((x2) | (y2)) ^ t_;                     \
        (z2) = n2_;                                    \
    } while (0)

#define F3_ADD1(z1, z2, x1, x2, y1, y2)                \
    do {                                               \
        f3word t_ = ((x2) | (y1)) ^ ((x1) | (y2));     \
        f3word n2_ = ((x1) | (y1)) ^ t_;               \
        (z1) = ((x2) | (y2)) ^ t_;                     \
        (z2) = n2_;                                    \
    } while (0)

/* z = x + y over n words; each operand is given by its two plane pointers
 * (z may be x). */
static inline void f3v_add(f3word *z1, f3word *z2, const f3word *x1, const f3word *x2,
                           const f3word *y1, const f3word *y2, size_t n)
{
    size_t w, nv = n - n % LANES;
    for (w = 0; w < nv; w += LANES) {
        vword a1 = vload(x1 + w), a2 = vload(x2 + w), b1 = vload(y1 + w), b2 = vload(y2 + w), c1, c2;
        F3_ADD(c1, c2, a1, a2, b1, b2);
        vstore(z1 + w, c1);
        vstore(z2 + w, c2);
    }
    for (; w < n; w++) {
        f3word a1 = x1[w], a2 = x2[w], b1 = y1[w], b2 = y2[w], c1, c2;
        F3_ADD1(c1, c2, a1, a2, b1, b2);
        z1[w] = c1;
        z2[w] = c2;
    }
}

#endif
