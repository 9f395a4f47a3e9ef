/* rijndael.c - Rijndael encryption for block lengths of 4, 6 and 8 words
 * (spec P2), FIPS-197 generalised to wide blocks the way the original Rijndael
 * proposal does: the only thing that changes with Nb is the number of columns
 * and, at Nb = 8, the ShiftRows offsets (1, 3, 4 instead of 1, 2, 3).
 *
 * Round functions use one 1 KiB T-table (SubBytes and MixColumns of one state
 * byte) and rotations of it. The lookups are indexed by state bytes: this is
 * the plain table implementation of a reference build, not a constant-time one
 * (a later opt/ can bitslice it). Columns are little-endian words: row 0 of a
 * column is its low byte, which is also the order of bytes in memory. */
#include <string.h>

#include "rijndael.h"

/* S-box and Te0 = (2s, s, s, 3s) per input byte, generated from the
 * definitions (inverse in GF(2^8) followed by the affine map). */
static const uint8_t sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};
static const uint32_t te0[256] = {
    0xa56363c6u, 0x847c7cf8u, 0x997777eeu, 0x8d7b7bf6u, 0x0df2f2ffu, 0xbd6b6bd6u, 0xb16f6fdeu, 0x54c5c591u,
    0x50303060u, 0x03010102u, 0xa96767ceu, 0x7d2b2b56u, 0x19fefee7u, 0x62d7d7b5u, 0xe6abab4du, 0x9a7676ecu,
    0x45caca8fu, 0x9d82821fu, 0x40c9c989u, 0x877d7dfau, 0x15fafaefu, 0xeb5959b2u, 0xc947478eu, 0x0bf0f0fbu,
    0xecadad41u, 0x67d4d4b3u, 0xfda2a25fu, 0xeaafaf45u, 0xbf9c9c23u, 0xf7a4a453u, 0x967272e4u, 0x5bc0c09bu,
    0xc2b7b775u, 0x1cfdfde1u, 0xae93933du, 0x6a26264cu, 0x5a36366cu, 0x413f3f7eu, 0x02f7f7f5u, 0x4fcccc83u,
    0x5c343468u, 0xf4a5a551u, 0x34e5e5d1u, 0x08f1f1f9u, 0x937171e2u, 0x73d8d8abu, 0x53313162u, 0x3f15152au,
    0x0c040408u, 0x52c7c795u, 0x65232346u, 0x5ec3c39du, 0x28181830u, 0xa1969637u, 0x0f05050au, 0xb59a9a2fu,
    0x0907070eu, 0x36121224u, 0x9b80801bu, 0x3de2e2dfu, 0x26ebebcdu, 0x6927274eu, 0xcdb2b27fu, 0x9f7575eau,
    0x1b090912u, 0x9e83831du, 0x742c2c58u, 0x2e1a1a34u, 0x2d1b1b36u, 0xb26e6edcu, 0xee5a5ab4u, 0xfba0a05bu,
    0xf65252a4u, 0x4d3b3b76u, 0x61d6d6b7u, 0xceb3b37du, 0x7b292952u, 0x3ee3e3ddu, 0x712f2f5eu, 0x97848413u,
    0xf55353a6u, 0x68d1d1b9u, 0x00000000u, 0x2cededc1u, 0x60202040u, 0x1ffcfce3u, 0xc8b1b179u, 0xed5b5bb6u,
    0xbe6a6ad4u, 0x46cbcb8du, 0xd9bebe67u, 0x4b393972u, 0xde4a4a94u, 0xd44c4c98u, 0xe85858b0u, 0x4acfcf85u,
    0x6bd0d0bbu, 0x2aefefc5u, 0xe5aaaa4fu, 0x16fbfbedu, 0xc5434386u, 0xd74d4d9au, 0x55333366u, 0x94858511u,
    0xcf45458au, 0x10f9f9e9u, 0x06020204u, 0x817f7ffeu, 0xf05050a0u, 0x443c3c78u, 0xba9f9f25u, 0xe3a8a84bu,
    0xf35151a2u, 0xfea3a35du, 0xc0404080u, 0x8a8f8f05u, 0xad92923fu, 0xbc9d9d21u, 0x48383870u, 0x04f5f5f1u,
    0xdfbcbc63u, 0xc1b6b677u, 0x75dadaafu, 0x63212142u, 0x30101020u, 0x1affffe5u, 0x0ef3f3fdu, 0x6dd2d2bfu,
    0x4ccdcd81u, 0x140c0c18u, 0x35131326u, 0x2fececc3u, 0xe15f5fbeu, 0xa2979735u, 0xcc444488u, 0x3917172eu,
    0x57c4c493u, 0xf2a7a755u, 0x827e7efcu, 0x473d3d7au, 0xac6464c8u, 0xe75d5dbau, 0x2b191932u, 0x957373e6u,
    0xa06060c0u, 0x98818119u, 0xd14f4f9eu, 0x7fdcdca3u, 0x66222244u, 0x7e2a2a54u, 0xab90903bu, 0x8388880bu,
    0xca46468cu, 0x29eeeec7u, 0xd3b8b86bu, 0x3c141428u, 0x79dedea7u, 0xe25e5ebcu, 0x1d0b0b16u, 0x76dbdbadu,
    0x3be0e0dbu, 0x56323264u, 0x4e3a3a74u, 0x1e0a0a14u, 0xdb494992u, 0x0a06060cu, 0x6c242448u, 0xe45c5cb8u,
    0x5dc2c29fu, 0x6ed3d3bdu, 0xefacac43u, 0xa66262c4u, 0xa8919139u, 0xa4959531u, 0x37e4e4d3u, 0x8b7979f2u,
    0x32e7e7d5u, 0x43c8c88bu, 0x5937376eu, 0xb76d6ddau, 0x8c8d8d01u, 0x64d5d5b1u, 0xd24e4e9cu, 0xe0a9a949u,
    0xb46c6cd8u, 0xfa5656acu, 0x07f4f4f3u, 0x25eaeacfu, 0xaf6565cau, 0x8e7a7af4u, 0xe9aeae47u, 0x18080810u,
    0xd5baba6fu, 0x887878f0u, 0x6f25254au, 0x722e2e5cu, 0x241c1c38u, 0xf1a6a657u, 0xc7b4b473u, 0x51c6c697u,
    0x23e8e8cbu, 0x7cdddda1u, 0x9c7474e8u, 0x211f1f3eu, 0xdd4b4b96u, 0xdcbdbd61u, 0x868b8b0du, 0x858a8a0fu,
    0x907070e0u, 0x423e3e7cu, 0xc4b5b571u, 0xaa6666ccu, 0xd8484890u, 0x05030306u, 0x01f6f6f7u, 0x120e0e1cu,
    0xa36161c2u, 0x5f35356au, 0xf95757aeu, 0xd0b9b969u, 0x91868617u, 0x58c1c199u, 0x271d1d3au, 0xb99e9e27u,
    0x38e1e1d9u, 0x13f8f8ebu, 0xb398982bu, 0x33111122u, 0xbb6969d2u, 0x70d9d9a9u, 0x898e8e07u, 0xa7949433u,
    0xb69b9b2du, 0x221e1e3cu, 0x92878715u, 0x20e9e9c9u, 0x49cece87u, 0xff5555aau, 0x78282850u, 0x7adfdfa5u,
    0x8f8c8c03u, 0xf8a1a159u, 0x80898909u, 0x170d0d1au, 0xdabfbf65u, 0x31e6e6d7u, 0xc6424284u, 0xb86868d0u,
    0xc3414182u, 0xb0999929u, 0x772d2d5au, 0x110f0f1eu, 0xcbb0b07bu, 0xfc5454a8u, 0xd6bbbb6du, 0x3a16162cu,
};

