/* quicksilver.c - sydo_160f opt: the shared ref quicksilver component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/quicksilver.c"
