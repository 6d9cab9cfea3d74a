/*
 * The sandbox library (RELIABILITY §1.1–1.5). Allow-list: base, string, table, math, utf8,
 * coroutine, opened with luaL_requiref; io, os, package and debug are never opened.
 * These are C functions called *by Lua*, so raising errors here is fine: the longjmp only
 * crosses C frames and lands in the hj_pcall of the host.
 */
#include "internal.h"
#include <lualib.h>
#include <stdlib.h>
#include <string.h>

/* Caps for C functions the count hook cannot interrupt (L-21, L-22, L-22a, L-23). */
#define HJ_REP_MAX_BYTES   (16.0 * 1024 * 1024)
#define HJ_REP_MAX_COUNT   10000000
#define HJ_MOVE_MAX        1000000
#define HJ_CONCAT_MAX      1000000
#define HJ_UNPACK_MAX      100000
#define HJ_SORT_MAX        100000
#define HJ_PATTERN_COST    1.0e8
#define HJ_REQUIRE_NAME_MAX 128

/* Calls upvalue 1 (the original library function) with all arguments. */
static int hj_call_original(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checkstack(L, 1, NULL);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

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

/* ---- tostring / print without addresses (L-11, L-12) ------------------------------ */

const char *hj_safe_tolstring(lua_State *L, int idx, size_t *len) {
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_settop(L, -2);
        return luaL_tolstring(L, idx, len);     /* runs the mod's __tostring, in Lua */
    }
    switch (t) {
    case LUA_TNIL: case LUA_TBOOLEAN: case LUA_TNUMBER: case LUA_TSTRING:
        return luaL_tolstring(L, idx, len);
    default:
        lua_pushstring(L, lua_typename(L, t)); /* "table", "function": never an address */
        return lua_tolstring(L, -1, len);
    }
}

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

static int sb_load(lua_State *L) {
    int n = lua_gettop(L);
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t l;
        const char *s = lua_tolstring(L, 1, &l);
        if (l > 0 && s[0] == LUA_SIGNATURE[0]) {
            luaL_pushfail(L);
            lua_pushliteral(L, "binary chunk not allowed");
            return 2;
        }
    }
    if (n < 3) lua_settop(L, 3);
    lua_pushliteral(L, "t");                     /* text only (L-4) */
    lua_replace(L, 3);
    /* without an env argument the original defaults to the global table, which *is*
       the sandbox environment: the dangerous libraries were never opened (L-3). */
    return hj_call_original(L);
}

static int sb_collectgarbage(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "count") != 0)
        return luaL_error(L, "collectgarbage: only \"count\" is allowed in the sandbox");
    int kb = lua_gc(L, LUA_GCCOUNT);
    int b = lua_gc(L, LUA_GCCOUNTB);
    lua_pushnumber(L, (lua_Number)kb + ((lua_Number)b / 1024));
    return 1;
}

static int sb_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int t = lua_rawget(L, 2);
        lua_settop(L, -2);
        if (t != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in the sandbox");
    }
    return hj_call_original(L);
}

static int sb_require(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    if (len == 0 || len > HJ_REQUIRE_NAME_MAX)
        return luaL_error(L, "require: invalid module name");
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9') || ch == '_' || ch == '.';
        if (!ok) return luaL_error(L, "require: invalid module name (use letters, digits, '_' and '.')");
    }
    lua_settop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");   /* 2: per-state cache */
    lua_pushvalue(L, 1);
    int t = lua_rawget(L, 2);                               /* 3 */
    if (t == LUA_TLIGHTUSERDATA)
        return luaL_error(L, "require: module '%s' requires itself (cycle)", name);
    if (t != LUA_TNIL) return 1;
    lua_settop(L, 2);
    if (!c->cb.module) return luaL_error(L, "require: no module source");
    int saved = c->enforcing;
    c->enforcing = 0;
    int r = c->cb.module(c->host, L, name, len);            /* 3: source or message */
    c->enforcing = saved;
    if (r != 0) return lua_error(L);
    size_t slen;
    const char *src = lua_tolstring(L, 3, &slen);
    if (slen > 0 && src[0] == LUA_SIGNATURE[0])
        return luaL_error(L, "require: module '%s': binary chunk not allowed", name);
    lua_pushliteral(L, "@");
    lua_pushvalue(L, 1);
    lua_concat(L, 2);                                       /* 4: chunk name */
    if (luaL_loadbufferx(L, src, slen, lua_tostring(L, 4), "t") != LUA_OK)
        return lua_error(L);                                /* 5: chunk */
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, (void *)&sb_require);          /* "loading" marker */
    lua_rawset(L, 2);
    lua_pushvalue(L, 1);
    int status = lua_pcall(L, 1, 1, 0);                     /* 5: result */
    if (status != LUA_OK) {
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, 2);
        return lua_error(L);                                /* rethrow (a kill stays sticky) */
    }
    if (lua_isnil(L, 5)) { lua_pushboolean(L, 1); lua_replace(L, 5); }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 5);
    lua_rawset(L, 2);
    return 1;
}

