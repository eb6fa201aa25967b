// SPDX-License-Identifier: Apache-2.0
// The mqadmin parsers and importer (engine/src/import/mqadminimporter.h) on fixtures written
// from RocketMQ's printf formats by tests/data/importmqadmin/make_fixtures.py (its README cites
// ConsumerConnectionSubCommand and ConsumerProgressSubCommand, 4.9.x and develop, line by line).
#include <import/mqadminimporter.h>

#include <QFile>
#include <QTest>

using namespace Rblab;

namespace {

QString fixture(const QString &relative)
{
    QFile file(QStringLiteral(RBLAB_TEST_DATA_DIR "/importmqadmin/") + relative);
    if (!file.open(QIODevice::ReadOnly)) {
        qFatal("cannot open fixture %s", qPrintable(relative));
    }
    return QString::fromUtf8(file.readAll());
}

QStringList texts(const QList<MqadminDiagnostic> &diagnostics)
{
    QStringList out;
    for (const MqadminDiagnostic &d : diagnostics) {
        out.append(d.toString());
    }
    return out;
}

QString holdsOf(const Scenario &s, int consumer)
{
    return s.groups[0].consumers[consumer].holds.join(QLatin1Char(' '));
}

} // namespace

class tst_MqadminParser : public QObject
{
    Q_OBJECT

private slots:
    void connection_data();
    void connection();
    void progress_data();
    void progress();
    void malformedConnection();
    void malformedProgress();
    void hostileNumbers();
    void limitsAreCheckedBeforeBuilding_data();
    void limitsAreCheckedBeforeBuilding();
    void pasteOfBoth();
    void importV49();
    void importV5Orphans();
    void progressWithoutClientIp();
    void anonymize();
    void rebasedAboveTheCeiling();
    void nothingToImport_data();
    void nothingToImport();
};

void tst_MqadminParser::connection_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("clientIds");
    QTest::addColumn<QStringList>("addresses");
    QTest::addColumn<QString>("version");
    QTest::addColumn<qint64>("firstLine");
    QTest::newRow("4.9") << QStringLiteral("v49/connection.txt")
                         << QStringList { QStringLiteral("10.0.1.11@4801"),
                                QStringLiteral("10.0.1.12@5120"), QStringLiteral("10.0.1.13@6022") }
                         << QStringList { QStringLiteral("10.0.1.11:50122"),
                                QStringLiteral("10.0.1.12:41870"),
                                QStringLiteral("10.0.1.13:38514") }
                         << QStringLiteral("V4_9_4") << qint64(2);
    // Before 4.9.3: "%03d  " rows without a header, the first subscription on the
    // "Below is subscription:" line, "%03d  Topic: %-40s SubExpression: %s".
    QTest::newRow("4.8") << QStringLiteral("v48/connection.txt")
                         << QStringList { QStringLiteral("10.0.1.11@4801"),
                                QStringLiteral("10.0.1.12@5120"), QStringLiteral("10.0.1.13@6022") }
                         << QStringList { QStringLiteral("10.0.1.11:50122"),
                                QStringLiteral("10.0.1.12:41870"),
                                QStringLiteral("10.0.1.13:38514") }
                         << QStringLiteral("V4_8_0") << qint64(1);
    QTest::newRow("5.x (pid#nanoTime instance names)")
        << QStringLiteral("v5/connection.txt")
        << QStringList { QStringLiteral("10.0.2.21@7301#1710745123456789"),
               QStringLiteral("10.0.2.22@7442#1710745234567890") }
        << QStringList { QStringLiteral("10.0.2.21:60314"), QStringLiteral("10.0.2.22:60990") }
        << QStringLiteral("V5_1_4") << qint64(2);
}

