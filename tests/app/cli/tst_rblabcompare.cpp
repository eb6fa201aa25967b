// SPDX-License-Identifier: Apache-2.0
// `rblab compare` as a separate process: a variant's figures equal rblab simulate's for the same
// strategy and seed, shards merged equal one run, the formats, and every usage error.
#include "rblabprocess.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class tst_RblabCompare : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void equalsSimulate();
    void shardsMergeIntoOneRun();
    void tableMarksTheBest();
    void csvOneRowPerRun();
    void htmlIsSelfContained();
    void outputTargets();
    void clientSettingsChangeTheRun();
    void usageErrors_data();
    void usageErrors();

private:
    RblabProcess::Result run(const QStringList &arguments) const;
    std::unique_ptr<QTemporaryDir> m_home;
};

namespace {
const QString kScenario
    = QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/scorecard-hand-check.json");
const QString kThree
    = QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/three-strategies-same-churn.json");
} // namespace

void tst_RblabCompare::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

RblabProcess::Result tst_RblabCompare::run(const QStringList &arguments) const
{
    return RblabProcess(m_home->path()).run(QStringList { QStringLiteral("compare") } + arguments);
}

void tst_RblabCompare::equalsSimulate()
{
    // The same strategy and seed through simulate: the world's totals are the report's.
    for (const char *strategy : { "AVG_BY_CIRCLE", "BOUNDED_RENDEZVOUS" }) {
        const QString name = QString::fromLatin1(strategy);
        const RblabProcess::Result c = run({ kThree, QStringLiteral("--variant"), name,
            QStringLiteral("--seed-list"), QStringLiteral("7"), QStringLiteral("--until"),
            QStringLiteral("5m"), QStringLiteral("--format"), QStringLiteral("json") });
        QVERIFY2(c.finished && c.exitCode == 0, qPrintable(c.describe()));
        const RblabProcess::Result s
            = RblabProcess(m_home->path())
                  .run({ QStringLiteral("simulate"), kThree, QStringLiteral("--strategy"), name,
                      QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--until"),
                      QStringLiteral("5m"), QStringLiteral("--quiet") });
        QVERIFY2(s.finished && s.exitCode == 0, qPrintable(s.describe()));
        const QJsonObject totals
            = QJsonDocument::fromJson(s.out).object().value(QStringLiteral("totals")).toObject();
        const QJsonArray runs
            = QJsonDocument::fromJson(c.out).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 1);
        const QJsonObject groups
            = runs.first().toObject().value(QStringLiteral("groups")).toObject();
        QCOMPARE(groups.size(), 3);
        for (const QJsonValue &g : groups) {
            const QJsonObject f = g.toObject();
            QCOMPARE(f.value(QStringLiteral("exposure.duplicates")).toInteger(),
                totals.value(QStringLiteral("duplicates")).toInteger());
            QCOMPARE(f.value(QStringLiteral("exposure.lost")).toInteger(), qint64(0));
        }
        // The groups' queue moves add up to the report's owner changes at most (those also
        // count retry queues and the start-up).
        qint64 moves = 0;
        for (const QJsonValue &g : groups) {
            moves += g.toObject().value(QStringLiteral("movement.queueMoves")).toInteger();
        }
        QVERIFY2(moves > 0 && moves <= totals.value(QStringLiteral("queueMoves")).toInteger(),
            qPrintable(QStringLiteral("%1 against %2")
                           .arg(moves)
                           .arg(totals.value(QStringLiteral("queueMoves")).toInteger())));
    }
}

