// SPDX-License-Identifier: Apache-2.0
// `rblab strategies` as a separate process: the built-in plugins and their schemas, and
// discovery through the user folder, RBLAB_PLUGIN_PATH and --plugin-dir, failures included.
#include "rblabprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString fixtureDir(const char *name)
{
    return QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/") + QLatin1String(name);
}

QString libraryIn(const QString &folder)
{
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files);
    return files.isEmpty() ? QString() : files.constFirst().absoluteFilePath();
}

struct Listing
{
    QString problem;
    QHash<QString, QJsonObject> strategies; //!< by name
    QHash<QString, QString> failures; //!< canonical file → error
    int failureEntries = 0;
};

Listing list(const RblabProcess &rblab, const QStringList &extraArguments = {})
{
    Listing listing;
    const RblabProcess::Result r = rblab.run(
        QStringList { QStringLiteral("strategies"), QStringLiteral("--json") } + extraArguments);
    if (!r.finished || r.exitCode != 0) {
        listing.problem = r.describe();
        return listing;
    }
    QJsonParseError parseError;
    const QJsonObject root = QJsonDocument::fromJson(r.out, &parseError).object();
    if (parseError.error != QJsonParseError::NoError) {
        listing.problem = QStringLiteral("not JSON: ") + parseError.errorString();
        return listing;
    }
    for (const QJsonValue &v : root.value(QStringLiteral("strategies")).toArray()) {
        listing.strategies.insert(
            v.toObject().value(QStringLiteral("name")).toString(), v.toObject());
    }
    const QJsonArray failures = root.value(QStringLiteral("failures")).toArray();
    listing.failureEntries = int(failures.size());
    for (const QJsonValue &v : failures) {
        const QString file = v.toObject().value(QStringLiteral("file")).toString();
        const QString canonical = QFileInfo(file).canonicalFilePath();
        listing.failures.insert(canonical.isEmpty() ? file : canonical,
            v.toObject().value(QStringLiteral("error")).toString());
    }
    return listing;
}

QString canonical(const QString &file)
{
    return QFileInfo(file).canonicalFilePath();
}

} // namespace

class tst_RblabStrategies : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void builtin();
    void environmentPath();
    void pluginDirOption();
    void failuresNamed_data();
    void failuresNamed();
    void missingFolder();
    void userFolder();
    void sameFolderTwice();
    void textListing();

private:
    std::unique_ptr<QTemporaryDir> m_home;
};

void tst_RblabStrategies::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

