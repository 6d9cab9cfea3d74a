/*
 * The matcher behind Lua's patterns, counting its steps (see pattern.c): character
 * classes, the backtracking matcher and captures.
 */
#include "pattern.h"
#include <string.h>

/* ---- character classes (the C locale) ---------------------------------------------------- */

static int hj_isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
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

const char *hj_do_match(hj_match *m, const char *s, const char *p) {
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
ptrdiff_t hj_capture(hj_match *m, int i, const char *s, const char *e, const char **cap) {
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

void hj_push_capture(hj_match *m, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t len = hj_capture(m, i, s, e, &cap);
    if (len != HJ_CAP_POSITION) lua_pushlstring(m->L, cap, (size_t)len);
}

int hj_push_captures(hj_match *m, const char *s, const char *e) {
    int n = (m->level == 0 && s) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) hj_push_capture(m, i, s, e);
    return n;
}

void hj_match_init(hj_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src = s;
    m->src_end = s + ls;
    m->pat_end = p + lp;
    m->depth = HJ_MAXDEPTH;
    m->level = 0;
    m->steps = 0;
}
