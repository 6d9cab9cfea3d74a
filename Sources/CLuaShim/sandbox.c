/*
 * The sandbox library (RELIABILITY §1.1–1.5). Allow-list: base, string, table, math, utf8,
 * coroutine, opened with luaL_requiref; io, os, package and debug are never opened.
 * These are C functions called *by Lua*, so raising errors here is fine: the longjmp only
 * crosses C frames and lands in the hj_pcall of the host.
 *
 * Plain Lua wherever safety allows (#12 item 9). A wrapper checks or charges, then calls the
 * library's own function *in its own frame* (the original is a plain lua_CFunction kept as
 * upvalue 1), so Lua's messages name the function ("bad argument #2 to 'format'") exactly as
 * they do without the sandbox.
 */
#include "internal.h"
#include <lualib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lua nests a failing message handler until the C stack is full (LUAI_MAXCCALLS, 200) */
#define HJ_HANDLER_ROUNDS 200

/* ---- tostring / print without addresses (L-11, L-12) ------------------------------ */

static int sb_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    hj_safe_tolstring(L, 1, NULL);
    return 1;
}

static int sb_print(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    int n = lua_gettop(L);
    luaL_checkstack(L, 2 * n + 2, "too many arguments to print");
    for (int i = 1; i <= n; i++) {
        if (i > 1) lua_pushliteral(L, "\t");
        hj_safe_tolstring(L, i, NULL);
    }
    if (n == 0) lua_pushliteral(L, "");
    else lua_concat(L, 2 * n - 1);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (len > HJ_LOG_MAX) len = HJ_LOG_MAX;
    if (c->cb.log) c->cb.log(c->host, 0, s, len);
    return 0;
}

/* ---- base ---------------------------------------------------------------------------- */

/* The reader of load(f): checks the first piece for a binary chunk (L-4) and charges the
   parser's work by the size of each piece. Upvalue 1: the mod's reader; 2: pieces seen. */
static int sb_load_reader(lua_State *L) {
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t l;
        const char *s = lua_tolstring(L, 1, &l);
        if (l > 0 && !lua_toboolean(L, lua_upvalueindex(2))) {
            if (s[0] == LUA_SIGNATURE[0]) return luaL_error(L, "binary chunk not allowed");
            lua_pushboolean(L, 1);
            lua_replace(L, lua_upvalueindex(2));
        }
        hj_spend(L, (int64_t)(l >> 3) + 1);
    }
    return 1;
}

static int sb_load(lua_State *L) {
    int n = lua_gettop(L);
    size_t l;
    const char *s = lua_tolstring(L, 1, &l);
    const char *mode = luaL_optstring(L, 3, "bt");
    if (s != NULL) {
        if (l > 0 && s[0] == LUA_SIGNATURE[0]) {
            luaL_pushfail(L);
            lua_pushliteral(L, "binary chunk not allowed");
            return 2;
        }
        hj_spend(L, (int64_t)(l >> 3) + 1);     /* the parser's work (#15 item 3) */
    } else if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushboolean(L, 0);
        lua_pushcclosure(L, sb_load_reader, 2);
        lua_replace(L, 1);
    }
    /* text only (L-4): a mode with 't' becomes "t"; a mode without it refuses text, as in
       Lua, and binary chunks were refused above */
    if (n >= 1 && strchr(mode, 't') != NULL) {
        if (n < 3) lua_settop(L, 3);
        lua_pushliteral(L, "t");
        lua_replace(L, 3);
    }
    /* without an env argument load uses the global table, which *is* the sandbox
       environment: the dangerous libraries were never opened (L-3). */
    return HJ_ORIGINAL(L);
}

/* Only what cannot hurt: a collection (charged by the heap it walks) and the counters. The
   tuning options and stop/restart are accepted and change nothing (L-6): a stopped
   collector would let the host's own allocations, which the cap does not refuse, grow
   without bound. */
