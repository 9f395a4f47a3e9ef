/* sydo-opt.c - what only the opt implementation has, under every backend this
 * host can run: the multi-block ciphers against ref's one block at a time
 * (odd counts, so every interleaving and tail path runs), and the batched
 * tree PRG (children of node runs, leaf commitments and streams, runs of
 * H(e)) against the single calls of prg.h, at lambda 160, 256 and 512. */
#include "prg.h"
#include "sydo-test.h"

#define MAXN 37

static uint64_t rng = 0x9E3779B97F4A7C15u;

static void rnd(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        p[i] = (uint8_t)(rng >> 56);
    }
}

static void ciphers(void)
{
    static const unsigned nk[4] = {6, 8, 6, 8}, nb[4] = {4, 4, 6, 8};
    uint8_t key[64], in[MAXN * 64], out[MAXN * 64], one[64];
    sydo_bc512_key bk[MAXN];
    const sydo_bc512_key *kp[MAXN];
    sydo_rijndael_key ks;
    unsigned v, n, i;

    for (v = 0; v < 4; v++)
        for (n = 1; n <= 11; n += 2) {
            rnd(key, sizeof key);
            rnd(in, sizeof in);
            sydo_rijndael_setkey(&ks, key, nk[v], nb[v]);
            sydo_rijndael_encrypt_n(&ks, in, out, n);
            for (i = 0; i < n; i++) {
                sydo_rijndael_encrypt(&ks, in + 4 * nb[v] * i, one);
                CHECK(memcmp(one, out + 4 * nb[v] * i, 4 * nb[v]) == 0, "rijndael: n blocks = n single blocks");
            }
            sydo_rijndael_encrypt_n(&ks, in, in, n);
            CHECK(memcmp(in, out, 4 * nb[v] * n) == 0, "rijndael: n blocks in place");
        }
    for (n = 1; n <= MAXN; n += 6) {
        rnd(in, sizeof in);
        for (i = 0; i < n; i++) {
            rnd(key, sizeof key);
            sydo_bc512_setkey(&bk[i], key);
            kp[i] = &bk[i % 3 == 2 ? i - 1 : i]; /* some keys repeat */
        }
        sydo_bc512_encrypt_n(kp, in, out, n);
        for (i = 0; i < n; i++) {
            sydo_bc512_encrypt(kp[i], in + 64 * i, one);
            CHECK(memcmp(one, out + 64 * i, 64) == 0, "bc512: n blocks = n single blocks");
        }
    }
}

static void prg(unsigned lambda)
{
    enum { XLEN = 496, N = 13 };
    static uint8_t keys[N * 64 * 3], out[N * 128], com[N * 128], x[N * XLEN], want[XLEN], h[40 * 64];
    uint8_t iv[64];
    unsigned lb = lambda / 8, i;
    sydo_prg_key k;
    sydo_hgen_key hk;

    rnd(keys, sizeof keys);
    rnd(iv, sizeof iv);
    sydo_prgx_expand(lambda, keys, N, iv, 1000, out);
    for (i = 0; i < N; i++) {
        sydo_prg_setkey(&k, lambda, keys + lb * i);
        sydo_prg2(&k, iv, 1000 + i, want);
        CHECK(memcmp(want, out + 2 * lb * i, 2 * lb) == 0, "prgx_expand = PRG2 per node");
    }
    /* leaves with a key stride, as the interleaved leaves of one vector */
    sydo_prgx_leaves(lambda, keys, 3 * lb, N, iv, 77, 0x80000005u, com, x, XLEN);
    for (i = 0; i < N; i++) {
        sydo_prg_setkey(&k, lambda, keys + 3 * lb * i);
        sydo_prg2(&k, iv, 77, want);
        CHECK(memcmp(want, com + 2 * lb * i, 2 * lb) == 0, "prgx_leaves: commitment = PRG2");
        sydo_prg_stream(&k, iv, 0x80000005u, want, XLEN);
        CHECK(memcmp(want, x + XLEN * i, XLEN) == 0, "prgx_leaves: stream = sydo_prg_stream");
    }
    sydo_hgen_setkey(&hk, lambda, keys);
    sydo_prgx_hgen(&hk, 16461, 40, h);
    for (i = 0; i < 40; i++) {
        sydo_hgen(&hk, 16461 + i, want);
        CHECK(memcmp(want, h + lb * i, lb) == 0, "prgx_hgen = H(e) per element");
    }
}

static void run(void)
{
    ciphers();
    prg(160);
    prg(256);
    prg(512);
}

int main(void)
{
    printf("backend by default: %s\n", sydo_opt_backend());
    each_backend(run);
    return finish("sydo-opt");
}
