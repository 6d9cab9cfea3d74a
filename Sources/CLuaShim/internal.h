#ifndef HANJUL_CLUASHIM_INTERNAL_H
#define HANJUL_CLUASHIM_INTERNAL_H
#include "CLuaShim.h"

struct hj_watch {
    uint64_t epoch;   /* accessed with __atomic builtins */
    int32_t active;
};

/* Every block the allocator hands to Lua is preceded by this many bytes holding the
   object's creation number (0 for blocks that are not objects): the deterministic
   identity behind tostring's ids and the order of object keys in next/pairs (L-12, L-13). */
#define HJ_HEADER 8

/* Identities: light C functions (the libraries' builtins) are numbered from 1 at install;
   every allocated object gets HJ_ID_OBJECTS + its creation number. */
#define HJ_ID_OBJECTS 0x10000u

/* A table's image (image.c): where its parts were and their bytes, for the reset's restore. */
typedef struct hj_image {
    const void *table;          /* NULL: no image (the restore walks the table) */
    const void *array, *node, *metatable;
    size_t asize, nsize;        /* bytes of the array part and of the hash part */
    unsigned char *bytes;
} hj_image;

struct hj_ctx {
    lua_State *L;
    /* memory */
    size_t used, limit;
    int enforcing;              /* cap enforced only while mod code runs (L-29 b) */
    uint64_t fault_state;
    uint32_t fault_one_in;
    uint64_t faults_injected;
    /* object identities */
    uint64_t created;           /* objects allocated so far */
    char *last_object;          /* block of the newest object (measured at install) */
    int ids_state;              /* 0 not measured yet, 1 offsets verified, -1 unavailable */
    size_t off_table, off_function, off_thread, off_string;
    /* instructions */
    int64_t budget, per_call;
    int hook_interval;
    int depth;                  /* nesting of hj_pcall */
    int killed;                 /* sticky kill (L-18) */
    int main_escalated;
    /* stack depth (L-36): probed from the count hook when memory grows past the mark */
    size_t probe_mark;
    int hook_raised;            /* the error in flight was raised by the count hook */
    int handling_overflow;      /* an xpcall handler of a stack overflow is running */
    int close_nesting;          /* coroutine.close inside coroutine.close (L-37) */
    /* math.randomseed: a private xoshiro256** once the mod seeds it (L-14) */
    int seeded;
    uint64_t rng[4];
    /* host */
    void *host;
    hj_callbacks cb;
    int tb_ref;                 /* registry slot of the last traceback */
    int kill_ref;               /* registry slot of the preallocated kill message */
    int hook_error_ref;         /* registry slot of the last error raised by the hook */
    hj_watch *watch;
    char warnbuf[512];
    size_t warnlen;
    /* what hj_snapshot recorded besides Lua objects (reset.c) */
    int snap_seeded;
    uint64_t snap_rng[4];
    char snap_warnbuf[512];
    size_t snap_warnlen;
    /* images of the snapshot's tables, in its list's order (image.c) */
    int image_state;            /* 0 not checked yet, 1 the layout matches, -1 it does not */
    hj_image *images;
    int nimages;
    int walked;                 /* tables the last restore walked */
};

/* Table images (image.c): taken of the table at `idx` (0: none taken), compared with the
   table as it is now (1: the same bytes where they were). */
void hj_list_pairs(lua_State *L, int t);        /* pushes t's pairs as k1, v1, k2, v2... */
int hj_same_pairs(lua_State *L, int t, int flat); /* whether t holds them, in that order */
int hj_image_layout(lua_State *L);
int hj_image_take(lua_State *L, int idx, hj_image *image);
int hj_image_same(const hj_image *image);
int hj_images_reserve(hj_ctx *c, int count);
void hj_images_free(hj_ctx *c);

static inline hj_ctx *hj_ctx_fast(lua_State *L) { return *(hj_ctx **)lua_getextraspace(L); }

/* ---- budget ------------------------------------------------------------------------ */

/* The count hook (shim.c): the instruction budget and the sticky kill (L-17, L-18, L-20). */
void hj_hook(lua_State *L, lua_Debug *ar);

