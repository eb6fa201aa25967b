// SPDX-License-Identifier: Apache-2.0
#include "pluginisolation.h"

#include "hostconnection.h"
#include "isolatedstrategy.h"

#include <allocation/strategyregistry.h>

#include <QDir>
#include <QFileInfo>

#include <atomic>
#include <unordered_map>

namespace Rblab {

namespace {

std::atomic<quint64> g_nextIsolation { 1 };

// Each thread talks to its own helpers: a QLocalSocket belongs to the thread that made it, and
// blocking calls need no event loop there. Destroyed with the thread (in that thread).
thread_local std::unordered_map<quint64, std::unique_ptr<HostConnection>> t_connections;

} // namespace

std::optional<PluginIsolation::Mode> PluginIsolation::parseMode(const QString &text)
{
    if (text == QLatin1String("all")) {
        return Mode::All;
    }
    if (text == QLatin1String("user")) {
        return Mode::User;
    }
    if (text == QLatin1String("none")) {
        return Mode::None;
    }
    return std::nullopt;
}

QString PluginIsolation::modeName(Mode mode)
{
    switch (mode) {
    case Mode::All:
        return QStringLiteral("all");
    case Mode::User:
        return QStringLiteral("user");
    case Mode::None:
        break;
    }
    return QStringLiteral("none");
}

QString PluginIsolation::defaultProgram()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/rblab");
}

bool PluginIsolation::isBuiltin(const PluginRecord &record)
{
    if (record.file.startsWith(QLatin1String(":static:"))) {
        return true;
    }
    const QString dir = QFileInfo(QFileInfo(record.file).canonicalFilePath()).absolutePath();
    const QStringList builtin = StrategyRegistry::builtinDirectories();
    for (const QString &b : builtin) {
        if (QFileInfo(b).canonicalFilePath() == dir) {
            return true;
        }
    }
    return false;
}

PluginIsolation::PluginIsolation(Settings settings)
    : m_settings(std::move(settings)), m_id(g_nextIsolation.fetch_add(1))
{
    if (m_settings.program.isEmpty()) {
        m_settings.program = defaultProgram();
    }
}

PluginIsolation::~PluginIsolation()
{
    t_connections.erase(m_id);
}

bool PluginIsolation::isolates(const PluginRecord &record) const
{
    // A strategy a collection opened from a file (a .js script) has no library for a helper to
    // load; its collection plugin sandboxes it and interrupts it after its time limit.
    if (!record.provider.isEmpty()) {
        return false;
    }
    switch (m_settings.mode) {
    case Mode::None:
        return false;
    case Mode::All:
        // A linked-in plugin is part of the program: there is no file for a helper to load.
        return !record.file.startsWith(QLatin1String(":static:"));
    case Mode::User:
        return !isBuiltin(record);
    }
    return false;
}

StrategyCreation PluginIsolation::create(
    const PluginRecord &record, const QVariantMap &params, const QString &defaultTopic) const
{
    auto strategy = std::make_unique<IsolatedStrategy>(*this, record.metadata.name, record.file,
        params, defaultTopic,
        QStringLiteral("%1 v%2").arg(record.metadata.name, record.metadata.version));
    QString parameter;
    QString error;
    if (!strategy->make(&parameter, &error)) {
        return StrategyCreation::failure(parameter, error);
    }
    return { std::move(strategy), QString(), QString() };
}

HostConnection &PluginIsolation::connection() const
{
    auto it = t_connections.find(m_id);
    if (it == t_connections.end()) {
        HostProgram program;
        program.program = m_settings.program;
        for (const QString &dir : m_settings.pluginDirectories) {
            program.arguments << QStringLiteral("--plugin-dir") << QDir(dir).absolutePath();
        }
        program.arguments << QStringLiteral("--memory-limit")
                          << QString::number(m_settings.memoryLimitMb);
        it = t_connections.emplace(m_id, std::make_unique<HostConnection>(std::move(program)))
                 .first;
    }
    return *it->second;
}

} // namespace Rblab
