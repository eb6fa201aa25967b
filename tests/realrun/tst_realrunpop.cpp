// SPDX-License-Identifier: Apache-2.0
// POP groups on the real RocketMQ 5.3.3 (issue 38), recorded by `rblab real-run` into
// tests/data/realrun and held beside the engine (profile 5.x) over 20 seeds:
// - pop-kill-5.3.3: a classic group and a POP group of three on one topic of 8 queues at
//   300 msg/s, one consumer of each killed at 40 s;
// - pop-revive-5.3.3: a POP group of four at 600 msg/s; q1 killed at 30 s, q2 frozen at 45 s for
//   80 s, q3 killed at 60 s;
// - corpus-5.3.3/push-vs-pop-kill: the push-vs-pop-kill lesson at this machine's size
// (corpus/push-vs-pop-kill:
//   a classic and a POP group of three, 300 msg/s; one of each killed at 40 s, another of each
//   frozen at 70 s for 150 s, past channel expiry).
// Nothing of a POP group is handed over; what a leaver had popped comes back after
// popInvisibleTime (60 s) and the broker's revive pass, read from the POP retry topic.
#include "realrunfixture.h"

#include <report/realrunfigures.h>
#include <scenario/scenarioreader.h>
#include <simtestsupport.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using SimTest::registry;

namespace {

Scenario scenario(const QString &name)
{
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/") + name + QStringLiteral(".json"),
        &registry());
    return read.scenario.value_or(Scenario {});
}

RealComparisonRow rowNamed(const QList<RealComparisonRow> &rows, const QString &name)
{
    for (const RealComparisonRow &r : rows) {
        if (r.figure == name) {
            return r;
        }
    }
    return RealComparisonRow {};
}

} // namespace

class tst_RealRunPop : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aKilledPopperHandsNothingOver();
    void observedReportHasThePopFigures();
    void engineBesideTheKill();
    void engineBesideTwoKillsAndAHang();
    void engineBesideTheLesson();

private:
    QTemporaryDir m_kill;
    QTemporaryDir m_revive;
    QTemporaryDir m_lesson;
    QString m_killRun;
    QString m_reviveRun;
    QString m_lessonRun;
};

void tst_RealRunPop::initTestCase()
{
    QVERIFY(m_kill.isValid() && m_revive.isValid());
    m_killRun = RealRunFixture::unpack(m_kill, QStringLiteral("pop-kill-5.3.3"));
    QVERIFY2(!m_killRun.isEmpty(), "tar could not unpack tests/data/realrun/pop-kill-5.3.3.tar.xz");
    m_reviveRun = RealRunFixture::unpack(m_revive, QStringLiteral("pop-revive-5.3.3"));
    QVERIFY2(!m_reviveRun.isEmpty(), "tar could not unpack pop-revive-5.3.3.tar.xz");
    QVERIFY(m_lesson.isValid());
    m_lessonRun = RealRunFixture::unpack(m_lesson, QStringLiteral("corpus-5.3.3/push-vs-pop-kill"));
    QVERIFY2(!m_lessonRun.isEmpty(), "tar could not unpack corpus-5.3.3/push-vs-pop-kill.tar.xz");
}

