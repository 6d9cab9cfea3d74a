#ifndef HANJUL_CLUASHIM_H
#define HANJUL_CLUASHIM_H
/*
 * CLuaShim: the C half of LuaKit.
 *
 * Law: no Lua error ever unwinds through Swift. Everything that can longjmp lives here:
 * the protected call with its message handler, the count hook, the host-function
 * trampoline (which raises *after* the Swift frame returned), the panic handler and the
 * sandbox's wrapped library functions. Swift only calls functions of the Lua API that do
 * not raise (or that can only raise out of memory, which the allocator never reports
 * while host code runs: RELIABILITY L-29 option b).
 */
#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Lua's function-like macros as functions ---------------------------------- */
static inline const char *hj_release(void) { return LUA_RELEASE; }
static inline int hj_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int hj_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void hj_pop(lua_State *L, int n) { lua_settop(L, -(n)-1); }
static inline void hj_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline void hj_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }
static inline void hj_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }
static inline void hj_replace(lua_State *L, int idx) { lua_copy(L, -1, idx); lua_settop(L, -2); }
static inline int hj_isnoneornil(lua_State *L, int idx) { return lua_type(L, idx) <= 0; }
static inline void hj_pushglobaltable(lua_State *L) { (void)lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }

/* ---- State ---------------------------------------------------------------------- */
typedef struct hj_ctx hj_ctx;

/** Host callbacks. `host` is the opaque pointer given to hj_set_host. None of them may call
 *  a Lua API function that can raise, except where noted. */
typedef struct hj_callbacks {
    /** A registered host function with id `id` was called. Read arguments, push results,
     *  return the result count; or push one error message and return -1. The memory cap
     *  is relaxed while it runs. */
    int (*dispatch)(void *host, lua_State *L, int id);
    /** print (kind 0) or warn (kind 1) produced one line. */
    void (*log)(void *host, int kind, const char *text, size_t len);
    /** One 64-bit draw from the host's seeded generator (math.random). */
    uint64_t (*random)(void *host);
    /** require(name): push the module's source text and then its chunk name (e.g.
     *  "@Mods/x/util.lua", which messages show as "Mods/x/util.lua:3:") and return 0, or
     *  push an error message and return -1. The memory cap is relaxed while it runs. */
    int (*module)(void *host, lua_State *L, const char *name, size_t len);
} hj_callbacks;

/** Status returned by hj_pcall when the instruction budget was exceeded. */
#define HJ_STATUS_BUDGET 100

/** Creates a state with the counting allocator and the count hook installed. NULL if the
 *  state could not be created. The sandbox is not opened yet: call hj_open_sandbox. */
hj_ctx *hj_new(size_t memory_limit, int64_t instructions_per_call, int hook_interval);
/** Sets the host pointer and callbacks. */
void hj_set_host(hj_ctx *c, void *host, hj_callbacks callbacks);
/** Opens the allow-listed libraries and installs the sandbox. Returns a Lua status. On
 *  failure an error message is on the stack. */
int hj_open_sandbox(hj_ctx *c);
/** Closes the state and frees the context. */
void hj_close(hj_ctx *c);
lua_State *hj_state(hj_ctx *c);
hj_ctx *hj_ctx_of(lua_State *L);

/* ---- Budgets ---------------------------------------------------------------------- */
size_t hj_memory_used(hj_ctx *c);
size_t hj_memory_limit(hj_ctx *c);
void hj_set_memory_limit(hj_ctx *c, size_t limit);
void hj_set_instruction_budget(hj_ctx *c, int64_t per_call);
int64_t hj_instructions_left(hj_ctx *c);
/** Charges `count` instructions of work done for the running call outside Lua (a host
 *  function whose cost grows with the board: the placement search) to its budget. Returns
 *  1 when that spent the budget: the call is then killed at its next instruction, as if
 *  Lua had run that long (L-17). Outside a call it does nothing and returns 0. */
int hj_charge(lua_State *L, int64_t count);
/** Test aid: while mod code runs, fail one growing allocation in `one_in` (0 = off),
 *  chosen by a xorshift generator seeded with `seed` (Lua's EMERGENCYGCTESTS idea). */
void hj_set_fault_schedule(hj_ctx *c, uint64_t seed, uint32_t one_in);
uint64_t hj_faults_injected(hj_ctx *c);

/* ---- Calls ------------------------------------------------------------------------ */
/** lua_pcall with the traceback message handler. The outermost call re-arms the
 *  instruction budget and clears the kill flag, turns the memory cap on while Lua runs,
 *  and returns HJ_STATUS_BUDGET when the budget ran out (even if the script caught it). */
