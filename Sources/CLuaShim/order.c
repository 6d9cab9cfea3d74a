/*
 * Deterministic identities and traversal order (L-12, L-13; #15 item 8).
 *
 * Lua seeds its string hashes per state from the clock and from ASLR addresses
 * (lstate.c, luai_makeseed), and hashes tables and functions by address, so the raw order of
 * next() differs between processes and a mod that iterates with pairs plays differently in
 * each. The system library offers no way to fix the seed (and changing it after creation
 * would corrupt the string table), so the sandbox orders traversal instead:
 *
 *   numbers (ascending), then strings (bytewise), then false, true, then objects: the
 *   libraries' builtin functions in the order they were numbered at install, then tables,
 *   functions and coroutines in the order they were created.
 *
 * Creation order comes from the allocator, which writes a creation number in a header in
 * front of every object; it also gives tostring its address-free "table: 0x00010a2f".
 *
 * pairs(t) snapshots the keys at the start of the loop (so removing keys during the loop is
 * fine, and keys added during it are not visited, which Lua leaves undefined anyway). next(t,
 * k) keeps one snapshot per table in a weak table and walks it; next(t) alone scans for the
 * smallest key without sorting, so `next(t) == nil` stays O(n) and allocation-free.
 */
#include "internal.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- key order ---------------------------------------------------------------------------- */

typedef struct hj_key {
    union {
        struct { const char *s; size_t l; } str;
        lua_Integer i;   /* integer, boolean, or object identity */
        lua_Number n;
    } u;
    uint32_t pos;        /* where the key sits in the table of keys as found */
    uint8_t kind;        /* 0 number, 1 string, 2 boolean, 3 object */
    uint8_t isint;
} hj_key;

/* Reads the key at idx; returns 0 when the key has no defined order. */
static int hj_read_key(lua_State *L, int idx, hj_key *k) {
    memset(k, 0, sizeof *k);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        k->kind = 0;
        k->isint = (uint8_t)lua_isinteger(L, idx);
        if (k->isint) k->u.i = lua_tointegerx(L, idx, NULL);
        else k->u.n = lua_tonumberx(L, idx, NULL);
        return 1;
    case LUA_TSTRING:
        k->kind = 1;
        k->u.str.s = lua_tolstring(L, idx, &k->u.str.l);
        return 1;
    case LUA_TBOOLEAN:
        k->kind = 2;
        k->u.i = lua_toboolean(L, idx);
        return 1;
    default: {
        uint64_t id = hj_object_id(L, idx);
        if (id == 0) return 0;
        k->kind = 3;
        k->u.i = (lua_Integer)id;
        return 1;
    }
    }
}

/* Compares two numbers exactly, integers against floats included. */
static int hj_number_cmp(const hj_key *a, const hj_key *b) {
    if (a->isint && b->isint) return a->u.i < b->u.i ? -1 : (a->u.i > b->u.i);
    if (!a->isint && !b->isint) return a->u.n < b->u.n ? -1 : (a->u.n > b->u.n);
    /* one integer, one float (never NaN, never integral: Lua normalises such keys) */
    lua_Integer in = a->isint ? a->u.i : b->u.i;
    lua_Number f = a->isint ? b->u.n : a->u.n;
    int r;                                       /* the integer against the float */
    if (f >= 0x1p63) r = -1;
    else if (f < -0x1p63) r = 1;
    else r = in <= (lua_Integer)floor(f) ? -1 : 1;
    return a->isint ? r : -r;
}

static int hj_key_cmp(const hj_key *a, const hj_key *b, int64_t *work) {
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case 0: return hj_number_cmp(a, b);
    case 1: {
        size_t m = a->u.str.l < b->u.str.l ? a->u.str.l : b->u.str.l;
        *work += (int64_t)(m >> 4);
        int r = memcmp(a->u.str.s, b->u.str.s, m);
        if (r != 0) return r < 0 ? -1 : 1;
        return a->u.str.l < b->u.str.l ? -1 : (a->u.str.l > b->u.str.l);
    }
    default:
        return a->u.i < b->u.i ? -1 : (a->u.i > b->u.i);
    }
}