/* ---- deterministic pairs (L-13) ------------------------------------------------------- */

typedef struct hj_key {
    int kind;            /* 0 number, 1 string, 2 boolean */
    int isint;
    lua_Integer i;
    lua_Number n;
    const char *s;
    size_t l;
    lua_Integer pos;
} hj_key;

static int hj_key_cmp(const void *pa, const void *pb) {
    const hj_key *a = (const hj_key *)pa, *b = (const hj_key *)pb;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case 0:
        if (a->isint && b->isint) return a->i < b->i ? -1 : (a->i > b->i);
        if (a->n != b->n) return a->n < b->n ? -1 : 1;
        return a->isint ? -1 : (b->isint ? 1 : 0);
    case 1: {
        size_t m = a->l < b->l ? a->l : b->l;
        int r = memcmp(a->s, b->s, m);
        if (r != 0) return r < 0 ? -1 : 1;
        return a->l < b->l ? -1 : (a->l > b->l);
    }
    default:
        return (int)a->i - (int)b->i;
    }
}

static int sb_pairs_iter(lua_State *L) {
    lua_Integer i = lua_tointegerx(L, lua_upvalueindex(2), NULL);
    for (;;) {
        i++;
        if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) {
            lua_pushinteger(L, i - 1);
            lua_replace(L, lua_upvalueindex(2));
            return 0;
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) {      /* skip keys removed during the loop */
            lua_pushinteger(L, i);
            lua_replace(L, lua_upvalueindex(2));
            return 2;
        }
        lua_settop(L, -3);
    }
}

static int sb_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_createtable(L, 0, 0);                    /* 2: keys (anchors the strings) */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_settop(L, -2);
        int t = lua_type(L, -1);
        if (t != LUA_TNUMBER && t != LUA_TSTRING && t != LUA_TBOOLEAN)
            return luaL_error(L, "pairs: a key of type %s has no defined order "
                                 "(iterate an array instead)", lua_typename(L, t));
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    hj_key *keys = (hj_key *)lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof(hj_key), 0);
    for (lua_Integer i = 1; i <= n; i++) {
        hj_key *k = &keys[i - 1];
        memset(k, 0, sizeof *k);
        k->pos = i;
        lua_rawgeti(L, 2, i);
        switch (lua_type(L, -1)) {
        case LUA_TNUMBER:
            k->kind = 0;
            k->isint = lua_isinteger(L, -1);
            if (k->isint) k->i = lua_tointegerx(L, -1, NULL);
            k->n = lua_tonumberx(L, -1, NULL);
            break;
        case LUA_TSTRING:
            k->kind = 1;
            k->s = lua_tolstring(L, -1, &k->l);  /* anchored in table 2 */
            break;
        default:
            k->kind = 2;
            k->i = lua_toboolean(L, -1);
            break;
        }
        lua_settop(L, -2);
    }
    qsort(keys, (size_t)n, sizeof(hj_key), hj_key_cmp);
    lua_createtable(L, (int)(n < 1000000 ? n : 0), 0);  /* 4: sorted keys */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, keys[i - 1].pos);
        lua_rawseti(L, 4, i);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sb_pairs_iter, 2);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* ---- string ------------------------------------------------------------------------------ */

