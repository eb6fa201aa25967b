// SPDX-License-Identifier: Apache-2.0
// The churn generator (scenario-format.md "Churn"): actions drawn by weight after exponential
// waits keep the live consumers within minConsumers…maxConsumers, recover after recoverAfter,
// give newcomers ids after the pattern, and do all that the same way for the same seed.
#include "simtestsupport.h"

#include <QRegularExpression>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

bool live(ConsumerState s)
{
    return s != ConsumerState::Absent && s != ConsumerState::Killed && s != ConsumerState::Shutdown;
}

ChurnSpec churnSpec(SimTime meanInterval, const QList<QPair<QString, double>> &actions)
{
    ChurnSpec c;
    c.group = kGroup;
    c.meanInterval = meanInterval;
    c.actions = actions;
    c.minConsumers = 2;
    c.maxConsumers = 5;
    c.recoverAfter = 10 * kSecond;
    return c;
}

const QList<QPair<QString, double>> kAllActions = { { QStringLiteral("join"), 3 },
    { QStringLiteral("shutdown"), 2 }, { QStringLiteral("kill"), 1 },
    { QStringLiteral("freeze"), 1 }, { QStringLiteral("partition"), 1 },
    { QStringLiteral("pause"), 1 }, { QStringLiteral("slow"), 1 } };

QStringList lifecycle(const Simulation &sim)
{
    QStringList lines;
    for (const SimEvent &e : sim.events()) {
        if (e.isLifecycle() && e.type != SimEvent::Type::Started) {
            lines.append(QStringLiteral("%1 %2 %3")
                             .arg(e.t)
                             .arg(SimEvent::typeName(e.type), sim.consumers()[e.consumer].name));
        }
    }
    return lines;
}

//! Two consumers, and churn that joins with `pattern` and takes consumers away with `leave`.
Scenario patternWorld(
    const QString &pattern, SimTime meanInterval, const QString &leave, int maxConsumers)
{
    WorldSpec spec;
    spec.consumers = 2;
    Scenario scenario = makeScenario(spec);
    scenario.churn = churnSpec(meanInterval, { { QStringLiteral("join"), 1 }, { leave, 1 } });
    scenario.churn->maxConsumers = maxConsumers;
    scenario.churn->idPattern = pattern;
    return scenario;
}

} // namespace

class tst_Churn : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void liveConsumersStayWithinBounds_data();
    void liveConsumersStayWithinBounds();
    void deterministicPerSeed();
    void recoversAfterRecoverAfter();
    void joinIdsFollowThePattern_data();
    void joinIdsFollowThePattern();
    void patternOutOfIdsStopsJoining_data();
    void patternOutOfIdsStopsJoining();
};

void tst_Churn::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Churn::liveConsumersStayWithinBounds_data()
{
    QTest::addColumn<SimTime>("meanInterval");
    QTest::addColumn<SimTime>("duration");
    QTest::addColumn<bool>("everything");
    QTest::addColumn<SimTime>("step"); // how often the bounds are checked
    // Gentle churn of every kind, and a storm of joins and departures that comes back before a
    // graceful shutdown (persist, unregister from both brokers) has finished.
    QTest::newRow("every 5 s, all actions")
        << SimTime(5000) << SimTime(10 * kMinute) << true << SimTime(10);
    QTest::newRow("every 20 ms, joins and departures")
        << SimTime(20) << SimTime(40 * kSecond) << false << SimTime(1);
}

void tst_Churn::liveConsumersStayWithinBounds()
{
    QFETCH(SimTime, meanInterval);
    QFETCH(SimTime, duration);
    QFETCH(bool, everything);
    QFETCH(SimTime, step);
    WorldSpec spec;
    spec.consumers = 3;
    Scenario scenario = makeScenario(spec);
    scenario.churn = churnSpec(meanInterval,
        everything ? kAllActions
                   : QList<QPair<QString, double>> { { QStringLiteral("join"), 1 },
                       { QStringLiteral("shutdown"), 1 }, { QStringLiteral("kill"), 1 } });
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    int low = 100;
    int high = 0;
    const bool ok = runChecking(sim, duration, step, [&](const WorldSnapshot &snap) {
        int n = 0;
        for (const SnapshotConsumer &c : snap.consumers) {
            n += live(c.state) ? 1 : 0;
        }
        low = std::min(low, n);
        high = std::max(high, n);
        return n >= 2 && n <= 5;
    });
    QVERIFY2(ok,
        qPrintable(QStringLiteral("%1 live at %2\n%3")
                       .arg(low < 2 ? low : high)
                       .arg(sim.now())
                       .arg(lifecycle(sim)
                                .mid(std::max<qsizetype>(0, lifecycle(sim).size() - 20))
                                .join(QLatin1Char('\n')))));
    // It did churn: the bounds were both reached and many consumers came and went.
    QCOMPARE(low, 2);
    QCOMPARE(high, 5);
    QVERIFY(sim.consumers().size() > 6);
    QCOMPARE(sim.totals().lost, qint64(0));
}

