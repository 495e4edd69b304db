/*
 * fuzz_summary_json: the regression shard summary reader of `mmasim merge`
 * (sim/mmasim/report.cpp, `parse_json`) on arbitrary text.
 *
 * Properties:
 *   - a rejection is one line naming the file ("NAME: ..."), never a crash, a hang or an
 *     out-of-bounds read (nesting is bounded);
 *   - an accepted summary is consistent: passed + failed == jobs without wrapping, seconds finite
 *     and >= 0;
 *   - what is accepted survives the writer: to_json of it parses again to the same summary, field
 *     by field (doubles bit for bit), and to_json of that is the same text (a fixed point), so
 *     `mmasim merge` of a merged file counts what the shards counted.
 */
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fuzz_common.h"
#include "report.h"

static bool same(const mmasim::Summary &a, const mmasim::Summary &b)
{
    if (a.failures.size() != b.failures.size()) {
        return false;
    }
    for (size_t i = 0; i < a.failures.size(); ++i) {
        if (a.failures[i].job != b.failures[i].job || a.failures[i].message != b.failures[i].message ||
            a.failures[i].reproduce != b.failures[i].reproduce) {
            return false;
        }
    }
    return a.config == b.config && a.shard == b.shard && a.seed == b.seed && a.jobs == b.jobs &&
           a.passed == b.passed && a.failed == b.failed && a.cycles == b.cycles && a.busy == b.busy &&
           a.macs == b.macs && a.avail == b.avail && a.useful_macs == b.useful_macs &&
           std::memcmp(&a.seconds, &b.seconds, sizeof a.seconds) == 0 && a.coverage == b.coverage &&
           a.expected_bins == b.expected_bins;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    mmasim::Summary s;
    std::string err;
    const bool ok = mmasim::parse_json(text, "in.json", s, err);
    if (fz_verbose()) { // for debugging an input: what the reader said
        std::fprintf(stderr, "parse_json: %s\n", ok ? "accepted" : err.c_str());
    }
    if (!ok) {
        FZ_CHECK(err.rfind("in.json: ", 0) == 0, "message does not name the file: %s", err.c_str());
        FZ_CHECK(err.find('\n') == std::string::npos, "message of more than one line: %s", err.c_str());
        return 0;
    }
    FZ_CHECK(s.passed <= s.jobs && s.passed + s.failed == s.jobs, "passed %llu + failed %llu != jobs %llu",
             (unsigned long long)s.passed, (unsigned long long)s.failed, (unsigned long long)s.jobs);
    FZ_CHECK(std::isfinite(s.seconds) && s.seconds >= 0, "seconds %g", s.seconds);

    const std::string out = mmasim::to_json(s);
    mmasim::Summary t;
    FZ_CHECK(mmasim::parse_json(out, "out.json", t, err), "the writer's text does not read back: %s\n%s", err.c_str(),
             out.c_str());
    FZ_CHECK(same(s, t), "read(write(s)) != s:\n%s", out.c_str());
    FZ_CHECK(mmasim::to_json(t) == out, "write(read(write(s))) != write(s):\n%s", out.c_str());
    return 0;
}
