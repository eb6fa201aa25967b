// SPDX-License-Identifier: Apache-2.0
// ScenarioDuration: "250ms", "1.5s", "5m", "1h" and numbers, read exactly.
#include "settings/settingspec.h"
#include "json/jsonparser.h"
#include "settings/scenarioduration.h"

#include <QTest>

using namespace Rblab;

class tst_ScenarioDuration : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void invalid_data();
    void invalid();
    void fromJson_data();
    void fromJson();
    void formattedReadsBack_data();
    void formattedReadsBack();
};

void tst_ScenarioDuration::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("milliseconds");
    QTest::addColumn<bool>("whole");
    QTest::addColumn<qint64>("wholeMs");

    QTest::newRow("ms") << QStringLiteral("250ms") << 250.0 << true << qint64(250);
    QTest::newRow("zero") << QStringLiteral("0s") << 0.0 << true << qint64(0);
    QTest::newRow("seconds") << QStringLiteral("20s") << 20000.0 << true << qint64(20000);
    QTest::newRow("fraction of a second")
        << QStringLiteral("1.5s") << 1500.0 << true << qint64(1500);
    QTest::newRow("0.001s") << QStringLiteral("0.001s") << 1.0 << true << qint64(1);
    QTest::newRow("0.3s") << QStringLiteral("0.3s") << 300.0 << true << qint64(300);
    QTest::newRow("minutes") << QStringLiteral("5m") << 300000.0 << true << qint64(300000);
    QTest::newRow("fraction of a minute")
        << QStringLiteral("0.25m") << 15000.0 << true << qint64(15000);
    QTest::newRow("hours") << QStringLiteral("1h") << 3600000.0 << true << qint64(3600000);
    QTest::newRow("1.5h") << QStringLiteral("1.5h") << 5400000.0 << true << qint64(5400000);
    QTest::newRow("sub-millisecond") << QStringLiteral("0.5ms") << 0.5 << false << qint64(0);
    QTest::newRow("0.3ms exact double") << QStringLiteral("0.3ms") << 0.3 << false << qint64(0);
    QTest::newRow("1.0005s") << QStringLiteral("1.0005s") << 1000.5 << false << qint64(0);
    QTest::newRow("a third of a minute")
        << QStringLiteral("0.333m") << 19980.0 << true << qint64(19980);
    QTest::newRow("trailing zeros") << QStringLiteral("2.000s") << 2000.0 << true << qint64(2000);
    QTest::newRow("negative") << QStringLiteral("-2s") << -2000.0 << true << qint64(-2000);
    // Compound, as --at takes them (issue 35: run1's "10m27s" was refused).
    QTest::newRow("10m27s") << QStringLiteral("10m27s") << 627000.0 << true << qint64(627000);
    QTest::newRow("1h2m") << QStringLiteral("1h2m") << 3720000.0 << true << qint64(3720000);
    QTest::newRow("1m30.5s") << QStringLiteral("1m30.5s") << 90500.0 << true << qint64(90500);
    QTest::newRow("2s500ms") << QStringLiteral("2s500ms") << 2500.0 << true << qint64(2500);
    QTest::newRow("1h0m0s1ms") << QStringLiteral("1h0m0s1ms") << 3600001.0 << true
                               << qint64(3600001);
    QTest::newRow("1s0.5ms") << QStringLiteral("1s0.5ms") << 1000.5 << false << qint64(0);
    QTest::newRow("negative compound")
        << QStringLiteral("-1m30s") << -90000.0 << true << qint64(-90000);
}

void tst_ScenarioDuration::parse()
{
    QFETCH(QString, text);
    QFETCH(double, milliseconds);
    QFETCH(bool, whole);
    QFETCH(qint64, wholeMs);

    const auto value = ScenarioDuration::parse(text);
    QVERIFY(value);
    QCOMPARE(value->milliseconds, milliseconds); // exact, not fuzzy: decimal arithmetic
    QCOMPARE(value->wholeMilliseconds.has_value(), whole);
    if (whole) {
        QCOMPARE(*value->wholeMilliseconds, wholeMs);
    }
}

