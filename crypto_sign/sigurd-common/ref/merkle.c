/* merkle.c - Merkle trees of spec §6. Subtrees made only of padding leaves
 * (leaf index >= S) are all equal, so their values come from a per-height
 * table instead of being hashed again; the result is the same. */
#include <string.h>

#include "ext.h"
#include "hash.h"
#include "merkle.h"

#define H SIGURD_HBYTES

int sigurd_merkle_pad(merkle_pad_t pad)
{
    uint8_t zero[4 * SIGURD_TAU], pair[2 * H];
    size_t i;
    int rc;

    memset(zero, 0, sizeof zero);
    rc = sigurd_hash(pad[0], zero, sizeof zero);
    for (i = 0; rc == 0 && i < SIGURD_HGT; i++) {
        memcpy(pair, pad[i], H);
        memcpy(pair + H, pad[i], H);
        rc = sigurd_hash(pad[i + 1], pair, sizeof pair);
    }
    return rc;
}

int sigurd_merkle_leaf(uint8_t *out, const uint16_t *ce, const uint16_t *cv)
{
    uint8_t in[4 * SIGURD_TAU];
    sigurd_ext_store(in, ce, 1);
    sigurd_ext_store(in + SIGURD_EBYTES, cv, 1);
    return sigurd_hash(out, in, sizeof in);
}

static int leaf_value(uint8_t *out, size_t g, uint32_t j, const uint16_t (*ce)[SIGURD_TAU],
                      const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad)
{
    size_t pos = g * SIGURD_S + j;
    if (j >= SIGURD_S) {
        memcpy(out, pad[0], H);
        return 0;
    }
    return sigurd_merkle_leaf(out, ce[pos], cv[pos]);
}

int sigurd_merkle_build(uint8_t *nodes, uint8_t *root, size_t g, const uint16_t (*ce)[SIGURD_TAU],
                        const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad)
{
    uint8_t pair[2 * H];
    unsigned d;
    uint32_t i;
    int rc;

    for (d = SIGURD_HGT - 1; d >= 1; d--) {
        uint32_t first = (1u << d) - 2;
        unsigned height = SIGURD_HGT - d;
        for (i = 0; i < (1u << d); i++) {
            uint8_t *out = nodes + (size_t)(first + i) * H;
            if (((size_t)i << height) >= SIGURD_S) {
                memcpy(out, pad[height], H);
                continue;
            }
            if (d == SIGURD_HGT - 1) {
                if ((rc = leaf_value(pair, g, 2 * i, ce, cv, pad)) != 0 ||
                    (rc = leaf_value(pair + H, g, 2 * i + 1, ce, cv, pad)) != 0 ||
                    (rc = sigurd_hash(out, pair, sizeof pair)) != 0)
                    return rc;
            } else if ((rc = sigurd_hash(out, nodes + (size_t)(2 * (first + i) + 2) * H, 2 * H)) != 0) {
                return rc;
            }
        }
    }
    return sigurd_hash(root, nodes, 2 * H);
}

int sigurd_merkle_node(uint8_t *out, const uint8_t *nodes, uint32_t u, size_t g,
                       const uint16_t (*ce)[SIGURD_TAU], const uint16_t (*cv)[SIGURD_TAU],
                       merkle_pad_t pad)
{
    if (u >= SIGURD_INNER)
        return leaf_value(out, g, u - SIGURD_INNER, ce, cv, pad);
    memcpy(out, nodes + (size_t)u * H, H);
    return 0;
}

size_t sigurd_merkle_req(uint32_t *req, const uint32_t *leaves, size_t cnt, uint8_t *mark)
{
    size_t i, n = 0;
    uint32_t u;

    /* mark the opened leaves and all their numbered ancestors */
    memset(mark, 0, SIGURD_NODES);
    for (i = 0; i < cnt; i++) {
        u = SIGURD_INNER + leaves[i];
        while (!mark[u]) {
            mark[u] = 1;
            if (u < 2)
                break;
            u = (u - 2) / 2;
        }
    }
    for (u = 0; u < SIGURD_NODES; u++)
        if (!mark[u] && mark[u ^ 1])
            req[n++] = u;
    return n;
}

static const uint8_t *auth_of(uint32_t u, const uint32_t *req, size_t nreq, const uint8_t *auth)
{
    size_t lo = 0, hi = nreq;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (req[mid] < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < nreq && req[lo] == u ? auth + lo * H : NULL;
}

int sigurd_merkle_root(uint8_t *root, uint32_t *idx, uint8_t *val, size_t cnt,
                       const uint32_t *req, size_t nreq, const uint8_t *auth)
{
    uint8_t pair[2 * H];
    unsigned d;
    int rc;

    /* level by level, the known nodes stay sorted; parent k is written over
     * an entry that has already been read */
    for (d = SIGURD_HGT; d >= 1; d--) {
        uint32_t first = (1u << d) - 2;
        size_t k = 0, next = 0;
        while (k < cnt) {
            uint32_t i = idx[k];
            const uint8_t *sib;
            if ((i & 1) == 0 && k + 1 < cnt && idx[k + 1] == i + 1) {
                memcpy(pair, val + k * H, 2 * H);
                k += 2;
            } else {
                sib = auth_of(first + (i ^ 1), req, nreq, auth);
                if (sib == NULL)
                    return 1;
                memcpy(pair + ((i & 1) ? 0 : H), sib, H);
                memcpy(pair + ((i & 1) ? H : 0), val + k * H, H);
                k += 1;
            }
            if ((rc = sigurd_hash(val + next * H, pair, sizeof pair)) != 0)
                return rc;
            idx[next++] = i >> 1;
        }
        cnt = next;
    }
    memcpy(root, val, H);
    return 0;
}
