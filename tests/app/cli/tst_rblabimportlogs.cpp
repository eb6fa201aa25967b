// SPDX-License-Identifier: Apache-2.0
// `rblab import-logs` as a separate process, on fixture logs written from RocketMQ's own format
// strings (tests/data/importlogs/README.md cites the source lines): both layouts, gzip and CRLF,
// several processes whose clocks disagree. Every figure below is worked out in the README.
#include "rblabprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class tst_RblabImportLogs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killWithLateNotification();
    void rollingDeploy();
    void fileOrderDoesNotMatter();
    void foldersGiveTheLogsBelowThem();
    void scenarioReplaysMembership();
    void anonymize();
    void oneClientTwoGroups();
    void timeZone();
    void malformedLineIsReportedAndSkipped();
    void truncatedGzipKeepsWhatCameBefore();
    void datesOutOfRange();
    void processSubstitutionIsRead();
    void emptyRotationInAFolderIsLeftOut();
    void badInput_data();
    void badInput();
    void usageErrors_data();
    void usageErrors();

private:
    struct Import
    {
        RblabProcess::Result process;
        QJsonObject report;
        QByteArray reportBytes;
        QByteArray scenario;
    };
    Import import(const QStringList &files, const QStringList &extra = {});
    QJsonObject topic(const QJsonObject &report, int index = 0);

    std::unique_ptr<QTemporaryDir> m_home;
};

namespace {

QString data(const QString &relative)
{
    return QStringLiteral(RBLAB_TEST_DATA_DIR "/importlogs/") + relative;
}

QStringList kill53()
{
    return { data(QStringLiteral("kill53/hostA/rocketmq_client.log")),
        data(QStringLiteral("kill53/hostA/other_days/rocketmq_client-1.log.gz")),
        data(QStringLiteral("kill53/hostB/rocketmq_client.log")) };
}

QStringList rolling49()
{
    return { data(QStringLiteral("rolling49/host1/rocketmq_client.log")),
        data(QStringLiteral("rolling49/host2/rocketmq_client.log")),
        data(QStringLiteral("rolling49/host2/rocketmq_client.log.1")),
        data(QStringLiteral("rolling49/host3/rocketmq_client.log")) };
}

// "broker-a/0: from-to (ms ±tol) [owners]" for every interval of a list, for compact QCOMPAREs.
QStringList intervals(const QJsonArray &list)
{
    QStringList out;
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        const QJsonObject q = o.value(QStringLiteral("queue")).toObject();
        QString text;
        if (!q.isEmpty()) {
            text = QStringLiteral("%1/%2: ")
                       .arg(q.value(QStringLiteral("brokerName")).toString())
                       .arg(q.value(QStringLiteral("queueId")).toInt());
        }
        text += QStringLiteral("%1-%2 (%3 ±%4)")
                    .arg(o.value(QStringLiteral("from")).toInteger())
                    .arg(o.value(QStringLiteral("to")).toInteger())
                    .arg(o.value(QStringLiteral("ms")).toInteger())
                    .arg(o.value(QStringLiteral("toleranceMs")).toInteger());
        out.append(text);
    }
    return out;
}

} // namespace

void tst_RblabImportLogs::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

tst_RblabImportLogs::Import tst_RblabImportLogs::import(
    const QStringList &files, const QStringList &extra)
{
    Import result;
    QTemporaryDir dir;
    const QString report = dir.filePath(QStringLiteral("observed.json"));
    const QString scenario = dir.filePath(QStringLiteral("replay.json"));
    result.process = RblabProcess(m_home->path())
                         .run(QStringList { QStringLiteral("import-logs") } + files
                             + QStringList { QStringLiteral("--report"), report,
                                 QStringLiteral("--scenario"), scenario }
                             + extra);
    QFile r(report);
    if (r.open(QIODevice::ReadOnly)) {
        result.reportBytes = r.readAll();
        result.report = QJsonDocument::fromJson(result.reportBytes).object();
    }
    QFile s(scenario);
    if (s.open(QIODevice::ReadOnly)) {
        result.scenario = s.readAll();
    }
    return result;
}

QJsonObject tst_RblabImportLogs::topic(const QJsonObject &report, int index)
{
    return report.value(QStringLiteral("observed"))
        .toObject()
        .value(QStringLiteral("topics"))
        .toArray()
        .at(index)
        .toObject();
}

