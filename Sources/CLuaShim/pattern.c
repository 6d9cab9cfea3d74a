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
#include "internal.h"
#include <string.h>

#define HJ_MAXCAPTURES 32     /* LUA_MAXCAPTURES */
#define HJ_MAXDEPTH 200       /* the matcher's recursion limit, as Lua's (MAXCCALLS) */
#define HJ_CAP_UNFINISHED (-1)
#define HJ_CAP_POSITION (-2)
#define HJ_SPECIALS "^$*+?.([%-"

typedef struct hj_match {
    lua_State *L;
    const char *src, *src_end;
    const char *pat_end;
    int depth;
    int level;
    int64_t steps;                               /* not yet charged */
    struct { const char *init; ptrdiff_t len; } cap[HJ_MAXCAPTURES];
} hj_match;

static void hj_flush(hj_match *m) {
    int64_t n = m->steps;
    m->steps = 0;
    hj_spend(m->L, n);
}

static inline void hj_step(hj_match *m, int64_t n) {
    m->steps += n;
    if (m->steps >= 4096) hj_flush(m);
}

/* ---- character classes (the C locale) ---------------------------------------------------- */

static int hj_isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int hj_isdigit(int c) { return c >= '0' && c <= '9'; }
static int hj_isgraph(int c) { return c > 32 && c < 127; }

static int hj_class(int c, int cl) {
    int res;
    int lower = (cl >= 'A' && cl <= 'Z') ? cl + 32 : cl;
    switch (lower) {
    case 'a': res = hj_isalpha(c); break;
    case 'c': res = c < 32 || c == 127; break;
    case 'd': res = hj_isdigit(c); break;
    case 'g': res = hj_isgraph(c); break;
    case 'l': res = c >= 'a' && c <= 'z'; break;
    case 'p': res = hj_isgraph(c) && !hj_isalpha(c) && !hj_isdigit(c); break;
    case 's': res = c == ' ' || (c >= '\t' && c <= '\r'); break;
    case 'u': res = c >= 'A' && c <= 'Z'; break;
    case 'w': res = hj_isalpha(c) || hj_isdigit(c); break;
    case 'x': res = hj_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); break;
    case 'z': res = c == 0; break;               /* deprecated, still in 5.4 */
    default: return cl == c;
    }
    return (cl >= 'a' && cl <= 'z') ? res : !res;
}

/* The end of the single-character class at p (after a '%x' or a '[set]'). */
static const char *hj_class_end(hj_match *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        do {                                     /* the first character may be ']' */
            if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pat_end) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c is in the set [ ... ] from p (at '[') to end (at ']'). */
static int hj_in_set(int c, const char *p, const char *end) {
    int inside = 1;
    if (p[1] == '^') { inside = 0; p++; }
    while (++p < end) {
        if (*p == '%') {
            p++;
            if (hj_class(c, (unsigned char)*p)) return inside;
        } else if (p[1] == '-' && p + 2 < end) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p) return inside;
        } else if ((unsigned char)*p == c) {
            return inside;
        }
    }
    return !inside;
}

