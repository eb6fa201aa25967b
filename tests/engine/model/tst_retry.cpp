// SPDX-License-Identifier: Apache-2.0
// Consumption failures (spec §5.2): RECONSUME_LATER sends messages back to the broker, which
// stores them in %RETRY%<group> after delay level 3 + reconsumeTimes (10 s, then 30 s, …); the
// consumer group consumes them like any topic; past maxReconsumeTimes they go to the DLQ.
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

Scenario failingWorld(double failureRate, int maxReconsumeTimes)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 2;
    spec.produceRate = 100;
    spec.consumers = 1;
    if (maxReconsumeTimes >= 0) {
        spec.client.insert(QStringLiteral("maxReconsumeTimes"), maxReconsumeTimes);
    }
    Scenario s = makeScenario(spec);
    s.groups[0].consumers[0].failureRate = failureRate;
    // Production stops at 10 s, so every message's fate can be counted.
    ScenarioEvent stop;
    stop.at = 10 * kSecond;
    stop.action = ScenarioEvent::Action::SetProduceRate;
    stop.topic = kTopic;
    stop.rate = 0;
    s.events.append(stop);
    return s;
}

} // namespace

class tst_Retry : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyFailureGoesBackThenToTheDlq();
    void someFailuresAreRetriedNotDeadLettered();
    void delayedRetriesSurviveABrokerRestart();
};

void tst_Retry::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Retry::everyFailureGoesBackThenToTheDlq()
{
    // Every call fails; maxReconsumeTimes 2: a message is consumed from its queue, sent back
    // (reconsumeTimes 0 → level 3, 10 s), consumed from the retry queue and sent back again
    // (1 → level 4, 30 s), consumed once more and then, at 2 ≥ 2, stored in the DLQ.
    Simulation sim(failingWorld(1.0, 2), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> retry = topicQueues(sim, retryTopic());
    QCOMPARE(retry.size(), 1);

    // The first send-back reaches the broker; the retry queue stays empty for exactly 10 s.
    const SimTime firstBack = runUntil(
        sim, 5 * kSecond, 1, [](const WorldSnapshot &snap) { return snap.totals.retried > 0; });
    QVERIFY(firstBack > 0);
    const SimTime firstStored = runUntil(sim, firstBack + 15 * kSecond, 1,
        [&](const WorldSnapshot &snap) { return snap.queues[retry.first()].brokerOffset > 0; });
    QCOMPARE(firstStored - firstBack, SimTime(10000));

    sim.runUntil(35 * kSecond);
    SnapshotTotals t = sim.totals();
    const qint64 produced = t.produced;
    QCOMPARE(produced, qint64(1000));
    // Every message failed once from its own queue and once from the retry queue; the second
    // generation waits 30 s at level 4, so only the first is stored yet.
    QCOMPARE(t.retried, 2 * produced);
    QCOMPARE(sim.snapshot().queues[retry.first()].brokerOffset, produced);
    QCOMPARE(t.deadLettered, qint64(0));

    sim.runUntil(60 * kSecond);
    t = sim.totals();
    QCOMPARE(sim.snapshot().queues[retry.first()].brokerOffset, 2 * produced);
    QCOMPARE(t.retried, 2 * produced);
    QCOMPARE(t.deadLettered, produced);
    // Three deliveries per message, each of a distinct stored message: no duplicate, none lost.
    QCOMPARE(t.delivered, 3 * produced);
    QCOMPARE(t.uniqueDelivered, 3 * produced);
    QCOMPARE(t.duplicates, qint64(0));
    QCOMPARE(t.lost, qint64(0));
    // The main queues' offsets moved past every message: sent back means consumed.
    const WorldSnapshot &snap = sim.snapshot();
    for (qint32 q : topicQueues(sim)) {
        QCOMPARE(snap.queues[q].committedOffset, snap.queues[q].brokerOffset);
    }
    QCOMPARE(snap.queues[retry.first()].committedOffset, 2 * produced);
}

void tst_Retry::someFailuresAreRetriedNotDeadLettered()
{
    // The default maxReconsumeTimes (-1 → 16) and 30 % failures: retries, no DLQ within a minute.
    Simulation sim(failingWorld(0.3, -1), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(90 * kSecond);
    const SnapshotTotals t = sim.totals();
    QVERIFY2(t.retried > 0.3 * t.produced * 0.8, qPrintable(QString::number(t.retried)));
    QCOMPARE(t.deadLettered, qint64(0));
    QCOMPARE(t.lost, qint64(0));
    QCOMPARE(t.duplicates, qint64(0));
    // What was retried was delivered again from the retry topic.
    QVERIFY(t.delivered > t.produced + t.retried * 0.8);
}

void tst_Retry::delayedRetriesSurviveABrokerRestart()
{
    // Messages waiting out their delay level are in the broker's SCHEDULE_TOPIC_XXXX, which is
    // on disk: a broker restart does not lose them (ScheduleMessageService resumes).
    WorldSpec spec;
    spec.queuesPerBroker = 1;
    spec.produceRate = 200;
    spec.consumers = 1;
    spec.client.insert(QStringLiteral("maxReconsumeTimes"), 1);
    Scenario s = makeScenario(spec);
    s.groups[0].consumers[0].failureRate = 1.0;
    ScenarioEvent stop;
    stop.at = 5 * kSecond;
    stop.action = ScenarioEvent::Action::SetProduceRate;
    stop.topic = kTopic;
    stop.rate = 0;
    ScenarioEvent down;
    down.at = 8 * kSecond;
    down.action = ScenarioEvent::Action::BrokerDown;
    down.broker = QStringLiteral("broker-b");
    ScenarioEvent up = down;
    up.at = 20 * kSecond;
    up.action = ScenarioEvent::Action::BrokerUp;
    s.events = { stop, down, up };
    Simulation sim(s, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> retry = topicQueues(sim, retryTopic());
    QCOMPARE(retry.size(), 2);
    sim.runUntil(8 * kSecond - 1);
    const qint64 accepted = sim.totals().retried;
    QCOMPARE(accepted, sim.totals().produced); // every message sent back once, before the stop
    QCOMPARE(sim.snapshot().queues[retry[1]].brokerOffset, qint64(0)); // still delayed on b
    sim.runUntil(3 * kMinute);
    const WorldSnapshot &snap = sim.snapshot();
    // Stored once due (broker-b: when it came back), consumed, failed again, dead-lettered.
    QCOMPARE(snap.queues[retry[0]].brokerOffset + snap.queues[retry[1]].brokerOffset, accepted);
    QVERIFY(snap.queues[retry[1]].brokerOffset > 0);
    const SnapshotTotals t = sim.totals();
    QCOMPARE(t.retried, accepted);
    QCOMPARE(t.deadLettered, accepted);
    QCOMPARE(t.lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Retry)
#include "tst_retry.moc"
