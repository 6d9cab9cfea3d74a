#define _GNU_SOURCE 1  /* memmem */
/*
 * Lua patterns, bounded by the work they do (L-23; #12 item 9; #15 item 3).
 *
 * Lua's matcher backtracks inside one C call the count hook cannot interrupt: (".-"):rep(4)
 * .. "b" against 300 bytes runs for minutes. A cap on the pattern's shape refuses ordinary
 * patterns on short strings, so this is a matcher of its own (the language of the Lua 5.4
 * manual, §6.4.1, with Lua's messages) that counts its steps and charges them to the
 * instruction budget: a linear pattern costs about one instruction per subject byte, and a
 * catastrophic one runs out of budget like an endless loop. Character classes are the C
 * locale's, whatever the process locale, so a pattern matches the same everywhere.
 *
 * find, match, gmatch and gsub keep Lua's arguments, results and messages.
 */
#include "pattern.h"
#include <string.h>

/* ---- find and match ----------------------------------------------------------------------- */

static int hj_no_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (p[i] != '\0' && strchr(HJ_SPECIALS, p[i]) != NULL) return 0;
    return 1;
}

/* A plain search in linear time (glibc's memmem is the two-way algorithm), charged by the
   bytes it may look at; elsewhere a simple search charged by each comparison. */
static const char *hj_plain_find(lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
#if defined(__GLIBC__)
    hj_spend(L, (int64_t)((ls + lp) >> 4) + 1);
    return (const char *)memmem(s, ls, p, lp);
#else
    int64_t work = 0;
    const char *end = s + (ls - lp) + 1;
    for (const char *at = s; at < end; at++) {
        const char *hit = memchr(at, p[0], (size_t)(end - at));
        if (hit == NULL) { hj_spend(L, work + (int64_t)((end - at) >> 4)); return NULL; }
        work += (int64_t)((hit - at) >> 4) + (int64_t)(lp >> 4) + 1;
        if (work >= 4096) { hj_spend(L, work); work = 0; }
        if (memcmp(hit, p, lp) == 0) { hj_spend(L, work); return hit; }
        at = hit;
    }
    hj_spend(L, work);
    return NULL;
#endif
}

static int hj_find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = hj_posrelat(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || hj_no_specials(p, lp))) {
        const char *hit = hj_plain_find(L, s + init, ls - init, p, lp);
        if (hit) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (hit - s) + (lua_Integer)lp);
            return 2;
        }
    } else {
        hj_match m;
        const char *s1 = s + init;
        int anchor = *p == '^';
        if (anchor) { p++; lp--; }
        hj_match_init(&m, L, s, ls, p, lp);
        do {
            m.level = 0;
            const char *e = hj_do_match(&m, s1, p);
            if (e != NULL) {
                hj_flush(&m);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, e - s);
                    return hj_push_captures(&m, NULL, 0) + 2;
                }
                return hj_push_captures(&m, s1, e);
            }
        } while (s1++ < m.src_end && !anchor);
        hj_flush(&m);
    }
    luaL_pushfail(L);
    return 1;
}

static int sb_find(lua_State *L) { return hj_find_aux(L, 1); }
static int sb_match(lua_State *L) { return hj_find_aux(L, 0); }

/* ---- gmatch ------------------------------------------------------------------------------------ */

typedef struct hj_gmatch {
    const char *src;
    const char *p;
    const char *lastmatch;
    hj_match m;
} hj_gmatch;

static int hj_gmatch_step(lua_State *L) {
    hj_gmatch *g = (hj_gmatch *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *src = g->src; src <= g->m.src_end; src++) {
        g->m.level = 0;
        const char *e = hj_do_match(&g->m, src, g->p);
        if (e != NULL && e != g->lastmatch) {
            g->src = g->lastmatch = e;
            hj_flush(&g->m);
            return hj_push_captures(&g->m, src, e);
        }
    }
    g->src = g->m.src_end + 1;                   /* exhausted */
    hj_flush(&g->m);
    return 0;
}

static int sb_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = hj_posrelat(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);                            /* the strings stay with the closure */
    hj_gmatch *g = (hj_gmatch *)lua_newuserdatauv(L, sizeof(hj_gmatch), 0);
    if (init > ls) init = ls + 1;
    hj_match_init(&g->m, L, s, ls, p, lp);
    g->src = s + init;
    g->p = p;
    g->lastmatch = NULL;
    lua_pushcclosure(L, hj_gmatch_step, 3);
    return 1;
}

/* ---- gsub ---------------------------------------------------------------------------------------- */

static void hj_add_replacement(hj_match *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *text = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = (const char *)memchr(text, '%', l)) != NULL) {
        luaL_addlstring(b, text, (size_t)(p - text));
        p++;                                     /* (a final '%' meets the '\0') */
        if (*p == '%') {
            luaL_addchar(b, '%');
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (hj_isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t len = hj_capture(m, *p - '1', s, e, &cap);
            if (len == HJ_CAP_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        l -= (size_t)(p + 1 - text);
        text = p + 1;
    }
    luaL_addlstring(b, text, l);
}

/* Adds the replacement for the match s..e; returns whether anything changed. */
static int hj_add_value(hj_match *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    switch (kind) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = hj_push_captures(m, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        hj_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:
        hj_add_replacement(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {                 /* nil or false: keep the original */
        lua_settop(L, -2);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int sb_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int kind = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = *p == '^';
    lua_Integer n = 0;
    int changed = 0;
    hj_match m;
    luaL_Buffer b;
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING ||
                     kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3, "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) { p++; lp--; }
    hj_match_init(&m, L, src, srcl, p, lp);
    while (n < max_s) {
        m.level = 0;
        const char *e = hj_do_match(&m, src, p);
        if (e != NULL && e != lastmatch) {
            n++;
            changed = hj_add_value(&m, &b, src, e, kind) | changed;
            src = lastmatch = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    hj_flush(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void hj_install_patterns(lua_State *L, int S) {
    static const luaL_Reg funcs[] = {
        {"find", sb_find}, {"match", sb_match}, {"gmatch", sb_gmatch}, {"gsub", sb_gsub}, {NULL, NULL},
    };
    S = lua_absindex(L, S);
    for (const luaL_Reg *f = funcs; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, S, f->name);
    }
}