void tst_Churn::deterministicPerSeed()
{
    WorldSpec spec;
    spec.consumers = 3;
    Scenario scenario = makeScenario(spec);
    scenario.churn = churnSpec(3000, kAllActions);
    QStringList runs[3];
    for (int i = 0; i < 3; ++i) {
        Simulation::Options options;
        options.seed = i == 2 ? 99 : 1;
        Simulation sim(scenario, registry(), options);
        sim.runUntil(5 * kMinute);
        runs[i] = lifecycle(sim);
    }
    QVERIFY(runs[0].size() > 50);
    QCOMPARE(runs[1], runs[0]);
    QVERIFY(runs[2] != runs[0]);
}

void tst_Churn::recoversAfterRecoverAfter()
{
    WorldSpec spec;
    spec.consumers = 4;
    Scenario scenario = makeScenario(spec);
    scenario.churn = churnSpec(4000,
        { { QStringLiteral("freeze"), 1 }, { QStringLiteral("partition"), 1 },
            { QStringLiteral("pause"), 1 }, { QStringLiteral("slow"), 1 } });
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(5 * kMinute);
    using T = SimEvent::Type;
    const QHash<T, T> recovery = { { T::Freeze, T::Unfreeze }, { T::Partition, T::Heal },
        { T::Pause, T::Resume }, { T::SetConsumeTime, T::SetConsumeTime } };
    int checked = 0;
    const QList<SimEvent> &all = sim.events();
    for (qsizetype i = 0; i < all.size(); ++i) {
        const SimEvent &e = all[i];
        if (!recovery.contains(e.type) || e.t > sim.now() - 10 * kSecond) {
            continue;
        }
        if (e.type == T::SetConsumeTime && e.detail != QLatin1String("10ms")) {
            continue; // a restore, not a slow-down (1 ms × 10)
        }
        bool recovered = false;
        for (qsizetype j = i + 1; j < all.size() && !recovered; ++j) {
            recovered = all[j].type == recovery[e.type] && all[j].consumer == e.consumer
                && all[j].t == e.t + 10 * kSecond
                && (e.type != T::SetConsumeTime || all[j].detail == QLatin1String("1ms"));
        }
        QVERIFY2(recovered,
            qPrintable(QStringLiteral("%1 of %2 at %3")
                           .arg(SimEvent::typeName(e.type))
                           .arg(e.consumer)
                           .arg(e.t)));
        ++checked;
    }
    QVERIFY(checked > 20);
    // No departures were drawn: all four are still there.
    for (const SnapshotConsumer &c : sim.snapshot().consumers) {
        QVERIFY(live(c.state));
    }
}

void tst_Churn::joinIdsFollowThePattern_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("regex");
    QTest::newRow("default") << QString() << QStringLiteral("^10\\.0\\.(\\d+)\\.(\\d+)@(\\d+)$");
    QTest::newRow("idPattern") << QStringLiteral("pod-{k}.n{n}m{m}@{pid}")
                               << QStringLiteral("^pod-(\\d+)\\.n\\d+m\\d+@\\d+$");
}

void tst_Churn::joinIdsFollowThePattern()
{
    QFETCH(QString, pattern);
    QFETCH(QString, regex);
    Simulation sim(patternWorld(pattern, 2000, QStringLiteral("kill"), 8), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(3 * kMinute);
    const QRegularExpression re(regex);
    QSet<QString> ids;
    int joined = 0;
    for (qsizetype c = 2; c < sim.consumers().size(); ++c) {
        const ConsumerInfo &info = sim.consumers()[c];
        const QRegularExpressionMatch m = re.match(info.id);
        QVERIFY2(m.hasMatch(), qPrintable(info.id));
        QCOMPARE(info.name, info.id);
        QVERIFY(!ids.contains(info.id));
        ids.insert(info.id);
        if (pattern.isEmpty()) {
            // 10.0.<n>.<m>: the k-th consumer of the run is n = 1 + k / 250, m = 1 + k % 250.
            QCOMPARE(m.captured(1).toInt(), 1 + int(c) / 250);
            QCOMPARE(m.captured(2).toInt(), 1 + int(c) % 250);
        } else {
            QCOMPARE(m.captured(1).toInt(), int(c));
        }
        ++joined;
    }
    QVERIFY(joined >= 10);
}

void tst_Churn::patternOutOfIdsStopsJoining_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<int>("ids"); //!< the distinct ids the pattern can make
    QTest::newRow("{m} only") << QStringLiteral("10.0.0.{m}@1") << 250;
    QTest::newRow("constant") << QStringLiteral("x") << 1;
}

void tst_Churn::patternOutOfIdsStopsJoining()
{
    // "idPattern": "10.0.0.{m}@1" hung rblab simulate (and would freeze the app) once its 250
    // ids were used: the search for an unused id looped for ever; "x" hung at the second join.
    QFETCH(QString, pattern);
    QFETCH(int, ids);
    Simulation sim(patternWorld(pattern, 1000, QStringLiteral("shutdown"), 10), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(kHour);
    QCOMPARE(sim.now(), kHour);
    // Every id the pattern can make was used once, and no more consumers came.
    QCOMPARE(int(sim.consumers().size()), 2 + ids);
    QSet<QString> seen;
    for (qsizetype c = 2; c < sim.consumers().size(); ++c) {
        QVERIFY(!seen.contains(sim.consumers()[c].id));
        seen.insert(sim.consumers()[c].id);
    }
}

QTEST_GUILESS_MAIN(tst_Churn)
#include "tst_churn.moc"
