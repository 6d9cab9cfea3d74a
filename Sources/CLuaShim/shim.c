/* Core of CLuaShim: allocator, count hook, loading, trampoline, panic (the protected call
   is in call.c). */
#include "internal.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Counting allocator (L-25, L-28, L-29 b) ------------------------------------- */


/* The allocator charged the budget past its end: the call is killed, and the main thread
   (where hooks run) stops at its next instruction rather than its next count, so a loop
   of big allocations does not run a thousand more (lua_sethook is safe anywhere). */
static void hj_kill_soon(hj_ctx *c) {
    if (c->budget >= 0 || c->depth == 0 || c->killed) return;
    c->killed = 1;
    lua_sethook(c->L, hj_hook, LUA_MASKCOUNT | LUA_MASKLINE, 1);
    c->main_escalated = 1;
}

static int hj_fault_now(hj_ctx *c) {
    uint64_t x = c->fault_state;          /* xorshift64 */
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    c->fault_state = x;
    return (x % c->fault_one_in) == 0;
}

static void *hj_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    hj_ctx *c = (hj_ctx *)ud;
    /* with ptr == NULL, osize is a type tag (0 for blocks that are not objects) */
    size_t old = ptr ? osize + HJ_HEADER : 0;
    char *block = ptr ? (char *)ptr - HJ_HEADER : NULL;
    if (nsize == 0) {                     /* frees always succeed */
        free(block);
        c->used -= old;
        return NULL;
    }
    size_t want = nsize + HJ_HEADER;
    if (c->enforcing && want > old) {
        size_t grow = want - old;
        int refuse = c->used + grow < c->used || c->used + grow > c->limit;
        if (!refuse && c->fault_one_in && hj_fault_now(c)) { c->faults_injected++; refuse = 1; }
        if (refuse) {
            /* Each refusal makes Lua run an emergency full GC, which the count hook cannot
               see. Charge it to the instruction budget (about one instruction per 16 live
               bytes), so a mod that keeps catching out-of-memory errors is killed quickly
               (L-26). Deterministic: it depends only on the allocation sequence. */
            c->budget -= (int64_t)(c->used >> 4) + 1000;
            hj_kill_soon(c);
            return NULL;
        }
        /* Allocating, filling and later collecting a block is work the hook does not
           count: one instruction per 16 bytes, so an instruction that builds megabytes
           (a concatenation, string.rep, a big table) pays for it (#15 item 3). */
        c->budget -= (int64_t)(grow >> 4);
        hj_kill_soon(c);
    }
    char *p = (char *)realloc(block, want);
    if (p == NULL) return NULL;           /* 5.4 allows a failed shrink too */
    if (ptr == NULL) {
        uint64_t id = 0;
        if (osize != 0) { id = ++c->created; c->last_object = p; }
        memcpy(p, &id, sizeof id);
    }
    c->used = c->used - old + want;
    return p + HJ_HEADER;
}

/* ---- Panic ------------------------------------------------------------------------- */

static void (*volatile hj_emergency)(void) = NULL;
void hj_set_emergency(void (*fn)(void)) { hj_emergency = fn; }

static void hj_write_all(const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(2, s, n);
        if (w <= 0) return;
        s += w; n -= (size_t)w;
    }
}

static int hj_panic(lua_State *L) {
    void (*fn)(void) = hj_emergency;
    if (fn) fn();                          /* restore the terminal first */
    const char *msg = "(error object is not a string)";
    size_t len = strlen(msg);
    if (lua_type(L, -1) == LUA_TSTRING) msg = lua_tolstring(L, -1, &len);
    if (len > 400) len = 400;
    hj_write_all("hanjul: unprotected Lua error: ", 31);
    hj_write_all(msg, len);
    hj_write_all("\n", 1);
    abort();
    return 0;
}

/* ---- Count hook with sticky kill (L-17, L-18, L-20) -------------------------------- */

