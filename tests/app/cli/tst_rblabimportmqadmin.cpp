// SPDX-License-Identifier: Apache-2.0
// `rblab import-mqadmin` as a separate process, on the fixtures of tests/data/importmqadmin
// (written from RocketMQ's printf formats, README.md there), then `rblab simulate` on the
// scenario it writes: the world starts where mqadmin saw the group.
#include "rblabprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class tst_RblabImportMqadmin : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void splitFiles_data();
    void splitFiles();
    void pastedOnStandardInput();
    void simulateStartsWhereMqadminSawTheGroup();
    void warningsNameTheLine();
    void duplicatedLinesAreCountedOnce();
    void refusesAScenarioThatWouldNotOpen();
    void usageErrors_data();
    void usageErrors();

private:
    std::unique_ptr<QTemporaryDir> m_home;
};

namespace {

QString data(const QString &relative)
{
    return QStringLiteral(RBLAB_TEST_DATA_DIR "/importmqadmin/") + relative;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

void tst_RblabImportMqadmin::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

void tst_RblabImportMqadmin::splitFiles_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("summary");
    QTest::newRow("4.9") << QStringLiteral("v49")
                         << QStringLiteral("rblab import-mqadmin: 3 consumers, 1 topics, 8 queues "
                                           "(8 held), 10 progress rows, 0 lines not known, 0 "
                                           "warnings; left out: %RETRY%GID_ORDER\n");
    QTest::newRow("5.x") << QStringLiteral("v5")
                         << QStringLiteral("rblab import-mqadmin: 2 consumers, 1 topics, 8 queues "
                                           "(6 held), 10 progress rows, 0 lines not known, 0 "
                                           "warnings; left out: %RETRY%GID_ORDER\n");
}

void tst_RblabImportMqadmin::splitFiles()
{
    QFETCH(QString, version);
    QFETCH(QString, summary);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("start.json"));
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run({ QStringLiteral("import-mqadmin"), QStringLiteral("--connection"),
                  data(version + QStringLiteral("/connection.txt")), QStringLiteral("--progress"),
                  data(version + QStringLiteral("/progress.txt")), QStringLiteral("--scenario"),
                  out });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QCOMPARE(QString::fromUtf8(r.err), summary);
    const QJsonObject s = QJsonDocument::fromJson(readAll(out)).object();
    QCOMPARE(
        s.value(QStringLiteral("format")).toString(), QStringLiteral("rebalance-lab/scenario@1"));
    QCOMPARE(s.value(QStringLiteral("profile")).toString(),
        version == QLatin1String("v49") ? QStringLiteral("4.9") : QStringLiteral("5.x"));
    const QJsonObject group = s.value(QStringLiteral("groups")).toArray().at(0).toObject();
    QCOMPARE(group.value(QStringLiteral("name")).toString(), QStringLiteral("GID_ORDER"));
    QCOMPARE(group.value(QStringLiteral("offsets")).toObject().size(), 8);
}

void tst_RblabImportMqadmin::pastedOnStandardInput()
{
    // The same bytes from a file and from standard input give the same scenario; a paste of
    // both commands is one input.
    QTemporaryDir dir;
    const QByteArray paste = readAll(data(QStringLiteral("paste/both.txt")));
    QVERIFY(!paste.isEmpty());
    RblabProcess rblab(m_home->path());
    const RblabProcess::Result fromStdin = rblab.run(
        { QStringLiteral("import-mqadmin"), QStringLiteral("-"), QStringLiteral("--scenario"),
            QStringLiteral("-"), QStringLiteral("--anonymize") },
        paste);
    QVERIFY2(fromStdin.finished && fromStdin.exitCode == 0, qPrintable(fromStdin.describe()));
    QVERIFY(fromStdin.err.contains("3 lines not known"));
    const RblabProcess::Result fromFile
        = rblab.run({ QStringLiteral("import-mqadmin"), data(QStringLiteral("paste/both.txt")),
            QStringLiteral("--scenario"), QStringLiteral("-"), QStringLiteral("--anonymize") });
    QVERIFY2(fromFile.exitCode == 0, qPrintable(fromFile.describe()));
    QCOMPARE(fromStdin.out, fromFile.out);
    QVERIFY(!fromStdin.out.contains("10.0.1."));
    QVERIFY(fromStdin.out.contains("\"name\": \"group-1 after mqadmin\""));
}

