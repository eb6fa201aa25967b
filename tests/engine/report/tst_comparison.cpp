// SPDX-License-Identifier: Apache-2.0
// The comparison model that `rblab compare` prints and the app's compare window marks (issue 34):
// the best of a row, cells, shards, runs, JSON parts and their merge, and variants files.
#include "simtestsupport.h"

#include <report/comparison.h>
#include <report/comparisonwriter.h>

#include <json/jsonparser.h>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Rblab;
using namespace SimTest;

class tst_Comparison : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void bestOfARow_data();
    void bestOfARow();
    void cells();
    void bestWithinTheSeedsSpread();
    void seedsThatMadeNoDifference();
    void htmlNamesWithControlCharacters();
    void shards();
    void executeAndMerge();
    void mergeRefusesWhatDoesNotBelong();
    void variantsFile();
    void variantsFileErrorsSayWhere_data();
    void variantsFileErrorsSayWhere();

private:
    static Comparison twoVariants();
    static QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes);
};

void tst_Comparison::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Comparison::bestOfARow_data()
{
    const double unknown = std::nan("");
    QTest::addColumn<QList<double>>("row");
    QTest::addColumn<QList<bool>>("best");
    QTest::newRow("lowest wins") << QList<double> { 3, 1, 2 } << QList<bool> { false, true, false };
    QTest::newRow("two share the lowest")
        << QList<double> { 1, 1, 2 } << QList<bool> { true, true, false };
    QTest::newRow("all tie: nobody")
        << QList<double> { 0, 0, 0 } << QList<bool> { false, false, false };
    QTest::newRow("one variant: nobody") << QList<double> { 5 } << QList<bool> { false };
    QTest::newRow("unknown left out")
        << QList<double> { unknown, 4, 2 } << QList<bool> { false, false, true };
    QTest::newRow("one known: nobody")
        << QList<double> { unknown, 4 } << QList<bool> { false, false };
}

void tst_Comparison::bestOfARow()
{
    QFETCH(QList<double>, row);
    QFETCH(QList<bool>, best);
    for (qsizetype i = 0; i < row.size(); ++i) {
        QCOMPARE(Comparison::isBest(row, i), best.at(i));
    }
    QVERIFY(!Comparison::isBest(row, row.size()));
}

Comparison tst_Comparison::twoVariants()
{
    Comparison c;
    c.scenario = QStringLiteral("world.json");
    c.seeds = { 1, 2 };
    c.variants = { Variant { QStringLiteral("A"), QStringLiteral("AVG"), {}, {} },
        Variant { QStringLiteral("B"), QStringLiteral("CONSISTENT_HASH"), {}, {} } };
    c.planRuns();
    const qsizetype n = ScorecardFigure::all().size();
    // Figure 4 is movement.queueMoves (no decimals): A moves 1200 and 1300, B 10 and 30.
    const double moves[2][2] = { { 1200, 1300 }, { 10, 30 } };
    for (Comparison::Run &run : c.runs) {
        QList<double> values(n, 0.0);
        values[4] = moves[run.variant][run.seed - 1];
        run.figures.insert(QStringLiteral("g"), values);
        run.done = true;
    }
    return c;
}

