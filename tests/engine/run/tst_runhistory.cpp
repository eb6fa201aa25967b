// SPDX-License-Identifier: Apache-2.0
// The run's recorded history: the spool that streams every sample into a report (byte for byte
// what the in-memory run writes, JSON and CSV), and the bounded, thinned window the app keeps,
// which must not grow with the length of the run; both can drop what came after a time.
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <report/runrecord.h>
#include <scenario/scenarioreader.h>
#include <run/samplehistory.h>
#include <run/samplespool.h>
#include <run/timeline.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

Sample syntheticSample(SimTime t, int queues, int consumers)
{
    Sample s;
    s.t = t;
    s.orphanedQueues = int(t % 3);
    s.doubleOwnedQueues = int(t % 5);
    for (int q = 0; q < queues; ++q) {
        Sample::Queue row;
        row.cachedCount = t + q;
        row.cachedBytes = 1024 * (t + q);
        row.maxSpan = q;
        row.brokerOffset = 10 * t;
        row.committedOffset = 10 * t - q;
        row.lag = q;
        row.owners = { qint32(q % consumers) };
        if (q % 4 == 0) {
            row.owners.append(qint32((q + 1) % consumers));
        }
        s.queues.append(row);
    }
    for (int c = 0; c < consumers; ++c) {
        Sample::Consumer row;
        row.state = c % 2 ? ConsumerState::Running : ConsumerState::Killed;
        row.cachedCount = c;
        row.cachedBytes = 2 * c;
        row.delivered = t * 7 + c;
        row.flowControl[0] = c;
        row.flowControl[1] = t;
        row.flowControl[2] = -1;
        row.lag = 5;
        row.pullThresholdForQueue = 1000;
        row.pullThresholdSizeForQueue = 100;
        s.consumers.append(row);
    }
    return s;
}

bool sameSample(const Sample &a, const Sample &b)
{
    if (a.t != b.t || a.orphanedQueues != b.orphanedQueues
        || a.doubleOwnedQueues != b.doubleOwnedQueues || a.queues.size() != b.queues.size()
        || a.consumers.size() != b.consumers.size()) {
        return false;
    }
    for (qsizetype q = 0; q < a.queues.size(); ++q) {
        const Sample::Queue &x = a.queues[q];
        const Sample::Queue &y = b.queues[q];
        if (x.cachedCount != y.cachedCount || x.cachedBytes != y.cachedBytes
            || x.maxSpan != y.maxSpan || x.brokerOffset != y.brokerOffset
            || x.committedOffset != y.committedOffset || x.lag != y.lag || x.owners != y.owners) {
            return false;
        }
    }
    for (qsizetype c = 0; c < a.consumers.size(); ++c) {
        const Sample::Consumer &x = a.consumers[c];
        const Sample::Consumer &y = b.consumers[c];
        if (x.state != y.state || x.cachedCount != y.cachedCount || x.cachedBytes != y.cachedBytes
            || x.delivered != y.delivered || x.flowControl[0] != y.flowControl[0]
            || x.flowControl[1] != y.flowControl[1] || x.flowControl[2] != y.flowControl[2]
            || x.lag != y.lag || x.pullThresholdForQueue != y.pullThresholdForQueue
            || x.pullThresholdSizeForQueue != y.pullThresholdSizeForQueue) {
            return false;
        }
    }
    return true;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

} // namespace

// Qt 6.4's QList<int>::operator== hands memcmp a null pointer when one of two empty lists has
// storage and the other has none (undefined behaviour UBSan reports): empty lists are made
// storage-less before samples are compared.
static Rblab::Sample comparable(Rblab::Sample sample)
{
    for (Rblab::Sample::Queue &q : sample.queues) {
        if (q.owners.isEmpty()) {
            q.owners = QList<qint32>();
        }
    }
    if (sample.consumerIds.isEmpty()) {
        sample.consumerIds = QList<qint32>();
    }
    return sample;
}

