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

#define HJ_REQUIRE_NAME_MAX 128
/* Lua nests a failing message handler until the C stack is full (LUAI_MAXCCALLS, 200) */
#define HJ_HANDLER_ROUNDS 200

/* The library function a wrapper stands for, called in the wrapper's frame. */
#define HJ_ORIGINAL(L) (lua_tocfunction((L), lua_upvalueindex(1))(L))

/* t[name] = cclosure(fn, original t[name]) for the table at index t. */
static void hj_wrap(lua_State *L, int t, const char *name, lua_CFunction fn) {
    t = lua_absindex(L, t);
    lua_getfield(L, t, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, t, name);
}

static void hj_set(lua_State *L, int t, const char *name, lua_CFunction fn) {
    t = lua_absindex(L, t);
    lua_pushcfunction(L, fn);
    lua_setfield(L, t, name);
}

static void hj_remove_field(lua_State *L, int t, const char *name) {
    t = lua_absindex(L, t);
    lua_pushnil(L);
    lua_setfield(L, t, name);
}

/* Lua's relative string positions (lstrlib.c posrelatI / getendpos, lutf8lib.c u_posrelat) */
static size_t hj_posrelat(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static size_t hj_endpos(lua_Integer pos, size_t len) {
    if (pos > (lua_Integer)len) return len;
    if (pos >= 0) return (size_t)pos;
    if (pos < -(lua_Integer)len) return 0;
    return len + (size_t)pos + 1;
}

static lua_Integer hj_u_posrelat(lua_Integer pos, size_t len) {
    if (pos >= 0) return pos;
    if (0u - (size_t)pos > len) return 0;
    return (lua_Integer)len + pos + 1;
}

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

static int sb_require(lua_State *L) {
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
    lua_pushlightuserdata(L, (void *)&sb_require);          /* the "loading" marker */
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

/* ---- string ------------------------------------------------------------------------------ */

/* string.rep loops n times even when the pieces are empty (L-21): charge the loop. When
   the result cannot fit the memory cap, Lua fails at once with "not enough memory". */
static int sb_rep(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 1 && l + lsep >= l && l + lsep <= (size_t)0x7fffffff / (size_t)n) {
        double total = (double)n * (double)l + (double)(n - 1) * (double)lsep;
        if (!c->enforcing || (double)c->used + total <= (double)c->limit)
            hj_spend(L, n >> 3);
    }
    return HJ_ORIGINAL(L);
}

static int sb_byte(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer pi = luaL_optinteger(L, 2, 1);
    size_t posi = hj_posrelat(pi, l), pose = hj_endpos(luaL_optinteger(L, 3, pi), l);
    if (posi <= pose) hj_spend(L, (int64_t)((pose - posi) >> 1) + 1);
    return HJ_ORIGINAL(L);
}

/* The text of a %p: the value's identity, never an address (L-12). */
static void hj_push_pointer_text(lua_State *L, int arg) {
    int t = lua_type(L, arg);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TSTRING ||
        t == LUA_TUSERDATA) {
        char buf[32];
        snprintf(buf, sizeof buf, "0x%08llx", (unsigned long long)hj_object_id(L, arg));
        lua_pushstring(L, buf);
    } else {
        lua_pushliteral(L, "(null)");
    }
}

static int hj_is_nan(lua_State *L, int arg) {
    if (lua_type(L, arg) != LUA_TNUMBER || lua_isinteger(L, arg)) return 0;
    lua_Number n = lua_tonumberx(L, arg, NULL);
    return n != n;
}

/* Lua's rule for a %p item (flags '-', a width of at most two digits, no precision):
   `spec` points after the '%', `end` at the 'p'. */
static int hj_pointer_spec_ok(const char *spec, const char *end) {
    while (spec < end && *spec == '-') spec++;
    if (spec < end && *spec == '0') return 0;
    for (int digits = 0; spec < end && digits < 2 && *spec >= '0' && *spec <= '9'; digits++) spec++;
    return spec == end;
}

/* Rewrites the arguments the C library would print differently on another machine or
   process: NaN without its sign ("nan", never "-nan": #15 item 9), %p as the identity
   (formatted as a %s), %s of tables and functions through tostring (L-12). */
