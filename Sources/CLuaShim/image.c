/*
 * What the reset between games (reset.c) keeps of a table, and how it tells the table is
 * unchanged. Its pairs listed in `next`'s order (hj_list_pairs), which the walk compares
 * through the API and puts back from; and its image: the bytes of a table's array and hash
 * parts, taken when the snapshot is and compared with memcmp at each restore, so an
 * unchanged table costs a comparison of memory instead of a walk through the API (a `next`,
 * two reads and two comparisons per pair: most of a short game's time under a mod, #38).
 *
 * This reads Lua 5.4's `Table` and `Node` as they are laid out inside the library, which is
 * not its API. The layout is checked once per state against tables made for the purpose
 * (hj_image_layout); where it does not match, or the library is not 5.4, no image is taken
 * and the restore walks every table as before. An image is only ever a shortcut to "the
 * same": any difference (a write, a resize, a key the collector marked dead) sends that
 * table down the walk, which puts it back and takes a new image.
 */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

/* ---- a table's pairs, listed and compared through the API ---- */

/* Pushes the contents of the table at `t` as a list k1, v1, k2, v2... in `next`'s order. */
void hj_list_pairs(lua_State *L, int t) {
    luaL_checkstack(L, 4, "taking the snapshot");
    lua_createtable(L, 16, 0);
    int flat = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_rawseti(L, flat, ++n);
        lua_rawseti(L, flat, ++n);
    }
}

/* Whether the table at `t` holds the pairs listed at `flat` in the same order (one walk of `t`;
   a new order of equal contents counts as a change, and putting it back is harmless). */
int hj_same_pairs(lua_State *L, int t, int flat) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, flat), j = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {                     /* key value */
        int same = j + 2 <= n;
        if (same) {
            lua_rawgeti(L, flat, ++j);
            lua_rawgeti(L, flat, ++j);
            same = lua_rawequal(L, -4, -2) && lua_rawequal(L, -3, -1);
            lua_settop(L, -3);
        }
        lua_settop(L, -2);
        if (!same) { lua_settop(L, -2); return 0; }
    }
    return j == n;
}

/* ---- images ---- */

/* Lua 5.4's Table (lobject.h): the common header, then the fields below. */
typedef struct hj_tview {
    void *next;
    unsigned char tt, marked;
    unsigned char flags, lsizenode;
    unsigned int alimit;
    unsigned char *array;
    unsigned char *node;
    void *lastfree;
    const void *metatable;
    void *gclist;
} hj_tview;

#define HJ_TVALUE 16           /* a TValue: the value, its tag, padding */
#define HJ_NODE 24             /* a Node: value and tag, key tag, next, key */
#define HJ_BITRAS 0x80         /* flags: alimit is not the array's real size */
#define HJ_VTABLE 5
#define HJ_VNUMINT 3
#define HJ_VNUMFLT 0x13
#define HJ_SHRSTR_KEY 0x44     /* a short string key's tag (collectable) */

/* The array part's real size in slots (luaH_realasize). */
static size_t hj_array_slots(const hj_tview *t) {
    unsigned int size = t->alimit;
    if (!(t->flags & HJ_BITRAS) || (size & (size - 1)) == 0) return size;
    size |= size >> 1; size |= size >> 2; size |= size >> 4; size |= size >> 8; size |= size >> 16;
    return (size_t)size + 1;
}

static int hj_has_int(const unsigned char *slot, lua_Integer v, unsigned char tag) {
    lua_Integer got;
    memcpy(&got, slot, sizeof got);
    return got == v && slot[8] == tag;
}

/* Whether tables made here read as the layout above says they should. */
static int hj_layout_matches(lua_State *L) {
    if (lua_version(L) != 504) return 0;
    lua_createtable(L, 3, 5);
    const hj_tview *t = lua_topointer(L, -1);
    if (t->tt != HJ_VTABLE || t->alimit != 3 || (t->flags & HJ_BITRAS) || t->lsizenode != 3 ||
        !t->array || !t->node || t->metatable) return 0;
    lua_pushinteger(L, 0x1234567);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, 0.5);
    lua_rawseti(L, -2, 1);
    if (!hj_has_int(t->array + HJ_TVALUE, 0x1234567, HJ_VNUMINT) || t->array[8] != HJ_VNUMFLT) return 0;
    lua_pushinteger(L, 77);
    lua_setfield(L, -2, "hanjul.image");
    int found = 0;
    for (int i = 0; i < 8; i++) {
        const unsigned char *n = t->node + (size_t)i * HJ_NODE;
        if (hj_has_int(n, 77, HJ_VNUMINT) && n[9] == HJ_SHRSTR_KEY) found++;
    }
    if (found != 1) return 0;
    lua_createtable(L, 0, 0);
    lua_pushvalue(L, -1);
    lua_setmetatable(L, -3);
    const hj_tview *empty = lua_topointer(L, -1);
    if (t->metatable != (const void *)empty || empty->alimit || empty->array || empty->lsizenode || !empty->node) return 0;
    lua_createtable(L, 0, 0);
    const hj_tview *other = lua_topointer(L, -1);
    return other->node == empty->node;            /* both the library's one empty hash part */
}

int hj_image_layout(lua_State *L) {
    hj_ctx *c = hj_ctx_fast(L);
    if (c->image_state == 0) {
        int top = lua_gettop(L);
        luaL_checkstack(L, 6, "checking the table layout");
        c->image_state = hj_layout_matches(L) ? 1 : -1;
        lua_settop(L, top);
    }
    return c->image_state > 0;
}

int hj_image_take(lua_State *L, int idx, hj_image *image) {
    image->table = NULL;
    if (lua_type(L, idx) != LUA_TTABLE || !hj_image_layout(L)) return 0;
    const hj_tview *t = lua_topointer(L, idx);
    size_t asize = hj_array_slots(t) * HJ_TVALUE, nsize = ((size_t)1 << t->lsizenode) * HJ_NODE;
    unsigned char *bytes = realloc(image->bytes, asize + nsize ? asize + nsize : 1);
    if (!bytes) return 0;
    image->bytes = bytes;
    if (asize) memcpy(bytes, t->array, asize);
    memcpy(bytes + asize, t->node, nsize);
    image->table = t;
    image->array = t->array;
    image->node = t->node;
    image->metatable = t->metatable;
    image->asize = asize;
    image->nsize = nsize;
    return 1;
}

int hj_image_same(const hj_image *image) {
    const hj_tview *t = image->table;
    if (!t || t->array != image->array || t->node != image->node || t->metatable != image->metatable) return 0;
    if (hj_array_slots(t) * HJ_TVALUE != image->asize || ((size_t)1 << t->lsizenode) * HJ_NODE != image->nsize) return 0;
    return (!image->asize || memcmp(t->array, image->bytes, image->asize) == 0) &&
           memcmp(t->node, image->bytes + image->asize, image->nsize) == 0;
}

int hj_images_reserve(hj_ctx *c, int count) {
    hj_images_free(c);
    if (count <= 0) return 1;
    c->images = calloc((size_t)count, sizeof *c->images);
    if (!c->images) return 0;
    c->nimages = count;
    return 1;
}

void hj_images_free(hj_ctx *c) {
    for (int i = 0; i < c->nimages; i++) free(c->images[i].bytes);
    free(c->images);
    c->images = NULL;
    c->nimages = 0;
}

int hj_images_taken(hj_ctx *c) {
    int n = 0;
    for (int i = 0; i < c->nimages; i++) n += c->images[i].table != NULL;
    return n;
}

int hj_tables_walked(hj_ctx *c) { return c->walked; }
