// SPDX-License-Identifier: Apache-2.0
// Plugin isolation (issue 11): strategies in `rblab strategy-host` helpers survive a plugin that
// segfaults, aborts, loops or allocates without bound in allocate; the helper restarts; answers
// are the in-process answers; --isolate-plugins picks which plugins run isolated.
#include "rblabprocess.h"

#include <allocation/strategyregistry.h>
#include <hostconnection.h>
#include <isolatedstrategy.h>
#include <pluginisolation.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#if defined(__SANITIZE_ADDRESS__)
#define RBLAB_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RBLAB_TEST_ASAN 1
#endif
#endif

using namespace Rblab;

namespace {

QString fixtureDir(const QString &name)
{
    return QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/") + name;
}

StrategyRegistry::Sources builtinOnly()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    sources.staticPlugins = false;
    return sources;
}

PluginIsolation::Settings settings(PluginIsolation::Mode mode, int timeoutMs = 2000)
{
    PluginIsolation::Settings s;
    s.mode = mode;
    s.program = QStringLiteral(RBLAB_BIN_DIR "/rblab");
    s.callTimeoutMs = timeoutMs;
    s.memoryLimitMb = 768;
    return s;
}

MessageQueueList queues(int count)
{
    MessageQueueList list;
    for (int i = 0; i < count; ++i) {
        list.append({ QStringLiteral("T"),
            i % 2 ? QStringLiteral("broker-b") : QStringLiteral("broker-a"), i / 2 });
    }
    sortRocketMq(list);
    return list;
}

QStringList consumers(int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i) {
        list.append(QStringLiteral("10.0.0.%1@%2").arg(i + 1).arg(1000 + i));
    }
    sortRocketMq(list);
    return list;
}

} // namespace

class tst_PluginIsolation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parseMode_data();
    void parseMode();
    void modes_data();
    void modes();
    void misbehavingAllocate_data();
    void misbehavingAllocate();
    void crashInCreate();
    void parameterErrorsBeforeTheHelper();
    void sameAnswersAsInProcess_data();
    void sameAnswersAsInProcess();
    void simulationGoesOn();
    void badOption();
};

void tst_PluginIsolation::initTestCase()
{
    QVERIFY2(QFileInfo::exists(QStringLiteral(RBLAB_BIN_DIR "/rblab")), "build rblab first");
}

void tst_PluginIsolation::parseMode_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("mode"); // -1: refused
    QTest::newRow("all") << QStringLiteral("all") << int(PluginIsolation::Mode::All);
    QTest::newRow("user") << QStringLiteral("user") << int(PluginIsolation::Mode::User);
    QTest::newRow("none") << QStringLiteral("none") << int(PluginIsolation::Mode::None);
    QTest::newRow("ALL") << QStringLiteral("ALL") << -1;
    QTest::newRow("empty") << QString() << -1;
    QTest::newRow("yes") << QStringLiteral("yes") << -1;
}

void tst_PluginIsolation::parseMode()
{
    QFETCH(QString, text);
    QFETCH(int, mode);
    const auto parsed = PluginIsolation::parseMode(text);
    QCOMPARE(parsed ? int(*parsed) : -1, mode);
    if (parsed) {
        QCOMPARE(PluginIsolation::modeName(*parsed), text);
    }
}

void tst_PluginIsolation::modes_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<bool>("isolated");
    const int all = int(PluginIsolation::Mode::All);
    const int user = int(PluginIsolation::Mode::User);
    const int none = int(PluginIsolation::Mode::None);
    QTest::newRow("user: built-in AVG in process") << user << QStringLiteral("AVG") << false;
    QTest::newRow("user: fixture isolated") << user << QStringLiteral("FIXTURE_CRASHING") << true;
    QTest::newRow("all: built-in AVG isolated") << all << QStringLiteral("AVG") << true;
    QTest::newRow("all: fixture isolated") << all << QStringLiteral("FIXTURE_CRASHING") << true;
    QTest::newRow("none: AVG in process") << none << QStringLiteral("AVG") << false;
    QTest::newRow("none: fixture in process")
        << none << QStringLiteral("FIXTURE_CRASHING") << false;
}

