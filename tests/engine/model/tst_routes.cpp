// SPDX-License-Identifier: Apache-2.0
// Route changes (spec §2.1, §2.4, issue #1467): the name server's route of a topic changes at once,
// but each consumer sees it only at its own next route poll (pollNameServerInterval, 30 s), and a
// route change does not trigger a rebalance: new queues are picked up at the next round. A broker
// whose read queue number drops to 0 leaves every consumer's route, and its queues are dropped.
#include "simtestsupport.h"

#include <allocation/allocationcase.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kRoutePoll = 30000;
constexpr SimTime kWaitInterval = 20000;

ScenarioEvent setQueues(const QString &broker, int count)
{
    ScenarioEvent e;
    e.action = ScenarioEvent::Action::SetQueues;
    e.topic = kTopic;
    e.broker = broker;
    e.count = count;
    return e;
}

//! The first RouteChanged of each consumer for the main topic after `from`.
QHash<qint32, SimTime> routeChanges(const Simulation &sim, SimTime from)
{
    QHash<qint32, SimTime> result;
    const qint32 main = qint32(sim.topicNames().indexOf(kTopic));
    for (const SimEvent &e : events(sim, SimEvent::Type::RouteChanged, from)) {
        if (e.topic == main && !result.contains(e.consumer)) {
            result.insert(e.consumer, e.t);
        }
    }
    return result;
}

//! AVG over the queues in route for the group's ids: queue → client id.
QHash<qint32, QString> avgOwners(
    const Simulation &sim, const QList<qint32> &queues, const QStringList &ids)
{
    AllocationCase c;
    c.id = QStringLiteral("routes");
    c.strategy = QStringLiteral("AVG");
    c.topic = kTopic;
    c.consumers = ids;
    for (qint32 q : queues) {
        const QueueInfo &info = sim.queues()[q];
        c.queues.append(MessageQueue { info.topic, info.brokerName, info.queueId });
    }
    const QJsonObject allocation
        = AllocationCaseRunner(registry()).answer(c).value(QStringLiteral("allocation")).toObject();
    QHash<qint32, QString> result;
    for (auto it = allocation.begin(); it != allocation.end(); ++it) {
        for (const QJsonValue &v : it.value().toArray()) {
            for (qint32 q : queues) {
                const QueueInfo &info = sim.queues()[q];
                if (info.brokerName == v.toObject().value(QStringLiteral("brokerName")).toString()
                    && info.queueId == v.toObject().value(QStringLiteral("queueId")).toInt()) {
                    result.insert(q, it.key());
                }
            }
        }
    }
    return result;
}

} // namespace

class tst_Routes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void scaleOutSeenAtTheNextRoutePoll();
    void zeroQueuesRemovesABroker();
};