static uint32_t rotl32(uint32_t x, unsigned s)
{
    return (x << s) | (x >> (32 - s));
}

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

static uint32_t subword(uint32_t x)
{
    return (uint32_t)sbox[x & 0xff] | (uint32_t)sbox[(x >> 8) & 0xff] << 8 |
           (uint32_t)sbox[(x >> 16) & 0xff] << 16 | (uint32_t)sbox[x >> 24] << 24;
}

void sydo_rijndael_setkey(sydo_rijndael_key *ks, const uint8_t *key, unsigned nk, unsigned nb)
{
    unsigned i, total;
    uint32_t rcon = 1, t;

    ks->nb = nb;
    ks->nr = (nk > nb ? nk : nb) + 6;
    total = nb * (ks->nr + 1);
    for (i = 0; i < nk; i++)
        ks->rk[i] = load32(key + 4 * i);
    for (i = nk; i < total; i++) {
        t = ks->rk[i - 1];
        if (i % nk == 0) {
            /* RotWord moves byte 0 to the end: a right rotation of the word. */
            t = subword((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        } else if (nk > 6 && i % nk == 4) {
            t = subword(t);
        }
        ks->rk[i] = ks->rk[i - nk] ^ t;
    }
}

/* Column c of a round: SubBytes, ShiftRows (row q from column c_q), MixColumns
 * and AddRoundKey, with all column indices constant. */
#define ROUND_COL(c, c0, c1, c2, c3)                                                                         \
    t[c] = te0[s[c0] & 0xff] ^ rotl32(te0[(s[c1] >> 8) & 0xff], 8) ^ rotl32(te0[(s[c2] >> 16) & 0xff], 16) ^ \
           rotl32(te0[s[c3] >> 24], 24) ^ rk[c]
#define FINAL_COL(c, c0, c1, c2, c3)                                                                         \
    store32(out + 4 * (c), ((uint32_t)sbox[s[c0] & 0xff] | (uint32_t)sbox[(s[c1] >> 8) & 0xff] << 8 |          \
                            (uint32_t)sbox[(s[c2] >> 16) & 0xff] << 16 | (uint32_t)sbox[s[c3] >> 24] << 24) ^    \
                               rk[c])

/* AES: ShiftRows offsets 1, 2, 3 */
static void encrypt4(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out)
{
    uint32_t s[4], t[4];
    const uint32_t *rk = ks->rk;
    unsigned c, r;

    for (c = 0; c < 4; c++)
        s[c] = load32(in + 4 * c) ^ rk[c];
    for (r = 1; r < ks->nr; r++) {
        rk += 4;
        ROUND_COL(0, 0, 1, 2, 3);
        ROUND_COL(1, 1, 2, 3, 0);
        ROUND_COL(2, 2, 3, 0, 1);
        ROUND_COL(3, 3, 0, 1, 2);
        memcpy(s, t, sizeof s);
    }
    rk += 4;
    FINAL_COL(0, 0, 1, 2, 3);
    FINAL_COL(1, 1, 2, 3, 0);
    FINAL_COL(2, 2, 3, 0, 1);
    FINAL_COL(3, 3, 0, 1, 2);
}

/* Rijndael-192: offsets 1, 2, 3 */
static void encrypt6(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out)
{
    uint32_t s[6], t[6];
    const uint32_t *rk = ks->rk;
    unsigned c, r;

    for (c = 0; c < 6; c++)
        s[c] = load32(in + 4 * c) ^ rk[c];
    for (r = 1; r < ks->nr; r++) {
        rk += 6;
        ROUND_COL(0, 0, 1, 2, 3);
        ROUND_COL(1, 1, 2, 3, 4);
        ROUND_COL(2, 2, 3, 4, 5);
        ROUND_COL(3, 3, 4, 5, 0);
        ROUND_COL(4, 4, 5, 0, 1);
        ROUND_COL(5, 5, 0, 1, 2);
        memcpy(s, t, sizeof s);
    }
    rk += 6;
    FINAL_COL(0, 0, 1, 2, 3);
    FINAL_COL(1, 1, 2, 3, 4);
    FINAL_COL(2, 2, 3, 4, 5);
    FINAL_COL(3, 3, 4, 5, 0);
    FINAL_COL(4, 4, 5, 0, 1);
    FINAL_COL(5, 5, 0, 1, 2);
}

/* Rijndael-256: offsets 1, 3, 4 */
static void encrypt8(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out)
{
    uint32_t s[8], t[8];
    const uint32_t *rk = ks->rk;
    unsigned c, r;

    for (c = 0; c < 8; c++)
        s[c] = load32(in + 4 * c) ^ rk[c];
    for (r = 1; r < ks->nr; r++) {
        rk += 8;
        ROUND_COL(0, 0, 1, 3, 4);
        ROUND_COL(1, 1, 2, 4, 5);
        ROUND_COL(2, 2, 3, 5, 6);
        ROUND_COL(3, 3, 4, 6, 7);
        ROUND_COL(4, 4, 5, 7, 0);
        ROUND_COL(5, 5, 6, 0, 1);
        ROUND_COL(6, 6, 7, 1, 2);
        ROUND_COL(7, 7, 0, 2, 3);
        memcpy(s, t, sizeof s);
    }
    rk += 8;
    FINAL_COL(0, 0, 1, 3, 4);
    FINAL_COL(1, 1, 2, 4, 5);
    FINAL_COL(2, 2, 3, 5, 6);
    FINAL_COL(3, 3, 4, 6, 7);
    FINAL_COL(4, 4, 5, 7, 0);
    FINAL_COL(5, 5, 6, 0, 1);
    FINAL_COL(6, 6, 7, 1, 2);
    FINAL_COL(7, 7, 0, 2, 3);
}

void sydo_rijndael_encrypt(const sydo_rijndael_key *ks, const uint8_t *in, uint8_t *out)
{
    if (ks->nb == 4)
        encrypt4(ks, in, out);
    else if (ks->nb == 6)
        encrypt6(ks, in, out);
    else
        encrypt8(ks, in, out);
}
