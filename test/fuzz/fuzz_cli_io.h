/*
 * Helpers of the CLI fuzz targets (Linux): the CLI readers take file paths and report errors on
 * stderr, so each input is written to an in-memory file (memfd, reached as /proc/self/fd/N, no
 * disk I/O) and stderr/stdout are captured into memfds around the call to check the messages.
 * Sanitizer reports are sent to the original stderr so that a crash during a capture is still seen.
 */
#ifndef MMA_FUZZ_CLI_IO_H
#define MMA_FUZZ_CLI_IO_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"

/* Provided by the sanitizer runtimes; absent (NULL) in a plain build. */
extern void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

typedef struct fz_capture {
    int fd;        /* memfd receiving the stream */
    int saved;     /* the original descriptor while captured, else -1 */
    int target;    /* 1 = stdout, 2 = stderr */
    char *text;    /* captured text (NUL-terminated) after fz_capture_end */
    size_t len;
} fz_capture;

static inline int fz_memfd(const char *name)
{
    int fd = memfd_create(name, 0);
    FZ_CHECK(fd >= 0, "memfd_create failed");
    return fd;
}

/* Writes data to a memfd from offset 0 and truncates it to size. */
static inline void fz_memfd_set(int fd, const uint8_t *data, size_t size)
{
    FZ_CHECK(ftruncate(fd, 0) == 0, "ftruncate");
    size_t done = 0;
    while (done < size) {
        ssize_t w = pwrite(fd, data + done, size - done, (off_t)done);
        FZ_CHECK(w > 0, "pwrite");
        done += (size_t)w;
    }
}

static inline void fz_capture_init(fz_capture *c, int target)
{
    c->fd = fz_memfd(target == 1 ? "fuzz-stdout" : "fuzz-stderr");
    c->saved = -1;
    c->target = target;
    c->text = NULL;
    c->len = 0;
    if (target == 2 && __sanitizer_set_report_fd != NULL) {
        static int report_fd = -1;
        if (report_fd < 0) {
            report_fd = dup(2);
            __sanitizer_set_report_fd((void *)(intptr_t)report_fd);
        }
    }
}

static inline void fz_capture_begin(fz_capture *c)
{
    fflush(c->target == 1 ? stdout : stderr);
    FZ_CHECK(ftruncate(c->fd, 0) == 0, "ftruncate");
    c->saved = dup(c->target);
    FZ_CHECK(c->saved >= 0 && dup2(c->fd, c->target) >= 0, "dup2");
}

/* Restores the stream and reads what was written into c->text (valid until the next end). */
static inline void fz_capture_end(fz_capture *c)
{
    fflush(c->target == 1 ? stdout : stderr);
    FZ_CHECK(dup2(c->saved, c->target) >= 0, "dup2 back");
    close(c->saved);
    c->saved = -1;
    off_t n = lseek(c->fd, 0, SEEK_END);
    FZ_CHECK(n >= 0, "lseek");
    free(c->text);
    c->len = (size_t)n;
    c->text = (char *)malloc(c->len + 1u);
    FZ_CHECK(c->text != NULL, "malloc");
    size_t done = 0;
    while (done < c->len) {
        ssize_t r = pread(c->fd, c->text + done, c->len - done, (off_t)done);
        FZ_CHECK(r > 0, "pread");
        done += (size_t)r;
    }
    c->text[c->len] = '\0';
    /* The memfd's write offset moved with the output: rewind it for the next capture. */
    FZ_CHECK(lseek(c->fd, 0, SEEK_SET) == 0, "lseek");
}

#endif /* MMA_FUZZ_CLI_IO_H */
