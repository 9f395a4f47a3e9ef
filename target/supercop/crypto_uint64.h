/* crypto_uint64.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_uint64_H
#define NGBENCH_CRYPTO_uint64_H
#include <stdint.h>
typedef uint64_t crypto_uint64;
#endif
