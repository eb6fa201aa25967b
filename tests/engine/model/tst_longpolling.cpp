// SPDX-License-Identifier: Apache-2.0
// Long polling (spec §3.5): a pull that finds nothing is held by PullRequestHoldService for the
// client's suspend timeout (15 s) and answered at the first hold-service scan (every 5 s) after it,
// so an idle queue is pulled every 15–20 s; a message arriving for a held pull wakes it at once;
// with longPollingEnable false the hold is shortPollingTimeMills (1 s) on a 1 s scan.
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

struct IdleWorld
{
    bool longPolling = true;
    SimTime latency = 1;
};

Scenario idleWorld(const IdleWorld &w)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 1;
    spec.produceRate = 0;
    spec.consumers = 1;
    spec.latency = w.latency;
    spec.broker.insert(QStringLiteral("longPollingEnable"), w.longPolling);
    return makeScenario(spec);
}

//! The times a queue's pull request was taken by pullMessage, at 1 ms resolution.
QList<SimTime> pulls(Simulation &sim, qint32 queue, SimTime until)
{
    QList<SimTime> result;
    runChecking(sim, until, 1, [&](const WorldSnapshot &snap) {
        const SnapshotHolding *h = holding(snap, queue, 0);
        if (h && (result.isEmpty() || result.last() != h->lastPullAt)
            && h->lastPullAt != h->createdAt) {
            result.append(h->lastPullAt);
        }
        return true;
    });
    return result;
}