int hj_pcall(lua_State *L, int nargs, int nresults);
/** Pushes the traceback message handler, for hj_pcall_handled. */
void hj_push_handler(lua_State *L);
/** hj_pcall for a caller that pushed the handler (hj_push_handler) right below the
 *  function: the same call without moving the handler in and out with two rotations.
 *  The handler stays on the stack below the results; the caller pops it. */
int hj_pcall_handled(lua_State *L, int nargs, int nresults);
/** Loads a text chunk (mode "t"); refuses a buffer starting with ESC. Pushes the function
 *  or an error message; returns a Lua status. */
int hj_load(lua_State *L, const char *buf, size_t len, const char *chunkname);
/** Pushes the traceback recorded by the last message handler run (a string, maybe ""). */
void hj_push_traceback(lua_State *L);
/** The bytes of a string error object, or NULL for any other type (the caller then
 *  reports numbers and type names). Never runs metamethods, never raises (L-31). */
const char *hj_error_text(lua_State *L, int idx, size_t *len);

/* ---- Host functions and objects --------------------------------------------------- */
/** Pushes a Lua function that calls host function `id` through the trampoline. */
void hj_push_host_function(lua_State *L, int id);
/** Replaces the methods table on top of the stack with a read-only proxy: an empty table
 *  whose metatable has __index = methods, a refusing __newindex and __metatable = "locked". */
void hj_make_proxy(lua_State *L);

/* ---- One state for many games (reset.c) ------------------------------------------ */
/** Records the globals as they are now (before any mod code runs), out of mod code's reach.
 *  Returns a Lua status (host work: no memory cap). */
int hj_keep_globals(hj_ctx *c);
/** Installs a new deep copy of the recorded globals as the global table, with a fresh
 *  require cache, string methods from the new `string`, and math.randomseed,
 *  collectgarbage("stop") and a pending warning forgotten. Returns a Lua status. */
int hj_fresh_globals(hj_ctx *c);
/** Replaces the table on top of the stack with a deep copy of it (metatables included),
 *  or with an error message; returns a Lua status. */
int hj_copy_table_protected(hj_ctx *c);

/** Records, after a main chunk ran, the contents of every table and the upvalues of every
 *  function reachable from the globals, require's cache, the string metatable and the
 *  `nhost` values on top of the stack (popped): what hj_restore puts back. Returns a Lua
 *  status: an error when a coroutine or userdata is reachable, objects nest too deep, or
 *  a traversal of `next` is open (then renew the globals and run the chunk again). */
int hj_snapshot_state(hj_ctx *c, int nhost);
/** Puts back in place what hj_snapshot recorded (only what changed), and the generator,
 *  the collector's switch and a pending warning as they were. Returns a Lua status. */
int hj_restore_state(hj_ctx *c);
/* Of the snapshot's tables: how many have an image, and how many the last restore walked
   (compared through the API, and put back where they differed) because theirs differed. */
int hj_images_taken(hj_ctx *c);
int hj_tables_walked(hj_ctx *c);

/* ---- Raw global access ------------------------------------------------------------- */
/** Pushes rawget(globals, name). */
int hj_rawgetglobal(lua_State *L, const char *name, size_t len);
/** Pops a value and does rawset(globals, name, value). */
void hj_rawsetglobal(lua_State *L, const char *name, size_t len);

/* ---- Watchdog ---------------------------------------------------------------------- */
typedef struct hj_watch hj_watch;
hj_watch *hj_watch_new(void);
void hj_watch_free(hj_watch *w);
/** Attaches (or detaches with NULL) a watch slot: hj_pcall bumps its epoch and marks it
 *  active for the duration of each outermost call. */
void hj_set_watch(hj_ctx *c, hj_watch *w);
/** Atomically reads a slot: returns 1 while a call is running; *epoch receives its number. */
int hj_watch_read(hj_watch *w, uint64_t *epoch);
/** Inside a call: host work that is watched elsewhere (it runs other watched states)
 *  starts (suspend: this state's watch goes idle) and ends (resume: a new epoch begins,
 *  so the wall-clock limit counts again from zero). Outside a call they do nothing. */
void hj_watch_suspend(lua_State *L);
void hj_watch_resume(lua_State *L);

/* ---- Panic --------------------------------------------------------------------------- */
/** Registers the function the panic handler calls (e.g. terminal restore) before abort(). */
void hj_set_emergency(void (*fn)(void));

#ifdef __cplusplus
}
#endif
#endif
