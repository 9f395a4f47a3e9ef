/* sydo-gf.c - SYDO's binary fields: the spec's P12 products in GF(2^160),
 * GF(2^256) and GF(2^512), x^(lambda-1)*x = r(x), and random products of all
 * four fields (GF(2^64) included) against a bit-by-bit shift-and-add model,
 * through every entry point (mul, mul64, muladd_wide + reduce). */
#include <stdint.h>

#include "gf.h"
#include "sydo-test.h"

/* ---- slow model: bytes, little-endian bits, modulus low part rpoly ---- */

static void model_mul(uint8_t *r, const uint8_t *a, const uint8_t *b, unsigned lb, unsigned rpoly)
{
    uint8_t acc[64] = {0}, sh[64];
    unsigned i, j, top;
    memcpy(sh, a, lb);
    for (i = 0; i < 8 * lb; i++) {
        if (b[i / 8] >> (i % 8) & 1)
            for (j = 0; j < lb; j++)
                acc[j] ^= sh[j];
        /* sh *= x */
        top = sh[lb - 1] >> 7;
        for (j = lb - 1; j > 0; j--)
            sh[j] = (uint8_t)(sh[j] << 1 | sh[j - 1] >> 7);
        sh[0] = (uint8_t)(sh[0] << 1);
        if (top) {
            sh[0] ^= (uint8_t)rpoly;
            sh[1] ^= (uint8_t)(rpoly >> 8);
        }
    }
    memcpy(r, acc, lb);
}

