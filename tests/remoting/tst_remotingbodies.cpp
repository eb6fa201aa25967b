// SPDX-License-Identifier: Apache-2.0
// The remoting layer on what real brokers sent: whole response frames captured from 4.9.8 and
// 5.3.3 (classic and POP groups) in tests/data/remoting (NOTES.md there lists every form).
#include "capturedgroup.h"
#include "groupsnapshot.h"
#include "querycodes.h"
#include "remotingbodies.h"
#include "remotingcommand.h"

#include "json/jsonparser.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>
#include <QtEndian>

using namespace Rblab;
using namespace Rblab::Remoting;
using namespace Rblab::Remoting::Captured;

class tst_RemotingBodies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fastjsonKeys();
    void fastjsonRejects_data();
    void fastjsonRejects();
    void everyCapturedFrameDecodes_data();
    void everyCapturedFrameDecodes();
    void requestEncodesAsCaptured();
    void decoderErrors();
    void decoderCutsAStream();
    void clusterInfoUnquotedBrokerIds();
    void routes();
    void connections();
    void consumeStats();
    void topicStats();
    void runningInfo49();
    void runningInfo53Pop();
    void lists();
    void errorAnswers();
    void snapshotOfCapturedGroup();
    void snapshotDroppedAndDoubleOwned();
    void snapshotPop();
    void diffs();
    void scenarioFromSnapshot();
    void readersNeverCrash();
    void queryCodesOnly();
};

void tst_RemotingBodies::fastjsonKeys()
{
    const QByteArray text
        = R"({0:"a",-3:"b",{"brokerName":"b","queueId":-1,"topic":"T"}:{"x":1},"s":2})";
    QVERIFY(!JsonParser::parse(text).ok()); // not JSON
    const JsonParser::Result r = JsonParser::parse(text, JsonParser::Dialect::Fastjson);
    QVERIFY2(r.ok(), qPrintable(r.problems.value(0).message));
    QCOMPARE(r.root->size(), 4);
    QCOMPARE(r.root->keys().at(0).name, QStringLiteral("0"));
    QCOMPARE(r.root->keys().at(1).name, QStringLiteral("-3"));
    QCOMPARE(r.root->keys().at(3).name, QStringLiteral("s"));
    const std::optional<JsonNode> key = JsonParser::objectKey(r.root->keys().at(2).name);
    QVERIFY(key.has_value());
    QCOMPARE(key->value(u"topic")->text(), QStringLiteral("T"));
    QCOMPARE(*key->value(u"queueId")->toInt64(), -1);
    QCOMPARE(r.root->items()[2].value(u"x")->text(), QStringLiteral("1"));
    QVERIFY(!JsonParser::objectKey(QStringLiteral("0")).has_value());
    QVERIFY(!JsonParser::objectKey(QStringLiteral("{broken")).has_value());
}

void tst_RemotingBodies::fastjsonRejects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("fraction key") << QByteArray("{1.5:2}");
    QTest::newRow("identifier key") << QByteArray("{abc:2}");
    QTest::newRow("array key") << QByteArray("{[1]:2}");
    QTest::newRow("unclosed key object") << QByteArray("{{\"a\":1:2}");
    QTest::newRow("key without value") << QByteArray("{{\"a\":1}}");
    QTest::newRow("deep keys") << QByteArray(200, '{');
}

void tst_RemotingBodies::fastjsonRejects()
{
    QFETCH(QByteArray, text);
    const JsonParser::Result r = JsonParser::parse(text, JsonParser::Dialect::Fastjson);
    QVERIFY(!r.ok());
    QVERIFY(!r.problems.isEmpty());
    QVERIFY(r.problems.first().line >= 1);
}

void tst_RemotingBodies::everyCapturedFrameDecodes_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &version :
        { QStringLiteral("4.9.8"), QStringLiteral("5.3.3/pull"), QStringLiteral("5.3.3/pop") }) {
        for (const QString &f :
            QDir(dataDir(version)).entryList({ QStringLiteral("*.bin") }, QDir::Files)) {
            QTest::newRow(qPrintable(version + QLatin1Char('/') + f))
                << dataDir(version) + QLatin1Char('/') + f;
        }
    }
}