void tst_RblabImportMqadmin::simulateStartsWhereMqadminSawTheGroup()
{
    // 5.x fixture: two consumers hold six queues; broker-b/2 and /3 showed N/A with backlogs of
    // 9200 and 9300. In the run the queues held stay put until the first rebalance (5.x: not
    // before rebalanceMinInterval, 1 s), which gives the orphans to the second consumer.
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("start.json"));
    RblabProcess rblab(m_home->path());
    const RblabProcess::Result imported
        = rblab.run({ QStringLiteral("import-mqadmin"), QStringLiteral("--connection"),
            data(QStringLiteral("v5/connection.txt")), QStringLiteral("--progress"),
            data(QStringLiteral("v5/progress.txt")), QStringLiteral("--scenario"), scenario,
            QStringLiteral("--name"), QStringLiteral("orphans") });
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.describe()));
    // Shorten the run to 30 s: the scenario keeps the default 10 minutes otherwise.
    QByteArray json = readAll(scenario);
    json.replace("\"duration\": \"10m\"", "\"duration\": \"30s\"");
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(json);
    f.close();

    rblab.setEnvironmentValue(
        QStringLiteral("RBLAB_PLUGIN_PATH"), QStringLiteral(RBLAB_PLUGIN_BUILD_DIR));
    const QString reportPath = dir.filePath(QStringLiteral("r.json"));
    const RblabProcess::Result sim = rblab.run(
        { QStringLiteral("simulate"), scenario, QStringLiteral("--report"), reportPath });
    QVERIFY2(sim.finished && sim.exitCode == 0, qPrintable(sim.describe()));
    const QJsonObject report = QJsonDocument::fromJson(readAll(reportPath)).object();
    QCOMPARE(report.value(QStringLiteral("scenario")).toString(), QStringLiteral("orphans"));
    QStringList moves;
    for (const QJsonValue &v : report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("type")).toString() != QLatin1String("rebalance")
            || e.value(QStringLiteral("topic")).toString() != QLatin1String("TopicOrder")) {
            continue;
        }
        QStringList added;
        for (const QJsonValue &q : e.value(QStringLiteral("added")).toArray()) {
            added.append(QStringLiteral("%1/%2")
                             .arg(q.toObject().value(QStringLiteral("brokerName")).toString())
                             .arg(q.toObject().value(QStringLiteral("queueId")).toInt()));
        }
        QStringList removed;
        for (const QJsonValue &q : e.value(QStringLiteral("removed")).toArray()) {
            removed.append(QStringLiteral("%1/%2")
                               .arg(q.toObject().value(QStringLiteral("brokerName")).toString())
                               .arg(q.toObject().value(QStringLiteral("queueId")).toInt()));
        }
        QVERIFY2(e.value(QStringLiteral("t")).toInteger() >= 1000, qPrintable(v.toString()));
        moves.append(e.value(QStringLiteral("consumer")).toString().left(9) + QStringLiteral(" +")
            + added.join(QLatin1Char(',')) + QStringLiteral(" -") + removed.join(QLatin1Char(',')));
    }
    // AVG over 8 queues and 2 consumers: 10.0.2.21 takes broker-a/3 from 10.0.2.22, which
    // takes the two orphans.
    QCOMPARE(moves,
        (QStringList { QStringLiteral("10.0.2.21 +broker-a/3 -"),
            QStringLiteral("10.0.2.22 +broker-b/2,broker-b/3 -broker-a/3") }));
    // The orphans' backlog (9200 + 9300) and the others' (60…75 each) are consumed in 30 s.
    const QJsonObject totals = report.value(QStringLiteral("totals")).toObject();
    QVERIFY2(totals.value(QStringLiteral("delivered")).toInteger() >= 18895,
        qPrintable(QString::fromUtf8(QJsonDocument(totals).toJson(QJsonDocument::Compact))));
}

void tst_RblabImportMqadmin::warningsNameTheLine()
{
    QTemporaryDir dir;
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run({ QStringLiteral("import-mqadmin"), QStringLiteral("--connection"),
                  data(QStringLiteral("malformed/connection.txt")), QStringLiteral("--progress"),
                  data(QStringLiteral("malformed/progress.txt")), QStringLiteral("--scenario"),
                  dir.filePath(QStringLiteral("s.json")) });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(data(QStringLiteral("malformed/progress.txt"))
                 + QStringLiteral(":4: warning: #QID: \"x\", expected a queue id (0 or more)")),
        qPrintable(err));
    QVERIFY2(err.contains(data(QStringLiteral("malformed/connection.txt"))
                 + QStringLiteral(":3: warning: #ClientId: \"10.0.1.14\", expected "
                                  "ip@instanceName")),
        qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("7 lines not known, 8 warnings")), qPrintable(err));
}

