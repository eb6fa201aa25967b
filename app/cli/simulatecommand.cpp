// SPDX-License-Identifier: Apache-2.0
#include "simulatecommand.h"

#include "clicontext.h"
#include "cliguard.h"

#include <settings/settingspec.h>
#include <report/reportwriter.h>
#include <scenario/scenariocost.h>
#include <scenario/scenariolimits.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>

#include <json/savefile.h>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

#include <cmath>
#include <cstdio>
#include <new>

#include <unistd.h>

using namespace Rblab;

namespace {

void progress(SimTime now, SimTime until, bool done)
{
    const int width = 40;
    const int filled = until > 0 ? int(double(now) / double(until) * width) : width;
    QByteArray bar(filled, '#');
    bar.append(QByteArray(width - filled, '.'));
    std::fprintf(stderr, "\r[%s] %3d%%  %s / %s%s", bar.constData(),
        until > 0 ? int(100.0 * double(now) / double(until)) : 100, qPrintable(formatDuration(now)),
        qPrintable(formatDuration(until)), done ? "\n" : "");
    std::fflush(stderr);
}

// What the engine's plugin-call hook names: the strategy, its file and the scenario. The text is
// rebuilt only when the strategy changes, since a run makes thousands of calls.
struct PluginCallNames
{
    const StrategyRegistry *registry = nullptr;
    QString scenario;
    QString lastStrategy;
    QByteArray lastText;
};
PluginCallNames g_names;

void onPluginCall(const QString *strategy)
{
    if (!strategy) {
        CliGuard::leave();
        return;
    }
    if (*strategy != g_names.lastStrategy || g_names.lastText.isEmpty()) {
        const PluginRecord *record = g_names.registry->find(*strategy);
        g_names.lastStrategy = *strategy;
        g_names.lastText
            = QStringLiteral("strategy %1 (%2) in scenario %3")
                  .arg(*strategy, record ? record->file : QStringLiteral("?"), g_names.scenario)
                  .toUtf8();
    }
    CliGuard::enter(g_names.lastText);
}

// Standard output as a device, so that the report streams there as it does to a file.
class StandardOutput : public QIODevice
{
public:
    explicit StandardOutput(CliContext &context) : m_context(context)
    {
        open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    }

    bool failed() const { return m_failed; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override
    {
        if (!m_context.writeOut(QByteArrayView(data, size))) {
            setErrorString(QStringLiteral("cannot write to standard output"));
            m_failed = true;
            return -1;
        }
        return size;
    }

private:
    CliContext &m_context;
    bool m_failed = false;
};

} // namespace

int runSimulateCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption untilOption(QStringLiteral("until"),
        QStringLiteral("Run for <duration> of virtual time (default: the scenario's duration)."),
        QStringLiteral("duration"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
        QStringLiteral("Override the scenario's seed."), QStringLiteral("n"));
    const QCommandLineOption strategyOption(QStringLiteral("strategy"),
        QStringLiteral("Use this strategy for every group."), QStringLiteral("name"));
    const QCommandLineOption paramOption(QStringLiteral("param"),
        QStringLiteral("A parameter of --strategy (repeatable)."), QStringLiteral("k=v"));
    const QCommandLineOption reportOption(QStringLiteral("report"),
        QStringLiteral("Write the report to <file> ('-': standard output, the default)."),
        QStringLiteral("file"));
    const QCommandLineOption csvOption(QStringLiteral("csv"),
        QStringLiteral("Write the time series as CSV files in <dir>."), QStringLiteral("dir"));
    const QCommandLineOption timingOption(QStringLiteral("timing"),
        QStringLiteral(
            "Add wall-clock figures to the report (then it is no longer byte-identical)."));
    const QCommandLineOption quietOption(
        QStringLiteral("quiet"), QStringLiteral("No progress bar."));
    parser.addOptions({ untilOption, seedOption, strategyOption, paramOption, reportOption,
        csvOption, timingOption, quietOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("simulate"),
        QStringLiteral("Run a scenario headless."), QStringLiteral("simulate"));
    parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("The scenario file."),
        QStringLiteral("SCENARIO"));
    parser.process(QCoreApplication::arguments());

    const QStringList args = parser.positionalArguments();
    if (args.size() != 2) {
        context.err
            << "rblab simulate: expected one scenario file (rblab simulate SCENARIO [options])\n";
        return 2;
    }
    const QString path = args.at(1);
    StrategyRegistry &registry = context.registry();
    const ScenarioReadResult read = ScenarioReader::readFile(path, &registry);
    if (!read.diagnostics.isEmpty()) {
        context.err << read.errorText();
        if (!read.errorText().endsWith(QLatin1Char('\n'))) {
            context.err << "\n";
        }
        context.err.flush();
    }
    if (!read.ok() || !read.scenario) {
        return 1;
    }

    Simulation::Options options;
    SimTime until = read.scenario->duration;
    if (parser.isSet(untilOption)) {
        const std::optional<SimTime> parsed = cliDuration(parser.value(untilOption));
        if (parsed && *parsed > ScenarioLimits::maxTime) {
            context.err << "rblab simulate: --until is at most "
                        << formatDuration(ScenarioLimits::maxTime) << " (the ceiling of a "
                        << "scenario's duration), got \"" << parser.value(untilOption) << "\"\n";
            return 2;
        }
        if (!parsed || *parsed < 0) {
            context.err << "rblab simulate: --until expects a duration such as \"90s\", \"10m\" or "
                           "a number of milliseconds, got \""
                        << parser.value(untilOption) << "\"\n";
            return 2;
        }
        until = *parsed;
    }
    if (parser.isSet(seedOption)) {
        bool ok = false;
        const quint64 seed = parser.value(seedOption).toULongLong(&ok);
        if (!ok) {
            context.err << "rblab simulate: --seed expects a non-negative integer, got \""
                        << parser.value(seedOption) << "\"\n";
            return 2;
        }
        options.seed = seed;
    }
    if (parser.isSet(strategyOption)) {
        options.strategy = parser.value(strategyOption);
        for (const QString &kv : parser.values(paramOption)) {
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                context.err << "rblab simulate: --param expects k=v, got \"" << kv << "\"\n";
                return 2;
            }
            options.strategyParams.insert(kv.left(eq), cliParameterValue(kv.mid(eq + 1)));
        }
        const ParameterCheck check
            = registry.checkParameters(options.strategy, options.strategyParams);
        if (!check.ok()) {
            context.err << "rblab simulate: --strategy " << options.strategy << ": " << check.error
                        << "\n";
            return 2;
        }
    } else if (parser.isSet(paramOption)) {
        context.err << "rblab simulate: --param goes with --strategy\n";
        return 2;
    }

