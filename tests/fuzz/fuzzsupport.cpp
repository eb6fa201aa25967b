// SPDX-License-Identifier: Apache-2.0
#include "fuzztarget.h"

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