static int sb_format(lua_State *L) {
    size_t lf;
    const char *f = luaL_checklstring(L, 1, &lf);
    const char *end = f + lf;
    int top = lua_gettop(L);
    int arg = 1;
    int pointers = 0;
    for (const char *p = f; p < end; p++) {
        if (*p != '%') continue;
        if (++p >= end) break;
        if (*p == '%') continue;
        const char *spec = p;
        p += strspn(p, "-+ #0123456789.");
        if (p >= end) break;
        if (++arg > top) break;                  /* the original reports the missing value */
        switch (*p) {
        case 'p':
            if (!hj_pointer_spec_ok(spec, p)) {
                lua_pushlstring(L, spec - 1, (size_t)(p - spec) + 2);
                return luaL_error(L, "invalid conversion specification: '%s'", lua_tostring(L, -1));
            }
            hj_push_pointer_text(L, arg);
            lua_replace(L, arg);
            pointers++;
            break;
        case 's':
            if (lua_type(L, arg) != LUA_TSTRING) {
                hj_safe_tolstring(L, arg, NULL);
                lua_replace(L, arg);
            }
            break;
        case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
            if (hj_is_nan(L, arg)) {
                lua_pushnumber(L, fabs(lua_tonumberx(L, arg, NULL)));
                lua_replace(L, arg);
            }
            break;
        default:
            break;
        }
    }
    if (pointers > 0) {                          /* the same format with each %p as %s */
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (const char *p = f; p < end; p++) {
            luaL_addchar(&b, *p);
            if (*p != '%') continue;
            if (p + 1 < end && p[1] == '%') { luaL_addchar(&b, '%'); p++; continue; }
            size_t span = strspn(p + 1, "-+ #0123456789.");
            if (p + 1 + span > end) span = (size_t)(end - p - 1);
            luaL_addlstring(&b, p + 1, span);
            p += span;
            if (p + 1 < end) { p++; luaL_addchar(&b, *p == 'p' ? 's' : *p); }
        }
        luaL_pushresult(&b);
        lua_replace(L, 1);
    }
    return HJ_ORIGINAL(L);
}

/* string.pack writes a float's bits: a computed NaN's sign differs between machines, so it
   is cleared (#15 item 9). */
static int sb_pack(lua_State *L) {
    int top = lua_gettop(L);
    for (int i = 2; i <= top; i++) {
        if (hj_is_nan(L, i)) {
            lua_pushnumber(L, fabs(lua_tonumberx(L, i, NULL)));
            lua_replace(L, i);
        }
    }
    return HJ_ORIGINAL(L);
}

/* ---- utf8: scans the hook cannot see, charged by their length (#15 item 3) --------------- */

static int sb_utf8_len(lua_State *L) {
    size_t len;
    luaL_checklstring(L, 1, &len);
    lua_Integer posi = hj_u_posrelat(luaL_optinteger(L, 2, 1), len);
    lua_Integer posj = hj_u_posrelat(luaL_optinteger(L, 3, -1), len);
    if (posj >= posi) hj_spend(L, (posj - posi) / 8 + 1);
    return HJ_ORIGINAL(L);
}

static int sb_utf8_codepoint(lua_State *L) {
    size_t len;
    luaL_checklstring(L, 1, &len);
    lua_Integer posi = hj_u_posrelat(luaL_optinteger(L, 2, 1), len);
    lua_Integer pose = hj_u_posrelat(luaL_optinteger(L, 3, posi), len);
    if (pose >= posi && pose - posi < 0x7fffffff) hj_spend(L, (pose - posi) / 2 + 1);
    return HJ_ORIGINAL(L);
}

static int sb_utf8_offset(lua_State *L) {
    size_t len;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer posi = hj_u_posrelat(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)len + 1), len);
    int results = HJ_ORIGINAL(L);
    /* charged after the scan, by how far it went (a single scan is bounded by the string) */
    lua_Integer far = (lua_Integer)len;
    if (results == 1 && lua_isinteger(L, -1)) {
        far = lua_tointegerx(L, -1, NULL) - posi;
        if (far < 0) far = -far;
    }
    hj_spend(L, far / 8 + 1);
    return results;
}

/* ---- math.random: the host's generator, or the mod's own once it seeds one (L-14) --------- */

static lua_Unsigned hj_rotl(lua_Unsigned x, int n) { return (x << n) | (x >> (64 - n)); }

/* xoshiro256**, seeded as Lua 5.4 seeds it, so a mod that calls math.randomseed(n) gets the
   numbers plain Lua gives for that seed. */