void tst_Comparison::cells()
{
    QCOMPARE(qstrcmp(ScorecardFigure::all().at(4).key, "movement.queueMoves"), 0);
    Comparison c = twoVariants();
    QCOMPARE(c.groups(), QStringList { QStringLiteral("g") });
    QCOMPARE(c.values(0, QStringLiteral("g"), 4), (QList<double> { 1200, 1300 }));
    QCOMPARE(c.means(QStringLiteral("g"), 4), (QList<double> { 1250, 20 }));
    // The mean, then min–max over the seeds; whole numbers as the C locale writes them (no
    // separators: the table's cells are read back by scripts).
    QCOMPARE(c.cellText(0, QStringLiteral("g"), 4), QStringLiteral("1250 (1200–1300)"));
    QCOMPARE(c.cellText(1, QStringLiteral("g"), 4), QStringLiteral("20 (10–30)"));
    QVERIFY(c.isBest(1, QStringLiteral("g"), 4));
    QVERIFY(!c.isBest(0, QStringLiteral("g"), 4));
    QVERIFY(!c.isBest(0, QStringLiteral("g"), 0)); // every variant 0: nobody
    // A variant without the group has no cell and is never the best.
    QCOMPARE(c.cellText(0, QStringLiteral("other"), 4), QString());
    QCOMPARE(ScorecardFigure::all().at(0).text(1.23456), QStringLiteral("1.235"));
    c.seeds = { 1 };
    QCOMPARE(c.cellText(1, QStringLiteral("g"), 4), QStringLiteral("20"));
    c.seeds = { 1, 2, 3, 4, 5, 6, 7 };
    QCOMPARE(c.seedText(), QStringLiteral("1 … 7"));
}

void tst_Comparison::bestWithinTheSeedsSpread()
{
    // Issue 37 item 8: "9.3 (8.0–10.0)" was marked best against "9.8 (8.0–11.0)": the ranges
    // overlap, so other seeds could rank them the other way. Figure 4 (queue moves).
    Comparison c = twoVariants();
    const QString g = QStringLiteral("g");
    // A 1200/1300, B 10/30: disjoint ranges, a clear best.
    QVERIFY(c.isBest(1, g, 4));
    QVERIFY(!c.bestWithinSpread(1, g, 4));
    QVERIFY(!c.bestWithinSpread(0, g, 4)); // not the best at all
    // B 8/11 (9.5) against A 8/10 (9): A has the lower mean, inside B's spread.
    const double moves[2][2] = { { 8, 10 }, { 8, 11 } };
    for (Comparison::Run &run : c.runs) {
        run.figures[g][4] = moves[run.variant][run.seed - 1];
    }
    QVERIFY(c.isBest(0, g, 4));
    QVERIFY(c.bestWithinSpread(0, g, 4));
    QCOMPARE(c.cellText(0, g, 4), QStringLiteral("9 (8–10)"));
    const QByteArray table = ComparisonWriter::table(c);
    QVERIFY2(table.contains("9 (8–10)~"), table.constData());
    QVERIFY(!table.contains("9 (8–10)*"));
    const QByteArray page = ComparisonWriter::html(c);
    QVERIFY2(page.contains("<td class=\"near\" title=\"lowest mean, within the seeds' spread\">9 "
                           "(8–10)</td>"),
        page.constData());
    // Ranges that only touch still overlap (10 and 10); one seed: no spread to speak of.
    c.runs[2].figures[g][4] = 10;
    c.runs[3].figures[g][4] = 12;
    QVERIFY(c.bestWithinSpread(0, g, 4));
    c.runs[2].figures[g][4] = 11;
    QVERIFY(!c.bestWithinSpread(0, g, 4));
    QVERIFY(ComparisonWriter::table(c).contains("9 (8–10)*"));
    c.seeds = { 1 };
    QVERIFY(!c.bestWithinSpread(0, g, 4));
}

void tst_Comparison::seedsThatMadeNoDifference()
{
    // Issue 37 item 8: four seeds of a scripted world gave "37 (37–37)" in every cell and the
    // page did not say that the seeds made no difference.
    Comparison c = twoVariants();
    const QString g = QStringLiteral("g");
    QVERIFY(!c.seedsMadeNoDifference()); // A 1200/1300
    for (Comparison::Run &run : c.runs) {
        run.figures[g][4] = run.variant == 0 ? 37 : 40;
    }
    QVERIFY(c.seedsMadeNoDifference());
    QCOMPARE(c.cellText(0, g, 4), QStringLiteral("37"));
    const QString note = QStringLiteral("The seeds made no difference");
    QVERIFY(QString::fromUtf8(ComparisonWriter::table(c)).contains(note));
    QVERIFY(QString::fromUtf8(ComparisonWriter::html(c)).contains(note));
    QVERIFY(ComparisonWriter::table(c).contains("37*"));
    // One seed differs in one figure: the note goes, and that cell shows its range.
    c.runs[1].figures[g][7] = 1;
    QVERIFY(!c.seedsMadeNoDifference());
    QVERIFY(!QString::fromUtf8(ComparisonWriter::html(c)).contains(note));
    // A single seed says nothing about seeds.
    c.seeds = { 1 };
    QVERIFY(!c.seedsMadeNoDifference());
}

