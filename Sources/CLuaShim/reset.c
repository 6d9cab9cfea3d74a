/*
 * A state used for many games: its globals put back between them (HanJulMods reuses one
 * state per mod and worker instead of building one per game; docs/MODDING.md, "One state
 * for many games").
 *
 * hj_keep_globals records the pristine globals once, before any mod code ran: a deep copy
 * of the global table and of every table reachable from it, metatables included, kept in
 * the registry where no mod code can reach it. hj_fresh_globals then installs a new deep
 * copy of that record as the global table (registry[LUA_RIDX_GLOBALS], which `load`, the
 * host's global access and every chunk loaded afterwards use), points the string
 * metatable's __index at the new `string`, empties require's cache, and forgets
 * math.randomseed, collectgarbage("stop") and a half-written warning. Whatever the last
 * game's code changed (globals, library tables, the `hanjul` proxies, even raw fields set
 * on them) is then out of reach: the next main chunk runs against the globals a new state
 * would have. What it does not undo is said in MODDING.md: objects are numbered in the
 * order they were created over the state's life (tostring shows the number), and the
 * collector's pace carries over.
 */
#include "internal.h"

#define HJ_PRISTINE "hanjul.pristine"

/* Pushes a deep copy of the table at `idx` (its metatable copied too), using the table at
   `memo` (original -> copy) so shared tables stay shared and cycles end. */
static void hj_copy_table(lua_State *L, int idx, int memo) {
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    if (lua_rawget(L, memo) == LUA_TTABLE) return;
    lua_settop(L, -2);
    luaL_checkstack(L, 6, "copying the globals");
    lua_createtable(L, (int)lua_rawlen(L, idx), 4);
    int copy = lua_gettop(L);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, copy);
    lua_rawset(L, memo);
    lua_pushnil(L);
    while (lua_next(L, idx)) {                   /* key value */
        if (lua_type(L, -1) == LUA_TTABLE) {
            hj_copy_table(L, -1, memo);
            lua_replace(L, -2);
        }
        if (lua_type(L, -2) == LUA_TTABLE) {     /* a table as a key: its copy */
            hj_copy_table(L, -2, memo);
            lua_pushvalue(L, -2);                /* key value keycopy value */
            lua_rawset(L, copy);
            lua_settop(L, -2);                   /* key */
        } else {
            lua_pushvalue(L, -2);
            lua_rotate(L, -2, 1);                /* key key value */
            lua_rawset(L, copy);
        }
    }
    if (lua_getmetatable(L, idx)) {
        hj_copy_table(L, -1, memo);
        lua_setmetatable(L, copy);
        lua_settop(L, -2);
    }
}

static int hj_keep_globals_body(lua_State *L) {
    lua_newtable(L);                             /* 1: memo */
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    hj_copy_table(L, 2, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, HJ_PRISTINE);
    return 0;
}

static int hj_fresh_globals_body(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, HJ_PRISTINE) != LUA_TTABLE)   /* 1 */
        return luaL_error(L, "the globals were not kept (hj_keep_globals)");
    lua_newtable(L);                             /* 2: memo */
    hj_copy_table(L, 1, 2);                      /* 3: the new globals */
    int G = 3;
    lua_pushvalue(L, G);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    /* string methods (s:upper()) come from the new string table */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_getfield(L, G, "string");
    lua_setfield(L, -2, "__index");
    lua_settop(L, G);
    /* require's cache: the opened libraries (as the sandbox installs it), no mod module */
    lua_createtable(L, 0, 8);
    static const char *const opened[] = {"_G", "string", "table", "math", "utf8", "coroutine"};
    for (size_t i = 0; i < sizeof opened / sizeof opened[0]; i++) {
        if (i == 0) lua_pushvalue(L, G); else lua_getfield(L, G, opened[i]);
        lua_setfield(L, -2, opened[i]);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.gcrunning");
    c->seeded = 0;
    c->warnlen = 0;
    return 0;
}

/* Runs `body` protected, as host work: no memory cap, no instruction charge. */
static int hj_host_call(hj_ctx *c, lua_CFunction body) {
    lua_State *L = c->L;
    int saved = c->enforcing;
    c->enforcing = 0;
    lua_pushcfunction(L, body);
    int status = lua_pcall(L, 0, 0, 0);
    c->enforcing = saved;
    if (status != LUA_OK) lua_settop(L, -2);     /* the message: the caller gets the status */
    return status;
}

int hj_keep_globals(hj_ctx *c) { return hj_host_call(c, hj_keep_globals_body); }

int hj_fresh_globals(hj_ctx *c) { return hj_host_call(c, hj_fresh_globals_body); }

static int hj_copy_body(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newtable(L);
    hj_copy_table(L, 1, 2);
    return 1;
}

int hj_copy_table_protected(hj_ctx *c) {
    lua_State *L = c->L;
    int saved = c->enforcing;
    c->enforcing = 0;
    lua_pushcfunction(L, hj_copy_body);
    lua_rotate(L, -2, 1);
    int status = lua_pcall(L, 1, 1, 0);
    c->enforcing = saved;
    return status;
}
