// SPDX-License-Identifier: Apache-2.0
// DefaultMQPushConsumerImpl.pullMessage's flow control (spec §3.2 checks 5–7, §2.8): a slow
// consumer's cache stays within a threshold plus one pull batch, topic thresholds are divided over
// every process queue (RebalancePushImpl.messageQueueChanged), the span check holds a queue behind
// a stalled message, every hold is counted, and the published state marks episodes.
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr qint64 kMiB = 1024 * 1024;
constexpr qint64 kPullBatchSize = 32; // DefaultMQPushConsumer.pullBatchSize
constexpr SimTime kFlowControlDelay = 50; // PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL
constexpr qint64 kMaxTransferBytes = 262144; // MessageStoreConfig.maxTransferBytesOnMessageInMemory

struct Extremes
{
    qint64 maxCount = 0;
    qint64 maxBytes = 0;
    qint64 maxSpan = 0;
    qint64 heldSnapshots = 0; //!< snapshots in which a holding showed the expected cause
};

//! Watches every holding of one consumer at every millisecond up to `until`.
Extremes watch(Simulation &sim, qint32 consumer, SimTime until, SimEvent::FlowCause cause)
{
    Extremes x;
    runChecking(sim, until, 1, [&](const WorldSnapshot &snap) {
        for (const SnapshotHolding &h : snap.holdings) {
            if (h.consumer != consumer || h.dropped) {
                continue;
            }
            x.maxCount = std::max(x.maxCount, h.cachedCount);
            x.maxBytes = std::max(x.maxBytes, h.cachedBytes);
            x.maxSpan = std::max(x.maxSpan, h.maxSpan);
            x.heldSnapshots += h.flowControl == cause ? 1 : 0;
        }
        return true;
    });
    return x;
}

QList<SimEvent> flowEvents(const Simulation &sim, SimEvent::Type type, SimEvent::FlowCause cause)
{
    QList<SimEvent> result;
    for (const SimEvent &e : events(sim, type)) {
        if (e.cause == cause) {
            result.append(e);
        }
    }
    return result;
}

} // namespace

class tst_FlowControl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void countThreshold_data();
    void countThreshold();
    void sizeThreshold();
    void topicThresholdsDividedOverAllProcessQueues_data();
    void topicThresholdsDividedOverAllProcessQueues();
    void spanThreshold();
    void spanCheckedAtEverySend_data();
    void spanCheckedAtEverySend();
};

void tst_FlowControl::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_FlowControl::countThreshold_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<QVariantMap>("client");
    QTest::addColumn<qint64>("threshold");

    // One consumer with one thread at 10 ms per message (100/s) against 1000/s produced.
    QTest::newRow("pullThresholdForQueue 100")
        << 1 << QVariantMap { { QStringLiteral("pullThresholdForQueue"), 100 } } << qint64(100);
    // 300 over 3 process queues (2 main + the retry queue) is 100 per queue (§2.8).
    QTest::newRow("pullThresholdForTopic 300 over 3 pqs")
        << 2 << QVariantMap { { QStringLiteral("pullThresholdForTopic"), 300 } } << qint64(100);
    QTest::newRow("pullThresholdForQueue 37, odd")
        << 1 << QVariantMap { { QStringLiteral("pullThresholdForQueue"), 37 } } << qint64(37);
}