QString list(const QList<SimTime> &times)
{
    QStringList parts;
    for (SimTime t : times) {
        parts.append(QString::number(t));
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

class tst_LongPolling : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void idleQueueIsHeldUntilTheScanAfterTheTimeout_data();
    void idleQueueIsHeldUntilTheScanAfterTheTimeout();
    void arrivingMessageWakesTheHeldPull_data();
    void arrivingMessageWakesTheHeldPull();
    void shortPollingAnswersAtTheScans_data();
    void shortPollingAnswersAtTheScans();
};

void tst_LongPolling::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_LongPolling::idleQueueIsHeldUntilTheScanAfterTheTimeout_data()
{
    QTest::addColumn<bool>("longPolling");
    QTest::addColumn<SimTime>("hold"); // suspendTimeoutMillis or shortPollingTimeMills
    QTest::addColumn<SimTime>("scan"); // PullRequestHoldService's period
    QTest::newRow("long polling") << true << SimTime(15000) << SimTime(5000);
    QTest::newRow("short polling") << false << SimTime(1000) << SimTime(1000);
}

void tst_LongPolling::idleQueueIsHeldUntilTheScanAfterTheTimeout()
{
    QFETCH(bool, longPolling);
    QFETCH(SimTime, hold);
    QFETCH(SimTime, scan);
    const SimTime latency = 1;
    Simulation sim(idleWorld({ longPolling, latency }), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim) + topicQueues(sim, retryTopic());
    QCOMPARE(queues.size(), 2);
    sim.runUntil(2 * kSecond);
    for (qint32 q : queues) {
        QVERIFY(holding(sim.snapshot(), q, 0));
    }
    const QList<SimTime> main = pulls(sim, queues[0], 100 * kSecond);
    QVERIFY2(main.size() >= (longPolling ? 5 : 50), qPrintable(list(main)));
    for (qsizetype i = 1; i < main.size(); ++i) {
        // Held `hold` after it arrived, answered at the next scan, back a latency later.
        const SimTime gap = main[i] - main[i - 1];
        QVERIFY2(
            gap >= hold + 2 * latency && gap <= hold + scan + 2 * latency, qPrintable(list(main)));
        QVERIFY2((main[i] - latency) % scan == 0, qPrintable(list(main)));
    }
    // Nothing was there to deliver, and every pull came back (NO_NEW_MSG, pulled again at once).
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(snap.consumers[0].delivered, qint64(0));
    QCOMPARE(holding(snap, queues[0], 0)->nextOffset, qint64(0));
}

void tst_LongPolling::arrivingMessageWakesTheHeldPull_data()
{
    QTest::addColumn<SimTime>("latency");
    QTest::newRow("1 ms") << SimTime(1);
    QTest::newRow("5 ms") << SimTime(5);
    QTest::newRow("40 ms") << SimTime(40);
}

void tst_LongPolling::arrivingMessageWakesTheHeldPull()
{
    QFETCH(SimTime, latency);
    Simulation sim(idleWorld({ true, latency }), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond + 500);
    // One message a second from now on: the first arrives at t0 + 1 s, while a pull is held.
    const SimTime t0 = sim.now();
    ScenarioEvent rate;
    rate.action = ScenarioEvent::Action::SetProduceRate;
    rate.topic = kTopic;
    rate.rate = 1;
    QCOMPARE(apply(sim, rate), QString());
    QList<SimTime> deliveries;
    qint64 delivered = 0;
    runChecking(sim, t0 + 10 * kSecond + 500, 1, [&](const WorldSnapshot &snap) {
        if (snap.consumers[0].delivered != delivered) {
            delivered = snap.consumers[0].delivered;
            deliveries.append(snap.now);
        }
        return true;
    });
    QCOMPARE(deliveries.size(), 10);
    for (qsizetype k = 0; k < deliveries.size(); ++k) {
        // NotifyMessageArrivingListener answers the held pull when the message is stored; the
        // answer travels one latency and the listener gets the message on arrival.
        const SimTime arrival = t0 + (k + 1) * kSecond;
        const SimTime delay = deliveries[k] - arrival;
        QVERIFY2(delay >= latency && delay <= 2 * latency,
            qPrintable(QStringLiteral("message %1 stored at %2, delivered at %3")
                           .arg(k)
                           .arg(arrival)
                           .arg(deliveries[k])));
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_LongPolling::shortPollingAnswersAtTheScans_data()
{
    QTest::addColumn<SimTime>("latency");
    QTest::newRow("1 ms") << SimTime(1);
    QTest::newRow("40 ms") << SimTime(40);
}

void tst_LongPolling::shortPollingAnswersAtTheScans()
{
    // longPollingEnable false: the store calls the message-arriving listener only when
    // `brokerConfig.isLongPollingEnable()` (DefaultMessageStore, reput / notifyMessageArrive…),
    // so a held pull is answered by PullRequestHoldService.checkHoldRequest, which runs every
    // `waitForRunning(shortPollingTimeMills)` (1000 ms) and wakes a request when the queue's
    // max offset passed its offset. Ten messages a second: each scan answers with what arrived
    // since the last one, and the lag climbs to about 10 and drops to 0 once a second.
    QFETCH(SimTime, latency);
    constexpr SimTime kShortPollingTimeMills = 1000; // BrokerConfig.shortPollingTimeMills
    Simulation sim(idleWorld({ false, latency }), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(30 * kSecond + 500);
    const SimTime t0 = sim.now();
    ScenarioEvent rate;
    rate.action = ScenarioEvent::Action::SetProduceRate;
    rate.topic = kTopic;
    rate.rate = 10;
    QCOMPARE(apply(sim, rate), QString());
    const qint32 queue = topicQueues(sim).first();
    QList<SimTime> deliveries;
    qint64 delivered = 0;
    qint64 maxLag = 0;
    runChecking(sim, t0 + 20 * kSecond, 1, [&](const WorldSnapshot &snap) {
        if (snap.consumers[0].delivered != delivered) {
            delivered = snap.consumers[0].delivered;
            deliveries.append(snap.now);
        }
        maxLag = std::max(maxLag, snap.queues[queue].lag);
        return true;
    });
    QVERIFY2(deliveries.size() >= 15, qPrintable(list(deliveries)));
    for (qsizetype k = 0; k < deliveries.size(); ++k) {
        // Answered at a scan (the broker's hold service runs on multiples of 1000 ms from its
        // start), and the answer travels one latency.
        QVERIFY2(
            (deliveries[k] - latency) % kShortPollingTimeMills == 0, qPrintable(list(deliveries)));
        if (k > 0) {
            QVERIFY2(deliveries[k] - deliveries[k - 1] >= kShortPollingTimeMills,
                qPrintable(list(deliveries)));
        }
    }
    // The sawtooth. Lag is the broker's max offset minus the group's committed offset, and the
    // commit rides on the next pull (pullMessage's commitOffset), which is sent as soon as an
    // answer is cached, before its batch is consumed: the broker learns of a scan's batch with
    // the pull answered at the following scan. So the lag climbs for two scans: 2 × 10 messages
    // (at 1 ms latency exactly 20, plus what arrives during a longer round trip), and the
    // consumer is idle in between. Long polling keeps it at 1 or 2.
    QVERIFY2(maxLag >= 19, qPrintable(QString::number(maxLag)));
    if (latency == 1) {
        QCOMPARE(maxLag, qint64(20));
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_LongPolling)
#include "tst_longpolling.moc"
