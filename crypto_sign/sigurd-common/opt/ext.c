/* ext.c (opt) - products in E by carry-less multiplication (clmul.h) at
 * the avx2 and avx512 levels, ser() as a copy on little-endian hosts; ref's
 * ext.c, included below, is everything else and the portable code. */
#include "../ref/ext.h"
#include "clmul.h"

#define sigurd_ext_mul sigurd_ext_mul_ref
#define sigurd_ext_mulc sigurd_ext_mulc_ref
#define sigurd_ext_store sigurd_ext_store_ref
#define sigurd_ext_load sigurd_ext_load_ref
void sigurd_ext_mul(uint16_t *out, const uint16_t *a, const uint16_t *b);
void sigurd_ext_mulc(uint16_t *out, const ext_mulc_t *t, const uint16_t *a);
void sigurd_ext_store(uint8_t *out, const uint16_t *a, size_t count);
void sigurd_ext_load(uint16_t *a, const uint8_t *in, size_t count);
#include "../ref/ext.c"
#undef sigurd_ext_mul
#undef sigurd_ext_mulc
#undef sigurd_ext_store
#undef sigurd_ext_load

/* ser() is the memory layout of the coefficients on a little-endian host */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
void sigurd_ext_store(uint8_t *out, const uint16_t *a, size_t count)
{
    memcpy(out, a, count * SIGURD_EBYTES);
}

void sigurd_ext_load(uint16_t *a, const uint8_t *in, size_t count)
{
    memcpy(a, in, count * SIGURD_EBYTES);
}
#else
void sigurd_ext_store(uint8_t *out, const uint16_t *a, size_t count)
{
    sigurd_ext_store_ref(out, a, count);
}

void sigurd_ext_load(uint16_t *a, const uint8_t *in, size_t count)
{
    sigurd_ext_load_ref(a, in, count);
}
#endif

#if SIGURD_X86
SIGURD_AVX2_TARGET static void mul_clmul(uint16_t *out, const uint16_t *a, const uint16_t *b)
{
    kx_el x, y;
    kx_prod p;
    kx_load(&x, a);
    kx_load(&y, b);
    kx_zero(&p);
    kx_mul_acc(&p, &x, &y);
    kx_reduced(out, &p);
}
#endif

void sigurd_ext_mul(uint16_t *out, const uint16_t *a, const uint16_t *b)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        mul_clmul(out, a, b);
        return;
    }
#endif
    sigurd_ext_mul_ref(out, a, b);
}

void sigurd_ext_mulc(uint16_t *out, const ext_mulc_t *t, const uint16_t *a)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        uint16_t c[SIGURD_TAU];
        size_t i;
        for (i = 0; i < SIGURD_TAU; i++)
            c[i] = t->c[i].lo[1]; /* the table of c_i holds c_i * 1 there */
        mul_clmul(out, c, a);
        return;
    }
#endif
    sigurd_ext_mulc_ref(out, t, a);
}
