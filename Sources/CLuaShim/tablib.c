/*
 * The table library's loops, charged to the instruction budget (#15 item 3; L-22, L-22a).
 *
 * Lua's table.move, insert, remove, concat, unpack and sort loop in C, where the count hook
 * cannot see them: `table.move({}, 1, 3e8, 1, {})` ran 16 s, and a __len of 1e15 makes
 * insert loop for ever. These versions behave as Lua 5.4's (same arguments, results, order
 * of accesses and messages) and charge each step, so the instruction budget ends any of
 * them like a Lua loop, and there is no fixed cap on table sizes.
 *
 * sort is a median-of-three quicksort that, like Lua's, notices an inconsistent order
 * function when a partition runs off its end ("invalid order function for sorting"); where
 * Lua picks a pivot from the clock after a bad partition, this one picks it from the bounds,
 * so the same input sorts the same way in every process.
 */
#include "internal.h"
#include <limits.h>
#include <string.h>

#define TAB_R 1
#define TAB_W 2
#define TAB_L 4

/* Charge every this many elements (and the rest at the end). */
#define HJ_CHUNK 256

static int hj_has_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

/* A table, or a value whose metatable has the metamethods the operation needs. */
static void hj_checktab(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    if (lua_getmetatable(L, arg) &&
        (!(what & TAB_R) || hj_has_field(L, "__index", ++n)) &&
        (!(what & TAB_W) || hj_has_field(L, "__newindex", ++n)) &&
        (!(what & TAB_L) || hj_has_field(L, "__len", ++n))) {
        lua_settop(L, -n - 1);
    } else {
        luaL_checktype(L, arg, LUA_TTABLE);      /* raises the usual message */
    }
}

static lua_Integer hj_getn(lua_State *L, int arg, int what) {
    hj_checktab(L, arg, what | TAB_L);
    return luaL_len(L, arg);
}

static int tb_insert(lua_State *L) {
    lua_Integer e = hj_getn(L, 1, TAB_R | TAB_W);
    e = (lua_Integer)((lua_Unsigned)e + 1u);     /* the first empty slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3: {
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        lua_Integer moved = 0;
        for (lua_Integer i = e; i > pos; i--) {  /* move up */
            if (++moved == HJ_CHUNK) { hj_spend(L, 2 * HJ_CHUNK); moved = 0; }
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        hj_spend(L, 2 * moved);
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int tb_remove(lua_State *L) {
    lua_Integer size = hj_getn(L, 1, TAB_R | TAB_W);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);                         /* the result */
    lua_Integer moved = 0;
    for (; pos < size; pos++) {                  /* move down */
        if (++moved == HJ_CHUNK) { hj_spend(L, 2 * HJ_CHUNK); moved = 0; }
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    hj_spend(L, 2 * moved);
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* Copies a[f..e] into tt[t..]: upwards when the ranges allow it (better for rehashing),
   downwards when the destination overlaps after the source. */
static int tb_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    hj_checktab(L, 1, TAB_R);
    hj_checktab(L, tt, TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        int up = t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ));
        lua_Integer moved = 0;
        for (lua_Integer k = 0; k < n; k++) {
            lua_Integer i = up ? k : n - 1 - k;
            if (++moved == HJ_CHUNK) { hj_spend(L, 2 * HJ_CHUNK); moved = 0; }
            lua_geti(L, 1, f + i);
            lua_seti(L, tt, t + i);
        }
        hj_spend(L, 2 * moved);
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void hj_addfield(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'",
                   luaL_typename(L, -1), (LUAI_UACINT)i);
    luaL_addvalue(b);
}

static int tb_concat(lua_State *L) {
    luaL_Buffer b;
    lua_Integer last = hj_getn(L, 1, TAB_R);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_buffinit(L, &b);
    lua_Integer done = 0;
    for (; i < last; i++) {
        if (++done == HJ_CHUNK) { hj_spend(L, 2 * HJ_CHUNK); done = 0; }
        hj_addfield(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) hj_addfield(L, &b, i);
    hj_spend(L, 2 * done + 1);
    luaL_pushresult(&b);
    return 1;
}

static int tb_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    hj_spend(L, (int64_t)n);                    /* at most LUAI_MAXSTACK values */
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

/* ---- sort ------------------------------------------------------------------------------- */

typedef struct hj_sorter {
    lua_State *L;
    int has_cmp;
    int64_t work;                                /* comparisons not yet charged */
} hj_sorter;

static void hj_sort_charge(hj_sorter *s) {
    if (s->work >= HJ_CHUNK) { hj_spend(s->L, s->work); s->work = 0; }
}

/* a < b for the values at stack indices a and b (negative indices allowed) */
static int hj_sort_less(hj_sorter *s, int a, int b) {
    lua_State *L = s->L;
    s->work += s->has_cmp ? 1 : 2;               /* (a comparator's own code is counted) */
    if (!s->has_cmp) {
        if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) {
            size_t la, lb;
            lua_tolstring(L, a, &la);
            lua_tolstring(L, b, &lb);
            s->work += (int64_t)((la < lb ? la : lb) >> 4);
        }
        hj_sort_charge(s);
        return lua_compare(L, a, b, LUA_OPLT);
    }
    hj_sort_charge(s);
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int r = lua_toboolean(L, -1);
    lua_settop(L, -2);
    return r;
}