static int sb_collectgarbage(lua_State *L) {
    static const char *const opts[] = {"stop", "restart", "collect", "count", "step",
        "setpause", "setstepmul", "isrunning", "generational", "incremental", NULL};
    hj_ctx *c = hj_ctx_fast(L);
    int o = luaL_checkoption(L, 1, "collect", opts);
    switch (o) {
    case 0: case 1:                              /* stop, restart */
        lua_pushboolean(L, o == 1);
        lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.gcrunning");
        lua_pushinteger(L, 0);
        return 1;
    case 2:                                      /* collect */
        hj_spend(L, (int64_t)(c->used >> 5) + 100);
        lua_gc(L, LUA_GCCOLLECT);
        lua_pushinteger(L, 0);
        return 1;
    case 3: {                                    /* count */
        int kb = lua_gc(L, LUA_GCCOUNT);
        int b = lua_gc(L, LUA_GCCOUNTB);
        lua_pushnumber(L, (lua_Number)kb + ((lua_Number)b / 1024));
        return 1;
    }
    case 4: {                                    /* step: at most one cycle */
        int step = (int)luaL_optinteger(L, 2, 0);
        hj_spend(L, (int64_t)(c->used >> 5) + 100);
        lua_pushboolean(L, lua_gc(L, LUA_GCSTEP, step));
        return 1;
    }
    case 5: case 6:                              /* setpause, setstepmul: the defaults */
        (void)luaL_optinteger(L, 2, 0);
        lua_pushinteger(L, o == 5 ? 200 : 100);
        return 1;
    case 7:                                      /* isrunning */
        lua_pushboolean(L, lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.gcrunning") == LUA_TNIL ||
                           lua_toboolean(L, -1));
        return 1;
    default:                                     /* generational, incremental */
        for (int i = 2; i <= (o == 8 ? 3 : 4); i++) (void)luaL_optinteger(L, i, 0);
        lua_pushliteral(L, "incremental");
        return 1;
    }
}

static int sb_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int t = lua_rawget(L, 2);
        lua_settop(L, -2);
        if (t != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in the sandbox");
    }
    return HJ_ORIGINAL(L);
}

/* ---- xpcall: the handler runs at the error, before unwinding, as in Lua (L-19) --------- */

/* Runs the mod's handler in a fresh coroutine: for an error the count hook raised, where
   hooks are off in the erring thread (a new thread has them on, and the same budget). */
static int hj_handle_in_coroutine(lua_State *L, hj_ctx *c) {
    lua_State *co = lua_newthread(L);            /* 2 */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 2);
    int results = 0;
    int saved = c->handling_overflow;
    c->handling_overflow = 1;
    int status = lua_resume(co, L, 1, &results);
    c->handling_overflow = saved;
    if (c->killed) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->kill_ref);
        return 1;
    }
    if (status == LUA_OK && results > 0) {
        lua_settop(co, 1);                       /* the first result */
        lua_xmove(co, L, 1);
        return 1;
    }
    if (status == LUA_OK) lua_pushnil(L);        /* the handler returned nothing */
    else if (status == LUA_ERRMEM) lua_pushliteral(L, "not enough memory");
    else lua_pushliteral(L, "error in error handling");
    return 1;
}

/* The message handler xpcall installs: upvalue 1 is the mod's handler, which runs here, at
   the error, before the stack unwinds. When the sandbox is killing the call the mod's
   handler does not run (the kill passes through). If the handler raises, Lua calls it
   again on that error until the C stack is full, then gives "error in error handling":
   this does the same with a loop. An error the count hook raised (a stack overflow) is
   handled in a fresh coroutine, since hooks are off where it was raised (L-19). */
static int sb_xpcall_handler(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    lua_settop(L, 1);
    if (c->killed) return 1;
    if (c->hook_raised) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->hook_error_ref);
        int same = lua_rawequal(L, -1, 1);
        lua_settop(L, 1);
        if (same) return hj_handle_in_coroutine(L, c);
    }
    for (int round = 0; round < HJ_HANDLER_ROUNDS; round++) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_rotate(L, -2, 1);
        int status = lua_pcall(L, 1, 1, 0);
        if (c->killed) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, c->kill_ref);
            return 1;
        }
        if (status == LUA_OK || status == LUA_ERRMEM) return 1;
        if (status == LUA_ERRERR) break;
    }
    lua_settop(L, 0);
    lua_pushliteral(L, "error in error handling");
    return 1;
}

static int hj_xpcall_finish(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int sb_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, sb_xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);                        /* f, handler, true, f, args... */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, hj_xpcall_finish);
    return hj_xpcall_finish(L, status, 2);
}

/* ---- coroutine.close with a nesting limit (L-37) --------------------------------------------- */

