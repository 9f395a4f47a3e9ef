/* crypto_uint8.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_uint8_H
#define NGBENCH_CRYPTO_uint8_H
#include <stdint.h>
typedef uint8_t crypto_uint8;
#endif