static lua_Unsigned hj_xoshiro(uint64_t *s) {
    uint64_t result = hj_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = hj_rotl(s[3], 45);
    return result;
}

static lua_Unsigned hj_draw(hj_ctx *c) {
    if (c->seeded) return hj_xoshiro(c->rng);
    return c->cb.random ? (lua_Unsigned)c->cb.random(c->host) : 0;
}

/* A uniform integer in [0, range) from `rv` (and more draws when needed), by Lemire's
 * multiply-and-reject method: the same mapping as the engine's SplitMix64.below(_:), so
 * math.random(m, n) and game:random(m, n) give the same numbers from the same generator. */
static lua_Unsigned hj_below(hj_ctx *c, lua_Unsigned rv, lua_Unsigned range) {
    unsigned __int128 product = (unsigned __int128)rv * range;
    if ((lua_Unsigned)product < range) {
        lua_Unsigned threshold = (0 - range) % range;
        while ((lua_Unsigned)product < threshold)
            product = (unsigned __int128)hj_draw(c) * range;
    }
    return (lua_Unsigned)(product >> 64);
}

/* Lua 5.4's own mapping of a draw into [0, n], for the mod's seeded generator. */
static lua_Unsigned hj_project(hj_ctx *c, lua_Unsigned rv, lua_Unsigned n) {
    if ((n & (n + 1)) == 0) return rv & n;
    lua_Unsigned lim = n;
    lim |= lim >> 1; lim |= lim >> 2; lim |= lim >> 4; lim |= lim >> 8;
    lim |= lim >> 16; lim |= lim >> 32;
    while ((rv &= lim) > n) rv = hj_draw(c);
    return rv;
}

static int sb_random(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    lua_Integer low, up;
    lua_Unsigned rv = hj_draw(c);
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)(rv >> 11) * 0x1.0p-53);
        return 1;
    case 1:
        low = 1;
        up = luaL_checkinteger(L, 1);
        if (up == 0) { lua_pushinteger(L, (lua_Integer)rv); return 1; }
        break;
    case 2:
        low = luaL_checkinteger(L, 1);
        up = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= up, 1, "interval is empty");
    lua_Unsigned n = (lua_Unsigned)up - (lua_Unsigned)low;
    lua_Unsigned r;
    if (c->seeded) r = hj_project(c, rv, n);
    else r = n == ~(lua_Unsigned)0 ? rv : hj_below(c, rv, n + 1);
    lua_pushinteger(L, (lua_Integer)(r + (lua_Unsigned)low));
    return 1;
}

/* math.randomseed(n1 [, n2]) gives the mod its own generator, as in Lua; with no
   argument the seed comes from the host's generator (deterministic, unlike Lua's clock). */
static int sb_randomseed(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    lua_Unsigned n1, n2;
    if (lua_isnone(L, 1)) {
        c->seeded = 0;
        n1 = hj_draw(c);
        n2 = hj_draw(c);
    } else {
        n1 = (lua_Unsigned)luaL_checkinteger(L, 1);
        n2 = (lua_Unsigned)luaL_optinteger(L, 2, 0);
    }
    c->rng[0] = n1;
    c->rng[1] = 0xff;
    c->rng[2] = n2;
    c->rng[3] = 0;
    for (int i = 0; i < 16; i++) (void)hj_xoshiro(c->rng);
    c->seeded = 1;
    lua_pushinteger(L, (lua_Integer)n1);
    lua_pushinteger(L, (lua_Integer)n2);
    return 2;
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
    hj_set(L, G, "require", sb_require);
    hj_set(L, G, "xpcall", sb_xpcall);
    hj_install_order(L, G);

    /* string */
    lua_getfield(L, G, "string");
    int S = lua_gettop(L);
    hj_remove_field(L, S, "dump");
    hj_wrap(L, S, "rep", sb_rep);
    hj_wrap(L, S, "byte", sb_byte);
    hj_wrap(L, S, "format", sb_format);
    hj_wrap(L, S, "pack", sb_pack);
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
    hj_set(L, -1, "random", sb_random);
    hj_set(L, -1, "randomseed", sb_randomseed);
    lua_settop(L, -2);

    /* utf8 */
    lua_getfield(L, G, "utf8");
    hj_wrap(L, -1, "len", sb_utf8_len);
    hj_wrap(L, -1, "codepoint", sb_utf8_codepoint);
    hj_wrap(L, -1, "offset", sb_utf8_offset);
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
