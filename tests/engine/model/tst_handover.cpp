// SPDX-License-Identifier: Apache-2.0
// How queues change hands when a consumer leaves or arrives (spec §2.1, §2.5, §6.4, §7.2, §7.3,
// §7.5): a graceful shutdown and a kill are noticed through the broker's CHANGE notification and
// handed over within RebalanceService's 1 s minimum interval; a kill leaves duplicates that a
// shutdown does not; a frozen consumer keeps its queues until the broker expires its channel
// and the others' periodic rebalance; without notifications a newcomer and an old owner share
// queues until the old owner's periodic round.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::ScenarioEvent::Action)
Q_DECLARE_METATYPE(Rblab::ConsumeTime)

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kMinInterval = 1000; // rocketmq.client.rebalance.minInterval (5.2+)
constexpr SimTime kWaitInterval = 20000; // rocketmq.client.rebalance.waitInterval
constexpr SimTime kDispatchDelay = 500; // RebalancePushImpl.dispatchPullRequest (5.x)
constexpr SimTime kSlack = 30; // RPC round trips of one rebalance round (latency 1 ms)

WorldSpec handoverWorld()
{
    WorldSpec spec;
    spec.queuesPerBroker = 4;
    spec.consumers = 3;
    spec.produceRate = 2000;
    // Started apart, so the consumers' periodic rounds are not in step.
    spec.stagger = 7 * kSecond;
    return spec;
}

//! When a consumer's last rebalance round ended, as its view of the retry topic (the last topic
//! of a round) shows.
SimTime lastRound(const Simulation &sim, const WorldSnapshot &snap, qint32 consumer)
{
    const qint32 retry = qint32(sim.topicNames().indexOf(retryTopic()));
    const ConsumerView *v = view(snap, consumer, retry);
    return v ? v->at : -1;
}

//! Runs until the consumer's next rebalance round ends; returns its time.
SimTime runToNextRound(Simulation &sim, qint32 consumer, SimTime limit)
{
    const SimTime last = lastRound(sim, sim.snapshot(), consumer);
    const SimTime t = runUntil(sim, limit, 1,
        [&](const WorldSnapshot &snap) { return lastRound(sim, snap, consumer) != last; });
    return t < 0 ? -1 : lastRound(sim, sim.snapshot(), consumer);
}