void tst_RblabImportLogs::killWithLateNotification()
{
    // 5.3 layout: A (pid 1001, its older lines in other_days/*.log.gz) and B (pid 2002, clock
    // 1.5 s ahead). B joins with a stale view (cidAllSize=1) and claims all 8 queues for 1 s; A
    // dies after its last line at 60 s; the brokers notify B only at 62 s.
    const Import r = import(kill53());
    QVERIFY2(r.process.finished && r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(r.report.value(QStringLiteral("format")).toString(),
        QStringLiteral("rebalance-lab/report@1"));
    QCOMPARE(
        observed.value(QStringLiteral("source")).toString(), QStringLiteral("rblab import-logs"));
    // Origin: A's "start OK" at 12:00:00.100 GMT+8.
    QCOMPARE(observed.value(QStringLiteral("origin")).toString(),
        QStringLiteral("2024-03-01T04:00:00.100Z"));
    QCOMPARE(observed.value(QStringLiteral("lines")).toInt(), 53);
    // "start beginning. messageModel=CLUSTERING" is read (a BROADCASTING group shares its queues).
    QCOMPARE(observed.value(QStringLiteral("usedLines")).toInt(), 52);
    QCOMPARE(observed.value(QStringLiteral("unknownLines")).toInt(), 0);
    QCOMPARE(observed.value(QStringLiteral("continuationLines")).toInt(), 1); // "\tat …"
    QCOMPARE(observed.value(QStringLiteral("droppedPullRequests")).toInt(), 4);
    const QJsonArray clocks = observed.value(QStringLiteral("clocks")).toArray();
    QCOMPARE(clocks.size(), 2);
    QCOMPARE(clocks.at(0).toObject().value(QStringLiteral("reference")).toBool(), true);
    QCOMPARE(clocks.at(1).toObject().value(QStringLiteral("skewMs")).toInt(), 1500);
    QCOMPARE(clocks.at(1).toObject().value(QStringLiteral("toleranceMs")).toInt(), 1);
    QCOMPARE(clocks.at(1).toObject().value(QStringLiteral("matchedNotifications")).toInt(), 2);

    const QJsonObject t = topic(r.report);
    QCOMPARE(t.value(QStringLiteral("group")).toString(), QStringLiteral("GID_ORDER"));
    QCOMPARE(t.value(QStringLiteral("strategy")).toString(), QStringLiteral("AVG"));
    // B's stale claim (9920) until A gives up broker-b (9950, A's clock) or B drops broker-a
    // (10920, B's own clock: no skew between the two ends).
    QCOMPARE(intervals(t.value(QStringLiteral("doubleOwned")).toArray()),
        (QStringList { QStringLiteral("broker-a/0: 9920-10920 (1000 ±0)"),
            QStringLiteral("broker-a/1: 9920-10920 (1000 ±0)"),
            QStringLiteral("broker-a/2: 9920-10920 (1000 ±0)"),
            QStringLiteral("broker-a/3: 9920-10920 (1000 ±0)"),
            QStringLiteral("broker-b/0: 9920-9950 (30 ±1)"),
            QStringLiteral("broker-b/1: 9920-9950 (30 ±1)"),
            QStringLiteral("broker-b/2: 9920-9950 (30 ±1)"),
            QStringLiteral("broker-b/3: 9920-9950 (30 ±1)") }));
    // A's last line is at 59900, but the group learnt of its death 2 s later, far sooner than a
    // channel expiry could (90 s or more): its connections closed then, so it held broker-a
    // until B's notification (61900), unowned for 10 ms until B's takeover (61910). A client
    // silent in the rebalance lines is not gone (issue 35: run1's c1 logged nothing but
    // persistAll for 4.3 s before it was killed); it was 2010 ms from its last line.
    QCOMPARE(intervals(t.value(QStringLiteral("unowned")).toArray()),
        (QStringList { QStringLiteral("broker-a/0: 61900-61910 (10 ±1)"),
            QStringLiteral("broker-a/1: 61900-61910 (10 ±1)"),
            QStringLiteral("broker-a/2: 61900-61910 (10 ±1)"),
            QStringLiteral("broker-a/3: 61900-61910 (10 ±1)") }));
    // The stale view: A counts 2 consumers, B 1, from A's rebalance to B's next one.
    const QJsonArray dis = t.value(QStringLiteral("viewDisagreements")).toArray();
    QCOMPARE(intervals(dis), QStringList { QStringLiteral("9950-10920 (970 ±1)") });
    QCOMPARE(dis.at(0).toObject().value(QStringLiteral("consumers")).toArray().at(1).toString(),
        QStringLiteral("10.0.0.2@2002#2000000002: cidAllSize=1, mqAllSize=8"));

    const QJsonArray flow = observed.value(QStringLiteral("flowControl")).toArray();
    QCOMPARE(flow.size(), 1);
    const QJsonObject f = flow.at(0).toObject();
    QCOMPARE(f.value(QStringLiteral("cause")).toString(), QStringLiteral("count"));
    QCOMPARE(f.value(QStringLiteral("from")).toInt(), 29900);
    QCOMPARE(f.value(QStringLiteral("to")).toInt(), 59900);
    QCOMPARE(f.value(QStringLiteral("loggedLines")).toInt(), 3);
    QCOMPARE(f.value(QStringLiteral("flowControlTimes")).toArray(), (QJsonArray { 1, 2001 }));

    const QJsonArray consumers = r.report.value(QStringLiteral("consumers")).toArray();
    QCOMPARE(consumers.size(), 2);
    QCOMPARE(consumers.at(0).toObject().value(QStringLiteral("state")).toString(),
        QStringLiteral("killed"));
    QCOMPARE(consumers.at(1).toObject().value(QStringLiteral("state")).toString(),
        QStringLiteral("shutdown"));
    QStringList lifecycle;
    int rebalances = 0;
    for (const QJsonValue &v : r.report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(QStringLiteral("type")).toString();
        rebalances += type == QLatin1String("rebalance") ? 1 : 0;
        if (type != QLatin1String("rebalance") && type != QLatin1String("notify")) {
            lifecycle.append(
                QStringLiteral("%1 %2").arg(e.value(QStringLiteral("t")).toInt()).arg(type));
        }
    }
    QCOMPARE(rebalances, 5);
    QCOMPARE(lifecycle,
        (QStringList { QStringLiteral("0 started"), QStringLiteral("9850 started"),
            QStringLiteral("29900 flowControlOn"), QStringLiteral("61900 kill"),
            QStringLiteral("119900 shutdown") }));
    // Engine-only figures are left out, not invented.
    QVERIFY(!r.report.contains(QStringLiteral("totals")));
    QVERIFY(!r.report.contains(QStringLiteral("samples")));
}

void tst_RblabImportLogs::rollingDeploy()
{
    // 4.9 layout, CRLF, host2 rotated into rocketmq_client.log.1, host3's clock 250 ms behind.
    const Import r = import(rolling49());
    QVERIFY2(r.process.finished && r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(r.report.value(QStringLiteral("profile")).toString(), QStringLiteral("4.9"));
    QCOMPARE(observed.value(QStringLiteral("unknownLines")).toInt(), 5); // pull requests, one other
    const QJsonArray clocks = observed.value(QStringLiteral("clocks")).toArray();
    QCOMPARE(clocks.at(1).toObject().value(QStringLiteral("skewMs")).toInt(), 0);
    QCOMPARE(clocks.at(2).toObject().value(QStringLiteral("skewMs")).toInt(), -250);
    const QJsonObject t = topic(r.report);
    QCOMPARE(intervals(t.value(QStringLiteral("doubleOwned")).toArray()),
        (QStringList { QStringLiteral("broker-b/0: 5110-5120 (10 ±1)"),
            QStringLiteral("broker-b/0: 40060-40300 (240 ±2)"),
            QStringLiteral("broker-b/1: 5110-5120 (10 ±1)"),
            QStringLiteral("broker-b/1: 30105-30400 (295 ±2)") }));
    // C1's clean shutdown leaves broker-a's queues to C2's next rebalance.
    QCOMPARE(intervals(t.value(QStringLiteral("unowned")).toArray()),
        (QStringList { QStringLiteral("broker-a/0: 40050-40300 (250 ±1)"),
            QStringLiteral("broker-a/1: 40050-40300 (250 ±1)") }));
    QCOMPARE(intervals(t.value(QStringLiteral("viewDisagreements")).toArray()),
        (QStringList { QStringLiteral("5110-5120 (10 ±1)"), QStringLiteral("30105-30400 (295 ±2)"),
            QStringLiteral("30400-40050 (9650 ±1)"), QStringLiteral("40060-40300 (240 ±2)") }));
    const QJsonArray consumers = r.report.value(QStringLiteral("consumers")).toArray();
    QStringList states;
    for (const QJsonValue &c : consumers) {
        states.append(c.toObject().value(QStringLiteral("state")).toString());
    }
    // C2 and N1 keep running: C2's smaller cidAllSize at 40300 is C1's announced shutdown.
    QCOMPARE(states,
        (QStringList {
            QStringLiteral("shutdown"), QStringLiteral("running"), QStringLiteral("running") }));
    QStringList owners;
    for (const QJsonValue &q : r.report.value(QStringLiteral("queues")).toArray()) {
        owners.append(q.toObject().value(QStringLiteral("owners")).toArray().at(0).toString());
    }
    QCOMPARE(owners,
        (QStringList { QStringLiteral("10.0.1.2@3002"), QStringLiteral("10.0.1.2@3002"),
            QStringLiteral("10.0.1.3@4001"), QStringLiteral("10.0.1.3@4001") }));
}

void tst_RblabImportLogs::fileOrderDoesNotMatter()
{
    QStringList reversed = rolling49();
    std::reverse(reversed.begin(), reversed.end());
    const Import a = import(rolling49());
    const Import b = import(reversed);
    QVERIFY(!a.reportBytes.isEmpty());
    QCOMPARE(b.reportBytes, a.reportBytes);
    QCOMPARE(b.scenario, a.scenario);
}

void tst_RblabImportLogs::foldersGiveTheLogsBelowThem()
{
    // `rblab import-logs incident/`: the folder of machines (4.9 rotations .log.N, 5.x
    // other_days/*.gz) reads as its files named one by one, byte for byte.
    const Import files = import(rolling49());
    const Import folder = import({ data(QStringLiteral("rolling49")) });
    QVERIFY2(folder.process.exitCode == 0, qPrintable(folder.process.describe()));
    QCOMPARE(folder.reportBytes, files.reportBytes);
    QCOMPARE(folder.scenario, files.scenario);
    const Import gz = import({ data(QStringLiteral("kill53")) });
    QCOMPARE(gz.reportBytes, import(kill53()).reportBytes);
    // Folders and files mixed, a file named twice (and found in its folder): read once.
    const Import mixed = import({ data(QStringLiteral("kill53/hostA")),
        data(QStringLiteral("kill53/hostA/rocketmq_client.log")),
        data(QStringLiteral("kill53/hostB/rocketmq_client.log")) });
    QCOMPARE(mixed.reportBytes, gz.reportBytes);
    QVERIFY2(QString::fromUtf8(mixed.process.err).contains(QStringLiteral("consumers")),
        qPrintable(mixed.process.describe()));
    // Other files in a machine's folder are left out: the application's own log, a copy.
    QTemporaryDir dir;
    const QString host = dir.filePath(QStringLiteral("incident/hostB"));
    QVERIFY(QDir().mkpath(host));
    QVERIFY(QFile::copy(data(QStringLiteral("kill53/hostB/rocketmq_client.log")),
        host + QStringLiteral("/rocketmq_client.log")));
    for (const QString &other :
        { QStringLiteral("app.log"), QStringLiteral("rocketmq_client.log.bak"),
            QStringLiteral("rocketmq_client.log.1.tmp") }) {
        QFile f(host + QLatin1Char('/') + other);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x7f"
                "ELF\0\0\0\0",
            8); // would stop the import if it were read
    }
    const Import onlyLogs = import({ dir.filePath(QStringLiteral("incident")) });
    QVERIFY2(onlyLogs.process.exitCode == 0, qPrintable(onlyLogs.process.describe()));
    QCOMPARE(onlyLogs.report.value(QStringLiteral("observed"))
                 .toObject()
                 .value(QStringLiteral("clocks"))
                 .toArray()
                 .size(),
        1);
}

void tst_RblabImportLogs::scenarioReplaysMembership()
{
    const Import r = import(kill53());
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("replay.json"));
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(r.scenario);
    f.close();
    const QJsonObject s = QJsonDocument::fromJson(r.scenario).object();
    QCOMPARE(s.value(QStringLiteral("profile")).toString(), QStringLiteral("5.x"));
    QCOMPARE(s.value(QStringLiteral("brokers")).toArray(),
        (QJsonArray { QStringLiteral("broker-a"), QStringLiteral("broker-b") }));
    const QJsonObject group = s.value(QStringLiteral("groups")).toArray().at(0).toObject();
    QCOMPARE(group.value(QStringLiteral("strategy")).toString(), QStringLiteral("AVG"));

    RblabProcess rblab(m_home->path());
    rblab.setEnvironmentValue(
        QStringLiteral("RBLAB_PLUGIN_PATH"), QStringLiteral(RBLAB_PLUGIN_BUILD_DIR));
    const RblabProcess::Result sim = rblab.run({ QStringLiteral("simulate"), scenario,
        QStringLiteral("--report"), dir.filePath(QStringLiteral("r.json")) });
    QVERIFY2(sim.finished && sim.exitCode == 0, qPrintable(sim.describe()));
    QFile rf(dir.filePath(QStringLiteral("r.json")));
    QVERIFY(rf.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(rf.readAll()).object();
    QStringList membership;
    for (const QJsonValue &v : report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        const QString type = e.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("join") || type == QLatin1String("kill")
            || type == QLatin1String("shutdown")) {
            membership.append(QStringLiteral("%1 %2 %3")
                                  .arg(e.value(QStringLiteral("t")).toInt())
                                  .arg(type, e.value(QStringLiteral("consumer")).toString()));
        }
    }
    // The observed times: B first logs at 9850, A's last line is 59900, B's shutdown 119900.
    QCOMPARE(membership,
        (QStringList { QStringLiteral("9850 join 10.0.0.2@2002#2000000002"),
            QStringLiteral("61900 kill 10.0.0.1@1001#1000000001"),
            QStringLiteral("119900 shutdown 10.0.0.2@2002#2000000002") }));
    QStringList states;
    for (const QJsonValue &c : report.value(QStringLiteral("consumers")).toArray()) {
        states.append(c.toObject().value(QStringLiteral("state")).toString());
    }
    QCOMPARE(states, (QStringList { QStringLiteral("killed"), QStringLiteral("shutdown") }));
}

