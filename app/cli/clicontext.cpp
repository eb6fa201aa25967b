// SPDX-License-Identifier: Apache-2.0
#include "clicontext.h"

#include "cliguard.h"

#include <json/savefile.h>
#include <settings/scenarioduration.h>

#include <QBuffer>

#include <cerrno>
#include <cstdio>
#include <cstring>

CliContext::CliContext()
    : pluginDirOption(QStringList { QStringLiteral("plugin-dir") },
        QStringLiteral("Also load strategy plugins from <dir> (repeatable)."),
        QStringLiteral("dir"))
    , callTimeoutOption(QStringList { QStringLiteral("call-timeout") },
          QStringLiteral("End rblab (status 3), naming the plugin, when one call into a strategy "
                         "plugin runs longer than <ms> milliseconds (default: no limit)."),
          QStringLiteral("ms"))
    , isolateOption(QStringList { QStringLiteral("isolate-plugins") },
          QStringLiteral("Which strategy plugins run in a helper process that may crash without "
                         "taking rblab along: all, user (plugins outside the built-in folder; "
                         "the default) or none."),
          QStringLiteral("all|user|none"), QStringLiteral("user"))
    , jsTimeoutOption(QStringList { QStringLiteral("js-timeout") },
          QStringLiteral("How long one call into a JavaScript strategy may run before it is "
                         "interrupted and the round skipped, 1 to 3600000 ms (default 1000, or "
                         "RBLAB_JS_TIMEOUT_MS)."),
          QStringLiteral("ms"))
    , isolatedTimeoutOption(QStringList { QStringLiteral("isolated-call-timeout") },
          QStringLiteral("How long one call into an isolated plugin may run before its helper is "
                         "killed and the round skipped (default 10000 ms)."),
          QStringLiteral("ms"), QStringLiteral("10000"))
    , out(stdout)
    , err(stderr)
{
}

bool CliContext::parseIsolation()
{
    const QString modeText = parser.value(isolateOption);
    const auto mode = Rblab::PluginIsolation::parseMode(modeText);
    if (!mode) {
        err << "rblab: --isolate-plugins expects all, user or none, got \"" << modeText << "\"\n";
        return false;
    }
    bool ok = false;
    const int ms = parser.value(isolatedTimeoutOption).toInt(&ok);
    if (!ok || ms <= 0) {
        err << "rblab: --isolated-call-timeout expects a positive number of milliseconds, got \""
            << parser.value(isolatedTimeoutOption) << "\"\n";
        return false;
    }
    m_isolationSettings.mode = *mode;
    m_isolationSettings.callTimeoutMs = ms;
    if (parser.isSet(jsTimeoutOption)) {
        // The JavaScript plugin reads its time limit from RBLAB_JS_TIMEOUT_MS when it opens a
        // file, so the flag only has to be in the environment before the registry loads.
        const qlonglong jsMs = parser.value(jsTimeoutOption).toLongLong(&ok);
        if (!ok || jsMs < 1 || jsMs > 3600000) {
            err << "rblab: --js-timeout expects 1 to 3600000 milliseconds, got \""
                << parser.value(jsTimeoutOption) << "\"\n";
            return false;
        }
        qputenv("RBLAB_JS_TIMEOUT_MS", QByteArray::number(jsMs));
    }
    return true;
}

Rblab::StrategyRegistry &CliContext::registry()
{
    if (!m_loaded) {
        Rblab::StrategyRegistry::Sources sources;
        sources.extraDirectories = parser.values(pluginDirOption);
        if (m_isolationSettings.mode != Rblab::PluginIsolation::Mode::None) {
            m_isolationSettings.pluginDirectories = sources.extraDirectories;
            m_isolation = std::make_unique<Rblab::PluginIsolation>(m_isolationSettings);
            m_registry.setIsolation(m_isolation.get());
        }
        m_registry.load(sources);
        m_loaded = true;
    }
    return m_registry;
}

bool CliContext::writeOut(QByteArrayView bytes)
{
    out.flush();
    if (std::fwrite(bytes.data(), 1, size_t(bytes.size()), stdout) != size_t(bytes.size())
        || std::fflush(stdout) != 0) {
        err << "rblab: cannot write to standard output: "
            << QString::fromLocal8Bit(std::strerror(errno)) << "\n";
        err.flush();
        return false;
    }
    return true;
}

bool CliContext::writeFile(const char *command, const QString &path, const QByteArray &bytes)
{
    if (path == QLatin1String("-") || path == QLatin1String("/dev/stdout")) {
        return writeOut(bytes); // as it is, not gathered again
    }
    return writeFile(
        command, path, [&bytes](QIODevice &out) { return Rblab::writeAll(out, bytes); });
}

bool CliContext::writeFile(
    const char *command, const QString &path, const std::function<bool(QIODevice &)> &write)
{
    if (path == QLatin1String("-") || path == QLatin1String("/dev/stdout")) {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        write(buffer);
        return writeOut(bytes);
    }
    const QString reason
        = path.isEmpty() ? QStringLiteral("no file named") : Rblab::writeWholeFile(path, write);
    if (!reason.isEmpty()) {
        err << command << ": cannot write " << path << ": " << reason << "\n";
        err.flush();
        return false;
    }
    return true;
}

bool CliContext::finishOut()
{
    out.flush();
    if (out.status() != QTextStream::Ok || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        err << "rblab: cannot write to standard output: "
            << QString::fromLocal8Bit(std::strerror(errno)) << "\n";
        err.flush();
        return false;
    }
    return true;
}

bool CliContext::parseCallTimeout()
{
    if (!parser.isSet(callTimeoutOption)) {
        return true;
    }
    bool ok = false;
    const int ms = parser.value(callTimeoutOption).toInt(&ok);
    if (!ok || ms <= 0) {
        err << "rblab: --call-timeout expects a positive number of milliseconds, got \""
            << parser.value(callTimeoutOption) << "\"\n";
        return false;
    }
    CliGuard::setCallTimeout(ms);
    return true;
}

std::optional<qint64> cliDuration(const QString &text)
{
    bool isNumber = false;
    const qint64 ms = text.toLongLong(&isNumber);
    if (isNumber) {
        return ms;
    }
    const auto value = Rblab::ScenarioDuration::parse(text);
    if (!value || !value->wholeMilliseconds) {
        return std::nullopt;
    }
    return *value->wholeMilliseconds;
}
