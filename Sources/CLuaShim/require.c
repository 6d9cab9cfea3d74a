/*
 * The sandbox's require: the mod's own files, and the opened libraries as in Lua (part of
 * sandbox.c's library).
 */
#include "internal.h"
#include <string.h>

#define HJ_REQUIRE_NAME_MAX 128

/* ---- require: the mod's own files (and the opened libraries, as in Lua) ---------------- */

/* __close of the guard require keeps while a module runs: if the module failed, forget
   that it was loading, so that a later require tries again (as Lua does). */
static int hj_require_guard(lua_State *L) {
    lua_getfield(L, 1, "cache");
    lua_getfield(L, 1, "name");
    lua_pushvalue(L, -1);
    if (lua_rawget(L, -3) == LUA_TLIGHTUSERDATA) {
        lua_settop(L, -2);
        lua_pushnil(L);
        lua_rawset(L, -3);
    }
    return 0;
}

int hj_sandbox_require(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    lua_settop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");   /* 2: per-state cache */
    lua_pushvalue(L, 1);
    int t = lua_rawget(L, 2);                               /* 3 */
    if (t == LUA_TLIGHTUSERDATA)
        return luaL_error(L, "module '%s' requires itself (a require cycle)", name);
    if (lua_toboolean(L, 3)) return 1;
    lua_settop(L, 2);
    if (len == 0 || len > HJ_REQUIRE_NAME_MAX)
        return luaL_error(L, "module '%s' not found: invalid module name", name);
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9') || ch == '_' || ch == '.';
        if (!ok) return luaL_error(L, "module '%s' not found: invalid module name "
                                      "(use letters, digits, '_' and '.')", name);
    }
    static const char *const absent[] = {"io", "os", "package", "debug"};
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++)
        if (strcmp(name, absent[i]) == 0)
            return luaL_error(L, "module '%s' not found: the sandbox has no %s library", name, name);
    if (!c->cb.module) return luaL_error(L, "module '%s' not found", name);
    int saved = c->enforcing;
    c->enforcing = 0;
    int r = c->cb.module(c->host, L, name, len);    /* 3, 4: source and chunk name, or message */
    c->enforcing = saved;
    if (r != 0) {
        luaL_where(L, 1);
        lua_rotate(L, -2, 1);
        lua_concat(L, 2);
        return lua_error(L);
    }
    size_t slen;
    const char *src = lua_tolstring(L, 3, &slen);
    const char *chunkname = lua_tostring(L, 4);
    hj_spend(L, (int64_t)(slen >> 3) + 1);
    if (hj_load_text(L, src, slen, chunkname) != LUA_OK)            /* 5 */
        return luaL_error(L, "error loading module '%s' from file '%s': %s",
                          name, chunkname + 1, lua_tostring(L, -1));
    /* 6: the guard, closed when require returns or fails */
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "cache");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "name");
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, hj_require_guard);
    lua_setfield(L, -2, "__close");
    lua_setmetatable(L, -2);
    lua_toclose(L, 6);
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, (void *)&hj_sandbox_require);          /* the "loading" marker */
    lua_rawset(L, 2);
    /* the module runs in require's frame: an error in it keeps its own frames in the
       traceback (no inner pcall) */
    lua_pushvalue(L, 5);
    lua_pushvalue(L, 1);
    lua_pushstring(L, chunkname + 1);                       /* Lua passes the file as well */
    lua_call(L, 2, 1);                                      /* 7: result */
    if (lua_isnil(L, 7)) { lua_pushboolean(L, 1); lua_replace(L, 7); }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 7);
    lua_rawset(L, 2);
    lua_pushstring(L, chunkname + 1);                       /* 8: the file, Lua's 2nd result */
    return 2;
}

/* require("string") and the rest give the opened libraries, as in Lua (no mod module) */
void hj_install_loaded(lua_State *L, int G) {
    lua_createtable(L, 0, 8);
    static const char *const opened[] = {"_G", "string", "table", "math", "utf8", "coroutine"};
    for (size_t i = 0; i < sizeof opened / sizeof opened[0]; i++) {
        if (i == 0) lua_pushvalue(L, G); else lua_getfield(L, G, opened[i]);
        lua_setfield(L, -2, opened[i]);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");
}
