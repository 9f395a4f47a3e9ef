/* sm3x-lanes.h - the SM3 compression function on SM3X_NL lanes of one SIMD
 * vector type, included by sm3x.c once per width and instruction set with
 * the vector operations defined as macros (V*), so the 4-, 8- and 16-lane
 * code is one text.
 *
 * Lane l of every vector belongs to message l. The state is word-major with
 * a stride of ICCS_SM3X_MAXLANES words, st[word * MAXLANES + lane], so
 * loading it is one vector load per word; message blocks are loaded row by
 * row and transposed by SM3X_LOAD16. The round is that of sm3.c: the roles
 * of the eight registers rotate instead of moving values, and the 16-word
 * window holds W[j] at w[j mod 16].
 *
 * Optional hooks: VROL(x, n) (a native rotate; else two shifts and an OR,
 * with VROL8, a byte shuffle, turning the rotations by 9/15 into those by
 * 17/23), VXOR3(a, b, c), VMAJ(x, y, z) (FF1) and VSEL(x, y, z) (GG1), each
 * one instruction with AVX-512's vpternlogd. */

#ifdef VROL
#define XROL(x, n) VROL((x), (n))
#define XP0_TO(dst, x) do { dst = VXOR3((x), XROL((x), 9), XROL((x), 17)); } while (0)
#define XP1_TO(dst, x) do { dst = VXOR3((x), XROL((x), 15), XROL((x), 23)); } while (0)
#else
#define XROL(x, n) VOR(VSLL((x), (n)), VSRL((x), 32 - (n)))
/* P0 and P1 on a variable: rotations by 17 and 23 are those by 9 and 15
 * followed by a byte rotation (one shuffle, VROL8) */
#define XP0_TO(dst, x) do { SM3X_V r_ = XROL(x, 9); dst = VXOR(VXOR(x, r_), VROL8(r_)); } while (0)
#define XP1_TO(dst, x) do { SM3X_V r_ = XROL(x, 15); dst = VXOR(VXOR(x, r_), VROL8(r_)); } while (0)
#endif
#ifdef VXOR3
#define XXOR3(a, b, c) VXOR3((a), (b), (c))
#else
#define XXOR3(a, b, c) VXOR(VXOR((a), (b)), (c))
#endif
#define XFF0(x, y, z) XXOR3((x), (y), (z))
#define XGG0(x, y, z) XXOR3((x), (y), (z))
#ifdef VMAJ
#define XFF1(x, y, z) VMAJ((x), (y), (z))
#define XGG1(x, y, z) VSEL((x), (y), (z))
#else
#define XFF1(x, y, z) VOR(VAND((x), (y)), VAND(VOR((x), (y)), (z)))
#define XGG1(x, y, z) VXOR(VAND(VXOR((y), (z)), (x)), (z))
#endif
#define XW(j) w[(j) & 15]
#define XEXPAND(j)                                                                     \
    do {                                                                               \
        SM3X_V x_ = XXOR3(XW((j) - 12), XW((j) - 5), XROL(XW((j) + 1), 15)), p_;       \
        XP1_TO(p_, x_);                                                                \
        XW((j) + 4) = XXOR3(p_, XROL(XW((j) - 9), 7), XW((j) - 2));                    \
    } while (0)
#define XNOEXPAND(j) ((void)0)
/* Additions ordered for the shortest chain: E, the previous round's P0
 * output, arrives last and enters through one addition; vector operations
 * take 2 cycles on AMD family 26, so the rounds are latency-bound. XKEEP
 * (an empty asm) keeps the compiler from reassociating the sums. */