void tst_RblabCompare::shardsMergeIntoOneRun()
{
    const QStringList common { kScenario, QStringLiteral("--variant"), QStringLiteral("AVG"),
        QStringLiteral("--variant"), QStringLiteral("BOUNDED_RENDEZVOUS"),
        QStringLiteral("--seeds"), QStringLiteral("3"), QStringLiteral("--jobs"),
        QStringLiteral("2") };
    const RblabProcess::Result whole
        = run(common + QStringList { QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(whole.finished && whole.exitCode == 0, qPrintable(whole.describe()));
    QTemporaryDir dir;
    QStringList parts;
    for (int i = 1; i <= 4; ++i) { // more shards than some variants have runs
        const QString part = dir.filePath(QStringLiteral("part-%1.json").arg(i));
        const RblabProcess::Result r = run(common
            + QStringList { QStringLiteral("--shard"), QStringLiteral("%1/4").arg(i),
                QStringLiteral("--output"), part });
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        parts.append(part);
    }
    std::reverse(parts.begin(), parts.end()); // any order
    const RblabProcess::Result merged = run(QStringList { QStringLiteral("--merge") } + parts
        + QStringList { QStringLiteral("--format"), QStringLiteral("json") });
    QVERIFY2(merged.finished && merged.exitCode == 0, qPrintable(merged.describe()));
    QCOMPARE(
        QJsonDocument::fromJson(merged.out).object(), QJsonDocument::fromJson(whole.out).object());
    QCOMPARE(
        QJsonDocument::fromJson(whole.out).object().value(QStringLiteral("runs")).toArray().size(),
        6);
    // A missing shard is said, not merged into a smaller comparison.
    const RblabProcess::Result partial
        = run({ QStringLiteral("--merge"), parts.at(0), parts.at(1) });
    QCOMPARE(partial.exitCode, 1);
    QVERIFY2(partial.err.contains("a shard is missing"), partial.err.constData());
    // The same part twice is refused.
    const RblabProcess::Result twice
        = run({ QStringLiteral("--merge"), parts.at(0), parts.at(0), parts.at(1), parts.at(2) });
    QCOMPARE(twice.exitCode, 1);
    // A part from an older rblab, written before orphanedQueueSeconds was a figure, is refused
    // with the figure named, not merged with zeros that would make its variant look best.
    QFile file(parts.at(2));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject old = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    QJsonArray runs = old.value(QStringLiteral("runs")).toArray();
    QVERIFY(!runs.isEmpty());
    QJsonObject firstRun = runs.at(0).toObject();
    QJsonObject groups = firstRun.value(QStringLiteral("groups")).toObject();
    QVERIFY(!groups.isEmpty());
    const QString groupName = groups.begin().key();
    QJsonObject figures = groups.value(groupName).toObject();
    QVERIFY(figures.contains(QStringLiteral("exposure.orphanedQueueSeconds")));
    figures.remove(QStringLiteral("exposure.orphanedQueueSeconds"));
    groups.insert(groupName, figures);
    firstRun.insert(QStringLiteral("groups"), groups);
    runs.replace(0, firstRun);
    old.insert(QStringLiteral("runs"), runs);
    const QString stale = dir.filePath(QStringLiteral("stale.json"));
    QFile out(stale);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(old).toJson());
    out.close();
    const RblabProcess::Result refused
        = run({ QStringLiteral("--merge"), parts.at(0), parts.at(1), stale, parts.at(3) });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("\"exposure.orphanedQueueSeconds\""), refused.err.constData());
    QVERIFY2(refused.err.contains(stale.toUtf8()), refused.err.constData());
}

void tst_RblabCompare::tableMarksTheBest()
{
    const RblabProcess::Result r = run(
        { kThree, QStringLiteral("--variant"), QStringLiteral("AVG"), QStringLiteral("--variant"),
            QStringLiteral("BOUNDED_RENDEZVOUS"), QStringLiteral("--group"),
            QStringLiteral("avg_group"), QStringLiteral("--until"), QStringLiteral("5m") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.contains(QStringLiteral("Group avg_group")));
    QVERIFY(!text.contains(QStringLiteral("Group hash_group")));
    // Bounded rendezvous moves fewer queues than AVG on this churn (2:00 join: 3 against 13).
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("queue moves"))) {
            QVERIFY2(line.trimmed().endsWith(QLatin1Char('*')), qPrintable(line));
            return;
        }
    }
    QFAIL("no queue moves row");
}

