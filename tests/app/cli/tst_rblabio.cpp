// SPDX-License-Identifier: Apache-2.0
// rblab's input and output as a separate process: write errors, --report targets that are not
// regular files, bounded input, allocate ceilings, line-by-line answers, and plugins that crash,
// exit or loop in rblab's own process.
#include "rblabprocess.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

namespace {

const QString kScenario = QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/orderly.json");
const QString kMisbehavingDir = QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/misbehaving");

QByteArray caseLine(const QString &id, const QString &strategy, const QJsonObject &params,
    int queueCount, int consumerCount, int nameLength = 1)
{
    QJsonArray queues;
    for (int i = 0; i < queueCount; ++i) {
        const QString prefix = QStringLiteral("b%1-").arg(i / 1024);
        queues.append(QJsonObject {
            { QStringLiteral("brokerName"),
                prefix + QString(qMax(0, nameLength - int(prefix.size())), QLatin1Char('x')) },
            { QStringLiteral("queueId"), i % 1024 } });
    }
    QJsonArray consumers;
    for (int i = 0; i < consumerCount; ++i) {
        consumers.append(QStringLiteral("c%1-").arg(i, 5, 10, QLatin1Char('0'))
            + QString(qMax(0, nameLength - 7), QLatin1Char('y')));
    }
    const QJsonObject o { { QStringLiteral("id"), id }, { QStringLiteral("strategy"), strategy },
        { QStringLiteral("params"), params }, { QStringLiteral("topic"), QStringLiteral("T") },
        { QStringLiteral("queues"), queues }, { QStringLiteral("consumers"), consumers } };
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject firstAnswer(const QByteArray &out)
{
    return QJsonDocument::fromJson(out.left(out.indexOf('\n'))).object();
}

bool isFifo(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

bool isCharDevice(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISCHR(st.st_mode);
}

} // namespace

class tst_RblabIo : public QObject
{
    Q_OBJECT

private slots:
    void writeErrors_data();
    void writeErrors();
    void reportIntoFifo_data();
    void reportIntoFifo();
    void reportToDevices();
    void reportTargetCheckedFirst();
    void untilCeiling();
    void scenarioFromEndlessDevice();
    void scenarioFromFifo_data();
    void scenarioFromFifo();
    void allocateFromEndlessDevice();
    void answersLineByLine();
    void ceilings_data();
    void ceilings();
    void atTheCeilings();
    void pluginFailures_data();
    void pluginFailures();
    void pluginFailuresInSimulate_data();
    void pluginFailuresInSimulate();
    void callTimeoutSparesTheRun();

private:
    QTemporaryDir m_home;
};

void tst_RblabIo::writeErrors_data()
{
    QTest::addColumn<QString>("shell");
    const QString rblab = RblabProcess::program();
    const QString cases = QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/allocation/cases.jsonl");
    QTest::newRow("allocate > /dev/full")
        << QStringLiteral("'%1' allocate '%2' > /dev/full").arg(rblab, cases);
    QTest::newRow("allocate, stdout closed")
        << QStringLiteral("'%1' allocate '%2' >&-").arg(rblab, cases);
    QTest::newRow("strategies > /dev/full")
        << QStringLiteral("'%1' strategies > /dev/full").arg(rblab);
    QTest::newRow("strategies --json > /dev/full")
        << QStringLiteral("'%1' strategies --json > /dev/full").arg(rblab);
    QTest::newRow("strategies, stdout closed") << QStringLiteral("'%1' strategies >&-").arg(rblab);
    QTest::newRow("simulate --report - > /dev/full")
        << QStringLiteral("'%1' simulate '%2' --quiet --until 10s --report - > /dev/full")
               .arg(rblab, kScenario);
    QTest::newRow("simulate --report /dev/full")
        << QStringLiteral("'%1' simulate '%2' --quiet --until 10s --report /dev/full")
               .arg(rblab, kScenario);
    // Every command, every output (issue 39: import-logs wrote into /dev/full and said 0).
    const QString logs = QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/importlogs/kill53");
    QTest::newRow("import-logs --report /dev/full")
        << QStringLiteral("'%1' import-logs '%2' --report /dev/full").arg(rblab, logs);
    QTest::newRow("import-logs --scenario /dev/full")
        << QStringLiteral("'%1' import-logs '%2' --report /dev/null --scenario /dev/full")
               .arg(rblab, logs);
    QTest::newRow("import-logs --report - > /dev/full")
        << QStringLiteral("'%1' import-logs '%2' --report - > /dev/full").arg(rblab, logs);
    const QString mqadmin = QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/importmqadmin/v49");
    QTest::newRow("import-mqadmin --scenario /dev/full")
        << QStringLiteral("'%1' import-mqadmin --connection '%2/connection.txt' --progress "
                          "'%2/progress.txt' --scenario /dev/full")
               .arg(rblab, mqadmin);
    QTest::newRow("compare --output /dev/full")
        << QStringLiteral("'%1' compare '%2' --variant AVG --variant AVG_BY_CIRCLE --seeds 1 "
                          "--until 10s --output /dev/full")
               .arg(rblab, kScenario);
}

void tst_RblabIo::writeErrors()
{
    // Output that never arrived is a failure (status 2 and a message), not a silent 0.
    QFETCH(QString, shell);
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
    env.remove(QStringLiteral("RBLAB_PLUGIN_PATH"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), shell });
    QVERIFY(process.waitForFinished(60000));
    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 2, err.constData());
    QVERIFY2(err.contains("cannot write"), err.constData());
    // The reason, never Qt's "Unknown error" (seen on a full disk).
    QVERIFY2(!err.contains("Unknown error"), err.constData());
}

