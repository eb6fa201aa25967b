// SPDX-License-Identifier: Apache-2.0
// A broker stops and comes back (spec §2.4, §3.4, §3.5, §6.3, §7.1): producers move to the live
// broker at once; consumers learn the new route at their own next route poll (every 30 s) and
// rebalance; meanwhile their pulls to the dead broker fail and are retried every
// pullTimeDelayMillsWhenException. The restarted broker has the committed offsets of its last
// flush (every 5 s), so what was consumed after it is consumed again; consumers register with it
// again by heartbeat.
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kRoutePoll = 30000; // pollNameServerInterval
constexpr SimTime kRouteInitialDelay = 10; // MQClientInstance.startScheduledTask

ScenarioEvent brokerEvent(ScenarioEvent::Action action, const QString &broker)
{
    ScenarioEvent e;
    e.action = action;
    e.broker = broker;
    return e;
}

} // namespace

class tst_BrokerFailure : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void downAndUp_data();
    void downAndUp();
};

void tst_BrokerFailure::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_BrokerFailure::downAndUp_data()
{
    QTest::addColumn<SimTime>("retryDelay"); // pullTimeDelayMillsWhenException
    QTest::newRow("default 1000 ms") << SimTime(1000);
    QTest::newRow("700 ms") << SimTime(700);
}

