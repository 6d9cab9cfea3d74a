#ifndef HJ_TERM_SHIM_H
#define HJ_TERM_SHIM_H

/*
 * CTerminalShim: the one owner of the terminal's state (RELIABILITY §0 rule 6).
 *
 * Everything that may run inside a signal handler lives here, in C, and uses only
 * async-signal-safe calls (write, tcsetattr, tcflush, poll, sigaction, sigprocmask,
 * raise, _exit). The Swift layer (HanJulTerminal) drives it from the main loop.
 *
 * Lifecycle:
 *   hj_term_save(in, out)              remember the original termios (once per process)
 *   hj_term_install_signal_handlers()  handlers + self-pipe, BEFORE raw mode (kilo order)
 *   hj_term_enter(modes)               raw mode + alternate screen etc.
 *   ... main loop: poll(stdin, hj_term_wake_fd()) ...
 *   hj_term_restore()                  idempotent; also called from every handler
 *   hj_term_uninstall_signal_handlers()
 */

/* Screen modes that hj_term_enter turns on and hj_term_restore turns off again. */
static const unsigned HJ_TERM_MODE_ALTERNATE_SCREEN = 1u << 0; /* ESC[?1049h / l */
static const unsigned HJ_TERM_MODE_HIDDEN_CURSOR = 1u << 1;    /* ESC[?25l / h   */
static const unsigned HJ_TERM_MODE_BRACKETED_PASTE = 1u << 2;  /* ESC[?2004h / l */
static const unsigned HJ_TERM_MODE_MOUSE = 1u << 3;            /* ESC[?1000h + ESC[?1006h / l */
/* The kitty keyboard protocol: ESC[>flags u (push, after the alternate screen is entered)
 * / ESC[<u (pop, before it is left). Re-asserted after SIGCONT as ESC[=flags;1u (set, not
 * push), so a stop from outside never leaves two entries on the terminal's stack. */
static const unsigned HJ_TERM_MODE_KITTY_KEYBOARD = 1u << 4;

/* Event bits recorded by the signal handlers; read with hj_term_take_events. */
static const unsigned HJ_TERM_EVENT_RESIZE = 1u << 0;   /* SIGWINCH */
static const unsigned HJ_TERM_EVENT_CONTINUE = 1u << 1; /* SIGCONT  */
static const unsigned HJ_TERM_EVENT_SUSPEND = 1u << 2;  /* SIGTSTP  */

/* Saves the original termios of input_fd (only the first successful call does;
 * later calls just update the descriptors). Returns 0, or -1 with errno set. */
int hj_term_save(int input_fd, int output_fd);

/* Whether hj_term_save has succeeded in this process. */
int hj_term_has_saved(void);

/* Enters raw mode and writes the escape sequences that turn `modes` on. The terminal
 * counts as active (restore will undo it) before the first change is made.
 * Returns 0, or -1 with errno set (the terminal is then left as it was). */
int hj_term_enter(unsigned modes);

/* Turns on `modes` while active (for a mode that needs the terminal's answer first, such
 * as the kitty keyboard protocol): writes their enable sequences and makes the restore
 * undo them. `kitty_flags` is the flags value pushed for HJ_TERM_MODE_KITTY_KEYBOARD.
 * Returns 0, or -1 with errno EINVAL when not active. */
int hj_term_add_modes(unsigned modes, int kitty_flags);

/* Re-applies raw mode and re-enables the modes after SIGCONT, when a shell may have
 * changed the tty while we were stopped (T-5). No-op when not active. 0 or -1. */
int hj_term_reassert(void);

/* Idempotent, async-signal-safe restore (write + tcsetattr + tcflush only): resets
 * attributes, turns off every mode we enabled, leaves the alternate screen, shows
 * the cursor, restores the original termios with TCSAFLUSH and flushes typed-ahead
 * input so keys never leak to the shell (T-15). Safe to call any number of times. */
void hj_term_restore(void);

/* 1 while raw mode / screen modes are in effect. */
int hj_term_is_active(void);

/* The restore routine as a C function pointer, for other modules' emergency paths
 * (for example a lua_atpanic handler, T-12). */
extern void (*const hj_term_emergency_restore)(void);

/* Installs the signal handlers and creates the self-pipe:
 *   SIGINT/SIGTERM/SIGHUP/SIGQUIT  record the signal, wake the loop (a second one
 *                                  while the first is unhandled restores and dies)
 *   SIGWINCH/SIGCONT/SIGTSTP       set an event bit, wake the loop
 *   SIGILL/SIGTRAP/SIGSEGV/SIGBUS/SIGFPE/SIGABRT
 *                                  restore, then chain to the previous handler
 *                                  (the Swift backtracer); _exit on re-entry.
 * Returns 0, or -1 with errno set. Calling it twice is a no-op. */
int hj_term_install_signal_handlers(void);

/* Puts back the dispositions that were in place before install, closes the pipe. */
void hj_term_uninstall_signal_handlers(void);

/* Read end of the self-pipe (non-blocking), or -1 when not installed. */
int hj_term_wake_fd(void);

/* Reads and discards every byte waiting in the self-pipe. */
void hj_term_drain_wake_fd(void);

/* Atomically takes (clears and returns) the event bits in `mask`. */
unsigned hj_term_take_events(unsigned mask);

/* The first terminating signal received and not yet acted on, or 0. */
int hj_term_terminate_signal(void);

/* Restores the terminal, resets `sig` to SIG_DFL, unblocks it and raises it, so the
 * parent sees WIFSIGNALED. Falls back to _exit(128 + sig). Never returns. */
void hj_term_exit_by_signal(int sig) __attribute__((noreturn));

/* Stops the process the way a shell expects: SIGTSTP to SIG_DFL, unblock, raise.
 * Returns after SIGCONT (or at once when the kernel discards the stop because the
 * process group is orphaned), with our SIGTSTP handler reinstalled. The caller
 * restores the terminal before and re-enters after (T-4). */
void hj_term_suspend_self(void);

/* TIOCGWINSZ on fd. Returns 0, or -1 with errno set. */
int hj_term_window_size(int fd, unsigned short *columns, unsigned short *rows);

/* How many times a fatal-signal handler has been entered (for diagnostics). */
int hj_term_fatal_entries(void);

/* Flushes stdio's standard output at exit; 0 when everything written reached the
 * descriptor, else an errno value (EIO when the stream failed earlier and the cause is
 * gone). For headless output into a closed pipe (RELIABILITY T-19). */
int hj_stdout_finish(void);

/* Whether the locale the environment names (LC_ALL, LC_CTYPE, LANG, as setlocale reads
 * them) uses UTF-8: nl_langinfo(CODESET) after setlocale(LC_CTYPE, ""). 1 yes, 0 no, -1
 * when that locale is not installed (setlocale failed). LC_CTYPE is set back to "C" before
 * it returns, so nothing else (Lua's string.upper, say) ever depends on the user's locale.
 * Not thread-safe (setlocale): call it once, at start. */
int hj_locale_is_utf8(void);

#endif /* HJ_TERM_SHIM_H */
