// SPDX-License-Identifier: Apache-2.0
// StrategyRegistry with the fixture plugins of tests/fixtures/plugins: every way a plugin can
// fail gets a record with its state and a reason, rejected libraries never run, and a plugin
// that throws leaves the host standing. Static copies of three fixtures are linked into this
// program, so QPluginLoader::staticPlugins() is exercised too.
#include <allocation/strategyregistry.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

namespace {

QString fixtureDir(const QString &name)
{
    return QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/") + name;
}

QString libraryIn(const QString &folder)
{
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files);
    return files.isEmpty() ? QString() : files.constFirst().absoluteFilePath();
}

// Whether the dynamic linker has mapped this file into the process: what "the plugin's code
// was loaded" means, independent of Qt's bookkeeping.
bool isMapped(const QString &path)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly)) {
        return false;
    }
    return maps.readAll().contains(QFileInfo(path).canonicalFilePath().toLocal8Bit());
}

StrategyRegistry::Sources nothingBut(bool staticPlugins = false)
{
    StrategyRegistry::Sources s;
    s.builtin = false;
    s.user = false;
    s.environment = false;
    s.staticPlugins = staticPlugins;
    return s;
}

const PluginRecord *recordFor(const StrategyRegistry &registry, const QString &file)
{
    const QString canonical = QFileInfo(file).canonicalFilePath();
    for (const PluginRecord &r : registry.records()) {
        if (r.file == file || QFileInfo(r.file).canonicalFilePath() == canonical) {
            return &r;
        }
    }
    return nullptr;
}

const MessageQueueList kQueues { { QStringLiteral("T"), QStringLiteral("b"), 0 },
    { QStringLiteral("T"), QStringLiteral("b"), 1 } };
const QStringList kMembers { QStringLiteral("c1"), QStringLiteral("c2") };

} // namespace

class tst_StrategyRegistry : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void staticPlugins();
    void builtinPlugins();
    void failures_data();
    void failures();
    void duplicateName();
    void goodPluginRuns();
    void strategyThrowsFromAllocate_data();
    void strategyThrowsFromAllocate();
    void factoryThrowsFromCreate_data();
    void factoryThrowsFromCreate();
    void wrappedPluginThrows();
    void missingFolder();
    void sameFileOnce();
    void environmentPath();
};

void tst_StrategyRegistry::initTestCase()
{
    for (const char *name : { "good", "notaplugin", "wrongiid", "nameless", "badparamtype",
             "futureapi", "duplicateavg", "throwingallocate", "throwingcreate" }) {
        const QString lib = libraryIn(fixtureDir(QLatin1String(name)));
        QVERIFY2(!lib.isEmpty(),
            qPrintable(QStringLiteral("fixture %1 was not built").arg(QLatin1String(name))));
    }
}

void tst_StrategyRegistry::staticPlugins()
{
    StrategyRegistry registry;
    registry.load(nothingBut(true));
    // good, futureapi and wrongiid are linked in; the last two must be refused like files.
    const PluginRecord *good = nullptr;
    const PluginRecord *future = nullptr;
    const PluginRecord *wrongIid = nullptr;
    for (const PluginRecord &r : registry.records()) {
        if (r.file == QLatin1String(":static:GoodStrategyFactory")) {
            good = &r;
        } else if (r.file == QLatin1String(":static:FutureApiStrategyFactory")) {
            future = &r;
        } else if (r.file == QLatin1String(":static:WrongIidStrategyFactory")) {
            wrongIid = &r;
        }
    }
    QVERIFY(good && future && wrongIid);
    QCOMPARE(good->state, PluginRecord::State::Loaded);
    QVERIFY(good->factory);
    QCOMPARE(good->metadata.name, QStringLiteral("FIXTURE_GOOD"));
    QCOMPARE(future->state, PluginRecord::State::WrongInterface);
    QVERIFY2(future->error.contains(QStringLiteral("1.9"))
            && future->error.contains(
                QStringLiteral("%1.%2").arg(StrategyApiMajorVersion).arg(StrategyApiMinorVersion)),
        qPrintable(future->error));
    QVERIFY(!future->factory);
    QCOMPARE(wrongIid->state, PluginRecord::State::WrongInterface);
    QVERIFY2(wrongIid->error.contains(QStringLiteral("AllocationStrategyFactory/2")),
        qPrintable(wrongIid->error));
    QCOMPARE(registry.strategyNames(), QStringList { QStringLiteral("FIXTURE_GOOD") });

    StrategyCreation c = registry.create(QStringLiteral("FIXTURE_GOOD"), {});
    QVERIFY2(c.ok(), qPrintable(c.error));
    const AllocateResult r = guardedAllocate(
        *c.strategy, QStringLiteral("g"), QStringLiteral("c1"), kQueues, kMembers);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues, kQueues);

    // The same plugin as a file afterwards: the name is taken, the file is not loaded.
    const QString file = libraryIn(fixtureDir(QStringLiteral("good")));
    registry.loadFrom(fixtureDir(QStringLiteral("good")));
    const PluginRecord *dynamicGood = recordFor(registry, file);
    QVERIFY(dynamicGood);
    QCOMPARE(dynamicGood->state, PluginRecord::State::Duplicate);
    QVERIFY2(dynamicGood->error.contains(QStringLiteral(":static:GoodStrategyFactory")),
        qPrintable(dynamicGood->error));
}

