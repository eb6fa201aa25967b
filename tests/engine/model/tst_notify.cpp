// SPDX-License-Identifier: Apache-2.0
// Who tells a group that its members changed (spec §7.2, §2.8): ConsumerManager's CHANGE events,
// DefaultConsumerIdsChangeListener's fan-out, and the client's heartbeat lock
// (MQClientInstance.lockHeartbeat) that the heartbeat after a rebalance change shares.
#include "simtestsupport.h"

#include <QTest>

Q_DECLARE_METATYPE(Rblab::ScenarioEvent::Action)

using namespace Rblab;
using namespace SimTest;

namespace {

QList<SimEvent> notifiesTo(const Simulation &sim, qint32 consumer, SimTime from, SimTime to)
{
    QList<SimEvent> result;
    for (const SimEvent &e : events(sim, SimEvent::Type::Notify, from, to)) {
        if (e.consumer == consumer) {
            result.append(e);
        }
    }
    return result;
}

//! The times of a consumer's Rebalance events for a topic, from `from` on.
QList<SimTime> rounds(const Simulation &sim, qint32 consumer, qint32 topic, SimTime from)
{
    QList<SimTime> result;
    for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance, from)) {
        if (e.consumer == consumer && e.topic == topic) {
            result.append(e.t);
        }
    }
    return result;
}

} // namespace

class tst_Notify : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void unregisterNotifiesWithoutAnEntry();
    void heartbeatAfterAChangeRunsOnTheRebalanceThread_data();
    void heartbeatAfterAChangeRunsOnTheRebalanceThread();
    void heartbeatAfterAChangeSkippedWhileAnotherHolds();
    void brokerAndGroupFlags_data();
    void brokerAndGroupFlags();
};

void tst_Notify::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Notify::unregisterNotifiesWithoutAnEntry()
{
    // A frozen consumer's channel expires on the broker (scanNotActiveChannel: removed, no
    // CHANGE). It is shut down while frozen and thaws later: its UNREGISTER_CLIENT finds no
    // entry. ConsumerManager.unregisterConsumer still fires CHANGE (it is guarded only by the
    // group being known, `if (null != consumerGroupInfo)`, and by the group's
    // notifyConsumerIdsChangedEnable, not by `unregisterChannel` having removed anything), so
    // the survivor is notified one latency after the request reaches the broker.
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.consumers = 2;
    spec.produceRate = 100;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(10 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Freeze, clientId(1))), QString());
    // channelExpiredTimeout 120 s, scanned every 10 s: removed at the 130 s scan.
    sim.runUntil(145 * kSecond);
    const QList<SimEvent> expired = events(sim, SimEvent::Type::ChannelExpired);
    QCOMPARE(expired.size(), 1);
    QCOMPARE(expired.first().t, 130 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Shutdown, clientId(1))), QString());
    sim.runUntil(146 * kSecond);
    const SimTime thaw = sim.now();
    QVERIFY(notifiesTo(sim, 0, 130 * kSecond, thaw).isEmpty());
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Unfreeze, clientId(1))), QString());
    sim.runUntil(thaw + 100);
    // The shutdown sequence runs at the thaw: UNREGISTER_CLIENT reaches the broker at thaw + 1
    // (latency 1), which answers and notifies at once.
    const QList<SimEvent> told = notifiesTo(sim, 0, thaw, thaw + 100);
    QVERIFY2(!told.isEmpty(), qPrintable(eventLog(sim, 125 * kSecond)));
    QCOMPARE(told.first().t, thaw + 1);
    // Nothing was removed, so no `unregistered` event.
    QVERIFY(events(sim, SimEvent::Type::Unregistered, thaw).isEmpty());
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Notify::heartbeatAfterAChangeRunsOnTheRebalanceThread_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::newRow("5.x") << Profile::V5;
    QTest::newRow("4.9") << Profile::V49;
}

