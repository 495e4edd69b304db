/*
 * Replay driver: runs a fuzz target's LLVMFuzzerTestOneInput on files, without libFuzzer.
 *
 *   fuzz_<target>_replay FILE|DIR...
 *
 * Each file is read into an exactly sized heap buffer (so a sanitizer build still catches
 * over-reads) and passed to the target once; a directory means every regular file in it,
 * in name order. A crash or a property failure (abort) fails the run. Prints the number of
 * inputs replayed. This is how the seed corpus and every crash the fuzzers found
 * (test/fuzz/regressions/<target>/) run as ordinary ctests in every build, gcc included.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = (uint8_t *)malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = (uint8_t *)realloc(buf, cap * 2u);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2u;
        }
    }
    const int err = ferror(f);
    fclose(f);
    if (buf == NULL || err) {
        free(buf);
        fprintf(stderr, "replay: cannot read %s\n", path);
        return -1;
    }
    /* Exactly sized copy: one byte past the input is outside the allocation. */
    uint8_t *exact = (uint8_t *)malloc(n ? n : 1u);
    if (exact == NULL) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
    (void)LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 1;
}

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static int replay_path(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "replay: no such file or directory: %s\n", path);
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        return replay_file(path);
    }
    DIR *dir = opendir(path);
    if (dir == NULL) {
        fprintf(stderr, "replay: cannot open directory %s\n", path);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.') {
            continue; /* ., .., and hidden files such as .gitkeep */
        }
        if (count == cap) {
            cap = cap ? cap * 2u : 64u;
            char **more = (char **)realloc(names, cap * sizeof *names);
            if (more == NULL) {
                break;
            }
            names = more;
        }
        const size_t len = strlen(path) + strlen(e->d_name) + 2u;
        names[count] = (char *)malloc(len);
        if (names[count] == NULL) {
            break;
        }
        snprintf(names[count], len, "%s/%s", path, e->d_name);
        ++count;
    }
    closedir(dir);
    if (count > 0) {
        qsort(names, count, sizeof *names, cmp_names);
    }
    int total = 0;
    for (size_t i = 0; i < count; ++i) {
        struct stat fsb;
        if (stat(names[i], &fsb) == 0 && S_ISREG(fsb.st_mode)) {
            const int r = replay_file(names[i]);
            if (r < 0) {
                total = -1;
            } else if (total >= 0) {
                total += r;
            }
        }
        free(names[i]);
    }
    free(names);
    return total;
}

int main(int argc, char **argv)
{
    int total = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        const int r = replay_path(argv[i]);
        if (r < 0) {
            return 1;
        }
        total += r;
    }
    printf("replayed %d inputs: no crash, no property failure\n", total);
    return 0;
}
