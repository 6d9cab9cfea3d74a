/*
 * Deterministic identities (L-12; #15 item 8): the libraries' builtin functions numbered at
 * install, every object by its creation number (the allocator writes it in a header in front
 * of each object), and tostring without addresses ("table: 0x00010a2f"). order.c orders
 * traversal by them.
 */
#include "internal.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- identities ----------------------------------------------------------------------- */

static int hj_is_light_cfunction(lua_State *L, int idx) {
    if (!lua_iscfunction(L, idx)) return 0;
    /* a C closure always has an upvalue (pushcclosure with 0 makes a light function) */
    if (lua_getupvalue(L, idx, 1) != NULL) { lua_settop(L, -2); return 0; }
    return 1;
}

static void hj_prepare_ids(lua_State *L);

uint64_t hj_object_id(lua_State *L, int idx) {
    hj_ctx *c = hj_ctx_fast(L);
    idx = lua_absindex(L, idx);
    if (c->ids_state == 0) hj_prepare_ids(L);
    size_t off;
    switch (lua_type(L, idx)) {
    case LUA_TTABLE: off = c->off_table; break;
    case LUA_TTHREAD: off = c->off_thread; break;
    case LUA_TSTRING: off = c->off_string; break;
    case LUA_TFUNCTION:
        if (hj_is_light_cfunction(L, idx)) {
            uint64_t id = 0;
            if (lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.builtins") == LUA_TTABLE) {
                lua_pushvalue(L, idx);
                if (lua_rawget(L, -2) == LUA_TNUMBER) id = (uint64_t)lua_tointegerx(L, -1, NULL);
                lua_settop(L, -2);
            }
            lua_settop(L, -2);
            return id;
        }
        off = c->off_function;
        break;
    default:
        return 0;
    }
    if (c->ids_state < 0) return 0;
    const char *p = (const char *)lua_topointer(L, idx);
    uint64_t created;
    memcpy(&created, p - off - HJ_HEADER, sizeof created);
    return created ? HJ_ID_OBJECTS + created : 0;
}

/* The offset of lua_topointer into the block of the newest object, or SIZE_MAX. */
static size_t hj_offset_of_newest(lua_State *L, int idx) {
    hj_ctx *c = hj_ctx_fast(L);
    const char *p = (const char *)lua_topointer(L, idx);
    const char *block = c->last_object ? c->last_object + HJ_HEADER : NULL;
    if (!p || !block || p < block || p - block > 64) return (size_t)-1;
    return (size_t)(p - block);
}

static int hj_measure_closure(lua_State *L) {
    (void)L;
    return 0;
}

/* Where lua_topointer points inside each kind of block: measured on fresh objects rather
   than assumed from one Lua release's structs. */
static void hj_measure_objects(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    int top = lua_gettop(L);
    lua_createtable(L, 0, 0);
    c->off_table = hj_offset_of_newest(L, -1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, hj_measure_closure, 1);
    c->off_function = hj_offset_of_newest(L, -1);
    (void)lua_newthread(L);
    c->off_thread = hj_offset_of_newest(L, -1);
    lua_pushliteral(L, "hanjul: a long string that is certainly not interned yet, 0123456789");
    c->off_string = hj_offset_of_newest(L, -1);
    /* a Lua closure is made by the VM: it must sit where a C closure does */
    size_t lua_closure = (size_t)-1;
    if (luaL_loadstring(L, "return function() end") == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK)
        lua_closure = hj_offset_of_newest(L, -1);
    lua_settop(L, top);
    int ok = c->off_table != (size_t)-1 && c->off_function != (size_t)-1 &&
             c->off_thread != (size_t)-1 && c->off_string != (size_t)-1 &&
             lua_closure == c->off_function;
    c->ids_state = ok ? 1 : -1;
}

