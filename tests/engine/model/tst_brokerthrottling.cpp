// SPDX-License-Identifier: Apache-2.0
// Broker-side throttling a classic push consumer meets (rocketmq-pop-spec.md §4.1, §4.2): the
// broker's pull thread pool (pullMessageExecutor) with BrokerFastFailure's SYSTEM_BUSY, the
// queue-full SYSTEM_BUSY, a vendor broker's FLOW_CONTROL, and the client's back-off for each
// code. Broker push-backs are counted apart from the client's own flow control.
#include "simtestsupport.h"

#include "report/reportwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

/*
    One broker with 8 queues of TopicTest (and %RETRY%demo_group's one), all stored in advance so
    that every pull finds messages, one consumer reading from the first offset, and a broker whose
    pool has ONE thread that spends `serviceMs` on each pull.
*/
Scenario busyWorld(SimTime serviceMs, const QVariantMap &broker, const QVariantMap &client = {})
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 8;
    spec.produceRate = 800;
    spec.consumers = 1;
    spec.client = client;
    spec.broker = broker;
    spec.broker.insert(QStringLiteral("pullServiceTime"), serviceMs);
    spec.broker.insert(QStringLiteral("pullMessageThreadPoolNums"), 1);
    Scenario scenario = makeScenario(spec);
    scenario.topics[0].storedMessages = 5000;
    scenario.groups[0].consumeFromWhere = ConsumeFromWhere::FirstOffset;
    return scenario;
}

//! When the consumer's first rebalance of a topic took its queues.
SimTime firstRebalance(const Simulation &sim, const QString &topic)
{
    const qint32 t = qint32(sim.topicNames().indexOf(topic));
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance)) {
        if (e.topic == t && !e.added.isEmpty()) {
            return e.t;
        }
    }
    return -1;
}

// RebalanceImpl (5.x): the PullRequests of a round are dispatched 500 ms after it; the pull
// reaches the broker one latency (1 ms) later.
constexpr SimTime kDispatchDelay = 500;
constexpr SimTime kLatency = 1;

//! BrokerFastFailure.start(): scheduleAtFixedRate(initialDelay 1000, period 10): the first
//! scan at or after `t` of a broker started at 0.
SimTime fastFailureScan(SimTime t)
{
    return t <= 1000 ? 1000 : 1000 + (t - 1000 + 9) / 10 * 10;
}

} // namespace

class tst_BrokerThrottling : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fastFailureAnswersSystemBusy_data();
    void fastFailureAnswersSystemBusy();
    void fullQueueAnswersAtOnce_data();
    void fullQueueAnswersAtOnce();
    void reportSaysWhoHeldBack();
    void offByDefault();
};

void tst_BrokerThrottling::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_BrokerThrottling::fastFailureAnswersSystemBusy_data()
{
    QTest::addColumn<qint64>("exceptionDelay");
    // ClientConfig.pullTimeDelayMillsWhenException: 1000 ms (5.x default), 3000 ms (4.x's
    // PULL_TIME_DELAY_MILLS_WHEN_EXCEPTION, settable on a 5.x client).
    QTest::newRow("pullTimeDelayMillsWhenException 1000") << qint64(1000);
    QTest::newRow("pullTimeDelayMillsWhenException 3000") << qint64(3000);
}

