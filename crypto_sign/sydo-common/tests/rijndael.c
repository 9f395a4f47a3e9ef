/* sydo-rijndael.c - SYDO's Rijndael against FIPS-197 appendix C (AES-128,
 * AES-192, AES-256) and the spec's P12 vectors (AES-192/256 and the wide-block
 * Rijndael-192/256 of the tree PRG). */
#include "rijndael.h"
#include "sydo-test.h"

static void seq(unsigned char *p, unsigned n, unsigned start)
{
    unsigned i;
    for (i = 0; i < n; i++)
        p[i] = (unsigned char)(start + i);
}

/* key bytes 00.., nk words; block bytes start.., nb words */
static void one(const char *what, unsigned nk, unsigned nb, unsigned pstart, const char *want)
{
    sydo_rijndael_key ks;
    unsigned char key[32], in[32], out[32];
    seq(key, 4 * nk, 0);
    seq(in, 4 * nb, pstart);
    sydo_rijndael_setkey(&ks, key, nk, nb);
    sydo_rijndael_encrypt(&ks, in, out);
    CHECK_HEX(what, out, want);
    /* in place gives the same */
    sydo_rijndael_encrypt(&ks, in, in);
    CHECK(memcmp(in, out, 4 * nb) == 0, "in-place encryption");
}

static void fips197(void)
{
    static const char *ct[3] = {"69c4e0d86a7b0430d8cdb78070b4c55a", "dda97ca4864cdfe06eaf70a0ec0d7191",
                                "8ea2b7ca516745bfeafc49904b496089"};
    static const unsigned nk[3] = {4, 6, 8};
    unsigned char key[32], in[16], out[16];
    sydo_rijndael_key ks;
    unsigned i, v;
    for (v = 0; v < 3; v++) {
        seq(key, 4 * nk[v], 0);
        for (i = 0; i < 16; i++)
            in[i] = (unsigned char)(0x11 * i);
        sydo_rijndael_setkey(&ks, key, nk[v], 4);
        CHECK(ks.nr == nk[v] + 6, "AES round count");
        sydo_rijndael_encrypt(&ks, in, out);
        CHECK_HEX("FIPS-197 appendix C", out, ct[v]);
    }
}

static void run(void)
{
    fips197();
    one("P12 AES-192", 6, 4, 0x40, "27549E3127592D93F091608D27E966D4");
    one("P12 AES-256", 8, 4, 0x40, "A37EDF3F975ABAEF937B62C78D5BB157");
    one("P12 Rijndael-192", 6, 6, 0x40, "1C589F55C6995BDC4A1F87844547908743708F6EA081E107");
    one("P12 Rijndael-256", 8, 8, 0x40, "0715FBE3B966D5AF3F213B104D12D67640873F630399181465692905F62D0529");
}

int main(void)
{
    each_backend(run);
    return finish("sydo-rijndael");
}
