/* crypto_uint16.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_uint16_H
#define NGBENCH_CRYPTO_uint16_H
#include <stdint.h>
typedef uint16_t crypto_uint16;
#endif