void tst_RblabIo::reportIntoFifo_data()
{
    QTest::addColumn<bool>("throughSymlink");
    QTest::newRow("FIFO") << false;
    QTest::newRow("symlink to a FIFO") << true;
}

void tst_RblabIo::reportIntoFifo()
{
    // A FIFO is written in place: the reader gets the report and the FIFO stays a FIFO (a
    // temporary file renamed over it used to replace it with a regular file).
    QFETCH(bool, throughSymlink);
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("report.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QString target = fifo;
    if (throughSymlink) {
        target = dir.filePath(QStringLiteral("link"));
        QVERIFY(QFile::link(fifo, target));
    }
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result direct = rblab.run({ QStringLiteral("simulate"), kScenario,
        QStringLiteral("--quiet"), QStringLiteral("--until"), QStringLiteral("10s") });
    QVERIFY2(direct.exitCode == 0 && direct.out.size() > 1000, qPrintable(direct.describe()));

    QProcess reader;
    reader.start(QStringLiteral("cat"), { fifo });
    QVERIFY(reader.waitForStarted());
    const RblabProcess::Result r
        = rblab.run({ QStringLiteral("simulate"), kScenario, QStringLiteral("--quiet"),
            QStringLiteral("--until"), QStringLiteral("10s"), QStringLiteral("--report"), target });
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY(reader.waitForFinished(30000));
    QCOMPARE(reader.readAllStandardOutput(), direct.out);
    QVERIFY(isFifo(fifo));
    QCOMPARE(QFileInfo(target).isSymLink(), throughSymlink);
}

void tst_RblabIo::reportToDevices()
{
    RblabProcess rblab(m_home.path());
    const QStringList run { QStringLiteral("simulate"), kScenario, QStringLiteral("--quiet"),
        QStringLiteral("--until"), QStringLiteral("10s") };
    const RblabProcess::Result direct = rblab.run(run);
    QVERIFY2(direct.exitCode == 0, qPrintable(direct.describe()));

    // /dev/stdout is standard output, not a file to replace.
    const RblabProcess::Result toStdout = rblab.run(
        run + QStringList { QStringLiteral("--report"), QStringLiteral("/dev/stdout") });
    QVERIFY2(toStdout.exitCode == 0, qPrintable(toStdout.describe()));
    QCOMPARE(toStdout.out, direct.out);

    // /dev/null stays the device (asserted only now that writing in place is the rule; the
    // FIFO test above fails first if it is not).
    QVERIFY(isCharDevice(QStringLiteral("/dev/null")));
    const RblabProcess::Result toNull
        = rblab.run(run + QStringList { QStringLiteral("--report"), QStringLiteral("/dev/null") });
    QVERIFY2(toNull.exitCode == 0, qPrintable(toNull.describe()));
    QVERIFY(isCharDevice(QStringLiteral("/dev/null")));
}

void tst_RblabIo::reportTargetCheckedFirst()
{
    // A target that cannot be written fails before the run, naming it, and leaves nothing.
    QTemporaryDir dir;
    RblabProcess rblab(m_home.path());
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/report.json"));
    RblabProcess::Result r = rblab.run({ QStringLiteral("simulate"), kScenario,
        QStringLiteral("--quiet"), QStringLiteral("--report"), missing });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot write " + missing.toUtf8()), r.err.constData());
    r = rblab.run({ QStringLiteral("simulate"), kScenario, QStringLiteral("--quiet"),
        QStringLiteral("--report"), dir.path() });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("is a directory"), r.err.constData());
}

