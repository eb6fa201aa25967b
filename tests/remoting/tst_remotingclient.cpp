// SPDX-License-Identifier: Apache-2.0
// RemotingClient against a fake server on loopback: matching by opaque, timeouts, reconnection,
// bad frames, and the refusal of every code that is not a query.
#include "capturedgroup.h"
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

/*!
    A server whose answers a function writes: `handler` gets each request and the socket, and
    writes what it likes (or nothing).
*/
class ScriptedServer : public QObject
{
public:
    using Handler = std::function<void(QTcpSocket *, const RemotingCommand &)>;

    ScriptedServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this]() {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                auto decoder = std::make_shared<FrameDecoder>();
                connect(s, &QTcpSocket::readyRead, s, [this, s, decoder]() {
                    decoder->feed(s->readAll());
                    while (std::optional<RemotingCommand> c = decoder->take()) {
                        if (handler) {
                            handler(s, *c);
                        }
                    }
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }

    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort()); }
    quint16 port() const { return m_server.serverPort(); }
    Handler handler;

private:
    QTcpServer m_server;
};

RemotingCommand responseTo(const RemotingCommand &request, int code, const QString &remark,
    const QByteArray &body = QByteArray())
{
    RemotingCommand r;
    r.flag = 1;
    r.opaque = request.opaque;
    r.code = code;
    r.remark = remark;
    r.body = body;
    return r;
}

/*!
    The captured 4.9.8 cluster on loopback: `a` is the name server and broker-a, answering as
    the real ones did (three clients of try_group on TryTopic's 8 queues); `b` is broker-b, in
    the cluster but without the group (203: code 206). Each may be told to answer a request
    otherwise first: a hook that returns true has answered it (or chosen not to).
*/
class CapturedCluster
{
public:
    using Hook = std::function<bool(QTcpSocket *, const RemotingCommand &)>;

    CapturedCluster()
    {
        using namespace Rblab::Remoting::Captured;
        const QString v = QStringLiteral("4.9.8");
        auto captured = [&](const char *prefix) {
            return response(v, QLatin1String(prefix))
                .body.replace("127.0.0.1:26581", a.address().toUtf8());
        };
        m_bodies = { { Code::GetConsumerConnectionList, captured("08-") },
            { Code::GetConsumeStats, captured("09-") } };
        m_routes = { { QStringLiteral("TryTopic"), captured("01-") },
            { QStringLiteral("%RETRY%try_group"), captured("03-") } };
        m_running = { { QStringLiteral("127.0.0.1@c1"), captured("12-") },
            { QStringLiteral("127.0.0.1@c2"), captured("13-") },
            { QStringLiteral("127.0.0.1@c3"), captured("14-") } };
        m_bodies.insert(Code::GetBrokerClusterInfo,
            QStringLiteral(
                R"({"brokerAddrTable":{"broker-a":{"brokerAddrs":{0:"%1"},"brokerName":"broker-a",)"
                R"("cluster":"c"},"broker-b":{"brokerAddrs":{0:"%2"},"brokerName":"broker-b",)"
                R"("cluster":"c"}},"clusterAddrTable":{"c":["broker-a","broker-b"]}})")
                .arg(a.address(), b.address())
                .toUtf8());
        a.handler = [this](QTcpSocket *s, const RemotingCommand &c) {
            if (nameServerAndBrokerA && nameServerAndBrokerA(s, c)) {
                return;
            }
            if (c.code == Code::GetRouteInfoByTopic) {
                s->write(responseTo(
                    c, 0, QString(), m_routes.value(c.extFields.value(QStringLiteral("topic"))))
                             .encode());
            } else if (c.code == Code::GetConsumerRunningInfo) {
                s->write(responseTo(c, 0, QStringLiteral("not set any response code"),
                    m_running.value(c.extFields.value(QStringLiteral("clientId"))))
                             .encode());
            } else {
                s->write(responseTo(c, 0, QString(), m_bodies.value(c.code)).encode());
            }
        };
        b.handler = [this](QTcpSocket *s, const RemotingCommand &c) {
            if (brokerB && brokerB(s, c)) {
                return;
            }
            if (c.code == Code::GetConsumerConnectionList) {
                s->write(
                    responseTo(c, 206, QStringLiteral("the consumer group[try_group] not online"))
                        .encode());
            } else {
                s->write(responseTo(c, 0, QString(), QByteArray(R"({"offsetTable":{}})")).encode());
            }
        };
    }

    //! One poll of try_group, 500 ms a request.
    GroupSnapshot poll()
    {
        RemotingClient client;
        GroupWatcher watcher(&client, a.address(), QStringLiteral("try_group"));
        watcher.setTimeoutMs(500);
        return watcher.pollAndWait();
    }