void tst_RealRunPop::aKilledPopperHandsNothingOver()
{
    QString error;
    const std::optional<RealRunRecord> run
        = RealRunRecord::read(m_killRun, scenario(QStringLiteral("real-pop-kill")), &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(run->rocketmq, QStringLiteral("5.3.3"));
    const RunFigures &f = run->figures;
    QVERIFY(f.pop);
    // The POP group settles once every queue has a running popper (each holds broker-a:-1, all
    // eight queues); the classic group once each queue has one owner.
    QCOMPARE(f.from, qint64(8163));
    // Hand-overs: the classic victim's queues only (after 5.x's 500 ms dispatch delay).
    QVERIFY(!f.handOvers.isEmpty());
    for (const RunFigures::HandOver &h : f.handOvers) {
        QCOMPARE(h.consumer, QStringLiteral("127.0.0.1@p1"));
        QVERIFY2(h.gapMs >= 600 && h.gapMs <= 650, qPrintable(QString::number(h.gapMs)));
    }
    // The POP victim: the one message it had popped, sent 3 ms before the kill and never given
    // to its listener, came back to q3 63.08 s later (reviveTime + 3.08 s).
    QCOMPARE(f.redeliveries.size(), 1);
    QCOMPARE(f.redeliveries.at(0).consumer, QStringLiteral("127.0.0.1@q1"));
    QCOMPARE(f.redeliveries.at(0).action, QStringLiteral("kill"));
    QCOMPARE(f.redeliveries.at(0).gapMs, qint64(63080));
    QCOMPARE(f.redeliveries.at(0).to, QStringLiteral("127.0.0.1@q3"));
    QCOMPARE(f.popRedelivered, qint64(1));
    // Its first copy never reached a listener: no POP duplicate. The 5 are the classic group's.
    QCOMPARE(f.duplicates, qint64(5));
    // 2 ms: p1's old table, read 100 ms apart, still held a queue its successor had.
    QVERIFY(f.doubleOwnedQueueSeconds < 0.01);
    // Every queue is in each surviving popper's table at the end, beside its classic owner.
    const QStringList owners = run->ownersAtEnd.value(QStringLiteral("PopTopic/broker-a/0"));
    QVERIFY2(owners.contains(QStringLiteral("127.0.0.1@q2"))
            && owners.contains(QStringLiteral("127.0.0.1@q3"))
            && !owners.contains(QStringLiteral("127.0.0.1@q1")),
        qPrintable(owners.join(u' ')));
}

void tst_RealRunPop::observedReportHasThePopFigures()
{
    QString error;
    const Scenario s = scenario(QStringLiteral("real-pop-revive"));
    const std::optional<RealRunRecord> run = RealRunRecord::read(m_reviveRun, s, &error);
    QVERIFY2(run, qPrintable(error));
    const QJsonObject observed = QJsonDocument::fromJson(run->report(s))
                                     .object()
                                     .value(QStringLiteral("observed"))
                                     .toObject();
    QCOMPARE(observed.value(QStringLiteral("popRedelivered")).toInt(), 8);
    QCOMPARE(observed.value(QStringLiteral("duplicates")).toInt(), 2);
    const QJsonArray redeliveries = observed.value(QStringLiteral("redeliveries")).toArray();
    QCOMPARE(redeliveries.size(), 3);
    QList<int> gaps;
    for (const QJsonValue &v : redeliveries) {
        gaps.append(v.toObject().value(QStringLiteral("gapMs")).toInt());
    }
    // Each leaver's own messages (sent after the previous leave): the hang's come back while it
    // is still frozen, as the kills' do.
    QCOMPARE(gaps, (QList<int> { 63241, 63287, 63349 }));
    QCOMPARE(redeliveries.at(1).toObject().value(QStringLiteral("action")).toString(),
        QStringLiteral("freeze"));
    QCOMPARE(observed.value(QStringLiteral("handOvers")).toArray().size(), 0);
}

void tst_RealRunPop::engineBesideTheKill()
{
    QString error;
    const Scenario s = scenario(QStringLiteral("real-pop-kill"));
    const std::optional<RealRunRecord> run = RealRunRecord::read(m_killRun, s, &error);
    QVERIFY2(run, qPrintable(error));
    const Scenario asPlayed = run->asPlayed(s);
    QList<RunFigures> engine;
    for (quint64 seed = 1; seed <= 20; ++seed) {
        engine.append(engineFigures(asPlayed, registry(), seed, run->figures.from));
    }
    const QList<RealComparisonRow> rows = compareReal(run->figures, engine);
    const RealComparisonRow back
        = rowNamed(rows, QStringLiteral("first redelivery after kill 127.0.0.1@q1"));
    QCOMPARE(back.real, 63080.0);
    // With jitter the victim holds 0 to 3 messages at the kill, over seeds; those that held one
    // give it back 63 to 64 s later: popInvisibleTime, the scan's 2 s and the timer's 1 s.
    QVERIFY2(back.seeds >= 3, qPrintable(QString::number(back.seeds)));
    QVERIFY2(back.least >= 63000 && back.most <= 64100,
        qPrintable(QStringLiteral("%1 … %2").arg(back.least).arg(back.most)));
    QVERIFY(back.medianClose);
    // The real revive loop ticked 0.08 s after reviveTime + 3 s. Which seeds' victim held a
    // message at the kill, and when it popped it, moves with every timer's phase: 63.165 s at
    // the least with the file's starts (35 ms outside), 63.103 s with each client started when
    // its real start() returned, 63.015 s with each client's RebalanceService clock and
    // heartbeat lock as its log shows them (startupTime, startHeartbeatLockFailed).
    QVERIFY2(back.inside, qPrintable(QStringLiteral("%1 … %2").arg(back.least).arg(back.most)));
    const RealComparisonRow popped = rowNamed(rows, QStringLiteral("POP redelivered"));
    QCOMPARE(popped.real, 1.0);
    QVERIFY(popped.inside);
    QVERIFY(rowNamed(rows, QStringLiteral("duplicates")).inside);
    QVERIFY(rowNamed(rows, QStringLiteral("double-owned")).inside);
    // Not yet: the classic hand-over (real 627 ms, the engine 517–529: 500 ms of dispatch delay
    // and little else), README's modelling choices.
    QVERIFY(!rowNamed(rows, QStringLiteral("first receipt after kill 127.0.0.1@p1")).inside);
}

void tst_RealRunPop::engineBesideTwoKillsAndAHang()
{
    QString error;
    const Scenario s = scenario(QStringLiteral("real-pop-revive"));
    const std::optional<RealRunRecord> run = RealRunRecord::read(m_reviveRun, s, &error);
    QVERIFY2(run, qPrintable(error));
    const Scenario asPlayed = run->asPlayed(s);
    QList<RunFigures> engine;
    for (quint64 seed = 1; seed <= 20; ++seed) {
        engine.append(engineFigures(asPlayed, registry(), seed, run->figures.from));
    }
    const QList<RealComparisonRow> rows = compareReal(run->figures, engine);
    for (const QString &name : { QStringLiteral("first redelivery after kill 127.0.0.1@q1"),
             QStringLiteral("first redelivery after freeze 127.0.0.1@q2"),
             QStringLiteral("first redelivery after kill 127.0.0.1@q3") }) {
        const RealComparisonRow r = rowNamed(rows, name);
        // (a seed whose victim had nothing popped at the leave has no redelivery to measure)
        QVERIFY2(r.seeds >= 15, qPrintable(QString::number(r.seeds)));
        QVERIFY2(r.verdict(),
            qPrintable(QStringLiteral("%1: real %2, engine %3 … %4")
                           .arg(name)
                           .arg(r.real)
                           .arg(r.least)
                           .arg(r.most)));
        // Without the timer's second (kReviveDecideAfter alone) every seed came back 62.0–63.0 s
        // after, below each real one.
        QVERIFY2(r.least >= 62950, qPrintable(QString::number(r.least)));
    }
    QVERIFY(rowNamed(rows, QStringLiteral("POP redelivered")).inside);
    QVERIFY(rowNamed(rows, QStringLiteral("unowned")).inside);
    // Not yet (README's modelling choices): 2 real duplicates, 4 to 11 in the engine.
    QVERIFY(!rowNamed(rows, QStringLiteral("duplicates")).inside);
}

void tst_RealRunPop::engineBesideTheLesson()
{
    QString error;
    const Scenario s = scenario(QStringLiteral("corpus/push-vs-pop-kill"));
    const std::optional<RealRunRecord> run = RealRunRecord::read(m_lessonRun, s, &error);
    QVERIFY2(run, qPrintable(error));
    const Scenario asPlayed = run->asPlayed(s);
    QList<RunFigures> engine;
    for (quint64 seed = 1; seed <= 20; ++seed) {
        engine.append(engineFigures(asPlayed, registry(), seed, run->figures.from));
    }
    const QList<RealComparisonRow> rows = compareReal(run->figures, engine);
    const auto row = [&rows](const char *name) {
        const RealComparisonRow r = rowNamed(rows, QLatin1String(name));
        if (r.figure.isEmpty()) {
            qWarning() << "no row" << name;
        }
        return r;
    };
    // What the real cluster did, from the consumed lines: the classic survivor's first receipt
    // 593 ms after the kill and 130.681 s after the freeze (channel expiry, then a rebalance);
    // the POP victims' messages back 62.935 s and 62.977 s after their kill and freeze; the
    // frozen classic consumer's thaw consumed 22,548 messages again.
    QCOMPARE(row("first receipt after kill 127.0.0.1@p1").real, 593.0);
    QCOMPARE(row("first receipt after freeze 127.0.0.1@p2").real, 130681.0);
    QCOMPARE(row("first redelivery after kill 127.0.0.1@q1").real, 62935.0);
    QCOMPARE(row("first redelivery after freeze 127.0.0.1@q2").real, 62977.0);
    QCOMPARE(row("duplicates").real, 22548.0);
    // In agreement.
    QVERIFY(row("first redelivery after freeze 127.0.0.1@q2").verdict());
    QVERIFY(row("POP redelivered").inside);
    QVERIFY(row("flow-control lines").inside);
    // The hand-over after channel expiry: the engine's median within 150 ms of the real one
    // (issue 35's rule), its range 12 ms short of it after 50 ms of measurement.
    const RealComparisonRow expiry = row("first receipt after freeze 127.0.0.1@p2");
    QVERIFY2(qAbs(expiry.median - expiry.real) <= 150, qPrintable(QString::number(expiry.median)));
    // Not yet (README's modelling choices): the 5.x hand-over after a kill (593 real, the
    // engine 517-527); the first POP message back after the kill, 80 ms before the engine's
    // least; and the thaw's duplicates: 22,548 real, the stale offsets winning in both runs of
    // this scenario on the real 5.3.3. In the engine most seeds lose the race; one seed in 20
    // goes part of the way (5,639 with the clients' start-up as their logs show it; 22,513
    // with the start()s' return alone).
    QVERIFY(!row("first receipt after kill 127.0.0.1@p1").inside);
    QVERIFY(!row("first redelivery after kill 127.0.0.1@q1").inside);
    const RealComparisonRow dups = row("duplicates");
    QVERIFY2(dups.most >= 5000 && dups.most < 22548, qPrintable(QString::number(dups.most)));
}

QTEST_GUILESS_MAIN(tst_RealRunPop)
#include "tst_realrunpop.moc"