void tst_RemotingBodies::everyCapturedFrameDecodes()
{
    QFETCH(QString, path);
    const QByteArray frame = readFile(path);
    QString error;
    const std::optional<RemotingCommand> c = FrameDecoder::decodeFrame(frame, &error);
    QVERIFY2(c.has_value(), qPrintable(error));
    const bool request = path.endsWith(QLatin1String(".req.bin"));
    QCOMPARE(c->isResponse(), !request);
    QVERIFY(c->opaque > 0);
    if (request) {
        QVERIFY(c->version == 409 || c->version == 479 || c->version == 0);
        return;
    }
    QCOMPARE(c->language, QStringLiteral("JAVA"));
    // Every body, success or not, reads as Fastjson (or is empty).
    if (!c->body.isEmpty()) {
        const JsonParser::Result r = JsonParser::parse(c->body, JsonParser::Dialect::Fastjson);
        QVERIFY2(r.ok(), qPrintable(path + QLatin1Char(' ') + r.problems.value(0).message));
    }
    // Re-encoding what was decoded gives a frame that decodes to the same command.
    const std::optional<RemotingCommand> again = FrameDecoder::decodeFrame(c->encode(), &error);
    QVERIFY(again.has_value());
    QCOMPARE(again->code, c->code);
    QCOMPARE(again->opaque, c->opaque);
    QCOMPARE(again->remark, c->remark);
    QCOMPARE(again->body, c->body);
}

void tst_RemotingBodies::requestEncodesAsCaptured()
{
    // The captured 307 request: same code, opaque, version and extFields as ours.
    QString error;
    const std::optional<RemotingCommand> captured = FrameDecoder::decodeFrame(
        readFile(dataDir(QStringLiteral("4.9.8"))
            + QStringLiteral(
                "/12-broker-a-GET_CONSUMER_RUNNING_INFO-try_group-127.0.0.1@c1.req.bin")),
        &error);
    QVERIFY(captured.has_value());
    RemotingCommand ours;
    ours.code = Code::GetConsumerRunningInfo;
    ours.opaque = 445035;
    ours.extFields = { { QStringLiteral("consumerGroup"), QStringLiteral("try_group") },
        { QStringLiteral("clientId"), QStringLiteral("127.0.0.1@c1") },
        { QStringLiteral("jstackEnable"), QStringLiteral("false") } };
    const QByteArray frame = ours.encode();
    const quint32 total = qFromBigEndian<quint32>(frame.constData());
    const quint32 mark = qFromBigEndian<quint32>(frame.constData() + 4);
    QCOMPARE(qsizetype(total), frame.size() - 4);
    QCOMPARE(mark >> 24, 0u); // JSON
    QCOMPARE(qsizetype(mark), frame.size() - 8); // no body
    const std::optional<RemotingCommand> back = FrameDecoder::decodeFrame(frame, &error);
    QVERIFY(back.has_value());
    QCOMPARE(back->code, captured->code);
    QCOMPARE(back->opaque, captured->opaque);
    QCOMPARE(back->version, 409);
    QCOMPARE(back->flag, 0);
    QCOMPARE(back->extFields, captured->extFields);
}

