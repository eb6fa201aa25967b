// SPDX-License-Identifier: Apache-2.0
#include "fuzztarget.h"

#include "allocation/strategyregistry.h"

#include <cstdio>
#include <cstdlib>

namespace FuzzTarget {

void fail(const char *what, const char *detail)
{
    std::fprintf(stderr, "fuzz property broken: %s\n", what);
    if (detail) {
        std::fprintf(stderr, "%s\n", detail);
    }
    std::fflush(stderr);
    std::abort();
}

std::unique_ptr<Rblab::StrategyRegistry> buildTreeRegistry()
{
    auto registry = std::make_unique<Rblab::StrategyRegistry>();
    Rblab::StrategyRegistry::Sources sources;
    sources.builtin = false;
    sources.user = false;
    sources.environment = false;
    sources.extraDirectories = { QStringLiteral(RBLAB_PLUGIN_BUILD_DIR) };
    registry->load(sources);
    if (registry->strategies().isEmpty()) {
        fail("no strategy plugin loaded from " RBLAB_PLUGIN_BUILD_DIR);
    }
    return registry;
}

long long lineCount(const uint8_t *data, size_t size)
{
    long long lines = 1;
    for (size_t i = 0; i < size; ++i) {
        if (data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'))) {
            ++lines;
        }
    }
    return lines;
}

} // namespace FuzzTarget
