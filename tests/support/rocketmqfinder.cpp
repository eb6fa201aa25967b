// SPDX-License-Identifier: Apache-2.0
#include "rocketmqfinder.h"

#include <QFileInfo>
#include <QProcess>
#include <QStringList>

namespace TestSupport {

Rblab::RocketMqHome findRocketMq(QString *why, const QString &version)
{
    QStringList candidates;
    // The Makefile's names: ROCKETMQ_HOME for the 4.x, ROCKETMQ5_HOME for a 5.
    const char *variable = version.startsWith(u'4') ? "ROCKETMQ_HOME" : "ROCKETMQ5_HOME";
    if (const QString env = qEnvironmentVariable(variable); !env.isEmpty()) {
        candidates << env;
    }
    const QString source = QStringLiteral(RBLAB_SOURCE_DIR);
    candidates << source + QStringLiteral("/../shared/rocketmq/") + version;
    // A clone (CI's) finds the folder beside the repository it was cloned from.
    QProcess git;
    git.start(QStringLiteral("git"),
        { QStringLiteral("-C"), source, QStringLiteral("config"), QStringLiteral("--get"),
            QStringLiteral("remote.origin.url") });
    if (git.waitForFinished(5000) && git.exitCode() == 0) {
        const QString origin = QString::fromUtf8(git.readAllStandardOutput()).trimmed();
        if (QFileInfo(origin).isDir()) {
            candidates << origin + QStringLiteral("/../shared/rocketmq/") + version;
        }
    }
    for (const QString &c : std::as_const(candidates)) {
        if (!QFileInfo::exists(c + QStringLiteral("/lib"))) {
            continue;
        }
        QString error;
        Rblab::RocketMqHome home = Rblab::RocketMqHome::find(c, &error);
        if (!error.isEmpty()) {
            *why = error;
            return {};
        }
        if (home.version.section(u'.', 0, 0) != version.section(u'.', 0, 0)) {
            continue; // a home of another major version
        }
        if (home.javac.isEmpty()) {
            *why = QStringLiteral("no javac (apt-get install default-jdk-headless; `make test` "
                                  "installs it when it finds a RocketMQ)");
            return {};
        }
        return home;
    }
    *why = QStringLiteral("no RocketMQ %1: set %2, or put it at ../shared/rocketmq/%1 (looked "
                          "in: %3)")
               .arg(version, QLatin1String(variable), candidates.join(QStringLiteral(", ")));
    return {};
}

} // namespace TestSupport