void tst_MqadminParser::connection()
{
    QFETCH(QString, file);
    QFETCH(QStringList, clientIds);
    QFETCH(QStringList, addresses);
    QFETCH(QString, version);
    QFETCH(qint64, firstLine);
    QList<MqadminDiagnostic> diagnostics;
    const MqadminConnectionOutput out = parseMqadminConnection(fixture(file), file, &diagnostics);
    QVERIFY2(diagnostics.isEmpty(), qPrintable(texts(diagnostics).join(QLatin1Char('\n'))));
    QStringList ids;
    QStringList addrs;
    for (const MqadminConnection &c : out.connections) {
        ids.append(c.clientId);
        addrs.append(c.clientAddr);
        QCOMPARE(c.language, QStringLiteral("JAVA"));
        QCOMPARE(c.version, version);
    }
    QCOMPARE(ids, clientIds);
    QCOMPARE(addrs, addresses);
    QCOMPARE(out.connections.first().line, firstLine);
    QCOMPARE(out.subscriptions.size(), 2);
    QCOMPARE(out.subscriptions[0].topic, QStringLiteral("%RETRY%GID_ORDER"));
    QCOMPARE(out.subscriptions[1].topic, QStringLiteral("TopicOrder"));
    QCOMPARE(out.subscriptions[1].expression, QStringLiteral("*"));
    QCOMPARE(out.consumeType, QStringLiteral("CONSUME_PASSIVELY"));
    QCOMPARE(out.messageModel, QStringLiteral("CLUSTERING"));
    QCOMPARE(out.consumeFromWhere, QStringLiteral("CONSUME_FROM_LAST_OFFSET"));
    QCOMPARE(out.unknownLines, qint64(0));
}

void tst_MqadminParser::progress_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("layout");
    QTest::addColumn<QString>("row4"); // the 4th queue row: broker/id bo co ip diff inflight time
    QTest::addColumn<qint64>("diffTotal");
    QTest::addColumn<qint64>("inflightTotal"); // -1: not printed
    QTest::addColumn<double>("tps");
    QTest::newRow("4.9, -s true") << QStringLiteral("v49/progress.txt")
                                  << int(MqadminProgressLayout::V49ClientIp)
                                  << QStringLiteral("TopicOrder broker-a/1 121000 120950 "
                                                    "10.0.1.11 50 - 2024-03-18 10:42:11")
                                  << qint64(440) << qint64(-1) << 812.5;
    QTest::newRow("4.9") << QStringLiteral("v49/progress-noip.txt")
                         << int(MqadminProgressLayout::V49)
                         << QStringLiteral("TopicOrder broker-a/1 121000 120950  50 - "
                                           "2024-03-18 10:42:11")
                         << qint64(440) << qint64(-1) << 812.5;
    QTest::newRow("5.x, -s true") << QStringLiteral("v5/progress.txt")
                                  << int(MqadminProgressLayout::V5ClientIp)
                                  << QStringLiteral("TopicOrder broker-a/1 250700 250635 "
                                                    "10.0.2.21 65 32 2024-03-18 10:42:21")
                                  << qint64(18895) << qint64(192) << 640.25;
    QTest::newRow("5.x") << QStringLiteral("v5/progress-noip.txt") << int(MqadminProgressLayout::V5)
                         << QStringLiteral("TopicOrder broker-a/1 250700 250635  65 32 "
                                           "2024-03-18 10:42:21")
                         << qint64(18895) << qint64(192) << 640.25;
}

void tst_MqadminParser::progress()
{
    QFETCH(QString, file);
    QFETCH(int, layout);
    QFETCH(QString, row4);
    QFETCH(qint64, diffTotal);
    QFETCH(qint64, inflightTotal);
    QFETCH(double, tps);
    QList<MqadminDiagnostic> diagnostics;
    const MqadminProgressOutput out = parseMqadminProgress(fixture(file), file, &diagnostics);
    QVERIFY2(diagnostics.isEmpty(), qPrintable(texts(diagnostics).join(QLatin1Char('\n'))));
    QCOMPARE(int(out.layout), layout);
    QCOMPARE(out.rows.size(), 10);
    QCOMPARE(out.rows[0].topic, QStringLiteral("%RETRY%GID_ORDER"));
    QCOMPARE(out.rows[1].lastTime, QStringLiteral("N/A"));
    const MqadminQueueRow &r = out.rows[3];
    QCOMPARE(QStringLiteral("%1 %2/%3 %4 %5 %6 %7 %8 %9")
                 .arg(r.topic, r.broker)
                 .arg(r.queueId)
                 .arg(r.brokerOffset)
                 .arg(r.consumerOffset)
                 .arg(r.clientIp)
                 .arg(r.diff)
                 .arg(r.inflight ? QString::number(*r.inflight) : QStringLiteral("-"), r.lastTime),
        row4);
    QCOMPARE(r.line, qint64(5));
    QCOMPARE(out.diffTotal.value_or(-1), diffTotal);
    QCOMPARE(out.inflightTotal.value_or(-1), inflightTotal);
    QCOMPARE(out.consumeTps.value_or(-1), tps);
    QCOMPARE(out.unknownLines, qint64(0));
}