/* Heapsort in place (keys are distinct, so stability does not matter, and no scratch
   memory is needed); adds its comparisons to *work. */
static void hj_sift(hj_key *keys, size_t root, size_t n, int64_t *work) {
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n) return;
        if (child + 1 < n) {
            (*work)++;
            if (hj_key_cmp(&keys[child], &keys[child + 1], work) < 0) child++;
        }
        (*work)++;
        if (hj_key_cmp(&keys[root], &keys[child], work) >= 0) return;
        hj_key t = keys[root]; keys[root] = keys[child]; keys[child] = t;
        root = child;
    }
}

static void hj_sort_keys(hj_key *keys, size_t n, int64_t *work) {
    for (size_t i = n / 2; i-- > 0;) hj_sift(keys, i, n, work);
    for (size_t end = n; end-- > 1;) {
        hj_key t = keys[0]; keys[0] = keys[end]; keys[end] = t;
        hj_sift(keys, 0, end, work);
    }
}

static int hj_unordered(lua_State *L, int idx) {
    return luaL_error(L, "a key of type %s has no defined order", luaL_typename(L, idx));
}

/* Pushes a table holding t's keys in order (1..n), including `extra` when it is not 0 (a
   key that must be in the snapshot even if t no longer has it). Returns n. Charges the
   work to the budget. Memory: the table of keys and 24 bytes a key while sorting. */
static lua_Integer hj_snapshot(lua_State *L, int t, int extra) {
    t = lua_absindex(L, t);
    if (extra) extra = lua_absindex(L, extra);
    int64_t work = 0;
    lua_Integer n = 0;
    int extra_seen = extra == 0;
    lua_pushnil(L);                              /* count first: the table of keys is exact */
    while (lua_next(L, t)) {
        lua_settop(L, -2);
        if (!extra_seen && lua_rawequal(L, -1, extra)) extra_seen = 1;
        n++;
    }
    if (!extra_seen) n++;
    hj_spend(L, 4 * n);
    if (n > 0x7fffffff) luaL_error(L, "table too big to traverse");
    lua_createtable(L, (int)n, 0);               /* the keys (anchors the strings) */
    int keys = lua_gettop(L);
    lua_Integer i = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_settop(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++i);
    }
    if (!extra_seen) { lua_pushvalue(L, extra); lua_rawseti(L, keys, ++i); }
    n = i;
    if (n < 2) {
        if (n == 1) {                            /* still refuse a key with no order */
            hj_key one;
            lua_rawgeti(L, keys, 1);
            if (!hj_read_key(L, -1, &one)) hj_unordered(L, -1);
            lua_settop(L, keys);
        }
        return n;
    }
    size_t count = (size_t)n;
    hj_key *order = (hj_key *)lua_newuserdatauv(L, count * sizeof(hj_key), 0);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, keys, k);
        if (!hj_read_key(L, -1, &order[k - 1])) hj_unordered(L, -1);
        order[k - 1].pos = (uint32_t)k;
        lua_settop(L, -2);
    }
    /* Lua lists the array part first, in order: sort only what follows a sorted prefix,
       then merge, so arrays cost O(n) */
    size_t sorted = 1;
    while (sorted < count && hj_key_cmp(&order[sorted - 1], &order[sorted], &work) < 0) sorted++;
    work += (int64_t)sorted;
    if (sorted < count) {
        size_t rest = count - sorted;
        hj_sort_keys(order + sorted, rest, &work);
        work++;
        if (hj_key_cmp(&order[sorted - 1], &order[sorted], &work) > 0) {
            hj_key *tmp = (hj_key *)lua_newuserdatauv(L, rest * sizeof(hj_key), 0);
            memcpy(tmp, order + sorted, rest * sizeof(hj_key));
            size_t a = sorted, b = rest, o = count;      /* merge from the back */
            while (b > 0) {
                work++;
                if (a > 0 && hj_key_cmp(&order[a - 1], &tmp[b - 1], &work) > 0) order[--o] = order[--a];
                else order[--o] = tmp[--b];
            }
        }
    }
    /* permute the table of keys into that order, cycle by cycle, in place */
    for (size_t k = 0; k < count; k++) {
        if (order[k].pos == 0 || order[k].pos == k + 1) continue;
        lua_rawgeti(L, keys, (lua_Integer)k + 1);        /* the value the cycle displaces */
        size_t j = k;
        for (;;) {
            size_t from = order[j].pos - 1;
            order[j].pos = 0;
            if (from == k) { lua_rawseti(L, keys, (lua_Integer)j + 1); break; }
            lua_rawgeti(L, keys, (lua_Integer)from + 1);
            lua_rawseti(L, keys, (lua_Integer)j + 1);
            j = from;
        }
    }
    lua_settop(L, keys);
    hj_spend(L, work + 2 * n);
    return n;
}

