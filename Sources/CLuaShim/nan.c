/*
 * One text for NaN (#15 item 9).
 *
 * glibc prints a NaN whose sign bit is set as "-nan", and 0/0 has the sign bit set on x86-64
 * but not on ARM, so `tostring(0/0)` differed between machines, and with it any game a mod
 * derives from that text. The sandbox's tostring, print and string.format already write
 * "nan"; but Lua also turns numbers into text inside the VM (`"" .. x`, string arguments,
 * table.concat), through snprintf("%.14g"), which no Lua-side wrapper can reach.
 *
 * So the program defines snprintf itself: the dynamic linker binds liblua's calls (and every
 * other) to the executable's definition, which forwards everything to vsnprintf unchanged,
 * except a lone floating-point conversion of a NaN, which it prints without the sign.
 * Where this does not apply (no glibc: macOS's libc prints "nan" for both signs already),
 * nothing is defined.
 */
#if defined(__GLIBC__) || defined(__linux__)
#undef _FORTIFY_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#if defined(__GLIBC__)
/* Exactly "%" flags width precision and one of aAeEfFgG: how Lua formats one number. */
static int hj_lone_float_conversion(const char *f) {
    if (f == NULL || f[0] != '%') return 0;
    f++;
    f += strspn(f, "-+ #0");
    f += strspn(f, "0123456789");
    if (*f == '.') { f++; f += strspn(f, "0123456789"); }
    return *f != '\0' && strchr("aAeEfFgG", *f) != NULL && f[1] == '\0';
}

static int hj_forward(char *s, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(s, n, fmt, ap);
    va_end(ap);
    return r;
}

int snprintf(char *restrict s, size_t n, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r;
    if (hj_lone_float_conversion(fmt)) {
        double d = va_arg(ap, double);
        r = hj_forward(s, n, fmt, isnan(d) ? fabs(d) : d);
    } else {
        r = vsnprintf(s, n, fmt, ap);
    }
    va_end(ap);
    return r;
}

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, va_list ap);

static int hj_forward_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __vsnprintf_chk(s, maxlen, flag, slen, fmt, ap);
    va_end(ap);
    return r;
}

/* The fortified entry point liblua5.4 also calls. */
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r;
    if (hj_lone_float_conversion(fmt)) {
        double d = va_arg(ap, double);
        r = hj_forward_chk(s, maxlen, flag, slen, fmt, isnan(d) ? fabs(d) : d);
    } else {
        r = __vsnprintf_chk(s, maxlen, flag, slen, fmt, ap);
    }
    va_end(ap);
    return r;
}
#endif
#endif

/* Keeps the translation unit non-empty everywhere. */
int hj_nan_text_unit(void);
int hj_nan_text_unit(void) { return 0; }
