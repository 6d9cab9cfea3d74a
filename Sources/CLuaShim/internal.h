#ifndef HANJUL_CLUASHIM_INTERNAL_H
#define HANJUL_CLUASHIM_INTERNAL_H
#include "CLuaShim.h"

struct hj_watch {
    uint64_t epoch;   /* accessed with __atomic builtins */
    int32_t active;
};

struct hj_ctx {
    lua_State *L;
    /* memory */
    size_t used, limit;
    int enforcing;              /* cap enforced only while mod code runs (L-29 b) */
    uint64_t fault_state;
    uint32_t fault_one_in;
    uint64_t faults_injected;
    /* instructions */
    int64_t budget, per_call;
    int hook_interval;
    int depth;                  /* nesting of hj_pcall */
    int killed;                 /* sticky kill (L-18) */
    int main_escalated;
    /* host */
    void *host;
    hj_callbacks cb;
    int tb_ref;                 /* registry slot of the last traceback */
    int kill_ref;               /* registry slot of the preallocated kill message */
    hj_watch *watch;
    char warnbuf[512];
    size_t warnlen;
};

static inline hj_ctx *hj_ctx_fast(lua_State *L) { return *(hj_ctx **)lua_getextraspace(L); }

int hj_install_sandbox(lua_State *L);   /* lua_CFunction run under lua_pcall */
const char *hj_safe_tolstring(lua_State *L, int idx, size_t *len);

#define HJ_KILL_MESSAGE "instruction budget exceeded"
#define HJ_LOG_MAX 8192
#endif
