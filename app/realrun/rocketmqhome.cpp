// SPDX-License-Identifier: Apache-2.0
#include "rocketmqhome.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace Rblab {

namespace {

//! What a script of the distribution's bin/ prints, or "" when it failed.
QString scriptOutput(const QString &program, QString *error)
{
    QProcess p;
    p.start(program, {});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        *error
            = QStringLiteral("%1 failed%2")
                  .arg(program,
                      err.isEmpty() ? QString() : QStringLiteral(": ") + err.section(u'\n', 0, 0));
        p.kill();
        p.waitForFinished(1000);
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

//! The flags RocketMQ 4.9 and 5.x need on Java 17 (Netty and fastjson reach JDK internals).
QStringList java17Options()
{
    return { QStringLiteral("-XX:+UseSerialGC"), QStringLiteral("-Djava.net.preferIPv4Stack=true"),
        QStringLiteral("--add-opens=java.base/java.nio=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"),
        QStringLiteral("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/java.lang=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/java.lang.reflect=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/java.util=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED"),
        QStringLiteral("--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED"),
        QStringLiteral("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"),
        QStringLiteral("-Dio.netty.tryReflectionSetAccessible=true") };
}

} // namespace

QString RocketMqHome::logbackFor(const QString &role) const
{
    const QString file = dir + QStringLiteral("/conf/rmq.%1.logback.xml").arg(role);
    return QFileInfo::exists(file) ? file : QString();
}

RocketMqHome RocketMqHome::find(const QString &given, QString *error)
{
    RocketMqHome home;
    QString dir = given;
    if (dir.isEmpty()) {
        dir = qEnvironmentVariable("ROCKETMQ_HOME");
    }
    if (dir.isEmpty()) {
        *error = QStringLiteral("no RocketMQ: give --rocketmq DIR or set ROCKETMQ_HOME (a RocketMQ "
                                "4.9 or 5.x binary distribution)");
        return home;
    }
    const QFileInfo info(dir);
    if (!info.isDir()) {
        *error = QStringLiteral("%1: no such folder (--rocketmq or ROCKETMQ_HOME)").arg(dir);
        return home;
    }
    home.dir = info.canonicalFilePath();
    const QStringList clients
        = QDir(home.dir + QStringLiteral("/lib"))
              .entryList({ QStringLiteral("rocketmq-client-*.jar") }, QDir::Files);
    static const QRegularExpression versionRe(
        QStringLiteral("^rocketmq-client-(\\d+\\.\\d+\\.\\d+)"));
    for (const QString &jar : clients) {
        if (const auto m = versionRe.match(jar); m.hasMatch()) {
            home.version = m.captured(1);
            break;
        }
    }
    if (home.version.isEmpty()) {
        *error = QStringLiteral("%1: not a RocketMQ distribution (no lib/rocketmq-client-*.jar)")
                     .arg(home.dir);
        return home;
    }
    const int major = home.version.section(u'.', 0, 0).toInt();
    if (major != 4 && major != 5) {
        *error = QStringLiteral("%1: RocketMQ %2 is not supported (4.9 or 5.x)")
                     .arg(home.dir, home.version);
        return home;
    }
    home.family = major >= 5 ? RealRunPlan::Version::V5 : RealRunPlan::Version::V49;

    home.java = QStandardPaths::findExecutable(QStringLiteral("java"));
    if (home.java.isEmpty()) {
        *error = QStringLiteral("no Java: install a Java 17 runtime and compiler (apt-get install "
                                "default-jdk-headless), or run `make real-deps`");
        return home;
    }
    home.javac = QStandardPaths::findExecutable(QStringLiteral("javac"));

    const QString classpathScript = home.dir + QStringLiteral("/bin/classpath");
    if (QFileInfo(classpathScript).isExecutable()) {
        home.classpath = scriptOutput(classpathScript, error);
        if (home.classpath.isEmpty()) {
            return home;
        }
        const QString opts = scriptOutput(home.dir + QStringLiteral("/bin/java-opts"), error);
        if (opts.isEmpty()) {
            return home;
        }
        home.javaOptions
            = opts.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    } else {
        home.classpath = home.dir + QStringLiteral("/lib/*");
        home.javaOptions = java17Options();
    }
    error->clear();
    return home;
}

} // namespace Rblab