/* t[i] = value on top, t[j] = the value below it; pops both */
static void hj_sort_set2(lua_State *L, lua_Integer i, lua_Integer j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

static int hj_bad_order(lua_State *L) {
    return luaL_error(L, "invalid order function for sorting");
}

/* Partitions t[lo..up] around the pivot P, which is on top of the stack and also at
   t[up - 1] (t[lo] <= P <= t[up] already). Returns the pivot's final position. */
static lua_Integer hj_partition(hj_sorter *s, lua_Integer lo, lua_Integer up) {
    lua_State *L = s->L;
    lua_Integer i = lo, j = up - 1;
    for (;;) {
        /* up from the left while t[i] < P */
        for (;;) {
            lua_geti(L, 1, ++i);
            if (!hj_sort_less(s, -1, -2)) break;
            if (i == up - 1) hj_bad_order(L);
            lua_settop(L, -2);
        }
        /* down from the right while P < t[j] */
        for (;;) {
            lua_geti(L, 1, --j);
            if (!hj_sort_less(s, -3, -1)) break;
            if (j < i) hj_bad_order(L);
            lua_settop(L, -2);
        }
        if (j < i) {                             /* crossed: t[i] goes to up - 1 */
            lua_settop(L, -2);                   /* drop t[j] */
            lua_geti(L, 1, up - 1);
            hj_sort_set2(L, i, up - 1);          /* swap t[up - 1] and t[i] */
            return i;
        }
        hj_sort_set2(L, i, j);                   /* swap t[i] and t[j] */
    }
}

static lua_Integer hj_pick_pivot(lua_Integer lo, lua_Integer up, uint64_t rnd) {
    lua_Integer r4 = (up - lo) / 4;
    return (lua_Integer)(rnd % (uint64_t)(r4 * 2)) + lo + r4;
}

static void hj_sort_range(hj_sorter *s, lua_Integer lo, lua_Integer up, uint64_t rnd) {
    lua_State *L = s->L;
    while (lo < up) {
        luaL_checkstack(L, 8, "array too big");
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (hj_sort_less(s, -1, -2)) hj_sort_set2(L, lo, up);
        else lua_settop(L, -3);
        if (up - lo == 1) break;
        lua_Integer p = (up - lo < 100 || rnd == 0) ? lo + (up - lo) / 2 : hj_pick_pivot(lo, up, rnd);
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (hj_sort_less(s, -2, -1)) {
            hj_sort_set2(L, p, lo);
        } else {
            lua_settop(L, -2);
            lua_geti(L, 1, up);
            if (hj_sort_less(s, -1, -2)) hj_sort_set2(L, p, up);
            else lua_settop(L, -3);
        }
        if (up - lo == 2) break;
        lua_geti(L, 1, p);                       /* the pivot P */
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        hj_sort_set2(L, p, up - 1);              /* P goes to up - 1 */
        p = hj_partition(s, lo, up);
        lua_settop(L, -2);                       /* drop P */
        lua_Integer smaller;
        if (p - lo < up - p) {                   /* recurse into the smaller side */
            hj_sort_range(s, lo, p - 1, rnd);
            smaller = p - lo;
            lo = p + 1;
        } else {
            hj_sort_range(s, p + 1, up, rnd);
            smaller = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > smaller) {
            /* a bad split: vary the pivot, deterministically */
            uint64_t x = ((uint64_t)lo * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)up + 0x632BE59BD9B4E019ull);
            x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
            rnd = x | 1;
        }
    }
}

static int tb_sort(lua_State *L) {
    lua_Integer n = hj_getn(L, 1, TAB_R | TAB_W);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        hj_sorter s = { L, !lua_isnil(L, 2), 0 };
        hj_sort_range(&s, 1, n, 0);
        hj_spend(L, s.work);
    }
    return 0;
}

void hj_install_table(lua_State *L, int T) {
    static const luaL_Reg funcs[] = {
        {"insert", tb_insert}, {"remove", tb_remove}, {"move", tb_move},
        {"concat", tb_concat}, {"unpack", tb_unpack}, {"sort", tb_sort}, {NULL, NULL},
    };
    T = lua_absindex(L, T);
    for (const luaL_Reg *f = funcs; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, T, f->name);
    }
}