static int sb_rep(lua_State *L) {
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && (n > HJ_REP_MAX_COUNT || ((double)l + (double)lsep) * (double)n > HJ_REP_MAX_BYTES))
        return luaL_error(L, "string.rep: result too large (sandbox limit %d bytes, %d repetitions)",
                          (int)HJ_REP_MAX_BYTES, HJ_REP_MAX_COUNT);
    return hj_call_original(L);
}

/* Estimated worst-case work of Lua's backtracking matcher: each '*', '+', '-' and %b can
   multiply the work by the subject length, each '?' by two (L-23). */
static double hj_pattern_cost(const char *p, size_t lp, size_t ls) {
    double n = (double)ls + 1.0;
    double cost = (double)(lp + 1);
    size_t i = 0;
    if (lp > 0 && p[0] == '^') i = 1; else cost *= n;
    for (; i < lp; i++) {
        char ch = p[i];
        if (ch == '%') {
            if (i + 1 < lp && p[i + 1] == 'b') { cost *= n; i += 3; continue; }
            if (i + 1 < lp && p[i + 1] == 'f') { i += 1; continue; }  /* the set follows */
            i++;
            continue;
        }
        if (ch == '[') {
            i++;
            if (i < lp && p[i] == '^') i++;
            if (i < lp && p[i] == ']') i++;
            while (i < lp && p[i] != ']') { if (p[i] == '%') i++; i++; }
            continue;
        }
        if (ch == '*' || ch == '+' || ch == '-') cost *= n;
        else if (ch == '?') cost *= 2.0;
    }
    return cost;
}

static int hj_check_pattern(lua_State *L, int plain_arg) {
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    if (plain_arg && lua_toboolean(L, plain_arg)) return 0;
    if (hj_pattern_cost(p, lp, ls) > HJ_PATTERN_COST)
        return luaL_error(L, "pattern too complex for a subject of %d bytes (sandbox limit)", (int)ls);
    return 0;
}

static int sb_find(lua_State *L) { hj_check_pattern(L, 4); return hj_call_original(L); }
static int sb_match(lua_State *L) { hj_check_pattern(L, 0); return hj_call_original(L); }
static int sb_gmatch(lua_State *L) { hj_check_pattern(L, 0); return hj_call_original(L); }
static int sb_gsub(lua_State *L) { hj_check_pattern(L, 0); return hj_call_original(L); }

static int sb_format(lua_State *L) {
    size_t lf;
    const char *f = luaL_checklstring(L, 1, &lf);
    int top = lua_gettop(L);
    int arg = 1;
    for (size_t i = 0; i < lf; i++) {
        if (f[i] != '%') continue;
        i++;
        if (i >= lf) break;
        if (f[i] == '%') continue;
        while (i < lf && f[i] != '\0' && strchr("-+ #0123456789.", f[i]) != NULL) i++;
        if (i >= lf) break;
        arg++;
        if (f[i] == 'p')
            return luaL_error(L, "string.format: '%%p' is not allowed in the sandbox");
        if (f[i] == 's' && arg <= top) {
            int t = lua_type(L, arg);
            if (t != LUA_TSTRING && t != LUA_TNUMBER) {
                hj_safe_tolstring(L, arg, NULL);  /* no addresses (L-12) */
                lua_replace(L, arg);
            }
        }
    }
    return hj_call_original(L);
}

/* ---- table -------------------------------------------------------------------------------- */

static int hj_count_exceeds(lua_Integer first, lua_Integer last, lua_Integer max) {
    return last >= first && (lua_Unsigned)last - (lua_Unsigned)first >= (lua_Unsigned)max;
}

static int sb_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    if (hj_count_exceeds(f, e, HJ_MOVE_MAX))
        return luaL_error(L, "table.move: too many elements (sandbox limit %d)", HJ_MOVE_MAX);
    return hj_call_original(L);
}

static int sb_concat(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    lua_Integer j = hj_isnoneornil(L, 4) ? luaL_len(L, 1) : luaL_checkinteger(L, 4);
    if (hj_count_exceeds(i, j, HJ_CONCAT_MAX))
        return luaL_error(L, "table.concat: too many elements (sandbox limit %d)", HJ_CONCAT_MAX);
    return hj_call_original(L);
}

