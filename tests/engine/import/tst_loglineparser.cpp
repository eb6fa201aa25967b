// SPDX-License-Identifier: Apache-2.0
// The line parser of rblab import-logs on lines built from RocketMQ's format strings
// (rocketmq-client-logs.md §2 and §4): headers of both layouts, and each message it uses.
#include <import/logrecord.h>

#include <QTest>

using namespace Rblab;

class tst_LogLineParser : public QObject
{
    Q_OBJECT

private slots:
    void header_data();
    void header();
    void message_data();
    void message();
    void route();
};

Q_DECLARE_METATYPE(Rblab::LogLayout)
Q_DECLARE_METATYPE(Rblab::LogLineParser::Outcome)

void tst_LogLineParser::header_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("zone");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<LogLayout>("layout");
    QTest::addColumn<qint64>("time");
    QTest::addColumn<int>("pid");
    QTest::addColumn<QByteArray>("message");

    // 2024-03-01T00:00:00Z is 1709251200 s; 12:00:00.123 at GMT+8 is 04:00:00.123 UTC.
    const qint64 t = 1709251200000 + 4 * 3600000 + 123;
    // LoggingBuilder:1199-1229
    QTest::newRow("4.9") << QByteArray("2024-03-01 12:00:00,123 INFO RocketmqClient - hello") << 480
                         << true << LogLayout::V49 << t << -1 << QByteArray("hello");
    QTest::newRow("4.9 WARN, UTC")
        << QByteArray("2024-03-01 12:00:00,123 WARN RocketmqClient - x - y") << 0 << true
        << LogLayout::V49 << t + 8 * 3600000 << -1 << QByteArray("x - y");
    // rmq.client.logback.xml:42, %-5p pads INFO to "INFO " and the pattern adds one space
    QTest::newRow("5.3 ?:?") << QByteArray("2024-03-01 12:00:00.123 INFO  [23456] "
                                           "[NettyClientPublicExecutor_3] "
                                           "[o.a.r.c.i.ClientRemotingProcessor#?:?] - hi")
                             << 480 << true << LogLayout::V53 << t << 23456 << QByteArray("hi");
    QTest::newRow("5.3 caller data, ERROR, thread with a space")
        << QByteArray("2024-03-01 12:00:00.123 ERROR [7] [pool 1] "
                      "[o.a.r.c.i.c.RebalanceImpl#rebalanceByTopic:330] - m")
        << 480 << true << LogLayout::V53 << t << 7 << QByteArray("m");
    QTest::newRow("stack trace") << QByteArray(
        "\tat org.apache.rocketmq.client.impl.Foo.bar(Foo.java:1)")
                                 << 480 << false << LogLayout::Unknown << qint64(0) << -1
                                 << QByteArray();
    QTest::newRow("bad month") << QByteArray("2024-13-01 12:00:00,123 INFO RocketmqClient - hello")
                               << 480 << false << LogLayout::Unknown << qint64(0) << -1
                               << QByteArray();
    QTest::newRow("no level") << QByteArray("2024-03-01 12:00:00,123 NOTE RocketmqClient - hello")
                              << 480 << false << LogLayout::Unknown << qint64(0) << -1
                              << QByteArray();
    // The client through slf4j in a Spring Boot 3 service's log: ISO time with its offset (which
    // wins over the zone given), %5p, the pid, the logger padded to 40.
    QTest::newRow("Spring Boot 3, 4.9 client")
        << QByteArray("2024-03-01T12:00:00.123+08:00  INFO 4242 --- [   rebalance-1] "
                      "RocketmqClient                           : hello")
        << 0 << true << LogLayout::V49 << t << -1 << QByteArray("hello");
    QTest::newRow("Spring Boot 3, UTC, WARN, app name")
        << QByteArray("2024-03-01T04:00:00.123Z  WARN 4242 --- [orders] [NettyClientWorker_1] "
                      "RocketmqRemoting                         : a : b")
        << 480 << true << LogLayout::V49 << t << -1 << QByteArray("a : b");
    QTest::newRow("Spring Boot 3, 5.x client, offset without colon")
        << QByteArray("2024-03-01T09:30:00.123+0530 ERROR 77 --- [main] "
                      "o.a.r.c.i.c.RebalanceImpl                : m")
        << 0 << true << LogLayout::V53 << t << 77 << QByteArray("m");
    QTest::newRow("Spring Boot 2, no zone: the one given")
        << QByteArray("2024-03-01 12:00:00.123  INFO 4242 --- [main] RocketmqClient : hi") << 480
        << true << LogLayout::V49 << t << -1 << QByteArray("hi");
    QTest::newRow("Spring Boot 2, ERROR: one space")
        << QByteArray("2024-03-01 12:00:00.123 ERROR 4242 --- [main] RocketmqClient : x") << 480
        << true << LogLayout::V49 << t << -1 << QByteArray("x");
    QTest::newRow("Spring Boot, the application's own line")
        << QByteArray("2024-03-01T12:00:00.123+08:00  INFO 4242 --- [main] "
                      "c.e.orders.OrderService                  : order 7 paid")
        << 480 << false << LogLayout::Unknown << qint64(0) << -1 << QByteArray();
    QTest::newRow("Spring Boot, bad offset")
        << QByteArray("2024-03-01T12:00:00.123+8  INFO 1 --- [main] RocketmqClient : hi") << 480
        << false << LogLayout::Unknown << qint64(0) << -1 << QByteArray();
    QTest::newRow("5.3 without pid")
        << QByteArray("2024-03-01 12:00:00.123 INFO  [main] [x#?:?] - hello") << 480 << false
        << LogLayout::Unknown << qint64(0) << -1 << QByteArray();
}

