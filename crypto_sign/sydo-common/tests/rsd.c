/* sydo-rsd.c - the secret encoding of SYDO (sydo.md 3, spec P11) at sydo_160f:
 * the spec's rank examples, rank/unrank round trips, the 279 block patterns,
 * and KAT record 0's positions, witness bytes and syndrome. */
#include "drng.h"
#include "rsd.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static void test_ranks(void)
{
    static const unsigned quads[4][2] = {{0, 0xF0}, {1, 0xE8}, {2, 0xD8}, {69, 0x0F}};
    unsigned s, mask, l, seen[279] = {0}, n = 0, i;
    int j;

    for (s = 0; s < 8; s++)
        CHECK(sydo_subset_rank(8, 1u << s) == 7 - s, "P11 example: {s} has rank 7 - s");
    CHECK(sydo_subset_rank(8, 0xC0) == 0 && sydo_subset_rank(8, 0xA0) == 1 && sydo_subset_rank(8, 0x60) == 2 &&
              sydo_subset_rank(8, 0x90) == 3 && sydo_subset_rank(8, 0x03) == 27,
          "P11 examples: pairs {6,7} {5,7} {5,6} {4,7} {0,1} rank 0 1 2 3 27");
    for (i = 0; i < 4; i++)
        CHECK(sydo_subset_unrank(8, 4, quads[i][0]) == quads[i][1], "P11 examples: 4-subsets of ranks 0 1 2 69");
    CHECK(sydo_ball_unrank(2, 1, 0) == 0 && sydo_ball_unrank(2, 1, 1) == 2 && sydo_ball_unrank(2, 1, 2) == 1,
          "P11.2: block-0 ball 0 -> {}, 1 -> {1}, 2 -> {0}");
    for (s = 0; s < 8; s++)
        CHECK(sydo_ball_unrank(8, 3, 1 + s) == 1u << (7 - s), "P11.2: block-1 ball 1..8 -> {7}..{0}");
    for (mask = 0; mask < 256; mask++) {
        for (l = 0, i = mask; i; i &= i - 1)
            l++;
        if (l > 3)
            continue;
        CHECK(sydo_ball_unrank(8, 3, sydo_ball_rank(8, mask)) == mask, "ball_8 unrank(rank(S)) = S");
        CHECK(sydo_ball_rank(8, mask) < 93, "ball_8 rank below 93");
    }
    for (mask = 0; mask < 1024; mask++) {
        j = sydo_block_index(mask);
        if (j < 0)
            continue;
        CHECK(j < 279 && !seen[j], "block patterns map one-to-one into 0..278");
        if (j < 279)
            seen[j] = 1;
        n++;
    }
    CHECK(n == 279, "279 valid block patterns");
}

static void test_record0(void)
{
    uint8_t seed_sk[SYDO_LB], seed_pk[SYDO_LB], xbar[SYDO_WB], y[SYDO_M / 8];
    uint16_t pos[SYDO_W];
    unsigned i, ok = 1;

    unhex(seed_sk, sizeof seed_sk, T160F_SEED_SK);
    unhex(seed_pk, sizeof seed_pk, T160F_SEED_PK);
    CHECK(sydo_rsd_positions(pos, seed_sk) == 0, "positions");
    for (i = 0; i < SYDO_W; i++)
        ok &= pos[i] == t160f_pos[i];
    CHECK(ok, "positions p_0 .. p_58 of record 0");
    sydo_rsd_witness(xbar, pos);
    CHECK_HEX("witness bytes x-bar of record 0", xbar, T160F_XBAR);
    sydo_rsd_syndrome(y, seed_pk, pos);
    CHECK_HEX("syndrome y of record 0", y, T160F_Y);
}

static void run(void)
{
    test_ranks();
    test_record0();
}

int main(void)
{
    each_backend(run);
    return finish("sydo-rsd");
}
