/* encode.c - the WOTSɑ constant-sum encoder (spec §5): an n-byte string is
 * read as a B-bit integer x (B = 64 * floor(n/8)) and unranked into chain
 * positions L_0..L_{len-1}, L_c < W_c, summing to S.
 *
 * All counting is modulo 2^B, exactly as the submitted code does: the true
 * counts exceed 2^B, so the table wraps, and both the wrapped values and
 * their plain unsigned comparison with x decide the KAT chain lengths (spec
 * §14 item 7). An exact big-integer count would give different signatures.
 *
 * The table D[i][s] (0 <= i <= len, 0 <= s <= S) depends only on the
 * parameter set. It is filled on first use into static storage, as in the
 * submission: up to 11 MB (512s), which neither the stack nor a per-call
 * allocation should carry. The first call is therefore not thread-safe. */
#include <string.h>

#include "cedrus.h"

#define ROW (CEDRUS_S + 1)

static uint64_t table[(CEDRUS_LEN + 1) * ROW][CEDRUS_LIMBS];
static int table_ready;

static void add(uint64_t r[CEDRUS_LIMBS], const uint64_t a[CEDRUS_LIMBS])
{
    uint64_t carry = 0;
    unsigned q;
    for (q = 0; q < CEDRUS_LIMBS; q++) {
        uint64_t s = r[q] + carry;
        carry = s < carry;
        r[q] = s + a[q];
        carry += r[q] < s;
    }
}

static void sub(uint64_t r[CEDRUS_LIMBS], const uint64_t a[CEDRUS_LIMBS])
{
    uint64_t borrow = 0;
    unsigned q;
    for (q = 0; q < CEDRUS_LIMBS; q++) {
        uint64_t d = r[q] - a[q];
        uint64_t b = r[q] < a[q];
        r[q] = d - borrow;
        borrow = b | (d < borrow);
    }
}

static int less(const uint64_t a[CEDRUS_LIMBS], const uint64_t b[CEDRUS_LIMBS])
{
    unsigned q = CEDRUS_LIMBS;
    while (q--)
        if (a[q] != b[q])
            return a[q] < b[q];
    return 0;
}

/* D[i][s] = sum_{t=0}^{min(w[i-1]-1, s)} D[i-1][s-t], as a running window
 * sum: add the entry entering the window, subtract the one leaving it. */
static void fill_table(void)
{
    unsigned i, s;
    memset(table, 0, sizeof table);
    table[0][0] = 1;
    for (i = 1; i <= CEDRUS_LEN; i++) {
        unsigned w = CEDRUS_W_ARRAY(i - 1);
        uint64_t(*prev)[CEDRUS_LIMBS] = table + (i - 1) * ROW;
        uint64_t(*row)[CEDRUS_LIMBS] = table + i * ROW;
        for (s = 0; s < ROW; s++) {
            if (s > 0)
                memcpy(row[s], row[s - 1], sizeof row[s]);
            add(row[s], prev[s]);
            if (s >= w)
                sub(row[s], prev[s - w]);
        }
    }
    table_ready = 1;
}

/* D[i][s] mod 2^B, limb 0 least significant (for self-checks). */
void cedrus_encode_count(uint64_t out[CEDRUS_LIMBS], unsigned i, unsigned s)
{
    if (!table_ready)
        fill_table();
    memcpy(out, table[i * ROW + s], sizeof table[0]);
}

/* Chain positions for x, chain 0 first; 0, or -1 if unranking runs out of
 * digits (the submission asserts instead; see README.md for why this cannot
 * happen for the eight sets). */
int cedrus_encode(unsigned lengths[CEDRUS_LEN], const uint8_t x_bytes[CEDRUS_N])
{
    uint64_t x[CEDRUS_LIMBS];
    unsigned q, b, i, s = CEDRUS_S;

    if (!table_ready)
        fill_table();
    /* The first 8 bytes are the least significant limb, each limb is
     * big-endian, bytes past 8 * LIMBS are ignored (spec §14 item 5). */
    for (q = 0; q < CEDRUS_LIMBS; q++) {
        x[q] = 0;
        for (b = 0; b < 8; b++)
            x[q] = (x[q] << 8) | x_bytes[8 * q + b];
    }
    /* Array index i decides chain len-1-i, against row i (spec §14 item 6). */
    for (i = CEDRUS_LEN; i-- > 0;) {
        unsigned t = 0, w = CEDRUS_W_ARRAY(i);
        for (;;) {
            const uint64_t *count;
            if (t >= w || t > s)
                return -1;
            count = table[i * ROW + (s - t)];
            if (less(x, count))
                break;
            sub(x, count);
            t++;
        }
        lengths[CEDRUS_LEN - 1 - i] = t;
        s -= t;
    }
    return 0;
}