void tst_RblabIo::untilCeiling()
{
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("simulate"), kScenario,
        QStringLiteral("--quiet"), QStringLiteral("--until"), QStringLiteral("169h") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--until is at most 168h"), r.err.constData());
}

void tst_RblabIo::scenarioFromEndlessDevice()
{
    // /dev/zero reports size 0 and never ends: reading stops one byte past 16 MiB.
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r
        = rblab.run({ QStringLiteral("simulate"), QStringLiteral("/dev/zero") }, {}, 30000);
    QVERIFY2(r.finished, "rblab simulate /dev/zero did not end");
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("longer than 16777216 bytes"), r.err.constData());
}

void tst_RblabIo::scenarioFromFifo_data()
{
    QTest::addColumn<QString>("writer"); // a shell command whose output goes into the FIFO
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("said");
    QTest::newRow("a scenario") << QStringLiteral("cat '%1'").arg(kScenario) << 0 << QByteArray();
    QTest::newRow("20 MB") << QStringLiteral("head -c 20000000 /dev/zero") << 1
                           << QByteArray("longer than 16777216 bytes");
}

void tst_RblabIo::scenarioFromFifo()
{
    // A FIFO hands its bytes over in pieces: all of a scenario is read, and no more than the
    // 16 MiB limit of an endless one.
    QFETCH(QString, writer);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, said);
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("scenario.fifo"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QProcess feeder;
    feeder.start(QStringLiteral("/bin/sh"),
        { QStringLiteral("-c"), writer + QStringLiteral(" > '%1' 2>/dev/null").arg(fifo) });
    QVERIFY(feeder.waitForStarted());
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("simulate"), fifo,
        QStringLiteral("--quiet"), QStringLiteral("--until"), QStringLiteral("10s") });
    feeder.kill();
    feeder.waitForFinished(5000);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(said), r.err.constData());
}

void tst_RblabIo::allocateFromEndlessDevice()
{
    // /dev/zero is one endless line: it is answered as too long as soon as it passes the
    // ceiling, and reading it on costs no memory (4 MiB kept at most).
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
    process.setProcessEnvironment(env);
    process.start(
        RblabProcess::program(), { QStringLiteral("allocate"), QStringLiteral("/dev/zero") });
    QVERIFY(process.waitForStarted());
    QByteArray out;
    QElapsedTimer timer;
    timer.start();
    while (!out.contains('\n') && timer.elapsed() < 30000) {
        process.waitForReadyRead(1000);
        out += process.readAllStandardOutput();
    }
    process.kill();
    process.waitForFinished(5000);
    const QJsonObject answer = firstAnswer(out);
    QCOMPARE(answer.value(QStringLiteral("line")).toInt(), 1);
    QCOMPARE(answer.value(QStringLiteral("error")).toString(),
        QStringLiteral("the line is longer than 4194304 bytes, the ceiling"));
}

void tst_RblabIo::answersLineByLine()
{
    // A co-process gets each answer before it sends the next case (and before end of input).
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
    env.remove(QStringLiteral("RBLAB_PLUGIN_PATH"));
    process.setProcessEnvironment(env);
    process.start(RblabProcess::program(), { QStringLiteral("allocate") });
    QVERIFY(process.waitForStarted());
    for (int i = 0; i < 3; ++i) {
        process.write(
            caseLine(QStringLiteral("c%1").arg(i), QStringLiteral("AVG"), {}, 4, 2) + '\n');
        QByteArray answer;
        QElapsedTimer timer;
        timer.start();
        while (!answer.endsWith('\n') && timer.elapsed() < 20000) {
            process.waitForReadyRead(1000);
            answer += process.readAllStandardOutput();
        }
        QVERIFY2(answer.endsWith('\n'), "no answer before the next case");
        QCOMPARE(firstAnswer(answer).value(QStringLiteral("id")).toString(),
            QStringLiteral("c%1").arg(i));
    }
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitCode(), 0);
}

