// SPDX-License-Identifier: Apache-2.0
// RemotingClient against a fake server on loopback: matching by opaque, timeouts, reconnection,
// bad frames, and the refusal of every code that is not a query.
#include "groupwatcher.h"
#include "querycodes.h"
#include "remotingclient.h"
#include "remotingcommand.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QtEndian>

using namespace Rblab::Remoting;

namespace {

/*!
    Answers each request by its extFields "mode": "echo" (now), "hold" (answers held requests in
    reverse order when a "release" comes), "silent" (never), "truncate" (half a frame, then
    closes), "oversize" (a 1 GiB length), "garbage" (a header that is not JSON), "close".
*/
class FakeServer : public QObject
{
public:
    FakeServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this]() {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                ++connections;
                auto *decoder = new FrameDecoder;
                connect(s, &QObject::destroyed, this, [decoder]() { delete decoder; });
                connect(s, &QTcpSocket::readyRead, this, [this, s, decoder]() {
                    decoder->feed(s->readAll());
                    while (std::optional<RemotingCommand> c = decoder->take()) {
                        handle(s, *c);
                    }
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }

    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort()); }
    int connections = 0;
    QList<int> codesSeen;

private:
    static QByteArray answer(const RemotingCommand &request)
    {
        RemotingCommand r;
        r.code = 0;
        r.flag = 1;
        r.opaque = request.opaque;
        r.body = request.extFields.value(QStringLiteral("body")).toUtf8();
        return r.encode();
    }

    void handle(QTcpSocket *s, const RemotingCommand &c)
    {
        codesSeen.append(c.code);
        const QString mode = c.extFields.value(QStringLiteral("mode"));
        if (mode == QLatin1String("echo")) {
            s->write(answer(c));
        } else if (mode == QLatin1String("hold")) {
            m_held.append(c);
        } else if (mode == QLatin1String("release")) {
            for (auto it = m_held.crbegin(); it != m_held.crend(); ++it) {
                s->write(answer(*it));
            }
            m_held.clear();
            s->write(answer(c));
        } else if (mode == QLatin1String("truncate")) {
            const QByteArray f = answer(c);
            s->write(f.left(f.size() / 2));
            s->flush();
            s->disconnectFromHost();
        } else if (mode == QLatin1String("oversize")) {
            QByteArray f(8, '\0');
            qToBigEndian<quint32>(1u << 30, f.data());
            s->write(f);
        } else if (mode == QLatin1String("garbage")) {
            QByteArray f(8, '\0');
            qToBigEndian<quint32>(4 + 5, f.data());
            qToBigEndian<quint32>(5, f.data() + 4);
            s->write(f + "hello");
        } else if (mode == QLatin1String("close")) {
            s->disconnectFromHost();
        }
        // "silent": nothing
    }

    QTcpServer m_server;
    QList<RemotingCommand> m_held;
};

struct Outcome
{
    bool done = false;
    RemotingReply reply;
};

QMap<QString, QString> mode(const QString &m, const QString &body = QString())
{
    return { { QStringLiteral("mode"), m }, { QStringLiteral("body"), body } };
}

} // namespace

class tst_RemotingClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusesEveryCodeButQueries();
    void matchesByOpaque();
    void timesOutAndGoesOn();
    void reconnectsAfterClose();
    void truncatedFrame();
    void oversizeAndGarbage();
    void unreachable();
    void silentNameServerEndsThePoll();
    void watcherGoneMidPoll();
};

