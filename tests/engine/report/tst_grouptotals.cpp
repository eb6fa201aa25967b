// SPDX-License-Identifier: Apache-2.0
// Per-group totals: the world's figures split by consumer group. Two groups consume one topic;
// only the first suffers a kill, so only its figures may show the hand-over.
#include "simtestsupport.h"

#include "report/reportwriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

Scenario twoGroups(bool kill = true)
{
    WorldSpec spec;
    spec.consumers = 2; // 2 brokers × 4 queues: 4 queues each under AVG
    spec.stagger = 300;
    Scenario scenario = makeScenario(spec);
    GroupSpec second = scenario.groups[0];
    second.name = QStringLiteral("audit_group");
    second.consumers.clear();
    for (int k = 0; k < 2; ++k) {
        second.consumers.append(consumerSpec(clientId(10 + k), 1.0, 150 + 300 * k));
    }
    scenario.groups.append(second);
    if (kill) {
        ScenarioEvent e = command(ScenarioEvent::Action::Kill, clientId(1));
        e.at = kMinute;
        scenario.events.append(e);
    }
    return scenario;
}

} // namespace

class tst_GroupTotals : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void groupsAddUpToTheWorld();
    void onlyTheGroupWithTheKillShowsTheHandOver();
    void reportCarriesEachGroupsTotals();
};