void tst_RemotingBodies::decoderErrors()
{
    const QByteArray good = response(QStringLiteral("4.9.8"), QStringLiteral("19-")).encode();
    QString error;
    // Truncated: every shorter prefix is incomplete, never a command or a crash.
    for (qsizetype n = 0; n < good.size(); ++n) {
        QVERIFY(!FrameDecoder::decodeFrame(good.left(n), &error).has_value());
    }
    auto frame = [](quint32 total, quint32 mark, const QByteArray &rest) {
        QByteArray f(8, '\0');
        qToBigEndian(total, f.data());
        qToBigEndian(mark, f.data() + 4);
        return f + rest;
    };
    FrameDecoder oversize;
    oversize.feed(frame(quint32(RemotingCommand::kMaxFrame + 1), 2, "{}"));
    QVERIFY(!oversize.take().has_value());
    QVERIFY(oversize.failed());
    QVERIFY2(oversize.error().contains(QStringLiteral("67108865")), qPrintable(oversize.error()));
    QVERIFY(!FrameDecoder::decodeFrame(frame(6, 2, "no"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("not a JSON object")), qPrintable(error));
    QVERIFY(!FrameDecoder::decodeFrame(frame(6, 9, "{}"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("header length 9")), qPrintable(error));
    QVERIFY(!FrameDecoder::decodeFrame(frame(6, (1u << 24) | 2, "{}"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("serialize type 1")), qPrintable(error));
    QVERIFY(!FrameDecoder::decodeFrame(frame(6, 2, "{}"), &error).has_value());
    QVERIFY2(error.contains(QStringLiteral("no integer code")), qPrintable(error));
    QVERIFY(!FrameDecoder::decodeFrame(frame(2, 2, QByteArray()), &error).has_value());
}

void tst_RemotingBodies::decoderCutsAStream()
{
    // Three captured frames back to back, fed one byte at a time.
    QByteArray stream;
    const QStringList prefixes { QStringLiteral("04-"), QStringLiteral("10-"),
        QStringLiteral("12-") };
    for (const QString &p : prefixes) {
        stream += readFile(QDir(dataDir(QStringLiteral("4.9.8")))
                               .absoluteFilePath(QDir(dataDir(QStringLiteral("4.9.8")))
                                                     .entryList({ p + QStringLiteral("*[^q].bin") })
                                                     .first()));
    }
    FrameDecoder decoder;
    QList<int> opaques;
    for (char c : std::as_const(stream)) {
        decoder.feed(QByteArray(1, c));
        while (std::optional<RemotingCommand> cmd = decoder.take()) {
            opaques.append(cmd->opaque);
        }
    }
    QVERIFY(!decoder.failed());
    QCOMPARE(opaques, (QList<int> { 444934, 445033, 445035 }));
    QCOMPARE(decoder.pending(), 0);
}

void tst_RemotingBodies::clusterInfoUnquotedBrokerIds()
{
    QString error;
    const RemotingCommand r = response(QStringLiteral("4.9.8"), QStringLiteral("04-"));
    QVERIFY(r.body.contains("{0:\"127.0.0.1:26581\"}")); // the fastjson form itself
    const ClusterInfo info = must(readClusterInfo(r.body, &error), error);
    QCOMPARE(info.brokers.size(), 1);
    QCOMPARE(info.brokers.first().brokerName, QStringLiteral("broker-a"));
    QCOMPARE(info.brokers.first().cluster, QStringLiteral("DefaultCluster"));
    QCOMPARE(info.brokers.first().masterAddress(), QStringLiteral("127.0.0.1:26581"));
    QCOMPARE(info.clusters.value(QStringLiteral("DefaultCluster")),
        QStringList { QStringLiteral("broker-a") });
    const ClusterInfo info53 = must(
        readClusterInfo(response(QStringLiteral("5.3.3/pop"), QStringLiteral("04-")).body, &error),
        error);
    QCOMPARE(info53.brokers.first().masterAddress(), QStringLiteral("127.0.0.1:29191"));
}

void tst_RemotingBodies::routes()
{
    QString error;
    const TopicRoute route = must(
        readTopicRoute(response(QStringLiteral("4.9.8"), QStringLiteral("01-")).body, &error),
        error);
    QCOMPARE(route.brokers.first().masterAddress(), QStringLiteral("127.0.0.1:26581"));
    QCOMPARE(route.queues.size(), 1);
    QCOMPARE(route.queues.first().readQueueNums, 8);
    QCOMPARE(route.queues.first().writeQueueNums, 8);
    QCOMPARE(route.queues.first().perm, 6);
    // version 0 gets {0:…} from the name server: read the same.
    const TopicRoute old = must(
        readTopicRoute(response(QStringLiteral("4.9.8"), QStringLiteral("02-")).body, &error),
        error);
    QCOMPARE(old.brokers.first().masterAddress(), QStringLiteral("127.0.0.1:26581"));
    const TopicRoute retry = must(
        readTopicRoute(response(QStringLiteral("5.3.3/pull"), QStringLiteral("03-")).body, &error),
        error);
    QCOMPARE(retry.queues.first().readQueueNums, 1);
    QCOMPARE(retry.brokers.first().masterAddress(), QStringLiteral("127.0.0.1:30491"));
}

void tst_RemotingBodies::connections()
{
    QString error;
    const ConsumerConnection cc
        = must(readConsumerConnection(
                   response(QStringLiteral("4.9.8"), QStringLiteral("08-")).body, &error),
            error);
    QCOMPARE(cc.connections.size(), 3);
    QCOMPARE(cc.connections[0].clientId, QStringLiteral("127.0.0.1@c1"));
    QCOMPARE(cc.connections[0].clientAddr, QStringLiteral("127.0.0.1:40254"));
    QCOMPARE(cc.connections[2].clientAddr, QStringLiteral("127.0.0.1:40270"));
    QCOMPARE(cc.connections[0].language, QStringLiteral("JAVA"));
    QCOMPARE(cc.connections[0].version, 409);
    QCOMPARE(ClientView::versionName(409), QStringLiteral("V4_9_8"));
    QCOMPARE(ClientView::versionName(401), QStringLiteral("V4_9_4"));
    QCOMPARE(ClientView::versionName(479), QStringLiteral("V5_3_3"));
    QCOMPARE(cc.consumeType, QStringLiteral("CONSUME_PASSIVELY"));
    QCOMPARE(cc.messageModel, QStringLiteral("CLUSTERING"));
    QCOMPARE(cc.consumeFromWhere, QStringLiteral("CONSUME_FROM_LAST_OFFSET"));
    QCOMPARE(cc.subscriptions.keys(),
        (QStringList { QStringLiteral("%RETRY%try_group"), QStringLiteral("TryTopic") }));
    QCOMPARE(cc.subscriptions.value(QStringLiteral("TryTopic")), QStringLiteral("*"));
    const ConsumerConnection cc53
        = must(readConsumerConnection(
                   response(QStringLiteral("5.3.3/pull"), QStringLiteral("08-")).body, &error),
            error);
    QCOMPARE(cc53.connections[0].clientId, QStringLiteral("127.0.0.1@c1")); // sorted
    QCOMPARE(cc53.connections[0].clientAddr, QStringLiteral("127.0.0.1:38436"));
    QCOMPARE(cc53.connections[0].version, 479);
}

void tst_RemotingBodies::consumeStats()
{
    QString error;
    const ConsumeStats s = must(
        readConsumeStats(response(QStringLiteral("4.9.8"), QStringLiteral("10-")).body, &error),
        error);
    QCOMPARE(s.offsets.size(), 8);
    QVERIFY(qAbs(s.consumeTps - 298.47790867452045) < 1e-9);
    const ConsumeStats::Offset &q0 = s.offsets.first(); // sorted: TryTopic/broker-a/0
    QCOMPARE(
        q0.queue, (MessageQueue { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 }));
    QCOMPARE(q0.brokerOffset, 2237);
    QCOMPARE(q0.consumerOffset, 2236);
    QCOMPARE(q0.lag(), 1);
    QCOMPARE(q0.lastTimestamp, 1796544504026);
    QVERIFY(!q0.pullOffset.has_value());
    QCOMPARE(s.offsets.last().queue.queueId, 7);
    QCOMPARE(s.offsets.last().brokerOffset, 2236);
    const ConsumeStats s53
        = must(readConsumeStats(
                   response(QStringLiteral("5.3.3/pull"), QStringLiteral("10-")).body, &error),
            error);
    QCOMPARE(s53.offsets.first().brokerOffset, 1848);
    QCOMPARE(s53.offsets.first().consumerOffset, 1847);
    QCOMPARE(s53.offsets.first().pullOffset.value_or(-1), 1848);
    // No consumer, missing group: an empty table, not an error.
    const ConsumeStats none = must(
        readConsumeStats(response(QStringLiteral("4.9.8"), QStringLiteral("16-")).body, &error),
        error);
    QVERIFY(none.offsets.isEmpty());
}

void tst_RemotingBodies::topicStats()
{
    QString error;
    const TopicStats t = must(
        readTopicStats(response(QStringLiteral("4.9.8"), QStringLiteral("21-")).body, &error),
        error);
    QCOMPARE(t.offsets.size(), 8);
    QCOMPARE(t.offsets.first().maxOffset, 2254);
    QCOMPARE(t.offsets.first().minOffset, 0);
    QCOMPARE(t.offsets.first().lastUpdateTimestamp, 1796544504503);
    QCOMPARE(t.offsets.last().maxOffset, 2253);
    const TopicStats t53 = must(
        readTopicStats(response(QStringLiteral("5.3.3/pop"), QStringLiteral("21-")).body, &error),
        error);
    QCOMPARE(t53.offsets.first().maxOffset, 1911);
}

void tst_RemotingBodies::runningInfo49()
{
    QString error;
    const ConsumerRunningInfo c1
        = must(readConsumerRunningInfo(
                   response(QStringLiteral("4.9.8"), QStringLiteral("12-")).body, &error),
            error);
    QCOMPARE(c1.processQueues.size(), 4); // %RETRY%try_group/0 and TryTopic 0..2
    QCOMPARE(c1.processQueues[0].queue.topic, QStringLiteral("%RETRY%try_group"));
    const ConsumerRunningInfo::ProcessQueue &q0 = c1.processQueues[1];
    QCOMPARE(
        q0.queue, (MessageQueue { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 }));
    QCOMPARE(q0.commitOffset, 2238);
    QCOMPARE(q0.cachedMsgCount, 0);
    QCOMPARE(q0.locked, true);
    QCOMPARE(q0.dropped, false);
    QCOMPARE(q0.lastPullTimestamp, 1796544504081);
    QCOMPARE(q0.lastConsumeTimestamp, 1796544504082);
    QCOMPARE(c1.properties.value(QStringLiteral("PROP_CLIENT_VERSION")), QStringLiteral("V4_9_8"));
    QCOMPARE(c1.properties.value(QStringLiteral("pullThresholdForQueue")), QStringLiteral("1000"));
    QCOMPARE(c1.properties.value(QStringLiteral("consumeFromWhere")),
        QStringLiteral("CONSUME_FROM_LAST_OFFSET"));
    QVERIFY(c1.subscriptions.contains(QStringLiteral("TryTopic")));
    const ConsumerRunningInfo c3
        = must(readConsumerRunningInfo(
                   response(QStringLiteral("4.9.8"), QStringLiteral("14-")).body, &error),
            error);
    QCOMPARE(c3.processQueues.size(), 2);
    QCOMPARE(c3.processQueues[0].queue.queueId, 6);
    // 5.3.3 classic: c2 had one message cached on queue 5.
    const ConsumerRunningInfo c2
        = must(readConsumerRunningInfo(
                   response(QStringLiteral("5.3.3/pull"), QStringLiteral("13-")).body, &error),
            error);
    QCOMPARE(c2.processQueues.size(), 3);
    QCOMPARE(c2.processQueues[2].queue.queueId, 5);
    QCOMPARE(c2.processQueues[2].cachedMsgCount, 1);
    QVERIFY(c2.popQueues.isEmpty());
}

void tst_RemotingBodies::runningInfo53Pop()
{
    QString error;
    const ConsumerRunningInfo c1
        = must(readConsumerRunningInfo(
                   response(QStringLiteral("5.3.3/pop"), QStringLiteral("12-")).body, &error),
            error);
    QCOMPARE(c1.popQueues.size(), 1);
    QCOMPARE(c1.popQueues[0].queue,
        (MessageQueue { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), -1 }));
    QCOMPARE(c1.popQueues[0].waitAckCount, 1);
    QCOMPARE(c1.popQueues[0].dropped, false);
    QCOMPARE(c1.popQueues[0].lastPopTimestamp, 1796544817135);
    QCOMPARE(c1.processQueues.size(), 1); // only %RETRY%try_group/0
    QCOMPARE(c1.processQueues[0].queue.topic, QStringLiteral("%RETRY%try_group"));
    const ConsumerRunningInfo c2
        = must(readConsumerRunningInfo(
                   response(QStringLiteral("5.3.3/pop"), QStringLiteral("13-")).body, &error),
            error);
    QVERIFY(c2.processQueues.isEmpty());
    QCOMPARE(c2.popQueues[0].waitAckCount, 0);
}

void tst_RemotingBodies::lists()
{
    QString error;
    QCOMPARE(must(readNameList(response(QStringLiteral("4.9.8"), QStringLiteral("19-")).body,
                      QStringLiteral("groupList"), &error),
                 error),
        QStringList { QStringLiteral("try_group") });
    // 5.3.3 lists the topic itself as a group (apache/rocketmq#9443).
    QCOMPARE(must(readNameList(response(QStringLiteral("5.3.3/pull"), QStringLiteral("19-")).body,
                      QStringLiteral("groupList"), &error),
                 error),
        (QStringList { QStringLiteral("TryTopic"), QStringLiteral("try_group") }));
    const QStringList ids
        = must(readNameList(response(QStringLiteral("4.9.8"), QStringLiteral("11-")).body,
                   QStringLiteral("consumerIdList"), &error),
            error);
    QCOMPARE(ids.size(), 3);
    QVERIFY(ids.contains(QStringLiteral("127.0.0.1@c2")));
    const QStringList topics
        = must(readNameList(response(QStringLiteral("4.9.8"), QStringLiteral("05-")).body,
                   QStringLiteral("topicList"), &error),
            error);
    QVERIFY(topics.contains(QStringLiteral("TryTopic")));
    const QMap<QString, QString> kv = must(
        readKvTable(response(QStringLiteral("4.9.8"), QStringLiteral("22-")).body, &error), error);
    QCOMPARE(kv.value(QStringLiteral("msgPutTotalTodayNow")), QStringLiteral("18045"));
    const QStringList groups
        = must(readSubscriptionGroups(
                   response(QStringLiteral("4.9.8"), QStringLiteral("20-")).body, &error),
            error);
    QVERIFY(groups.contains(QStringLiteral("try_group")));
}

void tst_RemotingBodies::errorAnswers()
{
    const RemotingCommand missingRoute = response(QStringLiteral("4.9.8"), QStringLiteral("06-"));
    QCOMPARE(missingRoute.code, 17);
    QVERIFY(missingRoute.remark.startsWith(
        QStringLiteral("No topic route info in name server for the topic: NoSuchTopic_rblab")));
    const RemotingCommand notOnline = response(QStringLiteral("4.9.8"), QStringLiteral("24-"));
    QCOMPARE(notOnline.code, 206);
    const RemotingCommand noClient = response(QStringLiteral("5.3.3/pull"), QStringLiteral("28-"));
    QCOMPARE(noClient.code, 1);
    QCOMPARE(
        noClient.remark, QStringLiteral("The Consumer <try_group> <127.0.0.1@nobody> not online"));
    const RemotingCommand unknown = response(QStringLiteral("5.3.3/pull"), QStringLiteral("31-"));
    QCOMPARE(unknown.code, 3);
    // A successful 307 is relayed with a remark.
    QCOMPARE(response(QStringLiteral("4.9.8"), QStringLiteral("12-")).remark,
        QStringLiteral("not set any response code"));
    QString error;
    QVERIFY(!readConsumeStats(QByteArray(), &error).has_value());
    QVERIFY(!error.isEmpty());
}

void tst_RemotingBodies::snapshotOfCapturedGroup()
{
    const GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"));
    QCOMPARE(s.queues.size(), 9); // %RETRY%try_group/0 and TryTopic 0..7
    const QueueView *q0 = s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    QVERIFY(q0 != nullptr);
    QCOMPARE(q0->owners, QStringList { QStringLiteral("127.0.0.1@c1") });
    QCOMPARE(q0->ownership, QueueView::Ownership::Owned);
    QCOMPARE(q0->brokerOffset, 2237);
    QCOMPARE(q0->consumerOffset, 2236);
    QCOMPARE(q0->lag, 1);
    QCOMPARE(q0->processQueue->lastPullTimestamp, 1796544504081);
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 5 })->owners,
        QStringList { QStringLiteral("127.0.0.1@c2") });
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 7 })->owners,
        QStringList { QStringLiteral("127.0.0.1@c3") });
    QCOMPARE(s.queue({ QStringLiteral("%RETRY%try_group"), QStringLiteral("broker-a"), 0 })->owners,
        QStringList { QStringLiteral("127.0.0.1@c1") });
    int owned = 0;
    for (const QueueView &q : s.queues) {
        owned += q.ownership == QueueView::Ownership::Owned ? 1 : 0;
    }
    QCOMPARE(owned, 9);
    const GroupSnapshot s53 = capturedSnapshot(QStringLiteral("5.3.3/pull"));
    QCOMPARE(s53.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 5 })
                 ->processQueue->cachedMsgCount,
        1);
    QCOMPARE(s53.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 })
                 ->pullOffset.value_or(-1),
        1848);
}

