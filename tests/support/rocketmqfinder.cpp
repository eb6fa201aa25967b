// SPDX-License-Identifier: Apache-2.0
#include "rocketmqfinder.h"

#include <QFileInfo>
#include <QProcess>
#include <QStringList>

namespace TestSupport {

Rblab::RocketMqHome findRocketMq(QString *why)
{
    QStringList candidates;
    if (const QString env = qEnvironmentVariable("ROCKETMQ_HOME"); !env.isEmpty()) {
        candidates << env;
    }
    const QString source = QStringLiteral(RBLAB_SOURCE_DIR);
    candidates << source + QStringLiteral("/../shared/rocketmq/4.9.8");
    // A clone (CI's) finds the folder beside the repository it was cloned from.
    QProcess git;
    git.start(QStringLiteral("git"),
        { QStringLiteral("-C"), source, QStringLiteral("config"), QStringLiteral("--get"),
            QStringLiteral("remote.origin.url") });
    if (git.waitForFinished(5000) && git.exitCode() == 0) {
        const QString origin = QString::fromUtf8(git.readAllStandardOutput()).trimmed();
        if (QFileInfo(origin).isDir()) {
            candidates << origin + QStringLiteral("/../shared/rocketmq/4.9.8");
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
        if (home.javac.isEmpty()) {
            *why = QStringLiteral("no javac (apt-get install default-jdk-headless; `make test` "
                                  "installs it when it finds a RocketMQ)");
            return {};
        }
        return home;
    }
    *why = QStringLiteral("no RocketMQ 4.9.8: set ROCKETMQ_HOME, or put it at "
                          "../shared/rocketmq/4.9.8 (looked in: %1)")
               .arg(candidates.join(QStringLiteral(", ")));
    return {};
}

} // namespace TestSupport