void tst_RblabImportLogs::anonymize()
{
    const Import a = import(kill53(), { QStringLiteral("--anonymize") });
    QVERIFY2(a.process.exitCode == 0, qPrintable(a.process.describe()));
    for (const QByteArray &text : { a.reportBytes, a.scenario }) {
        QVERIFY(!text.contains("10.0.0."));
        QVERIFY(!text.contains("GID_ORDER"));
        QVERIFY(!text.contains("TopicOrder"));
        QVERIFY(!text.contains("hostA"));
    }
    QVERIFY(a.reportBytes.contains("\"client-1\""));
    QVERIFY(a.reportBytes.contains("\"broker\": \"ip-1:10911\""));
    QVERIFY(a.scenario.contains("\"name\": \"group-1\""));
    QVERIFY(a.scenario.contains("\"topic-1\""));
    // Stable: the same placeholders whatever the order of the files.
    QStringList reversed = kill53();
    std::reverse(reversed.begin(), reversed.end());
    QCOMPARE(import(reversed, { QStringLiteral("--anonymize") }).reportBytes, a.reportBytes);
    // Figures do not change.
    QCOMPARE(intervals(topic(a.report).value(QStringLiteral("unowned")).toArray()).size(), 4);
}

void tst_RblabImportLogs::oneClientTwoGroups()
{
    // One client instance (one clientId) with consumers of two groups; GB is seen only on its
    // %RETRY% topic, which the engine subscribes by itself: the scenario keeps GA alone, under a
    // handle of its own, and still reads and runs.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("h")));
    const QString path = dir.filePath(QStringLiteral("h/rocketmq_client.log"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QByteArray head = "2024-03-01 12:00:00.%1 INFO  [9] [RebalanceService] "
                            "[o.a.r.c.i.c.RebalanceImpl#?:?] - ";
    const auto line = [&](int ms, const QByteArray &text) {
        return QString::fromLatin1(head).arg(ms, 3, 10, QLatin1Char('0')).toLatin1() + text + "\n";
    };
    f.write(line(0, "the consumer [GA] start OK."));
    f.write(line(1, "the consumer [GB] start OK."));
    f.write(line(2,
        "client rebalanced result changed. allocateMessageQueueStrategyName=AVG, group=GA, "
        "topic=TA, clientId=10.0.3.1@9#1, mqAllSize=1, cidAllSize=1, rebalanceResultSize=1, "
        "rebalanceResultSet=[MessageQueue [topic=TA, brokerName=broker-a, queueId=0]]"));
    f.write(line(3,
        "client rebalanced result changed. allocateMessageQueueStrategyName=AVG, group=GB, "
        "topic=%RETRY%GB, clientId=10.0.3.1@9#1, mqAllSize=1, cidAllSize=1, "
        "rebalanceResultSize=1, rebalanceResultSet=[MessageQueue [topic=%RETRY%GB, "
        "brokerName=broker-a, queueId=0]]"));
    f.write(line(900, "the consumer [GA] shutdown OK"));
    f.write(line(901, "the consumer [GB] shutdown OK"));
    f.close();
    const Import r = import({ path });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    QCOMPARE(r.report.value(QStringLiteral("consumers")).toArray().size(), 2);
    const QJsonObject s = QJsonDocument::fromJson(r.scenario).object();
    const QJsonArray groups = s.value(QStringLiteral("groups")).toArray();
    QCOMPARE(groups.size(), 1);
    const QJsonObject consumer
        = groups.at(0).toObject().value(QStringLiteral("consumers")).toArray().at(0).toObject();
    QCOMPARE(consumer.value(QStringLiteral("name")).toString(), QStringLiteral("GA/10.0.3.1@9#1"));
    const QJsonArray events = s.value(QStringLiteral("events")).toArray();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).toObject().value(QStringLiteral("consumer")).toString(),
        QStringLiteral("GA/10.0.3.1@9#1"));

    const QString scenario = dir.filePath(QStringLiteral("replay.json"));
    QFile out(scenario);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(r.scenario);
    out.close();
    RblabProcess rblab(m_home->path());
    rblab.setEnvironmentValue(
        QStringLiteral("RBLAB_PLUGIN_PATH"), QStringLiteral(RBLAB_PLUGIN_BUILD_DIR));
    const RblabProcess::Result sim = rblab.run({ QStringLiteral("simulate"), scenario,
        QStringLiteral("--report"), dir.filePath(QStringLiteral("r.json")) });
    QVERIFY2(sim.finished && sim.exitCode == 0, qPrintable(sim.describe()));
}

