/* crypto_int16.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_int16_H
#define NGBENCH_CRYPTO_int16_H
#include <stdint.h>
typedef int16_t crypto_int16;
#endif