void tst_RblabIo::ceilings_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("key"); // "id" for a case error, "line" for a line error
    QTest::addColumn<QString>("message");
    const QJsonObject none;
    QTest::newRow("queues") << caseLine(QStringLiteral("q"), QStringLiteral("AVG"), none, 16385, 1)
                            << "id"
                            << "queues has 16385 entries; the ceiling is 16384";
    QTest::newRow("consumers") << caseLine(QStringLiteral("c"), QStringLiteral("AVG"), none, 1,
        10001) << "id"
                               << "consumers has 10001 entries; the ceiling is 10000";
    QTest::newRow("broker name")
        << caseLine(QStringLiteral("b"), QStringLiteral("AVG"), none, 1, 1, 256) << "id"
        << "queues[0].brokerName is 256 characters long; the ceiling is 255";
    QTest::newRow("ring")
        << caseLine(QStringLiteral("r"), QStringLiteral("CONSISTENT_HASH"),
               QJsonObject { { QStringLiteral("virtualNodeCount"), 101 } }, 1, 1000)
        << "id"
        << "consumers × virtualNodeCount is 1000 × 101 = 101000 ring nodes; the ceiling is 100000";
    QTest::newRow("ring in MACHINE_ROOM_NEARBY")
        << caseLine(QStringLiteral("r"), QStringLiteral("MACHINE_ROOM_NEARBY"),
               QJsonObject { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") },
                   { QStringLiteral("virtualNodeCount"), 101 } },
               1, 1000)
        << "id"
        << "consumers × virtualNodeCount is 1000 × 101 = 101000 ring nodes; the ceiling is 100000";
    QJsonArray configured;
    for (int i = 0; i < 201; ++i) {
        configured.append(QJsonObject { { QStringLiteral("brokerName"), QStringLiteral("b") },
            { QStringLiteral("queueId"), i } });
    }
    QTest::newRow("answer size (CONFIG)")
        << caseLine(QStringLiteral("cfg"), QStringLiteral("CONFIG"),
               QJsonObject { { QStringLiteral("queues"), configured } }, 1, 1000)
        << "id"
        << "the answer would list 201000 queues over 1000 consumers; the ceiling is 200000";
    QTest::newRow("topic") << QByteArray(R"({"id":"t","strategy":"AVG","topic":")"
        + QByteArray(128, 't') + R"(","queues":[],"consumers":[]})")
                           << "id"
                           << "topic is 128 characters long; the ceiling is 127";
    QTest::newRow("line length") << QByteArray(
        R"({"id":"l","pad":")" + QByteArray(4 * 1024 * 1024, 'p') + R"("})")
                                 << "line"
                                 << "the line is longer than 4194304 bytes, the ceiling";
    QTest::newRow("queueId above int") << QByteArray(
        R"({"id":"big","strategy":"AVG","topic":"T","queues":[{"brokerName":"b","queueId":2147483648}],"consumers":["c"]})")
                                       << "id"
                                       << "queues[0].queueId must be an integer from 0 to "
                                          "2147483647, got 2147483648";
    QTest::newRow("duplicate key") << QByteArray(
        R"({"id":"a","id":"b","strategy":"AVG","topic":"T","queues":[],"consumers":[]})")
                                   << "line"
                                   << "duplicate key \"id\"";
    QTest::newRow("raw control character") << QByteArray(
        "{\"id\":\"a\x01\",\"strategy\":\"AVG\",\"topic\":\"T\",\"queues\":[],\"consumers\":[]}")
                                           << "line"
                                           << "control character U+0001";
    QTest::newRow("raw NUL") << QByteArray(
        "{\"id\":\"a\",\"strategy\":\"AVG\",\"topic\":\"T\x00\",\"queues\":[],\"consumers\":[]}",
        67) << "line"
                             << "control character U+0000";
}

void tst_RblabIo::ceilings()
{
    // Past a ceiling, the answer names the field, the value and the ceiling.
    QFETCH(QByteArray, line);
    QFETCH(QString, key);
    QFETCH(QString, message);
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate") }, line + '\n');
    QVERIFY2(r.finished, qPrintable(r.describe()));
    const QJsonObject answer = firstAnswer(r.out);
    QVERIFY2(answer.contains(key), r.out.left(300).constData());
    QVERIFY2(answer.value(QStringLiteral("error")).toString().contains(message),
        qPrintable(answer.value(QStringLiteral("error")).toString()));
    QCOMPARE(r.exitCode, key == QLatin1String("line") ? 1 : 0);
}

void tst_RblabIo::atTheCeilings()
{
    // At every ceiling at once, each built-in strategy answers (about a second on an idle 2-core
    // machine: bench_allocate measures it; the run's own time limit catches a hang).
    RblabProcess rblab(m_home.path());
    QByteArray input;
    for (const char *strategy : { "AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH" }) {
        input += caseLine(
                     QString::fromLatin1(strategy), QString::fromLatin1(strategy), {}, 16384, 10000)
            + '\n';
    }
    const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate") }, input, 120000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    for (const QByteArray &line : lines) {
        const QJsonObject answer = QJsonDocument::fromJson(line).object();
        QVERIFY2(answer.value(QStringLiteral("allocation")).toObject().size() == 10000,
            line.left(200).constData());
    }
}