void tst_GroupTotals::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_GroupTotals::groupsAddUpToTheWorld()
{
    Simulation sim(twoGroups(), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(3 * kMinute);
    const SnapshotTotals world = sim.totals();
    QCOMPARE(sim.groupNames().size(), 2);
    SnapshotTotals sum;
    for (qint32 g = 0; g < 2; ++g) {
        const SnapshotTotals t = sim.groupTotals(g);
        // Both groups subscribe the one topic: each sees all of its production.
        QCOMPARE(t.produced, world.produced);
        sum.delivered += t.delivered;
        sum.uniqueDelivered += t.uniqueDelivered;
        sum.duplicates += t.duplicates;
        sum.lost += t.lost;
        for (int k = 0; k < 3; ++k) {
            sum.flowControl[k] += t.flowControl[k];
        }
        sum.rebalances += t.rebalances;
        sum.queueMoves += t.queueMoves;
        sum.orphanedQueueSeconds += t.orphanedQueueSeconds;
        sum.unownedQueueSeconds += t.unownedQueueSeconds;
        sum.doubleOwnedQueueSeconds += t.doubleOwnedQueueSeconds;
        sum.retried += t.retried;
        sum.orphanedQueues += t.orphanedQueues;
        sum.doubleOwnedQueues += t.doubleOwnedQueues;
    }
    QCOMPARE(sum.delivered, world.delivered);
    QCOMPARE(sum.uniqueDelivered, world.uniqueDelivered);
    QCOMPARE(sum.duplicates, world.duplicates);
    QCOMPARE(sum.lost, qint64(0));
    QCOMPARE(world.lost, qint64(0));
    for (int k = 0; k < 3; ++k) {
        QCOMPARE(sum.flowControl[k], world.flowControl[k]);
    }
    QCOMPARE(sum.rebalances, world.rebalances);
    QCOMPARE(sum.queueMoves, world.queueMoves);
    QCOMPARE(
        qRound64(sum.orphanedQueueSeconds * 1000), qRound64(world.orphanedQueueSeconds * 1000));
    QCOMPARE(qRound64(sum.unownedQueueSeconds * 1000), qRound64(world.unownedQueueSeconds * 1000));
    QCOMPARE(qRound64(sum.doubleOwnedQueueSeconds * 1000),
        qRound64(world.doubleOwnedQueueSeconds * 1000));
    QCOMPARE(sum.retried, world.retried);
    QCOMPARE(sum.orphanedQueues, world.orphanedQueues);
    QCOMPARE(sum.doubleOwnedQueues, world.doubleOwnedQueues);
}

void tst_GroupTotals::onlyTheGroupWithTheKillShowsTheHandOver()
{
    Simulation sim(twoGroups(), registry());
    Simulation baseline(twoGroups(false), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(3 * kMinute);
    baseline.runUntil(3 * kMinute);
    const SnapshotTotals hit = sim.groupTotals(0);
    const SnapshotTotals calm = sim.groupTotals(1);
    // The killed consumer's 4 TopicTest queues and its one %RETRY% queue (one per broker, two
    // in all, one each under AVG) move to the survivor; the other group never moves one.
    QCOMPARE(hit.queueMoves, qint64(4 + 1));
    QCOMPARE(calm.queueMoves, qint64(0));
    // Kill at 60.000 s: the brokers see the channels close at 60.001 and notify the survivor,
    // which rebalances at 60.012 and (5.x) sends the first pulls 500 ms later, at 60.512. Each
    // of the 4 TopicTest queues is orphaned 0.512 s more than without the kill.
    const double extra = hit.orphanedQueueSeconds - baseline.groupTotals(0).orphanedQueueSeconds;
    QVERIFY2(qAbs(extra - 4 * 0.512) < 0.004, qPrintable(QString::number(extra)));
    // The other group's figures are those of the run without the kill.
    QCOMPARE(calm.orphanedQueueSeconds, baseline.groupTotals(1).orphanedQueueSeconds);
    QCOMPARE(calm.delivered, baseline.groupTotals(1).delivered);
    QCOMPARE(calm.rebalances, baseline.groupTotals(1).rebalances);
    // Both groups consume every message once at least.
    QVERIFY2(hit.uniqueDelivered >= hit.produced - 200,
        qPrintable(QString::number(hit.uniqueDelivered)));
    QVERIFY2(calm.uniqueDelivered >= calm.produced - 200,
        qPrintable(QString::number(calm.uniqueDelivered)));
    QCOMPARE(calm.duplicates, qint64(0));
}

void tst_GroupTotals::reportCarriesEachGroupsTotals()
{
    Simulation sim(twoGroups(), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(3 * kMinute);
    ReportWriter::Options options;
    options.duration = 3 * kMinute;
    const QByteArray bytes = ReportWriter::toJson(sim, options);
    // "groups" follows "totals" and comes before "queues": every earlier key keeps its place.
    const qsizetype totalsAt = bytes.indexOf("\n  \"totals\": {");
    const qsizetype groupsAt = bytes.indexOf("\n  \"groups\": {");
    const qsizetype queuesAt = bytes.indexOf("\n  \"queues\": [");
    QVERIFY(totalsAt > 0);
    QVERIFY(groupsAt > totalsAt);
    QVERIFY(queuesAt > groupsAt);
    QJsonParseError error;
    const QJsonObject report = QJsonDocument::fromJson(bytes, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject groups = report.value(QStringLiteral("groups")).toObject();
    QCOMPARE(groups.keys().size(), 2);
    const QJsonObject world = report.value(QStringLiteral("totals")).toObject();
    qint64 moves = 0;
    qint64 duplicates = 0;
    qint64 rebalances = 0;
    double doubleOwned = 0;
    for (qint32 g = 0; g < 2; ++g) {
        const SnapshotTotals t = sim.groupTotals(g);
        const QJsonObject row = groups.value(sim.groupNames().at(g)).toObject();
        QVERIFY2(!row.isEmpty(), qPrintable(sim.groupNames().at(g)));
        QCOMPARE(row.value(QStringLiteral("produced")).toInteger(), t.produced);
        QCOMPARE(row.value(QStringLiteral("delivered")).toInteger(), t.delivered);
        QCOMPARE(row.value(QStringLiteral("duplicates")).toInteger(), t.duplicates);
        QCOMPARE(row.value(QStringLiteral("lost")).toInteger(), qint64(0));
        QCOMPARE(row.value(QStringLiteral("queueMoves")).toInteger(), t.queueMoves);
        QCOMPARE(row.value(QStringLiteral("rebalances")).toInteger(), t.rebalances);
        // Seconds are written with three decimals.
        QCOMPARE(qRound64(row.value(QStringLiteral("orphanedQueueSeconds")).toDouble() * 1000),
            qRound64(t.orphanedQueueSeconds * 1000));
        QCOMPARE(qRound64(row.value(QStringLiteral("doubleOwnedQueueSeconds")).toDouble() * 1000),
            qRound64(t.doubleOwnedQueueSeconds * 1000));
        const QJsonObject flow = row.value(QStringLiteral("flowControl")).toObject();
        QCOMPARE(flow.value(QStringLiteral("count")).toInteger(), t.flowControl[0]);
        QCOMPARE(flow.value(QStringLiteral("size")).toInteger(), t.flowControl[1]);
        QCOMPARE(flow.value(QStringLiteral("span")).toInteger(), t.flowControl[2]);
        moves += row.value(QStringLiteral("queueMoves")).toInteger();
        duplicates += row.value(QStringLiteral("duplicates")).toInteger();
        rebalances += row.value(QStringLiteral("rebalances")).toInteger();
        doubleOwned += row.value(QStringLiteral("doubleOwnedQueueSeconds")).toDouble();
    }
    // The kill moves the 5 queues of the first group (see above), none of the second's.
    QCOMPARE(
        groups.value(kGroup).toObject().value(QStringLiteral("queueMoves")).toInteger(), qint64(5));
    QCOMPARE(groups.value(QStringLiteral("audit_group"))
                 .toObject()
                 .value(QStringLiteral("queueMoves"))
                 .toInteger(),
        qint64(0));
    // Counts add up to the world's (each group has its own queues' ownership).
    QCOMPARE(moves, world.value(QStringLiteral("queueMoves")).toInteger());
    QCOMPARE(duplicates, world.value(QStringLiteral("duplicates")).toInteger());
    QCOMPARE(rebalances, world.value(QStringLiteral("rebalances")).toInteger());
    QVERIFY(qAbs(doubleOwned - world.value(QStringLiteral("doubleOwnedQueueSeconds")).toDouble())
        < 0.002);
}

QTEST_GUILESS_MAIN(tst_GroupTotals)
#include "tst_grouptotals.moc"
