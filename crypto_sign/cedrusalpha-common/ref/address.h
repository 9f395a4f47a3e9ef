/* address.h - the 32-byte hash address ADRS (spec §3). Every field is written
 * byte by byte at a fixed offset, so the hashed bytes do not depend on the
 * host; the layout is that of the SPHINCS+ 32-byte address read as eight
 * big-endian words, with several fields only one byte wide. */
#ifndef CEDRUS_ADDRESS_H
#define CEDRUS_ADDRESS_H

#include <stdint.h>
#include <string.h>

/* Byte offsets within ADRS. */
#define ADRS_LAYER 3    /* one byte */
#define ADRS_TREE 8     /* BE_8 */
#define ADRS_TYPE 19    /* one byte */
#define ADRS_KEYPAIR 22 /* BE_2: two bytes, see spec §14 item 10 */
#define ADRS_CHAIN 27   /* chain number (chain types) or node height (tree types) */
#define ADRS_HEIGHT 27
#define ADRS_INDEX 28   /* BE_4 node index (tree types) */
#define ADRS_HASH 31    /* chain step (chain types) */

/* Type codes (spec §3). */
#define ADRS_WOTS_HASH 0
#define ADRS_WOTS_PK 1
#define ADRS_TREE_NODE 2
#define ADRS_FORC_TREE 3
#define ADRS_FORC_PK 4
#define ADRS_WOTS_PRF 5
#define ADRS_FORC_PRF 6
#define ADRS_FORC_CHAIN 7

static inline void adrs_set_keypair(uint8_t *adrs, uint32_t keypair)
{
    adrs[ADRS_KEYPAIR] = (uint8_t)(keypair >> 8);
    adrs[ADRS_KEYPAIR + 1] = (uint8_t)keypair;
}

static inline void adrs_set_index(uint8_t *adrs, uint32_t index)
{
    adrs[ADRS_INDEX] = (uint8_t)(index >> 24);
    adrs[ADRS_INDEX + 1] = (uint8_t)(index >> 16);
    adrs[ADRS_INDEX + 2] = (uint8_t)(index >> 8);
    adrs[ADRS_INDEX + 3] = (uint8_t)index;
}

/* A fresh address: the given layer, tree, type and key pair, all else 0. */
static inline void adrs_init(uint8_t *adrs, unsigned layer, uint64_t tree, unsigned type,
                             uint32_t keypair)
{
    int i;
    memset(adrs, 0, 32);
    adrs[ADRS_LAYER] = (uint8_t)layer;
    for (i = 0; i < 8; i++)
        adrs[ADRS_TREE + i] = (uint8_t)(tree >> (56 - 8 * i));
    adrs[ADRS_TYPE] = (uint8_t)type;
    adrs_set_keypair(adrs, keypair);
}

#endif