void tst_FlowControl::countThreshold()
{
    QFETCH(int, queues);
    QFETCH(QVariantMap, client);
    QFETCH(qint64, threshold);

    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = queues;
    spec.consumers = 1;
    spec.consumeMs = 10;
    spec.client = client;
    spec.client.insert(QStringLiteral("consumeThreadMin"), 1);
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));

    const Extremes x = watch(sim, 0, 10 * kSecond, SimEvent::FlowCause::Count);
    QCOMPARE(sim.snapshot().consumers[0].pullThresholdForQueue, threshold);
    // Strict '>' checks: a pull is sent while count <= threshold and brings up to one batch.
    QVERIFY2(x.maxCount > threshold,
        qPrintable(QStringLiteral("never reached %1: max %2").arg(threshold).arg(x.maxCount)));
    QVERIFY2(x.maxCount <= threshold + kPullBatchSize,
        qPrintable(QStringLiteral("cache %1 > %2 + one batch").arg(x.maxCount).arg(threshold)));
    // With a steady 100 messages/s drain the count passes the check at exactly the threshold
    // now and then, so a full batch lands on top of it.
    QCOMPARE(x.maxCount, threshold + kPullBatchSize);
    QVERIFY(x.heldSnapshots > 0);

    // Every hold is counted (not every episode): a queue that is behind all the time spends
    // its time in 50 ms holds and 2 ms pull round trips, so 10 s hold it about 195–200 times.
    const qint64 before = sim.snapshot().totals.flowControl[0];
    const Extremes later = watch(sim, 0, 20 * kSecond, SimEvent::FlowCause::Count);
    const WorldSnapshot &snap = sim.snapshot();
    const qint64 holds = snap.totals.flowControl[0] - before;
    const qint64 perQueue = holds / queues;
    QVERIFY2(perQueue >= 180 && perQueue <= 10 * kSecond / kFlowControlDelay,
        qPrintable(QStringLiteral("%1 holds per queue in 10 s").arg(perQueue)));
    QVERIFY(later.maxCount <= threshold + kPullBatchSize);
    QCOMPARE(snap.consumers[0].flowControl[0], snap.totals.flowControl[0]);
    QCOMPARE(snap.totals.flowControl[1], qint64(0));
    QCOMPARE(snap.totals.flowControl[2], qint64(0));

    // Published flow control marks episodes: one flowControlOn per queue, not one per hold.
    const QList<SimEvent> on
        = flowEvents(sim, SimEvent::Type::FlowControlOn, SimEvent::FlowCause::Count);
    QVERIFY(!on.isEmpty());
    QVERIFY2(on.size() <= 2 * queues, qPrintable(eventLog(sim)));
    QVERIFY(flowEvents(sim, SimEvent::Type::FlowControlOff, SimEvent::FlowCause::Count).isEmpty());

    // Fast again: the backlog drains and each episode ends (a second without any hold).
    ScenarioEvent fast = command(ScenarioEvent::Action::SetConsumeTime, clientId(0));
    fast.consumeTime.meanMs = 0.05;
    QCOMPARE(apply(sim, fast), QString());
    sim.runUntil(30 * kSecond);
    const QList<SimEvent> off
        = flowEvents(sim, SimEvent::Type::FlowControlOff, SimEvent::FlowCause::Count);
    QCOMPARE(off.size(), on.size());
    for (const SimEvent &e : off) {
        QVERIFY(e.t > 20 * kSecond);
    }
    for (const SnapshotHolding &h : sim.snapshot().holdings) {
        QCOMPARE(h.flowControl, SimEvent::FlowCause::None);
    }
}

void tst_FlowControl::sizeThreshold()
{
    // 100 KiB messages: a pull reads at most 256 KiB (2 messages), and 1 MiB is the threshold,
    // so the check `msgSize / MiB > 1` holds pulls from 2 MiB of cached bodies on.
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 1;
    spec.consumers = 1;
    spec.consumeMs = 10;
    spec.messageSize = 100 * 1024;
    spec.client = { { QStringLiteral("consumeThreadMin"), 1 },
        { QStringLiteral("pullThresholdSizeForQueue"), 1 } };
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));

    const Extremes x = watch(sim, 0, 20 * kSecond, SimEvent::FlowCause::Size);
    const qint64 limit = 2 * kMiB; // (threshold + 1) MiB: integer division by 1 MiB
    QVERIFY2(x.maxBytes >= limit, qPrintable(QString::number(x.maxBytes)));
    QVERIFY2(x.maxBytes < limit + kMaxTransferBytes,
        qPrintable(QStringLiteral("%1 bytes cached, more than 2 MiB + one pull").arg(x.maxBytes)));
    QCOMPARE(x.maxBytes, qint64(22 * 100 * 1024)); // 20 cached pass the check, 2 more come
    QVERIFY(x.heldSnapshots > 0);
    const SnapshotTotals totals = sim.totals();
    QVERIFY(totals.flowControl[1] > 0);
    QCOMPARE(totals.flowControl[0], qint64(0));
    QVERIFY(!flowEvents(sim, SimEvent::Type::FlowControlOn, SimEvent::FlowCause::Size).isEmpty());
    QVERIFY(flowEvents(sim, SimEvent::Type::FlowControlOn, SimEvent::FlowCause::Count).isEmpty());
    QCOMPARE(totals.lost, qint64(0));
}

