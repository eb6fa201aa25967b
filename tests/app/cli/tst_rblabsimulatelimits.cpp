// SPDX-License-Identifier: Apache-2.0
// rblab simulate on large worlds (scenario-format.md, "Limits", "Large runs"): a one-line note
// with the estimate on standard error for a large run, a refusal with the numbers for a run
// whose samples would not fit in memory, and nothing extra for an ordinary one.
#include "rblabprocess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

//! One topic on `brokers` brokers, one group of `consumers`; `groupExtra` and `consumerExtra`
//! are fields added to the group and to each consumer (", \"failureRate\": 0.5").
QByteArray world(int brokers, int queuesPerBroker, int consumers, int produceRate,
    const char *sampleInterval, const char *groupExtra = "", const char *consumerExtra = "")
{
    QByteArray s = "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"large\", "
                   "\"duration\": \"1s\", \"sampleInterval\": \""
        + QByteArray(sampleInterval) + "\", \"brokers\": [";
    QByteArray queues;
    for (int b = 0; b < brokers; ++b) {
        s += (b ? ", \"b" : "\"b") + QByteArray::number(b) + "\"";
        queues += (b ? ", \"b" : "\"b") + QByteArray::number(b)
            + "\": " + QByteArray::number(queuesPerBroker);
    }
    s += "], \"topics\": [{\"name\": \"T\", \"produceRate\": " + QByteArray::number(produceRate)
        + ", \"queues\": {" + queues + "}}], \"groups\": [{\"name\": \"g\", \"topics\": [\"T\"]"
        + groupExtra + ", \"consumers\": [";
    for (int c = 0; c < consumers; ++c) {
        s += (c ? ", {\"id\": \"c" : "{\"id\": \"c") + QByteArray::number(c) + "\"" + consumerExtra
            + "}";
    }
    return s + "]}]}\n";
}

} // namespace

class tst_RblabSimulateLimits : public QObject
{
    Q_OBJECT

private slots:
    void runs_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QString>("until");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrStart"); //!< empty: nothing on standard error
        QTest::addColumn<bool>("reportWritten");

        QTest::newRow("ordinary: silent") << world(2, 4, 3, 1000, "1s") << "5s" << 0 << "" << true;
        // 250,000 messages/s x 60 s x 1.3 us = 19.5 s per virtual minute: worth a note. (The
        // listener takes no time, so its 20 threads take every message.)
        QTest::newRow("large: a note")
            << world(1, 8, 1, 250000, "1s", "", ", \"consumeTime\": \"0ms\"") << "1s" << 0
            << "rblab simulate: note: this world produces 250000 messages per virtual second, "
               "with 1 consumers (1 in the largest group) and 9 queues; expect ~20 s and ~1 MiB "
               "per virtual minute\n"
            << true;
        // The same world with the default 1 ms listener: its 20 threads take 20,000 calls a
        // second, flow control holds the rest (1.6 s per virtual minute estimated, 0.09 s
        // measured): no note.
        QTest::newRow("cannot keep up: silent")
            << world(1, 8, 1, 250000, "1s") << "1s" << 0 << "" << true;
        // A BROADCASTING group's 20 members each consume the 20,000 messages a second: 400,000
        // listener calls, 31.2 s per virtual minute, not the 1.6 s of one consumer per message.
        QTest::newRow("broadcasting: a note for every member's calls")
            << world(1, 8, 20, 20000, "1s", ", \"messageModel\": \"BROADCASTING\"") << "1s" << 0
            << "rblab simulate: note: this world produces 20000 messages per virtual second "
               "(400000 listener calls with broadcasting and retries), with 20 consumers (20 in "
               "the largest group) and 8 queues; expect ~32 s and ~1 MiB per virtual minute\n"
            << true;
        // Half the calls fail: 250,000 messages a second are sent back and kept by the broker for
        // the run (64 bytes each): 9,155 MiB in 10 minutes, where the samples take 2 MiB.
        QTest::newRow("failures: refused for what the retry topics keep")
            << world(1, 8, 1, 250000, "1s", "", ", \"consumeTime\": \"0ms\", \"failureRate\": 0.5")
            << "10m" << 1
            << "rblab simulate: SCENARIO: 9 queues and 1 consumers sampled 60 times per virtual "
               "minute and 249998 messages sent back per virtual second (failureRate) need ~9157 "
               "MiB for 10m of virtual time; the ceiling is 8192 MiB: run less (--until), sample "
               "less often (sampleInterval) or simulate fewer queues or failures\n"
            << false;
        // 8,201 rows (8 %RETRY% queues) x 240 samples x 400 bytes = 751 MiB per virtual minute: 11
        // minutes fit in 8 GiB, an hour does not.
        QTest::newRow("too large: refused")
            << world(8, 1024, 1, 1000, "250ms") << "1h" << 1
            << "rblab simulate: SCENARIO: 8200 queues and 1 consumers sampled 240 times per "
               "virtual minute need ~45049 MiB for 1h of virtual time; the ceiling is 8192 MiB: "
               "run less (--until), sample less often (sampleInterval) or simulate fewer queues\n"
            << false;
    }

    void runs()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QString, until);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrStart);
        QFETCH(bool, reportWritten);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("world.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(scenario);
        file.close();
        const QString report = dir.filePath(QStringLiteral("report.json"));

        const RblabProcess rblab(dir.filePath(QStringLiteral("data")));
        const RblabProcess::Result r
            = rblab.run({ QStringLiteral("simulate"), path, QStringLiteral("--until"), until,
                QStringLiteral("--report"), report, QStringLiteral("--quiet") });
        QVERIFY2(r.finished, qPrintable(r.describe()));
        QCOMPARE(r.exitCode, exitCode);
        QCOMPARE(QString::fromUtf8(r.err),
            QString(stderrStart).replace(QStringLiteral("SCENARIO"), path));
        QCOMPARE(QFile::exists(report), reportWritten);
    }
};

QTEST_GUILESS_MAIN(tst_RblabSimulateLimits)
#include "tst_rblabsimulatelimits.moc"