class tst_RunHistory : public QObject
{
    Q_OBJECT

private slots:
    void spoolRoundTrip()
    {
        SampleSpool spool;
        QVERIFY2(spool.error().isEmpty(), qPrintable(spool.error()));
        QList<Sample> written;
        // Enough samples to cross the spool's 1 MiB write slices several times.
        for (int i = 0; i < 3000; ++i) {
            written.append(syntheticSample(SimTime(i) * 1000, 16, 1 + i % 40));
            spool.append(written.last());
        }
        QCOMPARE(spool.size(), 3000);
        QVERIFY(spool.bytes() > 3 * (1 << 20));
        qsizetype read = 0;
        bool same = true;
        QVERIFY(spool.forEach([&](const Sample &s) {
            same = same && read < written.size() && sameSample(s, written.at(read));
            ++read;
        }));
        QCOMPARE(read, 3000);
        QVERIFY(same);
    }

    void spoolTruncateAfter()
    {
        SampleSpool spool;
        for (int i = 1; i <= 100; ++i) {
            spool.append(syntheticSample(SimTime(i) * 500, 4, 3));
        }
        spool.truncateAfter(25 * 1000); // keeps t = 500 … 25,000: 50 samples
        QCOMPARE(spool.size(), 50);
        for (int i = 51; i <= 60; ++i) {
            spool.append(syntheticSample(SimTime(i) * 500, 4, 3));
        }
        QList<SimTime> times;
        QVERIFY(spool.forEach([&](const Sample &s) { times.append(s.t); }));
        QCOMPARE(times.size(), 60);
        QCOMPARE(times.at(49), 25000);
        QCOMPARE(times.last(), 30000);
        for (qsizetype i = 1; i < times.size(); ++i) {
            QCOMPARE(times.at(i) - times.at(i - 1), 500);
        }
    }

