// SPDX-License-Identifier: Apache-2.0
// Several consumer groups in one process sharing one MQClientInstance (rocketmq-pop-spec.md §7):
// one RebalanceService for all groups (a wake-up for one group is a round for all, one group's
// "not balanced" retry drives the others), one scheduler thread (heartbeats on the first
// member's schedule), one process (a kill or a hang takes every group along), and
// registerConsumer's refusal of a second consumer of one group.
#include "simtestsupport.h"

#include <scenario/scenarioreader.h>
#include <scenario/scenariowriter.h>

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

const QString kOther = QStringLiteral("audit_group");
const QString kOtherTopic = QStringLiteral("AuditTopic");
const QString kShared = QStringLiteral("10.0.0.1@app");

/*
    demo_group on TopicTest and audit_group on AuditTopic, one broker, 4 queues each. "a1"
    (demo_group) and "b1" (audit_group) have the id 10.0.0.1@app; with `shared` they name the
    instanceName "app" and are one process. "a2" (demo_group) and "b2" (audit_group) are
    processes of their own. b1 starts `b1Start` after a1, b2 at 7 s, a2 at 9 s.
*/
Scenario twoGroups(bool shared, SimTime b1Start = 3 * kSecond)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.consumers = 0;
    spec.produceRate = 100;
    Scenario scenario = makeScenario(spec);
    TopicSpec audit = scenario.topics[0];
    audit.name = kOtherTopic;
    scenario.topics.append(audit);
    GroupSpec other = scenario.groups[0];
    other.name = kOther;
    other.topics = { kOtherTopic };
    ConsumerSpec a1 = consumerSpec(kShared);
    a1.name = QStringLiteral("a1");
    ConsumerSpec a2 = consumerSpec(clientId(1), 1.0, 9 * kSecond);
    a2.name = QStringLiteral("a2");
    ConsumerSpec b1 = consumerSpec(kShared, 1.0, b1Start);
    b1.name = QStringLiteral("b1");
    ConsumerSpec b2 = consumerSpec(clientId(2), 1.0, 7 * kSecond);
    b2.name = QStringLiteral("b2");
    if (shared) {
        a1.instanceName = QStringLiteral("app");
        b1.instanceName = QStringLiteral("app");
    }
    scenario.groups[0].consumers = { a1, a2 };
    other.consumers = { b1, b2 };
    scenario.groups.append(other);
    return scenario;
}

qint32 topicIndex(const Simulation &sim, const QString &topic)
{
    return qint32(sim.topicNames().indexOf(topic));
}

//! When consumer c last ran a rebalance round for a topic (its view's time), or -1.
SimTime lastRound(Simulation &sim, qint32 c, const QString &topic)
{
    const ConsumerView *v = view(sim.snapshot(), c, topicIndex(sim, topic));
    return v ? v->at : -1;
}

} // namespace

class tst_SharedInstance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void notificationForOneGroupRebalancesBoth_data();
    void notificationForOneGroupRebalancesBoth();
    void notBalancedRetryDrivesTheOtherGroup();
    void killTakesTheWholeProcess();
    void heartbeatsFollowTheInstance_data();
    void heartbeatsFollowTheInstance();
    void secondConsumerOfAGroupIsRefused();
    void aJoinIntoATakenInstanceIsRefused();
    void instanceNameIsSavedAndReadBack();
};

void tst_SharedInstance::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_SharedInstance::notificationForOneGroupRebalancesBoth_data()
{
    QTest::addColumn<bool>("shared");
    QTest::newRow("one MQClientInstance") << true;
    QTest::newRow("two processes") << false;
}

