#define _GNU_SOURCE
#include "CTerminalShim.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* ------------------------------------------------------------------------------------
 * Shared state. Everything a signal handler reads or writes is either written once
 * before the handlers are installed, or accessed with __atomic builtins (lock-free on
 * every platform Swift supports, hence async-signal-safe).
 * ---------------------------------------------------------------------------------- */

static struct termios hj_original;  /* the user's termios, saved once */
static struct termios hj_raw;       /* derived from hj_original */
static int hj_saved = 0;
static int hj_input_fd = -1;
static int hj_output_fd = -1;

/* 0 = inactive, 1 = active (raw + modes), 2 = a restore is in progress */
enum { HJ_INACTIVE = 0, HJ_ACTIVE = 1, HJ_RESTORING = 2 };
static int hj_state = HJ_INACTIVE;
static unsigned hj_modes = 0;
static int hj_kitty_flags = 0;  /* what ESC[>flags u pushed */

/* ------------------------------------------------------------------------------------
 * Async-signal-safe output.
 * ---------------------------------------------------------------------------------- */

/* Writes all of buf, retrying EINTR and waiting (poll) on EAGAIN, but gives up on any
 * other error (EIO after a hangup, EPIPE) and after a bounded number of attempts, so a
 * dead terminal can never make us spin (T-14). */
static void hj_write_all(int fd, const char *buf, size_t len) {
    int attempts = 0;
    while (len > 0 && attempts < 64) {
        ssize_t n = write(fd, buf, len);
        if (n > 0) {
            buf += n;
            len -= (size_t)n;
            continue;
        }
        attempts++;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd p = { .fd = fd, .events = POLLOUT, .revents = 0 };
            (void)poll(&p, 1, 20);
            continue;
        }
        return;
    }
}

/* A tiny append-only buffer on the stack (no malloc in handlers). */
typedef struct { char bytes[256]; size_t length; } hj_buffer;

static void hj_append(hj_buffer *b, const char *s) {
    size_t n = strlen(s);
    if (n > sizeof(b->bytes) - b->length) n = sizeof(b->bytes) - b->length;
    memcpy(b->bytes + b->length, s, n);
    b->length += n;
}

static int hj_tcsetattr(int fd, int when, const struct termios *t) {
    int result;
    int attempts = 0;
    do {
        result = tcsetattr(fd, when, t);
    } while (result < 0 && errno == EINTR && ++attempts < 16);
    return result;
}

/* ------------------------------------------------------------------------------------
 * Raw mode (kilo.c style: every flag says why).
 * ---------------------------------------------------------------------------------- */

static void hj_make_raw(struct termios *raw) {
    /* Input flags:
     *   BRKINT  off: a break condition does not send SIGINT.
     *   ICRNL   off: Enter arrives as '\r' (13), and Ctrl-M is not turned into '\n'.
     *   INPCK   off: no parity checking (irrelevant on modern terminals).
     *   ISTRIP  off: keep the 8th bit, UTF-8 needs it.
     *   IXON    off: Ctrl-S and Ctrl-Q arrive as bytes instead of pausing output. */
    raw->c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    /* Output flags:
     *   OPOST   off: no "\n" -> "\r\n" translation; the renderer positions the cursor
     *                itself and writes "\r\n" where it wants a new line. */
    raw->c_oflag &= ~(tcflag_t)(OPOST);
    /* Control flags:
     *   CS8     8-bit characters. */
    raw->c_cflag |= (tcflag_t)(CS8);
    /* Local flags:
     *   ECHO    off: typed keys are not printed.
     *   ICANON  off: bytes arrive one by one, not line by line.
     *   IEXTEN  off: Ctrl-V arrives as a byte instead of quoting the next one.
     *   ISIG    off: Ctrl-C and Ctrl-Z arrive as bytes 0x03 and 0x1A; the game decides
     *                (quit, suspend). External kill still sends real signals. */
    raw->c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    /* Control characters:
     *   VMIN 0, VTIME 0: read() returns at once with what is there; we block in poll. */
    raw->c_cc[VMIN] = 0;
    raw->c_cc[VTIME] = 0;
}

