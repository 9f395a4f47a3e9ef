/* quicksilver.c - sydo_160s: the shared quicksilver component, built with this set's params.h. */
#include "../../sydo-common/ref/quicksilver.c"