    // The report's target is opened before the run, so that a run of an hour does not end in
    // "cannot write". A regular file (or a new one) is replaced atomically (QSaveFile); anything
    // else that exists, a device such as /dev/null or a FIFO, is written in place: renaming a
    // temporary file over it would replace the node itself (as root, /dev/null would become a
    // regular file).
    QString target = parser.isSet(reportOption) ? parser.value(reportOption) : QStringLiteral("-");
    if (target == QLatin1String("/dev/stdout")) {
        target = QStringLiteral("-");
    }
    const QFileInfo targetInfo(target);
    QSaveFile saveFile(target);
    QFile inPlaceFile(target);
    QFileDevice *reportFile = nullptr;
    if (target != QLatin1String("-")) {
        if (targetInfo.isDir()) {
            context.err << "rblab simulate: cannot write " << target << ": it is a directory\n";
            return 2;
        }
        reportFile = targetInfo.exists() && !targetInfo.isFile()
            ? static_cast<QFileDevice *>(&inPlaceFile)
            : static_cast<QFileDevice *>(&saveFile);
        if (!reportFile->open(QIODevice::WriteOnly)) {
            context.err << "rblab simulate: cannot write " << target << ": "
                        << reportFile->errorString() << "\n";
            return 2;
        }
    }
    if (!context.parseCallTimeout()) {
        return 2;
    }