int hj_term_save(int input_fd, int output_fd) {
    if (!__atomic_load_n(&hj_saved, __ATOMIC_SEQ_CST)) {
        struct termios t;
        if (tcgetattr(input_fd, &t) < 0) return -1;
        hj_original = t;
        hj_raw = t;
        hj_make_raw(&hj_raw);
        hj_input_fd = input_fd;
        hj_output_fd = output_fd;
        __atomic_store_n(&hj_saved, 1, __ATOMIC_SEQ_CST);
        return 0;
    }
    if (__atomic_load_n(&hj_state, __ATOMIC_SEQ_CST) == HJ_INACTIVE) {
        hj_input_fd = input_fd;
        hj_output_fd = output_fd;
    }
    return 0;
}

int hj_term_has_saved(void) { return __atomic_load_n(&hj_saved, __ATOMIC_SEQ_CST); }

/* Appends a small non-negative decimal number (no printf in signal handlers). */
static void hj_append_number(hj_buffer *b, int value) {
    char digits[12];
    int n = 0;
    unsigned v = value < 0 ? 0u : (unsigned)value;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 && n < (int)sizeof digits);
    char text[13];
    for (int i = 0; i < n; i++) text[i] = digits[n - 1 - i];
    text[n] = 0;
    hj_append(b, text);
}

/* `reassert`: after SIGCONT the terminal still holds what we pushed, so the kitty flags
 * are set again in place (ESC[=flags;1u) rather than pushed a second time. */
static void hj_write_enable_sequence(unsigned modes, int reassert) {
    hj_buffer b = { .length = 0 };
    if (modes & HJ_TERM_MODE_ALTERNATE_SCREEN) hj_append(&b, "\x1b[?1049h");
    if (modes & HJ_TERM_MODE_HIDDEN_CURSOR) hj_append(&b, "\x1b[?25l");
    if (modes & HJ_TERM_MODE_BRACKETED_PASTE) hj_append(&b, "\x1b[?2004h");
    if (modes & HJ_TERM_MODE_MOUSE) hj_append(&b, "\x1b[?1000h\x1b[?1006h");
    /* After the alternate screen: kitty keeps one stack per screen. */
    if (modes & HJ_TERM_MODE_KITTY_KEYBOARD) {
        hj_append(&b, reassert ? "\x1b[=" : "\x1b[>");
        hj_append_number(&b, __atomic_load_n(&hj_kitty_flags, __ATOMIC_SEQ_CST));
        hj_append(&b, reassert ? ";1u" : "u");
    }
    hj_write_all(hj_output_fd, b.bytes, b.length);
}

