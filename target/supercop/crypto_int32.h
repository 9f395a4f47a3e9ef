/* crypto_int32.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_int32_H
#define NGBENCH_CRYPTO_int32_H
#include <stdint.h>
typedef int32_t crypto_int32;
#endif