void tst_SharedInstance::notificationForOneGroupRebalancesBoth()
{
    QFETCH(bool, shared);
    Simulation sim(twoGroups(shared), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const qint32 a1 = sim.consumerIndex(QStringLiteral("a1"));
    const qint32 b1 = sim.consumerIndex(QStringLiteral("b1"));
    sim.runUntil(6 * kSecond);
    const SimTime before = lastRound(sim, a1, kTopic);
    if (shared) {
        // b1's start (DefaultMQPushConsumerImpl.start → rebalanceImmediately) at 3 s woke the
        // shared RebalanceService: demo_group's round ran again then.
        QVERIFY2(before >= 3 * kSecond && before < 3 * kSecond + 50,
            qPrintable(QString::number(before)));
    } else {
        QVERIFY2(before > 0 && before < 3 * kSecond, qPrintable(QString::number(before)));
    }
    // b2 joins audit_group at 7 s: the broker notifies b1 at 7.005 s (NOTIFY_CONSUMER_IDS_CHANGED),
    // ClientRemotingProcessor.notifyConsumerIdsChanged → MQClientInstance.rebalanceImmediately.
    sim.runUntil(8 * kSecond);
    const QList<SimEvent> notes = events(sim, SimEvent::Type::Notify, 7 * kSecond);
    QVERIFY(!notes.isEmpty());
    QCOMPARE(notes.first().consumer, b1);
    const SimTime notified = notes.first().t;
    const SimTime aRound = lastRound(sim, a1, kTopic);
    const SimTime bRound = lastRound(sim, b1, kOtherTopic);
    QVERIFY2(bRound >= notified && bRound < notified + 50, qPrintable(QString::number(bRound)));
    if (shared) {
        // One RebalanceService: the wake-up runs MQClientInstance.doRebalance, every group in
        // registration order, so demo_group's round comes first, at the notification's instant
        // (its consumer-list RPC, 2 × 1 ms latency, ends the round), and audit_group's after it.
        QVERIFY2(aRound >= notified && aRound <= notified + 10,
            qPrintable(QStringLiteral("a1's round at %1, notify at %2").arg(aRound).arg(notified)));
        QVERIFY(bRound > aRound);
    } else {
        // Another process: demo_group's round stays where it was (its next one is 20 s later).
        QCOMPARE(aRound, before);
    }
}

void tst_SharedInstance::notBalancedRetryDrivesTheOtherGroup()
{
    // A paused consumer is "not balanced" (5.x RebalanceImpl.doRebalance returns false while
    // paused), so RebalanceService waits minInterval (1000 ms) instead of waitInterval (20 s):
    // for every group of the instance.
    Simulation sim(twoGroups(true), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const qint32 a1 = sim.consumerIndex(QStringLiteral("a1"));
    sim.runUntil(30 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Pause, QStringLiteral("b1"))), QString());
    // The next periodic round finds b1 paused; from then on a round each second.
    sim.runUntil(55 * kSecond);
    const SimTime first = lastRound(sim, a1, kTopic);
    sim.runUntil(55 * kSecond + 1000);
    const SimTime second = lastRound(sim, a1, kTopic);
    sim.runUntil(55 * kSecond + 2000);
    const SimTime third = lastRound(sim, a1, kTopic);
    // RebalanceService.run (5.2+) sets lastRebalanceTimestamp when doRebalance returns and
    // waits minInterval from there: a round begins 1000 ms after the previous one ended. The
    // round is a1's two GET_CONSUMER_LIST_BY_GROUP calls (TopicTest, %RETRY%demo_group; 2 × 1 ms
    // each) and b1's immediate "not balanced": 4 ms. a1's view moves by 1000 + 4 ms.
    QCOMPARE(second - first, SimTime(1000 + 4));
    QCOMPARE(third - second, SimTime(1000 + 4));

    // Two processes: the pause of b1 leaves a1's cadence alone (20 s).
    Simulation apart(twoGroups(false), registry());
    const qint32 a1Apart = apart.consumerIndex(QStringLiteral("a1"));
    apart.runUntil(30 * kSecond);
    QCOMPARE(apply(apart, command(ScenarioEvent::Action::Pause, QStringLiteral("b1"))), QString());
    apart.runUntil(55 * kSecond);
    const SimTime alone = lastRound(apart, a1Apart, kTopic);
    apart.runUntil(55 * kSecond + 2000);
    QCOMPARE(lastRound(apart, a1Apart, kTopic), alone);
}