void tst_StrategyRegistry::builtinPlugins()
{
    QVERIFY(
        StrategyRegistry::builtinDirectories().contains(QStringLiteral(RBLAB_PLUGIN_BUILD_DIR)));
    StrategyRegistry::Sources sources = nothingBut();
    sources.builtin = true;
    StrategyRegistry registry;
    registry.load(sources);
    QCOMPARE(registry.strategyNames(),
        (QStringList { QStringLiteral("AVG"), QStringLiteral("AVG_BY_CIRCLE"),
            QStringLiteral("BOUNDED_RENDEZVOUS"), QStringLiteral("CONFIG"),
            QStringLiteral("CONSISTENT_HASH"), QStringLiteral("MACHINE_ROOM"),
            QStringLiteral("MACHINE_ROOM_NEARBY") }));
    QStringList failures;
    for (const PluginRecord *r : registry.failures()) {
        failures.append(r->file + QStringLiteral(": ") + r->error);
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("; "))));
}

void tst_StrategyRegistry::failures_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<PluginRecord::State>("state");
    QTest::addColumn<QStringList>("reasons");
    QTest::newRow("not a plugin") << "notaplugin" << PluginRecord::State::NotAPlugin
                                  << QStringList { QStringLiteral("no Qt plugin metadata") };
    QTest::newRow("wrong IID")
        << "wrongiid" << PluginRecord::State::WrongInterface
        << QStringList { QStringLiteral("wrong interface version"),
               QStringLiteral("org.rebalancelab.AllocationStrategyFactory/2"),
               QStringLiteral("org.rebalancelab.AllocationStrategyFactory/1") };
    QTest::newRow("no Name") << "nameless" << PluginRecord::State::InvalidMetadata
                             << QStringList { QStringLiteral("\"Strategy.Name\" is missing") };
    QTest::newRow("unknown parameter type")
        << "badparamtype" << PluginRecord::State::InvalidMetadata
        << QStringList { QStringLiteral("Strategy.Parameters[0].type") };
    QTest::newRow("ApiVersion 1.9")
        << "futureapi" << PluginRecord::State::WrongInterface
        << QStringList { QStringLiteral("needs API 1.9"), QStringLiteral("provides 1.1") };
}

void tst_StrategyRegistry::failures()
{
    QFETCH(QString, fixture);
    QFETCH(PluginRecord::State, state);
    QFETCH(QStringList, reasons);
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(fixtureDir(fixture));
    const QString file = libraryIn(fixtureDir(fixture));
    const PluginRecord *record = recordFor(registry, file);
    QVERIFY2(record, qPrintable(QStringLiteral("no record for %1").arg(file)));
    QCOMPARE(record->file, file); // absolute, as found
    QCOMPARE(record->state, state);
    QVERIFY(!record->factory);
    for (const QString &reason : std::as_const(reasons)) {
        QVERIFY2(record->error.contains(reason),
            qPrintable(QStringLiteral("\"%1\" does not name \"%2\"").arg(record->error, reason)));
    }
    QCOMPARE(registry.failures().size(), 1);
    QVERIFY(registry.strategies().isEmpty());
    // Refused from its metadata alone: the library was never mapped.
    QVERIFY2(!isMapped(file), qPrintable(QStringLiteral("%1 was loaded").arg(file)));
}

void tst_StrategyRegistry::duplicateName()
{
    StrategyRegistry::Sources sources = nothingBut();
    sources.builtin = true;
    StrategyRegistry registry;
    registry.load(sources);
    const QString builtinAvg = registry.find(QStringLiteral("AVG"))->file;
    registry.loadFrom(fixtureDir(QStringLiteral("duplicateavg")));
    const QString file = libraryIn(fixtureDir(QStringLiteral("duplicateavg")));
    const PluginRecord *record = recordFor(registry, file);
    QVERIFY(record);
    QCOMPARE(record->state, PluginRecord::State::Duplicate);
    QVERIFY2(
        record->error.contains(QStringLiteral("\"AVG\"")) && record->error.contains(builtinAvg),
        qPrintable(record->error));
    QCOMPARE(registry.find(QStringLiteral("AVG"))->file, builtinAvg); // the first provider stays
    QVERIFY2(!isMapped(file), "the duplicate was loaded");
}

