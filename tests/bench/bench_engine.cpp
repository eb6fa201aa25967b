// SPDX-License-Identifier: Apache-2.0
// engine.reference_1h: the reference world of issue 3 for one hour of virtual time.
#include "benchresults.h"

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

#include <sys/resource.h>

using namespace Rblab;

/*!
    Runs tests/data/scenarios/reference-1h.json (2 brokers × 64 queues, 20,000 messages/s of
    1 KiB, 16 consumers churning between 8 and 24, exponential 1 ms consume times, samples every
    minute) for its hour and records the wall time, the CPU time, the speed over real time and
    the peak memory. Targets: ≤ 10 s wall (≥ 360× real time), < 500 MB.
*/
class tst_BenchEngine : public QObject
{
    Q_OBJECT

private slots:
    void referenceHour()
    {
        StrategyRegistry registry;
        registry.load();
        const QString path = QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/reference-1h.json");
        const ScenarioReadResult read = ScenarioReader::readFile(path, &registry);
        QVERIFY2(read.ok(), qPrintable(read.errorText()));

        Simulation simulation(*read.scenario, registry);
        QVERIFY2(simulation.isValid(), qPrintable(simulation.error()));
        rusage before {};
        getrusage(RUSAGE_SELF, &before);
        QElapsedTimer timer;
        timer.start();
        simulation.runUntil(read.scenario->duration);
        const double wall = double(timer.nsecsElapsed()) / 1e9;
        rusage after {};
        getrusage(RUSAGE_SELF, &after);
        const double cpu = double(after.ru_utime.tv_sec - before.ru_utime.tv_sec)
            + double(after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6;

        const SnapshotTotals totals = simulation.totals();
        // The run must be the real thing: all messages produced and consumed, nothing lost.
        QCOMPARE(totals.lost, 0);
        QCOMPARE(totals.produced, qint64(72000000));
        QVERIFY2(totals.uniqueDelivered > totals.produced * 99 / 100,
            qPrintable(QStringLiteral("only %1 of %2 delivered")
                           .arg(totals.uniqueDelivered)
                           .arg(totals.produced)));
        QVERIFY(totals.rebalances > 100); // the churn really churned

        const double hour = double(read.scenario->duration) / 1000.0;
        BenchResults::record(QStringLiteral("engine.reference_1h"), wall, QStringLiteral("s"),
            QStringLiteral("target ≤ 10 s (≥ 360× real time)"));
        BenchResults::record(QStringLiteral("engine.reference_1h.cpu"), cpu, QStringLiteral("s"));
        BenchResults::record(QStringLiteral("engine.reference_1h.speed"), hour / wall,
            QStringLiteral("x real time"));
        BenchResults::record(QStringLiteral("engine.reference_1h.peak_rss"),
            double(after.ru_maxrss) / 1024.0, QStringLiteral("MiB"),
            QStringLiteral("target < 500 MB"));
        BenchResults::record(QStringLiteral("engine.reference_1h.events"),
            double(simulation.processedEventCount()), QStringLiteral("events"));
        BenchResults::record(QStringLiteral("engine.reference_1h.ns_per_message"),
            wall * 1e9 / double(totals.delivered), QStringLiteral("ns"));
    }
};

QTEST_GUILESS_MAIN(tst_BenchEngine)
#include "bench_engine.moc"
