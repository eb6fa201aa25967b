// SPDX-License-Identifier: Apache-2.0
#include "rblabprocess.h"

#include <QElapsedTimer>
#include <QProcess>

QString RblabProcess::Result::describe() const
{
    if (!started) {
        return QStringLiteral("rblab did not start");
    }
    if (!finished) {
        return QStringLiteral("rblab did not finish in time");
    }
    return QStringLiteral("exit %1, stderr: %2")
        .arg(exitCode)
        .arg(QString::fromUtf8(err.left(2000)));
}

RblabProcess::RblabProcess(const QString &dataHome)
    : m_environment(QProcessEnvironment::systemEnvironment())
{
    m_environment.remove(QStringLiteral("RBLAB_PLUGIN_PATH"));
    m_environment.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    m_environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    m_environment.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("rblab.*=false"));
}

QString RblabProcess::program()
{
    return QStringLiteral(RBLAB_BIN_DIR "/rblab");
}

void RblabProcess::setEnvironmentValue(const QString &name, const QString &value)
{
    m_environment.insert(name, value);
}

RblabProcess::Result RblabProcess::run(
    const QStringList &arguments, const QByteArray &input, int timeoutMs) const
{
    Result result;
    QProcess process;
    process.setProcessEnvironment(m_environment);
    QElapsedTimer timer;
    timer.start();
    process.start(program(), arguments);
    result.started = process.waitForStarted(timeoutMs);
    if (!result.started) {
        return result;
    }
    if (!input.isEmpty()) {
        process.write(input);
    }
    process.closeWriteChannel();
    result.finished = process.waitForFinished(timeoutMs);
    result.elapsedMs = timer.elapsed();
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}