void tst_FlowControl::topicThresholdsDividedOverAllProcessQueues_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<QList<qint64>>("expected"); // per consumer
    QTest::addColumn<QList<qint32>>("pqs");

    // RebalancePushImplTest: 1024 over 1, 2 and 3 process queues is 1024, 512 and 341. The
    // retry topic's process queue counts: one consumer with 2 queues holds 3.
    QTest::newRow("3 pqs") << 2 << 1 << QList<qint64> { 341 } << QList<qint32> { 3 };
    // Two consumers: the first in order takes queue 0 and the retry queue, the second queue 1.
    QTest::newRow("2 and 1 pqs") << 2 << 2 << QList<qint64> { 512, 1024 } << QList<qint32> { 2, 1 };
    QTest::newRow("5 pqs") << 4 << 1 << QList<qint64> { 204 } << QList<qint32> { 5 };
}

void tst_FlowControl::topicThresholdsDividedOverAllProcessQueues()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(QList<qint64>, expected);
    QFETCH(QList<qint32>, pqs);

    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = queues;
    spec.consumers = consumers;
    spec.client = { { QStringLiteral("pullThresholdForTopic"), 1024 },
        { QStringLiteral("pullThresholdSizeForTopic"), 1024 } };
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(5 * kSecond);
    const WorldSnapshot &snap = sim.snapshot();
    for (int c = 0; c < consumers; ++c) {
        const SnapshotConsumer &row = snap.consumers[c];
        QCOMPARE(row.queueCount, pqs[c]);
        QCOMPARE(row.pullThresholdForQueue, expected[c]);
        QCOMPARE(row.pullThresholdSizeForQueue, expected[c]);
    }
    // The samples carry the effective value too (the report's consumers.csv).
    QCOMPARE(sim.samples().last().consumers[0].pullThresholdForQueue, expected[0]);
}

