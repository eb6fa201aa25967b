// SPDX-License-Identifier: Apache-2.0
// consumeTimeout and cleanExpireMsg (rocketmq-pop-spec.md §6).
//
// ConsumeMessageConcurrentlyService.start:
//     cleanExpireExecutor.scheduleAtFixedRate(() -> cleanExpireMsg(),
//         consumeTimeout, consumeTimeout, TimeUnit.MINUTES);                    // 15 by default
// ProcessQueue.cleanExpiredMsg (concurrent consumers only):
//     int loop = msgTreeMap.size() < 16 ? msgTreeMap.size() : 16;
//     for (int i = 0; i < loop; i++) {
//         msg = msgTreeMap.firstEntry().getValue();
//         if (System.currentTimeMillis() - CONSUME_START_TIME(msg) > consumeTimeout * 60 * 1000)
//             else break;
//         pushConsumer.sendMessageBack(msg, 3);          // delay level 3 (10 s)
//         if (msg.getQueueOffset() == msgTreeMap.firstKey()) removeMessage(singletonList(msg));
//     }
// The listener thread is not interrupted; the queue's offset moves past the message at the next
// completed call; until then the committed offset is stuck at the hung message.
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

constexpr SimTime kHangAt = kMinute;
constexpr SimTime kHangWindow = 500; // calls started in [1:00, 1:00.5) hang
constexpr SimTime kHangFor = 40 * kMinute;

Scenario hangWorld(qint64 consumeTimeoutMinutes, ConsumeMode mode, Profile profile = Profile::V5)
{
    WorldSpec spec;
    spec.profile = profile;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 1;
    spec.produceRate = 10;
    spec.consumers = 1;
    spec.mode = mode;
    spec.client.insert(QStringLiteral("consumeTimeout"), consumeTimeoutMinutes);
    return makeScenario(spec);
}

ScenarioEvent setConsumeTime(double ms)
{
    ScenarioEvent e = command(ScenarioEvent::Action::SetConsumeTime, clientId(0));
    e.consumeTime.meanMs = ms;
    return e;
}

struct HangRun
{
    qint64 hung = 0; //!< listener calls that started during the window
    QList<SimEvent> timeouts;
    qint64 committedBefore = -1; //!< the queue's committed offset just before the first clean-up
    qint64 committedAfter = -1; //!< a minute after it
    qint64 maxSpan = 0;
    qint64 deliveredBefore = 0; //!< by the consumer, just before the first clean-up
    qint64 retried = 0;
};

ScenarioEvent setFailureRate(double rate)
{
    ScenarioEvent e = command(ScenarioEvent::Action::SetFailureRate, clientId(0));
    e.failureRate = rate;
    return e;
}

/*!
    Calls that start in [1:00, 1:00.5) take 40 minutes; with `failing` they then return
    RECONSUME_LATER.
*/
HangRun runHang(qint64 consumeTimeoutMinutes, ConsumeMode mode, SimTime until,
    Profile profile = Profile::V5, bool failing = false)
{
    HangRun run;
    Simulation sim(hangWorld(consumeTimeoutMinutes, mode, profile), registry());
    if (!sim.isValid()) {
        qWarning("%s", qPrintable(sim.error()));
        return run;
    }
    const qint32 queue = topicQueues(sim).value(0);
    sim.runUntil(kHangAt);
    const qint64 before = sim.snapshot().consumers[0].delivered;
    apply(sim, setConsumeTime(double(kHangFor)));
    if (failing) {
        apply(sim, setFailureRate(1.0));
    }
    sim.runUntil(kHangAt + kHangWindow);
    run.hung = sim.snapshot().consumers[0].delivered - before;
    apply(sim, setConsumeTime(1.0));
    if (failing) {
        apply(sim, setFailureRate(0.0));
    }
    const SimTime firstClean = 2 * consumeTimeoutMinutes * kMinute; // the first that finds one
    runChecking(sim, firstClean - 1, 10 * kSecond, [&](const WorldSnapshot &snap) {
        if (const SnapshotHolding *h = holding(snap, queue, 0)) {
            run.maxSpan = std::max(run.maxSpan, h->maxSpan);
        }
        return true;
    });
    sim.runUntil(firstClean - 1);
    run.committedBefore = sim.snapshot().queues[queue].committedOffset;
    run.deliveredBefore = sim.snapshot().consumers[0].delivered;
    sim.runUntil(std::min(until, firstClean + kMinute));
    run.committedAfter = sim.snapshot().queues[queue].committedOffset;
    sim.runUntil(until);
    run.timeouts = events(sim, SimEvent::Type::ConsumeTimeout);
    run.retried = sim.totals().retried;
    return run;
}

} // namespace