/* Lua 5.4.4's coroutine.close does not count the C stack it uses when a __close of one
   coroutine closes another (fixed upstream in 1e64c139): 20,000 nested closes crash. This
   is Lua's close (its checks, results and messages) with the nesting counted. */
#define HJ_CLOSE_NESTING 100

static int sb_coclose(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "thread");
    const char *state = NULL;
    if (co == L) {
        state = "running";
    } else if (lua_status(co) == LUA_OK) {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar)) state = "normal";
    }
    if (state) return luaL_error(L, "cannot close a %s coroutine", state);
    hj_ctx *c = hj_ctx_fast(L);
    if (c->close_nesting >= HJ_CLOSE_NESTING) return luaL_error(L, "C stack overflow");
    c->close_nesting++;
    int status = lua_resetthread(co);            /* runs the pending __close, protected */
    c->close_nesting--;
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);                         /* the error */
    return 2;
}

/* ---- installation --------------------------------------------------------------------------- */

/* registry._LOADED, which Lua's messages search to name a C function ("bad argument #1 to
   'string.format'"), becomes private copies of the libraries: a mod's aliases
   (myfmt = string.format) cannot change the name, whose choice would follow the table's
   hash order (#15 item 8). */
static void hj_private_loaded(lua_State *L, int G) {
    static const char *const libs[] = {"string", "table", "math", "utf8", "coroutine"};
    lua_createtable(L, 0, 8);
    int loaded = lua_gettop(L);
    lua_createtable(L, 0, 40);
    lua_pushnil(L);
    while (lua_next(L, G)) {
        if (lua_type(L, -1) == LUA_TFUNCTION) {
            lua_pushvalue(L, -2);
            lua_rotate(L, -2, 1);
            lua_rawset(L, -4);
        } else {
            lua_settop(L, -2);
        }
    }
    lua_setfield(L, loaded, "_G");
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        lua_getfield(L, G, libs[i]);
        int lib = lua_gettop(L);
        lua_createtable(L, 0, 40);
        lua_pushnil(L);
        while (lua_next(L, lib)) {
            lua_pushvalue(L, -2);
            lua_rotate(L, -2, 1);
            lua_rawset(L, -4);
        }
        lua_setfield(L, loaded, libs[i]);
        lua_settop(L, loaded);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
}

int hj_install_sandbox(lua_State *L) {
    static const struct { const char *name; lua_CFunction open; } libs[] = {
        {LUA_GNAME, luaopen_base},
        {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},
        {LUA_COLIBNAME, luaopen_coroutine},
    };
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        luaL_requiref(L, libs[i].name, libs[i].open, 1);
        lua_settop(L, -2);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    int G = lua_gettop(L);

    /* base */
    hj_remove_field(L, G, "dofile");
    hj_remove_field(L, G, "loadfile");
    hj_wrap(L, G, "load", sb_load);
    hj_wrap(L, G, "setmetatable", sb_setmetatable);
    hj_set(L, G, "print", sb_print);
    hj_set(L, G, "tostring", sb_tostring);
    hj_set(L, G, "collectgarbage", sb_collectgarbage);
    hj_set(L, G, "require", hj_sandbox_require);
    hj_set(L, G, "xpcall", sb_xpcall);
    hj_install_order(L, G);

    /* string */
    lua_getfield(L, G, "string");
    int S = lua_gettop(L);
    hj_install_string(L, S);
    hj_install_patterns(L, S);
    /* the string metatable: __index is the mod's own string table, so methods a mod adds
       work as s:method() as in Lua (one state per mod: nobody else sees them), and the
       metatable itself is protected (L-7, L-8) */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, S);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_settop(L, S - 1);

    /* table */
    lua_getfield(L, G, "table");
    hj_install_table(L, lua_gettop(L));
    lua_settop(L, -2);

    /* math */
    lua_getfield(L, G, "math");
    hj_install_random(L, lua_gettop(L));
    lua_settop(L, -2);

    /* utf8 */
    lua_getfield(L, G, "utf8");
    hj_install_utf8(L, lua_gettop(L));
    lua_settop(L, -2);

    /* coroutine: close, with its nesting counted (L-37) */
    lua_getfield(L, G, "coroutine");
    hj_set(L, -1, "close", sb_coclose);
    lua_settop(L, -2);

    hj_install_loaded(L, G);
    hj_private_loaded(L, G);
    lua_settop(L, G - 1);
    return 0;
}
