// SPDX-License-Identifier: Apache-2.0
// The report's counters (report-format.md "Meanings"), against hand-computed cases: the orphaned
// and double-owned integrals to the millisecond, queue moves as changes of holder only, and
// duplicates as delivered − uniqueDelivered, with every produced message delivered.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::Profile)

using namespace Rblab;
using namespace SimTest;

namespace {

//! When each queue's current live holding by `consumer` was created.
QHash<qint32, SimTime> createdAt(
    const WorldSnapshot &snap, qint32 consumer, const QList<qint32> &queues)
{
    QHash<qint32, SimTime> result;
    for (qint32 q : queues) {
        if (const SnapshotHolding *h = holding(snap, q, consumer)) {
            result.insert(q, h->createdAt);
        }
    }
    return result;
}

qint64 ms(double seconds)
{
    return qRound64(seconds * 1000);
}

} // namespace

class tst_Metrics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void orphanedQueueSecondsIntegrateExactly_data();
    void orphanedQueueSecondsIntegrateExactly();
    void doubleOwnedQueueSecondsIntegrateExactly();
    void queueMovesCountChangesOfHolderOnly();
    void duplicatesAreDeliveredMinusUnique();
    void handOverOrphanedUntilTheNewOwnerPulls_data();
    void handOverOrphanedUntilTheNewOwnerPulls();
};

void tst_Metrics::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Metrics::orphanedQueueSecondsIntegrateExactly_data()
{
    QTest::addColumn<Profile>("profile");
    // RebalancePushImpl.dispatchPullRequest: 5.x executePullRequestLater(pullRequest, 500);
    // 4.x executePullRequestImmediately, but that first pull carries the subscription version
    // the heartbeat has not yet brought the broker: refused (SUBSCRIPTION_NOT_LATEST) after a
    // round trip of 2 ms and sent again pullTimeDelayMillsWhenException (1 s) later.
    QTest::addColumn<SimTime>("dispatchDelay");
    QTest::newRow("5.x") << Profile::V5 << SimTime(500);
    QTest::newRow("4.9") << Profile::V49 << SimTime(1002);
}

void tst_Metrics::orphanedQueueSecondsIntegrateExactly()
{
    // One consumer, four queues. Each queue is orphaned from 0 until the consumer first pulls
    // it (the process queue's creation plus the dispatch delay), and unowned until the creation;
    // then both while the consumer is paused (a paused owner is not running); then from the
    // kill on. The retry queue does not count.
    QFETCH(Profile, profile);
    QFETCH(SimTime, dispatchDelay);
    WorldSpec spec;
    spec.profile = profile;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.consumers = 1;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim);
    sim.runUntil(10 * kSecond);
    const QHash<qint32, SimTime> created = createdAt(sim.snapshot(), 0, queues);
    QCOMPARE(created.size(), 4);
    // RebalanceImpl.updateProcessQueueTableInRebalance creates the process queues one after
    // another (each after its QUERY_CONSUMER_OFFSET) and dispatches every pull request of the
    // round at its end: each queue is first pulled at the round's last creation plus the delay.
    const SimTime roundEnd = *std::max_element(created.cbegin(), created.cend());
    qint64 expected = 0;
    qint64 unowned = 0;
    for (qint32 q : queues) {
        if (profile == Profile::V5) {
            QVERIFY(created[q] >= 1000); // 5.x: the first round a second after the start
        }
        expected += roundEnd + dispatchDelay;
        unowned += created[q];
    }
    QCOMPARE(ms(sim.totals().orphanedQueueSeconds), expected);
    QCOMPARE(ms(sim.totals().unownedQueueSeconds), unowned);
    QCOMPARE(sim.totals().orphanedQueues, 0);

    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Pause, clientId(0))), QString());
    QCOMPARE(sim.totals().orphanedQueues, 4);
    sim.runUntil(13 * kSecond + 250);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Resume, clientId(0))), QString());
    expected += 4 * (3 * kSecond + 250);
    unowned += 4 * (3 * kSecond + 250);
    QCOMPARE(ms(sim.totals().orphanedQueueSeconds), expected);
    QCOMPARE(ms(sim.totals().unownedQueueSeconds), unowned);

    sim.runUntil(20 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Kill, clientId(0))), QString());
    sim.runUntil(27 * kSecond + 77);
    expected += 4 * (7 * kSecond + 77);
    unowned += 4 * (7 * kSecond + 77);
    const SnapshotTotals t = sim.totals();
    QCOMPARE(ms(t.orphanedQueueSeconds), expected);
    QCOMPARE(ms(t.unownedQueueSeconds), unowned);
    QCOMPARE(t.orphanedQueues, 4);
    QCOMPARE(ms(t.doubleOwnedQueueSeconds), qint64(0));
    // The samples say the same, second by second.
    const QList<Sample> &samples = sim.samples();
    QCOMPARE(samples[5].orphanedQueues, 0);
    QCOMPARE(samples[11].orphanedQueues, 4); // t = 12 s, paused
    QCOMPARE(samples[25].orphanedQueues, 4); // t = 26 s, killed
}

