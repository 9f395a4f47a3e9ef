/* sm3-sched.h - single-stream SM3 compression with its message schedule in
 * 128-bit registers, included by sm3.c once per instruction set with
 *   SM3S_FN       the function's name,
 *   SM3S_TARGET   its __attribute__((target(...))),
 *   SROL(x, n)    a 32-bit rotation of each lane of an __m128i,
 *   SXOR3(a,b,c)  a ^ b ^ c.
 *
 * W[0..67] is held four words per register, X[k] = W[4k..4k+3], computed in
 * registers only (an earlier version stored three words per step and
 * reloaded overlapping windows, which defeated store-to-load forwarding:
 * 1.6x slower than the scalar code on AMD family 26). W[j] needs W[j-3], so
 * the fourth word of each step is first computed without the term
 * rol15(W[j-3]) = rol15(W[4k]) and then fixed: P1 is linear over XOR, so
 * the missing contribution is P1(rol15(W[4k])) = rol15 ^ rol30 ^ rol6 of
 * W[4k], moved to lane 3. One step runs ahead of every four rounds (two
 * steps of slack), and W and W' = W[j] ^ W[j+4] go through aligned stores
 * that the rounds read as memory operands: the schedule runs on the vector
 * units beside the scalar rounds instead of competing for the ALUs. */

#define SM3S_STEP(k)                                                                   \
    do {                                                                               \
        __m128i b9 = _mm_alignr_epi8(x[(k) - 2], x[(k) - 3], 12); /* W[4k-9..4k-6] */  \
        __m128i c3 = _mm_srli_si128(x[(k) - 1], 4);               /* W[4k-3..4k-1],0 */ \
        __m128i d13 = _mm_alignr_epi8(x[(k) - 3], x[(k) - 4], 12); /* W[4k-13..] */    \
        __m128i e6 = _mm_alignr_epi8(x[(k) - 1], x[(k) - 2], 8);  /* W[4k-6..4k-3] */  \
        __m128i t = SXOR3(x[(k) - 4], b9, SROL(c3, 15)), fix;                          \
        t = SXOR3(t, SROL(t, 15), SROL(t, 23));                                        \
        t = SXOR3(t, SROL(d13, 7), e6);                                                \
        fix = _mm_slli_si128(t, 12); /* W[4k] in lane 3 */                             \
        x[k] = _mm_xor_si128(SXOR3(t, SROL(fix, 15), SROL(fix, 30)), SROL(fix, 6));    \
        _mm_store_si128((__m128i *)(void *)&wx[4 * (k)], x[k]);                        \
        _mm_store_si128((__m128i *)(void *)&wp[4 * (k) - 4], _mm_xor_si128(x[(k) - 1], x[k])); \
    } while (0)
#define SM3S_NOSTEP ((void)0)

SM3S_TARGET static void SM3S_FN(uint32_t st[8], const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    SM3_ALIGN16 uint32_t wx[68], wp[64];
    while (nblocks--) {
        uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
        uint32_t e = st[4], f = st[5], g = st[6], h = st[7];
        __m128i x[17];
        int k;
        for (k = 0; k < 4; k++) {
            x[k] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(blocks + 16 * k)),
                                    bswap);
            _mm_store_si128((__m128i *)(void *)&wx[4 * k], x[k]);
        }
        for (k = 1; k < 4; k++)
            _mm_store_si128((__m128i *)(void *)&wp[4 * k - 4], _mm_xor_si128(x[k - 1], x[k]));
        SM3S_STEP(4);
        SM3S_STEP(5);
        ROUNDX4(0, FF0, GG0, SM3S_STEP(6)); ROUNDX4(4, FF0, GG0, SM3S_STEP(7));
        ROUNDX4(8, FF0, GG0, SM3S_STEP(8)); ROUNDX4(12, FF0, GG0, SM3S_STEP(9));
        ROUNDX4(16, FF1, GG1, SM3S_STEP(10)); ROUNDX4(20, FF1, GG1, SM3S_STEP(11));
        ROUNDX4(24, FF1, GG1, SM3S_STEP(12)); ROUNDX4(28, FF1, GG1, SM3S_STEP(13));
        ROUNDX4(32, FF1, GG1, SM3S_STEP(14)); ROUNDX4(36, FF1, GG1, SM3S_STEP(15));
        ROUNDX4(40, FF1, GG1, SM3S_STEP(16)); ROUNDX4(44, FF1, GG1, SM3S_NOSTEP);
        ROUNDX4(48, FF1, GG1, SM3S_NOSTEP); ROUNDX4(52, FF1, GG1, SM3S_NOSTEP);
        ROUNDX4(56, FF1, GG1, SM3S_NOSTEP); ROUNDX4(60, FF1, GG1, SM3S_NOSTEP);
        st[0] ^= a; st[1] ^= b; st[2] ^= c; st[3] ^= d;
        st[4] ^= e; st[5] ^= f; st[6] ^= g; st[7] ^= h;
        blocks += SM3_BLOCK_BYTES;
    }
}

#undef SM3S_STEP
#undef SM3S_NOSTEP
