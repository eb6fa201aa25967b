// SPDX-License-Identifier: Apache-2.0
// Orderly consumption (spec §2.5, §2.6, §5.3, §7.4): a consumer creates a process queue only after
// locking the queue on its broker, so a queue has one owner at a time and is consumed in offset
// order; a graceful hand-over commits and unlocks before the next owner locks (no re-delivery),
// a killed owner's locks block the others until the broker lets them expire (60 s after the last
// lockAll renewal), and a shutdown's unlockAll frees them at once.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::ScenarioEvent::Action)
Q_DECLARE_METATYPE(Rblab::Profile)

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kLockMaxLive = 60000; // RebalanceLockManager (broker)
constexpr SimTime kLockInterval = 20000; // ProcessQueue.REBALANCE_LOCK_INTERVAL (lockAll period)
constexpr SimTime kLockAllDelay = 1000; // ConsumeMessageOrderlyService.start: initial delay

WorldSpec orderlyWorld()
{
    WorldSpec spec;
    spec.mode = ConsumeMode::Orderly;
    spec.queuesPerBroker = 3;
    spec.consumers = 3;
    spec.produceRate = 600;
    spec.consumeMs = 2;
    spec.stagger = 3 * kSecond;
    return spec;
}

/*!
    Watches every main queue at every millisecond: who holds it, and the in-memory offset of the
    holder (an orderly consumer commits each batch at once, not increase-only, §5.3).
*/
struct OrderlyWatch
{
    struct Move
    {
        qint32 queue = -1;
        qint32 from = -1;
        qint64 fromLast = -1; //!< the previous owner's last committed offset
        qint32 to = -1;
        qint64 toFirst = -1; //!< where the new owner starts (read from the broker)
        SimTime at = -1; //!< the new process queue's creation
    };
    struct Holder
    {
        qint32 consumer = -1;
        SimTime createdAt = -1;
        qint64 offset = -1;
    };

    const Simulation *sim = nullptr;
    QList<qint32> queues;
    QHash<qint32, Holder> holder; //!< queue → current holder
    QHash<qint32, QPair<qint32, SimTime>> lastAdvance; //!< queue → (consumer, when)
    QHash<quint64, qint64> lastOffset; //!< (queue, consumer) → last offset seen
    QList<Move> moves;
    QString violation;
    qint64 advances = 0;

    bool observe(const WorldSnapshot &snap)
    {
        for (qint32 q : queues) {
            const QList<qint32> who = owners(snap, q);
            if (who.size() > 1) {
                violation = QStringLiteral("%1 held by %2 consumers at %3")
                                .arg(queueName(*sim, q))
                                .arg(who.size())
                                .arg(snap.now);
                return false;
            }
            if (who.isEmpty()) {
                holder.remove(q);
                continue;
            }
            const qint32 c = who.first();
            const SnapshotHolding *h = holding(snap, q, c);
            if (!h->locked) {
                violation = QStringLiteral("%1 held unlocked by %2 at %3")
                                .arg(queueName(*sim, q))
                                .arg(c)
                                .arg(snap.now);
                return false;
            }
            const quint64 key = (quint64(quint32(q)) << 32) | quint32(c);
            Holder &cur = holder[q];
            if (cur.consumer != c || cur.createdAt != h->createdAt) {
                // A new process queue: it starts where the broker's offset was.
                const auto last = lastAdvance.constFind(q);
                if (last != lastAdvance.cend() && last->first != c) {
                    if (last->second >= h->createdAt) {
                        violation = QStringLiteral(
                            "%1: consumer %2 created its queue at %3, but %4 committed at %5")
                                        .arg(queueName(*sim, q))
                                        .arg(c)
                                        .arg(h->createdAt)
                                        .arg(last->first)
                                        .arg(last->second);
                        return false;
                    }
                    const quint64 fromKey = (quint64(quint32(q)) << 32) | quint32(last->first);
                    moves.append({ q, last->first, lastOffset.value(fromKey), c, h->consumedOffset,
                        h->createdAt });
                }
                cur = { c, h->createdAt, h->consumedOffset };
                lastOffset.insert(key, h->consumedOffset);
                continue;
            }
            if (h->consumedOffset != cur.offset) {
                if (h->consumedOffset < cur.offset) {
                    violation
                        = QStringLiteral("%1: consumer %2's offset went back from %3 to %4 at %5")
                              .arg(queueName(*sim, q))
                              .arg(c)
                              .arg(cur.offset)
                              .arg(h->consumedOffset)
                              .arg(snap.now);
                    return false;
                }
                const auto last = lastAdvance.constFind(q);
                if (last != lastAdvance.cend() && last->first != c
                    && last->second >= h->createdAt) {
                    violation = QStringLiteral("%1: %2 and %3 both consumed after %4")
                                    .arg(queueName(*sim, q))
                                    .arg(c)
                                    .arg(last->first)
                                    .arg(h->createdAt);
                    return false;
                }
                cur.offset = h->consumedOffset;
                lastOffset.insert(key, h->consumedOffset);
                lastAdvance.insert(q, { c, snap.now });
                ++advances;
            }
        }
        return true;
    }
};

} // namespace