void tst_FlowControl::spanThreshold()
{
    // Twenty threads keep up easily, but now and then a message takes 3 s: the offsets after it
    // are consumed, the stalled one stays first in the cache, and the span grows until the
    // consumeConcurrentlyMaxSpan check holds the queue (§3.2 check 7, §6.4 point 1).
    //
    // The span is ProcessQueue.getMaxSpan(), msgTreeMap.lastKey() − firstKey() of what is still
    // cached. Messages consumed after the stalled one leave the map, so a pull can pass the check
    // with a small span and bring offsets far above the stalled one: the cached span is not
    // bounded by the limit plus one batch, as a message count is. What RocketMQ guarantees — and
    // what is checked here, millisecond by millisecond — is that no pull is sent while the cached
    // span is above the limit.
    const qint64 limit = 100;
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 1;
    spec.produceRate = 200;
    spec.consumers = 1;
    spec.client = { { QStringLiteral("consumeConcurrentlyMaxSpan"), limit } };
    Scenario scenario = makeScenario(spec);
    scenario.groups[0].consumers[0].stall = StallSpec { 0.01, 3000 };
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));

    // A pull is sent at s and answered at s + 2 (latency 1 each way), or later when the broker
    // holds it; its messages raise nextOffset. So nextOffset rising between t + 1 and t + 2
    // means a pull passed the checks at t or earlier, and the cache cannot have gained anything
    // since: its span at t was within the limit.
    struct Row
    {
        qint64 span = 0;
        qint64 nextOffset = 0;
        qint64 count = 0;
        SimEvent::FlowCause cause = SimEvent::FlowCause::None;
    };
    QList<Row> rows;
    const SimTime start = 3 * kSecond; // after the first dispatch (1 s + 500 ms)
    sim.runUntil(start);
    runChecking(sim, 30 * kSecond, 1, [&](const WorldSnapshot &snap) {
        const SnapshotHolding *h = holding(snap, topicQueues(sim).first(), 0);
        rows.append(h ? Row { h->maxSpan, h->nextOffset, h->cachedCount, h->flowControl } : Row {});
        return true;
    });
    int passesChecked = 0;
    qint64 maxSpan = 0;
    qint64 heldRows = 0;
    for (qsizetype t = 0; t + 2 < rows.size(); ++t) {
        maxSpan = std::max(maxSpan, rows[t].span);
        heldRows += rows[t].cause == SimEvent::FlowCause::Span ? 1 : 0;
        if (rows[t + 2].nextOffset > rows[t + 1].nextOffset) {
            ++passesChecked;
            QVERIFY2(rows[t].span <= limit,
                qPrintable(
                    QStringLiteral("a pull answered at %1 ms was sent with a cached span of %2")
                        .arg(start + t + 3)
                        .arg(rows[t].span)));
        }
        QVERIFY(rows[t].count <= 1000);
    }
    QVERIFY2(passesChecked > 50,
        qPrintable(QStringLiteral("%1 passes, max span %2, rows %3, last next %4")
                       .arg(passesChecked)
                       .arg(maxSpan)
                       .arg(rows.size())
                       .arg(rows.last().nextOffset)));
    QVERIFY2(maxSpan > limit, qPrintable(QString::number(maxSpan)));
    QVERIFY(heldRows > 0);

    const SnapshotTotals totals = sim.totals();
    QVERIFY(totals.flowControl[2] > 0);
    QCOMPARE(totals.flowControl[0], qint64(0));
    QCOMPARE(totals.flowControl[1], qint64(0));
    const QList<SimEvent> on
        = flowEvents(sim, SimEvent::Type::FlowControlOn, SimEvent::FlowCause::Span);
    const QList<SimEvent> off
        = flowEvents(sim, SimEvent::Type::FlowControlOff, SimEvent::FlowCause::Span);
    QVERIFY(!on.isEmpty());
    // Episodes alternate: every Off follows an On of the same cause, a second after the last hold.
    QVERIFY(off.size() == on.size() || off.size() + 1 == on.size());
    for (qsizetype i = 0; i < off.size(); ++i) {
        QVERIFY(off[i].t >= on[i].t + kSecond);
        if (i + 1 < on.size()) {
            QVERIFY(on[i + 1].t >= off[i].t);
        }
    }
    QCOMPARE(totals.lost, qint64(0));
}

void tst_FlowControl::spanCheckedAtEverySend_data()
{
    QTest::addColumn<double>("failureRate");
    QTest::addColumn<bool>("rebalance");
    QTest::newRow("stalls") << 0.0 << false;
    QTest::newRow("stalls and failures") << 0.05 << false;
    QTest::newRow("stalls and rebalances") << 0.0 << true;
}

