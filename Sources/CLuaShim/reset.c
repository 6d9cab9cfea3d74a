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
#include <string.h>

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
    hj_install_loaded(L, G);
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

/* ---- Snapshot and restore in place ---------------------------------------------------------
 *
 * Cheaper than new globals and a new run of the main chunk, when it can be done: right after
 * the main chunk ran (before any hook), hj_snapshot_state records everything Lua code can reach
 * from the roots (the globals, require's cache, the string metatable, and the values the
 * host gives: the game object and the hook functions): per table its raw contents and
 * metatable, per function its upvalues. hj_restore_state puts back, in place, every table and
 * upvalue that differs: the same objects, with the contents they had after the load, so the
 * next game starts exactly where a new load would (what a new load would create anew is
 * here the very objects it would be equal to, and nothing made since is reachable).
 * Refused (the caller then renews the globals and runs the chunk again) when a coroutine or
 * a userdata is reachable, or `next` has a traversal open: their insides cannot be put back.
 */
#define HJ_SNAPSHOT "hanjul.snapshot"

/* How deep the objects reachable from a root may nest (the walk recurses in C). */
#define HJ_SNAP_DEPTH 150

/* Records the object at `idx` (and what it reaches) into the snapshot tables. */
static void hj_snap_value(lua_State *L, int idx, int tables, int metas, int ups, int depth) {
    if (depth > HJ_SNAP_DEPTH) luaL_error(L, "objects nest too deep");
    idx = lua_absindex(L, idx);
    int type = lua_type(L, idx);
    if (type == LUA_TTHREAD) luaL_error(L, "a coroutine is reachable");
    if (type == LUA_TUSERDATA) luaL_error(L, "a userdata is reachable");
    if (type == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, tables) != LUA_TNIL) { lua_settop(L, -2); return; }
        lua_settop(L, -2);
        luaL_checkstack(L, 8, "taking the snapshot");
        /* the contents: a plain copy (values are the same objects) */
        lua_createtable(L, 0, 0);
        int copy = lua_gettop(L);
        lua_pushvalue(L, idx);
        lua_pushvalue(L, copy);
        lua_rawset(L, tables);
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            lua_pushvalue(L, -2);
            lua_pushvalue(L, -2);
            lua_rawset(L, copy);
            lua_settop(L, -2);
        }
        if (lua_getmetatable(L, idx)) {
            lua_pushvalue(L, idx);
            lua_pushvalue(L, -2);
            lua_rawset(L, metas);
            lua_pushliteral(L, "__metatable");
            if (lua_rawget(L, -2) != LUA_TNIL) {
                /* A protected metatable (the host's proxies, the string metatable): Lua code
                   can neither get it nor set another, so it and its __index table cannot
                   change; what they hold can be reached, and is recorded. */
                lua_settop(L, -2);
                int mt = lua_gettop(L);
                lua_pushnil(L);
                while (lua_next(L, mt)) {
                    if (lua_type(L, -1) == LUA_TTABLE && lua_type(L, -2) == LUA_TSTRING &&
                        strcmp(lua_tostring(L, -2), "__index") == 0) {
                        int index = lua_gettop(L);
                        lua_pushnil(L);
                        while (lua_next(L, index)) {
                            hj_snap_value(L, -1, tables, metas, ups, depth + 1);
                            lua_settop(L, -2);
                        }
                    } else {
                        hj_snap_value(L, -1, tables, metas, ups, depth + 1);
                    }
                    lua_settop(L, mt + 1);
                }
            } else {
                lua_settop(L, -2);
                hj_snap_value(L, -1, tables, metas, ups, depth + 1);
            }
            lua_settop(L, -2);
        }
        /* then what the keys and values reach */
        lua_pushnil(L);
        while (lua_next(L, copy)) {
            hj_snap_value(L, -2, tables, metas, ups, depth + 1);
            hj_snap_value(L, -1, tables, metas, ups, depth + 1);
            lua_settop(L, -2);
        }
        lua_settop(L, copy - 1);
    } else if (type == LUA_TFUNCTION) {
        /* Only a Lua function's upvalues can be changed by Lua code (no debug library);
           a C function's are its own (constants, in the sandbox's), so only what they
           reach is recorded. A function without upvalues holds nothing. */
        if (lua_getupvalue(L, idx, 1) == NULL) return;
        lua_settop(L, -2);
        lua_pushvalue(L, idx);
        if (lua_rawget(L, ups) != LUA_TNIL) { lua_settop(L, -2); return; }
        lua_settop(L, -2);
        luaL_checkstack(L, 8, "taking the snapshot");
        if (lua_iscfunction(L, idx)) {
            lua_pushvalue(L, idx);
            lua_pushboolean(L, 0);                   /* seen, nothing to put back */
            lua_rawset(L, ups);
            for (int i = 1; lua_getupvalue(L, idx, i) != NULL; i++) {
                hj_snap_value(L, -1, tables, metas, ups, depth + 1);
                lua_settop(L, -2);
            }
            return;
        }
        lua_createtable(L, 4, 1);
        int list = lua_gettop(L);
        lua_pushvalue(L, idx);
        lua_pushvalue(L, list);
        lua_rawset(L, ups);
        int n = 0;
        while (lua_getupvalue(L, idx, n + 1) != NULL) {
            n++;
            lua_rawseti(L, list, n);                 /* a nil upvalue leaves a hole: n says */
        }
        lua_pushinteger(L, n);
        lua_setfield(L, list, "n");
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, list, i);
            hj_snap_value(L, -1, tables, metas, ups, depth + 1);
            lua_settop(L, -2);
        }
        lua_settop(L, list - 1);
    }
}

