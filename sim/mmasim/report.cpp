// Regression summaries: printing, JSON (write and read back), JUnit XML.
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

#include "report.h"

namespace mmasim {

namespace {

std::string esc_json(const std::string &s) {
    std::string o;
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\', o += c;
        else if (c == '\n') o += "\\n";
        else if ((unsigned char)c < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            o += b;
        } else o += c;
    }
    return o;
}

std::string esc_xml(const std::string &s) {
    std::string o;
    for (char c : s) {
        if (c == '<') o += "&lt;";
        else if (c == '>') o += "&gt;";
        else if (c == '&') o += "&amp;";
        else if (c == '"') o += "&quot;";
        else o += c;
    }
    return o;
}

std::string human(double v) {
    char b[32];
    if (v >= 1e9) std::snprintf(b, sizeof b, "%.2fG", v / 1e9);
    else if (v >= 1e6) std::snprintf(b, sizeof b, "%.2fM", v / 1e6);
    else if (v >= 1e3) std::snprintf(b, sizeof b, "%.1fk", v / 1e3);
    else std::snprintf(b, sizeof b, "%.0f", v);
    return b;
}

// A minimal JSON reader for the files write_json produces.
struct Json {
    enum Kind { NUL, NUM, STR, ARR, OBJ, BOOL } kind = NUL;
    double num = 0;
    uint64_t u = 0;
    bool is_uint = false;   // a NUM written as decimal digits only, within uint64_t (then u is its value)
    std::string str;
    std::vector<Json> arr;
    std::vector<std::pair<std::string, Json>> obj;
    const Json *get(const char *k) const {
        for (const auto &p : obj)
            if (p.first == k) return &p.second;
        return nullptr;
    }
};

struct Parser {
    const std::string &t;
    size_t i = 0;
    std::string err;
    explicit Parser(const std::string &s) : t(s) {}
    void ws() {
        while (i < t.size() && std::isspace((unsigned char)t[i])) i++;
    }
    bool fail(const char *what) {
        if (err.empty()) err = std::string(what) + " at byte " + std::to_string(i);
        return false;
    }
    bool string(std::string &o) {
        if (t[i] != '"') return fail("expected a string");
        for (i++; i < t.size() && t[i] != '"'; i++) {
            if (t[i] == '\\') {
                if (++i >= t.size()) return fail("truncated escape");
                const char c = t[i];
                if (c == 'n') o += '\n';
                else if (c == 't') o += '\t';
                else if (c == 'r') o += '\r';
                else if (c == 'b') o += '\b';
                else if (c == 'f') o += '\f';
                else if (c == '"' || c == '\\' || c == '/') o += c;
                else if (c == 'u') {
                    // write_json escapes control bytes as \u00XX; other code points are not written
                    const std::string hex = t.substr(i + 1, 4);
                    if (hex.size() != 4 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
                        return fail("bad \\u escape");
                    const unsigned long v = std::strtoul(hex.c_str(), nullptr, 16);
                    if (v > 0xFF) return fail("\\u escape above \\u00ff");
                    o += (char)v;
                    i += 4;
                } else return fail("bad escape");
            } else o += t[i];
        }
        if (i >= t.size()) return fail("unterminated string");
        i++;
        return true;
    }
    bool value(Json &v, int depth) {
        if (depth > 20) return fail("nested too deep");
        ws();
        if (i >= t.size()) return fail("unexpected end");
        const char c = t[i];
        if (c == '{') {
            v.kind = Json::OBJ;
            i++;
            ws();
            if (i < t.size() && t[i] == '}') return i++, true;
            for (;;) {
                ws();
                std::string k;
                if (i >= t.size() || !string(k)) return fail("expected a key");
                ws();
                if (i >= t.size() || t[i] != ':') return fail("expected ':'");
                i++;
                Json x;
                if (!value(x, depth + 1)) return false;
                v.obj.emplace_back(k, std::move(x));
                ws();
                if (i < t.size() && t[i] == ',') { i++; continue; }
                if (i < t.size() && t[i] == '}') return i++, true;
                return fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.kind = Json::ARR;
            i++;
            ws();
            if (i < t.size() && t[i] == ']') return i++, true;
            for (;;) {
                Json x;
                if (!value(x, depth + 1)) return false;
                v.arr.push_back(std::move(x));
                ws();
                if (i < t.size() && t[i] == ',') { i++; continue; }
                if (i < t.size() && t[i] == ']') return i++, true;
                return fail("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.kind = Json::STR;
            return string(v.str);
        }
        if (t.compare(i, 4, "true") == 0) { v.kind = Json::BOOL; v.u = 1; i += 4; return true; }
        if (t.compare(i, 5, "false") == 0) { v.kind = Json::BOOL; i += 5; return true; }
        if (t.compare(i, 4, "null") == 0) { i += 4; return true; }
        const size_t s = i;
        while (i < t.size() && (std::isdigit((unsigned char)t[i]) || t[i] == '.' || t[i] == '-' || t[i] == 'e' ||
                                t[i] == 'E' || t[i] == '+'))
            i++;
        if (s == i) return fail("unexpected character");
        v.kind = Json::NUM;
        const std::string num = t.substr(s, i - s);
        char *end = nullptr;
        v.num = std::strtod(num.c_str(), &end);
        if (end != num.c_str() + num.size()) return fail("bad number");
        v.is_uint = num.size() <= 20 && num.find_first_not_of("0123456789") == std::string::npos;
        if (v.is_uint) {
            errno = 0;
            v.u = std::strtoull(num.c_str(), nullptr, 10);
            v.is_uint = errno == 0;
        }
        return true;
    }
};

}  // namespace

void Summary::add(const Summary &o) {
    if (config.empty()) config = o.config;
    else if (config != o.config && config.find(o.config) == std::string::npos) config += "+" + o.config;
    jobs += o.jobs;
    passed += o.passed;
    failed += o.failed;
    cycles += o.cycles;
    busy += o.busy;
    macs += o.macs;
    avail += o.avail;
    useful_macs += o.useful_macs;
    seconds += o.seconds;
    failures.insert(failures.end(), o.failures.begin(), o.failures.end());
    for (const auto &c : o.coverage) coverage[c.first] += c.second;
    std::set<std::string> have(expected_bins.begin(), expected_bins.end());
    for (const auto &b : o.expected_bins)
        if (have.insert(b).second) expected_bins.push_back(b);
    records.insert(records.end(), o.records.begin(), o.records.end());
}

void Summary::print(FILE *f) const {
    // hits per group (the bin name up to ':'); missed bins by name, modes by count
    unsigned hit = 0;
    std::map<std::string, std::pair<unsigned, unsigned>> groups;
    std::vector<std::string> order;
    std::string missed;
    for (const auto &b : expected_bins) {
        const std::string g = b.substr(0, b.find(':'));
        if (!groups.count(g)) order.push_back(g);
        auto it = coverage.find(b);
        const bool h = it != coverage.end() && it->second;
        hit += h;
        groups[g].first += h;
        groups[g].second++;
        if (!h && g != "mode") missed += (missed.empty() ? "" : ", ") + b;
    }
    std::string per_group;
    for (const std::string &g : order)
        per_group += (per_group.empty() ? "" : ", ") + g + " " + std::to_string(groups[g].first) + "/" +
                     std::to_string(groups[g].second);
    std::fprintf(f, "---- mmasim regression summary: config %s, seed %llu, shard %s\n", config.c_str(),
                 (unsigned long long)seed, shard.c_str());
    std::fprintf(f, "  jobs          %llu\n", (unsigned long long)jobs);
    std::fprintf(f, "  MACs/cycle    %.1f (M x N x K of the computed jobs per accelerator busy cycle)\n",
                 busy ? (double)useful_macs / (double)busy : 0.0);
    std::fprintf(f, "  utilisation   %.1f%% (busy MAC slots / MAC slots of the busy cycles; small random jobs)\n",
                 avail ? 100.0 * (double)macs / (double)avail : 0.0);
    std::fprintf(f, "  simulated     %s cycles in %.1f s: %s cycles/s, %.2f jobs/s on one core\n", human((double)cycles).c_str(),
                 seconds, human(seconds > 0 ? (double)cycles / seconds : 0).c_str(), seconds > 0 ? (double)jobs / seconds : 0.0);
    std::fprintf(f, "  coverage      %u/%zu functional bins hit (%s)\n", hit, expected_bins.size(), per_group.c_str());
    if (!missed.empty()) std::fprintf(f, "  not hit       %s\n", missed.c_str());
    auto count = [&](const char *bin) {
        const auto it = coverage.find(bin);
        return it == coverage.end() ? 0ull : (unsigned long long)it->second;
    };
    if (count("fault:reg_storm"))
        std::fprintf(f, "  storms        %llu: %llu of the jobs they started checked against mma_gemm, %llu of them D bit for bit;"
                        " %llu refused as their registers' checks predict; %llu checked for stray writes (none outside D's rows,"
                        " none at all when refused)\n",
                     count("fault:reg_storm"), count("storm:job-checked"), count("storm:job-d-checked"), count("storm:job-refused"),
                     count("storm:job-fenced"));
    size_t shown = 0;
    for (const Failure &x : failures) {
        if (shown++ == 10) {
            std::fprintf(f, "  ... %zu more failures\n", failures.size() - 10);
            break;
        }
        std::fprintf(f, "  FAILED job %llu: %s\n    reproduce: %s\n", (unsigned long long)x.job, x.message.c_str(),
                     x.reproduce.c_str());
    }
    std::fprintf(f, "%llu passed, %llu failed\n", (unsigned long long)passed, (unsigned long long)failed);
}

std::string to_json(const Summary &s) {
    std::ostringstream o;
    o << std::setprecision(17); // doubles read back exactly
    o << "{\n  \"config\": \"" << esc_json(s.config) << "\",\n  \"seed\": " << s.seed << ",\n  \"shard\": \""
      << esc_json(s.shard) << "\",\n  \"jobs\": " << s.jobs << ",\n  \"passed\": " << s.passed << ",\n  \"failed\": "
      << s.failed << ",\n  \"cycles\": " << s.cycles << ",\n  \"busy\": " << s.busy << ",\n  \"macs\": " << s.macs
      << ",\n  \"avail\": " << s.avail << ",\n  \"useful_macs\": " << s.useful_macs << ",\n  \"seconds\": " << s.seconds
      << ",\n  \"utilisation\": " << (s.avail ? (double)s.macs / (double)s.avail : 0.0) << ",\n  \"failures\": [";
    for (size_t i = 0; i < s.failures.size(); i++)
        o << (i ? "," : "") << "\n    {\"job\": " << s.failures[i].job << ", \"message\": \"" << esc_json(s.failures[i].message)
          << "\", \"reproduce\": \"" << esc_json(s.failures[i].reproduce) << "\"}";
    o << "\n  ],\n  \"expected_bins\": [";
    for (size_t i = 0; i < s.expected_bins.size(); i++) o << (i ? ", " : "") << "\"" << esc_json(s.expected_bins[i]) << "\"";
    o << "],\n  \"coverage\": {";
    size_t i = 0;
    for (const auto &c : s.coverage) o << (i++ ? "," : "") << "\n    \"" << esc_json(c.first) << "\": " << c.second;
    o << "\n  }\n}\n";
    return o.str();
}

bool write_json(const Summary &s, const std::string &path, std::string &err) {
    std::ofstream o(path);
    if (!o) {
        err = "cannot write " + path;
        return false;
    }
    o << to_json(s);
    if (!o) {
        err = "write error on " + path;
        return false;
    }
    return true;
}

bool parse_json(const std::string &text, const std::string &name, Summary &out, std::string &err) {
    Parser p(text);
    Json root;
    if (!p.value(root, 0) || root.kind != Json::OBJ) {
        err = name + ": not a shard summary (" + (p.err.empty() ? "not an object" : p.err) + ")";
        return false;
    }
    p.ws();
    if (p.i != text.size()) {
        err = name + ": not a shard summary (text after the object at byte " + std::to_string(p.i) + ")";
        return false;
    }
    auto bad = [&](const std::string &what) {
        err = name + ": " + what;
        return false;
    };
    Summary s;
    auto num = [&](const char *k, uint64_t &v) {
        const Json *j = root.get(k);
        if (!j || j->kind != Json::NUM || !j->is_uint) return false;
        v = j->u;
        return true;
    };
    const Json *cfg = root.get("config"), *shard = root.get("shard"), *fails = root.get("failures"),
               *cov = root.get("coverage"), *secs = root.get("seconds"), *bins = root.get("expected_bins");
    if (!cfg || cfg->kind != Json::STR || !num("jobs", s.jobs) || !num("passed", s.passed) || !num("failed", s.failed) ||
        !num("cycles", s.cycles) || !num("busy", s.busy) || !num("macs", s.macs) || !num("avail", s.avail) ||
        !num("useful_macs", s.useful_macs) || !num("seed", s.seed) || !fails || fails->kind != Json::ARR || !cov ||
        cov->kind != Json::OBJ || !secs || secs->kind != Json::NUM)
        return bad("a field of the shard summary is missing or of the wrong type");
    if (s.passed > s.jobs || s.failed != s.jobs - s.passed) return bad("passed + failed != jobs");
    if (!std::isfinite(secs->num) || secs->num < 0) return bad("seconds is not a finite number >= 0");
    if (shard && shard->kind != Json::STR) return bad("shard is not a string");
    s.config = cfg->str;
    if (shard) s.shard = shard->str;
    s.seconds = secs->num;
    for (const Json &f : fails->arr) {
        const Json *job = f.get("job"), *msg = f.get("message"), *rep = f.get("reproduce");
        if (!job || !msg || !rep) return bad("a failure lacks job, message or reproduce");
        if (job->kind != Json::NUM || !job->is_uint || msg->kind != Json::STR || rep->kind != Json::STR)
            return bad("a failure's job is not a job number or its message or reproduce not a string");
        s.failures.push_back({job->u, rep->str, msg->str});
    }
    for (const auto &c : cov->obj) {
        if (c.second.kind != Json::NUM || !c.second.is_uint)
            return bad("coverage bin \"" + esc_json(c.first) + "\" is not a count");
        s.coverage[c.first] = c.second.u;
    }
    if (bins && bins->kind != Json::ARR) return bad("expected_bins is not a list");
    if (bins)
        for (const Json &b : bins->arr) {
            if (b.kind != Json::STR) return bad("an expected bin is not a string");
            s.expected_bins.push_back(b.str);
        }
    out = std::move(s);
    return true;
}

bool read_json(const std::string &path, Summary &s, std::string &err) {
    std::ifstream in(path);
    if (!in) {
        err = "cannot read " + path;
        return false;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_json(ss.str(), path, s, err);
}

bool write_junit(const Summary &s, const std::string &path, std::string &err) {
    std::ofstream o(path);
    if (!o) {
        err = "cannot write " + path;
        return false;
    }
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"" << s.jobs << "\" failures=\"" << s.failed
      << "\" time=\"" << s.seconds << "\">\n  <testsuite name=\"mmasim.regress." << esc_xml(s.config) << "\" tests=\"" << s.jobs
      << "\" failures=\"" << s.failed << "\" errors=\"0\" time=\"" << s.seconds << "\">\n";
    std::map<uint64_t, const Failure *> fails;
    for (const Failure &f : s.failures) fails[f.job] = &f;
    for (const JobRecord &r : s.records) {
        o << "    <testcase classname=\"mmasim." << esc_xml(s.config) << "\" name=\"job " << r.job << ": " << esc_xml(r.name)
          << "\" time=\"" << r.seconds << "\">\n      <properties><property name=\"cycles\" value=\"" << r.cycles << "\"/>";
        if (r.storm_digest) o << "<property name=\"storm_digest\" value=\"" << std::hex << r.storm_digest << std::dec << "\"/>";
        o << "</properties>\n";
        auto it = fails.find(r.job);
        if (it != fails.end())
            o << "      <failure message=\"" << esc_xml(it->second->message) << "\">reproduce: "
              << esc_xml(it->second->reproduce) << "</failure>\n";
        o << "    </testcase>\n";
    }
    o << "  </testsuite>\n</testsuites>\n";
    return (bool)o || (err = "write error on " + path, false);
}

}  // namespace mmasim
