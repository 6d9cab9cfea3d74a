#define _GNU_SOURCE
/* The signal handlers of CTerminalShim: a terminating or fatal signal restores the terminal
 * (hj_term_restore, shim.c) and then ends the process as the signal would; resize, resume
 * and stop arrive as events through a self-pipe. Their state is theirs alone: every value a
 * handler reads or writes is written once before the handlers are installed, or accessed
 * with __atomic builtins (lock-free, hence async-signal-safe). */
#include "CTerminalShim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int hj_installed = 0;
static int hj_pipe_read = -1;
static int hj_pipe_write = -1;
static unsigned hj_events = 0;
static int hj_terminate = 0;
static int hj_fatal_entered = 0;

static const int hj_terminating_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int hj_event_signals[] = { SIGWINCH, SIGCONT, SIGTSTP };
static const int hj_fatal_signals[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };

#define HJ_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define HJ_MAX_SIGNAL 64
static struct sigaction hj_previous[HJ_MAX_SIGNAL];
static unsigned long long hj_installed_mask = 0; /* bit n: we replaced signal n's handler */
static sigset_t hj_reblock;                       /* handled signals that came in blocked */

/* ------------------------------------------------------------------------------------
 * Signals.
 * ---------------------------------------------------------------------------------- */

static void hj_wake(void) {
    int saved_errno = errno;
    int fd = __atomic_load_n(&hj_pipe_write, __ATOMIC_SEQ_CST);
    if (fd >= 0) {
        char byte = 0;
        /* EAGAIN means the pipe is full, so the loop is awake anyway. */
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void hj_set_default_and_raise(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    (void)sigprocmask(SIG_UNBLOCK, &set, NULL);
    (void)raise(sig);
}

static void hj_on_terminating_signal(int sig) {
    int expected = 0;
    if (!__atomic_compare_exchange_n(&hj_terminate, &expected, sig, 0,
                                     __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        /* A terminating signal is already waiting and the main loop has not acted on
         * it: the loop is stuck. Restore here and die by the signal. */
        hj_term_restore();
        hj_set_default_and_raise(sig);
        _exit(128 + sig);
    }
    hj_wake();
}

static void hj_on_event_signal(int sig) {
    unsigned bit = 0;
    if (sig == SIGWINCH) bit = HJ_TERM_EVENT_RESIZE;
    else if (sig == SIGCONT) bit = HJ_TERM_EVENT_CONTINUE;
    else if (sig == SIGTSTP) bit = HJ_TERM_EVENT_SUSPEND;
    __atomic_fetch_or(&hj_events, bit, __ATOMIC_SEQ_CST);
    hj_wake();
}

/* Puts back every fatal handler that was there before us, so that anything raised
 * after the first crash (by the backtracer, say) goes straight to its old owner. */
static void hj_restore_previous_fatal_handlers(void) {
    for (size_t i = 0; i < HJ_COUNT(hj_fatal_signals); i++) {
        int sig = hj_fatal_signals[i];
        struct sigaction previous = hj_previous[sig];
        /* An ignored synchronous fault would re-execute forever: use the default. */
        if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN) {
            previous.sa_handler = SIG_DFL;
        }
        (void)sigaction(sig, &previous, NULL);
    }
}

static void hj_on_fatal_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    if (__atomic_fetch_add(&hj_fatal_entered, 1, __ATOMIC_SEQ_CST) > 0) {
        /* A crash inside this handler, or two threads crashing at once: skip the
         * niceties (vim deathtrap, T-13). */
        _exit(128 + sig);
    }
    hj_term_restore();
    hj_restore_previous_fatal_handlers();
    /* si_code > 0: the kernel raised it for an instruction (ud2, bad access, divide by
     * zero). Returning re-executes that instruction, which now reaches the previous
     * handler (the Swift backtracer) with the real crash site on the stack (T-11).
     * SIGABRT and signals sent with kill/raise (si_code <= 0) are re-raised instead;
     * the signal is blocked in here, so it is delivered as soon as we return. */
    int synchronous = info != NULL && info->si_code > 0 && sig != SIGABRT;
    if (!synchronous) (void)raise(sig);
}

static int hj_install(int sig, void (*handler)(int), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    if (sigaction(sig, &action, &hj_previous[sig]) < 0) return -1;
    hj_installed_mask |= 1ull << sig;
    return 0;
}

static void hj_ensure_alternate_signal_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        size_t size = 64 * 1024;
        void *memory = malloc(size);
        if (memory == NULL) return;
        stack_t stack = { .ss_sp = memory, .ss_flags = 0, .ss_size = size };
        if (sigaltstack(&stack, NULL) != 0) free(memory);
        /* else: kept for the life of the process, like every signal stack. */
    }
}