/* Pushes the roots' values, the ones in the registry first, then `n` host values (left on
   the stack below by the caller at `first`...). */
static int hj_snapshot_body(lua_State *L) {
    int nhost = lua_gettop(L);                   /* 1..nhost: the host's values */
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.next");
    lua_pushnil(L);
    if (lua_type(L, -2) == LUA_TTABLE && lua_next(L, -2)) luaL_error(L, "a traversal of next is open");
    lua_settop(L, nhost);
    lua_createtable(L, 0, 4);                    /* the snapshot */
    int snap = lua_gettop(L);
    lua_createtable(L, 0, 64);
    int tables = lua_gettop(L);
    lua_createtable(L, 0, 8);
    int metas = lua_gettop(L);
    lua_createtable(L, 0, 32);
    int ups = lua_gettop(L);
    lua_createtable(L, nhost + 3, 0);            /* the roots, in order */
    int roots = lua_gettop(L);
    int r = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_rawseti(L, roots, ++r);
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");
    lua_rawseti(L, roots, ++r);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_rawseti(L, roots, ++r);
    lua_settop(L, roots);
    for (int i = 1; i <= nhost; i++) {
        lua_pushvalue(L, i);
        lua_rawseti(L, roots, ++r);
    }
    for (int i = 1; i <= r; i++) {
        lua_rawgeti(L, roots, i);
        hj_snap_value(L, -1, tables, metas, ups, 0);
        lua_settop(L, roots);
    }
    /* The record the restore walks, as flat lists (array parts: no hashing): per table
       the table, its contents as k1, v1, k2, v2... in the order `next` gives them, and its
       metatable or false; per Lua function with upvalues the function and its list. */
    lua_createtable(L, 96, 0);
    int list = lua_gettop(L);
    lua_Integer i = 0;
    lua_pushnil(L);
    while (lua_next(L, tables)) {                /* table copy */
        lua_settop(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, list, ++i);
        hj_list_pairs(L, lua_gettop(L));
        lua_rawseti(L, list, ++i);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, metas) == LUA_TNIL) { lua_settop(L, -2); lua_pushboolean(L, 0); }
        lua_rawseti(L, list, ++i);
    }
    hj_ctx *c = hj_ctx_fast(L);
    if (hj_images_reserve(c, (int)(i / 3)))
        for (lua_Integer k = 0; k < i / 3; k++, lua_settop(L, -2)) {
            lua_rawgeti(L, list, 3 * k + 1);
            hj_image_take(L, -1, &c->images[k]);
        }
    lua_setfield(L, snap, "tables");
    lua_createtable(L, 32, 0);
    int fns = lua_gettop(L);
    i = 0;
    lua_pushnil(L);
    while (lua_next(L, ups)) {                   /* function list (false: a C function) */
        if (lua_istable(L, -1)) {
            lua_pushvalue(L, -2);
            lua_rawseti(L, fns, ++i);
            lua_rawseti(L, fns, ++i);
        } else {
            lua_settop(L, -2);
        }
    }
    lua_setfield(L, snap, "functions");
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.gcrunning");
    lua_setfield(L, snap, "gcrunning");
    lua_pushvalue(L, snap);
    lua_setfield(L, LUA_REGISTRYINDEX, HJ_SNAPSHOT);
    c->snap_seeded = c->seeded;
    memcpy(c->snap_rng, c->rng, sizeof c->rng);
    memcpy(c->snap_warnbuf, c->warnbuf, sizeof c->warnbuf);
    c->snap_warnlen = c->warnlen;
    return 0;
}