void tst_RemotingBodies::snapshotDroppedAndDoubleOwned()
{
    // c3 says it holds queue 6 dropped (being given up) and also claims queue 0; c2 is silent.
    QByteArray c3 = response(QStringLiteral("4.9.8"), QStringLiteral("14-")).body;
    const QByteArray from
        = R"({"brokerName":"broker-a","queueId":6,"topic":"TryTopic"}:{"cachedMsgCount":0,"cachedMsgMaxOffset":0,"cachedMsgMinOffset":0,"cachedMsgSizeInMiB":0,"commitOffset":)";
    QVERIFY(c3.contains(from));
    const qsizetype at = c3.indexOf(from);
    const qsizetype dropAt = c3.indexOf("\"droped\":false", at);
    c3.replace(dropAt, 14, "\"droped\":true");
    c3.replace(R"({"mqTable":{)",
        R"({"mqTable":{{"brokerName":"broker-a","queueId":0,"topic":"TryTopic"}:{"cachedMsgCount":7,"droped":false,"locked":false},)");
    QString error;
    const ConsumerRunningInfo parsed = must(readConsumerRunningInfo(c3, &error), error);
    QCOMPARE(parsed.processQueues.size(), 3);
    QCOMPARE(parsed.processQueues[1].queue.queueId, 6);
    QVERIFY(parsed.processQueues[1].dropped);
    QCOMPARE(parsed.processQueues[0].cachedMsgCount, 7);
    const GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"),
        { { QStringLiteral("127.0.0.1@c3"), c3 },
            { QStringLiteral("127.0.0.1@c2"), QByteArray() } });
    const QueueView *q0 = s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    QCOMPARE(q0->ownership, QueueView::Ownership::DoubleOwned);
    QCOMPARE(q0->owners,
        (QStringList { QStringLiteral("127.0.0.1@c1"), QStringLiteral("127.0.0.1@c3") }));
    // Queue 6 is claimed only dropped and c2 did not answer: unknown, not orphaned.
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 6 })->ownership,
        QueueView::Ownership::Unknown);
    QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 4 })->ownership,
        QueueView::Ownership::Unknown);
    // With c2 answering, queue 6 is orphaned.
    const GroupSnapshot s2
        = capturedSnapshot(QStringLiteral("4.9.8"), { { QStringLiteral("127.0.0.1@c3"), c3 } });
    QCOMPARE(s2.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 6 })->ownership,
        QueueView::Ownership::Orphaned);
    QCOMPARE(s2.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 4 })->ownership,
        QueueView::Ownership::Owned);
}