class tst_Orderly : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void oneOwnerAtATimeInOrder_data();
    void oneOwnerAtATimeInOrder();
    void handOverWithABacklog_data();
    void handOverWithABacklog();
    void busyQueueAssignedBackWaitsForPullExpiry_data();
    void busyQueueAssignedBackWaitsForPullExpiry();
};

void tst_Orderly::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Orderly::oneOwnerAtATimeInOrder_data()
{
    QTest::addColumn<ScenarioEvent::Action>("action");
    QTest::newRow("join: the old owners give queues up") << ScenarioEvent::Action::Join;
    QTest::newRow("shutdown: unlockAll frees the locks") << ScenarioEvent::Action::Shutdown;
    QTest::newRow("kill: the locks expire on the broker") << ScenarioEvent::Action::Kill;
}

void tst_Orderly::oneOwnerAtATimeInOrder()
{
    QFETCH(ScenarioEvent::Action, action);
    const WorldSpec spec = orderlyWorld();
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    OrderlyWatch watch;
    watch.sim = &sim;
    watch.queues = topicQueues(sim);

    // Consumer 1 started at 3 s: its lockAll runs at 4 s, 24 s, 44 s, … (fixed rate). The command
    // comes 300 ms after the 44 s renewal reached the brokers.
    const qint32 leaver = 1;
    const SimTime lastRenewal = spec.stagger + kLockAllDelay + 2 * kLockInterval;
    const SimTime t = lastRenewal + 300;
    QVERIFY2(runChecking(sim, t, 1, [&](const WorldSnapshot &snap) { return watch.observe(snap); }),
        qPrintable(watch.violation));
    QVERIFY(
        watch.moves.isEmpty() || watch.moves.last().at < 10 * kSecond); // only the start-up ones
    const qsizetype startupMoves = watch.moves.size();
    const QList<qint32> leaving = heldBy(sim.snapshot(), leaver, watch.queues);
    QVERIFY(!leaving.isEmpty());
    // The retry topic's queues are locked like any other (§5.2: rebalanced like any topic).
    const QList<qint32> leavingAll
        = leaving + heldBy(sim.snapshot(), leaver, topicQueues(sim, retryTopic()));
    const qint64 duplicatesBefore = sim.totals().duplicates;

    ScenarioEvent e = command(action, clientId(leaver));
    if (action == ScenarioEvent::Action::Join) {
        e.group = kGroup;
        e.joining = consumerSpec(clientId(3), spec.consumeMs);
    }
    QCOMPARE(apply(sim, e), QString());
    QVERIFY2(runChecking(sim, t + 90 * kSecond, 1,
                 [&](const WorldSnapshot &snap) { return watch.observe(snap); }),
        qPrintable(watch.violation + QLatin1Char('\n') + eventLog(sim, t)));
    QVERIFY(watch.advances > 1000);
    const QList<OrderlyWatch::Move> moves = watch.moves.mid(startupMoves);
    QVERIFY2(!moves.isEmpty(), qPrintable(eventLog(sim, t)));
    const WorldSnapshot &end = sim.snapshot();
    QCOMPARE(end.totals.doubleOwnedQueueSeconds, 0.0);
    QCOMPARE(end.totals.orphanedQueues, 0);

    for (const OrderlyWatch::Move &m : moves) {
        const QString what = QStringLiteral("%1 from %2 (last %3) to %4 (first %5) at %6")
                                 .arg(queueName(sim, m.queue))
                                 .arg(m.from)
                                 .arg(m.fromLast)
                                 .arg(m.to)
                                 .arg(m.toFirst)
                                 .arg(m.at);
        if (action == ScenarioEvent::Action::Kill) {
            QVERIFY2(m.from == leaver && leaving.contains(m.queue), qPrintable(what));
            // The broker keeps the dead owner's lock until lockMaxLiveTime after its last
            // renewal; the others retry every second (rebalanceLater(500), not balanced → 1 s).
            QVERIFY2(m.at > lastRenewal + kLockMaxLive && m.at <= lastRenewal + kLockMaxLive + 1100,
                qPrintable(what + QStringLiteral(", renewed at %1").arg(lastRenewal)));
            // What the dead owner consumed after its last offset reached the broker comes again.
            QVERIFY2(m.toFirst <= m.fromLast, qPrintable(what));
        } else {
            // Committed, persisted and unlocked before the next owner could lock: it starts
            // exactly where the previous one stopped.
            QVERIFY2(m.toFirst == m.fromLast, qPrintable(what));
            QVERIFY2(m.at - t <= 1500, qPrintable(what));
        }
    }
    if (action == ScenarioEvent::Action::Kill) {
        // Meanwhile every attempt to lock them failed.
        QSet<qint32> failed;
        for (const SimEvent &e : events(sim, SimEvent::Type::LockFailed, t)) {
            failed.insert(e.queue);
            QVERIFY2(leavingAll.contains(e.queue), qPrintable(queueName(sim, e.queue)));
        }
        QCOMPARE(failed, QSet<qint32>(leavingAll.begin(), leavingAll.end()));
        QCOMPARE(qsizetype(moves.size()), leaving.size());
    } else {
        QVERIFY(events(sim, SimEvent::Type::LockFailed, t).isEmpty());
        const qint64 duplicates = sim.totals().duplicates - duplicatesBefore;
        if (action == ScenarioEvent::Action::Join) {
            // removeUnnecessaryMessageQueue waited for the listener call in progress (the
            // consume lock), so the hand-over re-delivered nothing.
            QCOMPARE(duplicates, qint64(0));
        } else {
            // Shutdown abandons the calls in progress (awaitTerminationMillisWhenShutdown 0):
            // at most one message per queue comes again.
            QVERIFY2(duplicates <= leaving.size(), qPrintable(QString::number(duplicates)));
        }
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Orderly::handOverWithABacklog_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::newRow("5.x") << Profile::V5;
    QTest::newRow("4.9") << Profile::V49;
}

void tst_Orderly::handOverWithABacklog()
{
    // The consumers are slower than production, so every process queue has cached messages when
    // a newcomer takes one over. 5.2+ waits for the listener call in progress (≤ 500 ms), commits
    // and unlocks at once; 4.x unlocks a queue that still has cached messages only 20 s later
    // (UNLOCK_DELAY_TIME_MILLS, §2.6), and its newcomer, with no rebalanceLater, tries again at
    // its next round.
    QFETCH(Profile, profile);
    WorldSpec spec = orderlyWorld();
    spec.profile = profile;
    spec.consumeMs = 15; // 66 messages/s against 100 per queue
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    OrderlyWatch watch;
    watch.sim = &sim;
    watch.queues = topicQueues(sim);
    const SimTime t = 44 * kSecond + 300;
    QVERIFY2(runChecking(sim, t, 1, [&](const WorldSnapshot &snap) { return watch.observe(snap); }),
        qPrintable(watch.violation));
    for (qint32 q : watch.queues) {
        QVERIFY(sim.snapshot().queues[q].lag > 100);
    }
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(3), spec.consumeMs);
    QCOMPARE(apply(sim, join), QString());
    QVERIFY2(runChecking(sim, t + 60 * kSecond, 1,
                 [&](const WorldSnapshot &snap) { return watch.observe(snap); }),
        qPrintable(watch.violation));
    const QList<qint32> taken = heldBy(sim.snapshot(), 3, watch.queues);
    QVERIFY(!taken.isEmpty());
    for (qint32 q : taken) {
        const SimEvent *released = firstRemoved(sim, q, t);
        const SimEvent *added = firstAdded(sim, q, t, 3);
        QVERIFY(released && added);
        const SimTime gap = added->t - released->t;
        if (profile == Profile::V5) {
            QVERIFY2(added->t - t <= 1500, qPrintable(eventLog(sim, t, t + 3000)));
        } else {
            QVERIFY2(gap >= 20 * kSecond && gap <= 40 * kSecond + 50,
                qPrintable(QStringLiteral("%1 released at %2, locked by the newcomer at %3\n%4")
                               .arg(queueName(sim, q))
                               .arg(released->t)
                               .arg(added->t)
                               .arg(eventLog(sim, t, t + 45000))));
        }
    }
    QCOMPARE(sim.totals().doubleOwnedQueueSeconds, 0.0);
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Orderly::busyQueueAssignedBackWaitsForPullExpiry_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::addColumn<SimTime>("roundPeriod"); // how often an unbalanced consumer rebalances
    // 5.2+: an unbalanced round (a dropped queue is not in the working set) retries after
    // rocketmq.client.rebalance.minInterval, 1000 ms (RebalanceService.run).
    QTest::newRow("5.x") << Profile::V5 << SimTime(1000);
    // 4.x: RebalanceService waits waitInterval, 20000 ms, between rounds.
    QTest::newRow("4.9") << Profile::V49 << SimTime(20000);
}