    // The CLI's spooled run writes exactly the report and CSV files of the run that keeps every
    // sample in memory (report-format.md is a byte-exact contract), with late joins (absent rows)
    // and queues added mid-run (topic-scale-out) among the cases.
    void spooledReportIsByteIdentical_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("until");
        QTest::newRow("default") << QStringLiteral("default.json") << qint64(200 * kSecond);
        QTest::newRow("churn") << QStringLiteral("three-strategies-same-churn.json")
                               << qint64(240 * kSecond);
        QTest::newRow("scale-out")
            << QStringLiteral("topic-scale-out.json") << qint64(12 * kMinute);
    }
    void spooledReportIsByteIdentical()
    {
        QFETCH(QString, file);
        QFETCH(qint64, until);
        const ScenarioReadResult read = ScenarioReader::readFile(
            QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/") + file, &registry());
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        QByteArray json[2];
        QTemporaryDir dir;
        for (int mode = 0; mode < 2; ++mode) {
            Simulation::Options options;
            options.recording = mode ? Simulation::Options::Recording::Spool
                                     : Simulation::Options::Recording::Memory;
            Simulation sim(*read.scenario, registry(), options);
            QVERIFY2(sim.isValid(), qPrintable(sim.error()));
            sim.runUntil(until);
            QCOMPARE(sim.samples().size(), mode ? 0 : until / sim.sampleInterval());
            if (mode) {
                QCOMPARE(sim.spool()->size(), until / sim.sampleInterval());
            }
            ReportWriter::Options reportOptions;
            reportOptions.duration = until;
            json[mode] = ReportWriter::toJson(RunRecord::of(sim), reportOptions);
            QString error;
            QVERIFY2(ReportWriter::writeCsv(
                         RunRecord::of(sim), dir.filePath(QString::number(mode)), &error),
                qPrintable(error));
        }
        QVERIFY(json[0].size() > 100000);
        QVERIFY(json[0] == json[1]);
        for (const char *name : { "consumers.csv", "queues.csv", "health.csv" }) {
            const QByteArray memory
                = readAll(dir.filePath(QStringLiteral("0/") + QLatin1String(name)));
            const QByteArray spooled
                = readAll(dir.filePath(QStringLiteral("1/") + QLatin1String(name)));
            QVERIFY(memory.count('\n') > until / kSecond);
            QVERIFY2(memory == spooled, name);
        }
    }

    // The app's CSV export goes through the same writer from its window of samples: within the
    // window's whole stretch it writes what `rblab simulate --csv` writes.
    void boundedWindowWritesTheCliCsv()
    {
        const ScenarioReadResult read = ScenarioReader::readFile(
            QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json"), &registry());
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        QTemporaryDir dir;
        for (int mode = 0; mode < 2; ++mode) {
            Simulation::Options options;
            options.recording = mode ? Simulation::Options::Recording::Bounded
                                     : Simulation::Options::Recording::Spool;
            Simulation sim(*read.scenario, registry(), options);
            sim.runUntil(5 * kMinute);
            QString error;
            QVERIFY2(ReportWriter::writeCsv(
                         RunRecord::of(sim), dir.filePath(QString::number(mode)), &error),
                qPrintable(error));
        }
        for (const char *name : { "consumers.csv", "queues.csv", "health.csv" }) {
            const QByteArray cli
                = readAll(dir.filePath(QStringLiteral("0/") + QLatin1String(name)));
            const QByteArray app
                = readAll(dir.filePath(QStringLiteral("1/") + QLatin1String(name)));
            QVERIFY(cli.count('\n') > 300);
            QVERIFY2(cli == app, name);
        }
    }

    // The app's window: never more than its capacity, the recent window whole, the first sample
    // kept, every appended sample accounted for by a stride, and memory that does not follow
    // the length of the run (ten times the samples, at most 1.2 times the bytes).
    void historyIsBounded_data()
    {
        QTest::addColumn<qint64>("appended");
        QTest::newRow("just over capacity") << qint64(700);
        QTest::newRow("10x") << qint64(5000);
        QTest::newRow("100x") << qint64(50000);
    }
    void historyIsBounded()
    {
        QFETCH(qint64, appended);
        const SampleHistory::Limits limits { 200, 600 };
        SampleHistory history(limits);
        qint64 bytesAtCapacity = 0;
        for (qint64 i = 0; i < appended; ++i) {
            history.append(syntheticSample(i * 500, 8, 5));
            if (i + 1 == limits.capacity) {
                bytesAtCapacity = history.memoryBytes();
            }
        }
        QCOMPARE(history.appendedCount(), appended);
        QVERIFY(history.size() <= limits.capacity);
        QVERIFY(history.size() > limits.capacity / 2);
        QVERIFY2(history.memoryBytes() <= bytesAtCapacity * 12 / 10,
            qPrintable(QStringLiteral("%1 bytes after %2 samples, %3 at capacity")
                           .arg(history.memoryBytes())
                           .arg(appended)
                           .arg(bytesAtCapacity)));
        QCOMPARE(history.samples().first()->t, 0);
        QCOMPARE(history.samples().last()->t, (appended - 1) * 500);
        qint64 strides = 0;
        for (qsizetype i = 0; i < history.size(); ++i) {
            strides += history.stride(i);
            if (i > 0) {
                QVERIFY(history.samples().at(i)->t > history.samples().at(i - 1)->t);
            }
        }
        QCOMPARE(strides, appended);
        for (qsizetype i = history.size() - limits.recent; i < history.size(); ++i) {
            QCOMPARE(history.stride(i), 1u);
            if (i == history.size() - limits.recent) {
                continue;
            }
            QCOMPARE(history.samples().at(i)->t - history.samples().at(i - 1)->t, 500);
        }
        // Resolution falls off with age: the oldest stretch is the coarsest.
        QVERIFY(history.stride(1) >= history.stride(history.size() - limits.recent - 1));
    }

    void historyTruncateAfter()
    {
        SampleHistory history({ 50, 200 });
        for (int i = 0; i < 1000; ++i) {
            history.append(syntheticSample(SimTime(i) * 1000, 2, 2));
        }
        const QList<SamplePtr> before = history.samples(); // what a view in the interface holds
        const quint64 revision = history.layoutRevision();
        history.truncateAfter(900 * 1000);
        QCOMPARE(history.samples().last()->t, 900 * 1000);
        QVERIFY(history.layoutRevision() != revision);
        QCOMPARE(before.last()->t, 999 * 1000); // the view taken before is untouched
        QCOMPARE(history.samples().size(), before.size() - 99);
        history.append(syntheticSample(901 * 1000, 2, 2));
        QCOMPARE(history.samples().last()->t, 901 * 1000);
        history.truncateAfter(-1);
        QCOMPARE(history.size(), 0);
        QCOMPARE(history.memoryBytes(), 0);
    }

    // A whole run in the app's mode: the history of 40 virtual minutes holds no more than that
    // of 10 (same world, so the same size of sample), and the run's spool drops what a rewind
    // undoes.
    void simulationHistoryDoesNotGrowWithTheRun()
    {
        WorldSpec spec;
        spec.consumers = 4;
        const Scenario scenario = makeScenario(spec);
        Simulation::Options options;
        options.sampleInterval = 500;
        options.recording = Simulation::Options::Recording::Bounded;
        options.historyLimits = { 300, 900 };
        Simulation sim(scenario, registry(), options);
        QVERIFY2(sim.isValid(), qPrintable(sim.error()));
        QVERIFY(sim.samples().isEmpty());
        sim.runUntil(10 * kMinute);
        const qint64 bytes10 = sim.history()->memoryBytes();
        QCOMPARE(sim.history()->appendedCount(), 1200);
        sim.runUntil(40 * kMinute);
        QCOMPARE(sim.history()->appendedCount(), 4800);
        QVERIFY(sim.history()->size() <= 900);
        QVERIFY2(sim.history()->memoryBytes() <= bytes10 * 12 / 10,
            qPrintable(QStringLiteral("40 min: %1 bytes, 10 min: %2")
                           .arg(sim.history()->memoryBytes())
                           .arg(bytes10)));
        sim.truncateSamplesAfter(30 * kMinute);
        // The sample at 30:00 itself may have been thinned away; none after it is left.
        QVERIFY(sim.history()->samples().last()->t <= 30 * kMinute);
        QVERIFY(sim.history()->samples().last()->t > 25 * kMinute);
    }

    // Issue 10: the app's store does not grow with the run. The default world (consumers join
    // and leave all along) run as the app runs it, through a Timeline: at 2 h the history holds
    // at most 1.2 times what it held at 30 minutes, though four times the samples were taken and
    // many more consumers created (a row each per sample before folding). Every row comes back:
    // the folded window expands to the straight run's samples, before and after a rewind.
    void historyDoesNotGrowWithConsumersEverCreated()
    {
        const ScenarioReadResult read = ScenarioReader::readFile(
            QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json"), &registry());
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        Simulation::Options options;
        options.sampleInterval = 500;
        options.recording = Simulation::Options::Recording::Bounded;
        options.historyLimits = { 300, 900 };
        Timeline timeline(*read.scenario, registry(), options);
        QVERIFY2(timeline.isValid(), qPrintable(timeline.error()));
        timeline.runUntil(30 * kMinute);
        const SampleHistory &history = *timeline.history();
        const qint64 bytes30 = history.memoryBytes();
        const qsizetype consumers30 = timeline.simulation().consumers().size();
        timeline.runUntil(2 * kHour);
        const qsizetype consumers120 = timeline.simulation().consumers().size();
        QCOMPARE(history.appendedCount(), 2 * kHour / 500);
        QVERIFY(history.size() <= 900);
        QVERIFY2(consumers120 >= consumers30 + 10,
            qPrintable(QStringLiteral("%1 -> %2 consumers").arg(consumers30).arg(consumers120)));
        QVERIFY(SampleHistory::isFolded(*history.samples().last()));
        QCOMPARE(SampleHistory::consumerCount(*history.samples().last()), consumers120);
        QVERIFY2(history.memoryBytes() <= bytes30 * 12 / 10,
            qPrintable(QStringLiteral("2 h: %1 bytes, 30 min: %2 (%3 -> %4 consumers)")
                           .arg(history.memoryBytes())
                           .arg(bytes30)
                           .arg(consumers30)
                           .arg(consumers120)));

        // Back to 100 minutes: nothing after it is left, and the whole stretch at the end
        // expands to what a straight run took.
        timeline.seek(100 * kMinute);
        // (the sample at 100:00 itself may have been thinned away)
        QVERIFY(history.samples().last()->t <= 100 * kMinute);
        QVERIFY(history.samples().last()->t > 99 * kMinute);
        timeline.runUntil(105 * kMinute);
        Simulation straight(*read.scenario, registry(), [] {
            Simulation::Options o;
            o.sampleInterval = 500;
            return o;
        }());
        straight.runUntil(105 * kMinute);
        const QList<Sample> &taken = straight.samples();
        for (qsizetype i = history.size() - 300; i < history.size(); ++i) {
            const Sample whole = history.expanded(i);
            const qsizetype at = qsizetype(whole.t / 500) - 1; // the first sample is at 0.5 s
            QCOMPARE(taken.at(at).t, whole.t);
            QVERIFY2(comparable(whole) == comparable(taken.at(at)),
                qPrintable(QString::number(whole.t)));
        }
    }
};

QTEST_GUILESS_MAIN(tst_RunHistory)
#include "tst_runhistory.moc"