/* The position of the key at k in the ordered keys at `keys` (1..n), trying `hint` first;
   0 when it is not there. */
static lua_Integer hj_locate(lua_State *L, int keys, lua_Integer n, lua_Integer hint, int k) {
    if (hint >= 1 && hint <= n) {
        lua_rawgeti(L, keys, hint);
        int same = lua_rawequal(L, -1, k);
        lua_settop(L, -2);
        if (same) return hint;
    }
    hj_key want, at;
    if (!hj_read_key(L, k, &want)) return 0;
    int64_t work = 0;
    lua_Integer lo = 1, hi = n;
    while (lo <= hi) {
        lua_Integer mid = lo + (hi - lo) / 2;
        lua_rawgeti(L, keys, mid);
        int r = hj_read_key(L, -1, &at) ? hj_key_cmp(&want, &at, &work) : -1;
        lua_settop(L, -2);
        work++;
        if (r == 0) { hj_spend(L, work); return mid; }
        if (r < 0) hi = mid - 1; else lo = mid + 1;
    }
    hj_spend(L, work);
    return 0;
}

/* Pushes the first key after position `from` that t still holds, and its value; returns 2
   and sets *at, or returns 0 at the end. */
static int hj_walk(lua_State *L, int t, int keys, lua_Integer n, lua_Integer from, lua_Integer *at) {
    for (lua_Integer j = from + 1; j <= n; j++) {
        lua_rawgeti(L, keys, j);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, t) != LUA_TNIL) { *at = j; hj_spend(L, j - from); return 2; }
        lua_settop(L, -3);
    }
    hj_spend(L, n - from);
    return 0;
}

static int hj_invalid_key(lua_State *L) {
    lua_pushliteral(L, "invalid key to 'next'");  /* as Lua says it, without a position */
    return lua_error(L);
}

/* ---- next ----------------------------------------------------------------------------------- */

typedef struct hj_snap {
    lua_Integer n, at;
} hj_snap;

/* cache[t] = a new snapshot of t (with `extra`); leaves the keys table on top, returns n */
static lua_Integer hj_cache_snapshot(lua_State *L, int cache, int extra, hj_snap **out) {
    lua_Integer n = hj_snapshot(L, 1, extra);    /* keys */
    hj_snap *s = (hj_snap *)lua_newuserdatauv(L, sizeof(hj_snap), 1);
    s->n = n;
    s->at = 0;
    lua_pushvalue(L, -2);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, -2, 1);
    lua_rawset(L, cache);                        /* keys stay on top */
    *out = s;
    return n;
}