void tst_RemotingBodies::snapshotPop()
{
    const GroupSnapshot s = capturedSnapshot(QStringLiteral("5.3.3/pop"));
    // Nobody holds TryTopic's queues (POP): not orphaned.
    for (int id = 0; id < 8; ++id) {
        QCOMPARE(s.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), id })->ownership,
            QueueView::Ownership::Pop);
    }
    QCOMPARE(s.queue({ QStringLiteral("%RETRY%try_group"), QStringLiteral("broker-a"), 0 })->owners,
        QStringList { QStringLiteral("127.0.0.1@c1") });
    QCOMPARE(s.clients[0].info.popQueues[0].queue.queueId, -1);
    const MqadminImport imported = s.toScenario();
    QVERIFY(imported.ok);
    QCOMPARE(imported.assignedQueues, 0);
    QVERIFY(imported.diagnostics.last().message.startsWith(
        QStringLiteral("8 queues are consumed by POP")));
}

void tst_RemotingBodies::diffs()
{
    const GroupSnapshot before = capturedSnapshot(QStringLiteral("4.9.8"));
    GroupSnapshot after = before;
    // c3 leaves; c2 takes queue 6, c1 takes queue 7; c4 joins.
    after.clients.removeLast();
    ClientView c4;
    c4.clientId = QStringLiteral("127.0.0.1@c4");
    c4.clientAddr = QStringLiteral("127.0.0.1:40300");
    c4.version = 409;
    c4.answered = true;
    after.clients.append(c4);
    for (ClientView &c : after.clients) {
        if (c.clientId == QStringLiteral("127.0.0.1@c2")) {
            ConsumerRunningInfo::ProcessQueue pq;
            pq.queue = { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 6 };
            c.info.processQueues.append(pq);
        }
        if (c.clientId == QStringLiteral("127.0.0.1@c1")) {
            c.answered = false;
            c.error = QStringLiteral("timed out");
        }
    }
    after.problems.append(QStringLiteral("broker broker-b (127.0.0.1:1): timed out"));
    after.assemble({});
    const QList<GroupChange> changes = diffSnapshots(before, after);
    QStringList lines;
    for (const GroupChange &c : changes) {
        lines.append(c.toText());
    }
    QCOMPARE(lines,
        (QStringList {
            QStringLiteral("client not answering: 127.0.0.1@c1: timed out"),
            QStringLiteral("client joined: 127.0.0.1@c4 (127.0.0.1:40300 V4_9_8)"),
            QStringLiteral("client left: 127.0.0.1@c3"),
            QStringLiteral("queue moved: TryTopic/broker-a/6 from 127.0.0.1@c3 to 127.0.0.1@c2"),
            QStringLiteral("problem: broker broker-b (127.0.0.1:1): timed out"),
        }));
    QCOMPARE(changes[3].toVariant().value(QStringLiteral("change")).toString(),
        QStringLiteral("queue-moved"));
    QVERIFY(diffSnapshots(before, before).isEmpty());

    // As seen on 4.9.8 when c1 was killed: one poll where c1 does not answer (its queues
    // unknown), then c1 gone and c2 holding them. The move is reported against what was known.
    GroupSnapshot silent = before;
    silent.clients[0].answered = false;
    silent.clients[0].info = {};
    silent.clients[0].error
        = QStringLiteral("code 1: The Consumer <try_group> <127.0.0.1@c1> not online");
    silent.assemble({});
    QCOMPARE(silent.queue({ QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 1 })->ownership,
        QueueView::Ownership::Unknown);
    QStringList silentLines;
    for (const GroupChange &c : diffSnapshots(before, silent)) {
        silentLines.append(c.toText());
    }
    QCOMPARE(silentLines,
        QStringList { QStringLiteral("client not answering: 127.0.0.1@c1: code 1: The Consumer "
                                     "<try_group> <127.0.0.1@c1> not online") });
    GroupSnapshot gone = before;
    ConsumerRunningInfo c2 = gone.clients[1].info;
    for (const auto &pq : gone.clients[0].info.processQueues) {
        c2.processQueues.append(pq);
    }
    gone.clients.removeFirst();
    gone.clients[0].info = c2;
    gone.assemble({});
    const QList<GroupChange> moved = diffSnapshots(silent.withKnownOwners(before), gone);
    QCOMPARE(moved.size(), 5); // c1 left; %RETRY%/0 and TryTopic 0..2 moved to c2
    QCOMPARE(moved[0].kind, GroupChange::Kind::ClientLeft);
    QCOMPARE(moved[2].toText(),
        QStringLiteral("queue moved: TryTopic/broker-a/0 from 127.0.0.1@c1 to 127.0.0.1@c2"));
    QVERIFY(diffSnapshots(silent, gone).size() == 1); // without the baseline, the moves are lost
}

