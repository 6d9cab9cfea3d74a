#ifndef HANJUL_CLUA_SHIM_H
#define HANJUL_CLUA_SHIM_H
/* The system Lua 5.4 headers; the include path comes from pkg-config (lua5.4). */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