static int hj_restore_body(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, HJ_SNAPSHOT) != LUA_TTABLE)        /* 1 */
        return luaL_error(L, "no snapshot was taken");
    lua_getfield(L, 1, "tables");                /* 2 */
    lua_getfield(L, 1, "functions");             /* 3 */
    c->walked = 0;
    /* tables: put back the contents of every one that changed */
    lua_Integer count = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i + 2 <= count; i += 3) {
        hj_image *image = i / 3 < c->nimages ? &c->images[i / 3] : NULL;
        if (image && hj_image_same(image)) continue;   /* unchanged to the byte */
        c->walked++;
        lua_rawgeti(L, 2, i);                    /* 4 table */
        lua_rawgeti(L, 2, i + 1);                /* 5 its contents */
        if (!hj_same_pairs(L, 4, 5)) {
            lua_pushnil(L);                      /* clear: nil every key (allowed during next) */
            while (lua_next(L, 4)) {
                lua_settop(L, -2);
                lua_pushvalue(L, -1);
                lua_pushnil(L);
                lua_rawset(L, 4);
            }
            lua_Integer n = (lua_Integer)lua_rawlen(L, 5);
            for (lua_Integer j = 1; j + 1 <= n; j += 2) {
                lua_rawgeti(L, 5, j);
                lua_rawgeti(L, 5, j + 1);
                lua_rawset(L, 4);
            }
            /* Refilled, its order may differ from the list's: record the order it has now,
               so the next restore finds it unchanged. */
            hj_list_pairs(L, 4);
            lua_rawseti(L, 2, i + 1);
        }
        lua_rawgeti(L, 2, i + 2);                /* 6: the metatable it had, or false */
        if (!lua_toboolean(L, 6)) {
            if (lua_getmetatable(L, 4)) { lua_settop(L, -2); lua_pushnil(L); lua_setmetatable(L, 4); }
        } else if (!lua_getmetatable(L, 4) || !lua_rawequal(L, -1, 6)) {
            lua_settop(L, 6);
            lua_pushvalue(L, 6);
            lua_setmetatable(L, 4);
        }
        if (image) hj_image_take(L, 4, image);
        lua_settop(L, 3);
    }
    /* upvalues */
    count = (lua_Integer)lua_rawlen(L, 3);
    for (lua_Integer i = 1; i + 1 <= count; i += 2) {
        lua_rawgeti(L, 3, i);                    /* 4 function */
        lua_rawgeti(L, 3, i + 1);                /* 5 its upvalues' values */
        lua_getfield(L, 5, "n");
        int n = (int)lua_tointeger(L, -1);
        lua_settop(L, 5);
        for (int u = 1; u <= n; u++) {
            lua_rawgeti(L, 5, u);                /* 6: the value it had */
            if (lua_getupvalue(L, 4, u) == NULL || !lua_rawequal(L, -1, 6)) {
                lua_settop(L, 6);
                lua_setupvalue(L, 4, u);
            }
            lua_settop(L, 5);
        }
        lua_settop(L, 3);
    }
    /* no open traversal of `next` (there was none); the collector's switch as it was */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.next");
    lua_getfield(L, 1, "gcrunning");
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.gcrunning");
    c->seeded = c->snap_seeded;
    memcpy(c->rng, c->snap_rng, sizeof c->rng);
    memcpy(c->warnbuf, c->snap_warnbuf, sizeof c->warnbuf);
    c->warnlen = c->snap_warnlen;
    return 0;
}

int hj_snapshot_state(hj_ctx *c, int nhost) {
    lua_State *L = c->L;
    int saved = c->enforcing;
    c->enforcing = 0;
    lua_pushcfunction(L, hj_snapshot_body);
    lua_rotate(L, -(nhost + 1), 1);
    int status = lua_pcall(L, nhost, 0, 0);
    c->enforcing = saved;
    if (status != LUA_OK) lua_settop(L, -2);
    return status;
}

int hj_restore_state(hj_ctx *c) { return hj_host_call(c, hj_restore_body); }