int hj_term_enter(unsigned modes) {
    if (!hj_term_has_saved()) {
        errno = ENOTTY;
        return -1;
    }
    int expected = HJ_INACTIVE;
    if (!__atomic_compare_exchange_n(&hj_state, &expected, HJ_ACTIVE, 0,
                                     __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        errno = EBUSY;
        return -1;
    }
    /* Active before the first change: a signal from here on restores. */
    __atomic_store_n(&hj_modes, modes, __ATOMIC_SEQ_CST);
    if (hj_tcsetattr(hj_input_fd, TCSAFLUSH, &hj_raw) < 0) {
        int saved = errno;
        __atomic_store_n(&hj_modes, 0u, __ATOMIC_SEQ_CST);
        __atomic_store_n(&hj_state, HJ_INACTIVE, __ATOMIC_SEQ_CST);
        errno = saved;
        return -1;
    }
    hj_write_enable_sequence(modes, 0);
    return 0;
}

int hj_term_add_modes(unsigned modes, int kitty_flags) {
    if (__atomic_load_n(&hj_state, __ATOMIC_SEQ_CST) != HJ_ACTIVE) {
        errno = EINVAL;
        return -1;
    }
    unsigned fresh = modes & ~__atomic_load_n(&hj_modes, __ATOMIC_SEQ_CST);
    if (fresh & HJ_TERM_MODE_KITTY_KEYBOARD) __atomic_store_n(&hj_kitty_flags, kitty_flags, __ATOMIC_SEQ_CST);
    /* Recorded before the bytes go out: a signal in between pops what may have arrived. */
    __atomic_fetch_or(&hj_modes, fresh, __ATOMIC_SEQ_CST);
    hj_write_enable_sequence(fresh, 0);
    return 0;
}

int hj_term_reassert(void) {
    if (__atomic_load_n(&hj_state, __ATOMIC_SEQ_CST) != HJ_ACTIVE) return 0;
    if (hj_tcsetattr(hj_input_fd, TCSANOW, &hj_raw) < 0) return -1;
    hj_write_enable_sequence(__atomic_load_n(&hj_modes, __ATOMIC_SEQ_CST), 1);
    return 0;
}

void hj_term_restore(void) {
    int saved_errno = errno;
    int expected = HJ_ACTIVE;
    if (!__atomic_compare_exchange_n(&hj_state, &expected, HJ_RESTORING, 0,
                                     __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        if (expected == HJ_RESTORING) {
            /* Another thread is restoring: give it a moment to finish so that our
             * caller (say, a crash handler about to kill the process) does not cut it
             * short. Bounded, because the "other" may be this very thread, interrupted. */
            for (int i = 0; i < 100; i++) {
                if (__atomic_load_n(&hj_state, __ATOMIC_SEQ_CST) != HJ_RESTORING) break;
                (void)poll(NULL, 0, 2);
            }
        }
        errno = saved_errno;
        return;
    }
    unsigned modes = __atomic_load_n(&hj_modes, __ATOMIC_SEQ_CST);
    hj_buffer b = { .length = 0 };
    /* Popped while the alternate screen is still shown: that is the stack it was pushed on. */
    if (modes & HJ_TERM_MODE_KITTY_KEYBOARD) hj_append(&b, "\x1b[<u");
    if (modes & HJ_TERM_MODE_MOUSE) hj_append(&b, "\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l");
    if (modes & HJ_TERM_MODE_BRACKETED_PASTE) hj_append(&b, "\x1b[?2004l");
    hj_append(&b, "\x1b[0m");
    if (modes & HJ_TERM_MODE_ALTERNATE_SCREEN) hj_append(&b, "\x1b[?1049l");
    hj_append(&b, "\x1b[?25h");
    hj_write_all(hj_output_fd, b.bytes, b.length);
    /* TCSAFLUSH discards input received but not read; tcflush catches anything that
     * raced in. Typed-ahead keys never reach the shell (T-15). */
    (void)hj_tcsetattr(hj_input_fd, TCSAFLUSH, &hj_original);
    (void)tcflush(hj_input_fd, TCIFLUSH);
    __atomic_store_n(&hj_modes, 0u, __ATOMIC_SEQ_CST);
    __atomic_store_n(&hj_state, HJ_INACTIVE, __ATOMIC_SEQ_CST);
    errno = saved_errno;
}

int hj_term_is_active(void) {
    return __atomic_load_n(&hj_state, __ATOMIC_SEQ_CST) != HJ_INACTIVE;
}

void (*const hj_term_emergency_restore)(void) = hj_term_restore;

int hj_term_window_size(int fd, unsigned short *columns, unsigned short *rows) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    if (ioctl(fd, TIOCGWINSZ, &ws) < 0) return -1;
    *columns = ws.ws_col;
    *rows = ws.ws_row;
    return 0;
}

int hj_stdout_finish(void) {
    errno = 0;
    int failed = fflush(stdout) != 0;
    int code = errno;
    if (!failed && !ferror(stdout)) return 0;
    return code != 0 ? code : EIO;
}

/* ------------------------------------------------------------------------------------
 * The locale's character set.
 * ---------------------------------------------------------------------------------- */

int hj_locale_is_utf8(void) {
    int result = -1;
    if (setlocale(LC_CTYPE, "") != NULL) {
        const char *codeset = nl_langinfo(CODESET);
        result = codeset != NULL && strcmp(codeset, "UTF-8") == 0;
    }
    setlocale(LC_CTYPE, "C");
    return result;
}
