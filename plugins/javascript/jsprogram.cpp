// SPDX-License-Identifier: Apache-2.0
#include "jsprogram.h"

#include "jsloops.h"
#include "jswatchdog.h"

#include <QFile>
#include <QFileInfo>
#include <QJSEngine>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

namespace {

constexpr qint64 kMaxSourceBytes = 1024 * 1024;

struct Declaration
{
    int line = 0; //!< 0 when not found
    int loopLine = 0;
};

Declaration find(const QString &source, const QRegularExpression &pattern)
{
    const QRegularExpressionMatch m = pattern.match(source);
    if (!m.hasMatch()) {
        return {};
    }
    return { int(QStringView(source).left(m.capturedStart()).count(QLatin1Char('\n'))) + 1,
        JsLoops::stuckLine(source, m.capturedStart()) };
}

} // namespace

std::chrono::milliseconds JsProgram::configuredTimeLimit()
{
    bool ok = false;
    const qlonglong ms = qEnvironmentVariable("RBLAB_JS_TIMEOUT_MS").toLongLong(&ok);
    return std::chrono::milliseconds(ok && ms >= 1 && ms <= 3600000 ? ms : 1000);
}

QString JsProgram::where(int line) const
{
    return QStringLiteral("%1:%2").arg(path).arg(line);
}

int JsProgram::stuckLine(int functionLine) const
{
    int loop = 0;
    if (functionLine == allocateLine) {
        loop = allocateLoopLine;
    } else if (functionLine == allocateAllLine) {
        loop = allocateAllLoopLine;
    }
    return loop > 0 ? loop : functionLine;
}

QString JsProgram::errorText(const QJSValue &error, const QString &fallbackFile)
{
    QString file = error.property(QStringLiteral("fileName")).toString();
    if (file.startsWith(QLatin1String("file:"))) {
        file = QUrl(file).toLocalFile();
    }
    if (file.isEmpty() || file == QLatin1String("undefined")) {
        file = fallbackFile;
    }
    const int line = error.property(QStringLiteral("lineNumber")).toInt();
    QString text;
    const QJSValue name = error.property(QStringLiteral("name"));
    if ((error.isError() || error.isObject()) && name.isString()) {
        text = QStringLiteral("%1: %2").arg(
            name.toString(), error.property(QStringLiteral("message")).toString());
    } else {
        text = QStringLiteral("threw %1").arg(error.toString());
    }
    return line > 0 ? QStringLiteral("%1 (%2:%3)").arg(text, file).arg(line)
                    : QStringLiteral("%1 (%2)").arg(text, file);
}

QString JsProgram::evaluateInto(QJSEngine &engine) const
{
    JsWatchdog &watchdog = JsWatchdog::instance();
    const quint64 ticket = watchdog.arm(&engine, timeLimit);
    const QJSValue result = engine.evaluate(source, path, 1);
    const bool interrupted = watchdog.disarm(ticket);
    if (interrupted) {
        return tr("%1: the file's top level ran longer than the time limit (%2 ms)")
            .arg(path)
            .arg(timeLimit.count());
    }
    if (result.isError() || engine.hasError()) {
        const QJSValue error = result.isError() ? result : engine.catchError();
        const int line = error.property(QStringLiteral("lineNumber")).toInt();
        return QStringLiteral("%1: %2: %3")
            .arg(where(std::max(line, 1)), error.property(QStringLiteral("name")).toString(),
                error.property(QStringLiteral("message")).toString());
    }
    return QString();
}

std::shared_ptr<const JsProgram> JsProgram::load(const QString &path, QString *error)
{
    auto program = std::make_shared<JsProgram>();
    program->path = QFileInfo(path).absoluteFilePath();
    program->timeLimit = configuredTimeLimit();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read: %2").arg(path, file.errorString());
        return nullptr;
    }
    if (file.size() > kMaxSourceBytes) {
        *error = tr("%1: %2 bytes, more than the 1 MiB a strategy file may have")
                     .arg(path)
                     .arg(file.size());
        return nullptr;
    }
    program->source = QString::fromUtf8(file.readAll());

    // A fresh engine without installExtensions(): no Qt object, console, print, require or
    // XMLHttpRequest, so the file cannot reach files, the network or processes.
    QJSEngine engine;
    *error = program->evaluateInto(engine);
    if (!error->isNull()) {
        return nullptr;
    }
    const QJSValue declared
        = engine.evaluate(QStringLiteral("typeof strategy === 'object' && "
                                         "strategy !== null ? strategy : null"));
    if (!declared.isObject()) {
        *error = tr("%1: declares no strategy object (var strategy = { Name: …, Version: …, "
                    "ApiVersion: \"1.1\", Description: …, Parameters: [] })")
                     .arg(program->where(1));
        return nullptr;
    }
    // Through JSON, as a native plugin's metadata file is read: the same keys and checks.
    const QJsonDocument json = QJsonDocument::fromJson(
        engine.evaluate(QStringLiteral("JSON.stringify(strategy)")).toString().toUtf8());
    if (!json.isObject()) {
        *error = tr("%1: the strategy object cannot be written as JSON").arg(program->where(1));
        return nullptr;
    }
    program->metaData = QJsonObject { { QStringLiteral("Strategy"), json.object() } };
    program->name = json.object().value(QStringLiteral("Name")).toString();
    if (!engine.evaluate(QStringLiteral("typeof allocate === 'function'")).toBool()) {
        *error = tr("%1: has no function allocate(consumerGroup, currentCid, mqAll, cidAll, "
                    "params)")
                     .arg(program->where(1));
        return nullptr;
    }
    const Declaration allocate = find(program->source,
        QRegularExpression(QStringLiteral("(function\\s+allocate\\s*\\(|\\ballocate\\s*=)")));
    program->allocateLine = std::max(1, allocate.line);
    program->allocateLoopLine = allocate.loopLine;
    if (engine.evaluate(QStringLiteral("typeof allocateAll === 'function'")).toBool()) {
        const Declaration all = find(program->source,
            QRegularExpression(
                QStringLiteral("(function\\s+allocateAll\\s*\\(|\\ballocateAll\\s*=)")));
        program->allocateAllLine = std::max(1, all.line);
        program->allocateAllLoopLine = all.loopLine;
    }
    return program;
}
