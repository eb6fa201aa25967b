// SPDX-License-Identifier: Apache-2.0
// RunScorecard on a world small enough to work out by hand (tests/data/scenarios/
// scorecard-hand-check.json): 4 queues of one broker, AVG, consumers c1 and c2 from the start,
// c3 joins at 30 s, c1 is killed at 60 s, 90 s in all, a sample every second; and the per-group
// orphaned time on tests/data/scenarios/scorecard-two-groups.json.
#include "simtestsupport.h"

#include <report/scorecard.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>

#include <QTest>

using namespace Rblab;
using namespace SimTest;

class tst_Scorecard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void handChecked();
    void doubleOwnership();
    void figureListMatchesValues();
    void orphanedPerGroup();
};

void tst_Scorecard::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Scorecard::handChecked()
{
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/scorecard-hand-check.json"), &registry());
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation sim(*read.scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(read.scenario->duration);
    const RunScorecard card = RunScorecard::compute(sim);
    QCOMPARE(card.groups.size(), 1);
    const GroupScorecard &g = card.groups.first();
    QCOMPARE(g.group, QStringLiteral("g"));
    QCOMPARE(g.strategy, QStringLiteral("AVG"));

    // Movement. Both first consumers start (6 ms) before anything is assigned: no change yet.
    // At ~1 s AVG gives c1 queues 0-1 and c2 queues 2-3.
    // c3 starts (30 s): shares 2, 1, 1 over c1, c2, c3; c1 and c2 hold 2 each, so the bound is
    // 1 (c2 gives one), and AVG moves exactly one: queue 3 from c2 to c3.
    // c1 is killed (60 s): shares 2, 2 over c2 and c3, which hold 1 each: the bound is 2 (c1's
    // queues), and AVG moves three: queue 2 from c2 to c3, queues 0 and 1 from c1 to c2.
    QCOMPARE(g.membershipChanges, qint64(2));
    QCOMPARE(g.lowerBound, qint64(1 + 2));
    QCOMPARE(g.queueMoves, qint64(1 + 3));
    QCOMPARE(g.moveRatio(), 4.0 / 3.0);
    QCOMPARE(g.movesPerChange(), 2.0);

    // Exposure, sampled (each sample stands for the second after it): nobody holds the 4 queues
    // at the 1 s sample (assignment at 1.006 s), queue 3 at 31 s (c2 dropped it at 30.008 s, c3
    // takes it at 31.004 s), queues 0 and 1 at 60 s (c1 killed at 60 s, c2 takes them at
    // 60.008 s): 4 + 1 + 2 queue-seconds. The engine's exact unowned figure for the world is 5.03.
    QCOMPARE(g.unownedQueueSeconds, 7.0);
    QCOMPARE(g.doubleOwnedQueueSeconds, 0.0);
    QVERIFY(qAbs(card.totals.unownedQueueSeconds - 5.03) < 0.01);

    // Balance: at 1 s c1 and c2 are live with no queue (2 consumer-seconds idle), at 31 s c3
    // (1 more); at 31 s c1, c2, c3 hold 2, 1, 0: the worst spread is 2.
    QCOMPARE(g.idleConsumerSeconds, 3.0);
    QCOMPARE(g.maxSpread, qint64(2));
    QVERIFY(g.maxOverMean > 1.0 && g.maxOverMean < 1.5);

    // Pressure: 100 messages/s over 4 queues consumed in 1 ms each, so at a sample a queue is
    // at most a message or two behind. (A sample taken before c3 joined has no row for it: the
    // scorecard once read past the end and reported garbage such as 1.4e14.)
    QVERIFY2(g.lagMax >= 0 && g.lagMax <= 8, qPrintable(QString::number(g.lagMax)));
    QVERIFY(g.lagP50 <= g.lagP99 && g.lagP99 <= g.lagMax);
    QCOMPARE(g.series.size(), 90); // one point a sample: fewer than kSeriesPoints samples
    for (const ScorecardPoint &p : g.series) {
        QVERIFY2(p.lag <= 8 && p.unownedQueues <= 4 && p.doubleOwnedQueues == 0,
            qPrintable(QString::number(p.t)));
    }

    // The world's totals are the run's.
    QCOMPARE(card.totals.duplicates, sim.totals().duplicates);
    QCOMPARE(card.totals.lost, qint64(0));
    QCOMPARE(card.seed, quint64(3));
    QCOMPARE(card.duration, read.scenario->duration);
}

void tst_Scorecard::doubleOwnership()
{
    // tests/data/scenarios/scorecard-mixed-strategies.json: 4 queues, c1 with AVG (index 0 of 2:
    // queues 0-1) and c2 with AVG_BY_CIRCLE (index 1: queues 1 and 3), 60 s. From the
    // assignment at 1.006 s on, queue 1 is held by both and queue 2 by nobody.
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/scorecard-mixed-strategies.json"),
        &registry());
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation sim(*read.scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(read.scenario->duration);
    const RunScorecard card = RunScorecard::compute(sim);
    const GroupScorecard &g = card.groups.first();
    // Samples at 1 s … 60 s, each standing for the second after it: the 1 s sample sees all 4
    // queues orphaned; the 59 from 2 s on see queue 2 orphaned and queue 1 double-owned.
    QCOMPARE(g.unownedQueueSeconds, 4.0 + 59.0);
    QCOMPARE(g.doubleOwnedQueueSeconds, 59.0);
    // The engine's exact world figures (unowned, double-owned): 4 × 1.006 + 58.994, 60 − 1.006.
    QVERIFY(qAbs(card.totals.unownedQueueSeconds - 63.014) < 0.01);
    QVERIFY(qAbs(card.totals.doubleOwnedQueueSeconds - 58.994) < 0.01);
    // Both hold two queues: busiest over mean is 1, the spread 0 (the start-up sample, when
    // nothing is assigned, is not judged); both were idle for the 1 s sample.
    QCOMPARE(g.maxOverMean, 1.0);
    QCOMPARE(g.maxSpread, qint64(0));
    QCOMPARE(g.idleConsumerSeconds, 2.0);
    QCOMPARE(g.series.size(), 60);
    QCOMPARE(g.series.last().doubleOwnedQueues, 1);
    QCOMPARE(g.series.last().unownedQueues, 1);
    // Nobody joined or left; queue 1, taken up by c2 after c1 took it, counts as one move (as
    // the report's world queueMoves counts it).
    QCOMPARE(g.membershipChanges, qint64(0));
    QCOMPARE(g.queueMoves, qint64(1));
    QCOMPARE(card.totals.queueMoves, qint64(1));
}

void tst_Scorecard::figureListMatchesValues()
{
    // Every figure compare prints has a value, in the same order.
    RunScorecard card;
    GroupScorecard g;
    g.queueMoves = 6;
    g.lowerBound = 3;
    g.membershipChanges = 2;
    const QList<double> values = card.values(g);
    QCOMPARE(values.size(), ScorecardFigure::all().size());
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QString key = QString::fromLatin1(ScorecardFigure::all().at(i).key);
        if (key == QLatin1String("movement.queueMoves")) {
            QCOMPARE(values.at(i), 6.0);
        } else if (key == QLatin1String("movement.moveRatio")) {
            QCOMPARE(values.at(i), 2.0);
        } else if (key == QLatin1String("movement.movesPerChange")) {
            QCOMPARE(values.at(i), 3.0);
        }
    }
}