static int hj_name_cmp(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Numbers the light C functions of the libraries as they were installed (the private
   copies in registry._LOADED, which mods cannot change), in sorted order of their dotted
   names, plus the iterators ipairs and utf8.codes hand out: registry "hanjul.builtins",
   function -> id. */
static void hj_number_builtins(lua_State *L) {
    enum { MAX_BUILTINS = 512 };
    int top = lua_gettop(L);
    const char *names[MAX_BUILTINS];
    size_t n = 0;
    lua_createtable(L, 0, 160);                  /* top+1: "lib.name" -> function */
    int byname = top + 1;
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int loaded = top + 2;
    lua_pushnil(L);
    while (lua_type(L, loaded) == LUA_TTABLE && lua_next(L, loaded)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE) {
            int lib = lua_gettop(L);
            lua_pushnil(L);
            while (lua_next(L, lib)) {
                if (n < MAX_BUILTINS && lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION &&
                    hj_is_light_cfunction(L, -1)) {
                    lua_pushvalue(L, lib - 1);
                    lua_pushliteral(L, ".");
                    lua_pushvalue(L, -4);
                    lua_concat(L, 3);            /* "lib.name" */
                    lua_pushvalue(L, -2);
                    lua_rawset(L, byname);
                    n++;
                }
                lua_settop(L, -2);
            }
        }
        lua_settop(L, -2);
    }
    /* the iterators ipairs and utf8.codes (both modes) hand out: C calls, no Lua runs */
    static const struct { const char *lib, *name; int lax; } iterators[] = {
        {"_G", "ipairs", 0}, {"utf8", "codes", 0}, {"utf8", "codes", 1},
    };
    for (size_t i = 0; i < sizeof iterators / sizeof iterators[0]; i++) {
        lua_getfield(L, loaded, iterators[i].lib);
        if (lua_type(L, -1) == LUA_TTABLE && lua_getfield(L, -1, iterators[i].name) == LUA_TFUNCTION &&
            hj_is_light_cfunction(L, -1)) {
            if (strcmp(iterators[i].lib, "_G") == 0) lua_createtable(L, 0, 0); else lua_pushliteral(L, "");
            lua_pushboolean(L, iterators[i].lax);
            lua_call(L, 2, 1);
            if (lua_type(L, -1) == LUA_TFUNCTION && hj_is_light_cfunction(L, -1)) {
                lua_pushfstring(L, "~iterator %d", (int)i);
                lua_rotate(L, -2, 1);
                lua_rawset(L, byname);
            }
        }
        lua_settop(L, loaded);
    }
    /* the names, sorted (they are anchored as keys of byname) */
    n = 0;
    lua_pushnil(L);
    while (lua_next(L, byname)) {
        lua_settop(L, -2);
        if (n < MAX_BUILTINS) names[n++] = lua_tostring(L, -1);
    }
    qsort(names, n, sizeof names[0], hj_name_cmp);
    lua_createtable(L, 0, (int)n);               /* function -> id */
    int map = lua_gettop(L);
    for (size_t i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawget(L, byname);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, map) == LUA_TNIL) {    /* the same function twice: its first name */
            lua_settop(L, -2);
            lua_pushinteger(L, (lua_Integer)i + 1);
            lua_rawset(L, map);
        } else {
            lua_settop(L, -3);
        }
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.builtins");
    lua_settop(L, top);
}

/* Identities are prepared on first use (most states never need one), as host work: no
   memory cap, no charge (L-29 b), so the outcome never depends on the mod's memory. */
static void hj_prepare_ids(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    int saved = c->enforcing;
    c->enforcing = 0;
    c->ids_state = -1;                           /* (not re-entered while measuring) */
    hj_measure_objects(L);
    if (c->ids_state < 0 && c->killed) c->ids_state = 0;   /* the kill stopped it: later */
    if (lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.builtins") == LUA_TNIL) hj_number_builtins(L);
    lua_settop(L, -2);
    c->enforcing = saved;
}

/* ---- tostring ---------------------------------------------------------------------------- */

static void hj_push_number_text(lua_State *L, int idx) {
    if (!lua_isinteger(L, idx)) {
        lua_Number n = lua_tonumberx(L, idx, NULL);
        if (isnan(n)) { lua_pushliteral(L, "nan"); return; }   /* never "-nan" (#15 item 9) */
    }
    lua_pushvalue(L, idx);
    lua_tolstring(L, -1, NULL);                  /* converts the copy, no metamethod */
}

const char *hj_safe_tolstring(lua_State *L, int idx, size_t *len) {
    idx = lua_absindex(L, idx);
    if (luaL_callmeta(L, idx, "__tostring")) {  /* runs the mod's __tostring, in Lua */
        if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
        return lua_tolstring(L, -1, len);
    }
    int t = lua_type(L, idx);
    switch (t) {
    case LUA_TNUMBER: hj_push_number_text(L, idx); break;
    case LUA_TSTRING: lua_pushvalue(L, idx); break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TNIL: lua_pushliteral(L, "nil"); break;
    default: {
        int tt = luaL_getmetafield(L, idx, "__name");
        const char *kind = tt == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, idx);
        uint64_t id = hj_object_id(L, idx);
        char buf[32];
        snprintf(buf, sizeof buf, "0x%08llx", (unsigned long long)id);
        /* never an address (L-12): the identity is the object's creation number */
        lua_pushfstring(L, "%s: %s", kind, buf);
        if (tt != LUA_TNIL) lua_rotate(L, -2, -1), lua_settop(L, -2);
        break;
    }
    }
    return lua_tolstring(L, -1, len);
}
