/* params.h - the base parameters of sydo_256s (sydo.md table 1.1); sydo.h
 * derives everything else from them. */
#ifndef SYDO_PARAMS_H
#define SYDO_PARAMS_H

#define SYDO_NAME "sydo_256s"
#define SYDO_LAMBDA 256
#define SYDO_TAU 23
#define SYDO_WGRIND 5
#define SYDO_TOPEN 225
#define SYDO_N 26226
#define SYDO_W 94
#define SYDO_M 768

#endif