static int sb_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);                            /* 2: the key (nil when absent) */
    lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.next");   /* 3: t -> snapshot or first key */
    if (lua_isnil(L, 2)) {
        /* the smallest key, by one scan (no snapshot yet: `next(t) == nil` stays cheap) */
        hj_key best, k;
        int64_t work = 0;
        lua_Integer n = 0;
        lua_pushnil(L);                          /* 4: best key so far */
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            lua_settop(L, -2);
            n++;
            if (!hj_read_key(L, -1, &k)) hj_unordered(L, -1);
            if (lua_isnil(L, 4) || hj_key_cmp(&k, &best, &work) < 0) {
                best = k;
                lua_copy(L, -1, 4);
                if (best.kind == 1) best.u.str.s = lua_tolstring(L, 4, &best.u.str.l);
            }
        }
        hj_spend(L, 2 * n + work);
        lua_pushvalue(L, 1);
        if (lua_isnil(L, 4)) {
            lua_pushnil(L);
            lua_rawset(L, 3);
            lua_pushnil(L);
            return 1;
        }
        lua_pushvalue(L, 4);
        lua_rawset(L, 3);                        /* cache[t] = the first key, pending */
        lua_pushvalue(L, 4);
        lua_pushvalue(L, 4);
        lua_rawget(L, 1);
        return 2;
    }
    lua_pushvalue(L, 1);
    int cached = lua_rawget(L, 3);               /* 4 */
    hj_snap *s = NULL;
    lua_Integer n = 0, i = 0;
    if (cached == LUA_TUSERDATA) {
        s = (hj_snap *)lua_touserdata(L, 4);
        lua_getiuservalue(L, 4, 1);              /* 5: keys */
        n = s->n;
        i = hj_locate(L, 5, n, s->at, 2);
    } else if (cached != LUA_TNIL && lua_rawequal(L, 4, 2)) {
        /* the second step of a traversal: snapshot now, keeping the first key even if the
           loop removed it */
        n = hj_cache_snapshot(L, 3, 2, &s);
        i = hj_locate(L, lua_gettop(L), n, 0, 2);
    }
    if (i == 0) {                                /* no snapshot has the key: take a fresh one */
        lua_settop(L, 3);
        n = hj_cache_snapshot(L, 3, 0, &s);
        i = hj_locate(L, lua_gettop(L), n, 0, 2);
        if (i == 0) return hj_invalid_key(L);
    }
    int keys = lua_gettop(L);
    lua_Integer at = 0;
    if (hj_walk(L, 1, keys, n, i, &at)) { s->at = at; return 2; }
    lua_pushvalue(L, 1);                         /* the end: drop the snapshot */
    lua_pushnil(L);
    lua_rawset(L, 3);
    lua_pushnil(L);
    return 1;
}

/* ---- pairs ----------------------------------------------------------------------------------- */

/* The iterator pairs returns: upvalue 1 the ordered keys, 2 their count, 3 the position. */
static int hj_pairs_step(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    int keys = lua_upvalueindex(1);
    lua_Integer n = lua_tointegerx(L, lua_upvalueindex(2), NULL);
    lua_Integer at = lua_tointegerx(L, lua_upvalueindex(3), NULL);
    lua_Integer i = 0;
    if (!lua_isnil(L, 2)) {
        i = hj_locate(L, keys, n, at, 2);
        if (i == 0) return hj_invalid_key(L);
    }
    if (hj_walk(L, 1, keys, n, i, &at)) {
        lua_pushinteger(L, at);
        lua_replace(L, lua_upvalueindex(3));
        return 2;
    }
    lua_pushinteger(L, n);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushnil(L);
    return 1;
}

static int hj_pairs_cont(lua_State *L, int status, lua_KContext k) {
    (void)L; (void)status; (void)k;
    return 3;
}

static int sb_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_callk(L, 1, 3, 0, hj_pairs_cont);   /* may yield, as in Lua */
        return 3;
    }
    if (lua_type(L, 1) != LUA_TTABLE) {         /* as Lua: the first step raises */
        lua_getfield(L, LUA_REGISTRYINDEX, "hanjul.nextfn");
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
    lua_Integer n = hj_snapshot(L, 1, 0);
    lua_pushinteger(L, n);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, hj_pairs_step, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void hj_install_order(lua_State *L, int G) {
    G = lua_absindex(L, G);
    lua_createtable(L, 0, 0);                    /* weak keys: a snapshot dies with its table */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.next");
    lua_pushcfunction(L, sb_next);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "hanjul.nextfn");
    lua_setfield(L, G, "next");
    lua_pushcfunction(L, sb_pairs);
    lua_setfield(L, G, "pairs");
}
