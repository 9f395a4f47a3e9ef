/* verify.c - sig_verify as the spec says a correct one must be (section
 * 7.2), not as the submitted code does it (which accepts everything and
 * sizes its buffers from the headers it reads): exact lengths, fixed
 * headers, a canonical e, then f = s - R e and wt(e) + wt(f) = w exactly.
 *
 * R is read in place from pk; each row's dot product with e uses the
 * serialized planes directly: with nz = the positions where both entries
 * are nonzero and tw = those where exactly one is 2, the products sum to
 * |nz| + |tw| mod 3 (ones count once, twos twice). */
#include <stdlib.h>

#include "iccs_sig.h"
#include "uvw.h"

#define AM UVW_WORDS(UVW_M)

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn,
               unsigned long long sn_len_bytes, unsigned char *m, unsigned long long m_len_bytes)
{
    f3word e0[UVW_AK], e1[UVW_AK], *s, *e;
    const unsigned char *salt, *rows;
    f3word bad = 0, last = (UVW_K % 64) ? (((f3word)1 << (UVW_K % 64)) - 1) : ~(f3word)0;
    size_t weight, r, w;
    int rc = -1;

    if (!pk || !sn || (!m && m_len_bytes))
        return -1;
    if (pk_len_bytes != UVW_PKBYTES || sn_len_bytes != UVW_SNBYTES)
        return -1;
    if (uvw_check_header(pk))
        return -2; /* not a key of this parameter set */
    if (uvw_check_header(sn))
        return -1;
    salt = sn + UVW_HEADERBYTES;
    rows = pk + UVW_HEADERBYTES;
    s = malloc(2 * AM * sizeof *s);
    e = malloc(2 * UVW_AK * sizeof *e);
    if (!s || !e)
        goto done;
    if (uvw_decode_vec(e, UVW_AK, salt + UVW_SALTBYTES, UVW_K))
        goto done; /* non-canonical e */
    if (uvw_hash_to_trits(s, m, m_len_bytes, salt))
        goto done;
    for (w = 0; w < UVW_AK; w++) {
        e0[w] = e[w] | e[UVW_AK + w];
        e1[w] = e[UVW_AK + w];
    }
    weight = uvw_f3_weight(e, UVW_AK, UVW_AK);
    for (r = 0; r < UVW_M; r++) {
        const unsigned char *row = rows + r * UVW_AK * 16;
        size_t cnt = 0;
        unsigned f;
        for (w = 0; w < UVW_AK; w++) {
            f3word r0 = uvw_load_le64(row + 8 * w), r1 = uvw_load_le64(row + 8 * (UVW_AK + w));
            f3word nz = r0 & e0[w];
            bad |= r1 & ~r0;
            cnt += uvw_popcount(nz) + uvw_popcount(nz & (r1 ^ e1[w]));
        }
        bad |= uvw_load_le64(row + 8 * (UVW_AK - 1)) & ~last;
        f = (uvw_f3_get(s, AM, r) + 3 - (unsigned)(cnt % 3)) % 3;
        weight += f != 0;
    }
    if (bad)
        rc = -2; /* R is not canonical: not a key this code made */
    else if (weight == UVW_W)
        rc = 0;
done:
    free(s);
    free(e);
    return rc;
}
