/* sydo-prg.c - the tree PRG against the spec's P12 vectors at lambda 160, 256
 * and 512, the VOLE stream's use of the PRG blocks (P8.1), and the public
 * matrix generator H(e) against KAT record 0 (the 160f trace gives whole
 * elements; sydo.md 10.1 gives the first bytes of H(0) at 256 and 512). */
#include "prg.h"
#include "sydo-test.h"

static void test_p12(unsigned lambda, const char *want_a, const char *want_b)
{
    uint8_t key[64], iv[64], out[64], s[512], blk[64];
    sydo_prg_key k;
    unsigned i, lb = lambda / 8, q = lambda == 160 ? 16 : lb;
    char what[64];

    for (i = 0; i < lb; i++) {
        key[i] = (uint8_t)(0x11 * (i % 15 + 1));
        iv[i] = (uint8_t)(0xF0 + i % 16);
    }
    sydo_prg_setkey(&k, lambda, key);
    sydo_prg(&k, iv, 0x80000003u, 7, out);
    snprintf(what, sizeof what, "P12 PRG_%u(key, iv, 0x80000003, 7)", lambda);
    CHECK_HEX(what, out, want_a);
    sydo_prg(&k, iv, 5, 1, out);
    snprintf(what, sizeof what, "P12 PRG_%u(key, iv, 5, 1)", lambda);
    CHECK_HEX(what, out, want_b);

    /* PRG2 is counters 0 and 1 side by side */
    sydo_prg2(&k, iv, 5, s);
    CHECK(memcmp(s + lb, out, lb) == 0, "PRG2 second half = PRG(.., 1)");
    /* the stream takes Q bytes per counter */
    sydo_prg_stream(&k, iv, 0x80000003u, s, 496);
    for (i = 0; i * q < 496; i++) {
        unsigned n = 496 - i * q < q ? 496 - i * q : q;
        sydo_prg(&k, iv, 0x80000003u, i, blk);
        CHECK(memcmp(s + i * q, blk, n) == 0, "stream block = PRG(.., j) prefix");
    }
}

static void test_h(unsigned lambda, const char *seed_pk_hex, uint32_t e, const char *want)
{
    uint8_t seed[64], out[64];
    sydo_hgen_key k;
    char what[64];
    unhex(seed, sizeof seed, seed_pk_hex);
    sydo_hgen_setkey(&k, lambda, seed);
    sydo_hgen(&k, e, out);
    snprintf(what, sizeof what, "H(%u) at lambda %u, KAT record 0", (unsigned)e, lambda);
    CHECK_HEX(what, out, want);
}

static void run(void)
{
    static const char *pk160 = "5CED0484527F28FFF19315DEF3ED01B1EDD0990C";
    test_p12(160, "1FA22848B3DBFCAE430FDFAAB3E95614A30D44F3", "37C124EF2F7BAFD9D5000AF72E639811FABA4ACE");
    test_p12(256, "CBC29BE1A22EC4ACCB514FD1E38646F18640F035C06295C38BFEB33BA2331297",
             "CAB5E24C2C9860B7FFC8328FEEDCEFE9B29262CD2F4036BE210F16F3DCE3BF3F");
    test_p12(512,
             "2333402E5CAA31EADDA1B37CF6F944E0D81E0B5C9A1C8EF7B39B1856839CDB9F"
             "0C9A675DD3B4396F623B89072C2A123AEACD161DB6186144B7B7C77BE82633C4",
             "F2BBE7B9B660C0312433C161EBD4C55379C1B422694C374C0DB7E47347877987"
             "3E3BE1324848D1697E1749CE8351DC0AF2DB18BB4DBCE5BEE5E2E9E188FB00B7");

    test_h(160, pk160, 0, "2EC617EA6CA0C7936C513A0A2A20D73702F322D2");
    test_h(160, pk160, 1, "22F6424CB588B02C978BAB0E1885E5433BFEE477");
    test_h(160, pk160, 2, "BB3B6C4D7670E1ED941B558954E3A95C0F210171");
    test_h(160, pk160, 16461, "B9CE923633A07B0D76B22BFC9D67275348DCE4D7");
    test_h(160, pk160, 32922, "11E5772238A6492329F54C4B7234D2744A7A4BCD");
    test_h(160, pk160, 138, "1E054511680AEA494CC5EE0990A707C1CD0813EA");
    test_h(256, "F3ED01B1EDD0990CF690D80621E96A7C4CEE472B7F8B996C58C3C8C0A5793960", 0, "DC5652F970F3D8E7");
    test_h(512,
           "A72AEB7C32E645CF82C01562B69C75E4049A02C53D99A5E6AA4DF7B0C44E3B7B"
           "6F34E3795B586DC558B3F9FECD4E9D7FFDE0D9627512D4BC74E35A7CAA663C9F",
           0, "AC1E81F85A69B5B8");
}

int main(void)
{
    each_backend(run);
    return finish("sydo-prg");
}
