/* merkle.c - Merkle trees of spec §6, hashed a batch of one level at a
 * time through sigurd_hashx (one hash after another here; the opt
 * implementation's is multi-buffer). Subtrees made only of padding leaves
 * (leaf index >= S) are all equal, so their values come from a per-height
 * table instead of being hashed again; the result is the same. */
#include <string.h>

#include "ext.h"
#include "hash.h"
#include "merkle.h"

#define H SIGURD_HBYTES
#define LEAFBYTES (4 * SIGURD_TAU)
/* hashes per batch: a multiple of the multi-buffer lane counts */
#define BATCH 32

int sigurd_merkle_pad(merkle_pad_t pad)
{
    uint8_t zero[LEAFBYTES], pair[2 * H];
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

/* out + i h = Hash(in + i stride, len bytes) for i < count; out must not
 * overlap the inputs. */
static int hash_run(uint8_t *out, const uint8_t *in, size_t stride, size_t len, size_t count)
{
    uint8_t *o[BATCH];
    const uint8_t *p[BATCH];
    size_t done, i, g;
    int rc;

    for (done = 0; done < count; done += g) {
        g = count - done < BATCH ? count - done : BATCH;
        for (i = 0; i < g; i++) {
            o[i] = out + (done + i) * H;
            p[i] = in + (done + i) * stride;
        }
        if ((rc = sigurd_hashx(o, p, len, g)) != 0)
            return rc;
    }
    return 0;
}

int sigurd_merkle_leaves(uint8_t *out, const uint16_t (*ce)[SIGURD_TAU], const uint16_t (*cv)[SIGURD_TAU],
                         size_t count)
{
    uint8_t msg[BATCH][LEAFBYTES];
    size_t done, i, g;
    int rc;

    for (done = 0; done < count; done += g) {
        g = count - done < BATCH ? count - done : BATCH;
        for (i = 0; i < g; i++) {
            sigurd_ext_store(msg[i], ce[done + i], 1);
            sigurd_ext_store(msg[i] + SIGURD_EBYTES, cv[done + i], 1);
        }
        if ((rc = hash_run(out + done * H, msg[0], LEAFBYTES, LEAFBYTES, g)) != 0)
            return rc;
    }
    return 0;
}

int sigurd_merkle_build(uint8_t *nodes, uint8_t *root, size_t g, const uint16_t (*ce)[SIGURD_TAU],
                        const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad)
{
    uint8_t leaf[2 * BATCH][H];
    const uint16_t (*te)[SIGURD_TAU] = ce + g * SIGURD_S, (*tv)[SIGURD_TAU] = cv + g * SIGURD_S;
    /* parents of real leaves; the nodes of level d with index i << (HGT - d) >= S cover padding only */
    size_t npar = (SIGURD_S + 1) / 2, done, cnt, i;
    uint32_t first = SIGURD_L / 2 - 2;
    unsigned d;
    int rc;

    /* level HGT - 1 from the leaves, BATCH parents at a time */
    for (done = 0; done < npar; done += cnt) {
        size_t j0 = 2 * done, nleaf;
        cnt = npar - done < BATCH ? npar - done : BATCH;
        nleaf = SIGURD_S - j0 < 2 * cnt ? SIGURD_S - j0 : 2 * cnt;
        if ((rc = sigurd_merkle_leaves(leaf[0], te + j0, tv + j0, nleaf)) != 0)
            return rc;
        if (nleaf < 2 * cnt)
            memcpy(leaf[nleaf], pad[0], H); /* S odd: the last real leaf's sibling */
        if ((rc = hash_run(nodes + (first + done) * H, leaf[0], 2 * H, 2 * H, cnt)) != 0)
            return rc;
    }
    for (i = npar; i < SIGURD_L / 2; i++)
        memcpy(nodes + (first + i) * H, pad[1], H);
    /* the levels above: the children of level d are level d + 1, in order */
    for (d = SIGURD_HGT - 2; d >= 1; d--) {
        unsigned height = SIGURD_HGT - d;
        size_t nreal = ((SIGURD_S - 1) >> height) + 1;
        first = (1u << d) - 2;
        if ((rc = hash_run(nodes + (size_t)first * H, nodes + (2 * (size_t)first + 2) * H, 2 * H, 2 * H,
                           nreal)) != 0)
            return rc;
        for (i = nreal; i < (1u << d); i++)
            memcpy(nodes + (first + i) * H, pad[height], H);
    }
    return sigurd_hash(root, nodes, 2 * H);
}

int sigurd_merkle_auth(uint8_t *out, const uint8_t *nodes, const uint32_t *req, size_t nreq, size_t g,
                       const uint16_t (*ce)[SIGURD_TAU], const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad)
{
    /* inner nodes are stored; real leaves are recomputed, BATCH at a time */
    uint16_t le[BATCH][SIGURD_TAU], lv[BATCH][SIGURD_TAU];
    uint8_t dig[BATCH][H];
    size_t slot[BATCH], k, nb = 0, i;
    int rc;

    for (k = 0; k < nreq; k++) {
        uint32_t u = req[k];
        size_t pos;
        if (u < SIGURD_INNER) {
            memcpy(out + k * H, nodes + (size_t)u * H, H);
        } else if (u - SIGURD_INNER >= SIGURD_S) {
            memcpy(out + k * H, pad[0], H);
        } else {
            pos = g * SIGURD_S + (u - SIGURD_INNER);
            memcpy(le[nb], ce[pos], sizeof le[nb]);
            memcpy(lv[nb], cv[pos], sizeof lv[nb]);
            slot[nb++] = k;
        }
        if (nb == BATCH || (nb > 0 && k + 1 == nreq)) {
            if ((rc = sigurd_merkle_leaves(dig[0], (const uint16_t (*)[SIGURD_TAU])le,
                                           (const uint16_t (*)[SIGURD_TAU])lv, nb)) != 0)
                return rc;
            for (i = 0; i < nb; i++)
                memcpy(out + slot[i] * H, dig[i], H);
            nb = 0;
        }
    }
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
    uint8_t pair[BATCH][2 * H];
    unsigned d;
    int rc;

    /* level by level, the known nodes stay sorted. Parents are gathered
     * BATCH at a time and hashed together; parent number next + nb is
     * written over an entry that has already been read, and their values
     * land only after the batch's pairs were copied. */
    for (d = SIGURD_HGT; d >= 1; d--) {
        uint32_t first = (1u << d) - 2;
        size_t k = 0, next = 0;
        while (k < cnt) {
            size_t nb = 0;
            while (k < cnt && nb < BATCH) {
                uint32_t i = idx[k];
                const uint8_t *sib;
                if ((i & 1) == 0 && k + 1 < cnt && idx[k + 1] == i + 1) {
                    memcpy(pair[nb], val + k * H, 2 * H);
                    k += 2;
                } else {
                    sib = auth_of(first + (i ^ 1), req, nreq, auth);
                    if (sib == NULL)
                        return 1;
                    memcpy(pair[nb] + ((i & 1) ? 0 : H), sib, H);
                    memcpy(pair[nb] + ((i & 1) ? H : 0), val + k * H, H);
                    k += 1;
                }
                idx[next + nb++] = i >> 1;
            }
            if ((rc = hash_run(val + next * H, pair[0], 2 * H, 2 * H, nb)) != 0)
                return rc;
            next += nb;
        }
        cnt = next;
    }
    memcpy(root, val, H);
    return 0;
}
