/* crypto_int64.h - SUPERCOP's fixed-width type name, for implementations that use it. */
#ifndef NGBENCH_CRYPTO_int64_H
#define NGBENCH_CRYPTO_int64_H
#include <stdint.h>
typedef int64_t crypto_int64;
#endif
