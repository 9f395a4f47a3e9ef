/* crypto_uint32.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_uint32_H
#define NGBENCH_CRYPTO_uint32_H
#include <stdint.h>
typedef uint32_t crypto_uint32;
#endif
