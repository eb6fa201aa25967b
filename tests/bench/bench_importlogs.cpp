// SPDX-License-Identifier: Apache-2.0
// import.logs_1g: `rblab import-logs`' engine on 1 GiB of 5.3 client logs from the page cache;
// import.logs_rebalance_results: on 12 h of 20 clients' rebalance results (every line used).
// import.logs_storm_*: on N clients 10 ms apart claiming the same 64 queues (issue 39).
#include "rebalanceresultslog.h"
#include "benchresults.h"

#include <import/logimporter.h>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTime>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Rblab;

/*!
    Writes 1 GiB of rmq.client.logback.xml:42 lines, mostly the periodic
    `[persistAll] Group: … updateConsumeOffsetToBroker …` lines (RemoteBrokerOffsetStore:135)
    that fill real files, with one `client rebalanced result changed` (RebalanceImpl:330) and one
    flow-control warning (DefaultMQPushConsumerImpl:276) per 10,000 lines; reads it once so it is
    in the page cache, then imports it. Target ≤ 10 s; memory must not grow with the file (the
    importer keeps only the sparse lines).
*/
class tst_BenchImportLogs : public QObject
{
    Q_OBJECT

private slots:
    void clientStorm();

    void oneGigabyte()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const qint64 target = qint64(1) << 30;
        qint64 written = 0;
        qint64 lines = 0;
        int results = 0;
        int flows = 0;
        QByteArray block;
        while (written < target) {
            block.clear();
            for (int i = 0; i < 10000; ++i, ++lines) {
                const qint64 ms = lines * 5; // 200 lines a second
                const QByteArray stamp = QStringLiteral("2024-03-01 %1:%2:%3.%4")
                                             .arg(12 + ms / 3'600'000 % 12, 2, 10, QLatin1Char('0'))
                                             .arg(ms / 60'000 % 60, 2, 10, QLatin1Char('0'))
                                             .arg(ms / 1000 % 60, 2, 10, QLatin1Char('0'))
                                             .arg(ms % 1000, 3, 10, QLatin1Char('0'))
                                             .toLatin1();
                if (i == 0) {
                    const bool even = results % 2 == 0;
                    block += stamp
                        + " INFO  [1001] [RebalanceService] [o.a.r.c.i.c.RebalanceImpl#?:?] - "
                          "client rebalanced result changed. allocateMessageQueueStrategyName=AVG, "
                          "group=GID_ORDER, topic=TopicOrder, clientId=10.0.0.1@1001#1, "
                          "mqAllSize=2, cidAllSize=1, rebalanceResultSize="
                        + (even ? "2" : "1")
                        + ", rebalanceResultSet=[MessageQueue [topic=TopicOrder, "
                          "brokerName=broker-a, queueId=0]"
                        + (even ? ", MessageQueue [topic=TopicOrder, brokerName=broker-a, "
                                  "queueId=1]]\n"
                                : "]\n");
                    ++results;
                } else if (i == 5000) {
                    block += stamp
                        + " WARN  [1001] [PullMessageService] "
                          "[o.a.r.c.i.c.DefaultMQPushConsumerImpl#?:?] - the cached message count "
                          "exceeds the threshold 1000, so do flow control, minOffset=1, "
                          "maxOffset=1001, count=1001, size=1 MiB, pullRequest=PullRequest "
                          "[consumerGroup=GID_ORDER, messageQueue=MessageQueue [topic=TopicOrder, "
                          "brokerName=broker-a, queueId=0], nextOffset=1002], flowControlTimes="
                        + QByteArray::number(flows * 1000 + 1) + "\n";
                    ++flows;
                } else {
                    block += stamp
                        + " INFO  [1001] [MQClientFactoryScheduledThread] "
                          "[o.a.r.c.c.s.RemoteBrokerOffsetStore#?:?] - [persistAll] Group: "
                          "GID_ORDER ClientId: 10.0.0.1@1001#1 updateConsumeOffsetToBroker "
                          "MessageQueue [topic=TopicOrder, brokerName=broker-a, queueId="
                        + QByteArray::number(i % 2) + "] " + QByteArray::number(lines) + "\n";
                }
            }
            QCOMPARE(file.write(block), block.size());
            written += block.size();
        }
        file.close();
        { // into the page cache
            QFile warm(path);
            QVERIFY(warm.open(QIODevice::ReadOnly));
            while (!warm.read(1 << 20).isEmpty()) { }
        }

        rusage before {};
        getrusage(RUSAGE_SELF, &before);
        QElapsedTimer timer;
        timer.start();
        LogImporter importer({});
        QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
        importer.finish();
        const QByteArray report = importer.reportJson();
        const double wall = double(timer.nsecsElapsed()) / 1e9;
        rusage after {};
        getrusage(RUSAGE_SELF, &after);

        QCOMPARE(importer.lines(), lines);
        QCOMPARE(importer.usedLines(), qint64(results + flows));
        QCOMPARE(importer.unknownLines(), lines - results - flows);
        QVERIFY(report.contains("\"loggedLines\": "));
        // Sparse: the importer's memory is the read buffer and the kept lines, not the file.
        const double growthMiB = double(after.ru_maxrss - before.ru_maxrss) / 1024.0;
        QVERIFY2(growthMiB < 64, qPrintable(QString::number(growthMiB)));

        BenchResults::record(QStringLiteral("import.logs_1g"), wall, QStringLiteral("s"),
            QStringLiteral("target ≤ 10 s from the page cache"));
        BenchResults::record(QStringLiteral("import.logs_1g.mib_per_s"),
            double(written) / 1048576.0 / wall, QStringLiteral("MiB/s"));
        BenchResults::record(
            QStringLiteral("import.logs_1g.rss_growth"), growthMiB, QStringLiteral("MiB"));
    }