void tst_MqadminParser::malformedConnection()
{
    QList<MqadminDiagnostic> diagnostics;
    const MqadminConnectionOutput out = parseMqadminConnection(
        fixture(QStringLiteral("malformed/connection.txt")), QStringLiteral("c.txt"), &diagnostics);
    QCOMPARE(texts(diagnostics),
        (QStringList {
            QStringLiteral("c.txt:3: warning: #ClientId: \"10.0.1.14\", expected ip@instanceName"),
            QStringLiteral("c.txt:4: warning: #ClientAddr: \"10.0.1.15\", expected host:port"),
            QStringLiteral("c.txt:5: warning: #ClientId: 3 columns, expected 4: #ClientId "
                           "#ClientAddr #Language #Version"),
            QStringLiteral("c.txt:15: warning: MessageModel: \"CLUSTER\", expected one of "
                           "CLUSTERING, BROADCASTING"),
        }));
    QCOMPARE(out.connections.size(), 3); // the three good rows are kept
    QCOMPARE(out.unknownLines, qint64(4));
    QCOMPARE(out.messageModel, QString());
}

void tst_MqadminParser::malformedProgress()
{
    QList<MqadminDiagnostic> diagnostics;
    const MqadminProgressOutput out = parseMqadminProgress(
        fixture(QStringLiteral("malformed/progress.txt")), QStringLiteral("p.txt"), &diagnostics);
    QCOMPARE(texts(diagnostics),
        (QStringList {
            QStringLiteral("p.txt:4: warning: #QID: \"x\", expected a queue id (0 or more)"),
            QStringLiteral("p.txt:6: warning: #Client IP: missing: the row has 5 columns, "
                           "expected 7 up to #Diff, then #LastTime"),
            QStringLiteral("p.txt: warning: Diff Total: 440, but the rows read add up to 340: "
                           "rows are missing or were skipped"),
        }));
    QCOMPARE(out.rows.size(), 8);
    // The bad rows and the stack trace line (no #Broker Offset in its fourth column).
    QCOMPARE(out.unknownLines, qint64(3));
    QCOMPARE(out.unknownAt, (QList<qint64> { 4, 6, 8 }));
}

void tst_MqadminParser::hostileNumbers()
{
    // Issue 39: four rows of #Broker Offset = #Diff = 9·10¹⁸ summed past 2⁶³ ("add up to
    // -893488147419103232", undefined behaviour), and offsets that are numbers but not 64-bit
    // integers were lines of no known kind instead of a warning on their field.
    const QString head = QStringLiteral(
        "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime\n");
    QString text = head;
    for (int q = 0; q < 4; ++q) {
        text
            += QStringLiteral("T  broker-a  %1  9000000000000000000  0  9000000000000000000  N/A\n")
                   .arg(q);
    }
    text += QStringLiteral("T  broker-a  4  9223372036854775808  0  1  N/A\n"
                           "T  broker-a  5  1e18  0  1  N/A\n"
                           "T  broker-a  6  0x10  0  1  N/A\n"
                           "T  broker-a  7  9223372036854775807  -1  1  N/A\n"
                           "\nDiff Total: 36000000000000000000\n");
    QList<MqadminDiagnostic> diagnostics;
    MqadminProgressOutput out = parseMqadminProgress(text, QStringLiteral("p.txt"), &diagnostics);
    const QString integer = QStringLiteral("expected an integer of 0 or more");
    QCOMPARE(texts(diagnostics),
        (QStringList {
            QStringLiteral("p.txt:6: warning: #Broker Offset: \"9223372036854775808\", ") + integer,
            QStringLiteral("p.txt:7: warning: #Broker Offset: \"1e18\", ") + integer,
            QStringLiteral("p.txt:8: warning: #Broker Offset: \"0x10\", ") + integer,
            QStringLiteral("p.txt:11: warning: Diff Total: \"36000000000000000000\", expected a "
                           "number"),
        }));
    QCOMPARE(out.rows.size(), 5); // the four big ones and 2⁶³ − 1 with no committed offset
    QCOMPARE(out.unknownLines, qint64(3)); // the three refused rows, each with its warning
    QVERIFY(!out.diffTotal); // 3.6·10¹⁹ is not a 64-bit total: not read as one

    // A total that fits, against rows whose sum does not: said, not wrapped.
    text = head;
    for (int q = 0; q < 4; ++q) {
        text
            += QStringLiteral("T  broker-a  %1  9000000000000000000  0  9000000000000000000  N/A\n")
                   .arg(q);
    }
    text += QStringLiteral("\nDiff Total: 9000000000000000000\n");
    diagnostics.clear();
    out = parseMqadminProgress(text, QStringLiteral("p.txt"), &diagnostics);
    QCOMPARE(texts(diagnostics),
        (QStringList { QStringLiteral(
            "p.txt: warning: Diff Total: 9000000000000000000, but the rows read add up to more "
            "than a 64-bit number holds (9223372036854775807): their #Diff values cannot be a "
            "real backlog") }));
    QCOMPARE(out.rows.size(), 4);
}