void tst_RemotingClient::refusesEveryCodeButQueries()
{
    FakeServer server;
    RemotingClient client;
    int called = 0;
    for (int code : { 10, 15, 17, 215, 222, 9999 }) {
        QString why;
        QVERIFY(!client.request(
            server.address(), code, mode(QStringLiteral("echo")), 1000,
            [&](const RemotingReply &) { ++called; }, &why));
        QVERIFY2(why.contains(QStringLiteral("not one of the queries")), qPrintable(why));
    }
    QString why;
    QVERIFY(!client.request(
        QStringLiteral("no-port"), Code::GetConsumeStats, {}, 1000,
        [&](const RemotingReply &) { ++called; }, &why));
    QTest::qWait(50);
    QCOMPARE(called, 0);
    QVERIFY(server.codesSeen.isEmpty()); // nothing reached the wire
    QCOMPARE(server.connections, 0);
    for (const QueryCode &q : kQueryCodes) {
        QVERIFY(client.request(server.address(), q.code, mode(QStringLiteral("echo")), 3000,
            [&](const RemotingReply &r) { called += r.success() ? 1 : 0; }));
    }
    QTRY_COMPARE_WITH_TIMEOUT(called, int(kQueryCodes.size()), 5000);
}

void tst_RemotingClient::matchesByOpaque()
{
    FakeServer server;
    RemotingClient client;
    QStringList bodies;
    for (int i = 0; i < 3; ++i) {
        QVERIFY(client.request(server.address(), Code::GetConsumeStats,
            mode(QStringLiteral("hold"), QStringLiteral("held-%1").arg(i)), 5000,
            [&bodies, i](const RemotingReply &r) {
                bodies.append(
                    QStringLiteral("%1:%2").arg(i).arg(QString::fromUtf8(r.response.body)));
            }));
    }
    QVERIFY(client.request(server.address(), Code::GetConsumeStats,
        mode(QStringLiteral("release"), QStringLiteral("last")), 5000,
        [&bodies](const RemotingReply &r) {
            bodies.append(QStringLiteral("3:") + QString::fromUtf8(r.response.body));
        }));
    QTRY_COMPARE_WITH_TIMEOUT(bodies.size(), 4, 5000);
    // Answered in reverse order; each reached its own handler.
    QCOMPARE(bodies,
        (QStringList { QStringLiteral("2:held-2"), QStringLiteral("1:held-1"),
            QStringLiteral("0:held-0"), QStringLiteral("3:last") }));
    QCOMPARE(server.connections, 1);
    QCOMPARE(client.pendingCount(), 0);
}