void tst_LogLineParser::header()
{
    QFETCH(QByteArray, line);
    QFETCH(int, zone);
    QFETCH(bool, ok);
    LogHeader h;
    QCOMPARE(LogLineParser::parseHeader(line, zone, &h), ok);
    if (ok) {
        QTEST(h.layout, "layout");
        QTEST(h.time, "time");
        QTEST(h.pid, "pid");
        QTEST(h.message, "message");
    }
}

void tst_LogLineParser::message_data()
{
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<LogLineParser::Outcome>("outcome");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("summary"); // topic/clientId/sizes/queues or the address

    using O = LogLineParser::Outcome;
    using K = LogRecord::Kind;
    const QByteArray a0 = "MessageQueue [topic=%RETRY%G1, brokerName=broker-a, queueId=0]";
    const QByteArray b3 = "MessageQueue [topic=%RETRY%G1, brokerName=broker-b, queueId=3]";
    // RebalanceImpl:330 (5.3); the set in hash order, sorted by the parser
    QTest::newRow("5.3 result")
        << ("client rebalanced result changed. allocateMessageQueueStrategyName=AVG_BY_CIRCLE, "
            "group=G1, topic=%RETRY%G1, clientId=10.0.0.1@1#2, mqAllSize=8, cidAllSize=3, "
            "rebalanceResultSize=2, rebalanceResultSet=["
               + b3 + ", " + a0 + "]")
        << O::Parsed << int(K::Result) << QStringLiteral("G1")
        << QStringLiteral("%RETRY%G1 10.0.0.1@1#2 8 3 broker-a/0 broker-b/3");
    // RebalanceImpl:301 (4.9), empty set
    QTest::newRow("4.9 result, empty set")
        << QByteArray("rebalanced result changed. allocateMessageQueueStrategyName=AVG, group=G1, "
                      "topic=T, clientId=c, mqAllSize=0, cidAllSize=1, rebalanceResultSize=0, "
                      "rebalanceResultSet=[]")
        << O::Parsed << int(K::Result) << QStringLiteral("G1") << QStringLiteral("T c 0 1");
    QTest::newRow("result, size mismatch")
        << QByteArray("rebalanced result changed. allocateMessageQueueStrategyName=AVG, group=G1, "
                      "topic=T, clientId=c, mqAllSize=0, cidAllSize=1, rebalanceResultSize=1, "
                      "rebalanceResultSet=[]")
        << O::Malformed << 0 << QString() << QString();
    QTest::newRow("result, no cidAllSize")
        << QByteArray("rebalanced result changed. allocateMessageQueueStrategyName=AVG, group=G1, "
                      "topic=T, clientId=c, mqAllSize=0, rebalanceResultSize=0, "
                      "rebalanceResultSet=[]")
        << O::Malformed << 0 << QString() << QString();
    // RebalanceImpl:392 / :345 / 4.9's [BUG] removal RebalanceImpl:356
    QTest::newRow("add") << ("doRebalance, G1, add a new mq, " + a0) << O::Parsed
                         << int(K::AddQueue) << QStringLiteral("G1")
                         << QStringLiteral("broker-a/0");
    QTest::newRow("remove") << ("doRebalance, G1, remove unnecessary mq, " + b3) << O::Parsed
                            << int(K::RemoveQueue) << QStringLiteral("G1")
                            << QStringLiteral("broker-b/3");
    QTest::newRow("4.9 [BUG] remove")
        << ("[BUG]doRebalance, G1, remove unnecessary mq, " + b3
               + ", because pull is pause, so try to fixed it")
        << O::Parsed << int(K::RemoveQueue) << QStringLiteral("G1") << QStringLiteral("broker-b/3");
    QTest::newRow("5.3 [BUG] try remove (not a removal)")
        << ("[BUG]doRebalance, G1, try remove unnecessary mq, " + b3
               + ", because pull is pause, so try to fixed it")
        << O::Unknown << 0 << QString() << QString();
    // RebalanceImpl.updateProcessQueueTableInRebalance (orderly): given, not held
    QTest::newRow("add failed (lock failed)")
        << ("doRebalance, G1, add a new mq failed, " + a0 + ", because lock failed") << O::Parsed
        << int(K::LockFailed) << QStringLiteral("G1") << QStringLiteral("broker-a/0");
    QTest::newRow("add without queue") << QByteArray("doRebalance, G1, add a new mq, ?")
                                       << O::Malformed << 0 << QString() << QString();
    // RebalanceImpl.rebalanceByTopic and updateMessageQueueAssignment (5.x), as a real 5.3.3
    // POP group logged them: the broker's assignment, queueId -1 for the whole broker.
    const QByteArray whole = "MessageQueue [topic=PopTopic, brokerName=broker-a, queueId=-1]";
    QTest::newRow("5.3 broker's POP assignment")
        << ("broker rebalanced result changed. allocateMessageQueueStrategyName=AVG, "
            "group=pop_group, topic=PopTopic, clientId=127.0.0.1@q1, assignmentSet=["
            "MessageQueueAssignment [MessageQueue="
               + whole + ", Mode=POP]]")
        << O::Parsed << int(K::Result) << QStringLiteral("pop_group")
        << QStringLiteral("PopTopic 127.0.0.1@q1 1 0 broker-a/-1 pop broker");
    QTest::newRow("5.3 broker's PULL assignment of the retry queue")
        << QByteArray("broker rebalanced result changed. allocateMessageQueueStrategyName=AVG, "
                      "group=pop_group, topic=%RETRY%pop_group, clientId=127.0.0.1@q2, "
                      "assignmentSet=[MessageQueueAssignment [MessageQueue=MessageQueue "
                      "[topic=%RETRY%pop_group, brokerName=broker-a, queueId=0], Mode=PULL]]")
        << O::Parsed << int(K::Result) << QStringLiteral("pop_group")
        << QStringLiteral("%RETRY%pop_group 127.0.0.1@q2 1 0 broker-a/0 broker");
    QTest::newRow("broker's assignment, no clientId")
        << ("broker rebalanced result changed. allocateMessageQueueStrategyName=AVG, "
            "group=pop_group, topic=PopTopic, assignmentSet=[MessageQueueAssignment "
            "[MessageQueue="
               + whole + ", Mode=POP]]")
        << O::Malformed << 0 << QString() << QString();
    QTest::newRow("add a new pop mq")
        << ("doRebalance, pop_group, add a new pop mq, " + whole) << O::Parsed << int(K::AddQueue)
        << QStringLiteral("pop_group") << QStringLiteral("broker-a/-1 pop");
    QTest::newRow("remove unnecessary pop mq")
        << ("doRebalance, pop_group, remove unnecessary pop mq, " + whole) << O::Parsed
        << int(K::RemoveQueue) << QStringLiteral("pop_group") << QStringLiteral("broker-a/-1 pop");
    QTest::newRow("queueId -1 outside POP") << ("doRebalance, G1, add a new mq, " + whole)
                                            << O::Malformed << 0 << QString() << QString();
    // ClientRemotingProcessor:140 / :139
    QTest::newRow("notify") << QByteArray("receive broker's notification[10.0.0.9:10911], the "
                                          "consumer group: G1 changed, rebalance immediately")
                            << O::Parsed << int(K::Notify) << QStringLiteral("G1")
                            << QStringLiteral("10.0.0.9:10911");
    // PushImpl:297 (5.3) span
    QTest::newRow("span")
        << ("the queue's messages, span too long, so do flow control, minOffset=1, maxOffset=2100, "
            "maxSpan=2099, pullRequest=PullRequest [consumerGroup=G1, messageQueue="
               + a0 + ", nextOffset=2101], flowControlTimes=3000000001")
        << O::Parsed << int(K::FlowSpan) << QStringLiteral("G1")
        << QStringLiteral("broker-a/0 3000000001");
    QTest::newRow("size, no pull request")
        << QByteArray("the cached message size exceeds the threshold 100 MiB, so do flow control, "
                      "flowControlTimes=1")
        << O::Malformed << 0 << QString() << QString();
    // PushImpl:222 / :249
    QTest::newRow("dropped") << ("the pull request[PullRequest [consumerGroup=G1, messageQueue="
        + a0 + ", nextOffset=5]] is dropped.")
                             << O::Parsed << int(K::Dropped) << QStringLiteral("G1")
                             << QStringLiteral("broker-a/0");
    // PushImpl:650 / :998, lite pull without the period, PushImpl:573 / :912
    QTest::newRow("start OK.") << QByteArray("the consumer [G1] start OK.") << O::Parsed
                               << int(K::StartOk) << QStringLiteral("G1") << QString();
    QTest::newRow("start OK (lite pull)") << QByteArray("the consumer [G1] start OK") << O::Parsed
                                          << int(K::StartOk) << QStringLiteral("G1") << QString();
    QTest::newRow("shutdown OK") << QByteArray("the consumer [G1] shutdown OK") << O::Parsed
                                 << int(K::ShutdownOk) << QStringLiteral("G1") << QString();
    // PushImpl.start, 4.9 and 5.x: the group's message model
    QTest::newRow("start beginning")
        << QByteArray("the consumer [G1] start beginning. "
                      "messageModel=CLUSTERING, isUnitMode=false")
        << O::Parsed << int(K::StartBeginning) << QStringLiteral("G1") << QString();
    QTest::newRow("start beginning, broadcasting")
        << QByteArray("the consumer [G1] start beginning. messageModel=BROADCASTING, "
                      "isUnitMode=false")
        << O::Parsed << int(K::StartBeginning) << QStringLiteral("G1")
        << QStringLiteral("broadcasting");
    QTest::newRow("quoted, not at the start")
        << QByteArray("request failed: the consumer [G1] shutdown OK") << O::Unknown << 0
        << QString() << QString();
}

