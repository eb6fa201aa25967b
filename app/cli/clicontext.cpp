// SPDX-License-Identifier: Apache-2.0
#include "clicontext.h"

#include <cstdio>

CliContext::CliContext()
    : pluginDirOption(QStringList { QStringLiteral("plugin-dir") },
        QStringLiteral("Also load strategy plugins from <dir> (repeatable)."),
        QStringLiteral("dir"))
    , out(stdout)
    , err(stderr)
{
}

Rblab::StrategyRegistry &CliContext::registry()
{
    if (!m_loaded) {
        Rblab::StrategyRegistry::Sources sources;
        sources.extraDirectories = parser.values(pluginDirOption);
        m_registry.load(sources);
        m_loaded = true;
    }
    return m_registry;
}