void tst_StrategyRegistry::goodPluginRuns()
{
    // Also shows that isMapped() sees a library once it is loaded, so the negative checks above
    // are meaningful.
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(libraryIn(fixtureDir(QStringLiteral("good")))); // a single file works too
    const PluginRecord *record = registry.find(QStringLiteral("FIXTURE_GOOD"));
    QVERIFY(record);
    QCOMPARE(record->state, PluginRecord::State::Loaded);
    QVERIFY(record->error.isEmpty());
    QVERIFY(isMapped(record->file));
    StrategyCreation c = registry.create(QStringLiteral("FIXTURE_GOOD"), {});
    QVERIFY2(c.ok(), qPrintable(c.error));
    const GroupAllocateResult all
        = guardedAllocateAll(*c.strategy, QStringLiteral("g"), kQueues, kMembers);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.at(0), kQueues);
    QVERIFY(all.perConsumer.at(1).isEmpty());
}

void tst_StrategyRegistry::strategyThrowsFromAllocate_data()
{
    QTest::addColumn<QString>("exception");
    QTest::addColumn<QString>("reason");
    QTest::newRow("std::exception") << "std"
                                    << "fixture allocate failed on purpose";
    QTest::newRow("something else") << "other"
                                    << "unknown exception";
}

void tst_StrategyRegistry::strategyThrowsFromAllocate()
{
    QFETCH(QString, exception);
    QFETCH(QString, reason);
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(fixtureDir(QStringLiteral("throwingallocate")));
    QVERIFY(registry.find(QStringLiteral("FIXTURE_THROWING_ALLOCATE")));
    StrategyCreation c = registry.create(QStringLiteral("FIXTURE_THROWING_ALLOCATE"),
        { { QStringLiteral("exception"), exception } });
    QVERIFY2(c.ok(), qPrintable(c.error));
    const AllocateResult one = guardedAllocate(
        *c.strategy, QStringLiteral("g"), QStringLiteral("c1"), kQueues, kMembers);
    QVERIFY(!one.ok());
    QVERIFY2(one.error.contains(QStringLiteral("FIXTURE_THROWING_ALLOCATE threw an exception"))
            && one.error.contains(reason),
        qPrintable(one.error));
    const GroupAllocateResult all
        = guardedAllocateAll(*c.strategy, QStringLiteral("g"), kQueues, kMembers);
    QVERIFY(!all.ok());
    QVERIFY2(all.error.contains(reason), qPrintable(all.error));
    // The same strategy object and the registry remain usable.
    QVERIFY(
        !guardedAllocate(*c.strategy, QStringLiteral("g"), QStringLiteral("c2"), kQueues, kMembers)
             .ok());
    QVERIFY(registry.create(QStringLiteral("FIXTURE_THROWING_ALLOCATE"), {}).ok());
}

void tst_StrategyRegistry::factoryThrowsFromCreate_data()
{
    strategyThrowsFromAllocate_data();
}

void tst_StrategyRegistry::factoryThrowsFromCreate()
{
    QFETCH(QString, exception);
    QFETCH(QString, reason);
    if (reason.startsWith(QStringLiteral("fixture"))) {
        reason = QStringLiteral("fixture create failed on purpose");
    }
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(fixtureDir(QStringLiteral("throwingcreate")));
    const PluginRecord *record = registry.find(QStringLiteral("FIXTURE_THROWING_CREATE"));
    QVERIFY(record);
    QCOMPARE(record->state, PluginRecord::State::Loaded); // loading is fine; making is not
    const StrategyCreation c = registry.create(
        QStringLiteral("FIXTURE_THROWING_CREATE"), { { QStringLiteral("exception"), exception } });
    QVERIFY(!c.ok());
    QVERIFY(!c.strategy);
    QVERIFY2(c.error.contains(QStringLiteral("FIXTURE_THROWING_CREATE threw an exception"))
            && c.error.contains(reason),
        qPrintable(c.error));
    // Still usable afterwards (the nesting guard was unwound).
    for (int i = 0; i < 10; ++i) {
        QVERIFY(!registry.create(QStringLiteral("FIXTURE_THROWING_CREATE"), {}).ok());
    }
    registry.loadFrom(fixtureDir(QStringLiteral("good")));
    QVERIFY(registry.create(QStringLiteral("FIXTURE_GOOD"), {}).ok());
}