#if defined(__GNUC__) || defined(__clang__)
#define XKEEP(x) __asm__("" : "+v"(x))
#else
#define XKEEP(x) ((void)0)
#endif
#define XROUND(A, B, C, D, E, F, G, H, j, FF, GG)                                  \
    do {                                                                           \
        SM3X_V a12 = XROL(A, 12), ak = VADD(a12, VSET1((int)iccs_sm3_k[j]));      \
        SM3X_V hw = VADD(H, XW(j)), dw = VADD(D, VXOR(XW(j), XW((j) + 4)));        \
        SM3X_V ss1, ss2, tt1, tt2;                                                 \
        XKEEP(ak);                                                                 \
        XKEEP(hw);                                                                 \
        XKEEP(dw);                                                                 \
        ss1 = XROL(VADD(ak, E), 7);                                                \
        ss2 = VXOR(ss1, a12);                                                      \
        tt1 = VADD(VADD(FF(A, B, C), dw), ss2);                                    \
        tt2 = VADD(VADD(GG(E, F, G), hw), ss1);                                    \
        B = XROL(B, 9);                                                            \
        F = XROL(F, 19);                                                           \
        D = tt1;                                                                   \
        XP0_TO(H, tt2);                                                            \
    } while (0)
#define XROUND4(j, FF, GG, X)                                     \
    X(j); XROUND(a, b, c, d, e, f, g, h, (j) + 0, FF, GG);        \
    X((j) + 1); XROUND(d, a, b, c, h, e, f, g, (j) + 1, FF, GG);  \
    X((j) + 2); XROUND(c, d, a, b, g, h, e, f, (j) + 2, FF, GG);  \
    X((j) + 3); XROUND(b, c, d, a, f, g, h, e, (j) + 3, FF, GG)

#define XST(i) (st + (i) * ICCS_SM3X_MAXLANES)

SM3X_TARGET static void SM3X_FN(uint32_t *st, const uint8_t *const blk[], size_t nblocks)
{
    SM3X_V w[16];
    SM3X_V a = VLOAD(XST(0)), b = VLOAD(XST(1)), c = VLOAD(XST(2)), d = VLOAD(XST(3));
    SM3X_V e = VLOAD(XST(4)), f = VLOAD(XST(5)), g = VLOAD(XST(6)), h = VLOAD(XST(7));
    size_t off;

    for (off = 0; off < 64 * nblocks; off += 64) {
        SM3X_V a0 = a, b0 = b, c0 = c, d0 = d, e0 = e, f0 = f, g0 = g, h0 = h;
        SM3X_LOAD16(w, blk, off);
        XROUND4(0, XFF0, XGG0, XNOEXPAND);
        XROUND4(4, XFF0, XGG0, XNOEXPAND);
        XROUND4(8, XFF0, XGG0, XNOEXPAND);
        XROUND4(12, XFF0, XGG0, XEXPAND);
        XROUND4(16, XFF1, XGG1, XEXPAND);
        XROUND4(20, XFF1, XGG1, XEXPAND);
        XROUND4(24, XFF1, XGG1, XEXPAND);
        XROUND4(28, XFF1, XGG1, XEXPAND);
        XROUND4(32, XFF1, XGG1, XEXPAND);
        XROUND4(36, XFF1, XGG1, XEXPAND);
        XROUND4(40, XFF1, XGG1, XEXPAND);
        XROUND4(44, XFF1, XGG1, XEXPAND);
        XROUND4(48, XFF1, XGG1, XEXPAND);
        XROUND4(52, XFF1, XGG1, XEXPAND);
        XROUND4(56, XFF1, XGG1, XEXPAND);
        XROUND4(60, XFF1, XGG1, XEXPAND);
        a = VXOR(a, a0); b = VXOR(b, b0); c = VXOR(c, c0); d = VXOR(d, d0);
        e = VXOR(e, e0); f = VXOR(f, f0); g = VXOR(g, g0); h = VXOR(h, h0);
    }
    VSTORE(XST(0), a); VSTORE(XST(1), b); VSTORE(XST(2), c); VSTORE(XST(3), d);
    VSTORE(XST(4), e); VSTORE(XST(5), f); VSTORE(XST(6), g); VSTORE(XST(7), h);
}

#undef XROL
#undef XP0_TO
#undef XP1_TO
#undef XXOR3
#undef XFF0
#undef XFF1
#undef XGG0
#undef XGG1
#undef XW
#undef XEXPAND
#undef XNOEXPAND
#undef XROUND
#undef XROUND4
#undef XST
#undef XKEEP
