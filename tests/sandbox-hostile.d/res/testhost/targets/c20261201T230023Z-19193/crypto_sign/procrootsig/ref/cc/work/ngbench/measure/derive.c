/* derive.c - see derive.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "derive.h"

void ngd_mean_seconds(char *out, size_t size, double mean_cycles, double persecond)
{
    snprintf(out, size, "%.9g", mean_cycles / persecond);
}

void ngd_ops_per_second(char *out, size_t size, double mean_cycles, double persecond)
{
    snprintf(out, size, "%.6g", persecond / mean_cycles);
}

int ngd_cpu_share(char *out, size_t size, double cpu_seconds, double persecond, double timed_cycles)
{
    if (!(isfinite(cpu_seconds) && cpu_seconds >= 0 && timed_cycles > 0 && persecond > 0))
        return 0;
    snprintf(out, size, "%.3f", cpu_seconds * persecond / timed_cycles);
    return 1;
}

int ngd_preempted(double cpu_share)
{
    /* compared as recorded (three decimals), so that every reader agrees */
    char s[32];
    snprintf(s, sizeof s, "%.3f", cpu_share);
    return strtod(s, NULL) < NGD_PREEMPTED_BELOW;
}
