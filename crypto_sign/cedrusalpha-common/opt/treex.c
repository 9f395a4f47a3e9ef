/* treex.c - batched tree and chain hashing for the opt implementation:
 * treehash that builds its leaves in batches and reduces each level
 * CEDRUS_LANES nodes at a time, and a lane scheduler for hash chains of
 * different lengths (verification). Addresses and outputs are those of
 * ref/merkle.c and ref/wots.c; only the order of the hash calls differs. */
#include <string.h>

#include "cedrusx.h"

#define NODE_IN (CEDRUS_PRE + 2 * CEDRUS_N)
#define CHUNK_LOG 6
#define TOP_NODES (CEDRUS_MAX_HEIGHT > CHUNK_LOG ? 1u << (CEDRUS_MAX_HEIGHT - CHUNK_LOG) : 1u)

/* Level t of a tree: count nodes (count even) at nodes, the first with
 * index first within level t, replaced in place by their count/2 parents.
 * The authentication node of level t is taken first if it is among them. */
static void reduce_level(cedrus_ctx *ctx, uint8_t *nodes, uint32_t count, uint32_t first,
                         unsigned t, uint32_t idx_offset, const uint8_t adrs[CEDRUS_ADRS_BYTES],
                         uint8_t *auth, uint32_t auth_leaf)
{
    uint8_t in[CEDRUS_LANES][NODE_IN], out[CEDRUS_LANES][CEDRUS_OUT];
    const uint8_t *ip[CEDRUS_LANES];
    uint8_t *op[CEDRUS_LANES];
    uint32_t j, half = count / 2;
    unsigned l, g;

    if (auth) {
        uint32_t s = (auth_leaf >> t) ^ 1;
        if (s >= first && s - first < count)
            memcpy(auth + t * CEDRUS_N, nodes + (s - first) * CEDRUS_N, CEDRUS_N);
    }
    for (l = 0; l < CEDRUS_LANES; l++) {
        memcpy(in[l], ctx->pub_seed, CEDRUS_N);
        memcpy(in[l] + CEDRUS_N, adrs, CEDRUS_ADRS_BYTES);
        in[l][CEDRUS_N + ADRS_HEIGHT] = (uint8_t)(t + 1);
        ip[l] = in[l];
        op[l] = out[l];
    }
    for (j = 0; j < half; j += g) {
        g = half - j < CEDRUS_LANES ? (unsigned)(half - j) : CEDRUS_LANES;
        for (l = 0; l < g; l++) {
            adrs_set_index(in[l] + CEDRUS_N, (idx_offset >> (t + 1)) + (first >> 1) + j + l);
            memcpy(in[l] + CEDRUS_PRE, nodes + 2 * (j + l) * CEDRUS_N, 2 * CEDRUS_N);
        }
        cedrus_hashx(op, ip, NODE_IN, g);
        for (l = 0; l < g; l++)
            memcpy(nodes + (j + l) * CEDRUS_N, out[l], CEDRUS_N);
    }
}

void cedrus_treehash_x(cedrus_ctx *ctx, uint8_t *root, uint8_t *auth, uint32_t auth_leaf,
                       uint32_t idx_offset, unsigned height, const uint8_t adrs[CEDRUS_ADRS_BYTES],
                       cedrus_leaves_fn *gen_leaves, void *info)
{
    uint8_t chunk[(1u << CHUNK_LOG) * CEDRUS_N], top[TOP_NODES * CEDRUS_N];
    unsigned c = height < CHUNK_LOG ? height : CHUNK_LOG, t;
    uint32_t csize = (uint32_t)1 << c, nchunks = (uint32_t)1 << (height - c), k, q, cnt;

    for (k = 0; k < nchunks; k++) {
        uint32_t first = k * csize;
        for (q = 0; q < csize; q += CEDRUS_LANES)
            gen_leaves(chunk + q * CEDRUS_N, info, first + q,
                       csize - q < CEDRUS_LANES ? (unsigned)(csize - q) : CEDRUS_LANES);
        for (t = 0, cnt = csize; t < c; t++, cnt >>= 1)
            reduce_level(ctx, chunk, cnt, first >> t, t, idx_offset, adrs, auth, auth_leaf);
        memcpy(top + k * CEDRUS_N, chunk, CEDRUS_N);
    }
    for (t = c, cnt = nchunks; t < height; t++, cnt >>= 1)
        reduce_level(ctx, top, cnt, 0, t, idx_offset, adrs, auth, auth_leaf);
    memcpy(root, top, CEDRUS_N);
}

void cedrus_run_chains(cedrus_ctx *ctx, const cedrus_chain_job *job, unsigned count)
{
    uint8_t buf[CEDRUS_LANES][2][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t fin[CEDRUS_LANES][CEDRUS_OUT];
    const uint8_t *ip[CEDRUS_LANES];
    uint8_t *op[CEDRUS_LANES];
    unsigned lane_job[CEDRUS_LANES], lane_p[CEDRUS_LANES], lane_cur[CEDRUS_LANES];
    unsigned map[CEDRUS_LANES], busy[CEDRUS_LANES], next = 0, l, m;

    for (l = 0; l < CEDRUS_LANES; l++) {
        memcpy(buf[l][0], ctx->pub_seed, CEDRUS_N);
        memcpy(buf[l][1], ctx->pub_seed, CEDRUS_N);
        busy[l] = 0;
        lane_job[l] = lane_p[l] = lane_cur[l] = map[l] = 0;
        ip[l] = buf[0][0];
        op[l] = fin[0];
    }
    for (;;) {
        for (l = 0; l < CEDRUS_LANES; l++) {
            if (busy[l])
                continue;
            while (next < count && job[next].start >= job[next].end) {
                memcpy(job[next].dst, job[next].val, CEDRUS_N);
                next++;
            }
            if (next == count)
                break;
            busy[l] = 1;
            lane_job[l] = next;
            lane_p[l] = job[next].start;
            lane_cur[l] = 0;
            memcpy(buf[l][0] + CEDRUS_N, job[next].adrs, CEDRUS_ADRS_BYTES);
            memcpy(buf[l][1] + CEDRUS_N, job[next].adrs, CEDRUS_ADRS_BYTES);
            memcpy(buf[l][0] + CEDRUS_PRE, job[next].val, CEDRUS_N);
            next++;
        }
        for (l = 0, m = 0; l < CEDRUS_LANES; l++) {
            uint8_t *in;
            if (!busy[l])
                continue;
            in = buf[l][lane_cur[l]];
            in[CEDRUS_N + ADRS_HASH] = (uint8_t)lane_p[l];
            ip[m] = in;
            op[m] = lane_p[l] + 1 == job[lane_job[l]].end ? fin[l] : buf[l][lane_cur[l] ^ 1] + CEDRUS_PRE;
            map[m++] = l;
        }
        if (m == 0)
            break;
        cedrus_hashx(op, ip, CEDRUS_PRE + CEDRUS_N, m);
        for (l = 0; l < m; l++) {
            unsigned k = map[l];
            lane_cur[k] ^= 1;
            if (++lane_p[k] == job[lane_job[k]].end) {
                memcpy(job[lane_job[k]].dst, fin[k], CEDRUS_N);
                busy[k] = 0;
            }
        }
    }
}
