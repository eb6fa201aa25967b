// SPDX-License-Identifier: Apache-2.0
// What plugin isolation costs per allocate call (issue 11): the same strategy asked in process
// and through `rblab strategy-host` (one frame each way over QLocalSocket), on a large case
// (1,000 queues × 100 consumers: each call sends 1,000 queues and 100 ids and gets about 10
// queues back) and a small one (8 queues × 3 consumers). Median of 5 rounds; a round asks every
// consumer once. Also a helper's first start (process, Qt, plugins, the strategy made).
#include "benchresults.h"

#include <allocation/strategyregistry.h>
#include <hostconnection.h>
#include <pluginisolation.h>

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

using namespace Rblab;

namespace {

constexpr int kRounds = 5;

MessageQueueList queues(int count)
{
    MessageQueueList list;
    const QStringList brokers { QStringLiteral("broker-a"), QStringLiteral("broker-b"),
        QStringLiteral("broker-c"), QStringLiteral("broker-d") };
    for (int i = 0; i < count; ++i) {
        list.append({ QStringLiteral("TopicTest"), brokers.at(i % 4), i / 4 });
    }
    sortRocketMq(list);
    return list;
}

QStringList consumers(int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i) {
        list.append(QStringLiteral("10.0.%1.%2@%3").arg(i / 250).arg(i % 250).arg(4000 + i));
    }
    sortRocketMq(list);
    return list;
}

// Microseconds per call, the median over rounds of (round time / calls).
double perCallMicros(AllocationStrategy &strategy, const MessageQueueList &mqAll,
    const QStringList &cidAll, int repeat)
{
    QList<double> rounds;
    for (int r = 0; r < kRounds; ++r) {
        QElapsedTimer timer;
        timer.start();
        int calls = 0;
        for (int k = 0; k < repeat; ++k) {
            for (const QString &cid : cidAll) {
                const AllocateResult result
                    = guardedAllocate(strategy, QStringLiteral("g"), cid, mqAll, cidAll);
                if (!result.ok()) {
                    qFatal("allocate failed: %s", qPrintable(result.error));
                }
                ++calls;
            }
        }
        rounds.append(double(timer.nsecsElapsed()) / 1000.0 / calls);
    }
    std::sort(rounds.begin(), rounds.end());
    return rounds.at(kRounds / 2);
}

} // namespace

class bench_Isolation : public QObject
{
    Q_OBJECT

private slots:
    void perCall_data();
    void perCall();
    void helperStart();
};

void bench_Isolation::perCall_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("queueCount");
    QTest::addColumn<int>("consumerCount");
    QTest::addColumn<int>("repeat"); // rounds of every consumer per measurement
    QTest::newRow("AVG 1000x100") << QStringLiteral("AVG") << 1000 << 100 << 2;
    QTest::newRow("CONSISTENT_HASH 1000x100")
        << QStringLiteral("CONSISTENT_HASH") << 1000 << 100 << 2;
    QTest::newRow("AVG 8x3") << QStringLiteral("AVG") << 8 << 3 << 300;
}

void bench_Isolation::perCall()
{
    QFETCH(QString, strategy);
    QFETCH(int, queueCount);
    QFETCH(int, consumerCount);
    QFETCH(int, repeat);
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    StrategyRegistry registry;
    registry.load(sources);
    StrategyCreation local = registry.create(strategy, {});
    PluginIsolation::Settings settings;
    settings.mode = PluginIsolation::Mode::All;
    settings.program = QStringLiteral(RBLAB_BIN_DIR "/rblab");
    PluginIsolation isolation(settings);
    registry.setIsolation(&isolation);
    StrategyCreation remote = registry.create(strategy, {});
    QVERIFY2(local.ok() && remote.ok(), qPrintable(local.error + remote.error));
    const MessageQueueList mqAll = queues(queueCount);
    const QStringList cidAll = consumers(consumerCount);
    // Warm both (CONSISTENT_HASH builds its ring on the first call of a membership).
    perCallMicros(*local.strategy, mqAll, cidAll, 1);
    perCallMicros(*remote.strategy, mqAll, cidAll, 1);
    const double inProcess = perCallMicros(*local.strategy, mqAll, cidAll, repeat);
    const double isolated = perCallMicros(*remote.strategy, mqAll, cidAll, repeat);
    const QString name = QStringLiteral("isolation.%1_%2x%3")
                             .arg(strategy.toLower())
                             .arg(queueCount)
                             .arg(consumerCount);
    BenchResults::record(
        name + QStringLiteral(".in_process"), inProcess, QStringLiteral("us/call"));
    BenchResults::record(name + QStringLiteral(".isolated"), isolated, QStringLiteral("us/call"));
    qInfo("%s: in process %.1f us/call, isolated %.1f us/call (+%.1f us)", qPrintable(name),
        inProcess, isolated, isolated - inProcess);
    QVERIFY(isolated > 0 && inProcess > 0);
}

void bench_Isolation::helperStart()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    StrategyRegistry registry;
    registry.load(sources);
    QList<double> starts;
    for (int r = 0; r < kRounds; ++r) {
        PluginIsolation::Settings settings;
        settings.mode = PluginIsolation::Mode::All;
        settings.program = QStringLiteral(RBLAB_BIN_DIR "/rblab");
        PluginIsolation isolation(settings);
        registry.setIsolation(&isolation);
        QElapsedTimer timer;
        timer.start();
        StrategyCreation made = registry.create(QStringLiteral("AVG"), {});
        starts.append(double(timer.nsecsElapsed()) / 1e6);
        QVERIFY(made.ok());
        made.strategy.reset();
        registry.setIsolation(nullptr);
    }
    std::sort(starts.begin(), starts.end());
    BenchResults::record(QStringLiteral("isolation.helper_start"), starts.at(kRounds / 2),
        QStringLiteral("ms"), QStringLiteral("rblab strategy-host started, connected, AVG made"));
    qInfo("helper start: %.1f ms (median of %d)", starts.at(kRounds / 2), kRounds);
}

QTEST_GUILESS_MAIN(bench_Isolation)
#include "bench_isolation.moc"