static void hj_escalate(hj_ctx *c, lua_State *L) {
    lua_sethook(L, hj_hook, LUA_MASKCOUNT | LUA_MASKLINE, 1);
    if (L != c->L) {
        lua_sethook(c->L, hj_hook, LUA_MASKCOUNT | LUA_MASKLINE, 1);
    }
    c->main_escalated = 1;
}

int hj_kill(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    c->killed = 1;
    hj_escalate(c, L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->kill_ref);   /* preallocated: no allocation */
    return lua_error(L);
}

/* Lua's own limit is LUAI_MAXSTACK stack slots, about a million frames, which need some
   80 MiB of stack and call records: far past a mod's memory cap, so deep recursion used to
   end in "not enough memory" with no line. The count hook stops it first, with Lua's own
   message and the line (L-36). It looks only when memory has grown by HJ_PROBE_STEP since
   it last looked, so shallow code never pays for the walk down the stack. */
#define HJ_MAX_DEPTH 150000
#define HJ_PROBE_STEP ((size_t)1 << 20)
#define HJ_PROBE_FLOOR ((size_t)4 << 20)

/* While an xpcall handler of a stack overflow runs, Lua has only a little extra stack
   left (ERRORSTACKSIZE): recursing there again is "error in error handling". */
#define HJ_HANDLER_DEPTH 200

static int hj_too_deep(lua_State *L, int limit) {
    lua_Debug ar;
    return lua_getstack(L, limit, &ar);
}

void hj_hook(lua_State *L, lua_Debug *ar) {
    hj_ctx *c = hj_ctx_fast(L);
    if (c->killed) {
        if (lua_gethookcount(L) != 1) hj_escalate(c, L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->kill_ref);   /* preallocated: no allocation */
        lua_error(L);
        return;
    }
    int count = lua_gethookcount(L);
    if (count != c->hook_interval || ar->event != LUA_HOOKCOUNT) {
        /* a thread escalated during an earlier call: back to the normal interval */
        lua_sethook(L, hj_hook, LUA_MASKCOUNT, c->hook_interval);
        if (ar->event != LUA_HOOKCOUNT) return;
    }
    c->hook_raised = 0;                  /* any message handler for it has run by now */
    c->budget -= count;
    if (c->budget < 0 && c->depth > 0) hj_kill(L);
    if (c->used > c->probe_mark || c->handling_overflow) {
        if (!c->handling_overflow) c->probe_mark = c->used + HJ_PROBE_STEP;
        if (c->depth > 0 && hj_too_deep(L, c->handling_overflow ? HJ_HANDLER_DEPTH : HJ_MAX_DEPTH)) {
            /* As Lua says it (with the line of the running function). The message
               handler runs inside this hook, with hooks off: mark the error so that an
               xpcall handler does not run mod code there (L-19). */
            if (c->handling_overflow) {
                lua_pushliteral(L, "error in error handling");
            } else {
                luaL_where(L, 0);
                lua_pushliteral(L, "stack overflow");
                lua_concat(L, 2);
            }
            lua_pushvalue(L, -1);
            lua_rawseti(L, LUA_REGISTRYINDEX, c->hook_error_ref);
            c->hook_raised = 1;
            lua_error(L);
        }
    } else if (c->probe_mark > HJ_PROBE_FLOOR && c->used + 2 * HJ_PROBE_STEP < c->probe_mark) {
        c->probe_mark = c->used + HJ_PROBE_STEP > HJ_PROBE_FLOOR ? c->used + HJ_PROBE_STEP : HJ_PROBE_FLOOR;
    }
}


/* A file's text reaches the parser as luaL_loadfilex would give it (#12 item 9): without a
   UTF-8 BOM, and with a first line starting with '#' (a Unix "#!" line) read as an empty
   line, so the line numbers stay right. Two pieces: "\n" for that line, then the rest. */
typedef struct hj_pieces {
    const char *text[2];
    size_t size[2];
    int next;
} hj_pieces;