    ScriptedServer a;
    ScriptedServer b;
    Hook nameServerAndBrokerA;
    Hook brokerB;

private:
    QHash<int, QByteArray> m_bodies;
    QHash<QString, QByteArray> m_routes;
    QHash<QString, QByteArray> m_running;
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
    void badAnswerIsOneLine_data();
    void badAnswerIsOneLine();
    void aclOnARouteAndAClient();
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

void tst_RemotingClient::badAnswerIsOneLine_data()
{
    // What broker-b answers to GET_CONSUME_STATS ("silent": nothing, "truncate": half a frame,
    // then it closes); %1 in the line is its address.
    QTest::addColumn<QString>("behaviour");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("remark");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("line");
    QTest::newRow("ACL: NO_PERMISSION")
        << QString() << 16 << QStringLiteral("no permission to read group try_group")
        << QByteArray()
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) was refused: the cluster requires "
                          "ACL credentials (code 16: no permission to read group try_group); "
                          "rblab reads without credentials: watch from an address in the ACL's "
                          "globalWhiteRemoteAddresses, or a cluster without ACL");
    // 4.x: PlainAccessValidator's AclException, answered as SYSTEM_ERROR with its message.
    QTest::newRow("ACL: 4.x AclException")
        << QString() << 1
        << QStringLiteral("org.apache.rocketmq.acl.common.AclException: No accessKey is "
                          "configured, org.apache.rocketmq.acl.plain.PlainPermissionManager."
                          "validate(PlainPermissionManager.java:394)")
        << QByteArray()
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) was refused: the cluster requires "
                          "ACL credentials (code 1: org.apache.rocketmq.acl.common.AclException: "
                          "No accessKey is configured, org.apache.rocketmq.acl.plain."
                          "PlainPermissionManager.validate(PlainPermissionManager.java:394)); "
                          "rblab reads without credentials: watch from an address in the ACL's "
                          "globalWhiteRemoteAddresses, or a cluster without ACL");
    // As 4.9.8 answered code 9999 (tests/data/remoting/4.9.8/31-).
    QTest::newRow("unknown code")
        << QString() << 3 << QStringLiteral(" request type 208 not supported") << QByteArray()
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) is not supported there (code 3: "
                          "request type 208 not supported); rblab needs a RocketMQ 4.x or 5.x "
                          "name server or broker at that address");
    QTest::newRow("remark with an error")
        << QString() << 1
        << QStringLiteral("java.lang.NullPointerException\n\tat org.apache.rocketmq.broker."
                          "processor.AdminBrokerProcessor.getConsumeStats(AdminBrokerProcessor."
                          "java:1201)")
        << QByteArray()
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) failed on the server (code 1: "
                          "java.lang.NullPointerException); the server's log says why, rblab "
                          "asks again at the next poll");
    QTest::newRow("unreadable body")
        << QString() << 0 << QString() << QByteArray(R"({"offsetTable":[1,2]})")
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) answered a body rblab cannot read "
                          "(BODY); rblab asks again at the next poll (please report it with the "
                          "server's version)");
    QTest::newRow("truncated frame")
        << QStringLiteral("truncate") << 0 << QString() << QByteArray(R"({"offsetTable":{}})")
        << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) failed: the connection was closed "
                          "in the middle of a frame (TRUNC bytes of a truncated frame); rblab "
                          "asks again at the next poll");
    QTest::newRow("silent") << QStringLiteral("silent") << 0 << QString() << QByteArray()
                            << QStringLiteral("GET_CONSUME_STATS to %1 (broker-b) did not "
                                              "answer within 500 ms; check that the server is up "
                                              "there, or give a longer --timeout");
}

