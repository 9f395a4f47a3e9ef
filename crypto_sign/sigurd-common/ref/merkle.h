/* merkle.h - the Gr Merkle trees over the codeword positions (spec §6):
 * building, authentication sets and root recomputation. Node numbers as in
 * the spec: node u has children 2u+2 and 2u+3, leaf j is node L-2+j, the
 * root is Hash(node 0 || node 1). Every hash goes through sigurd_hashx, a
 * batch of one level at a time. */
#ifndef SIGURD_MERKLE_H
#define SIGURD_MERKLE_H

#include <stddef.h>
#include <stdint.h>

#include "sigurd.h"

/* pad[h] = value of a subtree of height h made of padding leaves only. */
typedef uint8_t merkle_pad_t[SIGURD_HGT + 1][SIGURD_HBYTES];

int sigurd_merkle_pad(merkle_pad_t pad);
/* out + i h = Hash(ser(ce[i]) || ser(cv[i])) for i < count: leaf values. */
int sigurd_merkle_leaves(uint8_t *out, const uint16_t (*ce)[SIGURD_TAU], const uint16_t (*cv)[SIGURD_TAU],
                         size_t count);

/* Tree g over codewords ce, cv: stores the SIGURD_INNER nodes above the
 * leaves in nodes (node u at u * h) and writes the root. */
int sigurd_merkle_build(uint8_t *nodes, uint8_t *root, size_t g, const uint16_t (*ce)[SIGURD_TAU],
                        const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad);
/* out + k h = the value of node req[k] of tree g built by
 * sigurd_merkle_build, for k < nreq (leaves are recomputed from the
 * codewords). */
int sigurd_merkle_auth(uint8_t *out, const uint8_t *nodes, const uint32_t *req, size_t nreq, size_t g,
                       const uint16_t (*ce)[SIGURD_TAU], const uint16_t (*cv)[SIGURD_TAU], merkle_pad_t pad);

/* Req for the opened leaves (leaf indices, any order, distinct): the nodes
 * outside the opened leaves and their ancestors whose sibling is inside, in
 * ascending node order (spec §6.3). mark holds SIGURD_NODES bytes of scratch.
 * Returns |Req|. */
size_t sigurd_merkle_req(uint32_t *req, const uint32_t *leaves, size_t cnt, uint8_t *mark);

/* Recomputes a root from cnt > 0 opened leaves: idx (ascending leaf indices)
 * and val (their cnt digests) are used as scratch. auth holds the digests of
 * req[0..nreq) in that order. Returns 0, 1 if a needed node is not in req,
 * or the ICCS helper's error. */
int sigurd_merkle_root(uint8_t *root, uint32_t *idx, uint8_t *val, size_t cnt,
                       const uint32_t *req, size_t nreq, const uint8_t *auth);

#endif