void tst_RblabImportLogs::timeZone()
{
    const Import r = import(kill53(), { QStringLiteral("--tz"), QStringLiteral("+00:00") });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(observed.value(QStringLiteral("origin")).toString(),
        QStringLiteral("2024-03-01T12:00:00.100Z"));
    QCOMPARE(observed.value(QStringLiteral("timeZone")).toString(), QStringLiteral("+00:00"));
}

void tst_RblabImportLogs::malformedLineIsReportedAndSkipped()
{
    const QString file = data(QStringLiteral("malformed/host/rocketmq_client.log"));
    const Import r = import({ file });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QString err = QString::fromUtf8(r.process.err);
    // Line 3: rebalanceResultSize=2 with one queue; line 6: a notification cut short.
    QVERIFY2(err.contains(file
                 + QStringLiteral(":3: warning: looks like a RocketMQ client line "
                                  "but does not parse (rebalanceResultSet does "
                                  "not hold rebalanceResultSize queues)")),
        qPrintable(err));
    QVERIFY2(err.contains(file + QStringLiteral(":6: warning:")), qPrintable(err));
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(observed.value(QStringLiteral("malformedLines")).toInt(), 2);
    QCOMPARE(observed.value(QStringLiteral("usedLines")).toInt(), 4);
    // The truncateMessageQueueNotMyTopic line removed broker-a/1 from the client's holdings.
    const QJsonArray queues = r.report.value(QStringLiteral("queues")).toArray();
    QCOMPARE(queues.size(), 2);
    QCOMPARE(queues.at(0).toObject().value(QStringLiteral("owners")).toArray().size(), 1);
    QCOMPARE(queues.at(1).toObject().value(QStringLiteral("owners")).toArray().size(), 0);
}