/*!
    A name server and broker-a answering as the captured 4.9.8 cluster did (three clients on
    TryTopic's 8 queues), and a broker-b that answers GET_CONSUME_STATS badly: the poll gives
    exactly one problem line for it, and broker-a's offsets and the clients' claims are all
    in the snapshot.
*/
void tst_RemotingClient::badAnswerIsOneLine()
{
    QFETCH(QString, behaviour);
    QFETCH(int, code);
    QFETCH(QString, remark);
    QFETCH(QByteArray, body);
    QFETCH(QString, line);
    CapturedCluster cluster;
    qsizetype truncatedBytes = 0;
    cluster.brokerB = [&](QTcpSocket *s, const RemotingCommand &c) {
        if (c.code != Code::GetConsumeStats) {
            return false;
        }
        if (behaviour == QLatin1String("truncate")) {
            const QByteArray f = responseTo(c, code, remark, body).encode();
            truncatedBytes = f.size() / 2;
            s->write(f.left(truncatedBytes));
            s->flush();
            s->disconnectFromHost();
        } else if (behaviour.isEmpty()) {
            s->write(responseTo(c, code, remark, body).encode());
        }
        return true; // "silent": nothing
    };
    const GroupSnapshot s = cluster.poll();

    QString bodyError;
    readConsumeStats(body, &bodyError);
    const QString expected = line.arg(cluster.b.address())
                                 .replace(QStringLiteral("BODY"), bodyError)
                                 .replace(QStringLiteral("TRUNC"), QString::number(truncatedBytes));
    QCOMPARE(s.problems, QStringList { expected });
    // Everything else of the poll: broker-a's offsets, the three clients' claims.
    QVERIFY(s.online);
    QCOMPARE(s.clients.size(), 3);
    for (const ClientView &c : s.clients) {
        QVERIFY2(c.answered, qPrintable(c.clientId + QStringLiteral(": ") + c.error));
    }
    QCOMPARE(s.queues.size(), 9);
    for (const QueueView &q : s.queues) {
        QVERIFY2(q.hasOffsets, qPrintable(q.queue.label()));
        QCOMPARE(q.ownership, QueueView::Ownership::Owned);
    }
    const QueueView *q0 = s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    QCOMPARE(q0->brokerOffset, 2236); // 09-broker-a-GET_CONSUME_STATS-try_group
    QCOMPARE(q0->owners, QStringList { QStringLiteral("127.0.0.1@c1") });
}

/*!
    A 5.x cluster with ACL answers NO_PERMISSION to the name server's route request; a 4.x
    broker relays the ACL refusal of GET_CONSUMER_RUNNING_INFO. The route is one problem line,
    the client is one that did not answer, with the same kind of line; the offsets and the
    other clients' claims stay.
*/
void tst_RemotingClient::aclOnARouteAndAClient()
{
    CapturedCluster cluster;
    const QString acl
        = QStringLiteral("org.apache.rocketmq.acl.common.AclException: No accessKey is configured");
    cluster.nameServerAndBrokerA = [&](QTcpSocket *s, const RemotingCommand &c) {
        if (c.code == Code::GetRouteInfoByTopic
            && c.extFields.value(QStringLiteral("topic")) == QLatin1String("TryTopic")) {
            s->write(responseTo(c, 16, QStringLiteral("no permission for TryTopic")).encode());
            return true;
        }
        if (c.code == Code::GetConsumerRunningInfo
            && c.extFields.value(QStringLiteral("clientId")) == QLatin1String("127.0.0.1@c2")) {
            s->write(responseTo(c, 1, acl).encode());
            return true;
        }
        return false;
    };
    const GroupSnapshot s = cluster.poll();
    const QString ns = cluster.a.address();
    QCOMPARE(s.problems,
        QStringList { QStringLiteral(
            "GET_ROUTEINFO_BY_TOPIC to %1 (name server, topic TryTopic) was refused: the cluster "
            "requires ACL credentials (code 16: no permission for TryTopic); rblab reads without "
            "credentials: watch from an address in the ACL's globalWhiteRemoteAddresses, or a "
            "cluster without ACL")
                          .arg(ns) });
    const ClientView *c2 = s.client(QStringLiteral("127.0.0.1@c2"));
    QVERIFY(c2 != nullptr && !c2->answered);
    QCOMPARE(c2->error,
        QStringLiteral("GET_CONSUMER_RUNNING_INFO to %1 (for 127.0.0.1@c2) was refused: the "
                       "cluster requires ACL credentials (code 1: %2); rblab reads without "
                       "credentials: watch from an address in the ACL's "
                       "globalWhiteRemoteAddresses, or a cluster without ACL")
            .arg(ns, acl));
    QVERIFY(s.client(QStringLiteral("127.0.0.1@c1"))->answered);
    QVERIFY(s.client(QStringLiteral("127.0.0.1@c3"))->answered);
    // Without TryTopic's route its queues come from the offsets; c1 and c3 still hold theirs,
    // c2's are unknown (it did not answer), not orphaned.
    const QueueView *q0 = s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    QVERIFY(q0 != nullptr && q0->hasOffsets);
    QCOMPARE(q0->brokerOffset, 2236);
    QCOMPARE(q0->owners, QStringList { QStringLiteral("127.0.0.1@c1") });
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 4 })->ownership,
        QueueView::Ownership::Unknown);
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 7 })->owners,
        QStringList { QStringLiteral("127.0.0.1@c3") });
}

QTEST_GUILESS_MAIN(tst_RemotingClient)
#include "tst_remotingclient.moc"
