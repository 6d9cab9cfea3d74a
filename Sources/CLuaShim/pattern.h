/* The pattern matcher shared by match.c (the matcher) and pattern.c (find, match, gmatch,
   gsub): see pattern.c. */
#ifndef HANJUL_CLUASHIM_PATTERN_H
#define HANJUL_CLUASHIM_PATTERN_H
#include "internal.h"

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

static inline void hj_flush(hj_match *m) {
    int64_t n = m->steps;
    m->steps = 0;
    hj_spend(m->L, n);
}

static inline void hj_step(hj_match *m, int64_t n) {
    m->steps += n;
    if (m->steps >= 4096) hj_flush(m);
}

static inline int hj_isdigit(int c) { return c >= '0' && c <= '9'; }

/* Matches pattern `p` at subject position `s`: the end of the match, or NULL. */
const char *hj_do_match(hj_match *m, const char *s, const char *p);
/* Capture `i` of the match s..e (match.c says how). */
ptrdiff_t hj_capture(hj_match *m, int i, const char *s, const char *e, const char **cap);
void hj_push_capture(hj_match *m, int i, const char *s, const char *e);
int hj_push_captures(hj_match *m, const char *s, const char *e);
void hj_match_init(hj_match *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
#endif