void tst_RemotingBodies::scenarioFromSnapshot()
{
    const GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"));
    const MqadminImport imported = s.toScenario();
    QVERIFY2(imported.ok, qPrintable(imported.diagnostics.value(0).toString()));
    QCOMPARE(imported.assignedQueues, 8);
    QCOMPARE(imported.scenario.groups.size(), 1);
    const GroupSpec &g = imported.scenario.groups.first();
    QCOMPARE(g.name, QStringLiteral("try_group"));
    QCOMPARE(g.consumers.size(), 3);
    // Three clients on one IP: each holds exactly what it said (mqadmin would give all to c1).
    QCOMPARE(g.consumers[0].id, QStringLiteral("127.0.0.1@c1"));
    QCOMPARE(g.consumers[0].holds.size(), 4);
    QVERIFY(g.consumers[0].holds.contains(QStringLiteral("TryTopic/broker-a/0")));
    QCOMPARE(g.consumers[1].holds,
        (QStringList { QStringLiteral("TryTopic/broker-a/3"), QStringLiteral("TryTopic/broker-a/4"),
            QStringLiteral("TryTopic/broker-a/5") }));
    QCOMPARE(g.consumers[2].holds,
        (QStringList {
            QStringLiteral("TryTopic/broker-a/6"), QStringLiteral("TryTopic/broker-a/7") }));
    QCOMPARE(imported.scenario.profile, Profile::V49);
    bool offset0 = false;
    for (const auto &o : g.offsets) {
        offset0 = offset0 || (o.first == QStringLiteral("TryTopic/broker-a/0") && o.second == 2236);
    }
    QVERIFY(offset0);
    QVERIFY(imported.scenario.description.value(QStringLiteral("en"))
                .startsWith(
                    QStringLiteral("Starting world read from the live cluster at 127.0.0.1:9876")));
    QVERIFY(imported.scenarioJson().contains("\"try_group live from 127.0.0.1:9876\""));
    QVERIFY(
        imported.scenario.description.value(QStringLiteral("en"))
            .contains(QStringLiteral("3 consumers holding 8 queues as the clients reported them")));
}