void tst_BrokerThrottling::fastFailureAnswersSystemBusy()
{
    QFETCH(qint64, exceptionDelay);
    const QVariantMap client { { QStringLiteral("pullTimeDelayMillsWhenException"),
        exceptionDelay } };
    Simulation sim(busyWorld(1000, {}, client), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(12 * kSecond);

    // The 8 pulls of the first round reach the broker in one millisecond t0. One thread, 1000 ms
    // each: pull k starts at t0 + 1000 k. BrokerFastFailure.cleanExpiredRequestInQueue answers
    // SYSTEM_BUSY "[TIMEOUT_CLEAN_QUEUE]" to a queued request at the first scan at which it has
    // waited waitTimeMillsInPullQueue (5000 ms) or more: pulls 0–5 start by then (pull 5 at
    // t0 + 5000, not later than the scan), pulls 6 and 7 are cleaned at that scan.
    const SimTime rebalanced = firstRebalance(sim, kTopic);
    QVERIFY(rebalanced > 0);
    const SimTime t0 = rebalanced + kDispatchDelay + kLatency;
    const SimTime scan = fastFailureScan(t0 + 5000);
    QVERIFY2(scan < t0 + 6000, "pull 6 would have started before the scan");
    const QList<qint32> main = topicQueues(sim);
    QList<SimEvent> busy;
    for (const SimEvent &e : events(sim, SimEvent::Type::FlowControlOn)) {
        QCOMPARE(e.cause, SimEvent::FlowCause::SystemBusy); // the client never held back
        QCOMPARE(e.broker, qint32(0));
        if (main.contains(e.queue) && e.t <= scan + kLatency) {
            busy.append(e);
        }
    }
    QCOMPARE(busy.size(), 2);
    for (const SimEvent &e : busy) {
        // Answered at the scan, one latency back to the client.
        QCOMPARE(e.t, scan + kLatency);
        // PullCallback.onException: SYSTEM_BUSY (code 2) is not FLOW_CONTROL, so the pull is
        // executed again after pullTimeDelayMillsWhenException (DefaultMQPushConsumerImpl
        // .pullMessage, onException). The queue's flow control ends at that pull (a second
        // without a hold has passed), so the Off event is the re-pull's time.
        SimTime off = -1;
        for (const SimEvent &o : events(sim, SimEvent::Type::FlowControlOff, e.t)) {
            if (o.queue == e.queue) {
                off = o.t;
                break;
            }
        }
        QCOMPARE(off - e.t, exceptionDelay);
    }
    // Counted as the broker's push-back, not as the client's cache checks.
    const SnapshotTotals totals = sim.totals();
    QVERIFY(totals.brokerFlowControl[0] >= 2);
    QCOMPARE(totals.brokerFlowControl[1], qint64(0));
    QCOMPARE(totals.flowControl[0] + totals.flowControl[1] + totals.flowControl[2], qint64(0));
    QCOMPARE(sim.snapshot().consumers.at(0).brokerFlowControl[0], totals.brokerFlowControl[0]);
    QCOMPARE(sim.groupTotals(0).brokerFlowControl[0], totals.brokerFlowControl[0]);
    QCOMPARE(totals.lost, qint64(0));
}

void tst_BrokerThrottling::fullQueueAnswersAtOnce_data()
{
    QTest::addColumn<bool>("flowControlCode");
    QTest::addColumn<qint64>("answers");
    // With a queue of one place and fast failure off, the 8 pulls of t0 go: pull 0 to the thread,
    // pull 1 to the queue, pulls 2–7 answered at once ([OVERLOAD], NettyRemotingAbstract), one
    // latency back at t0 + 1; the %RETRY% pull, 6 ms later (its rebalance comes 6 ms after the
    // topic's), likewise at t0 + 7. The queue stays full until pull 1 starts at t0 + 1000.
    // SYSTEM_BUSY: the next pulls come after pullTimeDelayMillsWhenException (1000 ms), so by
    // t0 + 221 each of the 7 queues had one answer: 7.
    QTest::newRow("SYSTEM_BUSY: 1000 ms back-off") << false << qint64(7);
    // FLOW_CONTROL (215): PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL = 20 ms, so a queue is
    // answered every 20 + 2 × 1 ms = 22 ms: at t0 + 1 + 22 k, k = 0…10 by t0 + 221 for the 6
    // TopicTest queues (66), and at t0 + 7 + 22 k, k = 0…9, for the retry queue (10): 76.
    QTest::newRow("FLOW_CONTROL: 20 ms back-off") << true << qint64(6 * 11 + 10);
}

void tst_BrokerThrottling::fullQueueAnswersAtOnce()
{
    QFETCH(bool, flowControlCode);
    QFETCH(qint64, answers);
    const QVariantMap broker { { QStringLiteral("pullThreadPoolQueueCapacity"), 1 },
        { QStringLiteral("brokerFastFailureEnable"), false },
        { QStringLiteral("busyAsFlowControl"), flowControlCode } };
    Simulation probe(busyWorld(1000, broker), registry());
    QVERIFY2(probe.isValid(), qPrintable(probe.error()));
    probe.runUntil(2 * kSecond);
    const SimTime rebalanced = firstRebalance(probe, kTopic);
    QVERIFY(rebalanced > 0);
    QCOMPARE(firstRebalance(probe, retryTopic()) - rebalanced, SimTime(6));
    const SimTime t0 = rebalanced + kDispatchDelay + kLatency;

    Simulation sim(busyWorld(1000, broker), registry());
    sim.runUntil(t0 + 221);
    const SnapshotConsumer &c = sim.snapshot().consumers.at(0);
    QCOMPARE(c.brokerFlowControl[flowControlCode ? 1 : 0], answers);
    QCOMPARE(c.brokerFlowControl[flowControlCode ? 0 : 1], qint64(0));
    QCOMPARE(c.flowControl[0] + c.flowControl[1] + c.flowControl[2], qint64(0));
    // The first answers arrive one latency after the pulls reached the broker.
    const QList<SimEvent> on = events(sim, SimEvent::Type::FlowControlOn);
    QCOMPARE(on.size(), 7);
    QCOMPARE(on.first().t, t0 + kLatency);
    QCOMPARE(on.first().cause,
        flowControlCode ? SimEvent::FlowCause::BrokerFlowControl : SimEvent::FlowCause::SystemBusy);
    // One more answer each 22 ms later under FLOW_CONTROL; none under SYSTEM_BUSY.
    sim.runUntil(t0 + 221 + 22);
    const qint64 more = sim.snapshot().consumers.at(0).brokerFlowControl[flowControlCode ? 1 : 0];
    QCOMPARE(more - answers, flowControlCode ? qint64(7) : qint64(0));
}

void tst_BrokerThrottling::reportSaysWhoHeldBack()
{
    Simulation sim(busyWorld(1000, {}), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond);
    ReportWriter::Options options;
    options.duration = 30 * kSecond;
    const QByteArray bytes = ReportWriter::toJson(sim, options);
    const QJsonObject report = QJsonDocument::fromJson(bytes).object();
    const SnapshotTotals totals = sim.totals();
    QVERIFY(totals.brokerFlowControl[0] > 0);
    const QJsonObject flow = report.value(QStringLiteral("totals"))
                                 .toObject()
                                 .value(QStringLiteral("flowControl"))
                                 .toObject();
    QCOMPARE(flow.value(QStringLiteral("systemBusy")).toInteger(), totals.brokerFlowControl[0]);
    QCOMPARE(flow.value(QStringLiteral("brokerFlowControl")).toInteger(), qint64(0));
    QCOMPARE(flow.value(QStringLiteral("count")).toInteger(), qint64(0));
    const QJsonObject group = report.value(QStringLiteral("groups"))
                                  .toObject()
                                  .value(kGroup)
                                  .toObject()
                                  .value(QStringLiteral("flowControl"))
                                  .toObject();
    QCOMPARE(group.value(QStringLiteral("systemBusy")).toInteger(), totals.brokerFlowControl[0]);
    const QJsonObject consumer = report.value(QStringLiteral("consumers"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("flowControl"))
                                     .toObject();
    QCOMPARE(consumer.value(QStringLiteral("systemBusy")).toInteger(), totals.brokerFlowControl[0]);
    // The events name the broker and the cause.
    int systemBusy = 0;
    for (const QJsonValue &v : report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("type")).toString() == QLatin1String("flowControlOn")) {
            QCOMPARE(e.value(QStringLiteral("cause")).toString(), QStringLiteral("systemBusy"));
            QCOMPARE(e.value(QStringLiteral("broker")).toString(), QStringLiteral("broker-a"));
            ++systemBusy;
        }
    }
    QVERIFY(systemBusy > 0);
    // One thread, 1000 ms a pull: the pulls the pool served by 30 s are those started from t0
    // on, every second, that ended by then; each of them brought a full batch of 32 (the history
    // is in memory), unless it was the retry queue's (no messages).
    const SimTime t0 = firstRebalance(sim, kTopic) + kDispatchDelay + kLatency;
    const qint64 served = (30 * kSecond - 1000 - t0) / 1000 + 1;
    QVERIFY2(totals.delivered <= 32 * served && totals.delivered >= 32 * (served - 2),
        qPrintable(QStringLiteral("delivered %1, served %2").arg(totals.delivered).arg(served)));
    QCOMPARE(totals.lost, qint64(0));
}

void tst_BrokerThrottling::offByDefault()
{
    // pullServiceTime 0 (the default) leaves the pool out: nothing is pushed back and the report
    // has no broker keys in its flow-control objects.
    Simulation sim(busyWorld(0, {}), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond);
    QCOMPARE(sim.totals().brokerFlowControl[0], qint64(0));
    ReportWriter::Options options;
    options.duration = 30 * kSecond;
    const QByteArray bytes = ReportWriter::toJson(sim, options);
    QVERIFY(!bytes.contains("systemBusy"));
    QVERIFY(!bytes.contains("brokerFlowControl"));
    const QJsonObject flow = QJsonDocument::fromJson(bytes)
                                 .object()
                                 .value(QStringLiteral("totals"))
                                 .toObject()
                                 .value(QStringLiteral("flowControl"))
                                 .toObject();
    QCOMPARE(flow.keys(),
        QStringList({ QStringLiteral("count"), QStringLiteral("size"), QStringLiteral("span") }));
}

QTEST_GUILESS_MAIN(tst_BrokerThrottling)
#include "tst_brokerthrottling.moc"
