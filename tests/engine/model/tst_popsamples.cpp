// SPDX-License-Identifier: Apache-2.0
// The POP figures of the time series (issue 8: "the charts and report carry the pop figures: in
// flight, acked, revived, redelivered"): each POP consumer's sample row carries its cumulative
// acks, the revivals of its pops and its redeliveries, in memory, through the CLI's spool, in
// the report's samples and in consumers.csv; a run without POP groups carries none of them.
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <run/samplespool.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

// The kill of tst_Pop::killedConsumerOrphansNothingAndItsMessagesComeBack: 200 messages
// (40/s for 5 s), two poppers with a 1 s listener, consumer 0 killed at 3 s.
Scenario killWorld(bool pop)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 2;
    spec.consumers = 2;
    spec.consumeMs = 1000;
    spec.produceRate = 40;
    Scenario s = makeScenario(spec);
    if (pop) {
        s.groups[0].messageRequestMode = MessageRequestMode::Pop;
    }
    ScenarioEvent stop;
    stop.at = 5 * kSecond;
    stop.action = ScenarioEvent::Action::SetProduceRate;
    stop.topic = kTopic;
    stop.rate = 0;
    s.events.append(stop);
    ScenarioEvent kill = command(ScenarioEvent::Action::Kill, clientId(0));
    kill.at = 3 * kSecond;
    s.events.append(kill);
    s.duration = 90 * kSecond;
    return s;
}

const Sample &sampleAt(const QList<Sample> &samples, SimTime t)
{
    for (const Sample &s : samples) {
        if (s.t == t) {
            return s;
        }
    }
    static const Sample none;
    return none;
}

} // namespace

class tst_PopSamples : public QObject
{
    Q_OBJECT

private slots:
    void samplesCarryTheKilledConsumersRevivals();
    void spoolKeepsThePopFigures_data();
    void spoolKeepsThePopFigures();
    void reportAndCsvCarryThem();
};