void tst_RblabImportLogs::truncatedGzipKeepsWhatCameBefore()
{
    QFile gz(data(QStringLiteral("kill53/hostA/other_days/rocketmq_client-1.log.gz")));
    QVERIFY(gz.open(QIODevice::ReadOnly));
    const QByteArray whole = gz.readAll();
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("hostA/other_days")));
    const QString cut = dir.filePath(QStringLiteral("hostA/other_days/rocketmq_client-1.log.gz"));
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(whole.left(whole.size() - 40)); // the end of the deflate data and the trailer
    out.close();
    const Import r = import({ cut });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QString err = QString::fromUtf8(r.process.err);
    QVERIFY2(err.contains(cut + QStringLiteral(":"))
            && err.contains(QStringLiteral("truncated gzip stream after")),
        qPrintable(err));
    // What came before the cut: the client and its start.
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QVERIFY(observed.value(QStringLiteral("usedLines")).toInt() >= 2);
    QCOMPARE(r.report.value(QStringLiteral("events"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("type"))
                 .toString(),
        QStringLiteral("started"));
}

void tst_RblabImportLogs::datesOutOfRange()
{
    // Issue 39: a first line of year 1 (year 0 in UTC under +08:00) gave "origin": "" and a
    // span of 315,537,897,599,999 ms, the scenario silently cut to 168 h. Such a line is now
    // skipped with a warning on its line; logs that really span more than 168 h say so.
    QFile source(data(QStringLiteral("kill53/hostB/rocketmq_client.log")));
    QVERIFY(source.open(QIODevice::ReadOnly));
    const QByteArray lines = source.readAll();
    const QByteArray startOk = "INFO  [2002] [main] [o.a.r.c.i.c.DefaultMQPushConsumerImpl#?:?] - "
                               "the consumer [GID_ORDER] start OK.\n";
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("hostB")));
    const QString path = dir.filePath(QStringLiteral("hostB/rocketmq_client.log"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("0001-01-01 00:00:00.000 " + startOk);
    out.write(lines);
    out.write("9999-12-31 23:59:59.999 " + startOk);
    out.close();
    Import r = import({ path }, { QStringLiteral("--tz"), QStringLiteral("-12:00") });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    QString err = QString::fromUtf8(r.process.err);
    const int last = int(lines.count('\n')) + 2;
    QVERIFY2(err.contains(path
                 + QStringLiteral(":1: warning: 0001-01-01 00:00:00.000 is not a time from 1970 "
                                  "to 9999 in UTC (read at -720 minutes from UTC); skipped")),
        qPrintable(err));
    QVERIFY2(err.contains(path
                 + QStringLiteral(":%1: warning: 9999-12-31 23:59:59.999 is not a "
                                  "time from 1970 to 9999 in UTC")
                       .arg(last)),
        qPrintable(err));
    // The origin is the first line kept, "start OK" (12:00:11.450 at -12:00 is 00:00:11.450 the
    // next day in UTC), and the span is that of the kept lines.
    const QJsonObject observed = r.report.value(QStringLiteral("observed")).toObject();
    QVERIFY2(observed.value(QStringLiteral("origin"))
                 .toString()
                 .startsWith(QStringLiteral("2024-03-02T00:00:11.450Z")),
        qPrintable(observed.value(QStringLiteral("origin")).toString()));

    // Two real lines eight days apart: a warning names the last one; the scenario keeps 168 h.
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(lines);
    out.write("2024-03-09 12:00:00.000 " + startOk);
    out.close();
    r = import({ path });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    err = QString::fromUtf8(r.process.err);
    QVERIFY2(err.contains(QStringLiteral("hostB/rocketmq_client.log:%1: warning: the logs span 191 "
                                         "h, from their first used line to this one; the replay "
                                         "scenario keeps the first 168 h")
                              .arg(last - 1)),
        qPrintable(err));
}

void tst_RblabImportLogs::processSubstitutionIsRead()
{
    // Issue 39: a FIFO (bash's <(zcat …)) has size 0 until read and was refused as an "empty
    // file". It is read as a stream now; an empty one is still "empty file".
    const QString log = data(QStringLiteral("kill53/hostB/rocketmq_client.log"));
    QProcess bash;
    bash.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    bash.start(QStringLiteral("/bin/bash"),
        { QStringLiteral("-c"),
            QStringLiteral("'%1' import-logs <(cat '%2') --report -; echo \"rc=$?\" >&2; "
                           "'%1' import-logs <(true) --report -; echo \"rc=$?\" >&2")
                .arg(RblabProcess::program(), log) });
    QVERIFY(bash.waitForFinished(60000));
    const QString err = QString::fromUtf8(bash.readAllStandardError());
    const QJsonObject report = QJsonDocument::fromJson(bash.readAllStandardOutput()).object();
    QVERIFY2(err.contains(QStringLiteral("rc=0\n")), qPrintable(err));
    QCOMPARE(report.value(QStringLiteral("consumers")).toArray().size(), 1);
    QVERIFY2(err.contains(QStringLiteral(": empty file")) && err.contains(QStringLiteral("rc=1\n")),
        qPrintable(err));
}

void tst_RblabImportLogs::emptyRotationInAFolderIsLeftOut()
{
    // Issue 39: one empty rotation among a folder's files ended the whole import.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("hostB/other_days")));
    QVERIFY(QFile::copy(data(QStringLiteral("kill53/hostB/rocketmq_client.log")),
        dir.filePath(QStringLiteral("hostB/rocketmq_client.log"))));
    const QString empty = dir.filePath(QStringLiteral("hostB/other_days/rocketmq_client-1.log.gz"));
    QFile touch(empty);
    QVERIFY(touch.open(QIODevice::WriteOnly));
    touch.close();
    const Import r = import({ dir.filePath(QStringLiteral("hostB")) });
    QVERIFY2(r.process.exitCode == 0, qPrintable(r.process.describe()));
    const QString err = QString::fromUtf8(r.process.err);
    QVERIFY2(
        err.contains(QStringLiteral("rocketmq_client-1.log.gz: warning: empty file, left out")),
        qPrintable(err));
    QCOMPARE(r.report.value(QStringLiteral("consumers")).toArray().size(), 1);
    // Named on its own, an empty file is still refused.
    const Import named = import({ empty });
    QCOMPARE(named.process.exitCode, 1);
    QVERIFY2(named.process.err.contains("empty file"), qPrintable(named.process.describe()));
}

void tst_RblabImportLogs::badInput_data()
{
    QTest::addColumn<QByteArray>("content"); // empty: a directory
    QTest::addColumn<bool>("directory");
    QTest::addColumn<QString>("message");
    QTest::newRow("folder without logs")
        << QByteArray() << true
        << QStringLiteral(": a folder without a RocketMQ client log in it or below it");
    QTest::newRow("empty file") << QByteArray() << false << QStringLiteral("empty file");
    QTest::newRow("binary junk") << QByteArray("\x7f"
                                               "ELF\x02\x01\x01\0\0\0\0",
        12) << false
                                 << QStringLiteral("binary data (a NUL byte at offset 7), not a "
                                                   "RocketMQ client log");
    QTest::newRow("no consumer lines") << QByteArray("just some text\nand more\n") << false
                                       << QStringLiteral("no rebalance, start or shutdown line");
}

void tst_RblabImportLogs::badInput()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, directory);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("input"));
    if (directory) {
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("input")));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const Import r = import({ path });
    QVERIFY2(r.process.finished && r.process.exitCode == 1, qPrintable(r.process.describe()));
    QVERIFY2(QString::fromUtf8(r.process.err).contains(message), qPrintable(r.process.describe()));
    QVERIFY(r.reportBytes.isEmpty());
}

void tst_RblabImportLogs::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no file") << QStringList { QStringLiteral("--report"), QStringLiteral("-") }
                             << QStringLiteral("name at least one log file");
    QTest::newRow("no report") << QStringList {
        data(QStringLiteral("malformed/host/rocketmq_client.log"))
    } << QStringLiteral("--report FILE is required");
    QTest::newRow("bad tz") << QStringList {
        data(QStringLiteral("malformed/host/rocketmq_client.log")), QStringLiteral("--report"),
        QStringLiteral("-"), QStringLiteral("--tz"), QStringLiteral("Asia/Shanghai")
    } << QStringLiteral("--tz expects an offset such as +08:00");
}

void tst_RblabImportLogs::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("import-logs") } + arguments);
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(r.describe()));
}

QTEST_GUILESS_MAIN(tst_RblabImportLogs)
#include "tst_rblabimportlogs.moc"
