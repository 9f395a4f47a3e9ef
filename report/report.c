/* report.c - every output, in a fixed order (check regenerates them in the
 * same order). */
#include "report.h"

void emit_all(report_ctx *c)
{
    emit_tables(c);
    emit_pages(c);
    emit_summary(c);
    emit_compilers(c);
    emit_index(c);
}