void tst_PluginIsolation::modes()
{
    QFETCH(int, mode);
    QFETCH(QString, strategy);
    QFETCH(bool, isolated);
    StrategyRegistry registry;
    registry.load(builtinOnly());
    registry.loadFrom(fixtureDir(QStringLiteral("crashingallocate")));
    PluginIsolation isolation(settings(PluginIsolation::Mode(mode)));
    registry.setIsolation(&isolation);
    QCOMPARE(
        PluginIsolation::isBuiltin(*registry.find(strategy)), strategy == QLatin1String("AVG"));
    StrategyCreation made = registry.create(strategy, {});
    QVERIFY2(made.ok(), qPrintable(made.error));
    QCOMPARE(dynamic_cast<IsolatedStrategy *>(made.strategy.get()) != nullptr, isolated);
    QCOMPARE(made.strategy->name(), strategy);
    QCOMPARE(isolation.connection().starts(), isolated ? 1 : 0);
    // Both answer: the first consumer of two gets a share.
    const AllocateResult r = guardedAllocate(
        *made.strategy, QStringLiteral("g"), consumers(2).first(), queues(8), consumers(2));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), strategy == QLatin1String("AVG") ? 4 : 8);
}

void tst_PluginIsolation::misbehavingAllocate_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("startsAfter"); // helpers started once the next call has answered
    QTest::newRow("segfault") << QStringLiteral("segv")
                              << QStringLiteral("FIXTURE_CRASHING v2 crashed in allocate; the "
                                                "round was skipped (killed by a signal)")
                              << 2;
    QTest::newRow("abort") << QStringLiteral("abort")
                           << QStringLiteral("FIXTURE_CRASHING v2 crashed in allocate; the round "
                                             "was skipped (killed by a signal)")
                           << 2;
    QTest::newRow("endless loop")
        << QStringLiteral("loop")
        << QStringLiteral("FIXTURE_CRASHING v2 did not return from allocate within 2000 ms; the "
                          "helper was restarted, the round was skipped")
        << 2;
    // RLIMIT_AS makes the runaway allocation fail with std::bad_alloc, which the helper's guard
    // turns into an error: the helper lives on, the round is skipped all the same.
    QTest::newRow("runaway allocation")
        << QStringLiteral("hog")
        << QStringLiteral("strategy FIXTURE_CRASHING threw an exception: std::bad_alloc") << 1;
}

void tst_PluginIsolation::misbehavingAllocate()
{
    QFETCH(QString, action);
    QFETCH(QString, error);
    QFETCH(int, startsAfter);
#ifdef RBLAB_TEST_ASAN
    if (action == QLatin1String("hog")) {
        QSKIP("AddressSanitizer needs an unlimited address space: the helper sets no RLIMIT_AS");
    }
#endif
    StrategyRegistry registry;
    registry.load(builtinOnly());
    registry.loadFrom(fixtureDir(QStringLiteral("crashingallocate")));
    // Filling the address space takes seconds on a loaded machine: the runaway allocation gets
    // a longer call timeout, so that it ends by its bad_alloc, not by the timeout.
    PluginIsolation::Settings limits
        = settings(PluginIsolation::Mode::User, action == QLatin1String("hog") ? 60000 : 2000);
    limits.memoryLimitMb = 512;
    PluginIsolation isolation(limits);
    registry.setIsolation(&isolation);
    const QStringList cids = consumers(3);
    // Only the second consumer's calls misbehave.
    StrategyCreation made = registry.create(QStringLiteral("FIXTURE_CRASHING"),
        { { QStringLiteral("action"), action }, { QStringLiteral("consumer"), cids[1] } });
    QVERIFY2(made.ok(), qPrintable(made.error));
    AllocationStrategy &strategy = *made.strategy;

    AllocateResult r = guardedAllocate(strategy, QStringLiteral("g"), cids[0], queues(6), cids);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), 6);
    QCOMPARE(isolation.connection().starts(), 1);

    QElapsedTimer timer;
    timer.start();
    r = guardedAllocate(strategy, QStringLiteral("g"), cids[1], queues(6), cids);
    const qint64 ms = timer.elapsed();
    QVERIFY(!r.ok());
    QCOMPARE(r.error, error);
    QVERIFY(r.queues.isEmpty());
    if (action == QLatin1String("loop")) {
        // The helper is given its whole call timeout before it is stopped; how much longer the
        // stop takes depends on the machine's load, so only the lower bound is a promise.
        QVERIFY2(ms >= 2000, qPrintable(QString::number(ms)));
    }

    // The next call is answered, by a new helper where the old one died.
    r = guardedAllocate(strategy, QStringLiteral("g"), cids[2], queues(6), cids);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.queues.isEmpty()); // FixtureStrategy: all to the first consumer
    r = guardedAllocate(strategy, QStringLiteral("g"), cids[0], queues(6), cids);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), 6);
    QCOMPARE(isolation.connection().starts(), startsAfter);
    // allocateAll goes through the helper too and fails the same way.
    const GroupAllocateResult all
        = guardedAllocateAll(strategy, QStringLiteral("g"), queues(6), cids);
    QCOMPARE(all.error, error);
    QCOMPARE(isolation.connection().starts(), startsAfter); // the next call starts the next
}

