/* quicksilver.c - sydo_160f: the shared quicksilver component, built with this set's params.h. */
#include "../../sydo-common/ref/quicksilver.c"