void tst_Scorecard::orphanedPerGroup()
{
    // tests/data/scenarios/scorecard-two-groups.json: group g (topic T, 4 queues, consumers c1
    // and c2, c1 killed at 30 s) and group h (topic U, 2 queues, one consumer), 60 s. A queue
    // is orphaned until a running owner's first pull, which RebalancePushImpl
    // .dispatchPullRequest sends 500 ms after the process queue is made (5.x).
    // - Start: the 6 queues are orphaned from 0 until the first pulls at 1.506 s (assignment at
    //   1.006 s): g 4 × 1.506, h 2 × 1.506.
    // - c1 killed at 30 s: its queues 0 and 1 are orphaned until c2, which takes them at
    //   30.008 s, first pulls them at 30.508 s: g 2 × 0.508 more. h is untouched.
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/scorecard-two-groups.json"), &registry());
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation sim(*read.scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(read.scenario->duration);
    const RunScorecard card = RunScorecard::compute(sim);
    QCOMPARE(card.groups.size(), 2);
    const GroupScorecard *g = card.group(QStringLiteral("g"));
    const GroupScorecard *h = card.group(QStringLiteral("h"));
    QVERIFY(g && h);
    QCOMPARE(g->orphanedQueueSeconds, 4 * 1.506 + 2 * 0.508);
    QCOMPARE(h->orphanedQueueSeconds, 2 * 1.506);
    // The groups' figures add up to the report's world figure.
    QCOMPARE(g->orphanedQueueSeconds + h->orphanedQueueSeconds, card.totals.orphanedQueueSeconds);
    // And the figure compare prints is this one.
    qsizetype index = -1;
    for (qsizetype i = 0; i < ScorecardFigure::all().size(); ++i) {
        if (qstrcmp(ScorecardFigure::all().at(i).key, "exposure.orphanedQueueSeconds") == 0) {
            index = i;
        }
    }
    QVERIFY(index >= 0);
    QCOMPARE(card.values(*g).at(index), g->orphanedQueueSeconds);

    // Half-way (at 30.2 s, c2 has taken queues 0 and 1 but not pulled them yet): the figure is
    // the run's up to now, 4 × 1.506 + 2 × 0.2.
    Simulation partial(*read.scenario, registry());
    partial.runUntil(30200);
    QCOMPARE(RunScorecard::compute(partial).group(QStringLiteral("g"))->orphanedQueueSeconds,
        4 * 1.506 + 2 * 0.2);
}

QTEST_GUILESS_MAIN(tst_Scorecard)
#include "tst_scorecard.moc"
