// SPDX-License-Identifier: Apache-2.0
// LogImporter on logs made only of rebalance results: what it keeps does not grow with each
// line's queue list (one copy of each allocation), and the report keeps its layout.
#include "rebalanceresultslog.h"

#include <import/logimporter.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Rblab;

class tst_LogImporterMemory : public QObject
{
    Q_OBJECT

private slots:
    void queueListsAreKeptOnce_data();
    void queueListsAreKeptOnce();
    void manyEventsAreWrittenAsFewAre();
};

void tst_LogImporterMemory::queueListsAreKeptOnce_data()
{
    QTest::addColumn<int>("rounds");
    QTest::addColumn<int>("clients");
    QTest::addColumn<qsizetype>("blocks");
    // 20 clients of 40 queues: each share (2 queues) takes 40 forms, each round's added and
    // removed queue (1 each) 40 more; 10 clients: 4 queues a share, 40 forms; 40 single queues.
    QTest::newRow("20 clients, 50 rounds") << 50 << 20 << qsizetype(80);
    QTest::newRow("20 clients, 500 rounds") << 500 << 20 << qsizetype(80);
    QTest::newRow("10 clients, 500 rounds") << 500 << 10 << qsizetype(80);
}

void tst_LogImporterMemory::queueListsAreKeptOnce()
{
    QFETCH(int, rounds);
    QFETCH(int, clients);
    QFETCH(qsizetype, blocks);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const qint64 lines = TestSupport::writeRebalanceResultsLog(&file, rounds, clients);
    QCOMPARE(lines, qint64(rounds) * clients);
    file.close();

    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    QCOMPARE(importer.usedLines(), lines);
    QCOMPARE(importer.consumerCount(), clients);
    QCOMPARE(qint64(importer.events().size()), lines);
    QCOMPARE(qint64(importer.claimChanges().size()), lines);
    // Every kept line, claim change and event refers to one of a few lists: the structure
    // grows by the fixed size of a line, not by its queue list.
    QCOMPARE(importer.queueListBlocks(), blocks);
    // A round turns every share by one queue: each event adds one queue and removes one.
    const LogImporter::Event &last = importer.events().last();
    QCOMPARE(last.added.size(), qsizetype(1));
    QCOMPARE(last.removed.size(), qsizetype(1));
    QCOMPARE(importer.timelines().size(), qsizetype(1));
    QVERIFY(importer.timelines().first().doubleOwned.isEmpty());
    QVERIFY(importer.timelines().first().unowned.isEmpty());
}

// Past 16 events the report's "events" are written one at a time: the bytes must be what the
// tree of them gives (the layout of a few events, item by item).
void tst_LogImporterMemory::manyEventsAreWrittenAsFewAre()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray reports[2];
    const int rounds[2] = { 1, 40 }; // 10 events (a tree), 400 (streamed)
    for (int i = 0; i < 2; ++i) {
        const QString path = dir.filePath(QStringLiteral("%1/rocketmq_client.log").arg(i));
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(
            TestSupport::writeRebalanceResultsLog(&file, rounds[i], 10), qint64(rounds[i]) * 10);
        file.close();
        LogImporter importer({});
        QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
        importer.finish();
        reports[i] = importer.reportJson();
        QJsonParseError error;
        const QJsonObject report = QJsonDocument::fromJson(reports[i], &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(
            report.value(QStringLiteral("events")).toArray().size(), qsizetype(rounds[i]) * 10);
        QVERIFY(reports[i].endsWith("\n    }\n  ]\n}\n"));
    }
    // The first round's events are the same in both: the streamed report starts its "events"
    // with the bytes of the tree-written one's.
    const qsizetype from = reports[0].indexOf("  \"events\": [\n");
    QVERIFY(from > 0);
    const QByteArray few
        = reports[0].mid(from, reports[0].size() - from - 7); // without "\n  ]\n}\n"
    QVERIFY(few.size() > 1000);
    QVERIFY(reports[1].indexOf(few) > 0);
    QCOMPARE(reports[1].mid(reports[1].indexOf("  \"events\": [\n"), few.size()), few);
}

QTEST_GUILESS_MAIN(tst_LogImporterMemory)
#include "tst_logimportermemory.moc"