class tst_ConsumeTimeout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hungMessagesAreSentBackAfterTheTimeout_data();
    void hungMessagesAreSentBackAfterTheTimeout();
    void lateFailureSendsASecondCopyOnlyIn4x_data();
    void lateFailureSendsASecondCopyOnlyIn4x();
    void orderlyConsumersNeverExpireMessages();
};

void tst_ConsumeTimeout::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_ConsumeTimeout::hungMessagesAreSentBackAfterTheTimeout_data()
{
    QTest::addColumn<qint64>("consumeTimeout");
    // Calls hang from 1:00. With a period of T minutes the runs are at T, 2T, …: at T the hung
    // calls are T − 1 minutes old (≤ T: kept), at 2T they are 2T − 1 > T: sent back.
    QTest::newRow("15 min (default): sent back at 30:00") << qint64(15);
    QTest::newRow("5 min: sent back at 10:00") << qint64(5);
}

void tst_ConsumeTimeout::hungMessagesAreSentBackAfterTheTimeout()
{
    QFETCH(qint64, consumeTimeout);
    const HangRun run = runHang(consumeTimeout, ConsumeMode::Concurrently, 45 * kMinute);
    // 10 msg/s: about 5 calls start in the half-second window.
    QVERIFY2(run.hung >= 3 && run.hung <= 7, qPrintable(QString::number(run.hung)));
    // Each hung message is sent back once, all in the first run that finds them old enough.
    QCOMPARE(qint64(run.timeouts.size()), run.hung);
    const SimTime expected = 2 * consumeTimeout * kMinute;
    for (const SimEvent &e : run.timeouts) {
        QCOMPARE(e.t, expected);
    }
    // Consecutive offsets, from the first hung one up.
    for (qsizetype i = 1; i < run.timeouts.size(); ++i) {
        QCOMPARE(run.timeouts[i].detail.toLongLong(), run.timeouts[i - 1].detail.toLongLong() + 1);
    }
    const qint64 firstHung = run.timeouts.value(0).detail.toLongLong();
    // About 600 messages were produced by 1:00 (10 msg/s).
    QVERIFY2(firstHung >= 590 && firstHung <= 610, qPrintable(QString::number(firstHung)));
    // Until then the committed offset stayed at the hung message (the smallest cached offset)
    // while the 15 other threads consumed everything after it: the cache holds the hung calls'
    // messages only, so its span stays small and the span check never stops the pulls.
    QCOMPARE(run.committedBefore, firstHung);
    QVERIFY2(run.maxSpan < 10, qPrintable(QString::number(run.maxSpan)));
    const qint64 producedBefore = (expected - 1) / 100;
    QVERIFY2(run.deliveredBefore >= producedBefore - 3,
        qPrintable(QStringLiteral("%1 of %2").arg(run.deliveredBefore).arg(producedBefore)));
    // Then the queue moves on and catches up with production (10 msg/s).
    QVERIFY2(run.committedAfter >= (expected + kMinute) / 100 - 50,
        qPrintable(QString::number(run.committedAfter)));
    // Each went to %RETRY% (sendMessageBack: retried on the broker).
    QCOMPARE(run.retried, run.hung);
}

void tst_ConsumeTimeout::lateFailureSendsASecondCopyOnlyIn4x_data()
{
    QTest::addColumn<int>("profile");
    QTest::addColumn<qint64>("copiesPerMessage");
    // The hung calls return RECONSUME_LATER at 41:00, after cleanExpireMsg sent them back at
    // 30:00. 5.1.0+ (ConsumeMessageConcurrentlyService.processConsumeResult) sends back only
    // messages the process queue still contains (apache/rocketmq #5481): nothing more. 4.x
    // sends every message of the failed batch back: a second copy each.
    QTest::newRow("5.x: one copy") << int(Profile::V5) << qint64(1);
    QTest::newRow("4.9: two copies") << int(Profile::V49) << qint64(2);
}

void tst_ConsumeTimeout::lateFailureSendsASecondCopyOnlyIn4x()
{
    QFETCH(int, profile);
    QFETCH(qint64, copiesPerMessage);
    const HangRun run
        = runHang(15, ConsumeMode::Concurrently, 42 * kMinute, Profile(profile), true);
    QVERIFY(run.hung >= 3);
    QCOMPARE(qint64(run.timeouts.size()), run.hung);
    QCOMPARE(run.retried, copiesPerMessage * run.hung);
}

void tst_ConsumeTimeout::orderlyConsumersNeverExpireMessages()
{
    const HangRun run = runHang(5, ConsumeMode::Orderly, 15 * kMinute);
    QVERIFY(run.hung >= 1);
    QCOMPARE(run.timeouts.size(), 0);
    QCOMPARE(run.retried, qint64(0));
}

QTEST_GUILESS_MAIN(tst_ConsumeTimeout)
#include "tst_consumetimeout.moc"