void tst_LogLineParser::message()
{
    QFETCH(QByteArray, message);
    QFETCH(LogLineParser::Outcome, outcome);
    LogRecord r;
    QString why;
    QCOMPARE(LogLineParser::parseMessage(message, &r, &why), outcome);
    if (outcome == LogLineParser::Outcome::Malformed) {
        QVERIFY(!why.isEmpty());
    }
    if (outcome != LogLineParser::Outcome::Parsed) {
        return;
    }
    QTEST(int(r.kind), "kind");
    QTEST(r.group, "group");
    QStringList parts;
    if (r.kind == LogRecord::Kind::Result) {
        parts << r.topic << r.clientId << QString::number(r.mqAllSize)
              << QString::number(r.cidAllSize);
    }
    if (r.kind == LogRecord::Kind::Notify) {
        parts << r.brokerAddress;
    }
    for (const LoggedQueue &q : r.queues) {
        parts << QStringLiteral("%1/%2").arg(q.brokerName).arg(q.queueId);
    }
    if (r.flowControlTimes > 0) {
        parts << QString::number(r.flowControlTimes);
    }
    if (r.pop) {
        parts << QStringLiteral("pop");
    }
    if (r.brokerAssigned) {
        parts << QStringLiteral("broker");
    }
    if (r.broadcasting) {
        parts << QStringLiteral("broadcasting");
    }
    QTEST(parts.join(QLatin1Char(' ')), "summary");
}