int hj_term_install_signal_handlers(void) {
    if (hj_installed) return 0;
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) < 0) return -1;
    hj_pipe_read = fds[0];
    __atomic_store_n(&hj_pipe_write, fds[1], __ATOMIC_SEQ_CST);
    __atomic_store_n(&hj_events, 0u, __ATOMIC_SEQ_CST);
    __atomic_store_n(&hj_terminate, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&hj_fatal_entered, 0, __ATOMIC_SEQ_CST);
    hj_ensure_alternate_signal_stack();

    for (size_t i = 0; i < HJ_COUNT(hj_terminating_signals); i++) {
        if (hj_install(hj_terminating_signals[i], hj_on_terminating_signal, SA_RESTART) < 0) goto fail;
    }
    for (size_t i = 0; i < HJ_COUNT(hj_event_signals); i++) {
        if (hj_install(hj_event_signals[i], hj_on_event_signal, SA_RESTART) < 0) goto fail;
    }
    for (size_t i = 0; i < HJ_COUNT(hj_fatal_signals); i++) {
        int sig = hj_fatal_signals[i];
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = hj_on_fatal_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(sig, &action, &hj_previous[sig]) < 0) goto fail;
        hj_installed_mask |= 1ull << sig;
    }
    /* A parent may hand us these signals blocked (the mask survives fork and exec;
     * test runners and some launchers block them in every thread). Unblocked here, on
     * the thread that runs the loop, or SIGWINCH/SIGTERM/SIGCONT would never arrive. */
    {
        sigset_t handled;
        sigemptyset(&handled);
        for (int sig = 1; sig < HJ_MAX_SIGNAL; sig++) {
            if (hj_installed_mask & (1ull << sig)) sigaddset(&handled, sig);
        }
        sigset_t previous;
        sigemptyset(&previous);
        (void)sigprocmask(SIG_UNBLOCK, &handled, &previous);
        sigemptyset(&hj_reblock);
        for (int sig = 1; sig < HJ_MAX_SIGNAL; sig++) {
            if (sigismember(&handled, sig) == 1 && sigismember(&previous, sig) == 1) sigaddset(&hj_reblock, sig);
        }
    }
    hj_installed = 1;
    return 0;

fail: {
        int saved = errno;
        hj_installed = 1;
        hj_term_uninstall_signal_handlers();
        errno = saved;
        return -1;
    }
}

void hj_term_uninstall_signal_handlers(void) {
    if (!hj_installed) return;
    for (int sig = 1; sig < HJ_MAX_SIGNAL; sig++) {
        if (hj_installed_mask & (1ull << sig)) (void)sigaction(sig, &hj_previous[sig], NULL);
    }
    hj_installed_mask = 0;
    /* Leave the mask as we found it (hj_reblock is empty after a failed install). */
    (void)sigprocmask(SIG_BLOCK, &hj_reblock, NULL);
    sigemptyset(&hj_reblock);
    int write_end = __atomic_exchange_n(&hj_pipe_write, -1, __ATOMIC_SEQ_CST);
    if (write_end >= 0) close(write_end);
    if (hj_pipe_read >= 0) close(hj_pipe_read);
    hj_pipe_read = -1;
    hj_installed = 0;
}

int hj_term_wake_fd(void) { return hj_pipe_read; }

void hj_term_drain_wake_fd(void) {
    if (hj_pipe_read < 0) return;
    char sink[64];
    for (;;) {
        ssize_t n = read(hj_pipe_read, sink, sizeof sink);
        if (n > 0) continue;
        if (n < 0 && errno == EINTR) continue;
        break; /* EAGAIN: empty */
    }
}

unsigned hj_term_take_events(unsigned mask) {
    return __atomic_fetch_and(&hj_events, ~mask, __ATOMIC_SEQ_CST) & mask;
}

int hj_term_terminate_signal(void) { return __atomic_load_n(&hj_terminate, __ATOMIC_SEQ_CST); }

void hj_term_exit_by_signal(int sig) {
    hj_term_restore();
    hj_set_default_and_raise(sig);
    _exit(128 + sig);
}

void hj_term_suspend_self(void) {
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(SIGTSTP, &dfl, &ours);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    (void)sigprocmask(SIG_UNBLOCK, &set, NULL);
    /* raise() signals this thread, so the stop has happened by the time it returns
     * (a kill(getpid()) in a multithreaded process may return first; T-4 note). */
    (void)raise(SIGTSTP);
    (void)sigaction(SIGTSTP, &ours, NULL);
}

int hj_term_fatal_entries(void) { return __atomic_load_n(&hj_fatal_entered, __ATOMIC_SEQ_CST); }
