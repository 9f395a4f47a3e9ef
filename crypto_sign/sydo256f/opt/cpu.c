/* cpu.c - sydo_256f opt: the opt cpu component, with this set's params.h. */
#include "../../sydo-common/opt/cpu.c"
