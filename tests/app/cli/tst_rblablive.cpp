// SPDX-License-Identifier: Apache-2.0
// rblab snapshot and rblab watch (issue 36) as users run them, against a fake name server and
// broker on loopback that answers with the frames captured from a real 4.9.8 cluster
// (tests/data/remoting/4.9.8: three clients of try_group on TryTopic's 8 queues).
#include <rblabprocess.h>

#include <liverecording.h>
#include <remotingcommand.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab::Remoting;

namespace {

QByteArray capturedBody(const QString &prefix)
{
    const QDir dir(QStringLiteral(RBLAB_TEST_DATA_DIR "/remoting/4.9.8"));
    for (const QString &f : dir.entryList({ prefix + QStringLiteral("*.bin") }, QDir::Files)) {
        if (f.endsWith(QLatin1String(".req.bin"))) {
            continue;
        }
        QFile file(dir.filePath(f));
        if (!file.open(QIODevice::ReadOnly)) {
            break;
        }
        QString error;
        const std::optional<RemotingCommand> c = FrameDecoder::decodeFrame(file.readAll(), &error);
        if (c) {
            return c->body;
        }
    }
    qFatal("no captured frame %s", qPrintable(prefix));
}

/*!
    The name server and the broker in one: answers each query with the captured body, the broker
    address rewritten to this server's. Clients in `silent` never answer 307.
*/
class FakeCluster : public QObject
{
public:
    FakeCluster()
    {
        m_server.listen(QHostAddress::LocalHost);
        const QByteArray address = "127.0.0.1:" + QByteArray::number(m_server.serverPort());
        auto body = [&](const char *prefix) {
            return capturedBody(QLatin1String(prefix)).replace("127.0.0.1:26581", address);
        };
        m_bodies = { { 106, body("04-") }, { 203, body("08-") }, { 208, body("09-") } };
        m_routes = { { QStringLiteral("TryTopic"), body("01-") },
            { QStringLiteral("%RETRY%try_group"), body("03-") } };
        m_running = { { QStringLiteral("127.0.0.1@c1"), body("12-") },
            { QStringLiteral("127.0.0.1@c2"), body("13-") },
            { QStringLiteral("127.0.0.1@c3"), body("14-") } };
        connect(&m_server, &QTcpServer::newConnection, this, [this]() {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                auto decoder = std::make_shared<FrameDecoder>();
                connect(s, &QTcpSocket::readyRead, s, [this, s, decoder]() {
                    decoder->feed(s->readAll());
                    while (std::optional<RemotingCommand> c = decoder->take()) {
                        answer(s, *c);
                    }
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }

    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort()); }
    //! The body a client answers 307 with, to change before a run.
    QByteArray &runningInfo(const QString &clientId) { return m_running[clientId]; }
    QStringList silent;
    QList<int> codes;

private:
    void answer(QTcpSocket *s, const RemotingCommand &request)
    {
        codes.append(request.code);
        RemotingCommand r;
        r.flag = 1;
        r.opaque = request.opaque;
        if (request.code == 105) {
            const QString topic = request.extFields.value(QStringLiteral("topic"));
            r.code = m_routes.contains(topic) ? 0 : 17;
            r.body = m_routes.value(topic);
        } else if (request.code == 307) {
            const QString id = request.extFields.value(QStringLiteral("clientId"));
            if (silent.contains(id)) {
                return;
            }
            r.body = m_running.value(id);
            r.remark = QStringLiteral("not set any response code");
        } else {
            r.body = m_bodies.value(request.code);
        }
        s->write(r.encode());
    }

    QTcpServer m_server;
    QHash<int, QByteArray> m_bodies;
    QHash<QString, QByteArray> m_routes;
    QHash<QString, QByteArray> m_running;
};

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

//! rblab with `args`, the event loop running (the fake cluster is in this process).
Run rblab(const QString &home, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("RBLAB_PLUGIN_PATH"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home);
    p.setProcessEnvironment(env);
    p.start(RblabProcess::program(), args);
    if (!p.waitForStarted(10000)) {
        return Run {};
    }
    if (!QTest::qWaitFor([&]() { return p.state() == QProcess::NotRunning; }, 30000)) {
        p.kill(); // hung: the caller's check of the exit code fails
        p.waitForFinished(5000);
        return Run {};
    }
    return { p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError() };
}

} // namespace

class tst_RblabLive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void snapshotWritesTheClientsHolds();
    void watchPrintsTheGroupAndSilentClients();
    void watchPrintsFlowControlAndStaleViews();
    void watchRecordsWhatTheAppOpens();
    void aRecordingThatCannotBeWrittenStopsAtOnce();
    void badArguments();

private:
    QTemporaryDir m_home;
};

void tst_RblabLive::snapshotWritesTheClientsHolds()
{
    FakeCluster cluster;
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("live.json"));
    const Run r = rblab(m_home.path(),
        { QStringLiteral("snapshot"), QStringLiteral("--namesrv"), cluster.address(),
            QStringLiteral("--group"), QStringLiteral("try_group"), QStringLiteral("--scenario"),
            scenario });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains("3 clients (3 answered), 9 queues: 9 owned, lag 10; 8 queues held"),
        r.err.constData());
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(root.value(QStringLiteral("profile")).toString(), QStringLiteral("4.9"));
    const QJsonArray consumers = root.value(QStringLiteral("groups"))
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value(QStringLiteral("consumers"))
                                     .toArray();
    QCOMPARE(consumers.size(), 3);
    QCOMPARE(consumers[1].toObject().value(QStringLiteral("id")).toString(),
        QStringLiteral("127.0.0.1@c2"));
    QCOMPARE(consumers[1].toObject().value(QStringLiteral("holds")).toArray().size(), 3);
    QCOMPARE(consumers[2].toObject().value(QStringLiteral("holds")).toArray().first().toString(),
        QStringLiteral("TryTopic/broker-a/6"));
    // Only queries reached the cluster: 106, 203, 208, 105 ×2, 307 ×3.
    for (int code : std::as_const(cluster.codes)) {
        QVERIFY(QList<int>({ 105, 106, 203, 208, 307 }).contains(code));
    }
    QCOMPARE(cluster.codes.size(), 8);
}