void tst_RemotingClient::timesOutAndGoesOn()
{
    FakeServer server;
    RemotingClient client;
    Outcome silent;
    Outcome echo;
    QVERIFY(client.request(server.address(), Code::GetConsumerRunningInfo,
        mode(QStringLiteral("silent")), 200, [&](const RemotingReply &r) {
            silent = { true, r };
        }));
    QVERIFY(client.request(server.address(), Code::GetConsumeStats,
        mode(QStringLiteral("echo"), QStringLiteral("{}")), 3000, [&](const RemotingReply &r) {
            echo = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(silent.done && echo.done, 5000);
    QVERIFY(!silent.reply.ok);
    QVERIFY(silent.reply.timedOut);
    QVERIFY2(silent.reply.error.contains(QStringLiteral("did not answer within 200 ms")),
        qPrintable(silent.reply.error));
    QVERIFY(echo.reply.success());
    QCOMPARE(echo.reply.response.body, QByteArray("{}"));
    // The same connection still serves.
    Outcome again;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("echo")),
        3000, [&](const RemotingReply &r) {
            again = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(again.done, 5000);
    QVERIFY(again.reply.ok);
    QCOMPARE(server.connections, 1);
}

void tst_RemotingClient::reconnectsAfterClose()
{
    FakeServer server;
    RemotingClient client;
    Outcome closed;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("close")),
        3000, [&](const RemotingReply &r) {
            closed = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(closed.done, 5000);
    QVERIFY(!closed.reply.ok);
    QVERIFY(!closed.reply.timedOut);
    QVERIFY2(closed.reply.error.contains(QStringLiteral("closed")), qPrintable(closed.reply.error));
    Outcome next;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("echo")),
        3000, [&](const RemotingReply &r) {
            next = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(next.done, 5000);
    QVERIFY(next.reply.success());
    QCOMPARE(server.connections, 2);
}

void tst_RemotingClient::truncatedFrame()
{
    FakeServer server;
    RemotingClient client;
    Outcome cut;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats,
        mode(QStringLiteral("truncate"), QString(200, QLatin1Char('x'))), 3000,
        [&](const RemotingReply &r) {
            cut = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(cut.done, 5000);
    QVERIFY(!cut.reply.ok);
    QVERIFY2(
        cut.reply.error.contains(QStringLiteral("truncated frame")), qPrintable(cut.reply.error));
}

void tst_RemotingClient::oversizeAndGarbage()
{
    FakeServer server;
    RemotingClient client;
    Outcome big;
    Outcome waiting;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("hold")),
        3000, [&](const RemotingReply &r) {
            waiting = { true, r };
        }));
    QVERIFY(client.request(server.address(), Code::GetConsumeStats,
        mode(QStringLiteral("oversize")), 3000, [&](const RemotingReply &r) {
            big = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(big.done && waiting.done, 5000);
    QVERIFY2(big.reply.error.contains(QStringLiteral("bad frame")), qPrintable(big.reply.error));
    QVERIFY2(big.reply.error.contains(QStringLiteral("1073741824")), qPrintable(big.reply.error));
    QCOMPARE(waiting.reply.error, big.reply.error); // everything on that connection fails
    Outcome garbage;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("garbage")),
        3000, [&](const RemotingReply &r) {
            garbage = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(garbage.done, 5000);
    QVERIFY2(garbage.reply.error.contains(QStringLiteral("not a JSON object")),
        qPrintable(garbage.reply.error));
    Outcome fine;
    QVERIFY(client.request(server.address(), Code::GetConsumeStats, mode(QStringLiteral("echo")),
        3000, [&](const RemotingReply &r) {
            fine = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(fine.done, 5000);
    QVERIFY(fine.reply.success());
    QCOMPARE(server.connections, 3);
}

void tst_RemotingClient::unreachable()
{
    quint16 port = 0;
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost);
        port = probe.serverPort();
    } // closed: nothing listens there now
    RemotingClient client;
    Outcome refused;
    QVERIFY(client.request(QStringLiteral("127.0.0.1:%1").arg(port), Code::GetBrokerClusterInfo, {},
        3000, [&](const RemotingReply &r) {
            refused = { true, r };
        }));
    QTRY_VERIFY_WITH_TIMEOUT(refused.done, 5000);
    QVERIFY(!refused.reply.ok);
    QVERIFY(!refused.reply.error.isEmpty());
}

void tst_RemotingClient::silentNameServerEndsThePoll()
{
    FakeServer server; // answers nothing without a "mode"
    RemotingClient client;
    GroupWatcher watcher(&client, server.address(), QStringLiteral("g"));
    watcher.setTimeoutMs(200);
    QSignalSpy ready(&watcher, &GroupWatcher::snapshotReady);
    QVERIFY(watcher.poll());
    QVERIFY(!watcher.poll()); // one at a time
    QVERIFY(ready.wait(5000));
    const GroupSnapshot s = ready.first().first().value<GroupSnapshot>();
    QVERIFY(!s.online);
    QCOMPARE(s.problems.size(), 1);
    QVERIFY2(s.problems.first().contains(QStringLiteral("did not answer within 200 ms")),
        qPrintable(s.problems.first()));
    QVERIFY(!watcher.busy());
}

void tst_RemotingClient::watcherGoneMidPoll()
{
    FakeServer server;
    RemotingClient client;
    auto *watcher = new GroupWatcher(&client, server.address(), QStringLiteral("g"));
    watcher->setTimeoutMs(200);
    QVERIFY(watcher->poll());
    QTest::qWait(50);
    delete watcher; // its request is still waiting: the reply must not reach it
    QTRY_COMPARE_WITH_TIMEOUT(client.pendingCount(), 0, 5000);
}

QTEST_GUILESS_MAIN(tst_RemotingClient)
#include "tst_remotingclient.moc"
