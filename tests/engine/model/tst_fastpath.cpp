// SPDX-License-Identifier: Apache-2.0
// The engine's fast path (model/fastpath.h, issue 12) handles steady queues' pull answers off
// the agenda. It must change nothing but the cost: every bundled and test world gives the same
// report, byte for byte, and the same number of processed events with it and without it; a run
// stopped and continued (the GUI's frames, the timeline's replays, commands given between two
// events) equals a straight run; and in the reference world it does nearly all the work.
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <scenario/scenarioreader.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

struct Run
{
    QByteArray report;
    quint64 processed = 0;
    quint64 fast = 0;
    quint64 looped = 0;
    quint64 stops = 0;
};

Scenario load(const QString &path)
{
    const ScenarioReadResult read = ScenarioReader::readFile(path, &registry());
    if (!read.ok()) {
        qFatal("%s", qPrintable(read.errorText()));
    }
    return *read.scenario;
}

QString bundled(const QString &name)
{
    return QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/") + name;
}

QString testWorld(const QString &name)
{
    return QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/scenarios/") + name;
}

Run finish(Simulation &sim, SimTime until)
{
    Run run;
    sim.runUntil(until);
    ReportWriter::Options options;
    options.duration = until;
    run.report = ReportWriter::toJson(sim, options);
    run.processed = sim.processedEventCount();
    run.fast = sim.fastPathAnswers();
    run.looped = sim.fastPathLooped();
    run.stops = sim.fastPathStops();
    return run;
}

Run straight(const Scenario &scenario, quint64 seed, SimTime until, bool fastPath)
{
    Simulation::Options options;
    options.seed = seed;
    options.fastPath = fastPath;
    Simulation sim(scenario, registry(), options);
    return finish(sim, until);
}

//! The same run, stopped every `step` (a snapshot taken at each stop, as the GUI does).
Run stopping(const Scenario &scenario, quint64 seed, SimTime until, SimTime step)
{
    Simulation::Options options;
    options.seed = seed;
    Simulation sim(scenario, registry(), options);
    for (SimTime t = step; t < until; t += step) {
        sim.runUntil(t);
        sim.snapshot();
    }
    return finish(sim, until);
}

/*!
    The reference world with CONSISTENT_HASH: the ring gives some consumers two to three times
    the mean number of queues, more than they have idle threads, so their lanes stop often.
*/
Scenario imbalanced()
{
    Scenario scenario = load(testWorld(QStringLiteral("reference-1h.json")));
    scenario.groups.front().strategy = QStringLiteral("CONSISTENT_HASH");
    return scenario;
}

//! A world with other client settings, exponential consume times, produce rate (0: its own) and
//! strategy (empty: its own) in every group.
Scenario modified(const QString &path, const QJsonObject &client, const QString &mean, int rate,
    const QString &strategy)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qFatal("cannot read %s", qPrintable(path));
    }
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QJsonArray topics = root.value(QStringLiteral("topics")).toArray();
    QJsonObject topic = topics.at(0).toObject();
    if (rate > 0) {
        topic.insert(QStringLiteral("produceRate"), rate);
    }
    topics.replace(0, topic);
    root.insert(QStringLiteral("topics"), topics);
    QJsonArray groups = root.value(QStringLiteral("groups")).toArray();
    for (qsizetype g = 0; g < groups.size(); ++g) {
        QJsonObject group = groups.at(g).toObject();
        if (!strategy.isEmpty()) {
            group.insert(QStringLiteral("strategy"), strategy);
        }
        group.insert(QStringLiteral("client"), client);
        QJsonArray consumers = group.value(QStringLiteral("consumers")).toArray();
        for (qsizetype i = 0; i < consumers.size(); ++i) {
            QJsonObject consumer = consumers.at(i).toObject();
            consumer.insert(QStringLiteral("consumeTime"),
                QJsonObject { { QStringLiteral("distribution"), QStringLiteral("exponential") },
                    { QStringLiteral("mean"), mean } });
            consumers.replace(i, consumer);
        }
        group.insert(QStringLiteral("consumers"), consumers);
        groups.replace(g, group);
    }
    root.insert(QStringLiteral("groups"), groups);
    const ScenarioReadResult read = ScenarioReader::read(
        QJsonDocument(root).toJson(), QFileInfo(path).fileName(), &registry());
    if (!read.ok()) {
        qFatal("%s", qPrintable(read.errorText()));
    }
    return *read.scenario;
}