void tst_StrategyRegistry::wrappedPluginThrows()
{
    // MACHINE_ROOM_NEARBY makes its inner strategy through StrategyProvider and calls it: a
    // throwing inner plugin is reported, at creation and at allocation, never propagated.
    StrategyRegistry::Sources sources = nothingBut();
    sources.builtin = true;
    StrategyRegistry registry;
    registry.load(sources);
    registry.loadFrom(fixtureDir(QStringLiteral("throwingallocate")));
    registry.loadFrom(fixtureDir(QStringLiteral("throwingcreate")));

    const StrategyCreation badInner = registry.create(QStringLiteral("MACHINE_ROOM_NEARBY"),
        { { QStringLiteral("inner"), QStringLiteral("FIXTURE_THROWING_CREATE") } });
    QVERIFY(!badInner.ok());
    QCOMPARE(badInner.parameter, QStringLiteral("inner"));
    QVERIFY2(badInner.error.contains(QStringLiteral("fixture create failed on purpose")),
        qPrintable(badInner.error));

    StrategyCreation c = registry.create(QStringLiteral("MACHINE_ROOM_NEARBY"),
        { { QStringLiteral("inner"), QStringLiteral("FIXTURE_THROWING_ALLOCATE") } });
    QVERIFY2(c.ok(), qPrintable(c.error));
    QCOMPARE(c.strategy->name(), QStringLiteral("MACHINE_ROOM_NEARBY-FIXTURE_THROWING_ALLOCATE"));
    const MessageQueueList mqs { { QStringLiteral("T"), QStringLiteral("A-b"), 0 } };
    const QStringList cids { QStringLiteral("A-c") };
    const QString expected = QStringLiteral("inner strategy FIXTURE_THROWING_ALLOCATE threw an "
                                            "exception: fixture allocate failed on purpose");
    QCOMPARE(
        guardedAllocate(*c.strategy, QStringLiteral("g"), QStringLiteral("A-c"), mqs, cids).error,
        expected);
    QCOMPARE(guardedAllocateAll(*c.strategy, QStringLiteral("g"), mqs, cids).error, expected);
}

void tst_StrategyRegistry::missingFolder()
{
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(fixtureDir(QStringLiteral("no-such-folder")));
    QCOMPARE(registry.records().size(), 1);
    const PluginRecord &r = registry.records().constFirst();
    QCOMPARE(r.state, PluginRecord::State::LoadFailed);
    QVERIFY2(r.error.contains(QStringLiteral("no such plugin folder")), qPrintable(r.error));
    QVERIFY(r.file.endsWith(QStringLiteral("no-such-folder")));
}

void tst_StrategyRegistry::sameFileOnce()
{
    // The same library through two paths (a folder twice, and a link to it) is one record.
    QTemporaryDir links;
    QVERIFY(links.isValid());
    const QString file = libraryIn(fixtureDir(QStringLiteral("good")));
    QVERIFY(QFile::link(file, links.filePath(QStringLiteral("libalias.so"))));
    StrategyRegistry registry;
    registry.load(nothingBut());
    registry.loadFrom(fixtureDir(QStringLiteral("good")));
    registry.loadFrom(fixtureDir(QStringLiteral("good")));
    registry.loadFrom(links.path());
    QCOMPARE(registry.records().size(), 1);
    QCOMPARE(registry.records().constFirst().state, PluginRecord::State::Loaded);
}

void tst_StrategyRegistry::environmentPath()
{
    // RBLAB_PLUGIN_PATH: ':'-separated folders, empty entries ignored.
    const QByteArray saved = qgetenv("RBLAB_PLUGIN_PATH");
    qputenv("RBLAB_PLUGIN_PATH",
        (QStringLiteral("::") + fixtureDir(QStringLiteral("good")) + QLatin1Char(':')
            + fixtureDir(QStringLiteral("notaplugin")))
            .toLocal8Bit());
    StrategyRegistry::Sources sources = nothingBut();
    sources.environment = true;
    StrategyRegistry registry;
    registry.load(sources);
    qputenv("RBLAB_PLUGIN_PATH", saved);
    QVERIFY(registry.find(QStringLiteral("FIXTURE_GOOD")));
    QCOMPARE(registry.failures().size(), 1);
    QCOMPARE(registry.failures().constFirst()->state, PluginRecord::State::NotAPlugin);
}

QTEST_GUILESS_MAIN(tst_StrategyRegistry)
#include "tst_strategyregistry.moc"