void tst_Metrics::doubleOwnedQueueSecondsIntegrateExactly()
{
    // Two consumers with one client id over four queues (AVG over [x, x]): both hold queues 0
    // and 1 from their own first rounds on; queues 2 and 3 are nobody's, all the time.
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.consumers = 2;
    Scenario scenario = makeScenario(spec);
    scenario.groups[0].consumers[1].id = scenario.groups[0].consumers[0].id;
    scenario.groups[0].consumers[1].name = QStringLiteral("twin");
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim);
    const SimTime end = 33 * kSecond + 333;
    sim.runUntil(end);
    const WorldSnapshot &snap = sim.snapshot();
    const QHash<qint32, SimTime> a = createdAt(snap, 0, queues);
    const QHash<qint32, SimTime> b = createdAt(snap, 1, queues);
    QCOMPARE(a.keys().size(), 2);
    QCOMPARE(b.keys().size(), 2);
    qint64 doubleOwned = 0;
    qint64 orphaned = 0;
    // Each consumer first pulls its queues 500 ms (5.x dispatch delay) after its round's last
    // creation.
    const SimTime firstPullA = *std::max_element(a.cbegin(), a.cend()) + 500;
    const SimTime firstPullB = *std::max_element(b.cbegin(), b.cend()) + 500;
    for (qint32 q : queues.mid(0, 2)) {
        QVERIFY(a.contains(q) && b.contains(q));
        doubleOwned += end - std::max(a[q], b[q]);
        orphaned += std::min(firstPullA, firstPullB);
    }
    orphaned += 2 * end;
    const SnapshotTotals t = sim.totals();
    QCOMPARE(ms(t.doubleOwnedQueueSeconds), doubleOwned);
    QCOMPARE(ms(t.orphanedQueueSeconds), orphaned);
    QCOMPARE(t.doubleOwnedQueues, 2);
    QCOMPARE(t.orphanedQueues, 2);
}

void tst_Metrics::queueMovesCountChangesOfHolderOnly()
{
    // A alone; broker-b's queues leave the route and come back to A (no move: the same holder);
    // B joins and takes half (moves); B is killed and A takes its queues back (moves).
    WorldSpec spec;
    spec.queuesPerBroker = 2;
    spec.consumers = 1;
    Scenario scenario = makeScenario(spec);
    ScenarioEvent gone;
    gone.at = 10 * kSecond;
    gone.action = ScenarioEvent::Action::SetQueues;
    gone.topic = kTopic;
    gone.broker = QStringLiteral("broker-b");
    gone.count = 0;
    ScenarioEvent back = gone;
    back.at = 70 * kSecond;
    back.count = 2;
    ScenarioEvent join;
    join.at = 120 * kSecond;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(1));
    ScenarioEvent kill = command(ScenarioEvent::Action::Kill, clientId(1));
    kill.at = 150 * kSecond;
    scenario.events = { gone, back, join, kill };
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> main = topicQueues(sim);

    sim.runUntil(115 * kSecond);
    // A dropped broker-b's queues after its route poll and took them again after the next.
    const SimEvent *dropped = firstRemoved(sim, main[2], 10 * kSecond, 0);
    QVERIFY2(dropped, qPrintable(eventLog(sim)));
    QVERIFY(firstAdded(sim, main[2], dropped->t, 0));
    QCOMPARE(heldBy(sim.snapshot(), 0, main), main);
    QCOMPARE(sim.totals().queueMoves, qint64(0));

    sim.runUntil(140 * kSecond);
    // AVG over [A, B]: B takes broker-b's two queues; of the retry queues (one per broker) B
    // takes broker-b's. Three moves.
    QCOMPARE(heldBy(sim.snapshot(), 1, main), main.mid(2));
    QCOMPARE(sim.totals().queueMoves, qint64(3));

    sim.runUntil(160 * kSecond);
    QCOMPARE(heldBy(sim.snapshot(), 0, main), main);
    QCOMPARE(sim.totals().queueMoves, qint64(6));

    // The same, counted from the published events: an added queue whose previous holder was
    // another consumer.
    QHash<qint32, qint32> last;
    qint64 moves = 0;
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance)) {
        for (qint32 q : e.added) {
            if (last.contains(q) && last[q] != e.consumer) {
                ++moves;
            }
            last[q] = e.consumer;
        }
    }
    QCOMPARE(moves, sim.totals().queueMoves);
    // Rebalances count the rounds that changed a table: one event each.
    QCOMPARE(sim.totals().rebalances, qint64(events(sim, SimEvent::Type::Rebalance).size()));
}