void tst_SharedInstance::killTakesTheWholeProcess()
{
    Simulation sim(twoGroups(true), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const qint32 a1 = sim.consumerIndex(QStringLiteral("a1"));
    const qint32 a2 = sim.consumerIndex(QStringLiteral("a2"));
    const qint32 b1 = sim.consumerIndex(QStringLiteral("b1"));
    const qint32 b2 = sim.consumerIndex(QStringLiteral("b2"));
    sim.runUntil(60 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Kill, QStringLiteral("b1"))), QString());
    // Both groups' consumers die at the command's instant; the log says which went along.
    const QList<SimEvent> kills = events(sim, SimEvent::Type::Kill, 60 * kSecond);
    QCOMPARE(kills.size(), 2);
    QCOMPARE(kills.at(0).consumer, b1);
    QVERIFY2(kills.at(0).detail.contains(QStringLiteral("a1")), qPrintable(kills.at(0).detail));
    QCOMPARE(kills.at(1).consumer, a1);
    QVERIFY2(kills.at(1).detail.contains(QStringLiteral("b1")), qPrintable(kills.at(1).detail));
    QCOMPARE(sim.snapshot().consumers.at(a1).state, ConsumerState::Killed);
    QCOMPARE(sim.snapshot().consumers.at(b1).state, ConsumerState::Killed);
    // The brokers see both channels close one latency later and notify both groups: each
    // survivor holds its topic's 4 queues after its rebalance.
    sim.runUntil(61 * kSecond);
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(heldBy(snap, a2, topicQueues(sim, kTopic)).size(), 4);
    QCOMPARE(heldBy(snap, b2, topicQueues(sim, kOtherTopic)).size(), 4);
    for (const SimEvent &e : events(sim, SimEvent::Type::ChannelClosed, 60 * kSecond)) {
        QCOMPARE(e.t, 60 * kSecond + 1);
    }
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_SharedInstance::heartbeatsFollowTheInstance_data()
{
    QTest::addColumn<bool>("shared");
    QTest::addColumn<bool>("sameExpiry");
    QTest::newRow("one MQClientInstance: one heartbeat thread") << true << true;
    QTest::newRow("two processes: their own heartbeats") << false << false;
}

void tst_SharedInstance::heartbeatsFollowTheInstance()
{
    QFETCH(bool, shared);
    QFETCH(bool, sameExpiry);
    // b1 starts 15 s after a1. MQClientInstance.startScheduledTask heartbeats every
    // heartbeatBrokerInterval (30 s), the first 1 s after the instance started: a shared
    // instance sends b1's ConsumerData with a1's at a1's times (1 s, 31 s, 61 s, …); b1 alone
    // would send at 16 s, 46 s, 76 s. A hang at 65 s stops them: the broker expires a channel
    // 120 s (channelExpiredTimeout) after its last heartbeat, at its next 10 s scan. Shared:
    // both last heartbeats at 61 s → both expire at the scan after 181 s. Apart: 61 s and 46 s
    // → scans 15 s apart at least.
    Simulation sim(twoGroups(shared, 15 * kSecond), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const qint32 a1 = sim.consumerIndex(QStringLiteral("a1"));
    const qint32 b1 = sim.consumerIndex(QStringLiteral("b1"));
    sim.runUntil(65 * kSecond);
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Freeze, QStringLiteral("a1"))), QString());
    if (!shared) {
        QCOMPARE(
            apply(sim, command(ScenarioEvent::Action::Freeze, QStringLiteral("b1"))), QString());
    } else {
        // The hang takes the process: b1 froze with a1.
        QCOMPARE(sim.snapshot().consumers.at(b1).state, ConsumerState::Frozen);
    }
    sim.runUntil(260 * kSecond);
    SimTime aExpired = -1;
    SimTime bExpired = -1;
    for (const SimEvent &e : events(sim, SimEvent::Type::ChannelExpired, 65 * kSecond)) {
        if (e.consumer == a1 && aExpired < 0) {
            aExpired = e.t;
        }
        if (e.consumer == b1 && bExpired < 0) {
            bExpired = e.t;
        }
    }
    QVERIFY2(aExpired > 0 && bExpired > 0, qPrintable(eventLog(sim, 65 * kSecond)));
    // a1's last heartbeat: 61.0xx s; expired at the first scan at or after 181.0xx s.
    QVERIFY2(aExpired >= 181 * kSecond && aExpired < 191 * kSecond + 100,
        qPrintable(QString::number(aExpired)));
    if (sameExpiry) {
        QCOMPARE(bExpired, aExpired);
    } else {
        QVERIFY2(aExpired - bExpired >= 10 * kSecond,
            qPrintable(QStringLiteral("a1 %1, b1 %2").arg(aExpired).arg(bExpired)));
    }
}