    /*!
        A log where every line is used: 15,480 rounds of 20 clients' `client rebalanced result
        changed` lines (309,600 lines, 12 h, 126 MiB; tests/support/rebalanceresultslog.h). The
        importer keeps a fixed-size record a line and each queue list once, and writes the
        report's events one at a time: memory grows with the lines' count, not their queue
        lists (before: 2.3 GB for this file, 27 s).
    */
    void rebalanceResults()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("rocketmq_client.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const qint64 lines = TestSupport::writeRebalanceResultsLog(&file, 15'480);
        QCOMPARE(lines, qint64(309'600));
        const qint64 bytes = file.size();
        file.close();

        rusage before {};
        getrusage(RUSAGE_SELF, &before);
        QElapsedTimer timer;
        timer.start();
        qsizetype reportBytes = 0;
        {
            LogImporter importer({});
            QVERIFY2(importer.addFile(path), qPrintable(importer.error()));
            importer.finish();
            reportBytes = importer.reportJson().size();
            QCOMPARE(importer.usedLines(), lines);
            QCOMPARE(qint64(importer.events().size()), lines);
            QCOMPARE(importer.queueListBlocks(), qsizetype(80));
        }
        const double wall = double(timer.nsecsElapsed()) / 1e9;
        rusage after {};
        getrusage(RUSAGE_SELF, &after);
        const double growthMiB = double(after.ru_maxrss - before.ru_maxrss) / 1024.0;
        qInfo("%lld lines, %.0f MiB of log, %.0f MiB of report: %.1f s, +%.0f MiB", lines,
            double(bytes) / 1048576.0, double(reportBytes) / 1048576.0, wall, growthMiB);
        // The report alone is ~90 MiB; what the importer keeps is ~1 KiB a line.
        QVERIFY2(growthMiB < 512, qPrintable(QString::number(growthMiB)));

        BenchResults::record(QStringLiteral("import.logs_rebalance_results"), wall,
            QStringLiteral("s"), QStringLiteral("309,600 result lines, 20 clients, 12 h"));
        BenchResults::record(QStringLiteral("import.logs_rebalance_results.rss"), growthMiB,
            QStringLiteral("MiB"), QStringLiteral("peak growth; before: 2.3 GB"));
    }
};

namespace {

//! N clients 10 ms apart, each logging one result that claims all 64 queues of topic T with
//! its own cidAllSize: a CONFIG strategy on a stale view, every join a new claimant per queue.
void writeStorm(QFile *file, int clients)
{
    QByteArray set;
    for (int q = 0; q < 64; ++q) {
        set += (q ? ", " : "") + QByteArray("MessageQueue [topic=T, brokerName=broker-a, queueId=")
            + QByteArray::number(q) + "]";
    }
    for (int c = 0; c < clients; ++c) {
        const QTime t = QTime(12, 0).addMSecs(10 * c);
        file->write("2024-03-01 " + t.toString(QStringLiteral("HH:mm:ss.zzz")).toLatin1()
            + " INFO  [1001] [RebalanceService] [o.a.r.c.i.c.RebalanceImpl#?:?] - client "
              "rebalanced result changed. allocateMessageQueueStrategyName=CONFIG, group=G, "
              "topic=T, clientId=10.0."
            + QByteArray::number(c / 250) + "." + QByteArray::number(c % 250)
            + "@1#1, mqAllSize=64, cidAllSize=" + QByteArray::number(c + 1)
            + ", rebalanceResultSize=64, rebalanceResultSet=[" + set + "]\n");
    }
}

struct ChildRun
{
    bool ok = false;
    double seconds = 0;
    double peakMiB = 0;
};

//! Imports `path` in a child process and writes the report to `report`: the child's own peak
//! (wait4's ru_maxrss), which getrusage in this process could not tell apart run by run.
ChildRun importInChild(const QString &path, const QString &report)
{
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = fork();
    if (pid == 0) {
        LogImporter importer({});
        bool ok = importer.addFile(path);
        if (ok) {
            importer.finish();
            QFile out(report);
            ok = out.open(QIODevice::WriteOnly) && importer.writeReport(out);
        }
        _exit(ok ? 0 : 1);
    }
    ChildRun run;
    int status = 0;
    rusage usage {};
    if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
        run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        run.seconds = double(timer.nsecsElapsed()) / 1e9;
        run.peakMiB = double(usage.ru_maxrss) / 1024.0;
    }
    return run;
}

} // namespace

/*!
    The client storm of issue 39 at 100, 1,000 and 10,000 clients. Before, the report listed
    every claimant of every window (N²·Q entries): 300 clients took 1.8 GB, 500 aborted with
    std::bad_alloc. Each run is a child process, so each peak is its own. What stays is a few
    KiB a client (its line, its events, its consumer), less than the log's own size.
*/
void tst_BenchImportLogs::clientStorm()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QList<ChildRun> runs;
    const QList<int> sizes { 100, 1000, 10000 };
    for (int clients : sizes) {
        const QString path = dir.filePath(QStringLiteral("storm%1.log").arg(clients));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        writeStorm(&file, clients);
        const double logMiB = double(file.size()) / 1048576.0;
        file.close();
        const QString report = dir.filePath(QStringLiteral("storm%1.json").arg(clients));
        const ChildRun run = importInChild(path, report);
        QVERIFY2(run.ok, qPrintable(QStringLiteral("%1 clients").arg(clients)));
        const double reportMiB = double(QFileInfo(report).size()) / 1048576.0;
        qInfo("%d clients: %.1f MiB of log, %.1f MiB of report, %.2f s, peak %.1f MiB", clients,
            logMiB, reportMiB, run.seconds, run.peakMiB);
        BenchResults::record(QStringLiteral("import.logs_storm_%1.peak_rss").arg(clients),
            run.peakMiB, QStringLiteral("MiB"),
            QStringLiteral("%1 clients claiming 64 queues, 10 ms apart; before: 300 clients "
                           "1.8 GB, 500 aborted")
                .arg(clients));
        BenchResults::record(
            QStringLiteral("import.logs_storm_%1").arg(clients), run.seconds, QStringLiteral("s"));
        runs.append(run);
    }
    // Flat against N²: 100 times the clients adds less than 8 KiB a client.
    const double perClientKiB
        = (runs.last().peakMiB - runs.first().peakMiB) * 1024.0 / (sizes.last() - sizes.first());
    BenchResults::record(QStringLiteral("import.logs_storm.kib_per_client"), perClientKiB,
        QStringLiteral("KiB"), QStringLiteral("peak growth from 100 to 10,000 clients"));
    QVERIFY2(perClientKiB < 8, qPrintable(QString::number(perClientKiB)));
}

QTEST_GUILESS_MAIN(tst_BenchImportLogs)
#include "bench_importlogs.moc"