static int sb_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = hj_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (hj_count_exceeds(i, j, HJ_UNPACK_MAX))
        return luaL_error(L, "table.unpack: too many results (sandbox limit %d)", HJ_UNPACK_MAX);
    return hj_call_original(L);
}

static int sb_sort(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    if (n > HJ_SORT_MAX)
        return luaL_error(L, "table.sort: too many elements (sandbox limit %d)", HJ_SORT_MAX);
    return hj_call_original(L);
}

/* ---- math.random from the host's generator (L-14) ------------------------------------------ */

static lua_Unsigned hj_draw(hj_ctx *c) {
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
    lua_Unsigned r = n == ~(lua_Unsigned)0 ? rv : hj_below(c, rv, n + 1);
    lua_pushinteger(L, (lua_Integer)(r + (lua_Unsigned)low));
    return 1;
}

static int sb_randomseed(lua_State *L) {
    (void)L;                                     /* the host owns the seed */
    return 0;
}

/* ---- xpcall as pcall-then-handler (L-19) ---------------------------------------------------- */

static const char hj_xpcall_src[] =
    "local pcall, type, error = ...\n"
    "local function finish(h, ok, ...)\n"
    "  if ok then return true, ... end\n"
    "  local hok, r = pcall(h, (...))\n"
    "  return false, r\n"
    "end\n"
    "return function(f, h, ...)\n"
    "  if type(h) ~= 'function' then error(\"bad argument #2 to 'xpcall' (function expected)\", 2) end\n"
    "  return finish(h, pcall(f, ...))\n"
    "end\n";

/* ---- installation --------------------------------------------------------------------------- */

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
    hj_set(L, G, "pairs", sb_pairs);
    hj_set(L, G, "require", sb_require);
    lua_createtable(L, 0, 0);
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.loaded");

    /* xpcall */
    if (luaL_loadbufferx(L, hj_xpcall_src, sizeof hj_xpcall_src - 1, "=xpcall", "t") != LUA_OK)
        return lua_error(L);
    lua_getfield(L, G, "pcall");
    lua_getfield(L, G, "type");
    lua_getfield(L, G, "error");
    lua_call(L, 3, 1);
    lua_setfield(L, G, "xpcall");

    /* string */
    lua_getfield(L, G, "string");
    int S = lua_gettop(L);
    hj_remove_field(L, S, "dump");
    hj_wrap(L, S, "rep", sb_rep);
    hj_wrap(L, S, "find", sb_find);
    hj_wrap(L, S, "match", sb_match);
    hj_wrap(L, S, "gmatch", sb_gmatch);
    hj_wrap(L, S, "gsub", sb_gsub);
    hj_wrap(L, S, "format", sb_format);
    /* the string metatable: __index is a private copy of the wrapped library, and the
       metatable is protected (L-7, L-8) */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    int M = lua_gettop(L);
    lua_createtable(L, 0, 20);
    lua_pushnil(L);
    while (lua_next(L, S)) {
        lua_pushvalue(L, -2);
        lua_rotate(L, -2, 1);
        lua_rawset(L, -4);
    }
    lua_setfield(L, M, "__index");
    lua_pushliteral(L, "locked");
    lua_setfield(L, M, "__metatable");
    lua_settop(L, S - 1);

    /* table */
    lua_getfield(L, G, "table");
    hj_wrap(L, -1, "move", sb_move);
    hj_wrap(L, -1, "concat", sb_concat);
    hj_wrap(L, -1, "unpack", sb_unpack);
    hj_wrap(L, -1, "sort", sb_sort);
    lua_settop(L, -2);

    /* math */
    lua_getfield(L, G, "math");
    hj_set(L, -1, "random", sb_random);
    hj_set(L, -1, "randomseed", sb_randomseed);
    lua_settop(L, -2);

    /* coroutine: close can overflow the C stack on 5.4.4 (L-37) */
    lua_getfield(L, G, "coroutine");
    hj_remove_field(L, -1, "close");
    lua_settop(L, -2);

    lua_settop(L, G - 1);
    return 0;
}