void tst_SharedInstance::secondConsumerOfAGroupIsRefused()
{
    const QByteArray file = R"({
  "format": "rebalance-lab/scenario@1",
  "name": "t",
  "brokers": ["broker-a"],
  "topics": [{"name": "T", "queues": {"broker-a": 4}}],
  "groups": [{"name": "g", "topics": ["T"], "consumers": [
    {"id": "10.0.0.1@app", "name": "c1", "instanceName": "app"},
    {"id": "10.0.0.1@app", "name": "c2", "instanceName": "app"}]}]
})";
    const ScenarioReadResult result = ScenarioReader::read(file, QStringLiteral("s.json"));
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), 1);
    const Diagnostic &d = result.diagnostics.first();
    QCOMPARE(d.severity, Diagnostic::Severity::Error);
    QCOMPARE(d.file, QStringLiteral("s.json"));
    QCOMPARE(d.line, 8);
    QCOMPARE(d.path, QStringLiteral("groups[0].consumers[1].instanceName"));
    QVERIFY2(d.message.contains(QStringLiteral("has been created before")), qPrintable(d.message));
    // Other groups may share it; the same group in another instance may have the id.
    QByteArray fine = file;
    fine.replace(
        R"("name": "c2", "instanceName": "app")", R"("name": "c2", "instanceName": "app2")");
    QVERIFY2(ScenarioReader::read(fine, QStringLiteral("s.json")).ok(),
        qPrintable(ScenarioReader::read(fine, QStringLiteral("s.json")).errorText()));
}

void tst_SharedInstance::aJoinIntoATakenInstanceIsRefused()
{
    Simulation sim(twoGroups(true), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(10 * kSecond);
    ScenarioEvent join;
    join.action = ScenarioEvent::Action::Join;
    join.group = kGroup;
    join.joining = consumerSpec(kShared);
    join.joining.name = QStringLiteral("a3");
    join.joining.instanceName = QStringLiteral("app");
    QString why;
    QVERIFY(!sim.apply(join, &why));
    QVERIFY2(why.contains(QStringLiteral("has been created before")), qPrintable(why));
    // Once a1 has shut down, the instance (kept alive by b1) takes a new demo_group consumer,
    // and b1 carries on running the instance's threads.
    QCOMPARE(apply(sim, command(ScenarioEvent::Action::Shutdown, QStringLiteral("a1"))), QString());
    sim.runUntil(15 * kSecond);
    QVERIFY2(sim.apply(join, &why), qPrintable(why));
    sim.runUntil(40 * kSecond);
    const qint32 a3 = sim.consumerIndex(QStringLiteral("a3"));
    QCOMPARE(sim.snapshot().consumers.at(a3).state, ConsumerState::Running);
    // The periodic round still runs for audit_group (the loop moved to b1 at a1's shutdown).
    const qint32 b1 = sim.consumerIndex(QStringLiteral("b1"));
    QVERIFY(lastRound(sim, b1, kOtherTopic) > 15 * kSecond);
    QVERIFY(lastRound(sim, a3, kTopic) > 15 * kSecond);
}

void tst_SharedInstance::instanceNameIsSavedAndReadBack()
{
    const Scenario scenario = twoGroups(true);
    const QByteArray json = ScenarioWriter::toJson(scenario);
    QVERIFY(json.contains("\"instanceName\": \"app\""));
    const ScenarioReadResult read = ScenarioReader::read(json, QStringLiteral("saved.json"));
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QCOMPARE(read.scenario->groups.at(0).consumers.at(0).instanceName, QStringLiteral("app"));
    QCOMPARE(read.scenario->groups.at(1).consumers.at(0).instanceName, QStringLiteral("app"));
    QVERIFY(read.scenario->groups.at(0).consumers.at(1).instanceName.isEmpty());
    // Without instanceName nothing is written: files of earlier versions keep their bytes.
    QVERIFY(!ScenarioWriter::toJson(twoGroups(false)).contains("instanceName"));
}

QTEST_GUILESS_MAIN(tst_SharedInstance)
#include "tst_sharedinstance.moc"
