// SPDX-License-Identifier: Apache-2.0
#include "capturedgroup.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace Rblab::Remoting::Captured {

QString dataDir(const QString &version)
{
    return QStringLiteral(RBLAB_TEST_DATA_DIR "/remoting/") + version;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("cannot read %s", qPrintable(path));
    }
    return f.readAll();
}

RemotingCommand response(const QString &version, const QString &prefix)
{
    const QStringList files = QDir(dataDir(version))
                                  .entryList({ prefix + QStringLiteral("*.bin") }, QDir::Files)
                                  .filter(QRegularExpression(QStringLiteral("(?<!\\.req)\\.bin$")));
    if (files.size() != 1) {
        qFatal(
            "%s/%s: %lld frames", qPrintable(version), qPrintable(prefix), qlonglong(files.size()));
    }
    QString error;
    const std::optional<RemotingCommand> c = FrameDecoder::decodeFrame(
        readFile(dataDir(version) + QLatin1Char('/') + files.first()), &error);
    if (!c) {
        qFatal("%s: %s", qPrintable(files.first()), qPrintable(error));
    }
    return *c;
}

GroupSnapshot capturedSnapshot(
    const QString &version, const QMap<QString, QByteArray> &runningInfoOverride)
{
    QString error;
    GroupSnapshot s;
    s.nameServer = QStringLiteral("127.0.0.1:9876");
    s.group = QStringLiteral("try_group");
    s.takenAtMs = 1796544504000;
    s.cluster = must(readClusterInfo(response(version, QStringLiteral("04-")).body, &error), error);
    s.connection = must(
        readConsumerConnection(response(version, QStringLiteral("08-")).body, &error), error);
    s.online = true;
    s.routes.insert(QStringLiteral("TryTopic"),
        must(readTopicRoute(response(version, QStringLiteral("01-")).body, &error), error));
    s.routes.insert(QStringLiteral("%RETRY%try_group"),
        must(readTopicRoute(response(version, QStringLiteral("03-")).body, &error), error));
    const QStringList prefixes { QStringLiteral("12-"), QStringLiteral("13-"),
        QStringLiteral("14-") };
    for (int i = 0; i < 3; ++i) {
        ClientView c;
        const ConsumerConnection::Connection &conn = s.connection.connections[i];
        c.clientId = conn.clientId;
        c.clientAddr = conn.clientAddr;
        c.language = conn.language;
        c.version = conn.version;
        const QByteArray body
            = runningInfoOverride.value(c.clientId, response(version, prefixes[i]).body);
        if (body.isEmpty()) {
            c.timedOut = true;
            c.error = QStringLiteral("did not answer");
        } else {
            c.info = must(readConsumerRunningInfo(body, &error), error);
            c.answered = true;
        }
        s.clients.append(c);
    }
    s.assemble(
        { must(readConsumeStats(response(version, QStringLiteral("10-")).body, &error), error) });
    return s;
}

} // namespace Rblab::Remoting::Captured
