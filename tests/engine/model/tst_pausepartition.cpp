// SPDX-License-Identifier: Apache-2.0
// A consumer cut off from the brokers keeps running but is not heard (spec §7.3): it keeps its
// queues until the broker expires its channel, then shares them with the periodic takers until it
// is healed and re-registers. A suspended consumer (DefaultMQPushConsumer.suspend, §2.2, §3.2)
// puts every pull off by 1 s and does not rebalance; resume() rebalances on the caller's thread.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::Profile)

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kWaitInterval = 20000;
constexpr SimTime kSuspendDelay = 1000; // PULL_TIME_DELAY_MILLS_WHEN_SUSPEND

} // namespace

class tst_PausePartition : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void partitionedConsumerKeepsQueuesUntilExpiry();
    void pausedConsumerHoldsPullsAndDoesNotRebalance_data();
    void pausedConsumerHoldsPullsAndDoesNotRebalance();
};

void tst_PausePartition::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_PausePartition::partitionedConsumerKeepsQueuesUntilExpiry()
{
    WorldSpec spec;
    spec.consumers = 3;
    spec.stagger = 7 * kSecond;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    const qint32 cut = 2;
    const SimTime t = 60 * kSecond + 500;
    sim.runUntil(t);
    const QList<qint32> kept = heldBy(sim.snapshot(), cut, mainQueues);
    QVERIFY(!kept.isEmpty());
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Partition, clientId(cut))), QString());
    QCOMPARE(sim.snapshot().consumers[cut].state, ConsumerState::Partitioned);

    SimTime expiry = -1;
    const bool alone = runChecking(sim, t + 135 * kSecond, 100, [&](const WorldSnapshot &snap) {
        if (expiry < 0 && !events(sim, SimEvent::Type::ChannelExpired).isEmpty()) {
            expiry = events(sim, SimEvent::Type::ChannelExpired).first().t;
        }
        if (expiry >= 0) {
            return true;
        }
        for (qint32 q : kept) {
            if (owners(snap, q) != QList<qint32> { cut }) {
                return false;
            }
        }
        return snap.consumers[cut].state == ConsumerState::Partitioned;
    });
    QVERIFY2(alone, qPrintable(eventLog(sim, t)));
    QVERIFY2(
        expiry - t >= 90 * kSecond && expiry - t <= 130 * kSecond, qPrintable(eventLog(sim, t)));
    QVERIFY(events(sim, SimEvent::Type::Notify, t, expiry + kWaitInterval).isEmpty());
    // The others took them at their periodic round; the cut-off consumer, unable to fetch a
    // consumer list, still holds them too.
    sim.runUntil(expiry + kWaitInterval + 100);
    for (qint32 q : kept) {
        const SimEvent *added = firstAdded(sim, q, t, -1, cut);
        QVERIFY2(added && added->t >= expiry && added->t <= expiry + kWaitInterval + 50,
            qPrintable(eventLog(sim, t)));
        QCOMPARE(owners(sim.snapshot(), q).size(), 2);
    }
    QVERIFY(!events(sim, SimEvent::Type::RebalanceFailed, t).isEmpty());

    // Healed, it finds its channels closed by the broker, reconnects (5.x heartbeats at once) and
    // registers: the CHANGE that follows puts everyone right.
    const SimTime healed = sim.now() + 10 * kSecond;
    sim.runUntil(healed);
    const double doubleOwned = sim.totals().doubleOwnedQueueSeconds;
    QVERIFY(doubleOwned > 0);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Heal, clientId(cut))), QString());
    QCOMPARE(sim.snapshot().consumers[cut].state, ConsumerState::Running);
    sim.runUntil(healed + 60 * kSecond);
    bool registered = false;
    for (const SimEvent &e : events(sim, SimEvent::Type::ChannelRegistered, healed)) {
        registered = registered || e.consumer == cut;
    }
    QVERIFY2(registered, qPrintable(eventLog(sim, healed)));
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    QCOMPARE(snap.totals.orphanedQueues, 0);
    for (qint32 q : mainQueues) {
        QCOMPARE(owners(snap, q).size(), 1);
    }
    QVERIFY(!heldBy(snap, cut, mainQueues).isEmpty());
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_PausePartition::pausedConsumerHoldsPullsAndDoesNotRebalance_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::newRow("5.x") << Profile::V5;
    QTest::newRow("4.9") << Profile::V49;
}

void tst_PausePartition::pausedConsumerHoldsPullsAndDoesNotRebalance()
{
    QFETCH(Profile, profile);
    WorldSpec spec;
    spec.profile = profile;
    spec.consumers = 2;
    spec.stagger = 7 * kSecond;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    const qint32 paused = 0;
    const SimTime t = 40 * kSecond + 300;
    sim.runUntil(t);
    const QList<qint32> held = heldBy(sim.snapshot(), paused, mainQueues);
    QCOMPARE(held, mainQueues.mid(0, 4));
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Pause, clientId(paused))), QString());
    QCOMPARE(sim.snapshot().consumers[paused].state, ConsumerState::Paused);

    // Every pull request of the paused consumer comes round once a second (after the pull that
    // was already out has come back).
    QHash<qint32, QList<SimTime>> pulls;
    runChecking(sim, t + 10 * kSecond, 1, [&](const WorldSnapshot &snap) {
        for (qint32 q : held) {
            const SnapshotHolding *h = holding(snap, q, paused);
            if (h && (pulls[q].isEmpty() || pulls[q].last() != h->lastPullAt)) {
                pulls[q].append(h->lastPullAt);
            }
        }
        return true;
    });
    for (qint32 q : held) {
        const QList<SimTime> &times = pulls[q];
        QVERIFY(times.size() >= 8);
        for (qsizetype i = 2; i < times.size(); ++i) {
            QCOMPARE(times[i] - times[i - 1], kSuspendDelay);
        }
    }
    const qint64 delivered = sim.snapshot().consumers[paused].delivered;

    // A newcomer joins: the paused consumer does not rebalance, so it keeps what the newcomer
    // takes (5.x reports itself not balanced and retries every second, to no effect).
    const SimTime joined = sim.now();
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(2));
    QCOMPARE(apply(sim, join), QString());
    sim.runUntil(joined + 30 * kSecond);
    const WorldSnapshot during = sim.snapshot();
    QCOMPARE(heldBy(during, paused, mainQueues), held);
    QVERIFY(during.totals.doubleOwnedQueues > 0);
    QVERIFY(firstRemoved(sim, held.last(), joined, paused) == nullptr);
    // Nothing new reached its listener while suspended.
    QCOMPARE(during.consumers[paused].delivered, delivered);

    // resume(): doRebalance on the caller's thread, right away.
    const SimTime resumed = sim.now();
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Resume, clientId(paused))), QString());
    sim.runUntil(resumed + 2 * kSecond);
    std::optional<SimEvent> released;
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance, resumed)) {
        if (e.consumer == paused && !e.removed.isEmpty()) {
            released = e;
            break;
        }
    }
    QVERIFY2(released && released->t - resumed <= 10, qPrintable(eventLog(sim, resumed)));
    const WorldSnapshot &after = sim.snapshot();
    QCOMPARE(after.totals.doubleOwnedQueues, 0);
    QCOMPARE(after.totals.orphanedQueues, 0);
    QVERIFY(after.consumers[paused].delivered > delivered);
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_PausePartition)
#include "tst_pausepartition.moc"