void tst_RblabStrategies::builtin()
{
    const Listing l = list(RblabProcess(m_home->path()));
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QStringList names = l.strategies.keys();
    names.sort();
    QCOMPARE(names,
        (QStringList { QStringLiteral("AVG"), QStringLiteral("AVG_BY_CIRCLE"),
            QStringLiteral("BOUNDED_RENDEZVOUS"), QStringLiteral("CONFIG"),
            QStringLiteral("CONSISTENT_HASH"), QStringLiteral("MACHINE_ROOM"),
            QStringLiteral("MACHINE_ROOM_NEARBY") }));
    QCOMPARE(l.failureEntries, 0);
    for (const QJsonObject &s : l.strategies) {
        QCOMPARE(QFileInfo(s.value(QStringLiteral("file")).toString()).canonicalPath(),
            canonical(QStringLiteral(RBLAB_PLUGIN_BUILD_DIR)));
    }
    const QJsonObject vnodes = l.strategies.value(QStringLiteral("CONSISTENT_HASH"))
                                   .value(QStringLiteral("params"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
    QCOMPARE(vnodes.value(QStringLiteral("name")).toString(), QStringLiteral("virtualNodeCount"));
    QCOMPARE(vnodes.value(QStringLiteral("type")).toString(), QStringLiteral("int"));
    QCOMPARE(vnodes.value(QStringLiteral("default")).toInt(), 10);
    QCOMPARE(vnodes.value(QStringLiteral("min")).toInt(), 0);
    QCOMPARE(vnodes.value(QStringLiteral("max")).toInt(), 10000);
    const QJsonArray nearby = l.strategies.value(QStringLiteral("MACHINE_ROOM_NEARBY"))
                                  .value(QStringLiteral("params"))
                                  .toArray();
    QCOMPARE(nearby.size(), 2);
    QCOMPARE(
        nearby.at(0).toObject().value(QStringLiteral("default")).toString(), QStringLiteral("AVG"));
    QCOMPARE(
        nearby.at(1).toObject().value(QStringLiteral("default")).toString(), QStringLiteral("-"));
    QVERIFY(l.strategies.value(QStringLiteral("AVG"))
                .value(QStringLiteral("params"))
                .toArray()
                .isEmpty());
}

void tst_RblabStrategies::environmentPath()
{
    RblabProcess rblab(m_home->path());
    rblab.setEnvironmentValue(QStringLiteral("RBLAB_PLUGIN_PATH"),
        fixtureDir("good") + QLatin1Char(':') + fixtureDir("notaplugin"));
    const Listing l = list(rblab);
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QVERIFY(l.strategies.contains(QStringLiteral("FIXTURE_GOOD")));
    QCOMPARE(canonical(l.strategies.value(QStringLiteral("FIXTURE_GOOD"))
                           .value(QStringLiteral("file"))
                           .toString()),
        canonical(libraryIn(fixtureDir("good"))));
    QCOMPARE(l.strategies.size(), 8); // seven built in, one from the environment
    QCOMPARE(l.failureEntries, 1);
    const QString error = l.failures.value(canonical(libraryIn(fixtureDir("notaplugin"))));
    QVERIFY2(error.contains(QStringLiteral("not a plugin")), qPrintable(error));
}

void tst_RblabStrategies::pluginDirOption()
{
    // Repeatable, and usable after the command name.
    const Listing l = list(RblabProcess(m_home->path()),
        { QStringLiteral("--plugin-dir"), fixtureDir("good"), QStringLiteral("--plugin-dir"),
            fixtureDir("throwingallocate") });
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QVERIFY(l.strategies.contains(QStringLiteral("FIXTURE_GOOD")));
    QVERIFY(l.strategies.contains(QStringLiteral("FIXTURE_THROWING_ALLOCATE")));
    QCOMPARE(l.failureEntries, 0);
}

void tst_RblabStrategies::failuresNamed_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QStringList>("reasons");
    QTest::newRow("not a plugin") << "notaplugin"
                                  << QStringList { QStringLiteral("no Qt plugin metadata") };
    QTest::newRow("wrong IID") << "wrongiid"
                               << QStringList { QStringLiteral("AllocationStrategyFactory/2") };
    QTest::newRow("no Name") << "nameless" << QStringList { QStringLiteral("Strategy.Name") };
    QTest::newRow("unknown parameter type")
        << "badparamtype" << QStringList { QStringLiteral("Parameters[0].type") };
    QTest::newRow("ApiVersion 1.9") << "futureapi" << QStringList { QStringLiteral("1.9") };
    QTest::newRow("second AVG") << "duplicateavg"
                                << QStringList { QStringLiteral(
                                       "duplicate strategy name \"AVG\"") };
}

void tst_RblabStrategies::failuresNamed()
{
    QFETCH(QString, fixture);
    QFETCH(QStringList, reasons);
    const QString folder = QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/") + fixture;
    // Through --plugin-dir and through RBLAB_PLUGIN_PATH alike.
    RblabProcess viaEnvironment(m_home->path());
    viaEnvironment.setEnvironmentValue(QStringLiteral("RBLAB_PLUGIN_PATH"), folder);
    const Listing listings[]
        = { list(RblabProcess(m_home->path()), { QStringLiteral("--plugin-dir"), folder }),
              list(viaEnvironment) };
    for (const Listing &l : listings) {
        QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
        QCOMPARE(l.strategies.size(), 7); // the built-in ones still load
        QCOMPARE(l.failureEntries, 1);
        const QString file = canonical(libraryIn(folder));
        QVERIFY2(l.failures.contains(file), qPrintable(l.failures.keys().join(QLatin1Char(' '))));
        for (const QString &reason : std::as_const(reasons)) {
            QVERIFY2(l.failures.value(file).contains(reason),
                qPrintable(QStringLiteral("\"%1\" does not say \"%2\"")
                               .arg(l.failures.value(file), reason)));
        }
    }
}

void tst_RblabStrategies::missingFolder()
{
    const QString absent = m_home->filePath(QStringLiteral("absent"));
    const Listing l
        = list(RblabProcess(m_home->path()), { QStringLiteral("--plugin-dir"), absent });
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QCOMPARE(l.failureEntries, 1);
    QVERIFY2(l.failures.value(absent).contains(QStringLiteral("no such plugin folder")),
        qPrintable(l.failures.keys().join(QLatin1Char(' '))));
}

void tst_RblabStrategies::userFolder()
{
    // <XDG_DATA_HOME>/rebalance-lab/plugins is searched without any option.
    const QString userDir = m_home->filePath(QStringLiteral("rebalance-lab/plugins"));
    QVERIFY(QDir().mkpath(userDir));
    const QString source = libraryIn(fixtureDir("good"));
    const QString copy = userDir + QLatin1Char('/') + QFileInfo(source).fileName();
    QVERIFY(QFile::copy(source, copy));
    const Listing l = list(RblabProcess(m_home->path()));
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QVERIFY(l.strategies.contains(QStringLiteral("FIXTURE_GOOD")));
    QCOMPARE(canonical(l.strategies.value(QStringLiteral("FIXTURE_GOOD"))
                           .value(QStringLiteral("file"))
                           .toString()),
        canonical(copy));
}

void tst_RblabStrategies::sameFolderTwice()
{
    RblabProcess rblab(m_home->path());
    rblab.setEnvironmentValue(QStringLiteral("RBLAB_PLUGIN_PATH"), fixtureDir("notaplugin"));
    const Listing l = list(rblab, { QStringLiteral("--plugin-dir"), fixtureDir("notaplugin") });
    QVERIFY2(l.problem.isEmpty(), qPrintable(l.problem));
    QCOMPARE(l.failureEntries, 1); // one record per file, however it was reached
}

void tst_RblabStrategies::textListing()
{
    RblabProcess rblab(m_home->path());
    const RblabProcess::Result r = rblab.run(
        { QStringLiteral("strategies"), QStringLiteral("--plugin-dir"), fixtureDir("futureapi") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.startsWith(QStringLiteral("Strategies (7):")), qPrintable(text.left(200)));
    QVERIFY(text.contains(
        QStringLiteral("virtualNodeCount (int, default 10; an integer from 0 to 10000)")));
    QVERIFY(text.contains(QStringLiteral("Plugin files that failed (1):")));
    QVERIFY(text.contains(QStringLiteral("needs API 1.9")));
}

QTEST_GUILESS_MAIN(tst_RblabStrategies)
#include "tst_rblabstrategies.moc"
