/* params.h - the base parameters of sydo_512s (sydo.md table 1.1); sydo.h
 * derives everything else from them. */
#ifndef SYDO_PARAMS_H
#define SYDO_PARAMS_H

#define SYDO_NAME "sydo_512s"
#define SYDO_LAMBDA 512
#define SYDO_TAU 46
#define SYDO_WGRIND 8
#define SYDO_TOPEN 445
#define SYDO_N 49941
#define SYDO_W 179
#define SYDO_M 1456

#endif
