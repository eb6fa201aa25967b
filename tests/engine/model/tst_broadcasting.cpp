// SPDX-License-Identifier: Apache-2.0
// BROADCASTING (spec §2.4, §6.2, §7.2): every consumer takes every queue of the route, nobody's
// queues move, there is no retry topic, offsets live in each consumer's own file
// (LocalFileOffsetStore), and 5.x brokers send no CHANGE for such a group.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::Profile)

using namespace Rblab;
using namespace SimTest;

class tst_Broadcasting : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyConsumerOnEveryQueue_data();
    void everyConsumerOnEveryQueue();
    void offsetsAreEachConsumersOwn();
};

void tst_Broadcasting::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Broadcasting::everyConsumerOnEveryQueue_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::newRow("5.x") << Profile::V5;
    QTest::newRow("4.9") << Profile::V49;
}

void tst_Broadcasting::everyConsumerOnEveryQueue()
{
    QFETCH(Profile, profile);
    WorldSpec spec;
    spec.model = MessageModel::Broadcasting;
    spec.profile = profile;
    spec.consumers = 3;
    spec.stagger = 2 * kSecond;
    Scenario scenario = makeScenario(spec);
    ScenarioEvent join;
    join.at = 20 * kSecond;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(3));
    ScenarioEvent kill = command(ScenarioEvent::Action::Kill, clientId(1));
    kill.at = 40 * kSecond;
    scenario.events = { join, kill };
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));

    // No %RETRY% topic: RebalanceImpl subscribes it only in CLUSTERING.
    QVERIFY(!sim.topicNames().contains(retryTopic()));
    for (const QueueInfo &q : sim.queues()) {
        QVERIFY(!q.retry);
    }
    const QList<qint32> mainQueues = topicQueues(sim);
    QCOMPARE(mainQueues.size(), 8);

    const auto everyoneAlive = [&](const WorldSnapshot &snap) {
        QList<qint32> alive;
        for (qint32 c = 0; c < snap.consumers.size(); ++c) {
            if (snap.consumers[c].state == ConsumerState::Running) {
                alive.append(c);
            }
        }
        for (qint32 q : mainQueues) {
            if (owners(snap, q) != alive) {
                return false;
            }
        }
        return true;
    };
    for (SimTime t : { 15 * kSecond, 35 * kSecond, 60 * kSecond }) {
        sim.runUntil(t);
        const WorldSnapshot &snap = sim.snapshot();
        QVERIFY2(
            everyoneAlive(snap), qPrintable(QStringLiteral("at %1\n%2").arg(t).arg(eventLog(sim))));
        // Owned by several, yet not "double owned": that only means something in CLUSTERING.
        QCOMPARE(snap.totals.doubleOwnedQueues, 0);
        QCOMPARE(snap.totals.orphanedQueues, 0);
    }
    const SnapshotTotals totals = sim.totals();
    QCOMPARE(totals.doubleOwnedQueueSeconds, 0.0);
    QCOMPARE(totals.queueMoves, qint64(0));
    // Distinct per consumer: a message consumed by each of three consumers is no duplicate.
    QCOMPARE(totals.duplicates, qint64(0));
    QVERIFY(totals.delivered > 2 * totals.produced);
    QCOMPARE(totals.lost, qint64(0));
    // The join and the kill changed nothing for the others: only the newcomer rebalanced.
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance, join.at)) {
        QCOMPARE(e.consumer, 3);
        QVERIFY(e.removed.isEmpty());
    }
    // 5.x brokers send no NOTIFY_CONSUMER_IDS_CHANGED to a BROADCASTING group; 4.x do (§7.2).
    const QList<SimEvent> notifications = events(sim, SimEvent::Type::Notify);
    if (profile == Profile::V5) {
        QVERIFY2(notifications.isEmpty(), qPrintable(eventLog(sim)));
    } else {
        QVERIFY(!notifications.isEmpty());
    }
}

void tst_Broadcasting::offsetsAreEachConsumersOwn()
{
    // The queue's committed offset in a report is the slowest live consumer's file. A suspended
    // consumer stops pulling, so its file — and that figure — stand still while the others read
    // on; in CLUSTERING the broker's offset would move with whoever owns the queue.
    WorldSpec spec;
    spec.model = MessageModel::Broadcasting;
    spec.consumers = 2;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    sim.runUntil(20 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Pause, clientId(1))), QString());
    sim.runUntil(27 * kSecond); // the last persist of the paused consumer is behind us
    const WorldSnapshot paused = sim.snapshot();
    sim.runUntil(47 * kSecond);
    const WorldSnapshot later = sim.snapshot();
    for (qint32 q : mainQueues) {
        QCOMPARE(later.queues[q].committedOffset, paused.queues[q].committedOffset);
        // The running consumer went on: its own offset is 20 s of production further.
        const qint64 own = holding(later, q, 0)->consumedOffset;
        QVERIFY2(own - paused.queues[q].committedOffset > 2000,
            qPrintable(QStringLiteral("%1: %2 against %3")
                           .arg(queueName(sim, q))
                           .arg(own)
                           .arg(paused.queues[q].committedOffset)));
        // The paused one's in-memory offset is what its file holds (persisted every 5 s).
        QCOMPARE(holding(later, q, 1)->consumedOffset, later.queues[q].committedOffset);
    }
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Resume, clientId(1))), QString());
    sim.runUntil(60 * kSecond);
    const WorldSnapshot &resumed = sim.snapshot();
    for (qint32 q : mainQueues) {
        QVERIFY2(resumed.queues[q].committedOffset > later.queues[q].committedOffset + 2000,
            qPrintable(QStringLiteral(
                "%1: committed %2 → %3; consumers at %4 and %5, next %6, cached %7; broker %8\n%9")
                           .arg(queueName(sim, q))
                           .arg(later.queues[q].committedOffset)
                           .arg(resumed.queues[q].committedOffset)
                           .arg(holding(resumed, q, 0)->consumedOffset)
                           .arg(holding(resumed, q, 1)->consumedOffset)
                           .arg(holding(resumed, q, 1)->nextOffset)
                           .arg(holding(resumed, q, 1)->cachedCount)
                           .arg(resumed.queues[q].brokerOffset)
                           .arg(eventLog(sim, 19000))));
    }
    QCOMPARE(sim.totals().duplicates, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Broadcasting)
#include "tst_broadcasting.moc"
