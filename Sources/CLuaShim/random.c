/*
 * The sandbox's math.random and math.randomseed (RELIABILITY L-14; part of sandbox.c's
 * library).
 */
#include "internal.h"

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

void hj_install_random(lua_State *L, int M) {
    hj_set(L, M, "random", sb_random);
    hj_set(L, M, "randomseed", sb_randomseed);
}
