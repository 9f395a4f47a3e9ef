/* sydo-bavc.c - SYDO's vector commitment (spec P6, P7) at sydo_160f against
 * KAT record 0: tree nodes, leaf keys and commitments, vector digests, h_com,
 * the opening for record 0's delta (its delta_v, revealed nodes in emission
 * order, zero padding), the verifier's reconstruction of every node outside
 * the hidden paths, and the strict checks of the reconstruction. */
#include "bavc.h"
#include "drng.h"
#include "sydo-test.h"
#include "sydo-trace160f.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

#define NODE(t, i) ((t) + (size_t)(i) * SYDO_LB)

static void run(void)
{
    uint8_t *nodes = calloc(SYDO_NODES, SYDO_LB), *nodes2 = calloc(SYDO_NODES, SYDO_LB);
    uint8_t *mark = calloc(SYDO_NODES, 1), *hidden = calloc(SYDO_NODES, 1);
    uint8_t *com = malloc((size_t)SYDO_VLEAVES * 2 * SYDO_LB + 1), digs[SYDO_TAU * 2 * SYDO_LB + 1];
    uint8_t iv[SYDO_LB], delta[SYDO_LB], hcom[2 * SYDO_LB], open[SYDO_OPENB], bad[SYDO_OPENB];
    unsigned dv[SYDO_TAU], v, j, ok;
    unsigned long i, nhidden;
    sydo_prg_key k;
    int rev;

    if (!nodes || !nodes2 || !mark || !hidden || !com) {
        fprintf(stderr, "sydo-bavc: out of memory\n");
        exit(99);
    }
    unhex(nodes, SYDO_LB, T160F_R);
    unhex(iv, sizeof iv, T160F_IV);
    sydo_bavc_expand(nodes, iv);
    CHECK_HEX("N[1]", NODE(nodes, 1), T160F_N1);
    CHECK_HEX("N[2]", NODE(nodes, 2), T160F_N2);
    CHECK_HEX("N[L-2]", NODE(nodes, SYDO_L - 2), T160F_N_L_2);
    CHECK_HEX("s(0,0) = N[L-1]", NODE(nodes, sydo_leaf_node(0, 0)), T160F_S_0_0);
    CHECK_HEX("s(1,0) = N[L]", NODE(nodes, sydo_leaf_node(1, 0)), T160F_S_1_0);
    CHECK_HEX("s(0,1) = N[L-1+tau]", NODE(nodes, sydo_leaf_node(0, 1)), T160F_S_0_1);
    CHECK_HEX("s(tau-1, 2^k-1)", NODE(nodes, sydo_leaf_node(SYDO_TAU - 1, SYDO_VLEAVES - 1)), T160F_S_LAST);

    /* commitments and digests of all vectors, then h_com */
    for (v = 0; v < SYDO_TAU; v++) {
        for (j = 0; j < SYDO_VLEAVES; j++) {
            sydo_prg_setkey(&k, SYDO_LAMBDA, NODE(nodes, sydo_leaf_node(v, j)));
            sydo_bavc_leaf_commit(&k, iv, v, com + (size_t)j * 2 * SYDO_LB);
        }
        if (v == 0) {
            CHECK_HEX("com(0,0)", com, T160F_COM_0_0);
            CHECK_HEX("com(0,1)", com + 2 * SYDO_LB, T160F_COM_0_1);
        }
        if (v == 1)
            CHECK_HEX("com(1,0)", com, T160F_COM_1_0);
        CHECK(sydo_bavc_digest(digs + v * 2 * SYDO_LB, com, (size_t)SYDO_VLEAVES * 2 * SYDO_LB) == 0, "digest");
        CHECK_HEX("dig_v (first 32 bytes)", digs + v * 2 * SYDO_LB, t160f_dig[v]);
    }
    CHECK(sydo_bavc_digest(hcom, digs, SYDO_TAU * 2 * SYDO_LB) == 0, "h_com");
    CHECK_HEX("h_com", hcom, T160F_HCOM);

    /* opening for record 0's delta */
    unhex(delta, sizeof delta, T160F_DELTA);
    sydo_bavc_challenge(dv, delta);
    for (ok = 1, v = 0; v < SYDO_TAU; v++)
        ok &= dv[v] == t160f_delta_v[v];
    CHECK(ok, "delta_v of record 0");
    memset(open, 0xAA, sizeof open);
    rev = sydo_bavc_open(open, nodes, iv, dv, mark);
    CHECK(rev == 136, "136 revealed siblings");
    CHECK_HEX("O[0..64)", open, T160F_O_PREFIX);
    CHECK_HEX("last 48 bytes of O", open + SYDO_OPENB - 48, T160F_O_LAST48);
    for (ok = 1, i = 0; i < 136; i++)
        ok &= memcmp(open + SYDO_TAU * 2 * SYDO_LB + i * SYDO_LB, NODE(nodes, t160f_revealed[i]), SYDO_LB) == 0;
    CHECK(ok, "revealed nodes in emission order");
    for (ok = 1, i = 0; i < SYDO_NODES; i++)
        ok &= mark[i] == 0;
    CHECK(ok, "open leaves its scratch array zero");

    /* reconstruction: every node outside the 175 hidden ones, as the signer has it */
    CHECK(sydo_bavc_reconstruct(nodes2, hidden, open, iv, dv) == 0, "reconstruct");
    for (ok = 1, nhidden = 0, i = 0; i < SYDO_NODES; i++) {
        if (hidden[i])
            nhidden++;
        else
            ok &= memcmp(NODE(nodes, i), NODE(nodes2, i), SYDO_LB) == 0;
    }
    CHECK(nhidden == 175, "175 hidden nodes");
    CHECK(ok, "reconstructed nodes equal the signer's");

    /* strictness: non-zero padding, and an opening that claims more siblings */
    memcpy(bad, open, sizeof bad);
    bad[SYDO_OPENB - 1] = 1;
    memset(hidden, 0, SYDO_NODES);
    CHECK(sydo_bavc_reconstruct(nodes2, hidden, bad, iv, dv) == -1, "non-zero padding rejected");
    /* find a delta whose opening would need more than T_open siblings */
    for (ok = 0, i = 0; i < 1000 && !ok; i++) {
        delta[i % SYDO_LB] ^= (uint8_t)(i * 37 + 1);
        sydo_bavc_challenge(dv, delta);
        if (sydo_bavc_open(bad, nodes, iv, dv, mark) < 0) {
            ok = 1;
            memset(hidden, 0, SYDO_NODES);
            CHECK(sydo_bavc_reconstruct(nodes2, hidden, open, iv, dv) == -1,
                  "reconstruct refuses a challenge needing more than T_open siblings");
        }
    }
    CHECK(ok, "some challenge exceeds T_open");
    for (ok = 1, i = 0; i < SYDO_NODES; i++)
        ok &= mark[i] == 0;
    CHECK(ok, "a failed open leaves its scratch array zero");

    free(nodes);
    free(nodes2);
    free(mark);
    free(hidden);
    free(com);
}

int main(void)
{
    each_backend(run);
    return finish("sydo-bavc");
}