/*!
    The reference world with small consume pools kept busy: `threads` threads per consumer,
    exponential consume times of `mean`, `rate` messages/s. Lanes stop often here (calls still
    in flight, no idle thread to share), and each stop must be seen by the other lanes before
    they go past it.
*/
Scenario saturated(int threads, const QString &mean, int rate, const QString &strategy)
{
    return modified(testWorld(QStringLiteral("reference-1h.json")),
        QJsonObject { { QStringLiteral("consumeThreadMin"), threads } }, mean, rate, strategy);
}

/*!
    Runs `scenario` with the fast path and without it: the run with it, and in `why` how the two
    differ (processed events, report), empty when they do not.
*/
Run bothWays(const Scenario &scenario, quint64 seed, SimTime until, QString *why)
{
    const Run slow = straight(scenario, seed, until, false);
    const Run fast = straight(scenario, seed, until, true);
    why->clear();
    if (fast.processed != slow.processed) {
        *why = QStringLiteral("%1 events processed with the fast path, %2 without")
                   .arg(fast.processed)
                   .arg(slow.processed);
    } else if (fast.report != slow.report) {
        *why = QStringLiteral("the reports differ");
    }
    return fast;
}

SimTime capped(const Scenario &scenario, SimTime cap)
{
    return std::min(scenario.duration > 0 ? scenario.duration : cap, cap);
}

} // namespace

class tst_FastPath : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameRunWithAndWithout_data();
    void sameRunWithAndWithout();
    void stopAndContinue_data();
    void stopAndContinue();
    void eventByEvent();
    void commandsBetweenEvents();
    void referenceWorldIsFast();
    void imbalancedWorld();
    void saturatedPools_data();
    void saturatedPools();
    void stopsOfOneMillisecond();
    void sharedPools_data();
    void sharedPools();
};

void tst_FastPath::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_FastPath::sameRunWithAndWithout_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<quint64>("seed");
    QStringList paths;
    for (const QString &file : QDir(QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios"))
                                   .entryList({ QStringLiteral("*.json") })) {
        paths << bundled(file);
    }
    for (const QString &file : QDir(QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/scenarios"))
                                   .entryList({ QStringLiteral("*.json") })) {
        paths << testWorld(file);
    }
    QVERIFY(paths.size() >= 18);
    for (const QString &path : std::as_const(paths)) {
        for (quint64 seed : { 1ull, 5ull }) {
            const QString tag
                = QFileInfo(path).baseName() + QLatin1Char('/') + QString::number(seed);
            QTest::newRow(qPrintable(tag)) << path << seed;
        }
    }
}

void tst_FastPath::sameRunWithAndWithout()
{
    QFETCH(QString, path);
    QFETCH(quint64, seed);
    const Scenario scenario = load(path);
    const SimTime until = capped(
        scenario, path.endsWith(QLatin1String("reference-1h.json")) ? 3 * kMinute : 8 * kMinute);
    const Run slow = straight(scenario, seed, until, false);
    const Run fast = straight(scenario, seed, until, true);
    QCOMPARE(slow.fast, 0ull);
    QCOMPARE(fast.processed, slow.processed);
    QCOMPARE(fast.report.size(), slow.report.size());
    QVERIFY2(fast.report == slow.report, "the reports differ");
}

void tst_FastPath::stopAndContinue_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<SimTime>("until");
    QTest::addColumn<SimTime>("step");
    const QString reference = testWorld(QStringLiteral("reference-1h.json"));
    const QString defaultWorld = bundled(QStringLiteral("default.json"));
    const QString slow = bundled(QStringLiteral("slow-consumer-flow-control.json"));
    const QString kills = bundled(QStringLiteral("kill-freeze-shutdown.json"));
    QTest::newRow("reference/1ms") << reference << SimTime(2 * kSecond) << SimTime(1);
    QTest::newRow("reference/53ms") << reference << SimTime(30 * kSecond) << SimTime(53);
    QTest::newRow("reference/1s") << reference << SimTime(2 * kMinute) << SimTime(kSecond);
    QTest::newRow("default/337ms") << defaultWorld << SimTime(3 * kMinute) << SimTime(337);
    QTest::newRow("slow-consumer/53ms") << slow << SimTime(2 * kMinute) << SimTime(53);
    QTest::newRow("kill-freeze-shutdown/1s") << kills << SimTime(4 * kMinute) << SimTime(kSecond);
}

