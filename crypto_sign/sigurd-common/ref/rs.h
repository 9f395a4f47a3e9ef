/* rs.h - the chunked Reed-Solomon encoder RS: E^N' -> E^N exactly as the
 * submitted code computes it (spec §5), including its published weakness. */
#ifndef SIGURD_RS_H
#define SIGURD_RS_H

#include <stdint.h>

#include "sigurd.h"

/* C (SIGURD_NCW elements) = RS(A); A holds SIGURD_NPAD elements, those from
 * N' on being zero. */
void sigurd_rs_encode(uint16_t (*c)[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU]);
/* out = RS(A) at one position pos < SIGURD_NCW. */
void sigurd_rs_position(uint16_t out[SIGURD_TAU], const uint16_t (*a)[SIGURD_TAU], uint32_t pos);

#endif