static const char *hj_pieces_reader(lua_State *L, void *ud, size_t *size) {
    (void)L;
    hj_pieces *p = (hj_pieces *)ud;
    while (p->next < 2) {
        int i = p->next++;
        if (p->size[i] > 0) { *size = p->size[i]; return p->text[i]; }
    }
    *size = 0;
    return NULL;
}

int hj_load_text(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    hj_pieces p = { { "", buf }, { 0, len }, 0 };
    if (chunkname[0] == '@') {
        if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) { p.text[1] += 3; p.size[1] -= 3; }
        if (p.size[1] > 0 && p.text[1][0] == '#') {
            const char *eol = memchr(p.text[1], '\n', p.size[1]);
            size_t skipped = eol ? (size_t)(eol - p.text[1]) + 1 : p.size[1];
            p.text[1] += skipped;
            p.size[1] -= skipped;
            p.text[0] = "\n";
            p.size[0] = 1;
        }
    }
    if (p.size[1] > 0 && p.text[1][0] == LUA_SIGNATURE[0]) {
        lua_pushliteral(L, "binary chunk not allowed");
        return LUA_ERRSYNTAX;
    }
    return lua_load(L, hj_pieces_reader, &p, chunkname, "t");
}

int hj_load(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    hj_ctx *c = hj_ctx_fast(L);
    int saved = c->enforcing;
    c->enforcing = 1;                            /* lua_load is protected internally */
    int status = hj_load_text(L, buf, len, chunkname);
    c->enforcing = saved;
    return status;
}

/* ---- Host trampoline ------------------------------------------------------------------- */

static int hj_trampoline(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    int id = (int)lua_tointegerx(L, lua_upvalueindex(1), NULL);
    int saved = c->enforcing;
    c->enforcing = 0;                            /* host code may exceed the cap (L-29 b) */
    int n = c->cb.dispatch ? c->cb.dispatch(c->host, L, id) : -2;
    c->enforcing = saved;
    if (n == -2) { lua_pushliteral(L, "host function unavailable"); n = -1; }
    if (n < 0) {                                 /* the Swift frame has returned: raise now */
        luaL_where(L, 1);
        lua_rotate(L, -2, 1);
        lua_concat(L, 2);
        return lua_error(L);
    }
    return n;
}

void hj_push_host_function(lua_State *L, int id) {
    lua_pushinteger(L, id);
    lua_pushcclosure(L, hj_trampoline, 1);
}

static int hj_refuse_newindex(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "attempt to modify read-only field '%s'", lua_tostring(L, 2));
    return luaL_error(L, "attempt to modify a read-only object");
}

void hj_make_proxy(lua_State *L) {
    int methods = lua_gettop(L);
    lua_createtable(L, 0, 0);                    /* proxy */
    lua_createtable(L, 0, 3);                    /* metatable */
    lua_pushvalue(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, hj_refuse_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_replace(L, methods);
}

/* ---- Raw globals ------------------------------------------------------------------------ */

int hj_rawgetglobal(lua_State *L, const char *name, size_t len) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushlstring(L, name, len);
    int t = lua_rawget(L, -2);
    lua_rotate(L, -2, -1);
    lua_settop(L, -2);
    return t;
}

void hj_rawsetglobal(lua_State *L, const char *name, size_t len) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushlstring(L, name, len);
    lua_rotate(L, -3, -1);                       /* globals name value */
    lua_rawset(L, -3);
    lua_settop(L, -2);
}

/* ---- Warnings to the log (L-11) --------------------------------------------------------- */

static void hj_warnf(void *ud, const char *msg, int tocont) {
    hj_ctx *c = (hj_ctx *)ud;
    if (c->warnlen == 0 && !tocont && msg[0] == '@') return;   /* control message: ignore */
    size_t n = strlen(msg);
    size_t room = sizeof(c->warnbuf) - c->warnlen;
    if (n > room) n = room;
    memcpy(c->warnbuf + c->warnlen, msg, n);
    c->warnlen += n;
    if (!tocont) {
        if (c->cb.log) c->cb.log(c->host, 1, c->warnbuf, c->warnlen);
        c->warnlen = 0;
    }
}