void tst_FlowControl::spanCheckedAtEverySend()
{
    // Issue 8, item 1: one consumer, 4 queues on one broker, 1000 messages/s, 1 ms a message but
    // one in a thousand takes 30 s; seed 7. queues.csv shows maxSpan 6011 with 3 messages cached
    // on queue 2 at 49 s. That is RocketMQ's own behaviour, not a pull past the check:
    //   ProcessQueue.getMaxSpan() = msgTreeMap.lastKey() - msgTreeMap.firstKey(), and
    //   ProcessQueue.removeMessage takes every consumed message out of msgTreeMap,
    // so once the messages after a stalled one are consumed the span reads small (0 with the
    // stalled message alone), the check `processQueue.getMaxSpan() >
    // consumeConcurrentlyMaxSpan` (DefaultMQPushConsumerImpl.pullMessage) passes, and the pull
    // brings offsets up to pullBatchSize past nextOffset, far above the stalled message. The
    // bound RocketMQ keeps — checked here at every millisecond under stalls, listener failures
    // (sent back) and rebalances — is that no pull is sent while the cached span is above
    // consumeConcurrentlyMaxSpan (2000).
    QFETCH(double, failureRate);
    QFETCH(bool, rebalance);
    constexpr qint64 kMaxSpan = 2000; // DefaultMQPushConsumer.consumeConcurrentlyMaxSpan
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.produceRate = 1000;
    spec.consumers = 1;
    spec.seed = 7;
    Scenario scenario = makeScenario(spec);
    scenario.groups[0].consumers[0].stall = StallSpec { 0.001, 30 * kSecond };
    scenario.groups[0].consumers[0].failureRate = failureRate;
    if (rebalance) {
        // A second consumer joins at 20 s and leaves at 40 s: queues move both ways while
        // stalled messages are cached.
        ScenarioEvent join;
        join.at = 20 * kSecond;
        join.action = ScenarioEvent::Action::Join;
        join.group = kGroup;
        join.joining = consumerSpec(clientId(1));
        join.joining.stall = StallSpec { 0.001, 30 * kSecond };
        ScenarioEvent leave = command(ScenarioEvent::Action::Shutdown, clientId(1));
        leave.at = 40 * kSecond;
        scenario.events = { join, leave };
    }
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));

    // With latency 1 a pull sent at s is answered at s + 2 at the earliest, or when the broker
    // wakes it; only its answer raises nextOffset, and while it is out the cache only loses
    // messages (its span cannot grow). So nextOffset rising between t + 1 and t + 2 means a pull
    // passed the checks at t or earlier with a span at most the one seen at t.
    struct Row
    {
        SimTime createdAt = -1;
        qint64 span = 0;
        qint64 nextOffset = 0;
    };
    const QList<qint32> queues = topicQueues(sim);
    QList<QList<QHash<qint32, Row>>> rows(queues.size()); // queue → per ms: consumer → row
    qint64 maxSpan = 0;
    qint64 maxSpanCount = 0;
    runChecking(sim, 60 * kSecond, 1, [&](const WorldSnapshot &snap) {
        for (qsizetype i = 0; i < queues.size(); ++i) {
            QHash<qint32, Row> now;
            const SnapshotQueue &q = snap.queues[queues[i]];
            for (qint32 k = 0; k < q.holdingCount; ++k) {
                const SnapshotHolding &h = snap.holdings[q.firstHolding + k];
                if (h.dropped) {
                    continue;
                }
                now.insert(h.consumer, Row { h.createdAt, h.maxSpan, h.nextOffset });
                if (h.maxSpan > maxSpan) {
                    maxSpan = h.maxSpan;
                    maxSpanCount = h.cachedCount;
                }
            }
            rows[i].append(now);
        }
        return true;
    });
    int passesChecked = 0;
    for (qsizetype i = 0; i < queues.size(); ++i) {
        const QList<QHash<qint32, Row>> &r = rows[i];
        for (qsizetype t = 0; t + 2 < r.size(); ++t) {
            for (auto it = r[t + 2].cbegin(); it != r[t + 2].cend(); ++it) {
                const Row before = r[t + 1].value(it.key());
                const Row at = r[t].value(it.key());
                if (before.createdAt != it->createdAt || at.createdAt != it->createdAt
                    || it->nextOffset <= before.nextOffset) {
                    continue;
                }
                ++passesChecked;
                QVERIFY2(at.span <= kMaxSpan,
                    qPrintable(QStringLiteral("%1: a pull answered at %2 ms was sent with a "
                                              "cached span of %3")
                                   .arg(queueName(sim, queues[i]))
                                   .arg(t + 3)
                                   .arg(at.span)));
            }
        }
    }
    QVERIFY2(passesChecked > 10000, qPrintable(QString::number(passesChecked)));
    // The overshoot is real and RocketMQ's: far past 2000 + pullBatchSize (32) with a handful of
    // messages cached (the stalled ones and the last batch).
    QVERIFY2(maxSpan > kMaxSpan + kPullBatchSize,
        qPrintable(QStringLiteral("max span %1").arg(maxSpan)));
    QVERIFY2(maxSpanCount <= 2 * kPullBatchSize,
        qPrintable(QStringLiteral("max span %1 with %2 cached").arg(maxSpan).arg(maxSpanCount)));
    const SnapshotTotals totals = sim.totals();
    QVERIFY(totals.flowControl[2] > 0);
    QCOMPARE(totals.lost, qint64(0));
    if (failureRate == 0 && !rebalance) {
        QCOMPARE(totals.duplicates, qint64(0)); // nothing skipped, nothing read twice
    }
}

QTEST_GUILESS_MAIN(tst_FlowControl)
#include "tst_flowcontrol.moc"
