/* encode.c - byte formats of UVW (spec sections 1, 2.1, 5 step 7, 6.1 step 11)
 * and the size getters of the ICCS API.
 *
 * pk and sn both start with the six parameters as LE16. A vector is written
 * as two planes of LE64 words, "nonzero" first, then "is two"; internally
 * vectors are one-hot planes ("is one", "is two"), so encoding ORs them. */
#include "uvw.h"
#include "iccs_sig.h"

unsigned long long sig_get_pk_len_bytes(void)
{
    return UVW_PKBYTES;
}

unsigned long long sig_get_sk_len_bytes(void)
{
    return UVW_SKBYTES;
}

unsigned long long sig_get_sn_len_bytes(void)
{
    return UVW_SNBYTES;
}

static const unsigned header_values[6] = { UVW_LAMBDA, UVW_N, UVW_K, UVW_K1, UVW_K2, UVW_W };

void uvw_put_header(unsigned char *out)
{
    int i;
    for (i = 0; i < 6; i++) {
        out[2 * i] = (unsigned char)(header_values[i] & 0xFF);
        out[2 * i + 1] = (unsigned char)(header_values[i] >> 8);
    }
}

int uvw_check_header(const unsigned char *in)
{
    unsigned char h[UVW_HEADERBYTES];
    unsigned diff = 0;
    int i;
    uvw_put_header(h);
    for (i = 0; i < UVW_HEADERBYTES; i++)
        diff |= (unsigned)(h[i] ^ in[i]);
    return diff ? -1 : 0;
}

void uvw_encode_vec(unsigned char *out, const f3word *v, size_t st, size_t len)
{
    size_t aw = UVW_WORDS(len), w;
    for (w = 0; w < aw; w++) {
        uvw_store_le64(out + 8 * w, v[w] | v[st + w]);
        uvw_store_le64(out + 8 * (aw + w), v[st + w]);
    }
}

int uvw_decode_vec(f3word *v, size_t st, const unsigned char *in, size_t len)
{
    size_t aw = UVW_WORDS(len), w;
    f3word bad = 0, last = (len % 64) ? (((f3word)1 << (len % 64)) - 1) : ~(f3word)0;
    for (w = 0; w < aw; w++) {
        f3word nz = uvw_load_le64(in + 8 * w), two = uvw_load_le64(in + 8 * (aw + w));
        bad |= two & ~nz;
        if (w == aw - 1)
            bad |= nz & ~last;
        v[w] = nz & ~two;
        v[st + w] = two;
    }
    return bad ? -1 : 0;
}
