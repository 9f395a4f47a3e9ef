/* quicksilver.c - sydo_512s: the shared quicksilver component, built with this set's params.h. */
#include "../../sydo-common/ref/quicksilver.c"
