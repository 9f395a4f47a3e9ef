/* sydo-bc512.c - BC512 against the spec's P12 vectors, plus the property that
 * it is a keyed permutation with no feed-forward (zero key and block give a
 * zero block). */
#include "bc512.h"
#include "sydo-test.h"

static void run(void)
{
    unsigned char key[64], in[64], out[64], zero[64] = {0};
    sydo_bc512_key k;
    unsigned i;

    for (i = 0; i < 64; i++) {
        key[i] = (unsigned char)i;
        in[i] = (unsigned char)(0x40 + i);
    }
    sydo_bc512_setkey(&k, key);
    sydo_bc512_encrypt(&k, in, out);
    CHECK_HEX("P12 BC512(00..3F, 40..7F)", out,
              "3ADFF16D9E5525FC514429C1DD788AF7AD3119C04A7A5B5E5628A6057492ECAF"
              "05C5653A9A4A5A3D7345675CED2796979ED0B322C869FADEA45A6195DF3CF757");
    sydo_bc512_encrypt(&k, in, in);
    CHECK(memcmp(in, out, 64) == 0, "in-place encryption");

    sydo_bc512_setkey(&k, zero);
    sydo_bc512_encrypt(&k, zero, out);
    CHECK(memcmp(out, zero, 64) == 0, "P12 BC512(0, 0) = 0");
}

int main(void)
{
    each_backend(run);
    return finish("sydo-bc512");
}
