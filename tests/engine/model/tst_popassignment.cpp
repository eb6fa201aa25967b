// SPDX-License-Identifier: Apache-2.0
// The broker's QUERY_ASSIGNMENT answer for POP groups (QueryAssignmentProcessor.allocate4Pop,
// rocketmq-pop-spec.md §1.2) with the registry's AVG and AVG_BY_CIRCLE, queue lists exact.
#include "simtestsupport.h"

#include <model/popassignment.h>

#include <QTest>

using namespace Rblab;
using namespace SimTest;
using Status = PopAssignment::Result::Status;

class tst_PopAssignment : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void shareBlocks_data();
    void shareBlocks();
    void everyClientPopsEveryQueue();
    void moreClientsThanQueues();
    void strategyTheBrokerDoesNotRegister();
    void missingPluginFails();
};

namespace {

MessageQueue mq(int id, const QString &broker = QStringLiteral("broker-a"))
{
    return MessageQueue { kTopic, broker, id };
}

MessageQueueList queues(int n)
{
    MessageQueueList all;
    for (int i = 0; i < n; ++i) {
        all.append(mq(i));
    }
    return all;
}

QStringList clients(int n)
{
    QStringList all;
    for (int k = 0; k < n; ++k) {
        all.append(clientId(k)); // "10.0.0.1@1001" …: already in String.compareTo order
    }
    return all;
}

} // namespace

void tst_PopAssignment::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_PopAssignment::shareBlocks_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("queueCount");
    QTest::addColumn<int>("clientCount");
    QTest::addColumn<int>("client");
    QTest::addColumn<MessageQueueList>("expected");
    // popShareQueueNum 1 < clients - 1: the client's own block, then the next client's.
    // AllocateMessageQueueAveragely, 4 queues over 3 clients: [0, 1], [2], [3].
    QTest::newRow("AVG, first") << QStringLiteral("AVG") << 4 << 3 << 0
                                << MessageQueueList { mq(0), mq(1), mq(2) };
    QTest::newRow("AVG, second") << QStringLiteral("AVG") << 4 << 3 << 1
                                 << MessageQueueList { mq(2), mq(3) };
    QTest::newRow("AVG, last wraps")
        << QStringLiteral("AVG") << 4 << 3 << 2 << MessageQueueList { mq(3), mq(0), mq(1) };
    // AllocateMessageQueueAveragelyByCircle, 5 queues over 3 clients: [0, 3], [1, 4], [2].
    QTest::newRow("AVG_BY_CIRCLE, first") << QStringLiteral("AVG_BY_CIRCLE") << 5 << 3 << 0
                                          << MessageQueueList { mq(0), mq(3), mq(1), mq(4) };
    QTest::newRow("AVG_BY_CIRCLE, second") << QStringLiteral("AVG_BY_CIRCLE") << 5 << 3 << 1
                                           << MessageQueueList { mq(1), mq(4), mq(2) };
    QTest::newRow("AVG_BY_CIRCLE, last wraps") << QStringLiteral("AVG_BY_CIRCLE") << 5 << 3 << 2
                                               << MessageQueueList { mq(2), mq(0), mq(3) };
}

void tst_PopAssignment::shareBlocks()
{
    QFETCH(QString, strategy);
    QFETCH(int, queueCount);
    QFETCH(int, clientCount);
    QFETCH(int, client);
    QFETCH(MessageQueueList, expected);
    PopAssignment assignment(registry());
    const QStringList cids = clients(clientCount);
    const PopAssignment::Result r
        = assignment.allocate4Pop(strategy, kGroup, cids[client], queues(queueCount), cids, 1);
    QVERIFY2(r.status == Status::Assigned, qPrintable(r.error));
    QCOMPARE(r.queues, expected);
}

void tst_PopAssignment::everyClientPopsEveryQueue()
{
    // popShareQueueNum ≤ 0 or ≥ clients - 1: (topic, broker, -1) for every queue of the route.
    PopAssignment assignment(registry());
    const MessageQueueList mqAll { mq(0), mq(1), mq(0, QStringLiteral("broker-b")) };
    const MessageQueueList expected { mq(-1), mq(-1), mq(-1, QStringLiteral("broker-b")) };
    for (int share : { -1, 0, 2 }) {
        const PopAssignment::Result r = assignment.allocate4Pop(
            QStringLiteral("AVG_BY_CIRCLE"), kGroup, clientId(1), mqAll, clients(3), share);
        QVERIFY(r.status == Status::Assigned);
        QCOMPARE(r.queues, expected);
    }
}

void tst_PopAssignment::moreClientsThanQueues()
{
    // Exactly one real queue each: mqAll[index mod |mqAll|], not the strategy's answer.
    PopAssignment assignment(registry());
    const QStringList cids = clients(5);
    for (int k = 0; k < 5; ++k) {
        const PopAssignment::Result r
            = assignment.allocate4Pop(QStringLiteral("AVG"), kGroup, cids[k], queues(2), cids, 1);
        QVERIFY(r.status == Status::Assigned);
        QCOMPARE(r.queues, MessageQueueList { mq(k % 2) });
    }
    // A client the broker does not know gets nothing.
    const PopAssignment::Result stranger = assignment.allocate4Pop(
        QStringLiteral("AVG"), kGroup, QStringLiteral("10.9.9.9@1"), queues(2), cids, 1);
    QVERIFY(stranger.status == Status::Assigned);
    QVERIFY(stranger.queues.isEmpty());
}

void tst_PopAssignment::strategyTheBrokerDoesNotRegister()
{
    // QueryAssignmentProcessor registers AVG and AVG_BY_CIRCLE only: anything else, no result.
    PopAssignment assignment(registry());
    const PopAssignment::Result r = assignment.allocate4Pop(
        QStringLiteral("CONSISTENT_HASH"), kGroup, clientId(0), queues(4), clients(3), 1);
    QVERIFY(r.status == Status::NoResult);
    QVERIFY(r.queues.isEmpty());
    QVERIFY(!PopAssignment::registers(QStringLiteral("CONSISTENT_HASH")));
    QVERIFY(PopAssignment::registers(QStringLiteral("AVG")));
}

void tst_PopAssignment::missingPluginFails()
{
    // Without the AVG plugin the broker cannot make its strategy: a failure that says why (the
    // client reports it as a StrategyError, as when its own strategy is missing).
    StrategyRegistry empty;
    StrategyRegistry::Sources none;
    none.builtin = false;
    none.user = false;
    none.environment = false;
    none.staticPlugins = false;
    empty.load(none);
    PopAssignment assignment(empty);
    const PopAssignment::Result r = assignment.allocate4Pop(
        QStringLiteral("AVG"), kGroup, clientId(0), queues(4), clients(3), 1);
    QVERIFY(r.status == Status::Failed);
    QVERIFY(!r.error.isEmpty());
    QVERIFY(r.queues.isEmpty());
    // Sharing every queue needs no strategy.
    const PopAssignment::Result all = assignment.allocate4Pop(
        QStringLiteral("AVG"), kGroup, clientId(0), queues(2), clients(3), -1);
    QVERIFY(all.status == Status::Assigned);
    QCOMPARE(all.queues.size(), qsizetype(2));
}

QTEST_GUILESS_MAIN(tst_PopAssignment)
#include "tst_popassignment.moc"