void tst_LogLineParser::route()
{
    // MQClientInstance.updateTopicRouteInfoFromNameServer, as a real 5.3.3 client logged it
    // (cut after the broker data): how many queues a POP assignment of queueId -1 covers.
    const auto route = LogLineParser::parseRoute(
        "the topic[PopTopic] route info changed, old[TopicRouteData [orderTopicConf=null, "
        "queueDatas=[QueueData [brokerName=broker-a, readQueueNums=4, writeQueueNums=4, "
        "perm=6, topicSysFlag=0]]]] ,new[TopicRouteData [orderTopicConf=null, queueDatas=["
        "QueueData [brokerName=broker-a, readQueueNums=8, writeQueueNums=8, perm=6, "
        "topicSysFlag=0], QueueData [brokerName=broker-b, readQueueNums=16, writeQueueNums=16, "
        "perm=6, topicSysFlag=0]], brokerDatas=[BrokerData [brokerName=broker-a]]]]");
    QVERIFY(route);
    QCOMPARE(route->topic, QStringLiteral("PopTopic"));
    // The new route's, not the old one's 4.
    QCOMPARE(route->readQueueNums,
        (QList<QPair<QString, int>> {
            { QStringLiteral("broker-a"), 8 }, { QStringLiteral("broker-b"), 16 } }));
    QVERIFY(!LogLineParser::parseRoute("the topic[T] route info changed, old[null] ,new[null]"));
    QVERIFY(!LogLineParser::parseRoute("the topic[T] is not exist"));
    QVERIFY(!LogLineParser::parseRoute(
        "the topic[T] route info changed, old[null] ,new[TopicRouteData [queueDatas=[QueueData "
        "[brokerName=broker-a, readQueueNums=x]]]]"));
}

QTEST_GUILESS_MAIN(tst_LogLineParser)
#include "tst_loglineparser.moc"