static uint64_t rng_state = 0x0123456789ABCDEFu;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void rnd_bytes(uint8_t *p, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

typedef void (*mul_fn)(uint64_t *, const uint64_t *, const uint64_t *);
typedef void (*mul64_fn)(uint64_t *, const uint64_t *, uint64_t);
typedef void (*wide_fn)(uint64_t *, const uint64_t *, const uint64_t *);
typedef void (*red_fn)(uint64_t *, const uint64_t *);
typedef void (*load_fn)(uint64_t *, const uint8_t *);
typedef void (*store_fn)(uint8_t *, const uint64_t *);

struct field {
    const char *name;
    unsigned lb, nw, rpoly;
    mul_fn mul;
    mul64_fn mul64;
    wide_fn muladd;
    red_fn reduce;
    load_fn load;
    store_fn store;
    const char *p12; /* a*b for the P12 operands */
    const char *xtop; /* x^(lambda-1) * x */
};

static const struct field fields[3] = {
    {"GF(2^160)", 20, 3, 0x39, sydo_gf160_mul, sydo_gf160_mul64, sydo_gf160_muladd_wide, sydo_gf160_reduce,
     sydo_gf160_load, sydo_gf160_store, "E593170CD6695AEC7693408FEF246D69A26A4BE1",
     "3900000000000000000000000000000000000000"},
    {"GF(2^256)", 32, 4, 0x425, sydo_gf256_mul, sydo_gf256_mul64, sydo_gf256_muladd_wide, sydo_gf256_reduce,
     sydo_gf256_load, sydo_gf256_store, "2F143998692A805150504F44D1E7FF94F57768863A39CED93FDA0484023861CE",
     "2504000000000000000000000000000000000000000000000000000000000000"},
    {"GF(2^512)", 64, 8, 0x125, sydo_gf512_mul, sydo_gf512_mul64, sydo_gf512_muladd_wide, sydo_gf512_reduce,
     sydo_gf512_load, sydo_gf512_store,
     "87D26AC79F145B6D3F5E1D784FEF59820B19B647E67972F99FCA99E7C5943F96"
     "64878BCAA5504667F91D2413B496CFB09F0F07C053DADA13FC4D2009AE178E14",
     "2501000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000"},
};

static void test_field(const struct field *f)
{
    uint8_t a[64], b[64], c[64], want[64], got[64];
    uint64_t x[8], y[8], z[8], w[16], w2[16];
    unsigned i, k;
    char what[96];

    /* P12: a = 01, 02, ...; b = FF, FC, F9, ... */
    for (i = 0; i < f->lb; i++) {
        a[i] = (uint8_t)(i + 1);
        b[i] = (uint8_t)(0xFF - 3 * i);
    }
    f->load(x, a);
    f->load(y, b);
    f->mul(z, x, y);
    f->store(got, z);
    snprintf(what, sizeof what, "%s: P12 a*b", f->name);
    CHECK_HEX(what, got, f->p12);
    model_mul(want, a, b, f->lb, f->rpoly);
    snprintf(what, sizeof what, "%s: model agrees with P12", f->name);
    CHECK(memcmp(want, got, f->lb) == 0, what);

    /* x^(lambda-1) * x = r(x) */
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    a[f->lb - 1] = 0x80;
    b[0] = 0x02;
    f->load(x, a);
    f->load(y, b);
    f->mul(z, x, y);
    f->store(got, z);
    snprintf(what, sizeof what, "%s: x^(lambda-1) * x", f->name);
    CHECK_HEX(what, got, f->xtop);

    for (k = 0; k < 300; k++) {
        rnd_bytes(a, f->lb);
        rnd_bytes(b, f->lb);
        rnd_bytes(c, f->lb);
        if (k < 8) { /* extremes: all ones, single top bits */
            memset(a, 0xFF, f->lb);
            if (k & 1)
                memset(b, 0xFF, f->lb);
        }
        model_mul(want, a, b, f->lb, f->rpoly);
        f->load(x, a);
        f->load(y, b);
        f->mul(z, x, y);
        f->store(got, z);
        snprintf(what, sizeof what, "%s: random product %u", f->name, k);
        CHECK(memcmp(want, got, f->lb) == 0, what);
        /* aliasing r = a */
        f->mul(x, x, y);
        f->store(got, x);
        CHECK(memcmp(want, got, f->lb) == 0, "mul with r aliasing a");

        /* a*b + c*b through one wide accumulator and one reduction */
        f->load(x, a);
        f->load(z, c);
        memset(w, 0, sizeof w);
        f->muladd(w, x, y);
        f->muladd(w, z, y);
        memcpy(w2, w, sizeof w);
        f->reduce(z, w);
        f->store(got, z);
        model_mul(c, c, b, f->lb, f->rpoly);
        for (i = 0; i < f->lb; i++)
            want[i] ^= c[i];
        CHECK(memcmp(want, got, f->lb) == 0, "muladd_wide + reduce");
        CHECK(memcmp(w, w2, sizeof w) == 0, "reduce leaves its input");

        /* mul64: b truncated to its low 64 bits */
        memset(b + 8, 0, f->lb - 8);
        model_mul(want, a, b, f->lb, f->rpoly);
        f->mul64(z, x, y[0]);
        f->store(got, z);
        CHECK(memcmp(want, got, f->lb) == 0, "mul64");

    }
}

static void test_gf64(void)
{
    uint8_t a[8], b[8], want[8];
    uint64_t x, y, z;
    unsigned k, i;
    /* x^63 * x = x^4 + x^3 + x + 1 */
    CHECK(sydo_gf64_mul(1ull << 63, 2) == 0x1B, "GF(2^64): x^63 * x");
    for (k = 0; k < 1000; k++) {
        x = rnd();
        y = rnd();
        for (i = 0; i < 8; i++) {
            a[i] = (uint8_t)(x >> (8 * i));
            b[i] = (uint8_t)(y >> (8 * i));
        }
        model_mul(want, a, b, 8, 0x1B);
        z = sydo_gf64_mul(x, y);
        for (i = 0; i < 8; i++)
            if ((uint8_t)(z >> (8 * i)) != want[i])
                break;
        CHECK(i == 8, "GF(2^64): random product");
    }
}

static void test_clmul(void)
{
    uint64_t r[2], a, b, lo, hi;
    unsigned k, i;
    for (k = 0; k < 1000; k++) {
        a = rnd();
        b = rnd();
        if (k == 0)
            a = b = ~0ull;
        lo = hi = 0;
        for (i = 0; i < 64; i++)
            if (b >> i & 1) {
                lo ^= a << i;
                if (i)
                    hi ^= a >> (64 - i);
            }
        sydo_clmul64(r, a, b);
        CHECK(r[0] == lo && r[1] == hi, "clmul64 against shift-and-add");
    }
}

/* the window-table products for public operands: a*b and a0*b0 + a1*b1 + a2*b2
 * from 8-bit tables, against the constant-time product */
#define TEST_TABLES(F, NW)                                                                                   \
    static void test_tables##F(void)                                                                         \
    {                                                                                                        \
        static uint64_t tab[3][256][NW + 1];                                                                 \
        uint64_t a[3][NW], b[3][NW], r[NW], want[NW], x[NW];                                                 \
        const uint64_t(*tabs[3])[NW + 1];                                                                    \
        const uint64_t *bs[3];                                                                               \
        unsigned k, i, j;                                                                                    \
        for (k = 0; k < 50; k++) {                                                                           \
            for (j = 0; j < 3; j++) {                                                                        \
                for (i = 0; i < NW; i++) {                                                                   \
                    a[j][i] = rnd();                                                                         \
                    b[j][i] = rnd();                                                                         \
                }                                                                                            \
                if (NW == 3) { /* 160-bit values */                                                          \
                    a[j][2] &= 0xffffffffu;                                                                  \
                    b[j][2] &= 0xffffffffu;                                                                  \
                }                                                                                            \
                sydo_gf##F##_table8(tab[j], a[j]);                                                           \
                tabs[j] = (const uint64_t(*)[NW + 1])tab[j];                                                 \
                bs[j] = b[j];                                                                                \
            }                                                                                                \
            sydo_gf##F##_mul_table8_vt(r, tabs[0], b[0]);                                                    \
            sydo_gf##F##_mul(want, a[0], b[0]);                                                              \
            CHECK(memcmp(r, want, sizeof r) == 0, "GF(2^" #F "): a*b from a's window table");                \
            for (j = 1; j < 3; j++) {                                                                        \
                sydo_gf##F##_mul(x, a[j], b[j]);                                                             \
                for (i = 0; i < NW; i++)                                                                     \
                    want[i] ^= x[i];                                                                         \
            }                                                                                                \
            sydo_gf##F##_fold3_vt(r, tabs, bs);                                                              \
            CHECK(memcmp(r, want, sizeof r) == 0, "GF(2^" #F "): fold3 = a0 b0 + a1 b1 + a2 b2");           \
        }                                                                                                    \
    }
TEST_TABLES(160, 3)
TEST_TABLES(256, 4)
TEST_TABLES(512, 8)

static void run(void)
{
    unsigned i;
    test_tables160();
    test_tables256();
    test_tables512();
    test_clmul();
    test_gf64();
    for (i = 0; i < 3; i++)
        test_field(&fields[i]);
}

int main(void)
{
    each_backend(run);
    return finish("sydo-gf");
}
