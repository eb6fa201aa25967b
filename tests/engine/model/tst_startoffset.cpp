// SPDX-License-Identifier: Apache-2.0
// Where a new group starts (rocketmq-pop-spec.md §5, rocketmq-consumer-spec.md §2.7) and what a
// pull of cold data brings (rocketmq-pop-spec.md §4.3), on a topic that may store history.
//
// QUERY_CONSUMER_OFFSET, ConsumerManageProcessor.queryConsumerOffset (5.1.0+):
//     off = consumerOffsetManager.queryOffset(group, topic, queueId)        -> -1 never committed
//     if off >= 0: SUCCESS off
//     elif minOffset <= 0 && store.checkInMemByConsumeOffset(topic, queueId, 0, 1): SUCCESS 0
//     else QUERY_NOT_FOUND
// RebalancePushImpl.computePullFromWhereWithException on -1 (QUERY_NOT_FOUND):
//     CONSUME_FROM_LAST_OFFSET  -> mQClientFactory.getMQAdminImpl().maxOffset(mq)
//     CONSUME_FROM_FIRST_OFFSET -> 0
//     CONSUME_FROM_TIMESTAMP    -> searchOffset(mq, consumeTimestamp)
// DefaultMessageStore.getMessage / isTheBatchFull: a message not in memory stops the batch at
// maxTransferCountOnMessageInDisk (8) or maxTransferBytesOnMessageInDisk (65536).
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

struct StartWorld
{
    qint64 stored = 0;
    bool inMemory = true;
    ConsumeFromWhere where = ConsumeFromWhere::LastOffset;
    SimTime consumeTimestamp = 30 * kMinute;
    Profile profile = Profile::V5;
    double produceRate = 100;
    int messageSize = 1024;
    SimTime start = 10 * kSecond;
    double consumeMs = 1.0;
};

Scenario startWorld(const StartWorld &w)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 1;
    spec.produceRate = w.produceRate;
    spec.messageSize = w.messageSize;
    spec.consumers = 1;
    spec.consumeMs = w.consumeMs;
    spec.profile = w.profile;
    Scenario scenario = makeScenario(spec);
    scenario.topics[0].storedMessages = w.stored;
    scenario.topics[0].storedInMemory = w.inMemory;
    scenario.groups[0].consumeFromWhere = w.where;
    scenario.groups[0].consumeTimestamp = w.consumeTimestamp;
    scenario.groups[0].consumers[0].start = w.start;
    return scenario;
}

struct FirstHolding
{
    SimTime at = -1;
    qint64 startOffset = -1;
    qint64 brokerOffset = -1;
};

//! The start offset of the consumer's first process queue on the topic, and the broker's max then.
FirstHolding firstHolding(Simulation &sim, SimTime limit)
{
    const qint32 queue = topicQueues(sim).value(0, -1);
    FirstHolding result;
    runUntil(sim, limit, 1, [&](const WorldSnapshot &snap) {
        const SnapshotHolding *h = holding(snap, queue, 0);
        if (!h) {
            return false;
        }
        result.at = snap.now;
        result.startOffset = h->nextOffset;
        result.brokerOffset = snap.queues[queue].brokerOffset;
        return true;
    });
    return result;
}

} // namespace

class tst_StartOffset : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void newGroupStartsWhereTheBrokerSays_data();
    void newGroupStartsWhereTheBrokerSays();
    void coldReadsBringEightMessagesOrSixtyFourKiB_data();
    void coldReadsBringEightMessagesOrSixtyFourKiB();
    void historyIsNotCountedAsProduced();
};

void tst_StartOffset::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_StartOffset::newGroupStartsWhereTheBrokerSays_data()
{
    QTest::addColumn<qint64>("stored");
    QTest::addColumn<bool>("inMemory");
    QTest::addColumn<int>("where");
    QTest::addColumn<SimTime>("consumeTimestamp");
    QTest::addColumn<int>("profile");
    // expected: -2 = "the broker's max offset when the queue was added" (GET_MAX_OFFSET).
    QTest::addColumn<qint64>("expected");

    const int last = int(ConsumeFromWhere::LastOffset);
    const int first = int(ConsumeFromWhere::FirstOffset);
    const int stamp = int(ConsumeFromWhere::Timestamp);
    const int v5 = int(Profile::V5);
    const int v49 = int(Profile::V49);
    // A young topic whose offset 0 is in memory: SUCCESS 0, whatever ConsumeFromWhere says
    // (apache/rocketmq #334, #1135, #4909: LAST_OFFSET consumes the whole history).
    QTest::newRow("young topic, LAST_OFFSET → 0")
        << qint64(0) << true << last << kMinute << v5 << qint64(0);
    QTest::newRow("hot history, LAST_OFFSET → 0 (whole history)")
        << qint64(50000) << true << last << kMinute << v5 << qint64(0);
    QTest::newRow("hot history, 4.9 → 0")
        << qint64(50000) << true << last << kMinute << v49 << qint64(0);
    // Offset 0 no longer in memory: QUERY_NOT_FOUND → -1 → the mapping of ConsumeFromWhere.
    QTest::newRow("cold history, LAST_OFFSET → max offset")
        << qint64(50000) << false << last << kMinute << v5 << qint64(-2);
    QTest::newRow("cold history, 4.9, LAST_OFFSET → max offset")
        << qint64(50000) << false << last << kMinute << v49 << qint64(-2);
    QTest::newRow("cold history, FIRST_OFFSET → 0")
        << qint64(50000) << false << first << kMinute << v5 << qint64(0);
    // searchOffset(start − 5 min): the history was written at 100 msg/s up to time 0, so the
    // first message at or after 10 s − 300 s = −290 s is 50,000 − 290 × 100 = 21,000.
    QTest::newRow("cold history, TIMESTAMP 5 min → 21000")
        << qint64(50000) << false << stamp << 5 * kMinute << v5 << qint64(21000);
    // 30 min before the start is older than the history's first message (500 s): its start.
    QTest::newRow("cold history, TIMESTAMP 30 min → 0")
        << qint64(50000) << false << stamp << 30 * kMinute << v5 << qint64(0);
    // Hot: the broker answers 0 and the timestamp is never asked.
    QTest::newRow("hot history, TIMESTAMP 5 min → 0")
        << qint64(50000) << true << stamp << 5 * kMinute << v5 << qint64(0);
}

