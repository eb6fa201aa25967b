// SPDX-License-Identifier: Apache-2.0
// engine.reference_2m.instructions: the instructions the reference world takes for two virtual
// minutes, counted by callgrind. Wall time on a shared 2-core machine varies by half; an
// instruction count does not, so issue 12's engine target is checked on this figure.
#include "benchresults.h"
#include "rblabprocess.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class bench_EngineInstructions : public QObject
{
    Q_OBJECT

private slots:
    void reference2m();
};

/*!
    Runs `rblab simulate tests/data/scenarios/reference-1h.json --until 2m` under
    `valgrind --tool=callgrind` and records the program's total instruction count (the
    "summary:" line of callgrind's output). Reading the scenario and writing the report are in
    the count (about 1 % of it). Skips, saying so, when valgrind is not installed.
    Target (issue 12): ≤ 800 million.
*/
void bench_EngineInstructions::reference2m()
{
    const QString valgrind = QStandardPaths::findExecutable(QStringLiteral("valgrind"));
    if (valgrind.isEmpty()) {
        QSKIP("valgrind is not installed: engine.reference_2m.instructions is not measured");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("callgrind.out"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("RBLAB_PLUGIN_PATH"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.path());
    process.setProcessEnvironment(env);
    process.start(valgrind,
        { QStringLiteral("--tool=callgrind"), QStringLiteral("--callgrind-out-file=") + out,
            RblabProcess::program(), QStringLiteral("simulate"),
            QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/reference-1h.json"),
            QStringLiteral("--until"), QStringLiteral("2m"), QStringLiteral("--quiet"),
            QStringLiteral("--report"), dir.filePath(QStringLiteral("report.json")) });
    QVERIFY2(process.waitForFinished(900000), "callgrind did not finish in 15 minutes");
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
        process.readAllStandardError().constData());

    QFile file(out);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(out));
    qint64 instructions = -1;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.startsWith("summary:") || line.startsWith("totals:")) {
            instructions
                = line.mid(line.indexOf(':') + 1).trimmed().split(' ').value(0).toLongLong();
            break;
        }
    }
    // The run is real: 20,000 messages/s for 120 s cost far more than a million instructions.
    QVERIFY2(instructions > 1000000, "no instruction total in callgrind's output");
    qInfo("engine.reference_2m.instructions: %lld", instructions);
    BenchResults::record(QStringLiteral("engine.reference_2m.instructions"), double(instructions),
        QStringLiteral("instructions"),
        QStringLiteral("callgrind, rblab simulate reference-1h --until 2m; target ≤ 800 million"));
}

QTEST_GUILESS_MAIN(bench_EngineInstructions)
#include "bench_engine_instructions.moc"