void tst_RblabCompare::csvOneRowPerRun()
{
    const RblabProcess::Result r = run({ kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG;pullBatchSize=16"), QStringLiteral("--seeds"), QStringLiteral("2"),
        QStringLiteral("--format"), QStringLiteral("csv") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.at(0).startsWith("variant,seed,group,balance.maxOverMean,"));
    // The variant's name has a ';' but no ',': unquoted; the seeds are the scenario's and the next.
    QVERIFY2(lines.at(1).startsWith("AVG;pullBatchSize=16,3,g,"), lines.at(1).constData());
    QVERIFY2(lines.at(2).startsWith("AVG;pullBatchSize=16,4,g,"), lines.at(2).constData());
}

void tst_RblabCompare::htmlIsSelfContained()
{
    QTemporaryDir dir;
    const QString page = dir.filePath(QStringLiteral("comparison.html"));
    const RblabProcess::Result r = run({ kThree, QStringLiteral("--variant"), QStringLiteral("AVG"),
        QStringLiteral("--variant"), QStringLiteral("BOUNDED_RENDEZVOUS"),
        QStringLiteral("--group"), QStringLiteral("rendezvous_group"), QStringLiteral("--until"),
        QStringLiteral("4m"), QStringLiteral("--seeds"), QStringLiteral("2"),
        QStringLiteral("--format"), QStringLiteral("html"), QStringLiteral("--output"), page });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QFile file(page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(file.readAll());
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(html.trimmed().endsWith(QStringLiteral("</html>")));
    // Opens anywhere: nothing is fetched (no scripts, style sheets or images from elsewhere).
    QCOMPARE(html.count(QStringLiteral("http://")),
        html.count(QStringLiteral("xmlns=\"http://www.w3.org/2000/svg\""))); // namespaces only
    QVERIFY(!html.contains(QStringLiteral("https://")));
    QVERIFY(!html.contains(QStringLiteral("<script")));
    // Three charts (lag, ownership health, cache), a line per variant in each, and the table.
    QCOMPARE(html.count(QStringLiteral("<svg ")), 3);
    QCOMPARE(html.count(QStringLiteral("<polyline ")), 3 * 2);
    QVERIFY(html.contains(QStringLiteral("<h2>Group rendezvous_group</h2>")));
    QVERIFY(html.contains(QStringLiteral("class=\"best\"")));
    QVERIFY(html.contains(QStringLiteral("mean, then min–max over the seeds")));
}

void tst_RblabCompare::outputTargets()
{
    // A folder is refused before any run; a device is written in place, never replaced by a
    // regular file (QSaveFile's rename would, as root).
    QTemporaryDir dir;
    RblabProcess::Result r = run({ kScenario, QStringLiteral("--variant"), QStringLiteral("AVG"),
        QStringLiteral("--output"), dir.path() });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("is a folder"), r.err.constData());
    QVERIFY(!r.err.contains("runs"));
    r = run({ kScenario, QStringLiteral("--variant"), QStringLiteral("AVG"),
        QStringLiteral("--output"), dir.filePath(QStringLiteral("missing/out.json")) });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot write in"), r.err.constData());
    const QFileInfo before(QStringLiteral("/dev/null"));
    QVERIFY(before.exists() && !before.isFile());
    r = run({ kScenario, QStringLiteral("--variant"), QStringLiteral("AVG"),
        QStringLiteral("--output"), QStringLiteral("/dev/null") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QFileInfo after(QStringLiteral("/dev/null"));
    QVERIFY2(after.exists() && !after.isFile(), "/dev/null was replaced by a regular file");
}

void tst_RblabCompare::clientSettingsChangeTheRun()
{
    // pullThresholdForQueue=1 holds pulls back by count on every pull answer that caches more
    // than one message; the default 1000 never does in this world.
    const RblabProcess::Result r = run({ kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG"), QStringLiteral("--variant"),
        QStringLiteral("AVG;pullThresholdForQueue=1;pullInterval=0ms"), QStringLiteral("--format"),
        QStringLiteral("json") });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QJsonArray runs
        = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    const auto holds = [&](int i) {
        return runs.at(i)
            .toObject()
            .value(QStringLiteral("groups"))
            .toObject()
            .value(QStringLiteral("g"))
            .toObject()
            .value(QStringLiteral("pressure.flowControlCount"))
            .toInteger();
    };
    QCOMPARE(holds(0), qint64(0));
    QVERIFY2(holds(1) > 0, qPrintable(QString::number(holds(1))));
}

void tst_RblabCompare::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no variant") << QStringList { kScenario } << 2
                                << QStringLiteral("name at least one --variant");
    QTest::newRow("no scenario") << QStringList { QStringLiteral("--variant"),
        QStringLiteral("AVG") } << 2
                                 << QStringLiteral("expected one scenario file");
    QTest::newRow("unknown strategy") << QStringList { kScenario, QStringLiteral("--variant"),
        QStringLiteral("NOPE") } << 2 << QStringLiteral("NOPE");
    QTest::newRow("unknown setting")
        << QStringList { kScenario, QStringLiteral("--variant"), QStringLiteral("AVG;nope=1") } << 2
        << QStringLiteral("\"nope=1\" is not a client setting");
    QTest::newRow("setting out of range") << QStringList { kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG;pullBatchSize=0") }
                                          << 2 << QStringLiteral("pullBatchSize must be");
    QTest::newRow("unknown group") << QStringList { kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG"), QStringLiteral("--group"), QStringLiteral("nope") }
                                   << 2 << QStringLiteral("has no group \"nope\" (its groups: g)");
    QTest::newRow("bad shard") << QStringList { kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG"), QStringLiteral("--shard"), QStringLiteral("3/2") }
                               << 2 << QStringLiteral("1 ≤ I ≤ N");
    QTest::newRow("bad format") << QStringList { kScenario, QStringLiteral("--variant"),
        QStringLiteral("AVG"), QStringLiteral("--format"), QStringLiteral("xml") }
                                << 2 << QStringLiteral("table, json, csv or html");
    // The figures are keyed by a variant's name: a second "a" lost the first one's results.
    QTest::newRow("same variant twice")
        << QStringList { kScenario, QStringLiteral("--variant"), QStringLiteral("AVG"),
               QStringLiteral("--variant"), QStringLiteral("AVG") }
        << 2 << QStringLiteral("two variants are named \"AVG\" (--variant AVG and --variant AVG)");
    QTest::newRow("two variants of one name in a file")
        << QStringList { kScenario, QStringLiteral("--variant"),
               QStringLiteral(RBLAB_TEST_DATA_DIR "/compare/variants-same-name.json") }
        << 2 << QStringLiteral("variants-same-name.json: variants[0] and ");
    // Through the project's JSON reader: line and column as editors count them, the JSON path,
    // in the one diagnostic format (file:line:column: error: path: message).
    QTest::newRow("broken variants file")
        << QStringList { kScenario, QStringLiteral("--variant"),
               QStringLiteral(RBLAB_TEST_DATA_DIR "/compare/variants-broken.json") }
        << 2
        << QStringLiteral("variants-broken.json:3:16: error: variants[1]: expected ',' or '}'");
    QTest::newRow("merge of broken JSON")
        << QStringList { QStringLiteral("--merge"),
               QStringLiteral(RBLAB_TEST_DATA_DIR "/compare/variants-broken.json") }
        << 1
        << QStringLiteral("variants-broken.json:3:16: error: variants[1]: expected ',' or '}'");
    QTest::newRow("merge of a non-part") << QStringList { QStringLiteral("--merge"), kScenario }
                                         << 1 << QStringLiteral("not the JSON of rblab compare");
}

void tst_RblabCompare::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const RblabProcess::Result r = run(arguments);
    QVERIFY2(r.finished && r.exitCode == exitCode, qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(tst_RblabCompare)
#include "tst_rblabcompare.moc"