void tst_Comparison::htmlNamesWithControlCharacters()
{
    // Issue 39: a variant named with U+0000 was written into the HTML page as a raw NUL.
    Comparison c = twoVariants();
    c.variants[0].name = QStringLiteral("A") + QChar(0) + QStringLiteral("<b>\x7f\tz");
    const QByteArray page = ComparisonWriter::html(c);
    QVERIFY(!page.isEmpty());
    QVERIFY(!page.contains('\0'));
    QVERIFY(!page.contains('\x7f'));
    QVERIFY2(page.contains(QStringLiteral("A\uFFFD&lt;b&gt;\uFFFD\tz").toUtf8()), page.constData());
}

void tst_Comparison::shards()
{
    Comparison c = twoVariants();
    QCOMPARE(c.runs.size(), 4);
    QCOMPARE(c.runs.at(2).variant, 1); // variant-major
    QCOMPARE(c.runs.at(2).seed, 1u);
    QCOMPARE(c.shardRuns(0, 3), (QList<qsizetype> { 0, 3 }));
    QCOMPARE(c.shardRuns(2, 3), (QList<qsizetype> { 2 }));
    QCOMPARE(c.shardRuns(0, 1), (QList<qsizetype> { 0, 1, 2, 3 }));
}

QString tst_Comparison::write(
    const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(bytes);
    }
    return path;
}

void tst_Comparison::executeAndMerge()
{
    // Two shards of a small comparison merge into the comparison run whole.
    WorldSpec spec;
    spec.consumers = 3;
    const Scenario scenario = makeScenario(spec);
    Comparison whole;
    whole.scenario = QStringLiteral("world.json");
    whole.until = 40 * kSecond;
    whole.seeds = { 1, 2 };
    whole.variants = { Variant { QStringLiteral("AVG"), QStringLiteral("AVG"), {}, {} },
        Variant { QStringLiteral("CH"), QStringLiteral("CONSISTENT_HASH"), {}, {} } };
    Comparison first = whole;
    Comparison second = whole;
    whole.planRuns();
    int calls = 0;
    QCOMPARE(whole.execute(scenario, registry(), whole.shardRuns(0, 1), 2,
                 [&calls](int, int total) { calls += total == 4 ? 1 : 100; }),
        QString());
    QCOMPARE(calls, 4);
    for (const Comparison::Run &run : std::as_const(whole.runs)) {
        QVERIFY(run.done);
        QCOMPARE(run.figures.value(kGroup).size(), ScorecardFigure::all().size());
        QCOMPARE(run.series.contains(kGroup), run.seed == 1);
    }

    QTemporaryDir dir;
    QStringList parts;
    for (Comparison *part : { &first, &second }) {
        const qsizetype index = part == &first ? 0 : 1;
        part->shard = QStringLiteral("%1/2").arg(index + 1);
        part->planRuns();
        QCOMPARE(part->execute(scenario, registry(), part->shardRuns(index, 2), 1), QString());
        parts.append(write(
            dir, QStringLiteral("part-%1.json").arg(index + 1), ComparisonWriter::json(*part)));
    }
    Comparison merged;
    QString error;
    QVERIFY2(Comparison::merge({ parts.at(1), parts.at(0) }, &merged, &error), qPrintable(error));
    QCOMPARE(ComparisonWriter::json(merged), ComparisonWriter::json(whole));
    QCOMPARE(ComparisonWriter::table(merged), ComparisonWriter::table(whole));
}