QString ownership(const Simulation &sim, const WorldSnapshot &snap, const QList<qint32> &queues)
{
    QStringList parts;
    for (qint32 q : queues) {
        QStringList names;
        for (qint32 c : owners(snap, q)) {
            names.append(sim.consumers()[c].name);
        }
        parts.append(queueName(sim, q) + QLatin1Char('=') + names.join(QLatin1Char('+')));
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

class tst_Handover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void departureHandsQueuesOver_data();
    void departureHandsQueuesOver();
    void killDuplicatesWhatShutdownCommits_data();
    void killDuplicatesWhatShutdownCommits();
    void frozenConsumerKeepsQueuesUntilChannelExpiry();
    void newcomerAndOldOwnerOverlap_data();
    void newcomerAndOldOwnerOverlap();
    void shutdownDuringStartWaitsForIt();
    void shutdownOfAFrozenConsumerWaitsForTheThaw();
};

void tst_Handover::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Handover::departureHandsQueuesOver_data()
{
    QTest::addColumn<ScenarioEvent::Action>("action");
    QTest::addColumn<SimTime>("afterRound"); // the command this long after a survivor's round

    // Long after the survivors' last rounds: the notification is served at once. Shortly after
    // one: it waits for that survivor's lastRebalance + 1 s (§2.1).
    QTest::newRow("kill, survivors idle") << ScenarioEvent::Action::Kill << SimTime(5000);
    QTest::newRow("shutdown, survivors idle") << ScenarioEvent::Action::Shutdown << SimTime(5000);
    QTest::newRow("kill, 300 ms after a round") << ScenarioEvent::Action::Kill << SimTime(300);
    QTest::newRow("shutdown, 300 ms after a round")
        << ScenarioEvent::Action::Shutdown << SimTime(300);
}

void tst_Handover::departureHandsQueuesOver()
{
    QFETCH(ScenarioEvent::Action, action);
    QFETCH(SimTime, afterRound);

    Simulation sim(makeScenario(handoverWorld()), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    const qint32 leaver = 1;
    sim.runUntil(40 * kSecond);
    // The command comes `afterRound` after a round of consumer 0 (a survivor).
    const SimTime t = runToNextRound(sim, 0, 70 * kSecond) + afterRound;
    QVERIFY(t > sim.now());
    sim.runUntil(t);
    const WorldSnapshot before = sim.snapshot();
    QCOMPARE(before.totals.orphanedQueues, 0);
    const QList<qint32> leaving = heldBy(before, leaver, mainQueues);
    QVERIFY(!leaving.isEmpty());
    QHash<qint32, SimTime> expected; // per survivor: when its next round can start
    for (qint32 c : { 0, 2 }) {
        expected.insert(c, std::max(t, lastRound(sim, before, c) + kMinInterval));
    }
    QCOMPARE(apply(sim, command(action, clientId(leaver))), QString());

    sim.runUntil(t + kMinInterval + kDispatchDelay + 50);
    const WorldSnapshot &after = sim.snapshot();
    for (qint32 q : leaving) {
        const SimEvent *added = firstAdded(sim, q, t, -1, leaver);
        QVERIFY2(added, qPrintable(queueName(sim, q) + QLatin1Char('\n') + eventLog(sim, t - 100)));
        // Held by a running survivor within the minimum interval (plus a round's RPCs) …
        QVERIFY2(
            added->t >= expected[added->consumer] && added->t <= expected[added->consumer] + kSlack,
            qPrintable(QStringLiteral("%1 taken at %2, expected %3\n%4")
                           .arg(queueName(sim, q))
                           .arg(added->t)
                           .arg(expected[added->consumer])
                           .arg(eventLog(sim, t - 100))));
        QVERIFY(added->t - t <= kMinInterval + kSlack);
        // … and pulled 500 ms later, within 1.5 s of the command.
        const SnapshotHolding *h = holding(after, q, added->consumer);
        QVERIFY(h);
        QCOMPARE(after.consumers[added->consumer].state, ConsumerState::Running);
        QVERIFY2(h->lastPullAt >= h->createdAt + kDispatchDelay,
            qPrintable(QStringLiteral("%1: created %2, last pull %3")
                           .arg(queueName(sim, q))
                           .arg(h->createdAt)
                           .arg(h->lastPullAt)));
    }
    // Nothing unowned or doubly owned afterwards: every queue has one running owner.
    sim.runUntil(t + 3 * kSecond);
    const WorldSnapshot &settled = sim.snapshot();
    QCOMPARE(settled.consumers[leaver].state,
        action == ScenarioEvent::Action::Kill ? ConsumerState::Killed : ConsumerState::Shutdown);
    QCOMPARE(settled.totals.orphanedQueues, 0);
    QCOMPARE(settled.totals.doubleOwnedQueues, 0);
    for (qint32 q : mainQueues) {
        QCOMPARE(owners(settled, q).size(), 1);
        QCOMPARE(settled.queues[q].runningOwners, 1);
    }
    // The broker saw the leaver go: a channel close (kill) or an unregistration (shutdown), on
    // both brokers, each followed by notifications.
    const SimEvent::Type seen = action == ScenarioEvent::Action::Kill
        ? SimEvent::Type::ChannelClosed
        : SimEvent::Type::Unregistered;
    QCOMPARE(events(sim, seen, t).size(), 2);
    QVERIFY(events(sim, SimEvent::Type::Notify, t).size() >= 4);
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Handover::killDuplicatesWhatShutdownCommits_data()
{
    QTest::addColumn<ConsumeTime>("consumeTime");
    ConsumeTime fixed;
    fixed.meanMs = 1;
    ConsumeTime exponential;
    exponential.distribution = ConsumeTime::Distribution::Exponential;
    exponential.meanMs = 2;
    ConsumeTime lognormal;
    lognormal.distribution = ConsumeTime::Distribution::LogNormal;
    lognormal.meanMs = 2;
    lognormal.p99Ms = 15;
    QTest::newRow("fixed 1 ms") << fixed;
    QTest::newRow("exponential 2 ms") << exponential;
    QTest::newRow("lognormal 2 ms, p99 15 ms") << lognormal;
}

void tst_Handover::killDuplicatesWhatShutdownCommits()
{
    QFETCH(ConsumeTime, consumeTime);
    // Two runs, identical up to the moment consumer 1 leaves: killed in one, shut down in the
    // other. A shutdown persists its in-memory offsets (§7.5 step 2) before unregistering; a kill
    // leaves the broker with the offset the last pull carried (§6.3), so what was consumed since
    // is consumed again by the next owner (§6.4 point 2).
    Scenario scenario = makeScenario(handoverWorld());
    for (ConsumerSpec &c : scenario.groups[0].consumers) {
        c.consumeTime = consumeTime;
    }
    Simulation killed(scenario, registry());
    Simulation stopped(scenario, registry());
    QVERIFY2(killed.isValid(), qPrintable(killed.error()));
    const SimTime t = 45 * kSecond + 123;
    killed.runUntil(t);
    stopped.runUntil(t);
    const QList<qint32> leaving = heldBy(killed.snapshot(), 1, topicQueues(killed));
    QCOMPARE(heldBy(stopped.snapshot(), 1, topicQueues(stopped)), leaving);
    // (Earlier hand-overs, when consumers 1 and 2 started, left a few duplicates already.)
    const qint64 duplicatesBefore = killed.totals().duplicates;
    QCOMPARE(stopped.totals().duplicates, duplicatesBefore);
    QCOMPARE(stopped.totals().delivered, killed.totals().delivered);

    // What the snapshot says the hand-over will cost. Below the consumer's in-memory offset every
    // message was consumed; the broker has an older offset unless a pull carried it lately.
    const WorldSnapshot &snap = killed.snapshot();
    qint64 committedInMemoryOnly = 0; // consumed, committed in memory, not on the broker
    qint64 beyondMemory = 0; // pulled but above the in-memory offset
    for (qint32 q : leaving) {
        const SnapshotHolding *h = holding(snap, q, 1);
        committedInMemoryOnly += h->consumedOffset - snap.queues[q].committedOffset;
        beyondMemory += h->nextOffset - h->consumedOffset;
    }
    QVERIFY2(committedInMemoryOnly > 0, qPrintable(QString::number(committedInMemoryOnly)));

    QCOMPARE(apply(killed, command(ScenarioEvent::Action::Kill, clientId(1))), QString());
    QCOMPARE(apply(stopped, command(ScenarioEvent::Action::Shutdown, clientId(1))), QString());
    killed.runUntil(t + 10 * kSecond);
    stopped.runUntil(t + 10 * kSecond);
    SnapshotTotals k = killed.totals();
    SnapshotTotals s = stopped.totals();
    k.duplicates -= duplicatesBefore;
    s.duplicates -= duplicatesBefore;
    QVERIFY2(k.duplicates >= committedInMemoryOnly,
        qPrintable(QStringLiteral("kill: %1 duplicates, %2 committed in memory only")
                       .arg(k.duplicates)
                       .arg(committedInMemoryOnly)));
    // A shutdown re-delivers at most what its listener calls were abandoned with (§6.4 point 7).
    QVERIFY2(s.duplicates <= beyondMemory,
        qPrintable(QStringLiteral("shutdown: %1 duplicates, %2 beyond the offset")
                       .arg(s.duplicates)
                       .arg(beyondMemory)));
    QVERIFY2(s.duplicates < k.duplicates,
        qPrintable(
            QStringLiteral("shutdown %1 duplicates, kill %2").arg(s.duplicates).arg(k.duplicates)));
    QCOMPARE(k.lost, qint64(0));
    QCOMPARE(s.lost, qint64(0));
}

void tst_Handover::frozenConsumerKeepsQueuesUntilChannelExpiry()
{
    // A frozen host sends nothing and closes nothing: the broker notices only when its scan
    // (every 10 s) finds the channel silent for channelExpiredTimeout (120 s), and sends no
    // CHANGE then (§7.3), so the others take the queues at their next periodic round (≤ 20 s).
    Simulation sim(makeScenario(handoverWorld()), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    const qint32 frozen = 2;
    const SimTime t = 60 * kSecond + 500;
    sim.runUntil(t);
    const QList<qint32> kept = heldBy(sim.snapshot(), frozen, mainQueues);
    QVERIFY(!kept.isEmpty());
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Freeze, clientId(frozen))), QString());

    // Until the expiry the frozen consumer alone owns its queues (they are not orphaned in the
    // sense of the report, but nobody consumes them).
    SimTime expiry = -1;
    QHash<qint32, SimTime> roundBeforeExpiry;
    const bool keptThem = runChecking(sim, t + 150 * kSecond, 100, [&](const WorldSnapshot &snap) {
        const QList<SimEvent> expired = events(sim, SimEvent::Type::ChannelExpired);
        if (expiry < 0 && !expired.isEmpty()) {
            expiry = expired.first().t;
            for (qint32 c : { 0, 1 }) {
                roundBeforeExpiry.insert(c, lastRound(sim, snap, c));
            }
        }
        if (expiry < 0) {
            if (snap.consumers[frozen].state != ConsumerState::Frozen) {
                return false;
            }
            for (qint32 q : kept) {
                if (owners(snap, q) != QList<qint32> { frozen }) {
                    return false;
                }
            }
        }
        return true;
    });
    QVERIFY2(keptThem,
        qPrintable(ownership(sim, sim.snapshot(), kept) + QLatin1Char('\n') + eventLog(sim, t)));
    QVERIFY2(expiry >= 0, qPrintable(eventLog(sim, t)));

    // The expiry: one per broker, at a scan (every 10 s from the broker's start), more than 120 s
    // after the last heartbeat (sent at most 30 s before the freeze).
    const QList<SimEvent> expired = events(sim, SimEvent::Type::ChannelExpired);
    QCOMPARE(expired.size(), 2);
    for (const SimEvent &e : expired) {
        QCOMPARE(e.consumer, frozen);
        QCOMPARE(e.t % 10000, SimTime(0));
        QVERIFY2(e.t - t >= 90 * kSecond && e.t - t <= 130 * kSecond,
            qPrintable(QString::number(e.t - t)));
    }
    // No CHANGE for an expiry: nobody is notified between the freeze and the moves.
    QVERIFY2(events(sim, SimEvent::Type::Notify, t).isEmpty(), qPrintable(eventLog(sim, t)));
    // The queues move at the survivors' periodic rounds: between 90 s and 150 s after the freeze,
    // within 20 s of the expiry, and one waitInterval after the survivor's previous round.
    for (qint32 q : kept) {
        const SimEvent *added = firstAdded(sim, q, t, -1, frozen);
        QVERIFY2(added, qPrintable(queueName(sim, q) + QLatin1Char('\n') + eventLog(sim, t)));
        QVERIFY2(added->t >= expiry && added->t <= expiry + kWaitInterval + kSlack,
            qPrintable(QStringLiteral("%1 moved at %2, expiry at %3")
                           .arg(queueName(sim, q))
                           .arg(added->t)
                           .arg(expiry)));
        QVERIFY(added->t - t >= 90 * kSecond && added->t - t <= 150 * kSecond);
        const SimTime previous = roundBeforeExpiry.value(added->consumer);
        QVERIFY2(
            added->t >= previous + kWaitInterval && added->t <= previous + kWaitInterval + kSlack,
            qPrintable(QStringLiteral("%1 moved at %2, previous round at %3")
                           .arg(queueName(sim, q))
                           .arg(added->t)
                           .arg(previous)));
    }
    // Still frozen, it still holds them too: owned twice, as report-format.md counts it.
    const WorldSnapshot &snap = sim.snapshot();
    for (qint32 q : kept) {
        QCOMPARE(owners(snap, q).size(), 2);
        QCOMPARE(snap.queues[q].runningOwners, 1);
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Handover::newcomerAndOldOwnerOverlap_data()
{
    QTest::addColumn<bool>("notify");
    QTest::newRow("notifyConsumerIdsChangedEnable false") << false;
    QTest::newRow("notifyConsumerIdsChangedEnable true") << true;
}

void tst_Handover::newcomerAndOldOwnerOverlap()
{
    QFETCH(bool, notify);
    WorldSpec spec = handoverWorld();
    spec.broker.insert(QStringLiteral("notifyConsumerIdsChangedEnable"), notify);
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> mainQueues = topicQueues(sim);
    const SimTime t = 62 * kSecond;
    sim.runUntil(t);
    const WorldSnapshot before = sim.snapshot();
    QHash<qint32, qint32> oldOwner;
    for (qint32 q : mainQueues) {
        QCOMPARE(owners(before, q).size(), 1);
        oldOwner.insert(q, owners(before, q).first());
    }
    const double doubleBefore = before.totals.doubleOwnedQueueSeconds;
    QHash<qint32, SimTime> round;
    for (qint32 c = 0; c < 3; ++c) {
        round.insert(c, lastRound(sim, before, c));
    }
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(3));
    QCOMPARE(apply(sim, join), QString());
    const qint32 newcomer = sim.consumerIndex(clientId(3));
    QCOMPARE(newcomer, 3);

    // Millisecond by millisecond, how many queues have two owners: the integral must be what
    // Metrics reports.
    qint64 doubleOwnedMs = 0;
    runChecking(sim, t + 30 * kSecond, 1, [&](const WorldSnapshot &snap) {
        doubleOwnedMs += snap.totals.doubleOwnedQueues;
        return true;
    });
    const double measured = sim.totals().doubleOwnedQueueSeconds - doubleBefore;
    QCOMPARE(qRound64(measured * 1000), doubleOwnedMs);

    // The newcomer took its share (ids sort 10.0.0.1 < … < 10.0.0.4: AVG gives it the last 2).
    const WorldSnapshot &after = sim.snapshot();
    const QList<qint32> taken = heldBy(after, newcomer, mainQueues);
    QCOMPARE(taken, mainQueues.mid(6));
    SimTime longest = 0;
    for (qint32 q : taken) {
        const SimEvent *added = firstAdded(sim, q, t, newcomer);
        const SimEvent *removed = firstRemoved(sim, q, t, oldOwner[q]);
        QVERIFY(added && removed);
        const SimTime overlap = std::max<SimTime>(0, removed->t - added->t);
        longest = std::max(longest, overlap);
        if (!notify) {
            // The old owner keeps it until its own periodic round (§2.1, §7.2).
            const SimTime periodic = round[oldOwner[q]] + kWaitInterval;
            QVERIFY2(removed->t >= periodic && removed->t <= periodic + kSlack,
                qPrintable(QStringLiteral("%1 released at %2, periodic round due at %3\n%4")
                               .arg(queueName(sim, q))
                               .arg(removed->t)
                               .arg(periodic)
                               .arg(eventLog(sim, t))));
            QVERIFY(overlap <= kWaitInterval);
        } else {
            // Notified at the newcomer's registration, the old owner lets go first.
            QVERIFY2(overlap <= 5, qPrintable(eventLog(sim, t)));
        }
    }
    if (!notify) {
        QVERIFY2(doubleOwnedMs > 1000 && longest > 1000,
            qPrintable(QStringLiteral("%1 ms double owned, longest overlap %2 ms")
                           .arg(doubleOwnedMs)
                           .arg(longest)));
        QVERIFY(events(sim, SimEvent::Type::Notify).isEmpty());
    } else {
        QVERIFY2(doubleOwnedMs <= 5 * taken.size(), qPrintable(QString::number(doubleOwnedMs)));
        QVERIFY(!events(sim, SimEvent::Type::Notify, t).isEmpty());
    }
    QCOMPARE(after.totals.doubleOwnedQueues, 0);
    QCOMPARE(after.totals.orphanedQueues, 0);
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Handover::shutdownDuringStartWaitsForIt()
{
    // DefaultMQPushConsumerImpl.start() and shutdown() are synchronized: a shutdown asked for
    // while the consumer is still starting (routes, first heartbeats) runs when the start is
    // done, and the consumer stays shut down.
    Simulation sim(makeScenario(handoverWorld()), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond);
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(3));
    QCOMPARE(apply(sim, join), QString());
    const qint32 c = sim.consumerIndex(clientId(3));
    sim.runUntil(sim.now() + 2);
    QCOMPARE(sim.snapshot().consumers[c].state, ConsumerState::Starting);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Shutdown, clientId(3))), QString());
    sim.runUntil(sim.now() + 60 * kSecond);
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(snap.consumers[c].state, ConsumerState::Shutdown);
    QCOMPARE(snap.consumers[c].queueCount, 0);
    QCOMPARE(events(sim, SimEvent::Type::Started, 30 * kSecond).size(), 1);
    QCOMPARE(events(sim, SimEvent::Type::Unregistered, 30 * kSecond).size(), 2);
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance, 30 * kSecond)) {
        QVERIFY(e.consumer != c);
    }
    QCOMPARE(snap.totals.orphanedQueues, 0);
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
}