/* Kills the running call: the sticky kill of the count hook (L-17, L-18). Raises. */
int hj_kill(lua_State *L);

/* Charges `units` instructions' worth of work done in C to the instruction budget, and
   kills the call at once when it runs out (hj_charge, for host functions, kills it at the
   next instruction instead, since a Swift frame may not be unwound). One unit is about one VM instruction (a few ns):
   the work a hook cannot see is charged at the same rate as the work it can (#15 item 3).
   Only for C functions called by Lua (it may raise). */
static inline void hj_spend(lua_State *L, int64_t units) {
    hj_ctx *c = hj_ctx_fast(L);
    c->budget -= units;
    if (c->budget < 0 && c->depth > 0) hj_kill(L);
}

/* ---- identities and text ------------------------------------------------------------- */

/* The identity of the value at idx (table, function, thread, string), or 0 when it has
   none (numbers, booleans, nil, light C functions not numbered at install). */
uint64_t hj_object_id(lua_State *L, int idx);
/* tostring without addresses: "table: 0x00010a2f" from the identity, "nan" for every NaN,
   __tostring and __name as in Lua. Pushes the text and returns it. */
const char *hj_safe_tolstring(lua_State *L, int idx, size_t *len);

/* Loads a chunk's text (mode "t"); for a file ("@name") skips a UTF-8 BOM and a first
   '#' line as Lua's loadfile does. Refuses a binary chunk. Pushes the function or a
   message; returns a Lua status. */
int hj_load_text(lua_State *L, const char *buf, size_t len, const char *chunkname);

/* ---- wrapping the libraries' functions (sandbox.c and its parts) ------------------------ */

/* The library function a wrapper stands for, called in the wrapper's frame. */
#define HJ_ORIGINAL(L) (lua_tocfunction((L), lua_upvalueindex(1))(L))

/* t[name] = cclosure(fn, original t[name]) for the table at index t. */
static inline void hj_wrap(lua_State *L, int t, const char *name, lua_CFunction fn) {
    t = lua_absindex(L, t);
    lua_getfield(L, t, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, t, name);
}

static inline void hj_set(lua_State *L, int t, const char *name, lua_CFunction fn) {
    t = lua_absindex(L, t);
    lua_pushcfunction(L, fn);
    lua_setfield(L, t, name);
}

static inline void hj_remove_field(lua_State *L, int t, const char *name) {
    t = lua_absindex(L, t);
    lua_pushnil(L);
    lua_setfield(L, t, name);
}

/* Lua's relative string positions (lstrlib.c posrelatI / getendpos, lutf8lib.c u_posrelat) */
static inline size_t hj_posrelat(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static inline size_t hj_endpos(lua_Integer pos, size_t len) {
    if (pos > (lua_Integer)len) return len;
    if (pos >= 0) return (size_t)pos;
    if (pos < -(lua_Integer)len) return 0;
    return len + (size_t)pos + 1;
}

static inline lua_Integer hj_u_posrelat(lua_Integer pos, size_t len) {
    if (pos >= 0) return pos;
    if (0u - (size_t)pos > len) return 0;
    return (lua_Integer)len + pos + 1;
}

/* ---- the library parts (each a lua_CFunction-style installer run under lua_pcall) -------- */
int hj_install_sandbox(lua_State *L);
void hj_install_order(lua_State *L, int G);     /* next, pairs */
void hj_install_loaded(lua_State *L, int G);    /* require's cache: the opened libraries */
void hj_install_patterns(lua_State *L, int S);  /* find, match, gmatch, gsub */
void hj_install_table(lua_State *L, int T);     /* concat, insert, remove, move, unpack, sort */
void hj_install_string(lua_State *L, int S);    /* dump removed; rep, byte, format, pack (strlib.c) */
void hj_install_utf8(lua_State *L, int U);      /* len, codepoint, offset (strlib.c) */
void hj_install_random(lua_State *L, int M);    /* random, randomseed (random.c) */
int hj_sandbox_require(lua_State *L);           /* require (require.c) */

#define HJ_KILL_MESSAGE "instruction budget exceeded"
#define HJ_LOG_MAX 8192
#endif