void tst_Comparison::mergeRefusesWhatDoesNotBelong()
{
    QTemporaryDir dir;
    Comparison c = twoVariants();
    const QString part = write(dir, QStringLiteral("part.json"), ComparisonWriter::json(c));
    Comparison merged;
    QString error;
    QVERIFY(!Comparison::merge({ part, part }, &merged, &error));
    QVERIFY2(error.contains(QStringLiteral("run of variant \"A\", seed 1 is in two parts")),
        qPrintable(error));

    c.runs.removeLast();
    const QString short_ = write(dir, QStringLiteral("short.json"), ComparisonWriter::json(c));
    merged = Comparison();
    QVERIFY(!Comparison::merge({ short_ }, &merged, &error));
    QVERIFY2(error.contains(QStringLiteral("3 of the comparison's 4 runs")), qPrintable(error));

    // Broken JSON: where, as line:column, in the one diagnostic format.
    const QString broken = write(dir, QStringLiteral("broken.json"),
        QByteArrayLiteral("{\"format\": \"rebalance-lab/compare@1\",\n  \"seeds\": [1 2]}\n"));
    merged = Comparison();
    QVERIFY(!Comparison::merge({ broken }, &merged, &error));
    QVERIFY2(error.startsWith(broken + QStringLiteral(":2:15: error: seeds")), qPrintable(error));
}

void tst_Comparison::variantsFile()
{
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("variants.json"),
        QByteArrayLiteral(
            "{\"variants\": [{\"name\": \"avg\", \"strategy\": \"AVG\"},\n"
            "  {\"strategy\": \"AVG\", \"client\": {\"pullThresholdForQueue\": 200}},\n"
            "  {\"name\": \"ch\", \"strategy\": \"CONSISTENT_HASH\", "
            "\"params\": {\"virtualNodeCount\": 20}}]}\n"));
    QString error;
    const QList<Variant> variants = Variant::readFile(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(variants.size(), 3);
    QCOMPARE(variants.at(0).name, QStringLiteral("avg"));
    // Without a name, a variant is named by its spec, as --variant writes it.
    QCOMPARE(variants.at(1).name, QStringLiteral("AVG;pullThresholdForQueue=200"));
    QCOMPARE(
        variants.at(1).client.value(QStringLiteral("pullThresholdForQueue")).toLongLong(), 200);
    QCOMPARE(variants.at(2).params.value(QStringLiteral("virtualNodeCount")).toLongLong(), 20);
}

void tst_Comparison::variantsFileErrorsSayWhere_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("syntax") << QByteArray("{\"variants\": [\n  {\"name\": \"b\" \"strategy\": "
                                          "\"AVG\"}\n]}\n")
                            << QStringLiteral(":2:16: error: variants[0]: ");
    QTest::newRow("no strategy") << QByteArray("{\"variants\": [{\"strategy\": \"AVG\"},\n"
                                               "  {\"name\": \"x\"}]}\n")
                                 << QStringLiteral(
                                        ":2:3: error: variants[1].strategy: expected a strategy "
                                        "name");
    QTest::newRow("strategy a number")
        << QByteArray("{\"variants\": [{\"strategy\": 5}]}")
        << QStringLiteral(":1:28: error: variants[0].strategy: expected a strategy name");
    QTest::newRow("bad client setting")
        << QByteArray("{\"variants\": [\n {\"strategy\": \"AVG\", \"client\": "
                      "{\"pullBatchSize\": 0}}]}")
        << QStringLiteral(
               ":2:2: error: variants[0]: \"AVG;pullBatchSize=0\": pullBatchSize must be");
    QTest::newRow("no list") << QByteArray("{\"variant\": []}")
                             << QStringLiteral(":1:1: error: variants: expected {\"variants\"");
}

void tst_Comparison::variantsFileErrorsSayWhere()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString path = write(dir, QStringLiteral("v.json"), text);
    QString message;
    QVERIFY(Variant::readFile(path, &message).isEmpty());
    QVERIFY2(message.startsWith(path + error), qPrintable(message));
}

QTEST_GUILESS_MAIN(tst_Comparison)
#include "tst_comparison.moc"