void tst_ScenarioDuration::invalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("words") << QStringLiteral("5 minutes");
    QTest::newRow("space before unit") << QStringLiteral("5 m");
    QTest::newRow("no unit") << QStringLiteral("250");
    QTest::newRow("unknown unit") << QStringLiteral("2d");
    QTest::newRow("upper case") << QStringLiteral("5S");
    QTest::newRow("min") << QStringLiteral("5min");
    QTest::newRow("no digits") << QStringLiteral("ms");
    QTest::newRow("leading point") << QStringLiteral(".5s");
    QTest::newRow("trailing point") << QStringLiteral("5.s");
    QTest::newRow("two points") << QStringLiteral("1.2.3s");
    QTest::newRow("exponent") << QStringLiteral("1e3ms");
    QTest::newRow("plus") << QStringLiteral("+5s");
    QTest::newRow("empty") << QString();
    QTest::newRow("too many digits") << QStringLiteral("1234567890123456789ms");
    QTest::newRow("arabic-indic digits") << QStringLiteral("٥s");
    QTest::newRow("units out of order") << QStringLiteral("30s6m");
    QTest::newRow("unit twice") << QStringLiteral("1m1m");
    QTest::newRow("space between pieces") << QStringLiteral("10m 27s");
    QTest::newRow("sign inside") << QStringLiteral("10m-27s");
    QTest::newRow("trailing number") << QStringLiteral("10m27");
    QTest::newRow("sign alone") << QStringLiteral("-");
}

void tst_ScenarioDuration::invalid()
{
    QFETCH(QString, text);
    QVERIFY(!ScenarioDuration::parse(text));
}

void tst_ScenarioDuration::fromJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("milliseconds");
    QTest::addColumn<bool>("whole");

    QTest::newRow("integer") << QByteArray("1500") << true << 1500.0 << true;
    QTest::newRow("integral double") << QByteArray("1500.0") << true << 1500.0 << true;
    QTest::newRow("exponent") << QByteArray("1.5e3") << true << 1500.0 << true;
    QTest::newRow("fraction") << QByteArray("0.25") << true << 0.25 << false;
    QTest::newRow("string") << QByteArray("\"2m\"") << true << 120000.0 << true;
    QTest::newRow("bad string") << QByteArray("\"2 min\"") << false << 0.0 << false;
    QTest::newRow("bool") << QByteArray("true") << false << 0.0 << false;
    QTest::newRow("object") << QByteArray("{}") << false << 0.0 << false;
}

void tst_ScenarioDuration::fromJson()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, valid);
    QFETCH(double, milliseconds);
    QFETCH(bool, whole);

    const JsonParser::Result parsed = JsonParser::parse(json);
    QVERIFY(parsed.ok());
    const auto value = ScenarioDuration::fromJson(*parsed.root);
    QCOMPARE(value.has_value(), valid);
    if (valid) {
        QCOMPARE(value->milliseconds, milliseconds);
        QCOMPARE(value->wholeMilliseconds.has_value(), whole);
    }
}

void tst_ScenarioDuration::formattedReadsBack_data()
{
    QTest::addColumn<double>("milliseconds");
    for (const double ms : { 0.0, 1.0, 0.5, 0.3, 0.1, 2.25, 999.0, 1000.0, 1500.0, 1250.0, 60000.0,
             90000.0, 3600000.0, 5400000.0, 123456.0, 0.001, 12.75 }) {
        QTest::newRow(qPrintable(QString::number(ms))) << ms;
    }
}

void tst_ScenarioDuration::formattedReadsBack()
{
    // What the writer writes (formatDurationF) must read back to the same double.
    QFETCH(double, milliseconds);
    const QString text = formatDurationF(milliseconds);
    const auto value = ScenarioDuration::parse(text);
    QVERIFY2(value, qPrintable(text));
    QCOMPARE(value->milliseconds, milliseconds);
}

QTEST_GUILESS_MAIN(tst_ScenarioDuration)
#include "tst_scenarioduration.moc"
