/* params.h - the base parameters of sydo_160s (sydo.md table 1.1); sydo.h
 * derives everything else from them. */
#ifndef SYDO_PARAMS_H
#define SYDO_PARAMS_H

#define SYDO_NAME "sydo_160s"
#define SYDO_LAMBDA 160
#define SYDO_TAU 14
#define SYDO_WGRIND 8
#define SYDO_TOPEN 132
#define SYDO_N 16461
#define SYDO_W 59
#define SYDO_M 480

#endif