/* ---- Lifecycle ---------------------------------------------------------------------------- */

hj_ctx *hj_new(size_t memory_limit, int64_t instructions_per_call, int hook_interval) {
    hj_ctx *c = (hj_ctx *)calloc(1, sizeof(hj_ctx));
    if (!c) return NULL;
    c->limit = memory_limit;
    c->per_call = instructions_per_call;
    c->budget = instructions_per_call;
    c->hook_interval = hook_interval > 0 ? hook_interval : 1000;
    c->probe_mark = HJ_PROBE_FLOOR;
    lua_State *L = lua_newstate(hj_alloc, c);
    if (!L) { free(c); return NULL; }
    c->L = L;
    *(hj_ctx **)lua_getextraspace(L) = c;       /* copied into every new thread */
    lua_atpanic(L, hj_panic);
    lua_setwarnf(L, hj_warnf, c);
    /* installed now and never removed: threads copy it at creation (L-20) */
    lua_sethook(L, hj_hook, LUA_MASKCOUNT, c->hook_interval);
    return c;
}

void hj_set_host(hj_ctx *c, void *host, hj_callbacks callbacks) {
    c->host = host;
    c->cb = callbacks;
}

static int hj_setup(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    lua_pushliteral(L, HJ_KILL_MESSAGE);
    c->kill_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushliteral(L, "");
    c->tb_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushboolean(L, 0);
    c->hook_error_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return hj_install_sandbox(L);
}

int hj_open_sandbox(hj_ctx *c) {
    lua_State *L = c->L;
    lua_pushcfunction(L, hj_setup);
    return hj_pcall(L, 0, 0);
}

void hj_close(hj_ctx *c) {
    if (!c) return;
    c->enforcing = 0;
    c->watch = NULL;
    lua_close(c->L);    /* no __gc can exist (L-10, L-30) */
    hj_images_free(c);
    free(c);
}

lua_State *hj_state(hj_ctx *c) { return c->L; }
hj_ctx *hj_ctx_of(lua_State *L) { return hj_ctx_fast(L); }
size_t hj_memory_used(hj_ctx *c) { return c->used; }
size_t hj_memory_limit(hj_ctx *c) { return c->limit; }
void hj_set_memory_limit(hj_ctx *c, size_t limit) { c->limit = limit; }
void hj_set_instruction_budget(hj_ctx *c, int64_t per_call) { c->per_call = per_call; }
int64_t hj_instructions_left(hj_ctx *c) { return c->budget; }

int hj_charge(lua_State *L, int64_t count) {
    hj_ctx *c = hj_ctx_fast(L);
    if (c->depth == 0 || count <= 0) return 0;
    c->budget -= count;
    if (c->budget >= 0) return 0;
    c->killed = 1;                               /* sticky, like the count hook's kill */
    hj_escalate(c, L);                           /* so the hook runs at the next instruction */
    return 1;
}
void hj_set_fault_schedule(hj_ctx *c, uint64_t seed, uint32_t one_in) {
    c->fault_state = seed ? seed : 0x9E3779B97F4A7C15ull;
    c->fault_one_in = one_in;
}
uint64_t hj_faults_injected(hj_ctx *c) { return c->faults_injected; }

/* ---- Watch slots ---------------------------------------------------------------------------- */

hj_watch *hj_watch_new(void) { return (hj_watch *)calloc(1, sizeof(hj_watch)); }
void hj_watch_free(hj_watch *w) { free(w); }
void hj_set_watch(hj_ctx *c, hj_watch *w) { c->watch = w; }
int hj_watch_read(hj_watch *w, uint64_t *epoch) {
    int active = __atomic_load_n(&w->active, __ATOMIC_ACQUIRE);
    *epoch = __atomic_load_n(&w->epoch, __ATOMIC_RELAXED);
    return active;
}
