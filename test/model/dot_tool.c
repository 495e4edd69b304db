/*
 * dot_tool: a thin stdin/stdout driver over mma_preset_profile + mma_dot, used by
 * run_random_vs_reference.py to compare the library with the independent Python model.
 *
 * Input, one request per line (whitespace separated, codes in hex without 0x):
 *   preset family atype dtype k a0 .. a(k-1) b0 .. b(k-1) c
 *       -> prints d as hex, or "ERR <status name>"
 *   list
 *       -> prints every "preset family atype dtype" that mma_preset_profile accepts
 *          (atype over the float input formats, dtype f32/f16), then "END"
 * atype may be written "a/b" for different A and B formats. C and D have format dtype.
 * preset may carry a rounding mode for exact / seq_fma: "exact@rz" (rne, rz, ru, rd, rna) sets
 * profile.round_mode; a "+zpt" suffix ("hopper+zpt", "exact@rz+zpt") sets profile.zero_product_term.
 * The profile comes from mma_preset_profile_ab(preset, family, atype, btype, dtype).
 * Output is flushed after every request line so a caller may stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/mmacore.h"

#define MAX_K 512

static const char *const FAMILY_NAMES[] = {"mma", "wmma", "wgmma"};
static const char *const INPUT_TYPES[] = {"f16", "bf16", "tf32", "e4m3", "e5m2", "e3m2", "e2m3", "e2m1", "f32", "f64"};
static const char *const OUTPUT_TYPES[] = {"f32", "f16", "f64"};

static int parse_family(const char *s, mma_family *out) {
    for (int i = 0; i < 3; i++) {
        if (strcmp(s, FAMILY_NAMES[i]) == 0) {
            *out = (mma_family)i;
            return 0;
        }
    }
    return -1;
}

static int parse_format(const char *s, mma_format *out) {
    return mma_format_from_name(s, strlen(s), out) == MMA_OK ? 0 : -1;
}

static void do_list(void) {
    for (int p = 0; p < MMA_PRESET_COUNT; p++) {
        for (int f = 0; f < 3; f++) {
            for (size_t a = 0; a < sizeof INPUT_TYPES / sizeof INPUT_TYPES[0]; a++) {
                for (size_t d = 0; d < sizeof OUTPUT_TYPES / sizeof OUTPUT_TYPES[0]; d++) {
                    mma_format af, df;
                    mma_profile prof;
                    if (parse_format(INPUT_TYPES[a], &af) || parse_format(OUTPUT_TYPES[d], &df)) continue;
                    if (mma_preset_profile((mma_preset)p, (mma_family)f, af, df, &prof) == MMA_OK)
                        printf("%s %s %s %s\n", mma_preset_name((mma_preset)p), FAMILY_NAMES[f], INPUT_TYPES[a],
                               OUTPUT_TYPES[d]);
                }
            }
        }
    }
    printf("END\n");
}

/* Returns 0 and prints a result line, or -1 on a malformed request (a protocol error). */
static int do_dot(char *save, char *preset_s) {
    char *fam_s = strtok_r(NULL, " \t\r\n", &save);
    char *at_s = strtok_r(NULL, " \t\r\n", &save);
    char *dt_s = strtok_r(NULL, " \t\r\n", &save);
    char *k_s = strtok_r(NULL, " \t\r\n", &save);
    if (!fam_s || !at_s || !dt_s || !k_s) return -1;
    mma_preset preset;
    mma_family fam;
    mma_format af, bf, df;
    int round_mode = -1;
    int zpt = 0;
    char *plus = strchr(preset_s, '+');
    if (plus) {
        if (strcmp(plus, "+zpt") != 0) return -1;
        *plus = '\0';
        zpt = 1;
    }
    const char *at = strchr(preset_s, '@');
    size_t plen = at ? (size_t)(at - preset_s) : strlen(preset_s);
    if (at) {
        for (int i = 0; i < MMA_RND_COUNT; i++)
            if (strcmp(at + 1, mma_round_name((mma_round)i)) == 0) round_mode = i;
        if (round_mode < 0) return -1;
    }
    if (mma_preset_from_name(preset_s, plen, &preset) != MMA_OK) return -1;
    if (parse_family(fam_s, &fam)) return -1;
    char *slash = strchr(at_s, '/');
    if (slash) {
        *slash = '\0';
        if (parse_format(slash + 1, &bf)) return -1;
    }
    if (parse_format(at_s, &af)) return -1;
    if (!slash) bf = af;
    if (parse_format(dt_s, &df)) return -1;
    char *end;
    unsigned long k = strtoul(k_s, &end, 10);
    if (*end || k > MAX_K) return -1;
    static uint64_t a[MAX_K], b[MAX_K];
    uint64_t c = 0;
    for (unsigned long i = 0; i < 2 * k + 1; i++) {
        char *t = strtok_r(NULL, " \t\r\n", &save);
        if (!t) return -1;
        uint64_t v = strtoull(t, &end, 16);
        if (*end) return -1;
        if (i < k)
            a[i] = v;
        else if (i < 2 * k)
            b[i - k] = v;
        else
            c = v;
    }
    mma_profile prof;
    mma_status st = mma_preset_profile_ab(preset, fam, af, bf, df, &prof);
    if (round_mode >= 0) prof.round_mode = (uint8_t)round_mode;
    if (zpt) prof.zero_product_term = 1;
    uint64_t d = 0;
    if (st == MMA_OK) st = mma_dot(&prof, af, a, 1, bf, b, 1, k, df, c, df, &d);
    if (st != MMA_OK)
        printf("ERR %d\n", (int)st);
    else
        printf("%llx\n", (unsigned long long)d);
    return 0;
}

int main(void) {
    static char line[65536];
    while (fgets(line, sizeof line, stdin)) {
        char *save = NULL;
        char *first = strtok_r(line, " \t\r\n", &save);
        if (!first) continue;
        if (strcmp(first, "list") == 0) {
            do_list();
        } else if (do_dot(save, first) != 0) {
            printf("BADREQ\n");
        }
        fflush(stdout);
    }
    return 0;
}