void tst_StartOffset::newGroupStartsWhereTheBrokerSays()
{
    QFETCH(qint64, stored);
    QFETCH(bool, inMemory);
    QFETCH(int, where);
    QFETCH(SimTime, consumeTimestamp);
    QFETCH(int, profile);
    QFETCH(qint64, expected);

    StartWorld w;
    w.stored = stored;
    w.inMemory = inMemory;
    w.where = ConsumeFromWhere(where);
    w.consumeTimestamp = consumeTimestamp;
    w.profile = Profile(profile);
    Simulation sim(startWorld(w), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const FirstHolding first = firstHolding(sim, kMinute);
    QVERIFY2(first.at >= 0, "the consumer never took its queue");
    if (expected == -2) {
        // GET_MAX_OFFSET went to the broker a few milliseconds before the queue was added;
        // 100 msg/s is one message per 10 ms, so the answer is the max offset then or one less.
        QVERIFY2(
            first.startOffset >= stored + 1000, qPrintable(QString::number(first.startOffset)));
        QVERIFY2(first.brokerOffset - first.startOffset <= 1,
            qPrintable(QStringLiteral("start %1, broker %2")
                           .arg(first.startOffset)
                           .arg(first.brokerOffset)));
    } else {
        QCOMPARE(first.startOffset, expected);
    }
}

void tst_StartOffset::coldReadsBringEightMessagesOrSixtyFourKiB_data()
{
    QTest::addColumn<bool>("inMemory");
    QTest::addColumn<int>("messageSize");
    QTest::addColumn<qint64>("perPull");

    // A fast consumer reading 100,000 stored messages from offset 0: every pull is one round trip
    // (2 × 1 ms latency) and brings what one read may take.
    QTest::newRow("hot, 1 KiB: 32 per pull (pullBatchSize)") << true << 1024 << qint64(32);
    QTest::newRow("cold, 1 KiB: 8 per pull") << false << 1024 << qint64(8);
    QTest::newRow("cold, 16 KiB: 4 per pull (64 KiB)") << false << 16384 << qint64(4);
    QTest::newRow("hot, 16 KiB: 16 per pull (256 KiB)") << true << 16384 << qint64(16);
}

void tst_StartOffset::coldReadsBringEightMessagesOrSixtyFourKiB()
{
    QFETCH(bool, inMemory);
    QFETCH(int, messageSize);
    QFETCH(qint64, perPull);

    StartWorld w;
    w.stored = 100000;
    w.inMemory = inMemory;
    w.where = ConsumeFromWhere::FirstOffset;
    w.produceRate = 0;
    w.messageSize = messageSize;
    w.start = 0;
    w.consumeMs = 0.001;
    Simulation sim(startWorld(w), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const FirstHolding first = firstHolding(sim, kMinute);
    QVERIFY(first.at >= 0);
    QCOMPARE(first.startOffset, qint64(0));
    // Measure a 2 s window once the pulls run back to back.
    const qint32 queue = topicQueues(sim).value(0);
    sim.runUntil(first.at + kSecond);
    const qint64 from = holding(sim.snapshot(), queue, 0)->nextOffset;
    sim.runUntil(first.at + 3 * kSecond);
    const qint64 to = holding(sim.snapshot(), queue, 0)->nextOffset;
    // 2,000 ms / 2 ms per round trip = 1,000 pulls.
    const qint64 pulled = to - from;
    QVERIFY2(qAbs(pulled - 1000 * perPull) <= 2 * perPull,
        qPrintable(QStringLiteral("%1 messages in 2 s, expected %2 × 1,000 pulls")
                       .arg(pulled)
                       .arg(perPull)));
}

void tst_StartOffset::historyIsNotCountedAsProduced()
{
    StartWorld w;
    w.stored = 50000;
    w.inMemory = true;
    w.start = 0;
    Simulation sim(startWorld(w), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(2 * kMinute);
    const SnapshotTotals totals = sim.totals();
    // 100 msg/s for 120 s; the stored 50,000 are consumed (hot history starts at 0) but were not
    // produced during the run.
    QCOMPARE(totals.produced, qint64(12000));
    QVERIFY2(totals.delivered >= 50000 + 11000, qPrintable(QString::number(totals.delivered)));
    QCOMPARE(totals.lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_StartOffset)
#include "tst_startoffset.moc"