void tst_RblabIo::pluginFailures_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("said"); // on standard error, besides the plugin and the case
    QTest::addColumn<int>("exitCode"); // -1: ended by a signal
    QTest::newRow("segfault") << "segv"
                              << "SIGSEGV" << -1;
    QTest::newRow("abort") << "abort"
                           << "SIGABRT" << -1;
    QTest::newRow("stack overflow") << "overflow"
                                    << "SIGSEGV" << -1;
    QTest::newRow("exit(0)") << "exit"
                             << "exit() was called" << 3;
    QTest::newRow("endless loop") << "loop"
                                  << "longer than --call-timeout 500 ms" << 3;
}

void tst_RblabIo::pluginFailures()
{
    // A plugin that takes the process down costs its own case only: the answers before it were
    // written, and standard error names the strategy, its file, the line and the case id.
    QFETCH(QString, action);
    QFETCH(QString, said);
    QFETCH(int, exitCode);
    const QJsonObject fine { { QStringLiteral("action"), QStringLiteral("none") } };
    const QByteArray input
        = caseLine(QStringLiteral("before"), QStringLiteral("FIXTURE_MISBEHAVING"), fine, 2, 1)
        + '\n'
        + caseLine(QStringLiteral("culprit"), QStringLiteral("FIXTURE_MISBEHAVING"),
            QJsonObject { { QStringLiteral("action"), action } }, 2, 1)
        + '\n' + caseLine(QStringLiteral("after"), QStringLiteral("AVG"), {}, 2, 1) + '\n';
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r
        = rblab.run({ QStringLiteral("allocate"), QStringLiteral("--plugin-dir"), kMisbehavingDir,
                        QStringLiteral("--call-timeout"), QStringLiteral("500"),
                        // In process: how the guard names what took rblab down (isolated,
                        // the case is answered with an error: tst_pluginisolation).
                        QStringLiteral("--isolate-plugins=none") },
            input, 30000);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(firstAnswer(r.out).value(QStringLiteral("id")).toString(), QStringLiteral("before"));
    QCOMPARE(r.out.count('\n'), 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(said), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("strategy FIXTURE_MISBEHAVING (")), qPrintable(err));
    QVERIFY2(err.contains(kMisbehavingDir), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("line 2, case id \"culprit\"")), qPrintable(err));
}

void tst_RblabIo::pluginFailuresInSimulate_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("said");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("segfault") << "segv"
                              << "SIGSEGV" << -1;
    QTest::newRow("exit(0)") << "exit"
                             << "exit() was called" << 3;
    QTest::newRow("endless loop") << "loop"
                                  << "longer than --call-timeout 500 ms" << 3;
}

void tst_RblabIo::pluginFailuresInSimulate()
{
    // In a run the engine tells which strategy's code was running: it is named, with its file
    // and the scenario, instead of a bare "Segmentation fault" or a silent exit status 0.
    QFETCH(QString, action);
    QFETCH(QString, said);
    QFETCH(int, exitCode);
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run(
        { QStringLiteral("simulate"), kScenario, QStringLiteral("--quiet"),
            QStringLiteral("--until"), QStringLiteral("10s"), QStringLiteral("--plugin-dir"),
            kMisbehavingDir, QStringLiteral("--strategy"), QStringLiteral("FIXTURE_MISBEHAVING"),
            QStringLiteral("--param"), QStringLiteral("action=") + action,
            QStringLiteral("--call-timeout"), QStringLiteral("500"),
            QStringLiteral("--isolate-plugins=none") }, // in process, as pluginFailures
        {}, 30000);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(said), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("strategy FIXTURE_MISBEHAVING (") + kMisbehavingDir),
        qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral(") in scenario ") + kScenario), qPrintable(err));
}

void tst_RblabIo::callTimeoutSparesTheRun()
{
    // --call-timeout bounds each plugin call, not the run: a run far longer than the timeout,
    // with thousands of quick calls, ends normally with the same report as without it.
    RblabProcess rblab(m_home.path());
    const QStringList run { QStringLiteral("simulate"), kScenario, QStringLiteral("--quiet"),
        QStringLiteral("--until"), QStringLiteral("10m") };
    const RblabProcess::Result plain = rblab.run(run);
    const RblabProcess::Result timed
        = rblab.run(run + QStringList { QStringLiteral("--call-timeout"), QStringLiteral("50") });
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.describe()));
    QVERIFY2(timed.exitCode == 0, qPrintable(timed.describe()));
    QVERIFY2(timed.elapsedMs > 50, qPrintable(QString::number(timed.elapsedMs)));
    QCOMPARE(timed.out, plain.out);
}

QTEST_GUILESS_MAIN(tst_RblabIo)
#include "tst_rblabio.moc"