void tst_FastPath::stopAndContinue()
{
    QFETCH(QString, path);
    QFETCH(SimTime, until);
    QFETCH(SimTime, step);
    const Scenario scenario = load(path);
    const Run whole = straight(scenario, 3, until, true);
    const Run stopped = stopping(scenario, 3, until, step);
    QVERIFY(whole.fast > 0);
    QCOMPARE(stopped.processed, whole.processed);
    QVERIFY2(stopped.report == whole.report, "a run stopped and continued differs");
}

void tst_FastPath::eventByEvent()
{
    // The GUI steps event by event and the timeline replays to an event count
    // (runUntilProcessed): a lane's answer counts as one event there, in its place.
    const Scenario scenario = load(testWorld(QStringLiteral("reference-1h.json")));
    const SimTime until = 20 * kSecond;
    const Run whole = straight(scenario, 2, until, true);
    const Run slow = straight(scenario, 2, until, false);
    QCOMPARE(whole.processed, slow.processed);
    for (const quint64 target : { whole.processed / 3, whole.processed / 2 + 7 }) {
        Simulation::Options options;
        options.seed = 2;
        Simulation fast(scenario, registry(), options);
        options.fastPath = false;
        Simulation general(scenario, registry(), options);
        // Event by event to the target (Simulation::step, as the GUI's "next event" does).
        while (fast.processedEventCount() < target) {
            QVERIFY(fast.step());
        }
        while (general.processedEventCount() < target) {
            QVERIFY(general.step());
        }
        QCOMPARE(fast.processedEventCount(), target);
        QCOMPARE(general.processedEventCount(), target);
        QCOMPARE(fast.now(), general.now());
        QCOMPARE(fast.snapshot().totals.delivered, general.snapshot().totals.delivered);
        // And to an event count within the time of the event reached (the timeline's replay).
        const SimTime now = fast.now();
        fast.runUntilProcessed(now, target + 300);
        general.runUntilProcessed(now, target + 300);
        QCOMPARE(fast.processedEventCount(), general.processedEventCount());
        for (int i = 0; i < 500; ++i) {
            QVERIFY(fast.step());
            QVERIFY(general.step());
            QCOMPARE(fast.processedEventCount(), general.processedEventCount());
        }
        QVERIFY(fast.fastPathAnswers() > 0);
        const Run a = finish(fast, until);
        const Run b = finish(general, until);
        QCOMPARE(a.processed, whole.processed);
        QVERIFY2(a.report == whole.report, "stepped fast run differs");
        QVERIFY2(b.report == whole.report, "stepped general run differs");
    }
}

void tst_FastPath::commandsBetweenEvents()
{
    // Commands given at a stop (the GUI's buttons) reach lanes that ran up to it: a freeze, a
    // kill, a new produce rate (held pulls are planned again) and a slower consumer.
    const Scenario scenario = load(testWorld(QStringLiteral("reference-1h.json")));
    QStringList ids;
    for (const ConsumerSpec &c : scenario.groups.front().consumers) {
        ids << c.id;
    }
    QVERIFY(ids.size() >= 4);
    const auto script = [&](Simulation &sim) {
        sim.runUntil(20 * kSecond + 17);
        QCOMPARE(apply(sim, command(ScenarioEvent::Action::Freeze, ids[1])), QString());
        sim.runUntil(31 * kSecond + 3);
        QCOMPARE(apply(sim, command(ScenarioEvent::Action::Unfreeze, ids[1])), QString());
        sim.runUntil(40 * kSecond + 1);
        QCOMPARE(apply(sim, command(ScenarioEvent::Action::Kill, ids[2])), QString());
        ScenarioEvent rate;
        rate.action = ScenarioEvent::Action::SetProduceRate;
        rate.topic = scenario.topics.front().name;
        rate.rate = 35000;
        sim.runUntil(47 * kSecond + 333);
        QString why;
        QVERIFY2(sim.apply(rate, &why), qPrintable(why));
        sim.runUntil(70 * kSecond);
    };
    Simulation::Options options;
    options.seed = 4;
    Simulation fast(scenario, registry(), options);
    options.fastPath = false;
    Simulation general(scenario, registry(), options);
    script(fast);
    script(general);
    const Run a = finish(fast, 90 * kSecond);
    const Run b = finish(general, 90 * kSecond);
    QVERIFY(a.fast > 0);
    QCOMPARE(a.processed, b.processed);
    QVERIFY2(a.report == b.report, "the same commands give different runs");
}