void tst_Notify::heartbeatAfterAChangeRunsOnTheRebalanceThread()
{
    // RebalancePushImpl.messageQueueChanged calls sendHeartbeatToAllBrokerWithLock(V2) on the
    // rebalance thread, synchronously: the next topic of the same round (the retry topic) waits
    // for the heartbeat round, one HEART_BEAT per broker in turn. With latency L and 2 brokers:
    //   main topic changed at t1 (its Rebalance event)
    //   + heartbeat, 2 brokers × 2L
    //   + retry topic: GET_CONSUMER_LIST_BY_GROUP, 2L
    //   + its 2 new queues: QUERY_CONSUMER_OFFSET each, 2 × 2L (retry topic under
    //     CONSUME_FROM_LAST_OFFSET without an offset starts at 0: no GET_MAX_OFFSET)
    //   = t1 + 10L.
    QFETCH(Profile, profile);
    constexpr SimTime kLatency = 40;
    WorldSpec spec;
    spec.profile = profile;
    spec.latency = kLatency;
    spec.consumers = 1;
    Simulation sim(makeScenario(spec), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(10 * kSecond);
    const qint32 mainTopic = sim.queues()[topicQueues(sim).first()].topicIndex;
    const qint32 retry = sim.queues()[topicQueues(sim, retryTopic()).first()].topicIndex;
    const QList<SimTime> main = rounds(sim, 0, mainTopic, 0);
    const QList<SimTime> retried = rounds(sim, 0, retry, 0);
    QCOMPARE(main.size(), 1);
    QCOMPARE(retried.size(), 1);
    QCOMPARE(retried.first() - main.first(), 10 * kLatency);
}

void tst_Notify::heartbeatAfterAChangeSkippedWhileAnotherHolds()
{
    // The heartbeat lock is shared: the periodic heartbeat (MQClientInstance.startScheduledTask,
    // every 30 s from 1 s after the start) holds it while it waits for a broker the consumer is
    // cut off from (mqClientApiTimeout 3000 ms). A rebalance change meanwhile finds the lock
    // taken (`lockHeartbeat.tryLock()` fails: "lock heartBeat, but failed") and goes straight
    // on to the retry topic: 2L for its consumer list, nothing new to add. Were the heartbeat
    // its own, the retry topic would wait 2L + 3000 ms for it.
    WorldSpec spec;
    spec.consumers = 1;
    spec.queuesPerBroker = 2;
    spec.produceRate = 100;
    Scenario scenario = makeScenario(spec);
    ScenarioEvent cut = command(ScenarioEvent::Action::Partition, clientId(0));
    cut.at = 30 * kSecond + 500;
    cut.brokers = { QStringLiteral("broker-b") };
    ScenarioEvent join;
    join.at = 32 * kSecond;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(clientId(1));
    scenario.events = { cut, join };
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(40 * kSecond);
    const qint32 mainTopic = sim.queues()[topicQueues(sim).first()].topicIndex;
    const qint32 retry = sim.queues()[topicQueues(sim, retryTopic()).first()].topicIndex;
    // The periodic heartbeat started at 31 005 ms (1 s after the start, every 30 s) and holds
    // the lock until broker-b's call times out, 3000 ms after it was sent.
    const QList<SimTime> main = rounds(sim, 0, mainTopic, 32 * kSecond);
    const QList<SimTime> retried = rounds(sim, 0, retry, 32 * kSecond);
    QVERIFY2(main.size() == 1 && retried.size() == 1, qPrintable(eventLog(sim, 30 * kSecond)));
    QVERIFY(main.first() < 34 * kSecond);
    QCOMPARE(retried.first() - main.first(), SimTime(2)); // GET_CONSUMER_LIST_BY_GROUP, 2L
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Notify::brokerAndGroupFlags_data()
{
    QTest::addColumn<bool>("brokerFlag"); // BrokerConfig.notifyConsumerIdsChangedEnable
    QTest::addColumn<bool>("groupFlag"); // SubscriptionGroupConfig.notifyConsumerIdsChangedEnable
    QTest::addColumn<ScenarioEvent::Action>("action");
    QTest::addColumn<bool>("announced"); // the survivors are notified at once

    // DefaultConsumerIdsChangeListener.handle: `if (!brokerConfig.isNotifyConsumerIdsChanged…)
    // return;` before any CHANGE fan-out.
    // ConsumerManager.registerConsumer (a new channel, r1) and unregisterConsumer fire CHANGE
    // only `if (isNotifyConsumerIdsChangedEnable)`, the group's flag that ClientManageProcessor
    // passes; doChannelCloseEvent fires it for a removed channel without asking the group.
    using A = ScenarioEvent::Action;
    for (const bool broker : { true, false }) {
        for (const bool group : { true, false }) {
            const QByteArray flags = QByteArray("broker ") + (broker ? "on" : "off") + ", group "
                + (group ? "on" : "off");
            QTest::newRow((flags + ", join").constData())
                << broker << group << A::Join << (broker && group);
            // Shutdown: UNREGISTER_CLIENT removes the channel (CHANGE only with the group's flag),
            // then the closed channel finds nothing left to remove.
            QTest::newRow((flags + ", shutdown").constData())
                << broker << group << A::Shutdown << (broker && group);
            // Kill: only the closed channel tells, and it does not ask the group.
            QTest::newRow((flags + ", kill").constData()) << broker << group << A::Kill << broker;
        }
    }
}

void tst_Notify::brokerAndGroupFlags()
{
    QFETCH(bool, brokerFlag);
    QFETCH(bool, groupFlag);
    QFETCH(ScenarioEvent::Action, action);
    QFETCH(bool, announced);
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.consumers = 3;
    spec.stagger = kSecond;
    spec.produceRate = 100;
    spec.broker.insert(QStringLiteral("notifyConsumerIdsChangedEnable"), brokerFlag);
    Scenario scenario = makeScenario(spec);
    scenario.groups[0].notifyConsumerIdsChangedEnable = groupFlag;
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const SimTime t = 30 * kSecond;
    sim.runUntil(t);
    ScenarioEvent e = command(action, clientId(1));
    if (action == ScenarioEvent::Action::Join) {
        e.group = kGroup;
        e.joining = consumerSpec(clientId(3));
    }
    QCOMPARE(apply(sim, e), QString());
    sim.runUntil(t + 100);
    const QList<SimEvent> told = notifiesTo(sim, 0, t, t + 100);
    QVERIFY2(told.isEmpty() != announced, qPrintable(eventLog(sim, t, t + 100)));
    if (announced) {
        // One latency after the request or the FIN reached the broker.
        QVERIFY2(told.first().t - t <= 10, qPrintable(eventLog(sim, t, t + 100)));
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_Notify)
#include "tst_notify.moc"
