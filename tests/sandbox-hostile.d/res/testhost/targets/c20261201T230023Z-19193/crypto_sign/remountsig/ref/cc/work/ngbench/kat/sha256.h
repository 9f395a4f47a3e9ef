/* sha256.h - SHA-256 (FIPS 180-4), for KAT manifests and evidence digests. */
#ifndef NGBENCH_SHA256_H
#define NGBENCH_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t nbytes;
    uint8_t buf[64];
} sha256_ctx;

void sha256_init(sha256_ctx *ctx);
void sha256_update(sha256_ctx *ctx, const void *data, size_t n);
void sha256_final(sha256_ctx *ctx, uint8_t out[32]);
/* Lowercase hex of a digest into a 65-byte buffer. */
void sha256_hex(const uint8_t d[32], char hex[65]);

#endif
