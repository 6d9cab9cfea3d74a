/*
 * The sandbox's string and utf8 wrappers (RELIABILITY §1.1–1.5; part of sandbox.c's
 * library): each checks or charges, then calls Lua's own function in its frame.
 */
#include "internal.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

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

void hj_install_string(lua_State *L, int S) {
    hj_remove_field(L, S, "dump");
    hj_wrap(L, S, "rep", sb_rep);
    hj_wrap(L, S, "byte", sb_byte);
    hj_wrap(L, S, "format", sb_format);
    hj_wrap(L, S, "pack", sb_pack);
}

void hj_install_utf8(lua_State *L, int U) {
    hj_wrap(L, U, "len", sb_utf8_len);
    hj_wrap(L, U, "codepoint", sb_utf8_codepoint);
    hj_wrap(L, U, "offset", sb_utf8_offset);
}