void tst_FastPath::referenceWorldIsFast()
{
    // Where the speed comes from (the instruction count is in the benchmarks): in the
    // reference world nearly every pull answer is handled by a lane.
    const Scenario scenario = load(testWorld(QStringLiteral("reference-1h.json")));
    const Run run = straight(scenario, scenario.seed, 2 * kMinute, true);
    QVERIFY2(run.fast > 2'300'000, qPrintable(QString::number(run.fast)));
    QVERIFY2(double(run.fast) / double(run.processed) > 0.97,
        qPrintable(QStringLiteral("%1 of %2").arg(run.fast).arg(run.processed)));
}

void tst_FastPath::imbalancedWorld()
{
    // A consumer holding more queues than it has idle threads: its lanes share the pool through
    // a ledger and stop only where the pool runs out. The same run as the general path's, event
    // for event, straight, stopped every 53 ms, and for two seeds; and stops stay rare and cheap.
    // Seed 7 made 4,266 stops in these two minutes when each lane had a fixed part of the pool
    // (the loops handled each answer 1.63 times; 3.85 before the rounds): none now, each answer
    // handled once. Seed 11: 9,710 stops, 1.16 times.
    const Scenario scenario = imbalanced();
    for (const quint64 seed : { 7ull, 11ull }) {
        QString why;
        const Run fast = bothWays(scenario, seed, 2 * kMinute, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY2(double(fast.fast) / double(fast.processed) > 0.9,
            qPrintable(QStringLiteral("%1 of %2").arg(fast.fast).arg(fast.processed)));
        QVERIFY2(double(fast.looped) < 1.3 * double(fast.fast),
            qPrintable(QStringLiteral("%1 handled in loops for %2 answers")
                           .arg(fast.looped)
                           .arg(fast.fast)));
        if (seed == 7) {
            QVERIFY2(fast.stops < 100, qPrintable(QStringLiteral("%1 stops").arg(fast.stops)));
        }
    }
    const Run whole = straight(scenario, 3, 30 * kSecond, true);
    const Run stopped = stopping(scenario, 3, 30 * kSecond, 53);
    QCOMPARE(stopped.processed, whole.processed);
    QVERIFY2(stopped.report == whole.report, "a run stopped and continued differs");
}

void tst_FastPath::saturatedPools_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("mean");
    QTest::addColumn<int>("rate");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<quint64>("seed");
    // Each of these gave a different report with the fast path when a stop cut back only its
    // consumer's lanes: another consumer's lane stopped at a later answer kept it for the next
    // catch-up while that consumer's other lanes ran on and completed calls that ended after it,
    // so the general path saw that consumer's pool from the future (27 of a grid of 144 such
    // worlds differed; these are four of them).
    QTest::newRow("4 threads, 3 ms, AVG")
        << 4 << QStringLiteral("3ms") << 20000 << QStringLiteral("AVG") << 1ull;
    QTest::newRow("20 threads, 8 ms, AVG")
        << 20 << QStringLiteral("8ms") << 20000 << QStringLiteral("AVG") << 1ull;
    QTest::newRow("8 threads, 8 ms, 5,000/s")
        << 8 << QStringLiteral("8ms") << 5000 << QStringLiteral("AVG") << 1ull;
    QTest::newRow("6 threads, 8 ms, CONSISTENT_HASH")
        << 6 << QStringLiteral("8ms") << 20000 << QStringLiteral("CONSISTENT_HASH") << 2ull;
}

