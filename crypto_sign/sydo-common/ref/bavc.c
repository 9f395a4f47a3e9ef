/* bavc.c - the GGM tree of SYDO's vector commitment (spec P6, P7).
 *
 * Nodes are numbered in heap order and expanded with the node number as PRG
 * tweak. The key of a leaf is the node value itself and its commitment is a
 * PRG2 of it (sydo.md 9, pitfalls 4 and 5). The hidden set of an opening is
 * the union of the root paths of the tau hidden leaves; every node of it with
 * exactly one hidden child reveals the other child, emitted from the highest
 * node number down. */
#include <string.h>

#include "bavc.h"

#define NODE(nodes, i) ((nodes) + (size_t)(i) * SYDO_LB)

/* SYDO_EXPAND_NODES(nodes, hidden, iv): the children of every internal node
 * not marked in hidden (NULL: of all), in increasing order; the opt
 * implementation sets its own (opt/prgx.c) */
#ifndef SYDO_EXPAND_NODES
static void expand_nodes(uint8_t *nodes, const uint8_t *hidden, const uint8_t iv[SYDO_LB])
{
    sydo_prg_key k;
    unsigned long i;
    for (i = 0; i + 1 < SYDO_L; i++) {
        if (hidden && hidden[i])
            continue;
        sydo_prg_setkey(&k, SYDO_LAMBDA, NODE(nodes, i));
        sydo_prg2(&k, iv, (uint32_t)i, NODE(nodes, 2 * i + 1));
    }
}
#define SYDO_EXPAND_NODES(nodes, hidden, iv) expand_nodes((nodes), (hidden), (iv))
#endif

void sydo_bavc_expand(uint8_t *nodes, const uint8_t iv[SYDO_LB])
{
    SYDO_EXPAND_NODES(nodes, NULL, iv);
}

void sydo_bavc_leaf_commit(const sydo_prg_key *leaf, const uint8_t iv[SYDO_LB], unsigned v,
                           uint8_t com[2 * SYDO_LB])
{
    sydo_prg2(leaf, iv, (uint32_t)(SYDO_L - 1 + v), com);
}

int sydo_bavc_digest(uint8_t dig[2 * SYDO_LB], uint8_t *buf, size_t n)
{
    buf[n] = 0x01;
    return sydo_xof(dig, 2 * SYDO_LB, buf, n + 1);
}

void sydo_bavc_challenge(unsigned dv[SYDO_TAU], const uint8_t delta[SYDO_LB])
{
    unsigned v, t;
    for (v = 0; v < SYDO_TAU; v++) {
        dv[v] = 0;
        for (t = 0; t < SYDO_DEPTH; t++)
            dv[v] |= sydo_bit(delta, (size_t)v * SYDO_DEPTH + t) << t;
    }
}

/* Marks (set = 1) or clears (set = 0) the root paths of the hidden leaves;
 * when marking, returns the number of nodes newly marked. */
static unsigned long paths(uint8_t *mark, const unsigned dv[SYDO_TAU], uint8_t set)
{
    unsigned long count = 0, node;
    unsigned v;
    for (v = 0; v < SYDO_TAU; v++) {
        node = sydo_leaf_node(v, dv[v]);
        for (;;) {
            if (mark[node] == set)
                break; /* the rest of the path is shared with an earlier one */
            mark[node] = set;
            count++;
            if (node == 0)
                break;
            node = (node - 1) / 2;
        }
    }
    return count;
}

int sydo_bavc_open(uint8_t open[SYDO_OPENB], const uint8_t *nodes, const uint8_t iv[SYDO_LB],
                   const unsigned dv[SYDO_TAU], uint8_t *mark)
{
    unsigned long hidden = paths(mark, dv, 1), revealed = hidden + 1 - 2 * SYDO_TAU, i;
    size_t p;
    sydo_prg_key k;
    unsigned v;

    if (revealed > SYDO_TOPEN) {
        paths(mark, dv, 0);
        return -1;
    }
    for (v = 0; v < SYDO_TAU; v++) {
        sydo_prg_setkey(&k, SYDO_LAMBDA, NODE(nodes, sydo_leaf_node(v, dv[v])));
        sydo_bavc_leaf_commit(&k, iv, v, open + (size_t)v * 2 * SYDO_LB);
    }
    p = (size_t)SYDO_TAU * 2 * SYDO_LB;
    for (i = SYDO_L - 1; i-- > 0;) {
        if (!mark[i] || mark[2 * i + 1] == mark[2 * i + 2])
            continue;
        memcpy(open + p, NODE(nodes, mark[2 * i + 1] ? 2 * i + 2 : 2 * i + 1), SYDO_LB);
        p += SYDO_LB;
    }
    memset(open + p, 0, SYDO_OPENB - p);
    paths(mark, dv, 0);
    return (int)revealed;
}

int sydo_bavc_reconstruct(uint8_t *nodes, uint8_t *hidden, const uint8_t open[SYDO_OPENB],
                          const uint8_t iv[SYDO_LB], const unsigned dv[SYDO_TAU])
{
    size_t p = (size_t)SYDO_TAU * 2 * SYDO_LB, q;
    unsigned long i;
    unsigned v;

    for (v = 0; v < SYDO_TAU; v++)
        hidden[sydo_leaf_node(v, dv[v])] = 1;
    for (i = SYDO_L - 1; i-- > 0;) {
        uint8_t l = hidden[2 * i + 1], r = hidden[2 * i + 2];
        hidden[i] = l | r;
        if (l == r)
            continue;
        if (p + SYDO_LB > SYDO_OPENB)
            return -1; /* more siblings than T_open: never read past the opening */
        memcpy(NODE(nodes, l ? 2 * i + 2 : 2 * i + 1), open + p, SYDO_LB);
        p += SYDO_LB;
    }
    /* strict: the unused tail of the opening must be zero */
    for (q = p; q < SYDO_OPENB; q++)
        if (open[q] != 0)
            return -1;
    SYDO_EXPAND_NODES(nodes, hidden, iv);
    return 0;
}
