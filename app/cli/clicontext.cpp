// SPDX-License-Identifier: Apache-2.0
#include "clicontext.h"

#include <QJsonArray>
#include <QJsonDocument>

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

QVariant cliParameterValue(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArrayLiteral("[") + text.toUtf8() + QByteArrayLiteral("]"), &error);
    if (error.error == QJsonParseError::NoError && doc.isArray() && doc.array().size() == 1) {
        return doc.array().first().toVariant();
    }
    return text;
}