void tst_Routes::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Routes::scaleOutSeenAtTheNextRoutePoll()
{
    WorldSpec spec;
    spec.queuesPerBroker = 4;
    spec.consumers = 3;
    spec.stagger = 7 * kSecond;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const SimTime t = 62 * kSecond;
    sim.runUntil(t);
    const double orphanedBefore = sim.totals().orphanedQueueSeconds;
    QCOMPARE(apply(sim, setQueues(QStringLiteral("broker-a"), 8)), QString());
    const QList<qint32> all = topicQueues(sim);
    QCOMPARE(all.size(), 12);
    QList<qint32> fresh;
    for (qint32 q : all) {
        if (sim.queues()[q].brokerName == QLatin1String("broker-a")
            && sim.queues()[q].queueId >= 4) {
            fresh.append(q);
        }
    }
    QCOMPARE(fresh.size(), 4);

    // Nobody holds a new queue before its own route poll has seen it.
    SimTime firstSeen = kNever;
    const bool ok = runChecking(
        sim, t + kRoutePoll + kWaitInterval + 2 * kSecond, 1, [&](const WorldSnapshot &snap) {
            const QHash<qint32, SimTime> seen = routeChanges(sim, t);
            for (qint32 q : fresh) {
                for (qint32 c : owners(snap, q)) {
                    if (!seen.contains(c)) {
                        return false;
                    }
                    firstSeen = std::min(firstSeen, seen.value(c));
                }
            }
            return true;
        });
    QVERIFY2(ok, qPrintable(eventLog(sim, t)));
    const QHash<qint32, SimTime> seen = routeChanges(sim, t);
    QCOMPARE(seen.size(), 3);
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        // At the consumer's own poll: every 30 s from 10 ms after its start (plus the name
        // server's round trip), within 30 s of the change.
        QVERIFY(it.value() > t && it.value() <= t + kRoutePoll + 2);
        QCOMPARE((it.value() - 2 - it.key() * spec.stagger - 10) % kRoutePoll, SimTime(0));
    }
    // The change itself triggered nothing: the new queues were first taken at a rebalance round
    // after a route poll, and until then they were orphaned (counted from the change on).
    QVERIFY(firstSeen > t);
    for (qint32 q : fresh) {
        const SimEvent *added = firstAdded(sim, q, t);
        QVERIFY(added);
        QVERIFY2(added->t >= seen.value(added->consumer)
                && added->t <= seen.value(added->consumer) + kWaitInterval + 50,
            qPrintable(QStringLiteral("%1 added at %2 by %3, route seen at %4")
                           .arg(queueName(sim, q))
                           .arg(added->t)
                           .arg(added->consumer)
                           .arg(seen.value(added->consumer))));
    }
    const double orphaned = sim.totals().orphanedQueueSeconds - orphanedBefore;
    const SimTime firstAdd = firstAdded(sim, fresh.first(), t)->t;
    QVERIFY2(orphaned >= 4.0 * double(std::min(firstAdd, firstSeen) - t) / 1000.0 - 0.01,
        qPrintable(QString::number(orphaned)));

    // In the end the group agrees on the 12 queues, as AVG allocates them.
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(snap.totals.orphanedQueues, 0);
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    const QHash<qint32, QString> expected
        = avgOwners(sim, all, { clientId(0), clientId(1), clientId(2) });
    for (qint32 q : all) {
        QCOMPARE(owners(snap, q).size(), 1);
        QCOMPARE(sim.consumers()[owners(snap, q).first()].id, expected.value(q));
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Routes::zeroQueuesRemovesABroker()
{
    WorldSpec spec;
    spec.queuesPerBroker = 4;
    spec.consumers = 3;
    spec.stagger = 7 * kSecond;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> all = topicQueues(sim);
    const QList<qint32> onB = all.mid(4);
    const SimTime t = 62 * kSecond;
    sim.runUntil(t);
    QCOMPARE(apply(sim, setQueues(QStringLiteral("broker-b"), 0)), QString());
    // broker-b's queues left the name server's route at once: no longer counted as orphaned.
    QVERIFY(!sim.snapshot().queues[onB.first()].readable);
    sim.runUntil(t + kRoutePoll + kWaitInterval + 2 * kSecond);
    const WorldSnapshot &snap = sim.snapshot();
    for (qint32 q : onB) {
        QVERIFY2(owners(snap, q).isEmpty(),
            qPrintable(queueName(sim, q) + QLatin1Char('\n') + eventLog(sim, t)));
        // Each holder dropped it after its own route poll.
        for (const SimEvent &e : sim.events()) {
            if (e.type == SimEvent::Type::Rebalance && e.t > t && e.removed.contains(q)) {
                QVERIFY(e.t >= routeChanges(sim, t).value(e.consumer, kNever));
            }
        }
    }
    QCOMPARE(routeChanges(sim, t).size(), 3);
    QCOMPARE(snap.totals.orphanedQueues, 0);
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    const QHash<qint32, QString> expected
        = avgOwners(sim, all.mid(0, 4), { clientId(0), clientId(1), clientId(2) });
    for (qint32 q : all.mid(0, 4)) {
        QCOMPARE(sim.consumers()[owners(snap, q).first()].id, expected.value(q));
    }
    // Nothing is produced there any more, and nothing was lost.
    const qint64 offset = snap.queues[onB.first()].brokerOffset;
    sim.runUntil(sim.now() + 5 * kSecond);
    QCOMPARE(sim.snapshot().queues[onB.first()].brokerOffset, offset);
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Routes)
#include "tst_routes.moc"
