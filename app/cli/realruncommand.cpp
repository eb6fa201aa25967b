// SPDX-License-Identifier: Apache-2.0
#include "realruncommand.h"

#include "clicontext.h"
#include "interruptguard.h"

#include <realrunner.h>
#include <report/realrunfigures.h>
#include <scenario/scenarioreader.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <csignal>
#include <cstdio>
#include <unistd.h>

using namespace Rblab;

namespace {

const char *const kCommand = "rblab real-run";

RealRunner *g_runner = nullptr;

extern "C" void onInterrupt(int)
{
    if (g_runner) {
        g_runner->requestStop();
    }
}

std::optional<Scenario> readScenario(CliContext &context, const char *command, const QString &file)
{
    const ScenarioReadResult read = ScenarioReader::readFile(file, &context.registry());
    if (!read.scenario) {
        context.err << command << ": " << read.errorText() << "\n";
        return std::nullopt;
    }
    return read.scenario;
}

QString fixed(double v, const QString &unit)
{
    if (unit == QLatin1String("queue-seconds")) {
        return QString::number(v, 'f', 2);
    }
    return QString::number(qint64(std::llround(v)));
}

} // namespace

int runRealCompare(CliContext &context, const QString &scenarioFile, const QString &realDir,
    int seeds, const QString &format, const QString &output)
{
    const char *const command = "rblab compare";
    std::optional<Scenario> scenario = readScenario(context, command, scenarioFile);
    if (!scenario) {
        return 2;
    }
    QString error;
    const std::optional<RealRunRecord> real = RealRunRecord::read(realDir, *scenario, &error);
    if (!real) {
        context.err << command << ": " << error << "\n";
        return 2;
    }
    // The engine plays the client the real run had: profile 4.9 for a 4.x RocketMQ, else 5.x.
    const Profile played = real->rocketmq.startsWith(u'4') ? Profile::V49 : Profile::V5;
    if (scenario->profile != played) {
        context.err << command << ": the run was played on RocketMQ " << real->rocketmq
                    << ": the engine runs the scenario with profile " << profileName(played)
                    << " (the file says " << profileName(scenario->profile) << ")\n";
        scenario->profile = played;
    }
    // Each consumer starts when its real start() returned (RealRunRecord::asPlayed).
    const Scenario asPlayed = real->asPlayed(*scenario);
    QList<RunFigures> engine;
    for (int k = 0; k < seeds; ++k) {
        engine.append(engineFigures(
            asPlayed, context.registry(), scenario->seed + quint64(k), real->figures.from));
    }
    const QList<RealComparisonRow> rows = compareReal(real->figures, engine);
    int outside = 0;
    QByteArray text;
    if (format == QLatin1String("json")) {
        QJsonArray list;
        for (const RealComparisonRow &r : rows) {
            outside += r.verdict() ? 0 : 1;
            list.append(QJsonObject { { QStringLiteral("figure"), r.figure },
                { QStringLiteral("unit"), r.unit }, { QStringLiteral("real"), r.real },
                { QStringLiteral("median"), r.median }, { QStringLiteral("least"), r.least },
                { QStringLiteral("most"), r.most }, { QStringLiteral("seeds"), r.seeds },
                { QStringLiteral("inside"), r.inside },
                { QStringLiteral("medianClose"), r.medianClose },
                { QStringLiteral("agrees"), r.verdict() } });
        }
        const QJsonObject root { { QStringLiteral("format"),
                                     QStringLiteral("rebalance-lab/real-comparison@1") },
            { QStringLiteral("scenario"), scenario->name },
            { QStringLiteral("rocketmq"), real->rocketmq },
            { QStringLiteral("profile"), profileName(scenario->profile) },
            { QStringLiteral("seeds"), seeds }, { QStringLiteral("figures"), list } };
        text = QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        QString t
            = QStringLiteral("%1\nReal RocketMQ %2 beside the engine (profile %3, %4 seeds from "
                             "%5); deliveries and queue-seconds from %6 s, when the real group "
                             "had settled\n\n")
                  .arg(scenario->name, real->rocketmq, profileName(scenario->profile))
                  .arg(seeds)
                  .arg(scenario->seed)
                  .arg(double(real->figures.from) / 1000.0, 0, 'f', 3);
        t += QStringLiteral("%1  %2  %3  %4  %5\n")
                 .arg(QStringLiteral("figure"), -44)
                 .arg(QStringLiteral("real"), 9)
                 .arg(QStringLiteral("engine median"), 13)
                 .arg(QStringLiteral("engine range"), 19)
                 .arg(QStringLiteral("verdict"));
        for (const RealComparisonRow &r : rows) {
            outside += r.verdict() ? 0 : 1;
            const QString verdict = r.verdict() ? QStringLiteral("agrees")
                : !r.inside                     ? QStringLiteral("OUTSIDE the range")
                                                : QStringLiteral("median too far");
            t += QStringLiteral("%1  %2  %3  %4  %5\n")
                     .arg(QStringLiteral("%1 (%2)").arg(r.figure, r.unit), -44)
                     .arg(fixed(r.real, r.unit), 9)
                     .arg(fixed(r.median, r.unit), 13)
                     .arg(
                         fixed(r.least, r.unit) + QStringLiteral(" … ") + fixed(r.most, r.unit), 19)
                     .arg(verdict);
        }
        t += QStringLiteral("\n%1 of %2 figures agree.\n")
                 .arg(rows.size() - outside)
                 .arg(rows.size());
        text = t.toUtf8();
    }
    if (output.isEmpty() || output == QLatin1String("-")) {
        if (!context.writeOut(text)) {
            return 2;
        }
    } else if (!context.writeFile(command, output, text)) {
        return 2;
    }
    return outside == 0 ? 0 : 1;
}

int runRealRunCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption rocketmqOption(QStringLiteral("rocketmq"),
        QStringLiteral("The RocketMQ to start (4.9 or 5.x; default: $ROCKETMQ_HOME)."),
        QStringLiteral("DIR"));
    const QCommandLineOption outOption(QStringLiteral("out"),
        QStringLiteral(
            "The run's folder: the cluster, every client's logs, real-run.json, report.json."),
        QStringLiteral("DIR"));
    const QCommandLineOption seedsOption(QStringLiteral("seeds"),
        QStringLiteral(
            "After the run, compare it with the engine over N seeds (default 20; 0: do not)."),
        QStringLiteral("N"));
    const QCommandLineOption planOption(QStringLiteral("plan"),
        QStringLiteral("Print what would be started and done, and stop (no Java needed)."));
    parser.addOptions({ rocketmqOption, outOption, seedsOption, planOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("real-run"),
        QStringLiteral("Play a scenario on a real RocketMQ cluster on loopback, in real time."),
        QStringLiteral("real-run SCENARIO --rocketmq DIR --out DIR"));
    parser.process(QCoreApplication::arguments());
    const QStringList args = parser.positionalArguments().mid(1);
    if (args.size() != 1) {
        context.err << kCommand << ": give one scenario file\n";
        return 2;
    }
    const QString scenarioFile = args.first();
    bool seedsOk = true;
    const int seeds = parser.isSet(seedsOption) ? parser.value(seedsOption).toInt(&seedsOk) : 20;
    if (!seedsOk || seeds < 0 || seeds > 1000) {
        context.err << kCommand << ": --seeds expects 0 to 1000, got \""
                    << parser.value(seedsOption) << "\"\n";
        return 2;
    }
    const std::optional<Scenario> scenario = readScenario(context, kCommand, scenarioFile);
    if (!scenario) {
        return 2;
    }
    QString error;
    RocketMqHome home;
    RealRunPlan::Version version
        = scenario->profile == Profile::V49 ? RealRunPlan::Version::V49 : RealRunPlan::Version::V5;
    if (!parser.isSet(planOption) || parser.isSet(rocketmqOption)
        || !qEnvironmentVariableIsEmpty("ROCKETMQ_HOME")) {
        home = RocketMqHome::find(parser.value(rocketmqOption), &error);
        if (!error.isEmpty()) {
            context.err << kCommand << ": " << error << "\n";
            return 2;
        }
        version = home.family;
    }
    QFile file(scenarioFile);
    QList<int> eventLines;
    QMap<QString, int> groupLines;
    if (file.open(QIODevice::ReadOnly)) {
        RealRunPlan::lines(file.readAll(), &eventLines, &groupLines);
    }
    const RealRunPlan plan = RealRunPlan::make(*scenario, version, eventLines, groupLines);
    if (!plan.ok()) {
        for (const RealRunPlan::Refusal &r : plan.refusals) {
            context.err << kCommand << ": " << r.toString(scenarioFile) << "\n";
        }
        return 2;
    }
    if (parser.isSet(planOption)) {
        QString t;
        t += QStringLiteral("brokers: %1\n").arg(plan.brokers.join(QStringLiteral(", ")));
        for (const RealRunPlan::TopicCreate &c : plan.topics) {
            t += QStringLiteral("topic %1 on %2: %3 queues\n").arg(c.topic, c.broker).arg(c.queues);
        }
        t += QStringLiteral("producer %1\n").arg(plan.producerOptions.join(u' '));
        for (const RealRunPlan::ConsumerLaunch &c : plan.consumers) {
            t += QStringLiteral("consumer %1 (consumers/%2) starts at %3 ms: %4\n")
                     .arg(c.name, c.folder)
                     .arg(c.start)
                     .arg(c.options.join(u' '));
        }
        for (const RealRunPlan::Step &s : plan.steps) {
            t += QStringLiteral("%1 ms  %2\n").arg(s.at).arg(s.describe);
        }
        return context.writeOut(t.toUtf8()) ? 0 : 2;
    }
    if (!parser.isSet(outOption)) {
        context.err << kCommand << ": --out DIR is required (the run's logs and report go there)\n";
        return 2;
    }
    const QString out = QFileInfo(parser.value(outOption)).absoluteFilePath();
    if (QDir(out).exists() && !QDir(out).isEmpty()) {
        context.err << kCommand << ": " << out << " is not empty; give a new folder\n";
        return 2;
    }
    if (!QDir().mkpath(out)) {
        context.err << kCommand << ": cannot create " << out << "\n";
        return 2;
    }
    QFile::copy(scenarioFile, out + QStringLiteral("/scenario.json"));

    QTextStream &err = context.err;
    RealRunner runner(plan, home, out, [&err](const QString &line) {
        err << line << "\n";
        err.flush();
    });
    g_runner = &runner;
    bool ok = false;
    {
        const InterruptGuard interrupts(onInterrupt);
        ok = runner.run();
    }
    g_runner = nullptr;
    if (!ok) {
        context.err << kCommand << ": " << runner.error() << "\n";
        return runner.interrupted() ? 130 : 1;
    }
    if (!runner.died().isEmpty()) {
        context.err << kCommand << ": warning: " << runner.died().join(QStringLiteral(", "))
                    << " ended on its own during the run (real-run.json says why); the run "
                       "does not play the scenario as written\n";
    }
    const std::optional<RealRunRecord> record = RealRunRecord::read(out, *scenario, &error);
    if (!record) {
        context.err << kCommand << ": " << error << "\n";
        return 1;
    }
    if (!context.writeFile(
            kCommand, out + QStringLiteral("/report.json"), record->report(*scenario))) {
        return 2;
    }
    context.err << "Observed report: " << out << "/report.json\n";
    if (seeds == 0) {
        return 0;
    }
    context.err << "Comparing with the engine over " << seeds << " seeds…\n";
    context.err.flush();
    int compared = runRealCompare(context, scenarioFile, out, seeds, QStringLiteral("table"),
        out + QStringLiteral("/comparison.txt"));
    compared = runner.died().isEmpty() ? compared : 3;
    QFile table(out + QStringLiteral("/comparison.txt"));
    if (table.open(QIODevice::ReadOnly)) {
        context.writeOut(table.readAll());
    }
    return compared;
}
