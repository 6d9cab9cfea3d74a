/* The protected call of CLuaShim (L-19, L-31): a short message handler without
   metamethods, and every call into Lua under the instruction budget and the watchdog. */
#include "internal.h"

/* ---- Message handler: short, no metamethods (L-19, L-31) ---------------------------- */

const char *hj_error_text(lua_State *L, int idx, size_t *len) {
    *len = 0;
    if (lua_type(L, idx) == LUA_TSTRING) return lua_tolstring(L, idx, len);
    return NULL;   /* the caller reports numbers and type names itself */
}

static int hj_msgh(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    int saved = c->enforcing;
    c->enforcing = 0;
    int t = lua_type(L, 1);
    if (t == LUA_TNUMBER) {
        lua_tolstring(L, 1, NULL);               /* converts in place, no metamethod */
    } else if (t != LUA_TSTRING) {
        lua_pushfstring(L, "(error object is a %s value)", lua_typename(L, t));
        lua_replace(L, 1);
    }
    luaL_traceback(L, L, NULL, 1);
    lua_rawseti(L, LUA_REGISTRYINDEX, c->tb_ref);
    lua_settop(L, 1);
    c->enforcing = saved;
    return 1;
}

void hj_push_traceback(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, c->tb_ref) != LUA_TSTRING) {
        lua_settop(L, -2);
        lua_pushliteral(L, "");
    }
}

/* ---- Protected call ------------------------------------------------------------------- */

static inline void hj_watch_enter(hj_watch *w) {
    __atomic_add_fetch(&w->epoch, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&w->active, 1, __ATOMIC_RELEASE);
}
static inline void hj_watch_leave(hj_watch *w) {
    __atomic_store_n(&w->active, 0, __ATOMIC_RELEASE);
}

void hj_watch_suspend(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (c->watch && c->depth > 0) hj_watch_leave(c->watch);
}
void hj_watch_resume(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (c->watch && c->depth > 0) hj_watch_enter(c->watch);
}

/* The call itself, with the message handler already at stack index `handler`. */
static int hj_pcall_core(lua_State *L, int nargs, int nresults, int handler) {
    hj_ctx *c = hj_ctx_fast(L);
    int outer = (c->depth == 0);
    int saved = c->enforcing;
    if (outer) {
        c->budget = c->per_call;                 /* re-arm: a store, not a new hook */
        c->killed = 0;
        c->hook_raised = 0;
        if (c->main_escalated) {
            lua_sethook(c->L, hj_hook, LUA_MASKCOUNT, c->hook_interval);
            c->main_escalated = 0;
        }
        if (c->watch) hj_watch_enter(c->watch);
    }
    c->depth++;
    c->enforcing = 1;
    int status = lua_pcall(L, nargs, nresults, handler);
    c->enforcing = saved;
    c->depth--;
    if (outer) {
        if (c->watch) hj_watch_leave(c->watch);
        if (c->killed) status = HJ_STATUS_BUDGET; /* even if the script swallowed it */
    } else if (status != LUA_OK && c->killed) {
        status = HJ_STATUS_BUDGET;
    }
    return status;
}

int hj_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;            /* the function's index */
    lua_pushcfunction(L, hj_msgh);
    lua_rotate(L, base, 1);
    int status = hj_pcall_core(L, nargs, nresults, base);
    lua_rotate(L, base, -1);                     /* remove the handler */
    lua_settop(L, -2);
    return status;
}

void hj_push_handler(lua_State *L) { lua_pushcfunction(L, hj_msgh); }

int hj_pcall_handled(lua_State *L, int nargs, int nresults) {
    /* The handler sits right below the function: no rotation in, none out (the caller
       drops it with the results). */
    return hj_pcall_core(L, nargs, nresults, lua_gettop(L) - nargs - 1);
}
