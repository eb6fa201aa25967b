// SPDX-License-Identifier: Apache-2.0
// gui.timeline.seek_1h: scrubbing a one-hour run of the default world, as the app's worker does.
#include "benchresults.h"

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>
#include <run/timeline.h>

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <algorithm>

using namespace Rblab;

namespace {

//! Resident memory now (not the peak), MiB.
double residentMiB()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly)) {
        return 0;
    }
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields.at(1).toDouble() * 4096.0 / (1024.0 * 1024.0) : 0;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

} // namespace

/*!
    resources/scenarios/default.json (16 queues, 2,000 messages/s, four consumers and its random
    churn) played for an hour with the app's 500 ms samples, then:
    - the checkpoint store filled by the background builder (time, memory per checkpoint);
    - 40 seeks to times spread over the hour, the store refilled between them (the app refills
      while idle): the answer time of a scrub. Target < 0.5 s for every one;
    - a drag: 12 seeks in a row without refilling (each restore takes its checkpoint out).
*/
class bench_Timeline : public QObject
{
    Q_OBJECT

private slots:
    void seek1h()
    {
        StrategyRegistry registry;
        registry.load();
        const ScenarioReadResult read = ScenarioReader::readFile(
            QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json"), &registry);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        Simulation::Options options;
        options.sampleInterval = 500; // SimulationController::kChartSampleInterval
        Timeline timeline(*read.scenario, registry, options);
        QVERIFY2(timeline.isValid(), qPrintable(timeline.error()));

        QElapsedTimer timer;
        timer.start();
        timeline.runUntil(kHour);
        const double play = double(timer.nsecsElapsed()) / 1e9;
        QCOMPARE(timeline.now(), kHour);

        const double before = residentMiB();
        timer.start();
        while (timeline.prepare(kMinute)) { }
        const double build = double(timer.nsecsElapsed()) / 1e9;
        const double after = residentMiB();
        const int count = timeline.checkpointCount();
        QCOMPARE(count, int(kHour / timeline.spacing()));

        QList<double> seeks;
        quint32 x = 12345;
        for (int i = 0; i < 40; ++i) {
            x = x * 1103515245u + 12345u;
            const SimTime t = SimTime((x >> 8) % quint32(kHour));
            timer.start();
            timeline.seek(t);
            timeline.simulation().snapshot();
            seeks.append(double(timer.nsecsElapsed()) / 1e6);
            QCOMPARE(timeline.now(), t);
            while (timeline.prepare(kMinute)) { }
        }
        QList<double> drag;
        for (int i = 0; i < 12; ++i) {
            const SimTime t = kHour - 1 - SimTime(i) * 4 * kMinute - 17 * kSecond;
            timer.start();
            timeline.seek(t);
            timeline.simulation().snapshot();
            drag.append(double(timer.nsecsElapsed()) / 1e6);
        }
        const double worst = *std::max_element(seeks.cbegin(), seeks.cend());
        qInfo("play 1 h %.2f s; %d checkpoints built in %.2f s, %.1f MiB (%.2f MiB each); seek "
              "median %.1f ms, max %.1f ms; drag median %.1f ms, max %.1f ms",
            play, count, build, after - before, (after - before) / count, median(seeks), worst,
            median(drag), *std::max_element(drag.cbegin(), drag.cend()));
        QVERIFY2(worst < 500, qPrintable(QStringLiteral("a seek took %1 ms").arg(worst)));

        BenchResults::record(QStringLiteral("gui.timeline.seek_1h"), worst, QStringLiteral("ms"),
            QStringLiteral("default.json played 1 h, worst of 40 seeks over the hour, store "
                           "refilled between; target < 500 ms"));
        BenchResults::record(
            QStringLiteral("gui.timeline.seek_1h.median"), median(seeks), QStringLiteral("ms"));
        BenchResults::record(QStringLiteral("gui.timeline.drag_1h.max"),
            *std::max_element(drag.cbegin(), drag.cend()), QStringLiteral("ms"),
            QStringLiteral("12 seeks backwards in a row, no refill"));
        BenchResults::record(QStringLiteral("gui.timeline.checkpoints_1h.build"), build,
            QStringLiteral("s"), QStringLiteral("%1 checkpoints, background").arg(count));
        BenchResults::record(QStringLiteral("gui.timeline.checkpoints_1h.memory"), after - before,
            QStringLiteral("MiB"), QStringLiteral("resident, %1 checkpoints").arg(count));
    }
};

QTEST_GUILESS_MAIN(bench_Timeline)
#include "bench_timeline.moc"
