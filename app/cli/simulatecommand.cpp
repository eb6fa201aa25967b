// SPDX-License-Identifier: Apache-2.0
#include "simulatecommand.h"

#include "clicontext.h"

#include <model/settingspec.h>
#include <report/reportwriter.h>
#include <scenario/scenariocost.h>
#include <scenario/scenarioduration.h>
#include <scenario/scenariolimits.h>
#include <scenario/scenarioreader.h>
#include <sim/simulation.h>

#include <QElapsedTimer>
#include <QFile>
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

// --param k=v: the value as JSON when it reads as JSON (numbers, booleans, lists), else text.
QVariant paramValue(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArrayLiteral("[") + text.toUtf8() + QByteArrayLiteral("]"), &error);
    if (error.error == QJsonParseError::NoError && doc.isArray() && doc.array().size() == 1) {
        return doc.array().first().toVariant();
    }
    return text;
}

// A duration on the command line: "90s", "10m", "1.5h" or a number of milliseconds.
std::optional<SimTime> durationArgument(const QString &text)
{
    bool isNumber = false;
    const qint64 ms = text.toLongLong(&isNumber);
    if (isNumber) {
        return ms;
    }
    const auto value = ScenarioDuration::parse(text);
    if (!value || !value->wholeMilliseconds) {
        return std::nullopt;
    }
    return *value->wholeMilliseconds;
}

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
        const std::optional<SimTime> parsed = durationArgument(parser.value(untilOption));
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
            options.strategyParams.insert(kv.left(eq), paramValue(kv.mid(eq + 1)));
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
                    << qint64(cost.samplesPerMinute + 0.5) << " times per virtual minute need ~"
                    << qint64(runBytes / mib) << " MiB for " << formatDuration(until)
                    << " of virtual time; the ceiling is "
                    << qint64(ScenarioLimits::maxRunSampleBytes / mib)
                    << " MiB: run less (--until), sample less often (sampleInterval) or simulate "
                       "fewer queues\n";
        return 1;
    }
    if (cost.secondsPerMinute() > ScenarioLimits::largeRunSecondsPerMinute
        || cost.bytesPerMinute() > ScenarioLimits::largeRunBytesPerMinute) {
        context.err << "rblab simulate: note: this world produces "
                    << qint64(cost.messagesPerSecond) << " messages per virtual second, with "
                    << cost.consumers << " consumers (" << cost.largestGroup
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
    QByteArray report;
    try {
        report = ReportWriter::toJson(simulation, reportOptions);
    } catch (const std::bad_alloc &) {
        return outOfMemory("while writing the report");
    }
    const QString target
        = parser.isSet(reportOption) ? parser.value(reportOption) : QStringLiteral("-");
    if (target == QLatin1String("-")) {
        std::fwrite(report.constData(), 1, size_t(report.size()), stdout);
        std::fflush(stdout);
    } else {
        QSaveFile file(target);
        if (!file.open(QIODevice::WriteOnly) || file.write(report) != report.size()
            || !file.commit()) {
            context.err << "rblab simulate: cannot write " << target << ": " << file.errorString()
                        << "\n";
            return 2;
        }
    }
    if (parser.isSet(csvOption)) {
        QString error;
        if (!ReportWriter::writeCsv(simulation, parser.value(csvOption), &error)) {
            context.err << "rblab simulate: " << error << "\n";
            return 2;
        }
    }
    return 0;
}