    // Strategy plugins run inside the simulation: the engine tells which one runs, so that a
    // crash, an exit() or a call past --call-timeout names it; outside them the scenario is named.
    g_names.registry = &registry;
    g_names.scenario = path.left(200);
    setPluginCallHook(onPluginCall);
    CliGuard::Call run(
        QStringLiteral("scenario %1 (the engine, no plugin call)").arg(path.left(300)).toUtf8(),
        false);
    // Samples go to a temporary file as they are taken and stream into the report at the end:
    // the run holds its world in memory, not its history.
    options.recording = Simulation::Options::Recording::Spool;
    Simulation simulation(*read.scenario, registry, options);
    if (!simulation.isValid()) {
        context.err << "rblab simulate: " << path << ": " << simulation.error() << "\n";
        return 1;
    }
    // Say up front what a large run costs, and refuse one whose samples cannot fit, rather than
    // going quiet for minutes or ending in SIGABRT with nothing written.
    const ScenarioCost cost = ScenarioCost::of(*read.scenario);
    const double mib = 1024.0 * 1024.0;
    const double runBytes = cost.bytesFor(until);
    if (runBytes > ScenarioLimits::maxRunSampleBytes) {
        context.err << "rblab simulate: " << path << ": " << cost.queues << " queues and "
                    << cost.consumers << " consumers sampled "
                    << qint64(cost.samplesPerMinute + 0.5) << " times per virtual minute";
        if (cost.retriesPerSecond > 0) {
            // The broker keeps every message a failed call sends back for the rest of the run.
            context.err << " and " << qint64(cost.retriesPerSecond + 0.5)
                        << " messages sent back per virtual second (failureRate)";
        }
        context.err << " need ~" << qint64(runBytes / mib) << " MiB for " << formatDuration(until)
                    << " of virtual time; the ceiling is "
                    << qint64(ScenarioLimits::maxRunSampleBytes / mib)
                    << " MiB: run less (--until), sample less often (sampleInterval) or simulate "
                    << (cost.retriesPerSecond > 0 ? "fewer queues or failures\n"
                                                  : "fewer queues\n");
        return 1;
    }
    if (cost.secondsPerMinute() > ScenarioLimits::largeRunSecondsPerMinute
        || cost.bytesPerMinute() > ScenarioLimits::largeRunBytesPerMinute) {
        context.err << "rblab simulate: note: this world produces "
                    << qint64(cost.messagesPerSecond) << " messages per virtual second";
        if (cost.deliveriesPerSecond > cost.messagesPerSecond * 1.005) {
            // Broadcasting members and retries multiply the listener calls.
            context.err << " (" << qint64(cost.deliveriesPerSecond + 0.5)
                        << " listener calls with broadcasting and retries)";
        }
        context.err << ", with " << cost.consumers << " consumers (" << cost.largestGroup
                    << " in the largest group) and " << cost.queues << " queues; expect ~"
                    << qint64(std::ceil(cost.secondsPerMinute())) << " s and ~"
                    << qint64(std::ceil(cost.bytesPerMinute() / mib))
                    << " MiB per virtual minute\n";
        context.err.flush();
    }
    const bool showProgress = !parser.isSet(quietOption) && isatty(STDERR_FILENO);
    QElapsedTimer timer;
    timer.start();
    const auto outOfMemory = [&](const char *while_) {
        context.err << "rblab simulate: " << path << ": out of memory " << while_ << " at "
                    << formatDuration(simulation.now()) << " of " << formatDuration(until)
                    << " of virtual time (estimated ~"
                    << qint64(std::ceil(cost.bytesPerMinute() / mib))
                    << " MiB of samples per virtual minute); no report was written\n";
        return 1;
    };
    try {
        if (showProgress) {
            const SimTime step = std::max<SimTime>(1, until / 200);
            for (SimTime t = 0; t < until; t = std::min(until, t + step)) {
                simulation.runUntil(std::min(until, t + step));
                progress(simulation.now(), until, false);
            }
            progress(until, until, true);
        }
        simulation.runUntil(until);
    } catch (const std::bad_alloc &) {
        return outOfMemory("while running");
    }
    const double wall = double(timer.nsecsElapsed()) / 1e9;

    ReportWriter::Options reportOptions;
    reportOptions.duration = until;
    reportOptions.processedEvents = simulation.processedEventCount();
    if (parser.isSet(timingOption)) {
        reportOptions.wallSeconds = wall;
    }
    StandardOutput standardOutput(context);
    QIODevice *device = reportFile ? static_cast<QIODevice *>(reportFile) : &standardOutput;
    const RunRecord record = RunRecord::of(simulation);
    try {
        QString error;
        bool written = ReportWriter::writeJson(record, reportOptions, device, &error);
        if (reportFile) {
            written = reportFile == &saveFile ? written && commitFully(saveFile)
                                              : written && inPlaceFile.flush();
            if (!written) {
                context.err << "rblab simulate: cannot write " << target << ": "
                            << (error.isEmpty() ? reportFile->errorString() : error) << "\n";
                return 2;
            }
            if (reportFile == &inPlaceFile) {
                inPlaceFile.close();
            }
        } else if (!written) {
            // A refused write to standard output has been told by writeOut; anything else not.
            if (!standardOutput.failed()) {
                context.err << "rblab simulate: " << error << "\n";
            }
            return 2;
        }
    } catch (const std::bad_alloc &) {
        return outOfMemory("while writing the report");
    }
    if (parser.isSet(csvOption)) {
        QString error;
        if (!ReportWriter::writeCsv(record, parser.value(csvOption), &error)) {
            context.err << "rblab simulate: " << error << "\n";
            return 2;
        }
    }
    return 0;
}