static int hj_single(hj_match *m, const char *s, const char *p, const char *ep) {
    if (s >= m->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return hj_class(c, (unsigned char)p[1]);
    case '[': return hj_in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

/* ---- the matcher -------------------------------------------------------------------------- */

static const char *hj_do_match(hj_match *m, const char *s, const char *p);

static const char *hj_balance(hj_match *m, const char *s, const char *p) {
    if (p >= m->pat_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;                   /* (the subject ends with a '\0') */
    int open = p[0], close = p[1], depth = 1;
    const char *start = s;
    while (++s < m->src_end) {
        if (*s == close) {
            if (--depth == 0) { hj_step(m, (s - start) / 4 + 1); return s + 1; }
        } else if (*s == open) {
            depth++;
        }
    }
    hj_step(m, (s - start) / 4 + 1);
    return NULL;
}

static const char *hj_max_expand(hj_match *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (hj_single(m, s + i, p, ep)) i++;
    hj_step(m, i);
    for (; i >= 0; i--) {                        /* the longest run first */
        const char *r = hj_do_match(m, s + i, ep + 1);
        if (r) return r;
    }
    return NULL;
}

static const char *hj_min_expand(hj_match *m, const char *s, const char *p, const char *ep) {
    for (;;) {                                   /* the shortest run first */
        const char *r = hj_do_match(m, s, ep + 1);
        if (r) return r;
        if (!hj_single(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *hj_open_capture(hj_match *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= HJ_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->cap[m->level].init = s;
    m->cap[m->level].len = what;
    m->level++;
    const char *r = hj_do_match(m, s, p);
    if (r == NULL) m->level--;
    return r;
}

static const char *hj_close_capture(hj_match *m, const char *s, const char *p) {
    int l = m->level - 1;
    while (l >= 0 && m->cap[l].len != HJ_CAP_UNFINISHED) l--;
    if (l < 0) luaL_error(m->L, "invalid pattern capture");
    m->cap[l].len = s - m->cap[l].init;
    const char *r = hj_do_match(m, s, p);
    if (r == NULL) m->cap[l].len = HJ_CAP_UNFINISHED;
    return r;
}

static const char *hj_backref(hj_match *m, const char *s, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= m->level || m->cap[l].len == HJ_CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", l + 1);
    size_t len = (size_t)m->cap[l].len;          /* a position capture matches nothing */
    if ((size_t)(m->src_end - s) >= len && memcmp(m->cap[l].init, s, len) == 0) {
        hj_step(m, (int64_t)(len / 4));
        return s + len;
    }
    return NULL;
}

static const char *hj_do_match(hj_match *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    hj_step(m, 1);
    for (;;) {
        if (p == m->pat_end) goto done;          /* the whole pattern matched */
        switch (*p) {
        case '(':
            s = p[1] == ')' ? hj_open_capture(m, s, p + 2, HJ_CAP_POSITION)
                            : hj_open_capture(m, s, p + 1, HJ_CAP_UNFINISHED);
            goto done;
        case ')':
            s = hj_close_capture(m, s, p + 1);
            goto done;
        case '$':
            if (p + 1 == m->pat_end) {           /* an anchor only at the very end */
                if (s != m->src_end) s = NULL;
                goto done;
            }
            break;
        case '%':
            if (p[1] == 'b') {
                s = hj_balance(m, s, p + 2);
                if (s == NULL) goto done;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                p += 2;
                if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *ep = hj_class_end(m, p);
                int before = s == m->src ? '\0' : (unsigned char)s[-1];
                int here = (unsigned char)*s;    /* '\0' at the end of the subject */
                if (!hj_in_set(before, p, ep - 1) && hj_in_set(here, p, ep - 1)) {
                    p = ep;
                    continue;
                }
                s = NULL;
                goto done;
            }
            if (hj_isdigit((unsigned char)p[1])) {
                s = hj_backref(m, s, (unsigned char)p[1]);
                if (s == NULL) goto done;
                p += 2;
                continue;
            }
            break;
        default:
            break;
        }
        /* a single-character class with an optional repetition after it */
        const char *ep = hj_class_end(m, p);
        if (!hj_single(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') { p = ep + 1; continue; }
            s = NULL;
            goto done;
        }
        switch (*ep) {
        case '?': {
            const char *r = hj_do_match(m, s + 1, ep + 1);
            if (r != NULL) { s = r; goto done; }
            p = ep + 1;
            continue;
        }
        case '+': s = hj_max_expand(m, s + 1, p, ep); goto done;
        case '*': s = hj_max_expand(m, s, p, ep); goto done;
        case '-': s = hj_min_expand(m, s, p, ep); goto done;
        default: s++; p = ep; continue;
        }
    }
done:
    m->depth++;
    return s;
}

/* ---- captures ---------------------------------------------------------------------------- */

/* Capture i of the match s..e: its length (text at *cap), or HJ_CAP_POSITION with the
   position pushed. Without captures, capture 0 is the whole match. */
static ptrdiff_t hj_capture(hj_match *m, int i, const char *s, const char *e, const char **cap) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = m->cap[i].len;
    *cap = m->cap[i].init;
    if (len == HJ_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    else if (len == HJ_CAP_POSITION) lua_pushinteger(m->L, (m->cap[i].init - m->src) + 1);
    return len;
}

static void hj_push_capture(hj_match *m, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t len = hj_capture(m, i, s, e, &cap);
    if (len != HJ_CAP_POSITION) lua_pushlstring(m->L, cap, (size_t)len);
}

static int hj_push_captures(hj_match *m, const char *s, const char *e) {
    int n = (m->level == 0 && s) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) hj_push_capture(m, i, s, e);
    return n;
}

static void hj_match_init(hj_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src = s;
    m->src_end = s + ls;
    m->pat_end = p + lp;
    m->depth = HJ_MAXDEPTH;
    m->level = 0;
    m->steps = 0;
}

/* ---- find and match ----------------------------------------------------------------------- */

static size_t hj_posrelat(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

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
