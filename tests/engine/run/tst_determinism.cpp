// SPDX-License-Identifier: Apache-2.0
// Same scenario, same seed, same report (report-format.md): in-process and as the `rblab simulate`
// program, byte for byte, churn included; another seed gives another run; --csv writes one row
// per sample and subject.
#include "rblabprocess.h"
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <scenario/scenarioreader.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

const SimTime kUntil = 150 * kSecond;

QString defaultScenario()
{
    return QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json");
}

QByteArray report(
    const Scenario &scenario, std::optional<quint64> seed, Simulation **keep = nullptr)
{
    Simulation::Options options;
    options.seed = seed;
    auto *sim = new Simulation(scenario, registry(), options);
    sim->runUntil(kUntil);
    ReportWriter::Options reportOptions;
    reportOptions.duration = kUntil;
    const QByteArray bytes = ReportWriter::toJson(*sim, reportOptions);
    if (keep) {
        *keep = sim;
    } else {
        delete sim;
    }
    return bytes;
}

int lines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return -1;
    }
    return int(file.readAll().count('\n'));
}

} // namespace

class tst_Determinism : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameSeedSameReport();
    void otherSeedOtherRun();
    void simulateProcessIsByteIdentical();
    void csvSeries();

private:
    Scenario m_scenario;
};

void tst_Determinism::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
    const ScenarioReadResult read = ScenarioReader::readFile(defaultScenario(), &registry());
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    m_scenario = *read.scenario;
    QVERIFY(m_scenario.churn.has_value());
}

void tst_Determinism::sameSeedSameReport()
{
    Simulation *first = nullptr;
    const QByteArray a = report(m_scenario, std::nullopt, &first);
    std::unique_ptr<Simulation> owner(first);
    const QByteArray b = report(m_scenario, std::nullopt);
    QVERIFY(a.size() > 100000);
    QVERIFY2(a == b, "two runs of the same scenario and seed wrote different reports");
    // The churn did something in that time (a report of an idle world proves little).
    QStringList churned;
    for (const SimEvent &e : first->events()) {
        if (e.isLifecycle() && e.type != SimEvent::Type::Started) {
            churned.append(SimEvent::typeName(e.type));
        }
    }
    QVERIFY2(churned.size() >= 2, qPrintable(churned.join(QLatin1Char(' '))));
    QVERIFY(first->totals().rebalances > 4);
}

void tst_Determinism::otherSeedOtherRun()
{
    const QByteArray a = report(m_scenario, std::nullopt);
    const QByteArray b = report(m_scenario, m_scenario.seed + 1);
    QVERIFY(a != b);
    // The seed is in the report, and the runs differ beyond it.
    QVERIFY(b.contains(QByteArray("\"seed\": ") + QByteArray::number(m_scenario.seed + 1)));
    QVERIFY(a.mid(a.indexOf("\"totals\"")) != b.mid(b.indexOf("\"totals\"")));
}

void tst_Determinism::simulateProcessIsByteIdentical()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    RblabProcess rblab(home.path());
    const QStringList args = { QStringLiteral("simulate"), defaultScenario(),
        QStringLiteral("--until"), QStringLiteral("150s"), QStringLiteral("--quiet") };
    const RblabProcess::Result one = rblab.run(args);
    QVERIFY2(one.finished && one.exitCode == 0, qPrintable(one.describe()));
    const RblabProcess::Result two = rblab.run(args);
    QVERIFY2(two.finished && two.exitCode == 0, qPrintable(two.describe()));
    QVERIFY(one.out.size() > 100000);
    QVERIFY2(one.out == two.out, "two rblab simulate processes wrote different reports");
    // The program and the engine in this process agree too.
    QVERIFY2(one.out == report(m_scenario, std::nullopt),
        "rblab simulate and ReportWriter::toJson differ");

    const RblabProcess::Result seeded
        = rblab.run(args + QStringList { QStringLiteral("--seed"), QStringLiteral("7") });
    QVERIFY2(seeded.finished && seeded.exitCode == 0, qPrintable(seeded.describe()));
    QVERIFY(seeded.out != one.out);
    QVERIFY(seeded.out == report(m_scenario, 7));
}

void tst_Determinism::csvSeries()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString dir = home.filePath(QStringLiteral("series"));
    RblabProcess rblab(home.path());
    const RblabProcess::Result r
        = rblab.run({ QStringLiteral("simulate"), defaultScenario(), QStringLiteral("--until"),
            QStringLiteral("150s"), QStringLiteral("--quiet"), QStringLiteral("--report"),
            home.filePath(QStringLiteral("report.json")), QStringLiteral("--csv"), dir });
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY(r.out.isEmpty()); // the report went to its file

    Simulation *sim = nullptr;
    const QByteArray expected = report(m_scenario, std::nullopt, &sim);
    std::unique_ptr<Simulation> owner(sim);
    QFile reportFile(home.filePath(QStringLiteral("report.json")));
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    QVERIFY(reportFile.readAll() == expected);

    // One row per sample (every second up to and including 150 s) and subject, plus a header.
    const int samples = int(kUntil / m_scenario.sampleInterval);
    QCOMPARE(sim->samples().size(), qsizetype(samples));
    const int consumers = int(sim->consumers().size());
    const int queues = int(sim->queues().size());
    QVERIFY(consumers > 4); // the churn's newcomers have rows too
    QCOMPARE(lines(dir + QStringLiteral("/consumers.csv")), 1 + samples * consumers);
    QCOMPARE(lines(dir + QStringLiteral("/queues.csv")), 1 + samples * queues);
    QCOMPARE(lines(dir + QStringLiteral("/health.csv")), 1 + samples);
    QFile health(dir + QStringLiteral("/health.csv"));
    QVERIFY(health.open(QIODevice::ReadOnly));
    QCOMPARE(health.readLine(), QByteArray("t,orphanedQueues,doubleOwnedQueues\n"));
    QCOMPARE(health.readLine().split(',').first(), QByteArray::number(m_scenario.sampleInterval));
}

QTEST_GUILESS_MAIN(tst_Determinism)
#include "tst_determinism.moc"