void tst_PluginIsolation::crashInCreate()
{
    // FIXTURE_MISBEHAVING's factory segfaults when asked: isolated, making it fails with the
    // plugin named, and rblab's own process never ran its code.
    StrategyRegistry registry;
    registry.load(builtinOnly());
    registry.loadFrom(fixtureDir(QStringLiteral("misbehaving")));
    PluginIsolation isolation(settings(PluginIsolation::Mode::User));
    registry.setIsolation(&isolation);
    const StrategyCreation made = registry.create(QStringLiteral("FIXTURE_MISBEHAVING"),
        { { QStringLiteral("action"), QStringLiteral("segv") } });
    QVERIFY(!made.ok());
    QCOMPARE(made.error,
        QStringLiteral("FIXTURE_MISBEHAVING v0.0.1 crashed in create; no strategy was made (killed "
                       "by a signal)"));
    const StrategyCreation fine = registry.create(QStringLiteral("FIXTURE_MISBEHAVING"),
        { { QStringLiteral("action"), QStringLiteral("none") } });
    QVERIFY2(fine.ok(), qPrintable(fine.error));
    QCOMPARE(isolation.connection().starts(), 2);
}

void tst_PluginIsolation::parameterErrorsBeforeTheHelper()
{
    StrategyRegistry registry;
    registry.load(builtinOnly());
    registry.loadFrom(fixtureDir(QStringLiteral("crashingallocate")));
    PluginIsolation isolation(settings(PluginIsolation::Mode::All));
    registry.setIsolation(&isolation);
    const StrategyCreation made = registry.create(QStringLiteral("FIXTURE_CRASHING"),
        { { QStringLiteral("action"), QStringLiteral("explode") } });
    QVERIFY(!made.ok());
    QCOMPARE(made.parameter, QStringLiteral("action"));
    QVERIFY2(made.error.contains(QStringLiteral("explode")), qPrintable(made.error));
    QCOMPARE(isolation.connection().starts(), 0); // checked in process, no helper started
    // A queueList parameter crosses to the helper (CONFIG), and a wrapped inner strategy is made
    // there (MACHINE_ROOM_NEARBY over CONSISTENT_HASH).
    const MessageQueueList mine { queues(8)[1], queues(8)[6] };
    StrategyCreation config = registry.create(
        QStringLiteral("CONFIG"), { { QStringLiteral("queues"), QVariant::fromValue(mine) } });
    QVERIFY2(config.ok(), qPrintable(config.error));
    const AllocateResult r = guardedAllocate(
        *config.strategy, QStringLiteral("g"), consumers(2).first(), queues(8), consumers(2));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues, mine);
    StrategyCreation nearby = registry.create(QStringLiteral("MACHINE_ROOM_NEARBY"),
        { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") } });
    QVERIFY2(nearby.ok(), qPrintable(nearby.error));
    QCOMPARE(nearby.strategy->name(), QStringLiteral("MACHINE_ROOM_NEARBY-CONSISTENT_HASH"));
}

void tst_PluginIsolation::sameAnswersAsInProcess_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<int>("queueCount");
    QTest::addColumn<int>("consumerCount");
    QTest::newRow("AVG 100×10") << QStringLiteral("AVG") << 100 << 10;
    QTest::newRow("AVG_BY_CIRCLE 64×7") << QStringLiteral("AVG_BY_CIRCLE") << 64 << 7;
    QTest::newRow("CONSISTENT_HASH 100×10") << QStringLiteral("CONSISTENT_HASH") << 100 << 10;
}

void tst_PluginIsolation::sameAnswersAsInProcess()
{
    QFETCH(QString, strategy);
    QFETCH(int, queueCount);
    QFETCH(int, consumerCount);
    StrategyRegistry registry;
    registry.load(builtinOnly());
    StrategyCreation local = registry.create(strategy, {});
    PluginIsolation isolation(settings(PluginIsolation::Mode::All));
    registry.setIsolation(&isolation);
    StrategyCreation remote = registry.create(strategy, {});
    QVERIFY(local.ok() && remote.ok());
    QVERIFY(dynamic_cast<IsolatedStrategy *>(remote.strategy.get()));
    const MessageQueueList mqAll = queues(queueCount);
    const QStringList cidAll = consumers(consumerCount);
    int total = 0;
    for (const QString &cid : cidAll) {
        const AllocateResult a = local.strategy->allocate(QStringLiteral("g"), cid, mqAll, cidAll);
        const AllocateResult b = remote.strategy->allocate(QStringLiteral("g"), cid, mqAll, cidAll);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(b.queues, a.queues);
        total += int(b.queues.size());
    }
    QCOMPARE(total, queueCount);
    const GroupAllocateResult all
        = remote.strategy->allocateAll(QStringLiteral("g"), mqAll, cidAll);
    QVERIFY(all.ok());
    QCOMPARE(all.perConsumer,
        local.strategy->allocateAll(QStringLiteral("g"), mqAll, cidAll).perConsumer);
}