void tst_MqadminParser::pasteOfBoth()
{
    MqadminImportOptions options;
    options.connectionName = QStringLiteral("both.txt");
    const MqadminImport result
        = importMqadmin(fixture(QStringLiteral("paste/both.txt")), QString(), options);
    QVERIFY2(result.ok, qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    QVERIFY2(result.diagnostics.isEmpty(),
        qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    QCOMPARE(result.connection.connections.size(), 3);
    QCOMPARE(result.progress.rows.size(), 10); // CRLF lines of the progress half
    QCOMPARE(result.progress.layout, MqadminProgressLayout::V49ClientIp);
    // The two prompts and the JVM warning, counted once though both parsers read the text.
    QCOMPARE(result.unknownLines, qint64(3));
}

void tst_MqadminParser::importV49()
{
    const MqadminImport result = importMqadmin(fixture(QStringLiteral("v49/connection.txt")),
        fixture(QStringLiteral("v49/progress.txt")), MqadminImportOptions());
    QVERIFY2(result.ok, qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    QVERIFY(result.diagnostics.isEmpty());
    const Scenario &s = result.scenario;
    QCOMPARE(s.name, QStringLiteral("GID_ORDER after mqadmin"));
    QCOMPARE(s.profile, Profile::V49);
    QCOMPARE(s.brokers, (QStringList { QStringLiteral("broker-a"), QStringLiteral("broker-b") }));
    QCOMPARE(s.topics.size(), 1);
    QCOMPARE(s.topics[0].name, QStringLiteral("TopicOrder"));
    QCOMPARE(s.topics[0].queueCount(QStringLiteral("broker-a")), 4);
    QCOMPARE(s.topics[0].queueCount(QStringLiteral("broker-b")), 4);
    QCOMPARE(s.topics[0].storedPerQueue.size(), 8);
    QCOMPARE(s.topics[0].storedPerQueue[5],
        (QPair<QString, qint64>(QStringLiteral("broker-b/1"), 121500)));
    QCOMPARE(result.skippedTopics, QStringList { QStringLiteral("%RETRY%GID_ORDER") });
    const GroupSpec &g = s.groups[0];
    QCOMPARE(g.name, QStringLiteral("GID_ORDER"));
    QCOMPARE(g.strategy, QStringLiteral("AVG"));
    QCOMPARE(g.topics, QStringList { QStringLiteral("TopicOrder") });
    QCOMPARE(g.offsets.size(), 8);
    QCOMPARE(
        g.offsets[5], (QPair<QString, qint64>(QStringLiteral("TopicOrder/broker-b/1"), 121450)));
    QCOMPARE(g.consumers.size(), 3);
    QCOMPARE(g.consumers[0].id, QStringLiteral("10.0.1.11@4801"));
    // The group's retry queues too, as the rows show them (%RETRY% sorts first).
    QCOMPARE(holdsOf(s, 0),
        QStringLiteral("%RETRY%GID_ORDER/broker-a/0 TopicOrder/broker-a/0 TopicOrder/broker-a/1 "
                       "TopicOrder/broker-a/2"));
    QCOMPARE(holdsOf(s, 1),
        QStringLiteral("%RETRY%GID_ORDER/broker-b/0 TopicOrder/broker-a/3 TopicOrder/broker-b/0 "
                       "TopicOrder/broker-b/1"));
    QCOMPARE(holdsOf(s, 2), QStringLiteral("TopicOrder/broker-b/2 TopicOrder/broker-b/3"));
    QCOMPARE(result.assignedQueues, 8);
    QVERIFY(s.description.value(QStringLiteral("en")).contains(QLatin1String("AVG is assumed")));
    QVERIFY(s.description.value(QStringLiteral("en")).contains(QLatin1String("backlog of 440")));
    QVERIFY(s.description.value(QStringLiteral("zh_CN")).contains(QStringLiteral("积压共 440 条")));
}

void tst_MqadminParser::importV5Orphans()
{
    const MqadminImport result = importMqadmin(fixture(QStringLiteral("v5/connection.txt")),
        fixture(QStringLiteral("v5/progress.txt")), MqadminImportOptions());
    QVERIFY2(result.ok, qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    const Scenario &s = result.scenario;
    QCOMPARE(s.profile, Profile::V5);
    QCOMPARE(s.groups[0].consumers.size(), 2);
    QCOMPARE(holdsOf(s, 0),
        QStringLiteral("%RETRY%GID_ORDER/broker-a/0 TopicOrder/broker-a/0 TopicOrder/broker-a/1 "
                       "TopicOrder/broker-a/2"));
    QCOMPARE(holdsOf(s, 1),
        QStringLiteral("%RETRY%GID_ORDER/broker-b/0 TopicOrder/broker-a/3 TopicOrder/broker-b/0 "
                       "TopicOrder/broker-b/1"));
    QCOMPARE(result.assignedQueues, 6);
    // broker-b/2 and /3 showed N/A: nobody holds them, their backlog is 9200 and 9300.
    QVERIFY(s.description.value(QStringLiteral("en"))
                .contains(QLatin1String(
                    "2 queues had no owner (N/A): TopicOrder/broker-b/2, TopicOrder/broker-b/3.")));
    QVERIFY(s.description.value(QStringLiteral("en")).contains(QLatin1String("backlog of 18895")));
}

void tst_MqadminParser::progressWithoutClientIp()
{
    const MqadminImport result = importMqadmin(fixture(QStringLiteral("v5/connection.txt")),
        fixture(QStringLiteral("v5/progress-noip.txt")), MqadminImportOptions());
    QVERIFY(result.ok);
    QCOMPARE(result.assignedQueues, 0);
    QCOMPARE(holdsOf(result.scenario, 0), QString());
    QCOMPARE(texts(result.diagnostics),
        QStringList { QStringLiteral(
            "progress: warning: #Client IP: no #Client IP column (consumerProgress without -s "
            "true): the consumers start without an assignment and rebalance at once") });
}

void tst_MqadminParser::anonymize()
{
    MqadminImportOptions options;
    options.anonymize = true;
    const MqadminImport result = importMqadmin(fixture(QStringLiteral("v49/connection.txt")),
        fixture(QStringLiteral("v49/progress.txt")), options);
    QVERIFY(result.ok);
    const QByteArray json = result.scenarioJson();
    for (const char *secret : { "10.0.1.", "GID_ORDER", "TopicOrder", "4801" }) {
        QVERIFY2(!json.contains(secret), secret);
    }
    const GroupSpec &g = result.scenario.groups[0];
    QCOMPARE(g.name, QStringLiteral("group-1"));
    QCOMPARE(g.consumers[2].id, QStringLiteral("client-3"));
    QCOMPARE(holdsOf(result.scenario, 1),
        QStringLiteral("%RETRY%group-1/broker-b/0 topic-1/broker-a/3 topic-1/broker-b/0 "
                       "topic-1/broker-b/1"));
    QCOMPARE(g.offsets[0].first, QStringLiteral("topic-1/broker-a/0"));
}

void tst_MqadminParser::rebasedAboveTheCeiling()
{
    // A queue past the scenario's 1,000,000,000 messages keeps its backlog and starts at 0.
    QString progress = fixture(QStringLiteral("v49/progress.txt"));
    progress.replace(QStringLiteral("120000                119960                10.0.1.11 "
                                    "           40  "),
        QStringLiteral("3000000040            3000000000            10.0.1.11            40  "));
    const MqadminImport result
        = importMqadmin(fixture(QStringLiteral("v49/connection.txt")), progress, {});
    QVERIFY2(result.ok, qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    QCOMPARE(result.scenario.topics[0].storedPerQueue[0],
        (QPair<QString, qint64>(QStringLiteral("broker-a/0"), 40)));
    QCOMPARE(result.scenario.groups[0].offsets[0],
        (QPair<QString, qint64>(QStringLiteral("TopicOrder/broker-a/0"), 0)));
    QCOMPARE(texts(result.diagnostics),
        QStringList { QStringLiteral("progress:4: warning: #Broker Offset: 3000000040 is above "
                                     "1000000000: broker-a/0 starts at offset 0 with its "
                                     "backlog of 40") });
}

void tst_MqadminParser::nothingToImport_data()
{
    QTest::addColumn<QString>("connection");
    QTest::addColumn<QString>("progress");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << QString() << QString()
                           << QStringLiteral(
                                  "progress: error: no consumer connection and no queue row: "
                                  "give the output of mqadmin consumerConnection -g GROUP and "
                                  "of mqadmin consumerProgress -g GROUP -s true");
    QTest::newRow("connection alone")
        << QStringLiteral("v49/connection.txt") << QString()
        << QStringLiteral("progress: error: no queue row: the brokers and queues come from "
                          "mqadmin consumerProgress -g GROUP -s true, which is needed");
    QTest::newRow("group list (no -g)")
        << QString()
        << QStringLiteral("#Group                            #Count  #Version                 "
                          "#Type  #Model          #TPS     #Diff Total\n"
                          "GID_ORDER                         3       V4_9_4                   "
                          "PUSH   CLUSTERING      812      440\n")
        << QStringLiteral("progress:1: error: #Group: this is the group list of "
                          "consumerProgress without -g; run mqadmin consumerProgress -g GROUP "
                          "-s true");
}

void tst_MqadminParser::nothingToImport()
{
    QFETCH(QString, connection);
    QFETCH(QString, progress);
    QFETCH(QString, error);
    const QString connectionText
        = connection.endsWith(QLatin1String(".txt")) ? fixture(connection) : connection;
    const MqadminImport result = importMqadmin(connectionText, progress, {});
    QVERIFY(!result.ok);
    QVERIFY2(texts(result.diagnostics).contains(error),
        qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
}

void tst_MqadminParser::limitsAreCheckedBeforeBuilding_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("queuesPerTopic");
    QTest::addColumn<QString>("error");
    // 600,000 rows (46 MB) took 124 s and 1.4 GB before the scenario reader refused them
    // (issue 39): the parser stops past 32,768 rows, the builder at the first row past a limit.
    QTest::newRow("rows") << 40000 << 512
                          << "progress:32770: error: #QID: more than 32768 queue rows; a scenario "
                             "holds 16384 queues: import one group's output";
    QTest::newRow("queues in all") << 20000 << 512
                                   << "progress:16386: error: #QID: more than the 16384 queues a "
                                      "scenario holds in all; import "
                                      "one group's output, or fewer topics";
    QTest::newRow("topics") << 65 << 1
                            << "progress:66: error: #Topic: a topic past the 64 a scenario holds "
                               "(T64 is the 65th); import one group's output, or fewer topics";
    QTest::newRow("queue id") << 1025 << 2000
                              << "progress:1026: error: #QID: 1024 is past the 1024 queues a "
                                 "broker holds in a scenario; import one group's output, or "
                                 "fewer topics";
}

void tst_MqadminParser::limitsAreCheckedBeforeBuilding()
{
    QFETCH(int, rows);
    QFETCH(int, queuesPerTopic);
    QFETCH(QString, error);
    QString text = QStringLiteral("#Topic #Broker Name #QID #Broker Offset #Consumer Offset "
                                  "#Client IP #Diff #LastTime\n");
    for (int i = 0; i < rows; ++i) {
        text += QStringLiteral("T%1 b %2 1000 900 10.0.2.1 100 N/A\n")
                    .arg(i / queuesPerTopic)
                    .arg(i % queuesPerTopic);
    }
    MqadminImportOptions options;
    options.group = QStringLiteral("G");
    const MqadminImport result = importMqadmin(QString(), text, options);
    QCOMPARE(result.errorCount(), 1);
    QVERIFY2(texts(result.diagnostics).contains(error),
        qPrintable(texts(result.diagnostics).join(QLatin1Char('\n'))));
    QVERIFY(!result.ok);
    QVERIFY(result.scenario.topics.isEmpty());
}

QTEST_GUILESS_MAIN(tst_MqadminParser)
#include "tst_mqadminparser.moc"