void tst_RemotingBodies::readersNeverCrash()
{
    // Captured bodies cut and flipped at random: an error or a value, never a crash.
    QRandomGenerator rng(36);
    QList<QByteArray> bodies;
    for (const QString &p : { QStringLiteral("04-"), QStringLiteral("10-"), QStringLiteral("12-"),
             QStringLiteral("21-") }) {
        bodies.append(response(QStringLiteral("5.3.3/pop"), p).body);
    }
    for (int i = 0; i < 3000; ++i) {
        QByteArray b = bodies[i % bodies.size()];
        const int edits = 1 + int(rng.bounded(4));
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = rng.bounded(int(b.size()));
            switch (rng.bounded(3)) {
            case 0:
                b.truncate(at);
                break;
            case 1:
                b[at] = "{}[]:,\"0-"[rng.bounded(9)];
                break;
            default:
                b.insert(at, "{{");
            }
            if (b.isEmpty()) {
                break;
            }
        }
        QString error;
        (void)readClusterInfo(b, &error);
        (void)readConsumeStats(b, &error);
        (void)readConsumerRunningInfo(b, &error);
        (void)readTopicStats(b, &error);
        (void)FrameDecoder::decodeFrame(b, &error);
    }
}

void tst_RemotingBodies::queryCodesOnly()
{
    for (const QueryCode &q : kQueryCodes) {
        QVERIFY(isQueryCode(q.code));
    }
    // SEND_MESSAGE 10, UPDATE_CONSUMER_OFFSET 15, DELETE_TOPIC_IN_BROKER 215, resetOffset 222,
    // UPDATE_AND_CREATE_TOPIC 17: never.
    for (int code : { 10, 15, 17, 215, 222, 9999, 0, -1 }) {
        QVERIFY(!isQueryCode(code));
    }
    QCOMPARE(codeName(208), QStringLiteral("GET_CONSUME_STATS"));
}

QTEST_GUILESS_MAIN(tst_RemotingBodies)
#include "tst_remotingbodies.moc"