void tst_PluginIsolation::simulationGoesOn()
{
    // One consumer's strategy segfaults in every round: rblab simulate runs to the end, the
    // report shows the crash as strategyError events on that consumer, and the other two share
    // the 8 queues.
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString crasher = QStringLiteral("10.0.0.2@1002");
    QJsonObject params { { QStringLiteral("action"), QStringLiteral("segv") },
        { QStringLiteral("consumer"), crasher } };
    QJsonArray members;
    for (int i = 1; i <= 3; ++i) {
        members.append(
            QJsonObject { { QStringLiteral("id"), QStringLiteral("10.0.0.%1@100%1").arg(i) },
                { QStringLiteral("consumeTime"), QStringLiteral("1ms") } });
    }
    const QJsonObject scenario {
        { QStringLiteral("format"), QStringLiteral("rebalance-lab/scenario@1") },
        { QStringLiteral("name"), QStringLiteral("a plugin that crashes") },
        { QStringLiteral("seed"), 7 },
        { QStringLiteral("duration"), QStringLiteral("2m") },
        { QStringLiteral("brokers"), QJsonArray { QStringLiteral("broker-a") } },
        { QStringLiteral("topics"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("T") },
                { QStringLiteral("queues"), QJsonObject { { QStringLiteral("broker-a"), 8 } } },
                { QStringLiteral("produceRate"), 10 } } } },
        { QStringLiteral("groups"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("g") },
                { QStringLiteral("topics"), QJsonArray { QStringLiteral("T") } },
                { QStringLiteral("strategy"), QStringLiteral("FIXTURE_CRASHING") },
                { QStringLiteral("strategyParams"), params },
                { QStringLiteral("consumers"), members } } } },
    };
    const QString path = home.filePath(QStringLiteral("crash.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(scenario).toJson());
    file.close();
    RblabProcess rblab(home.path());
    const RblabProcess::Result run
        = rblab.run({ QStringLiteral("simulate"), path, QStringLiteral("--plugin-dir"),
                        fixtureDir(QStringLiteral("crashingallocate")), QStringLiteral("--report"),
                        QStringLiteral("-") },
            QByteArray(), 240000);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.describe()));
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    int crashes = 0;
    int otherErrors = 0;
    int queuesToFirst = 0;
    const QJsonArray events = report.value(QStringLiteral("events")).toArray();
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("rebalance")
            && e.value(QStringLiteral("consumer")).toString() == QLatin1String("10.0.0.1@1001")
            && e.value(QStringLiteral("topic")).toString() == QLatin1String("T")) {
            queuesToFirst += int(e.value(QStringLiteral("added")).toArray().size());
        }
        if (type != QLatin1String("strategyError")) {
            continue;
        }
        if (e.value(QStringLiteral("consumer")).toString() == crasher
            && e.value(QStringLiteral("detail")).toString()
                == QLatin1String("FIXTURE_CRASHING v2 crashed in allocate; the round was skipped "
                                 "(killed by a signal)")) {
            ++crashes;
        } else {
            ++otherErrors;
        }
    }
    // The crasher's rounds fail on both of its topics (T and %RETRY%g); the engine logs a
    // repeated identical error once per topic (RebalanceImpl's last error), though the helper
    // crashed and restarted in every 20 s round.
    QCOMPARE(crashes, 2);
    QCOMPARE(otherErrors, 0);
    // The others go on: FixtureStrategy gives the first consumer all 8 queues of T.
    QCOMPARE(queuesToFirst, 8);
    QVERIFY2(run.err.count("SIGSEGV while running strategy FIXTURE_CRASHING in the strategy-host "
                           "helper")
            >= 6,
        run.err.constData());
}

void tst_PluginIsolation::badOption()
{
    QTemporaryDir home;
    RblabProcess rblab(home.path());
    const RblabProcess::Result run
        = rblab.run({ QStringLiteral("strategies"), QStringLiteral("--isolate-plugins=some") });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--isolate-plugins expects all, user or none, got \"some\""),
        run.err.constData());
    const RblabProcess::Result timeout
        = rblab.run({ QStringLiteral("strategies"), QStringLiteral("--isolated-call-timeout=0") });
    QCOMPARE(timeout.exitCode, 2);
}

QTEST_GUILESS_MAIN(tst_PluginIsolation)
#include "tst_pluginisolation.moc"