void tst_Handover::shutdownOfAFrozenConsumerWaitsForTheThaw()
{
    // A hung host runs nothing, a graceful shutdown included: it is carried out when the process
    // resumes. Until then the broker still has the consumer's registration.
    Simulation sim(makeScenario(handoverWorld()), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Freeze, clientId(1))), QString());
    sim.runUntil(40 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Shutdown, clientId(1))), QString());
    sim.runUntil(60 * kSecond);
    QCOMPARE(sim.snapshot().consumers[1].state, ConsumerState::Frozen);
    QVERIFY(events(sim, SimEvent::Type::Unregistered).isEmpty());
    const SimTime thawed = sim.now();
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Unfreeze, clientId(1))), QString());
    sim.runUntil(thawed + 5 * kSecond);
    QCOMPARE(sim.snapshot().consumers[1].state, ConsumerState::Shutdown);
    const QList<SimEvent> unregistered = events(sim, SimEvent::Type::Unregistered);
    QCOMPARE(unregistered.size(), 2);
    for (const SimEvent &e : unregistered) {
        QCOMPARE(e.consumer, 1);
        QVERIFY(e.t >= thawed && e.t <= thawed + 20);
    }
    QCOMPARE(sim.snapshot().totals.orphanedQueues, 0);
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Handover)
#include "tst_handover.moc"
