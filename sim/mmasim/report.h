// A regression shard's summary: what regress prints, writes with --json / --junit, and merge reads
// back and combines (shards need no coordination: each writes its own file).
#ifndef MMA_SIM_REPORT_H
#define MMA_SIM_REPORT_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mmasim {

struct Failure {
    uint64_t job = 0;
    std::string reproduce, message;
};

struct JobRecord {          // one job, for the JUnit report
    uint64_t job = 0;
    std::string name, message;
    double seconds = 0;
    uint64_t cycles = 0, storm_digest = 0;   // the job's simulated cycles; a register storm's digest (0: none)
};

struct Summary {
    std::string config, shard = "0/1";
    uint64_t seed = 0;
    uint64_t jobs = 0, passed = 0, failed = 0;
    uint64_t cycles = 0;        // simulated cycles, all jobs
    uint64_t busy = 0;          // accelerator busy cycles (performance counter)
    uint64_t macs = 0;          // busy MAC slots (performance counter)
    uint64_t avail = 0;         // MAC slots of the busy cycles
    uint64_t useful_macs = 0;   // M x N x K of the jobs that computed
    double seconds = 0;         // wall time
    std::vector<Failure> failures;
    std::map<std::string, uint64_t> coverage;   // functional coverage bin -> jobs
    std::vector<std::string> expected_bins;     // the bins the run should hit
    std::vector<JobRecord> records;

    void add(const Summary &o);
    // The closing report; last line "N passed, M failed".
    void print(FILE *f) const;
};

// The summary as JSON text (what --json writes; doubles with 17 digits, so they read back exactly).
std::string to_json(const Summary &s);
// Writes to_json(s) to path; false and err set on an I/O error.
bool write_json(const Summary &s, const std::string &path, std::string &err);
// Parses a summary from JSON text (name: the file, for messages); false and a one-line err naming
// the problem when the text is not a summary (wrong types, counts that do not add up, trailing text).
bool parse_json(const std::string &text, const std::string &name, Summary &s, std::string &err);
// Reads a file and parses it (parse_json).
bool read_json(const std::string &path, Summary &s, std::string &err);
bool write_junit(const Summary &s, const std::string &path, std::string &err);

}  // namespace mmasim

#endif
