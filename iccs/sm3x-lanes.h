/* sm3x-lanes.h - the SM3 compression function on SM3X_NL lanes of one SIMD
 * vector type, included by sm3x.c once per width with the vector operations
 * defined as macros (V*), so the 4- and 8-lane code is one text.
 *
 * Lane l of every vector belongs to message l. The state is word-major,
 * st[word][lane], so loading it is one vector load per word; message blocks
 * are loaded row by row and transposed by SM3X_LOAD16. The round is that of
 * sm3.c: the roles of the eight registers rotate instead of moving values,
 * and the 16-word window holds W[j] at w[j mod 16]. */

#define XROL(x, n) VOR(VSLL((x), (n)), VSRL((x), 32 - (n)))
/* P0 and P1 on a variable: rotations by 17 and 23 are those by 9 and 15
 * followed by a byte rotation (one shuffle, VROL8) */
#define XP0_TO(dst, x) do { SM3X_V r_ = XROL(x, 9); dst = VXOR(VXOR(x, r_), VROL8(r_)); } while (0)
#define XP1_TO(dst, x) do { SM3X_V r_ = XROL(x, 15); dst = VXOR(VXOR(x, r_), VROL8(r_)); } while (0)
#define XFF0(x, y, z) VXOR(VXOR((x), (y)), (z))
#define XFF1(x, y, z) VOR(VAND((x), (y)), VAND(VOR((x), (y)), (z)))
#define XGG0(x, y, z) VXOR(VXOR((x), (y)), (z))
#define XGG1(x, y, z) VXOR(VAND(VXOR((y), (z)), (x)), (z))
#define XW(j) w[(j) & 15]
#define XEXPAND(j)                                                                     \
    do {                                                                               \
        SM3X_V x_ = VXOR(VXOR(XW((j) - 12), XW((j) - 5)), XROL(XW((j) + 1), 15)), p_;  \
        XP1_TO(p_, x_);                                                                \
        XW((j) + 4) = VXOR(VXOR(p_, XROL(XW((j) - 9), 7)), XW((j) - 2));              \
    } while (0)
#define XNOEXPAND(j) ((void)0)
#define XROUND(A, B, C, D, E, F, G, H, j, FF, GG)                                  \
    do {                                                                           \
        SM3X_V a12 = XROL(A, 12);                                                  \
        SM3X_V ss1 = XROL(VADD(VADD(a12, E), VSET1((int)iccs_sm3_k[j])), 7);            \
        SM3X_V ss2 = VXOR(ss1, a12);                                               \
        SM3X_V tt1 = VADD(VADD(FF(A, B, C), D), VADD(ss2, VXOR(XW(j), XW((j) + 4)))); \
        SM3X_V tt2 = VADD(VADD(GG(E, F, G), H), VADD(ss1, XW(j)));                 \
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

SM3X_TARGET static void SM3X_FN(uint32_t st[8][ICCS_SM3X_LANES], const uint8_t *const blk[],
                                size_t nblocks)
{
    SM3X_V w[16];
    SM3X_V a = VLOAD(st[0]), b = VLOAD(st[1]), c = VLOAD(st[2]), d = VLOAD(st[3]);
    SM3X_V e = VLOAD(st[4]), f = VLOAD(st[5]), g = VLOAD(st[6]), h = VLOAD(st[7]);
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
    VSTORE(st[0], a); VSTORE(st[1], b); VSTORE(st[2], c); VSTORE(st[3], d);
    VSTORE(st[4], e); VSTORE(st[5], f); VSTORE(st[6], g); VSTORE(st[7], h);
}

#undef XROL
#undef XP0_TO
#undef XP1_TO
#undef XFF0
#undef XFF1
#undef XGG0
#undef XGG1
#undef XW
#undef XEXPAND
#undef XNOEXPAND
#undef XROUND
#undef XROUND4