void tst_PopSamples::samplesCarryTheKilledConsumersRevivals()
{
    Simulation sim(killWorld(true), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(3 * kSecond + 1);
    // What consumer 0 had popped and not acked when it was killed: its checkpoints on the broker.
    const qint64 unacked = sim.snapshot().consumers[0].popInvisible;
    QVERIFY2(unacked > 0, "the killed consumer held nothing");
    sim.runUntil(90 * kSecond);
    const QList<Sample> &samples = sim.samples();
    QCOMPARE(samples.size(), 90);

    // Before popTime + 60 s (popInvisibleTime) + 2 s (the revive scan's margin) nothing of it
    // is revived; by 3 s + 60 s + 6 s (reviveInterval 1 s, slowed to 4 s when idle) all is.
    const Sample &early = sampleAt(samples, 62 * kSecond);
    QCOMPARE(early.consumers[0].popRevived, qint64(0));
    QCOMPARE(early.consumers[0].popInvisible, unacked);
    const Sample &revived = sampleAt(samples, 69 * kSecond);
    QCOMPARE(revived.consumers[0].popRevived, unacked);
    QCOMPARE(revived.consumers[0].popInvisible, qint64(0));
    QCOMPARE(revived.consumers[1].popRevived, qint64(0));

    // The survivor takes them at its next pop (a parked 15 s long poll is not woken by a v1
    // retry message): redelivered by 69 s + 15 s + 3 s, each once.
    const Sample &last = samples.last();
    QCOMPARE(last.consumers[1].popRedelivered, unacked);
    QCOMPARE(last.consumers[0].popRedelivered, qint64(0));
    const SnapshotTotals t = sim.groupTotals(0);
    QCOMPARE(last.consumers[0].popRevived + last.consumers[1].popRevived, t.popRevived);
    QCOMPARE(last.consumers[0].popRedelivered + last.consumers[1].popRedelivered, t.popRedelivered);
    // The client's acks (ackAsync) are the consumer's: the dead one acked what it finished by
    // 3 s, the survivor everything else (no ACK_MESSAGE is lost on this network): together the
    // broker's count, 200 messages + the redeliveries − the revived checkpoints.
    QCOMPARE(last.consumers[0].popAcked + last.consumers[1].popAcked, t.popAcked);
    QCOMPARE(t.popAcked, qint64(200) + t.popRedelivered - t.popRevived);
    // Cumulative: never down.
    for (qsizetype i = 1; i < samples.size(); ++i) {
        for (int c = 0; c < 2; ++c) {
            const Sample::Consumer &a = samples[i - 1].consumers[c];
            const Sample::Consumer &b = samples[i].consumers[c];
            QVERIFY(b.popAcked >= a.popAcked);
            QVERIFY(b.popRevived >= a.popRevived);
            QVERIFY(b.popRedelivered >= a.popRedelivered);
        }
    }
    QCOMPARE(t.lost, qint64(0));
}

void tst_PopSamples::spoolKeepsThePopFigures_data()
{
    QTest::addColumn<bool>("pop");
    QTest::newRow("POP") << true;
    QTest::newRow("PULL") << false;
}

void tst_PopSamples::spoolKeepsThePopFigures()
{
    // The CLI streams its report from a spool: it must give back the samples the memory holds
    // (before, it dropped the POP columns: every report's popInFlight was missing).
    QFETCH(bool, pop);
    Scenario s = killWorld(pop);
    s.duration = 70 * kSecond;
    Simulation memory(s, registry());
    Simulation::Options options;
    options.recording = Simulation::Options::Recording::Spool;
    Simulation spooled(s, registry(), options);
    QVERIFY2(spooled.isValid(), qPrintable(spooled.error()));
    memory.runUntil(s.duration);
    spooled.runUntil(s.duration);
    QList<Sample> back;
    QVERIFY(spooled.spool()->forEach([&back](const Sample &sample) { back.append(sample); }));
    QCOMPARE(back.size(), memory.samples().size());
    for (qsizetype i = 0; i < back.size(); ++i) {
        QVERIFY2(back[i] == memory.samples()[i], qPrintable(QString::number(i)));
    }
    QCOMPARE(back.last().consumers[0].popInFlight >= 0, pop);
    QCOMPARE(back.last().consumers[0].popRevived > 0, pop);
}

void tst_PopSamples::reportAndCsvCarryThem()
{
    Scenario s = killWorld(true);
    Simulation sim(s, registry());
    sim.runUntil(s.duration);
    ReportWriter::Options options;
    options.duration = s.duration;
    const QByteArray report = ReportWriter::toJson(sim, options);
    const Sample::Consumer &dead = sim.samples().last().consumers[0];
    QVERIFY(report.contains(QStringLiteral("\"popAcked\": %1, \"popRevived\": %2, "
                                           "\"popRedelivered\": 0}")
                                .arg(dead.popAcked)
                                .arg(dead.popRevived)
                                .toUtf8()));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(ReportWriter::writeCsv(sim, dir.path(), &error), qPrintable(error));
    QFile csv(dir.filePath(QStringLiteral("consumers.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QVERIFY(lines.first().endsWith(",popInFlight,popInvisible,popAcked,popRevived,popRedelivered"));
    // The last sample's first row: consumer 0, killed, nothing in flight nor invisible.
    const QByteArray row = lines.at(lines.size() - 3);
    QVERIFY2(row.endsWith(
                 QStringLiteral(",0,0,%1,%2,0").arg(dead.popAcked).arg(dead.popRevived).toUtf8()),
        row.constData());

    // Without POP groups: not a word of it.
    Simulation pull(killWorld(false), registry());
    pull.runUntil(s.duration);
    const QByteArray plain = ReportWriter::toJson(pull, options);
    QVERIFY(!plain.contains("popAcked"));
    QVERIFY(!plain.contains("popInFlight"));
}

QTEST_GUILESS_MAIN(tst_PopSamples)
#include "tst_popsamples.moc"