void tst_BrokerFailure::downAndUp()
{
    QFETCH(SimTime, retryDelay);
    WorldSpec spec;
    spec.queuesPerBroker = 4;
    spec.consumers = 3;
    spec.produceRate = 2000;
    spec.stagger = 7 * kSecond;
    if (retryDelay != 1000) {
        spec.client.insert(QStringLiteral("pullTimeDelayMillsWhenException"), retryDelay);
    }
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> all = topicQueues(sim);
    const QList<qint32> onA = all.mid(0, 4);
    const QList<qint32> onB = all.mid(4, 4);
    const qint32 brokerB = 1;

    // The broker flushes consumerOffset.json every 5 s: at 60 s, and not again before 62.3 s.
    sim.runUntil(60 * kSecond - 1);
    const WorldSnapshot beforeFlush = sim.snapshot();
    sim.runUntil(60 * kSecond);
    const WorldSnapshot atFlush = sim.snapshot();
    const SimTime down = 62 * kSecond + 300;
    sim.runUntil(down);
    const WorldSnapshot atDown = sim.snapshot();
    QCOMPARE(atDown.totals.orphanedQueues, 0);
    QCOMPARE(apply(sim, brokerEvent(ScenarioEvent::Action::BrokerDown, QStringLiteral("broker-b"))),
        QString());
    QVERIFY(!sim.snapshot().brokerUp[brokerB]);

    // Who pulled broker-b's queues, and when each pull request came round again.
    QHash<qint32, QList<SimTime>> pullTimes;
    QHash<qint32, qint32> pullerOf;
    for (qint32 q : onB) {
        pullerOf.insert(q, owners(atDown, q).first());
    }
    runChecking(sim, down + 10 * kSecond, 1, [&](const WorldSnapshot &snap) {
        for (qint32 q : onB) {
            const SnapshotHolding *h = holding(snap, q, pullerOf[q]);
            if (h && (pullTimes[q].isEmpty() || pullTimes[q].last() != h->lastPullAt)) {
                pullTimes[q].append(h->lastPullAt);
            }
        }
        return true;
    });
    const WorldSnapshot tenLater = sim.snapshot();
    // Producers moved at once: broker-b's queues stopped, broker-a's took the whole rate.
    for (qint32 q : onB) {
        QCOMPARE(tenLater.queues[q].brokerOffset, atDown.queues[q].brokerOffset);
    }
    for (qint32 q : onA) {
        const qint64 grown = tenLater.queues[q].brokerOffset - atDown.queues[q].brokerOffset;
        QVERIFY2(qAbs(grown - 5000) <= 1, qPrintable(QString::number(grown)));
    }
    // Until its route poll drops them, a consumer retries its pulls to the dead broker every
    // pullTimeDelayMillsWhenException (the held pulls failed when the connection closed).
    for (qint32 q : onB) {
        const QList<SimTime> &times = pullTimes[q];
        int retries = 0;
        for (qsizetype i = 1; i < times.size(); ++i) {
            if (times[i - 1] > down) {
                QCOMPARE(times[i] - times[i - 1], retryDelay);
                ++retries;
            }
        }
        QVERIFY2(retries >= 2 || times.last() - down < 3 * retryDelay,
            qPrintable(QStringLiteral("%1: %2 retries").arg(queueName(sim, q)).arg(retries)));
    }

    // Each consumer learns the route at its own next poll (every 30 s from 10 ms after its start).
    sim.runUntil(down + kRoutePoll + 25 * kSecond);
    const qint32 main = qint32(sim.topicNames().indexOf(kTopic));
    for (qint32 c = 0; c < 3; ++c) {
        const SimEvent *changed = nullptr;
        for (const SimEvent &e : sim.events()) {
            if (e.type == SimEvent::Type::RouteChanged && e.consumer == c && e.topic == main
                && e.t > down) {
                changed = &e;
                break;
            }
        }
        QVERIFY2(changed, qPrintable(eventLog(sim, down)));
        QVERIFY(changed->t - down <= kRoutePoll + 5);
        const SimTime pollStart = changed->t - 2; // the name server's round trip
        QCOMPARE((pollStart - c * spec.stagger - kRouteInitialDelay) % kRoutePoll, SimTime(0));
    }
    // … and the group settled on broker-a's queues alone: nothing holds broker-b's, nothing of
    // broker-a's is orphaned (broker-b's are not in any route, so not counted).
    const WorldSnapshot whileDown = sim.snapshot();
    for (qint32 q : onB) {
        QVERIFY2(owners(whileDown, q).isEmpty(), qPrintable(queueName(sim, q)));
        QVERIFY(!whileDown.queues[q].readable);
    }
    for (qint32 q : onA) {
        QCOMPARE(owners(whileDown, q).size(), 1);
    }
    QCOMPARE(whileDown.totals.orphanedQueues, 0);

    // broker-b comes back with the offsets it flushed at 60 s.
    const SimTime up = sim.now();
    const qint64 duplicatesAtUp = sim.totals().duplicates;
    QCOMPARE(apply(sim, brokerEvent(ScenarioEvent::Action::BrokerUp, QStringLiteral("broker-b"))),
        QString());
    for (qint32 q : onB) {
        const qint64 committed = sim.snapshot().queues[q].committedOffset;
        QVERIFY2(committed >= beforeFlush.queues[q].committedOffset
                && committed <= atFlush.queues[q].committedOffset,
            qPrintable(
                QStringLiteral("%1: %2 after the restart").arg(queueName(sim, q)).arg(committed)));
    }
    // The first owner of each of broker-b's queues starts from that flushed offset (the consumers
    // dropped them, so nobody's memory has a later one), below what had been consumed.
    QHash<qint32, qint64> startedAt;
    runChecking(sim, up + 70 * kSecond, 1, [&](const WorldSnapshot &snap) {
        for (qint32 q : onB) {
            const QList<qint32> who = owners(snap, q);
            if (!startedAt.contains(q) && !who.isEmpty()) {
                startedAt.insert(q, holding(snap, q, who.first())->consumedOffset);
            }
        }
        return true;
    });
    qint64 atLeast = 0;
    for (qint32 q : onB) {
        const SnapshotHolding *h = holding(atDown, q, pullerOf[q]);
        QVERIFY2(startedAt.contains(q), qPrintable(queueName(sim, q)));
        QVERIFY2(startedAt[q] >= beforeFlush.queues[q].committedOffset
                && startedAt[q] <= atFlush.queues[q].committedOffset,
            qPrintable(
                QStringLiteral("%1 restarted at %2").arg(queueName(sim, q)).arg(startedAt[q])));
        QVERIFY(startedAt[q] < h->consumedOffset);
        atLeast += h->consumedOffset - startedAt[q];
    }
    QVERIFY(atLeast > 1000); // 2.3 s of 1000 messages/s: consumed after the flush, consumed again
    // Every consumer registered again (after its route poll brought broker-b back).
    for (qint32 c = 0; c < 3; ++c) {
        bool registered = false;
        for (const SimEvent &e : events(sim, SimEvent::Type::ChannelRegistered, up)) {
            registered = registered || (e.consumer == c && e.broker == brokerB);
        }
        QVERIFY2(registered,
            qPrintable(QStringLiteral("consumer %1\n%2").arg(c).arg(eventLog(sim, up))));
    }
    const WorldSnapshot &end = sim.snapshot();
    for (qint32 q : all) {
        QCOMPARE(owners(end, q).size(), 1);
    }
    QCOMPARE(end.totals.orphanedQueues, 0);
    // Those are duplicates. More come while the consumers re-register one by one: broker-b's
    // consumer list lacks those that have not yet, so consumers that ask it allocate with another
    // membership than those that ask broker-a, and share queues for a while (issue #1095).
    const qint64 duplicates = sim.totals().duplicates - duplicatesAtUp;
    QVERIFY2(duplicates >= atLeast,
        qPrintable(
            QStringLiteral("%1 duplicates, at least %2 expected").arg(duplicates).arg(atLeast)));
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_BrokerFailure)
#include "tst_brokerfailure.moc"
