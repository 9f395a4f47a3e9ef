/* crypto_int8.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_int8_H
#define NGBENCH_CRYPTO_int8_H
#include <stdint.h>
typedef int8_t crypto_int8;
#endif
