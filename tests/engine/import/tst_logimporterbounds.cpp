// SPDX-License-Identifier: Apache-2.0
// LogImporter on hostile logs (issue 39): a storm of N clients claiming the same queues, a
// queue double-owned a thousand times, millions of identical result lines, more used lines
// than it keeps. What it reports is bounded and says what it folded; it never aborts.
#include <import/logimporter.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Rblab;

namespace {

//! A 5.3 `client rebalanced result changed` line (RebalanceImpl:330) at `ms` after 12:00.
QByteArray resultLine(qint64 ms, const QByteArray &clientId, int cidAllSize, const QList<int> &ids,
    const QByteArray &strategy = "CONFIG")
{
    QByteArray set;
    for (int id : ids) {
        set += (set.isEmpty() ? "" : ", ")
            + QByteArray("MessageQueue [topic=T, brokerName=b, queueId=") + QByteArray::number(id)
            + "]";
    }
    const QTime time = QTime(12, 0).addMSecs(int(ms));
    return "2024-03-01 " + time.toString(QStringLiteral("HH:mm:ss.zzz")).toLatin1()
        + " INFO  [1001] [RebalanceService] [o.a.r.c.i.c.RebalanceImpl#?:?] - client rebalanced "
          "result changed. allocateMessageQueueStrategyName="
        + strategy + ", group=G, topic=T, clientId=" + clientId + ", mqAllSize=64, cidAllSize="
        + QByteArray::number(cidAllSize) + ", rebalanceResultSize=" + QByteArray::number(ids.size())
        + ", rebalanceResultSet=[" + set + "]\n";
}

QList<int> allQueues()
{
    QList<int> ids;
    for (int q = 0; q < 64; ++q) {
        ids.append(q);
    }
    return ids;
}

QByteArray clientId(int i)
{
    return "10.0." + QByteArray::number(i / 250) + "." + QByteArray::number(i % 250) + "@1#1";
}

LoggedQueue queue(int id)
{
    return { QStringLiteral("T"), QStringLiteral("b"), id };
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class tst_LogImporterBounds : public QObject
{
    Q_OBJECT

private slots:
    void stormIsFolded_data();
    void stormIsFolded();
    void droppedAndTakenBackInOneInstantIsNoChange();
    void mostWindowsAreCounted();
    void repeatedResultsAreMerged();
    void mostUsedLinesIsAnErrorWithThePlace();
    void queueIdPastTheLimitIsSkipped();
};

void tst_LogImporterBounds::stormIsFolded_data()
{
    QTest::addColumn<int>("clients");
    QTest::newRow("12 clients: nothing folded") << 12;
    QTest::newRow("30 clients: listed in part") << 30;
    QTest::newRow("300 clients: folded") << 300;
}

/*
    N clients 10 ms apart, each claiming all 64 queues with its own cidAllSize (a CONFIG
    strategy on a stale view): every join changes every queue's claimants and the views. The
    queue's windows are [10k, 10(k+1)] ms for k = 1 … N−2 (the last client's instant is the logs'
    end), k+1 claimants each. Before: a window per join listing every claimant (N²·Q entries:
    300 clients were 1.8 GB and a 97 MB report, 500 aborted).
*/
void tst_LogImporterBounds::stormIsFolded()
{
    QFETCH(int, clients);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QByteArray log;
    for (int c = 0; c < clients; ++c) {
        log += resultLine(10 * c, clientId(c), c + 1, allQueues());
    }
    QVERIFY(writeFile(path, log));
    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    QCOMPARE(importer.consumerCount(), clients);
    QCOMPARE(importer.timelines().size(), qsizetype(1));
    const ObservedIncident::TopicTimeline &tl = importer.timelines().first();
    QCOMPARE(tl.doubleOwned.size(), qsizetype(64));
    QVERIFY(tl.unowned.isEmpty());

    const int windows = clients - 2;
    const int fold = ObservedIncident::kWindowsBeforeFolding;
    const int listed = ObservedIncident::kListedPerWindow;
    const qsizetype kept = qMin(windows, fold);
    for (const QList<ObservedIncident::Interval> &list : tl.doubleOwned) {
        QCOMPARE(list.size(), kept);
        for (qsizetype k = 0; k < kept; ++k) {
            const ObservedIncident::Interval &iv = list[k];
            QCOMPARE(iv.from, list.first().from + 10 * k);
            const int claimants = int(k) + 2;
            QCOMPARE(iv.consumers.size(), qsizetype(qMin(claimants, listed)));
            QCOMPARE(iv.consumers.first(), QString::fromLatin1(clientId(0)));
            if (k + 1 < kept) {
                QCOMPARE(iv.to - iv.from, qint64(10));
                QCOMPARE(iv.notListed, qMax(0, claimants - listed));
                QCOMPARE(iv.folded, 0);
            }
        }
        const ObservedIncident::Interval &last = list.last();
        QCOMPARE(last.to, list.first().from + 10 * windows);
        QCOMPARE(last.folded, windows - int(kept));
        QCOMPARE(int(last.consumers.size()) + last.notListed, clients - 1);
    }
    QCOMPARE(tl.disagreements.size(), kept);
    QCOMPARE(tl.disagreements.last().folded, windows - int(kept));
    QCOMPARE(int(tl.disagreements.last().consumers.size()) + tl.disagreements.last().notListed,
        clients - 1);

    // The report says so; each queue lists at most `listed` owners and counts the rest.
    const QJsonObject report = QJsonDocument::fromJson(importer.reportJson()).object();
    const QJsonArray queues = report.value(QStringLiteral("queues")).toArray();
    QCOMPARE(queues.size(), 64);
    const QJsonObject q0 = queues.at(0).toObject();
    QCOMPARE(q0.value(QStringLiteral("owners")).toArray().size(), qMin(clients, listed));
    QCOMPARE(q0.value(QStringLiteral("ownersNotListed")).toInt(), qMax(0, clients - listed));
    const QJsonArray doubled = report.value(QStringLiteral("observed"))
                                   .toObject()
                                   .value(QStringLiteral("topics"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("doubleOwned"))
                                   .toArray();
    QCOMPARE(doubled.size(), 64 * int(kept));
    const QJsonObject lastWindow = doubled.at(int(kept) - 1).toObject();
    if (windows > fold) {
        QCOMPARE(lastWindow.value(QStringLiteral("foldedWindows")).toInt(), windows - fold);
        QCOMPARE(lastWindow.value(QStringLiteral("consumersAtMost")).toInt(), clients - 1);
    } else {
        QVERIFY(!lastWindow.contains(QStringLiteral("foldedWindows")));
    }
    QCOMPARE(
        lastWindow.value(QStringLiteral("consumers")).toArray().size(), qMin(clients - 1, listed));
}

/*
    The sweep looks only at what an instant touched and tells a real change from a claim
    dropped and taken back within it: B's empty result and its full one at the same millisecond
    leave A and B's double-owned window whole.
*/
void tst_LogImporterBounds::droppedAndTakenBackInOneInstantIsNoChange()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    const QByteArray a = clientId(1);
    const QByteArray b = clientId(2);
    QVERIFY(writeFile(path,
        resultLine(0, a, 2, { 0, 1 }) + resultLine(100, b, 2, { 1 }) + resultLine(500, b, 2, {})
            + resultLine(500, b, 2, { 1 }) + resultLine(900, b, 2, {})
            + resultLine(1000, a, 2, { 0, 1 }, "AVG")));
    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    const ObservedIncident::TopicTimeline &tl = importer.timelines().first();
    const QList<ObservedIncident::Interval> twice = tl.doubleOwned.value(queue(1));
    QCOMPARE(twice.size(), qsizetype(1));
    QCOMPARE(twice.first().from, importer.timelines().first().doubleOwned.first().first().from);
    QCOMPARE(twice.first().to - twice.first().from, qint64(800));
    QCOMPARE(
        twice.first().consumers, QStringList({ QString::fromLatin1(a), QString::fromLatin1(b) }));
    QVERIFY(tl.doubleOwned.value(queue(0)).isEmpty());
}

/*
    A queue double-owned in 1,100 separate windows (B takes it and gives it back, 10 ms on,
    10 ms off): 1,024 are listed, the rest counted with their time.
*/
void tst_LogImporterBounds::mostWindowsAreCounted()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QByteArray log = resultLine(0, clientId(1), 2, { 0 });
    const int rounds = 1100;
    for (int i = 0; i < rounds; ++i) {
        log += resultLine(20 * i + 10, clientId(2), 2, { 0 });
        log += resultLine(20 * i + 20, clientId(2), 2, {});
    }
    QVERIFY(writeFile(path, log));
    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    const ObservedIncident::TopicTimeline &tl = importer.timelines().first();
    const QList<ObservedIncident::Interval> twice = tl.doubleOwned.value(queue(0));
    QCOMPARE(twice.size(), qsizetype(ObservedIncident::kMostWindows));
    QCOMPARE(twice.last().from,
        qint64(20) * (ObservedIncident::kMostWindows - 1) + 10
            + importer.timelines().first().doubleOwned.first().first().from - 10);
    QCOMPARE(tl.doubleOwnedNotListed.windows, qint64(rounds - ObservedIncident::kMostWindows));
    QCOMPARE(tl.doubleOwnedNotListed.ms, 10 * tl.doubleOwnedNotListed.windows);
    const QJsonObject topic = QJsonDocument::fromJson(importer.reportJson())
                                  .object()
                                  .value(QStringLiteral("observed"))
                                  .toObject()
                                  .value(QStringLiteral("topics"))
                                  .toArray()
                                  .at(0)
                                  .toObject();
    const QJsonObject notListed = topic.value(QStringLiteral("notListed"))
                                      .toObject()
                                      .value(QStringLiteral("doubleOwned"))
                                      .toObject();
    QCOMPARE(notListed.value(QStringLiteral("windows")).toInt(), rounds - 1024);
    QCOMPARE(notListed.value(QStringLiteral("ms")).toInt(), 10 * (rounds - 1024));
}

/*
    RocketMQ logs a result only when it changed; 10 million identical lines (a 13.8 MB gzip)
    were 2 GB and an abort. They are merged into the first: one used line, counted repeats, and
    the client's last line is the last repeat's.
*/
void tst_LogImporterBounds::repeatedResultsAreMerged()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const int repeats = 200'000;
    for (int i = 0; i < repeats; ++i) {
        f.write(resultLine(i / 10, clientId(1), 1, { 0, 1 }));
    }
    f.write(resultLine(30'000, clientId(1), 1, { 0 }));
    f.close();
    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    QCOMPARE(importer.lines(), qint64(repeats + 1));
    QCOMPARE(importer.usedLines(), qint64(2));
    QCOMPARE(importer.repeatedResultLines(), qint64(repeats - 1));
    QCOMPARE(importer.events().size(), qsizetype(2));
    const QList<LogImporter::ObservedConsumer> consumers = importer.observedConsumers();
    QCOMPARE(consumers.size(), qsizetype(1));
    QCOMPARE(consumers.first().last - consumers.first().first, qint64(30'000));
    const QJsonObject observed = QJsonDocument::fromJson(importer.reportJson())
                                     .object()
                                     .value(QStringLiteral("observed"))
                                     .toObject();
    QCOMPARE(observed.value(QStringLiteral("repeatedResultLines")).toInt(), repeats - 1);
    QCOMPARE(observed.value(QStringLiteral("usedLines")).toInt(), 2);

    // A repeat after a restart is kept: the restarted client's first result.
    const QString restart = dir.filePath(QStringLiteral("restart/rocketmq_client.log"));
    QVERIFY(QDir().mkpath(QFileInfo(restart).absolutePath()));
    const QByteArray head = "2024-03-01 12:00:05.000 INFO  [1001] [main] "
                            "[o.a.r.c.i.c.DefaultMQPushConsumerImpl#?:?] - ";
    QVERIFY(writeFile(restart,
        resultLine(0, clientId(1), 1, { 0 }) + head + "the consumer [G] shutdown OK\n" + head
            + "the consumer [G] start OK.\n" + resultLine(6000, clientId(1), 1, { 0 })));
    LogImporter again({});
    QVERIFY2(again.addFile(restart), qPrintable(again.error()));
    again.finish();
    QCOMPARE(again.repeatedResultLines(), qint64(0));
    QCOMPARE(again.usedLines(), qint64(4));
}

//! Past the most used lines kept: an error naming the file and the line reached, no abort.
void tst_LogImporterBounds::mostUsedLinesIsAnErrorWithThePlace()
{
    QCOMPARE(LogReader::kMostUsedLines, qint64(2'000'000));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QByteArray log = "not a log line\n";
    for (int i = 0; i < 40; ++i) {
        log += resultLine(i, clientId(1), 1, { i % 2 });
    }
    QVERIFY(writeFile(path, log));
    LogImporter::Options options;
    options.mostUsedLines = 25;
    LogImporter importer(options);
    QVERIFY(!importer.addFile(path));
    QVERIFY2(importer.error().startsWith(path + QStringLiteral(":27: more than 25 used lines")),
        qPrintable(importer.error()));
}

/*
    Each queue id up to the highest seen is a queue of the report and the replay: a line with
    queueId=4100000 (found by fuzz_importlogs) made four million. Past ScenarioLimits'
    1,024 queues per broker the line is skipped with a warning naming it.
*/
void tst_LogImporterBounds::queueIdPastTheLimitIsSkipped()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
    QVERIFY(writeFile(path,
        resultLine(0, clientId(1), 1, { 0, 1023 }) + resultLine(10, clientId(1), 1, { 0, 4100000 })
            + resultLine(20, clientId(1), 1, { 1024 })));
    LogImporter importer({});
    QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
    importer.finish();
    QCOMPARE(importer.usedLines(), qint64(1));
    QCOMPARE(importer.warnings().size(), qsizetype(2));
    QCOMPARE(importer.warnings().at(0).line, qint64(2));
    QCOMPARE(importer.warnings().at(0).text,
        QStringLiteral(
            "queueId=4100000 is past the 1024 queues a broker has at most here; skipped"));
    QCOMPARE(importer.warnings().at(1).line, qint64(3));
    const QJsonArray queues = QJsonDocument::fromJson(importer.reportJson())
                                  .object()
                                  .value(QStringLiteral("queues"))
                                  .toArray();
    QCOMPARE(queues.size(), 1024);
}

QTEST_GUILESS_MAIN(tst_LogImporterBounds)
#include "tst_logimporterbounds.moc"
