// SPDX-License-Identifier: Apache-2.0
// The main() of a fuzz target when libFuzzer is not linked (g++, or clang without
// libclang-rt-14-dev): a deterministic mutation driver with libFuzzer's command line.
//
//   fuzz_x FILE|DIR…                          replays every input once (ctest, make test)
//   fuzz_x -runs=N|-max_total_time=S [-seed=S] [-max_len=N] [-timeout=S]
//          [-artifact_prefix=P] CORPUS…        mutates the corpus with a seeded PRNG
//
// With -runs or -max_total_time the corpus first runs once, as with libFuzzer, so -runs=0 replays
// with either main(). Mutation is blind (no coverage feedback) but structure-aware enough for JSON:
// the strings and numbers of the seed inputs form a dictionary, and splices cross inputs. The same
// seed and corpus give the same sequence of inputs; -max_total_time only cuts it short. An input
// that crashes (a signal, a sanitizer abort, a broken property) or runs past -timeout is written to
// <artifact_prefix>crash-<hash> or timeout-<hash>, as libFuzzer names them.
#include "fuzztarget.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace {

using Bytes = std::vector<uint8_t>;

// The input under test, for the signal handlers (they may only read plain globals).
const uint8_t *g_current = nullptr;
size_t g_currentSize = 0;
char g_artifactPrefix[1024] = "./";

uint64_t fnv1a(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < size; ++i) {
        h = (h ^ data[i]) * 1099511628211ULL;
    }
    return h;
}

// Async-signal-safe: builds "<prefix><kind>-<16 hex digits>" by hand and writes the input.
void writeArtifact(const char *kind)
{
    if (!g_current) {
        return;
    }
    char path[1200];
    size_t n = 0;
    for (const char *p = g_artifactPrefix; *p && n < 1100; ++p) {
        path[n++] = *p;
    }
    for (const char *p = kind; *p; ++p) {
        path[n++] = *p;
    }
    path[n++] = '-';
    const uint64_t h = fnv1a(g_current, g_currentSize);
    for (int shift = 60; shift >= 0; shift -= 4) {
        path[n++] = "0123456789abcdef"[(h >> shift) & 0xf];
    }
    path[n] = '\0';
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        size_t done = 0;
        while (done < g_currentSize) {
            const ssize_t w = ::write(fd, g_current + done, g_currentSize - done);
            if (w <= 0) {
                break;
            }
            done += size_t(w);
        }
        ::close(fd);
    }
    const char note[] = "fuzzdriver: input saved as ";
    [[maybe_unused]] ssize_t ignored = ::write(2, note, sizeof note - 1);
    ignored = ::write(2, path, n);
    ignored = ::write(2, "\n", 1);
}

