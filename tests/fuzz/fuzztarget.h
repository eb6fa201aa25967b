// SPDX-License-Identifier: Apache-2.0
// The libFuzzer entry points every fuzz target of tests/fuzz defines. The same target links
// either with libFuzzer (make fuzz, clang) or with fuzzdriver.cpp, the deterministic mutation
// driver that also replays tests/data/fuzz-regressions under ctest (any compiler).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace Rblab {
class StrategyRegistry;
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace FuzzTarget {

/*!
    A property the target checks on every input broke: prints what and aborts, so that the
    fuzzer (or the replay) keeps the input as a crash. Used for oracles that are not crashes
    themselves (a diagnostic without a position, a write that does not read back).
*/
[[noreturn]] void fail(const char *what, const char *detail = nullptr);

/*!
    A registry of this build tree's strategy plugins only (RBLAB_PLUGIN_BUILD_DIR), nothing from
    the user's or the environment's folders; fails the target when none loads.
*/
std::unique_ptr<Rblab::StrategyRegistry> buildTreeRegistry();

//! Lines as JsonScanner counts them: LF, CRLF and a lone CR each end one.
long long lineCount(const uint8_t *data, size_t size);

} // namespace FuzzTarget
