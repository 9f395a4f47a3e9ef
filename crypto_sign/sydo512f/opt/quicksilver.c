/* quicksilver.c - sydo_512f opt: the shared ref quicksilver component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/quicksilver.c"
