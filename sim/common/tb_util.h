// Helpers shared by the Verilator harnesses: deterministic random numbers, bit fields of wide
// Verilator ports, and the one way a harness reports a mismatch (with the command that
// reproduces exactly that case).
#ifndef MMA_TB_UTIL_H
#define MMA_TB_UTIL_H

#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

namespace tb {

// splitmix64: case i of a run with seed s is generated from rng(s, i) alone, so any one case can
// be replayed without the ones before it.
struct rng {
    uint64_t s;
    rng(uint64_t seed, uint64_t index) : s(seed * 0x9E3779B97F4A7C15ull ^ (index + 1) * 0xD1B54A32D192ED03ull) { next(); }
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t bits(unsigned n) { return n >= 64 ? next() : next() & ((1ull << n) - 1); }
    unsigned below(unsigned n) { return (unsigned)(next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }
};

// Bit field [lsb, lsb+width) of a wide port held as 32-bit words (VlWide, or any uint32_t array).
template <typename W> inline void set_field(W &w, unsigned lsb, unsigned width, uint64_t v) {
    for (unsigned b = 0; b < width; b++) {
        const unsigned bit = lsb + b, word = bit / 32, off = bit % 32;
        const uint32_t m = 1u << off;
        w[word] = ((v >> b) & 1u) ? (w[word] | m) : (w[word] & ~m);
    }
}
template <typename W> inline uint64_t get_field(const W &w, unsigned lsb, unsigned width) {
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++) {
        const unsigned bit = lsb + b;
        v |= (uint64_t)((w[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    return v;
}
// The same for ports of up to 64 bits (CData/SData/IData/QData).
inline void set_field(uint32_t &w, unsigned lsb, unsigned width, uint64_t v) {
    const uint32_t m = (width >= 32 ? ~0u : ((1u << width) - 1u)) << lsb;
    w = (w & ~m) | (((uint32_t)v << lsb) & m);
}
inline void set_field(uint64_t &w, unsigned lsb, unsigned width, uint64_t v) {
    const uint64_t m = (width >= 64 ? ~0ull : ((1ull << width) - 1u)) << lsb;
    w = (w & ~m) | ((v << lsb) & m);
}

template <typename W> inline void clear_words(W &w, unsigned words) {
    for (unsigned i = 0; i < words; i++) w[i] = 0;
}

// Sign-extends the low `width` bits of v.
inline int64_t sext(uint64_t v, unsigned width) {
    if (width >= 64) return (int64_t)v;
    const uint64_t m = 1ull << (width - 1);
    v &= (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

// A whole decimal (or 0x hex) number in 0 .. 2^64 - 1 from s; false for anything else (empty, a
// sign, trailing text, out of range), v then unspecified.
inline bool parse_u64(const char *s, uint64_t &v) {
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') return false;
    char *end = nullptr;
    errno = 0;
    v = std::strtoull(s, &end, 0);
    return *end == 0 && errno == 0;
}

// Whether a file can be written at path (an existing file writable, or a new one in a writable
// directory), checked without creating it, so that a long run stops before it starts instead of
// losing its report at the end; false with err = "cannot write PATH: REASON".
inline bool can_write(const std::string &path, std::string &err) {
    const size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const bool ok = access(path.c_str(), F_OK) == 0 ? access(path.c_str(), W_OK) == 0 : access(dir.c_str(), W_OK) == 0;
    if (!ok) err = "cannot write " + path + ": " + std::strerror(errno);
    return ok;
}

// Counts checks and mismatches of one test; prints at most `show` mismatches, each followed by the
// one-line command that replays exactly that case.
struct report {
    const char *name;
    std::string replay;   // command prefix; " --seed S --start I --count 1" is appended
    bool whole_run = false;   // the case depends on the ones before it: replay is the whole run, " --seed S" appended
    uint64_t seed;
    uint64_t checks = 0, fails = 0;
    unsigned show = 5;
    // the slice of cases a run compares (--start / --count; count 0: to the end): a case outside it is
    // neither counted nor reported, so a replay's "--start I --count 1" compares that case alone
    uint64_t start = 0, count = 0;
    report(const char *n, std::string r, uint64_t s) : name(n), replay(std::move(r)), seed(s) {}
    // Whether case `index` is in the run's slice (a harness skips the work of the others).
    bool in_slice(uint64_t index) const { return index >= start && (!count || index - start < count); }
    // Records one comparison; on a mismatch prints what and how to replay it. Returns ok.
    bool expect(bool ok, uint64_t index, const char *fmt, ...) __attribute__((format(printf, 4, 5))) {
        if (!in_slice(index)) return true;
        checks++;
        if (ok) return true;
        if (fails++ < show) {
            va_list ap;
            va_start(ap, fmt);
            std::printf("MISMATCH %s case %llu: ", name, (unsigned long long)index);
            std::vprintf(fmt, ap);
            va_end(ap);
            if (whole_run)
                std::printf("\n  reproduce (the whole run: the case depends on the ones before it): %s --seed %llu\n",
                            replay.c_str(), (unsigned long long)seed);
            else
                std::printf("\n  reproduce: %s --seed %llu --start %llu --count 1\n", replay.c_str(),
                            (unsigned long long)seed, (unsigned long long)index);
        }
        return false;
    }
    // The summary line; exit status 0 all passed, 1 a mismatch, 2 no case compared (an empty slice).
    int finish() const {
        if (checks == 0) {
            std::printf("%s: no case compared (the slice --start %llu --count %llu holds none)\n", name,
                        (unsigned long long)start, (unsigned long long)count);
            return 2;
        }
        std::printf("%s: %llu checks, %llu passed, %llu failed\n", name, (unsigned long long)checks,
                    (unsigned long long)(checks - fails), (unsigned long long)fails);
        return fails == 0 ? 0 : 1;
    }
};

}  // namespace tb

#endif
