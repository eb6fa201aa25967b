// SPDX-License-Identifier: Apache-2.0
// `rblab score-strategy` as a separate process: figures side by side, JSON for scripts, exit
// statuses (0 when every strategy partitions the queues, 1 when one breaks a rule, 2 for usage).
#include "rblabprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class tst_RblabScoreStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void jsonFigures();
    void table();
    void brokenStrategyFails();
    void usageErrors_data();
    void usageErrors();

private:
    std::unique_ptr<QTemporaryDir> m_home;
};

namespace {
const QStringList kSmall { QStringLiteral("--samples"), QStringLiteral("1"),
    QStringLiteral("--max-pairs"), QStringLiteral("100000") };
}

void tst_RblabScoreStrategy::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

void tst_RblabScoreStrategy::jsonFigures()
{
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("score-strategy"), QStringLiteral("AVG"),
                       QStringLiteral("CONSISTENT_HASH:virtualNodeCount=100"),
                       QStringLiteral("BOUNDED_RENDEZVOUS"), QStringLiteral("--json") }
                  + kSmall);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QVERIFY(root.value(QStringLiteral("traces")).toInt() > 100);
    const QJsonArray scores = root.value(QStringLiteral("scores")).toArray();
    QCOMPARE(scores.size(), 3);
    const QJsonObject avg = scores.at(0).toObject();
    const QJsonObject hash = scores.at(1).toObject();
    const QJsonObject br = scores.at(2).toObject();
    QCOMPARE(hash.value(QStringLiteral("strategy")).toString(),
        QStringLiteral("CONSISTENT_HASH:virtualNodeCount=100"));
    // AVG and BOUNDED_RENDEZVOUS balance exactly; the ring does not.
    QCOMPARE(avg.value(QStringLiteral("maxSpread")).toInt(), 1);
    QCOMPARE(br.value(QStringLiteral("maxSpread")).toInt(), 1);
    QVERIFY(hash.value(QStringLiteral("maxSpread")).toInt() > 1);
    QVERIFY(hash.value(QStringLiteral("idleConsumers")).toInt() > 0);
    QCOMPARE(br.value(QStringLiteral("idleConsumers")).toInt(), 0);
    for (const QJsonValue &s : scores) {
        QCOMPARE(s.toObject().value(QStringLiteral("partitionViolations")).toInt(), 0);
    }
    const double brRatio
        = br.value(QStringLiteral("movement")).toObject().value(QStringLiteral("ratio")).toDouble();
    const double avgRatio = avg.value(QStringLiteral("movement"))
                                .toObject()
                                .value(QStringLiteral("ratio"))
                                .toDouble();
    const auto mean = [](const QJsonObject &s) {
        return s.value(QStringLiteral("movement"))
            .toObject()
            .value(QStringLiteral("meanChangeRatio"))
            .toDouble();
    };
    // On these traces (up to 10^5 queues × consumers, seed 1): AVG 1.95× (mean 5.2×),
    // BOUNDED_RENDEZVOUS 1.04× (mean 1.6×).
    QVERIFY2(brRatio >= 1.0 && brRatio <= 1.2, qPrintable(QString::number(brRatio)));
    QVERIFY2(mean(br) <= 2.0, qPrintable(QString::number(mean(br))));
    QVERIFY2(avgRatio > 1.5 * brRatio, qPrintable(QString::number(avgRatio)));
    QVERIFY2(mean(avg) > 2 * mean(br), qPrintable(QString::number(mean(avg))));
    // The same seed gives the same figures; another seed other client ids.
    const RblabProcess::Result again
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("score-strategy"), QStringLiteral("AVG"),
                       QStringLiteral("--json") }
                  + kSmall);
    QCOMPARE(QJsonDocument::fromJson(again.out)
                 .object()
                 .value(QStringLiteral("scores"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("movement")),
        avg.value(QStringLiteral("movement")));
}

void tst_RblabScoreStrategy::table()
{
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("score-strategy"), QStringLiteral("AVG"),
                       QStringLiteral("BOUNDED_RENDEZVOUS") }
                  + kSmall);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QString text = QString::fromUtf8(r.out);
    for (const char *row : { "moves / lower bound, all changes", "largest spread (max − min)",
             "partition (each queue once)" }) {
        QVERIFY2(text.contains(QString::fromUtf8(row)), row);
    }
    QVERIFY(text.contains(QStringLiteral("BOUNDED_RENDEZVOUS")));
}

void tst_RblabScoreStrategy::brokenStrategyFails()
{
    RblabProcess process(m_home->path());
    const RblabProcess::Result r = process.run(
        QStringList { QStringLiteral("score-strategy"), QStringLiteral("FIXTURE_THROWING_ALLOCATE"),
            QStringLiteral("--plugin-dir"),
            QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/throwingallocate") }
        + kSmall);
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.out.contains("first error"), r.out.constData());
}

void tst_RblabScoreStrategy::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no strategy") << QStringList {} << QStringLiteral("name at least one strategy");
    QTest::newRow("unknown") << QStringList { QStringLiteral("NOPE") } << QStringLiteral("NOPE");
    QTest::newRow("bad parameter")
        << QStringList { QStringLiteral("CONSISTENT_HASH:virtualNodeCount=-1") }
        << QStringLiteral("virtualNodeCount");
    QTest::newRow("bad pair") << QStringList { QStringLiteral("AVG:oops") }
                              << QStringLiteral("expected NAME:k=v");
    QTest::newRow("samples") << QStringList { QStringLiteral("AVG"), QStringLiteral("--samples"),
        QStringLiteral("0") } << QStringLiteral("1 … 20");
}

void tst_RblabScoreStrategy::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("score-strategy") } + arguments);
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(tst_RblabScoreStrategy)
#include "tst_rblabscorestrategy.moc"