void tst_Metrics::duplicatesAreDeliveredMinusUnique()
{
    WorldSpec spec;
    spec.consumers = 3;
    spec.produceRate = 2000;
    spec.stagger = 3 * kSecond;
    Scenario scenario = makeScenario(spec);
    ScenarioEvent kill = command(ScenarioEvent::Action::Kill, clientId(1));
    kill.at = 30 * kSecond;
    ScenarioEvent stop;
    stop.at = 40 * kSecond;
    stop.action = ScenarioEvent::Action::SetProduceRate;
    stop.topic = kTopic;
    stop.rate = 0;
    scenario.events = { kill, stop };
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(50 * kSecond);
    const SnapshotTotals t = sim.totals();
    QVERIFY(t.duplicates > 0);
    QCOMPARE(t.duplicates, t.delivered - t.uniqueDelivered);
    // Production stopped at 40 s and everything was consumed: each message at least once.
    QCOMPARE(t.produced, qint64(80000));
    QCOMPARE(t.uniqueDelivered, t.produced);
    QCOMPARE(t.lost, qint64(0));
    qint64 perConsumer = 0;
    for (const SnapshotConsumer &c : sim.snapshot().consumers) {
        perConsumer += c.delivered;
    }
    QCOMPARE(perConsumer, t.delivered);
    // Every queue's committed offset reached its end: nothing left behind.
    const WorldSnapshot &snap = sim.snapshot();
    for (qint32 q : topicQueues(sim)) {
        QCOMPARE(snap.queues[q].committedOffset, snap.queues[q].brokerOffset);
        QCOMPARE(snap.queues[q].lag, qint64(0));
    }
}

void tst_Metrics::handOverOrphanedUntilTheNewOwnerPulls_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::addColumn<SimTime>("dispatchDelay"); // RebalancePushImpl.dispatchPullRequest
    QTest::newRow("5.x") << Profile::V5 << SimTime(500);
    // 4.x: at once, refused (SUBSCRIPTION_NOT_LATEST, a 2 ms round trip), again 1 s later.
    QTest::newRow("4.9") << Profile::V49 << SimTime(1002);
}

void tst_Metrics::handOverOrphanedUntilTheNewOwnerPulls()
{
    // B joins; notified at B's registration, A lets two queues go; B creates its process queues
    // at its first round and pulls them at that round's end plus the dispatch delay. A moved
    // queue is orphaned from A's drop to B's first pull, and unowned from A's drop to B's
    // creation: in 5.x the orphaned time of each moved queue is the unowned time plus 500 ms
    // plus the rest of B's round.
    QFETCH(Profile, profile);
    QFETCH(SimTime, dispatchDelay);
    WorldSpec spec;
    spec.profile = profile;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.consumers = 1;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim);
    const SimTime t = 30 * kSecond;
    sim.runUntil(t);
    const SnapshotTotals before = sim.totals();
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(1));
    QCOMPARE(apply(sim, join), QString());
    sim.runUntil(t + 10 * kSecond);
    const SnapshotTotals after = sim.totals();
    const QHash<qint32, SimTime> created = createdAt(sim.snapshot(), 1, queues);
    QCOMPARE(created.size(), 2);
    const SimTime firstPull = *std::max_element(created.cbegin(), created.cend()) + dispatchDelay;
    qint64 orphaned = 0;
    qint64 unowned = 0;
    for (auto it = created.cbegin(); it != created.cend(); ++it) {
        const SimEvent *removed = firstRemoved(sim, it.key(), t, 0);
        QVERIFY(removed && removed->t < it.value());
        orphaned += firstPull - removed->t;
        unowned += it.value() - removed->t;
    }
    QCOMPARE(ms(after.orphanedQueueSeconds - before.orphanedQueueSeconds), orphaned);
    QCOMPARE(ms(after.unownedQueueSeconds - before.unownedQueueSeconds), unowned);
    QVERIFY(orphaned >= unowned + 2 * dispatchDelay);
    QCOMPARE(after.lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Metrics)
#include "tst_metrics.moc"