void onCrash(int signal)
{
    writeArtifact("crash");
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void onTimeout(int)
{
    writeArtifact("timeout");
    const char note[] = "fuzzdriver: timeout\n";
    [[maybe_unused]] ssize_t ignored = ::write(2, note, sizeof note - 1);
    ::_exit(70);
}

void installHandlers()
{
    for (int s : { SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL }) {
        std::signal(s, onCrash);
    }
    std::signal(SIGALRM, onTimeout);
}

void runOne(const Bytes &input, unsigned timeoutSeconds)
{
    g_current = input.data();
    g_currentSize = input.size();
    if (timeoutSeconds > 0) {
        ::alarm(timeoutSeconds);
    }
    LLVMFuzzerTestOneInput(input.data(), input.size());
    if (timeoutSeconds > 0) {
        ::alarm(0);
    }
    g_current = nullptr;
}

// SplitMix64: small, seedable, the same on every platform.
struct Random
{
    uint64_t state;
    uint64_t next()
    {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    size_t below(size_t n) { return n == 0 ? 0 : size_t(next() % n); }
};

// Files under the paths (directories recursively, in name order; dot files skipped).
std::vector<std::filesystem::path> inputFiles(const std::vector<std::string> &paths)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const std::string &p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            for (const auto &entry : fs::recursive_directory_iterator(p, ec)) {
                if (entry.is_regular_file() && entry.path().filename().string()[0] != '.') {
                    files.push_back(entry.path());
                }
            }
        } else if (fs::is_regular_file(p, ec)) {
            files.emplace_back(p);
        } else {
            std::fprintf(
                stderr, "fuzzdriver: %s: no such file or directory (skipped)\n", p.c_str());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

Bytes readFile(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Quoted strings and numbers of the seeds: the words a JSON reader reacts to.
std::vector<Bytes> harvestDictionary(const std::vector<Bytes> &corpus)
{
    std::vector<Bytes> words;
    for (const char *token :
        { "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "\\udc00", "\"\\u00e9\"",
            "null", "true", "false", "-0", "1e999", "-1e999", "1e-400", "0.1", "-1", "2147483648",
            "9223372036854775807", "9223372036854775808", "18446744073709551616", "4294967296",
            "NaN", "\xef\xbb\xbf", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff", "\n",
            "\r\n", "\t", "\"\"", "[]", "{}", "\"0ms\"", "\"-5s\"", "\"1h\"", "\"99999999h\"",
            "\"1.5ms\"", "0", "1", "65535", "1000000", "1e9", "0.0001", "4096", "100000" }) {
        words.emplace_back(token, token + std::strlen(token));
    }
    for (const Bytes &input : corpus) {
        for (size_t i = 0; i < input.size(); ++i) {
            if (input[i] == '"') {
                size_t j = i + 1;
                while (j < input.size() && input[j] != '"' && input[j] != '\n' && j - i < 64) {
                    j += input[j] == '\\' ? 2 : 1;
                }
                if (j < input.size() && input[j] == '"') {
                    words.emplace_back(input.begin() + long(i), input.begin() + long(j) + 1);
                }
                i = j;
            }
        }
    }
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    return words;
}

// The extent of the JSON token (a string with its quotes, or a number/word) at or after `from`.
bool tokenAt(const Bytes &data, size_t from, size_t *begin, size_t *end)
{
    auto isWord = [](uint8_t c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' || c == '.'
            || c == 'E';
    };
    for (size_t i = from; i < data.size(); ++i) {
        if (data[i] == '"') {
            size_t j = i + 1;
            while (j < data.size() && data[j] != '"') {
                j += data[j] == '\\' ? 2 : 1;
            }
            if (j >= data.size()) {
                return false;
            }
            *begin = i;
            *end = j + 1;
            return true;
        }
        if (isWord(data[i])) {
            size_t j = i;
            while (j < data.size() && isWord(data[j])) {
                ++j;
            }
            *begin = i;
            *end = j;
            return true;
        }
    }
    return false;
}

void mutate(Bytes &data, const std::vector<Bytes> &pool, const std::vector<Bytes> &words,
    Random &random, size_t maxLen)
{
    const size_t rounds = 1 + random.below(random.below(2) ? 3 : 12);
    for (size_t r = 0; r < rounds; ++r) {
        const size_t at = random.below(data.size() + 1);
        switch (random.below(10)) {
        case 0: // flip a bit
            if (!data.empty()) {
                data[random.below(data.size())] ^= uint8_t(1u << random.below(8));
            }
            break;
        case 1: // a random byte
            if (!data.empty()) {
                data[random.below(data.size())] = uint8_t(random.next());
            }
            break;
        case 2: // delete a range
            if (!data.empty()) {
                const size_t from = random.below(data.size());
                const size_t len = 1 + random.below(std::min<size_t>(data.size() - from, 64));
                data.erase(data.begin() + long(from), data.begin() + long(from + len));
            }
            break;
        case 3: // duplicate a range (deep nesting, long lists)
            if (!data.empty()) {
                const size_t from = random.below(data.size());
                const size_t len = 1 + random.below(std::min<size_t>(data.size() - from, 256));
                const Bytes chunk(data.begin() + long(from), data.begin() + long(from + len));
                const size_t times = 1 + random.below(random.below(4) ? 2 : 64);
                for (size_t t = 0; t < times; ++t) {
                    data.insert(data.begin() + long(at), chunk.begin(), chunk.end());
                }
            }
            break;
        case 4: { // insert a dictionary word
            const Bytes &word = words[random.below(words.size())];
            data.insert(data.begin() + long(at), word.begin(), word.end());
            break;
        }
        case 5: { // overwrite with a dictionary word
            const Bytes &word = words[random.below(words.size())];
            const size_t len = std::min(word.size(), data.size() - at);
            std::copy(word.begin(), word.begin() + long(len), data.begin() + long(at));
            break;
        }
        case 6:
        case 7:
        case 8: { // replace a whole token (string, number, word): the JSON stays valid
            size_t begin = 0;
            size_t end = 0;
            if (tokenAt(data, at, &begin, &end)) {
                const Bytes &word = words[random.below(words.size())];
                data.erase(data.begin() + long(begin), data.begin() + long(end));
                data.insert(data.begin() + long(begin), word.begin(), word.end());
            }
            break;
        }
        default: { // splice in a range of another input
            const Bytes &other = pool[random.below(pool.size())];
            if (!other.empty()) {
                const size_t from = random.below(other.size());
                const size_t len = 1 + random.below(std::min<size_t>(other.size() - from, 512));
                data.insert(data.begin() + long(at), other.begin() + long(from),
                    other.begin() + long(from + len));
            }
            break;
        }
        }
    }
    if (random.below(32) == 0) { // cut short
        data.resize(random.below(data.size() + 1));
    }
    if (data.size() > maxLen) {
        data.resize(maxLen);
    }
}

long flagValue(const std::string &arg, const char *name, bool *matched)
{
    const std::string prefix = std::string("-") + name + "=";
    if (arg.rfind(prefix, 0) != 0) {
        return 0;
    }
    *matched = true;
    return std::strtol(arg.c_str() + prefix.size(), nullptr, 10);
}

} // namespace

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    long runs = -1;
    long maxTotalTime = -1;
    long seed = 1;
    long maxLen = 16384;
    long timeout = 10;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        bool matched = false;
        if (const long v = flagValue(arg, "runs", &matched); matched) {
            runs = v;
        } else if (const long v = flagValue(arg, "max_total_time", &matched); matched) {
            maxTotalTime = v;
        } else if (const long v = flagValue(arg, "seed", &matched); matched) {
            seed = v;
        } else if (const long v = flagValue(arg, "max_len", &matched); matched) {
            maxLen = std::max(1L, v);
        } else if (const long v = flagValue(arg, "timeout", &matched); matched) {
            timeout = v;
        } else if (arg.rfind("-artifact_prefix=", 0) == 0) {
            std::snprintf(g_artifactPrefix, sizeof g_artifactPrefix, "%s",
                arg.c_str() + std::strlen("-artifact_prefix="));
        } else if (arg.size() > 1 && arg[0] == '-') {
            std::fprintf(stderr, "fuzzdriver: ignoring libFuzzer flag %s\n", arg.c_str());
        } else {
            paths.push_back(arg);
        }
    }
    installHandlers();

    const auto files = inputFiles(paths);
    std::vector<Bytes> corpus;
    corpus.reserve(files.size());
    for (const auto &file : files) {
        corpus.push_back(readFile(file));
    }
    const auto started = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };

    if (runs < 0 && maxTotalTime < 0) {
        for (size_t i = 0; i < corpus.size(); ++i) {
            runOne(corpus[i], unsigned(timeout));
        }
        std::fprintf(
            stderr, "fuzzdriver: replayed %zu inputs in %.1f s\n", corpus.size(), elapsed());
        return 0;
    }

    // As libFuzzer: the corpus runs once first, then -runs mutants (-runs=0: replay only).
    for (const Bytes &input : corpus) {
        runOne(input, unsigned(timeout));
    }
    if (corpus.empty()) {
        corpus.emplace_back();
    }
    const std::vector<Bytes> words = harvestDictionary(corpus);
    std::vector<Bytes> pool = corpus;
    const size_t seeds = corpus.size();
    Random random { uint64_t(seed) };
    long done = 0;
    while ((runs < 0 || done < runs) && (maxTotalTime < 0 || elapsed() < double(maxTotalTime))) {
        Bytes input = pool[random.below(pool.size())];
        mutate(input, pool, words, random, size_t(maxLen));
        runOne(input, unsigned(timeout));
        ++done;
        // Keep some mutants to mutate further (deeper changes); seeds are never replaced.
        if (random.below(16) == 0) {
            if (pool.size() < seeds + 512) {
                pool.push_back(std::move(input));
            } else {
                pool[seeds + random.below(512)] = std::move(input);
            }
        }
    }
    std::fprintf(stderr,
        "fuzzdriver: replayed %zu inputs, then %ld mutated inputs in %.1f s (seed %ld)\n", seeds,
        done, elapsed(), seed);
    return 0;
}