void tst_RblabLive::watchPrintsTheGroupAndSilentClients()
{
    FakeCluster cluster;
    cluster.silent = QStringList { QStringLiteral("127.0.0.1@c2") };
    const Run r = rblab(m_home.path(),
        { QStringLiteral("watch"), QStringLiteral("--namesrv"), cluster.address(),
            QStringLiteral("--group"), QStringLiteral("try_group"), QStringLiteral("--interval"),
            QStringLiteral("500ms"), QStringLiteral("--duration"), QStringLiteral("1500ms"),
            QStringLiteral("--timeout"), QStringLiteral("300ms"), QStringLiteral("--json") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QVERIFY2(lines.size() == 2, r.out.constData()); // the same answers every poll: no change
    const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
    QCOMPARE(first.value(QStringLiteral("change")).toString(), QStringLiteral("watching"));
    QCOMPARE(first.value(QStringLiteral("clients")).toInt(), 3);
    QCOMPARE(first.value(QStringLiteral("summary")).toString(),
        QStringLiteral("3 clients (2 answered), 9 queues: 6 owned, 3 unknown, lag 10"));
    const QJsonObject silent = QJsonDocument::fromJson(lines[1]).object();
    QCOMPARE(
        silent.value(QStringLiteral("change")).toString(), QStringLiteral("client-not-answering"));
    QCOMPARE(silent.value(QStringLiteral("subject")).toString(), QStringLiteral("127.0.0.1@c2"));
    QVERIFY(silent.value(QStringLiteral("detail")).toString().contains(QStringLiteral("300 ms")));
}

void tst_RblabLive::watchPrintsFlowControlAndStaleViews()
{
    FakeCluster cluster;
    // c2 has 1500 messages cached for queue 4 (over its pullThresholdForQueue, 1000); c1 says
    // it runs AllocateMessageQueueAveragelyByCircle but holds AVG's block 0-2.
    QByteArray &c2 = cluster.runningInfo(QStringLiteral("127.0.0.1@c2"));
    const QByteArray q4
        = R"({"brokerName":"broker-a","queueId":4,"topic":"TryTopic"}:{"cachedMsgCount":0)";
    QVERIFY(c2.contains(q4));
    c2.replace(q4, QByteArray(q4).replace("\"cachedMsgCount\":0", "\"cachedMsgCount\":1500"));
    QByteArray &c1 = cluster.runningInfo(QStringLiteral("127.0.0.1@c1"));
    QVERIFY(c1.contains("AllocateMessageQueueAveragely@"));
    c1.replace("AllocateMessageQueueAveragely@", "AllocateMessageQueueAveragelyByCircle@");
    const Run r = rblab(m_home.path(),
        { QStringLiteral("watch"), QStringLiteral("--namesrv"), cluster.address(),
            QStringLiteral("--group"), QStringLiteral("try_group"), QStringLiteral("--interval"),
            QStringLiteral("500ms"), QStringLiteral("--duration"), QStringLiteral("2500ms"),
            QStringLiteral("--json") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    // The group; the queue held back, at once; c1's view, on the second poll and only then.
    QVERIFY2(lines.size() == 3, r.out.constData());
    const QJsonObject flow = QJsonDocument::fromJson(lines[1]).object();
    QCOMPARE(flow.value(QStringLiteral("change")).toString(), QStringLiteral("flow-control-on"));
    QCOMPARE(
        flow.value(QStringLiteral("subject")).toString(), QStringLiteral("TryTopic/broker-a/4"));
    QCOMPARE(flow.value(QStringLiteral("client")).toString(), QStringLiteral("127.0.0.1@c2"));
    QCOMPARE(flow.value(QStringLiteral("cause")).toString(), QStringLiteral("cached-count"));
    QCOMPARE(flow.value(QStringLiteral("value")).toInt(), 1500);
    QCOMPARE(flow.value(QStringLiteral("threshold")).toInt(), 1000);
    QCOMPARE(
        flow.value(QStringLiteral("setting")).toString(), QStringLiteral("pullThresholdForQueue"));
    const QJsonObject stale = QJsonDocument::fromJson(lines[2]).object();
    QCOMPARE(stale.value(QStringLiteral("change")).toString(), QStringLiteral("stale-view"));
    QCOMPARE(stale.value(QStringLiteral("subject")).toString(), QStringLiteral("127.0.0.1@c1"));
    QCOMPARE(stale.value(QStringLiteral("strategy")).toString(), QStringLiteral("AVG_BY_CIRCLE"));
    QCOMPARE(stale.value(QStringLiteral("held")).toInt(), 4);
    QCOMPARE(stale.value(QStringLiteral("expected")).toInt(), 4);
    QCOMPARE(stale.value(QStringLiteral("missing")).toArray(),
        (QJsonArray {
            QStringLiteral("TryTopic/broker-a/3"), QStringLiteral("TryTopic/broker-a/6") }));
    QCOMPARE(stale.value(QStringLiteral("extra")).toArray(),
        (QJsonArray {
            QStringLiteral("TryTopic/broker-a/1"), QStringLiteral("TryTopic/broker-a/2") }));
}

void tst_RblabLive::watchRecordsWhatTheAppOpens()
{
    FakeCluster cluster;
    cluster.silent = QStringList { QStringLiteral("127.0.0.1@c2") };
    const QString path = m_home.filePath(QStringLiteral("watch.json"));
    // No --duration: it watches until a TERM, as Ctrl-C ends it, and saves the recording whole.
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
    p.setProcessEnvironment(env);
    p.start(RblabProcess::program(),
        { QStringLiteral("watch"), QStringLiteral("--namesrv"), cluster.address(),
            QStringLiteral("--group"), QStringLiteral("try_group"), QStringLiteral("--interval"),
            QStringLiteral("400ms"), QStringLiteral("--timeout"), QStringLiteral("300ms"),
            QStringLiteral("--record"), path });
    QVERIFY(p.waitForStarted(10000));
    // A fifth poll asked 307 of the three clients (c2 never answers): four polls came back.
    QVERIFY(QTest::qWaitFor([&]() { return cluster.codes.count(307) >= 15; }, 30000));
    p.terminate();
    QVERIFY(QTest::qWaitFor([&]() { return p.state() == QProcess::NotRunning; }, 15000));
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
    QVERIFY2(err.contains("rblab watch: recorded "), err.constData());
    QString error;
    const std::optional<LiveRecording> rec = LiveRecording::readFile(path, &error);
    QVERIFY2(rec, qPrintable(error));
    QVERIFY(rec->finished);
    QCOMPARE(rec->group, QStringLiteral("try_group"));
    QCOMPARE(rec->nameServer, cluster.address());
    QCOMPARE(rec->intervalMs, qint64(400));
    QVERIFY2(rec->polls.size() >= 4, qPrintable(QString::number(rec->polls.size())));
    // Each poll as GroupWatcher assembled it: the captured group, c2 silent.
    for (const GroupSnapshot &s : rec->polls) {
        QCOMPARE(s.clients.size(), 3);
        QVERIFY(s.clients.at(0).answered);
        QVERIFY(!s.clients.at(1).answered);
        QVERIFY2(s.clients.at(1).timedOut, qPrintable(s.clients.at(1).error));
        QCOMPARE(s.queues.size(), 9);
        int owned = 0;
        for (const QueueView &q : s.queues) {
            owned += q.ownership == QueueView::Ownership::Owned ? 1 : 0;
        }
        QCOMPARE(owned, 6);
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject observed = report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(observed.value(QStringLiteral("polls")).toInt(), int(rec->polls.size()));
    QCOMPARE(observed.value(QStringLiteral("source")).toString(), QStringLiteral("rblab watch"));
}

void tst_RblabLive::aRecordingThatCannotBeWrittenStopsAtOnce()
{
    FakeCluster cluster;
    const QString path = m_home.filePath(QStringLiteral("no/such/folder/watch.json"));
    const Run r = rblab(m_home.path(),
        { QStringLiteral("watch"), QStringLiteral("--namesrv"), cluster.address(),
            QStringLiteral("--group"), QStringLiteral("try_group"), QStringLiteral("--duration"),
            QStringLiteral("10s"), QStringLiteral("--record"), path });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--record " + path.toUtf8()), r.err.constData());
    QVERIFY(cluster.codes.isEmpty()); // refused before the first poll
}

void tst_RblabLive::badArguments()
{
    const Run noGroup = rblab(m_home.path(),
        { QStringLiteral("watch"), QStringLiteral("--namesrv"), QStringLiteral("127.0.0.1:1") });
    QCOMPARE(noGroup.exitCode, 2);
    const Run badAddress = rblab(m_home.path(),
        { QStringLiteral("snapshot"), QStringLiteral("--namesrv"), QStringLiteral("nohost"),
            QStringLiteral("--group"), QStringLiteral("g"), QStringLiteral("--scenario"),
            QStringLiteral("-") });
    QCOMPARE(badAddress.exitCode, 2);
    QVERIFY(badAddress.err.contains("is not HOST:PORT"));
    // Nothing listens: one clear line, no scenario, status 1.
    const Run refused = rblab(m_home.path(),
        { QStringLiteral("snapshot"), QStringLiteral("--namesrv"), QStringLiteral("127.0.0.1:1"),
            QStringLiteral("--group"), QStringLiteral("g"), QStringLiteral("--scenario"),
            QStringLiteral("-") });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("no scenario written"), refused.err.constData());
    QVERIFY(refused.out.isEmpty());
}

QTEST_GUILESS_MAIN(tst_RblabLive)
#include "tst_rblablive.moc"