void tst_RblabImportMqadmin::duplicatedLinesAreCountedOnce()
{
    // A connection line and a progress row pasted twice made a scenario with a duplicate
    // consumer, duplicate history and offset keys and a queue held twice; import-mqadmin said
    // "1 queues (2 held)", exit 0, and simulate refused the file.
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("s.json"));
    RblabProcess rblab(m_home->path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("import-mqadmin"),
        QStringLiteral("--connection"), data(QStringLiteral("duplicates/connection.txt")),
        QStringLiteral("--progress"), data(QStringLiteral("duplicates/progress.txt")),
        QStringLiteral("--scenario"), scenario });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(data(QStringLiteral("duplicates/connection.txt"))
                 + QStringLiteral(":3: warning: #ClientId: 10.0.2.21@7301#1710745123456789 at "
                                  "10.0.2.21:60314 again (first at line 2): counted once")),
        qPrintable(err));
    QVERIFY2(err.contains(data(QStringLiteral("duplicates/progress.txt"))
                 + QStringLiteral(":5: warning: #QID: TopicOrder broker-a 0 again (first at "
                                  "line 4): the first row is used")),
        qPrintable(err));
    // As v5/ alone: two consumers, eight queues, six of them held.
    QVERIFY2(
        err.contains(QStringLiteral("2 consumers, 1 topics, 8 queues (6 held)")), qPrintable(err));
    rblab.setEnvironmentValue(
        QStringLiteral("RBLAB_PLUGIN_PATH"), QStringLiteral(RBLAB_PLUGIN_BUILD_DIR));
    const RblabProcess::Result sim = rblab.run({ QStringLiteral("simulate"), scenario,
        QStringLiteral("--until"), QStringLiteral("5s"), QStringLiteral("--quiet") });
    QVERIFY2(sim.finished && sim.exitCode == 0, qPrintable(sim.describe()));
}

void tst_RblabImportMqadmin::refusesAScenarioThatWouldNotOpen()
{
    // 1001 connections: past the format's 1000 consumers a group. The scenario was written
    // (exit 0) and then refused by simulate and the app; now nothing is written, and the
    // reader's error says why.
    QTemporaryDir dir;
    QByteArray connections = "#ClientId                            #ClientAddr            "
                             "#Language  #Version\n";
    for (int i = 0; i < 1001; ++i) {
        const QByteArray ip = QStringLiteral("10.1.%1.%2").arg(i / 250).arg(i % 250 + 1).toUtf8();
        connections += ip + "@1 " + ip + ":50000 JAVA V5_1_4\n";
    }
    const QString connectionFile = dir.filePath(QStringLiteral("connection.txt"));
    QFile file(connectionFile);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(connections) == connections.size());
    file.close();
    const QString scenario = dir.filePath(QStringLiteral("s.json"));
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run({ QStringLiteral("import-mqadmin"), QStringLiteral("--connection"),
                  connectionFile, QStringLiteral("--progress"),
                  data(QStringLiteral("v5/progress.txt")), QStringLiteral("--scenario"),
                  scenario });
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("no scenario written")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("1001 consumers; the ceiling is 1000 per group")),
        qPrintable(err));
    QVERIFY(!QFile::exists(scenario));
}

void tst_RblabImportMqadmin::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList { QStringLiteral("--scenario"), QStringLiteral("-") }
                              << 2 << QStringLiteral("give --connection FILE and/or --progress");
    QTest::newRow("no scenario") << QStringList { data(QStringLiteral("paste/both.txt")) } << 2
                                 << QStringLiteral("--scenario FILE is required");
    QTest::newRow("file and --progress") << QStringList { data(QStringLiteral("paste/both.txt")),
        QStringLiteral("--progress"), data(QStringLiteral("v5/progress.txt")),
        QStringLiteral("--scenario"),
        QStringLiteral("-") } << 2 << QStringLiteral("give --connection FILE and/or --progress");
    QTest::newRow("a directory") << QStringList { data(QStringLiteral("v5")),
        QStringLiteral("--scenario"), QStringLiteral("-") }
                                 << 1 << QStringLiteral("is a directory");
    QTest::newRow("connection alone") << QStringList { QStringLiteral("--connection"),
        data(QStringLiteral("v5/connection.txt")), QStringLiteral("--scenario"),
        QStringLiteral("-") } << 1 << QStringLiteral("no queue row");
    QTest::newRow("binary") << QStringList {
        QStringLiteral(RBLAB_TEST_DATA_DIR "/importlogs/kill53/hostA/other_days/"
                                           "rocketmq_client-1.log.gz"),
        QStringLiteral("--scenario"), QStringLiteral("-")
    } << 1 << QStringLiteral("holds binary data");
}

void tst_RblabImportMqadmin::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const RblabProcess::Result r
        = RblabProcess(m_home->path())
              .run(QStringList { QStringLiteral("import-mqadmin") } + arguments);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(r.describe()));
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(tst_RblabImportMqadmin)
#include "tst_rblabimportmqadmin.moc"