void tst_FastPath::saturatedPools()
{
    QFETCH(int, threads);
    QFETCH(QString, mean);
    QFETCH(int, rate);
    QFETCH(QString, strategy);
    QFETCH(quint64, seed);
    QString why;
    const Run fast = bothWays(saturated(threads, mean, rate, strategy), seed, 90 * kSecond, &why);
    QVERIFY(fast.fast > 0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

void tst_FastPath::stopsOfOneMillisecond()
{
    // The default world with tiny caches (pullThresholdForQueue 5): lanes of two consumers stop
    // in one millisecond again and again. When a stop cut back only its own consumer's lanes,
    // the answers another consumer's lanes made after it took their sequence numbers before
    // those the stop's consumer made next with earlier makers, and two flow-control events of
    // one millisecond at 140.433 s came out in the other order (found by the random worlds of
    // tests/bench/fastpath_fuzz.py).
    const Scenario scenario = modified(bundled(QStringLiteral("default.json")),
        QJsonObject { { QStringLiteral("consumeThreadMin"), 6 },
            { QStringLiteral("pullThresholdForQueue"), 5 },
            { QStringLiteral("pullBatchSize"), 4 } },
        QStringLiteral("10ms"), 0, QString());
    QString why;
    const Run fast = bothWays(scenario, 265, 150 * kSecond, &why);
    QVERIFY(fast.fast > 0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

void tst_FastPath::sharedPools_data()
{
    QTest::addColumn<QString>("world");
    QTest::addColumn<QJsonObject>("client");
    QTest::addColumn<QString>("mean");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<quint64>("seed");
    // Lanes sharing their consumer's pool through a ledger (fewer than two idle threads a due
    // lane). The first: a lane took the thread of a call that had ended in a lane of the same
    // consumer that handled no answer in that catch-up; the call was still on the consumer's
    // pending list when the lanes were written back, one worker short: the fast path freed memory
    // twice (found by tests/bench/fastpath_fuzz.py, seed 101, run 29).
    const QString reference = testWorld(QStringLiteral("reference-1h.json"));
    QTest::newRow("12 threads, 8 ms, pullBatchSize 1")
        << reference
        << QJsonObject { { QStringLiteral("consumeThreadMin"), 12 },
               { QStringLiteral("pullBatchSize"), 1 } }
        << QStringLiteral("8ms") << QStringLiteral("AVG") << 630ull;
    // The second: a call that ended in the millisecond it began was counted free for the whole
    // millisecond, but an answer of that millisecond handled before it (on the agenda) had taken
    // the last thread, so the general path queued the call's answer (the fast path ran it: one
    // delivery more at 12 s; fastpath_fuzz.py, seed 202, run 14).
    QTest::newRow("3 groups, 3 threads, 10 ms, pullBatchSize 4")
        << bundled(QStringLiteral("three-strategies-same-churn.json"))
        << QJsonObject { { QStringLiteral("consumeThreadMin"), 3 },
               { QStringLiteral("pullBatchSize"), 4 },
               { QStringLiteral("consumeMessageBatchMaxSize"), 1 } }
        << QStringLiteral("10ms") << QString() << 965ull;
    QTest::newRow("3 threads, 2 ms, CONSISTENT_HASH")
        << reference << QJsonObject { { QStringLiteral("consumeThreadMin"), 3 } }
        << QStringLiteral("2ms") << QStringLiteral("CONSISTENT_HASH") << 4ull;
    QTest::newRow("20 threads, 5 ms, batches of 2")
        << reference
        << QJsonObject { { QStringLiteral("consumeThreadMin"), 20 },
               { QStringLiteral("consumeMessageBatchMaxSize"), 2 } }
        << QStringLiteral("5ms") << QStringLiteral("AVG_BY_CIRCLE") << 9ull;
}

void tst_FastPath::sharedPools()
{
    QFETCH(QString, world);
    QFETCH(QJsonObject, client);
    QFETCH(QString, mean);
    QFETCH(QString, strategy);
    QFETCH(quint64, seed);
    QString why;
    const Run fast
        = bothWays(modified(world, client, mean, 0, strategy), seed, 150 * kSecond, &why);
    QVERIFY(fast.fast > 0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

QTEST_GUILESS_MAIN(tst_FastPath)
#include "tst_fastpath.moc"
