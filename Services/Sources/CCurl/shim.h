#ifndef FLIGHTS_CCURL_SHIM_H
#define FLIGHTS_CCURL_SHIM_H

/* The wrappers below pass the option as a runtime value, which gcc/clang's
   compile-time option type check cannot follow; the types are fixed by the
   wrapper signatures instead. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/eventfd.h>
#endif

/* Swift cannot call C variadic functions, so curl_easy_setopt,
   curl_easy_getinfo and curl_multi_setopt get one non-variadic wrapper per
   argument kind. */

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/* Write and header callbacks share this signature. */
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/* CURL_GLOBAL_ALL is a composite macro that Swift does not import. */
static inline CURLcode ccurl_global_init_all(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

/* A write callback's way to abort a transfer with CURLE_WRITE_ERROR. */
static inline size_t ccurl_writefunc_error(void) {
    return CURL_WRITEFUNC_ERROR;
}

/* A peer closing a socket mid-write raises SIGPIPE, whose default action ends
   the process; libcurl avoids most of these itself, OpenSSL writes may not.
   Only the default disposition is replaced, so a handler the host program
   installed stays in place. Returns 0 on success, -1 on failure. */
static inline int ccurl_ignore_sigpipe_if_default(void) {
    struct sigaction current;
    if (sigaction(SIGPIPE, NULL, &current) != 0) {
        return -1;
    }
    if (current.sa_handler != SIG_DFL) {
        return 0;
    }
    struct sigaction ignore = current;
    ignore.sa_handler = SIG_IGN;
    return sigaction(SIGPIPE, &ignore, NULL);
}

/* A wake-up channel for a thread sleeping in curl_multi_poll, passed to it as an extra descriptor.
   Unlike curl_multi_wakeup, whose descriptors die with curl_multi_cleanup, its lifetime is the caller's,
   so it can be signalled without holding a lock. fds[0] is polled and drained, fds[1] is written (the same
   eventfd on Linux, a non-blocking pipe elsewhere). Returns 0 on success, -1 on failure. */
static inline int ccurl_wakeup_open(int fds[2]) {
#ifdef __linux__
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    fds[0] = fd;
    fds[1] = fd;
    return 0;
#else
    if (pipe(fds) != 0) {
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
#endif
}

static inline void ccurl_wakeup_signal(int writeFD) {
    uint64_t one = 1;
    /* A full pipe or a saturated counter already means "wake up", so a failed write needs no handling. */
    ssize_t ignored = write(writeFD, &one, sizeof one);
    (void)ignored;
}

static inline void ccurl_wakeup_drain(int readFD) {
    uint64_t buffer[8];
#ifdef __linux__
    /* One read empties an eventfd's counter. */
    ssize_t ignored = read(readFD, buffer, sizeof buffer);
    (void)ignored;
#else
    while (read(readFD, buffer, sizeof buffer) > 0) {
    }
#endif
}

static inline void ccurl_wakeup_close(int fds[2]) {
    close(fds[0]);
    if (fds[1] != fds[0]) {
        close(fds[1]);
    }
}

#endif
