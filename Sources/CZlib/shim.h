#ifndef HANJUL_CZLIB_SHIM_H
#define HANJUL_CZLIB_SHIM_H
/* The system zlib (Debian: zlib1g-dev), for reading gzipped simulation output. */
#include <zlib.h>
#endif