void tst_Orderly::busyQueueAssignedBackWaitsForPullExpiry()
{
    // A newcomer takes queues whose listener is busy (5 s a message): the old owner marks them
    // dropped, cannot take the consume lock within 500 ms (4.x: 1000 ms) and keeps them in its
    // table (removeUnnecessaryMessageQueue returns false). The newcomer leaves 2 s later and the
    // queues are assigned back. RebalanceImpl.updateProcessQueueTableInRebalance marks a queue
    // only when `!mqSet.contains(mq)` or `pq.isPullExpired()`, and adds only queues that
    // `!processQueueTable.containsKey(mq)`: the dropped queue is left alone, its pull request
    // died (`if (processQueue.isDropped()) return;` in pullMessage), and it stands still until
    // `now - lastPullTimestamp > PULL_MAX_IDLE_TIME` (120000 ms). Then it is removed (forced:
    // dropped and 20 s past its last lock) and re-created in the same round.
    QFETCH(Profile, profile);
    QFETCH(SimTime, roundPeriod);
    constexpr SimTime kPullMaxIdle = 120000; // ProcessQueue.PULL_MAX_IDLE_TIME
    constexpr SimTime kDispatchDelay = 500; // RebalancePushImpl.dispatchPullRequest (5.x)
    WorldSpec spec;
    spec.profile = profile;
    spec.mode = ConsumeMode::Orderly;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.consumers = 1;
    spec.produceRate = 40;
    spec.consumeMs = 5000;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim);
    // Both profiles' listeners run from about 0 s or 1.5 s in 5 s steps: at 32.5 s every queue
    // is in the middle of a call for longer than the removal waits.
    const SimTime joinAt = 32 * kSecond + 500;
    sim.runUntil(joinAt);
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(1), spec.consumeMs);
    QCOMPARE(apply(sim, join), QString());
    sim.runUntil(joinAt + 2 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Shutdown, clientId(1))), QString());

    // AVG over two consumers gives the newcomer queues 2 and 3; consumer 0 never let them go.
    const QList<qint32> busy = { queues[2], queues[3] };
    QHash<qint32, SimTime> lastPull;
    QHash<qint32, qint64> nextOffset;
    sim.runUntil(joinAt + 3 * kSecond);
    for (qint32 q : busy) {
        const SnapshotHolding *h = nullptr;
        for (const SnapshotHolding &row : sim.snapshot().holdings) {
            if (row.queue == q && row.consumer == 0) {
                h = &row;
            }
        }
        QVERIFY2(h && h->dropped, qPrintable(eventLog(sim, joinAt)));
        lastPull.insert(q, h->lastPullAt);
        nextOffset.insert(q, h->nextOffset);
        QVERIFY(h->lastPullAt <= joinAt + 2 * kSecond);
    }
    // The queues not taken go on as before.
    QCOMPARE(owners(sim.snapshot(), queues[0]), QList<qint32> { 0 });
    QVERIFY(firstRemoved(sim, queues[0], joinAt, 0) == nullptr);

    for (qint32 q : busy) {
        const SimEvent *back = firstAdded(sim, q, joinAt + 2 * kSecond, 0);
        const SimTime expiry = lastPull.value(q) + kPullMaxIdle; // isPullExpired: strictly later
        if (!back) {
            sim.runUntil(expiry + roundPeriod + 2 * kSecond);
            back = firstAdded(sim, q, joinAt + 2 * kSecond, 0);
        }
        QVERIFY2(back, qPrintable(eventLog(sim, joinAt)));
        QVERIFY2(back->removed.contains(q), qPrintable(eventLog(sim, joinAt, back->t)));
        QVERIFY2(back->t > expiry && back->t <= expiry + roundPeriod + 100,
            qPrintable(QStringLiteral("%1: last pull %2, re-created %3")
                           .arg(queueName(sim, q))
                           .arg(lastPull.value(q))
                           .arg(back->t)));
        // No rebalance touched it in between.
        const SimEvent *removed = firstRemoved(sim, q, joinAt, 0);
        QVERIFY(removed && removed->t == back->t);
    }
    // Idle meanwhile: nothing was pulled. Its next pull comes 500 ms after the re-creation (5.x).
    const SimTime backAt = firstAdded(sim, busy[0], joinAt + 2 * kSecond, 0)->t;
    sim.runUntil(backAt + kDispatchDelay + 100);
    for (qint32 q : busy) {
        const SnapshotHolding *h = holding(sim.snapshot(), q, 0);
        QVERIFY(h && !h->dropped);
        QVERIFY(h->lastPullAt >= backAt);
        if (profile == Profile::V5) {
            QVERIFY(h->lastPullAt >= backAt + kDispatchDelay);
        }
        QVERIFY(h->nextOffset >= nextOffset.value(q));
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Orderly)
#include "tst_orderly.moc"
