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

#include <json/jsonparser.h>
#include <json/savefile.h>

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
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

// The options of rblab simulate, added to the parser.
struct SimulateOptions
{
    QCommandLineOption until { QStringLiteral("until"),
        QStringLiteral("Run for <duration> of virtual time (default: the scenario's duration)."),
        QStringLiteral("duration") };
    QCommandLineOption seed { QStringLiteral("seed"),
        QStringLiteral("Override the scenario's seed."), QStringLiteral("n") };
    QCommandLineOption strategy { QStringLiteral("strategy"),
        QStringLiteral("Use this strategy for every group."), QStringLiteral("name") };
    QCommandLineOption param { QStringLiteral("param"),
        QStringLiteral("A parameter of --strategy (repeatable)."), QStringLiteral("k=v") };
    QCommandLineOption report { QStringLiteral("report"),
        QStringLiteral("Write the report to <file> ('-': standard output, the default)."),
        QStringLiteral("file") };
    QCommandLineOption csv { QStringLiteral("csv"),
        QStringLiteral("Write the time series as CSV files in <dir>."), QStringLiteral("dir") };
    QCommandLineOption timing { QStringLiteral("timing"),
        QStringLiteral(
            "Add wall-clock figures to the report (then it is no longer byte-identical).") };
    QCommandLineOption quiet { QStringLiteral("quiet"), QStringLiteral("No progress bar.") };

    explicit SimulateOptions(QCommandLineParser &parser)
    {
        parser.addOptions({ until, seed, strategy, param, report, csv, timing, quiet });
        parser.clearPositionalArguments();
        parser.addPositionalArgument(QStringLiteral("simulate"),
            QStringLiteral("Run a scenario headless."), QStringLiteral("simulate"));
        parser.addPositionalArgument(QStringLiteral("scenario"),
            QStringLiteral("The scenario file."), QStringLiteral("SCENARIO"));
    }
};

// The scenario file, its warnings (and errors) said on standard error.
std::optional<Scenario> readScenario(CliContext &context, const QString &path)
{
    const ScenarioReadResult read = ScenarioReader::readFile(path, &context.registry());
    if (!read.diagnostics.isEmpty()) {
        context.err << read.errorText();
        if (!read.errorText().endsWith(QLatin1Char('\n'))) {
            context.err << "\n";
        }
        context.err.flush();
    }
    if (!read.ok() || !read.scenario) {
        return std::nullopt;
    }
    return read.scenario;
}

// --until; false (after a message) for a value out of range.
bool readUntil(CliContext &context, const SimulateOptions &o, SimTime *until)
{
    const QCommandLineParser &parser = context.parser;
    if (!parser.isSet(o.until)) {
        return true;
    }
    const std::optional<SimTime> parsed = cliDuration(parser.value(o.until));
    if (parsed && *parsed > ScenarioLimits::maxTime) {
        context.err << "rblab simulate: --until is at most "
                    << formatDuration(ScenarioLimits::maxTime) << " (the ceiling of a "
                    << "scenario's duration), got \"" << parser.value(o.until) << "\"\n";
        return false;
    }
    if (!parsed || *parsed < 0) {
        context.err << "rblab simulate: --until expects a duration such as \"90s\", \"10m\" or "
                       "a number of milliseconds, got \""
                    << parser.value(o.until) << "\"\n";
        return false;
    }
    *until = *parsed;
    return true;
}

// --seed, --strategy and its --param; false (after a message) for a value that is not valid.
bool readRunOptions(CliContext &context, const SimulateOptions &o, Simulation::Options *options)
{
    const QCommandLineParser &parser = context.parser;
    if (parser.isSet(o.seed)) {
        bool ok = false;
        const quint64 seed = parser.value(o.seed).toULongLong(&ok);
        if (!ok) {
            context.err << "rblab simulate: --seed expects a non-negative integer, got \""
                        << parser.value(o.seed) << "\"\n";
            return false;
        }
        options->seed = seed;
    }
    if (!parser.isSet(o.strategy)) {
        if (parser.isSet(o.param)) {
            context.err << "rblab simulate: --param goes with --strategy\n";
            return false;
        }
        return true;
    }
    options->strategy = parser.value(o.strategy);
    for (const QString &kv : parser.values(o.param)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            context.err << "rblab simulate: --param expects k=v, got \"" << kv << "\"\n";
            return false;
        }
        options->strategyParams.insert(kv.left(eq), JsonParser::valueOrText(kv.mid(eq + 1)));
    }
    const ParameterCheck check
        = context.registry().checkParameters(options->strategy, options->strategyParams);
    if (!check.ok()) {
        context.err << "rblab simulate: --strategy " << options->strategy << ": " << check.error
                    << "\n";
        return false;
    }
    return true;
}

/*!
    Where the report goes, opened before the run, so that a run of an hour does not end in
    "cannot write". A regular file (or a new one) is replaced atomically (QSaveFile); anything
    else that exists, a device such as /dev/null or a FIFO, is written in place: renaming a
    temporary file over it would replace the node itself (as root, /dev/null would become a
    regular file). "-" is standard output.
*/
class ReportTarget
{
public:
    ReportTarget(CliContext &context, const QString &target)
        : m_context(context)
        , m_target(target == QLatin1String("/dev/stdout") ? QStringLiteral("-") : target)
        , m_saveFile(m_target)
        , m_inPlaceFile(m_target)
        , m_standardOutput(context)
    {
    }

    bool open()
    {
        if (m_target == QLatin1String("-")) {
            return true;
        }
        const QFileInfo info(m_target);
        if (info.isDir()) {
            m_context.err << "rblab simulate: cannot write " << m_target << ": it is a directory\n";
            return false;
        }
        m_file = info.exists() && !info.isFile() ? static_cast<QFileDevice *>(&m_inPlaceFile)
                                                 : static_cast<QFileDevice *>(&m_saveFile);
        if (!m_file->open(QIODevice::WriteOnly)) {
            m_context.err << "rblab simulate: cannot write " << m_target << ": "
                          << m_file->errorString() << "\n";
            return false;
        }
        return true;
    }

    QIODevice *device() { return m_file ? static_cast<QIODevice *>(m_file) : &m_standardOutput; }

    //! Commits what ReportWriter wrote (`written`, `error`); false after a message when it failed.
    bool finish(bool written, const QString &error)
    {
        if (!m_file) {
            // A refused write to standard output has been told by writeOut; anything else not.
            if (!written && !m_standardOutput.failed()) {
                m_context.err << "rblab simulate: " << error << "\n";
            }
            return written;
        }
        written = m_file == &m_saveFile ? written && commitFully(m_saveFile)
                                        : written && m_inPlaceFile.flush();
        if (!written) {
            m_context.err << "rblab simulate: cannot write " << m_target << ": "
                          << (error.isEmpty() ? m_file->errorString() : error) << "\n";
            return false;
        }
        if (m_file == &m_inPlaceFile) {
            m_inPlaceFile.close();
        }
        return true;
    }

private:
    CliContext &m_context;
    QString m_target;
    QSaveFile m_saveFile;
    QFile m_inPlaceFile;
    StandardOutput m_standardOutput;
    QFileDevice *m_file = nullptr;
};

/*!
    Says up front what a large run costs, and refuses one whose samples cannot fit (false),
    rather than going quiet for minutes or ending in SIGABRT with nothing written.
*/
bool checkCost(CliContext &context, const QString &path, const ScenarioCost &cost, SimTime until)
{
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
        return false;
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
    return true;
}

void runWithProgress(Simulation &simulation, SimTime until, bool showProgress)
{
    if (showProgress) {
        const SimTime step = std::max<SimTime>(1, until / 200);
        for (SimTime t = 0; t < until; t = std::min(until, t + step)) {
            simulation.runUntil(std::min(until, t + step));
            progress(simulation.now(), until, false);
        }
        progress(until, until, true);
    }
    simulation.runUntil(until);
}

// Strategy plugins run inside the simulation: the engine tells which one runs, so that a crash,
// an exit() or a call past --call-timeout names it; outside them the scenario is named.
void namePluginCalls(const StrategyRegistry &registry, const QString &path)
{
    g_names.registry = &registry;
    g_names.scenario = path.left(200);
    setPluginCallHook(onPluginCall);
}

} // namespace

int runSimulateCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const SimulateOptions o(parser);
    parser.process(QCoreApplication::arguments());
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2) {
        context.err
            << "rblab simulate: expected one scenario file (rblab simulate SCENARIO [options])\n";
        return 2;
    }
    const QString path = args.at(1);
    const std::optional<Scenario> scenario = readScenario(context, path);
    if (!scenario) {
        return 1;
    }
    Simulation::Options options;
    SimTime until = scenario->duration;
    if (!readUntil(context, o, &until) || !readRunOptions(context, o, &options)) {
        return 2;
    }
    ReportTarget report(
        context, parser.isSet(o.report) ? parser.value(o.report) : QStringLiteral("-"));
    if (!report.open() || !context.parseCallTimeout()) {
        return 2;
    }
    namePluginCalls(context.registry(), path);
    CliGuard::Call run(
        QStringLiteral("scenario %1 (the engine, no plugin call)").arg(path.left(300)).toUtf8(),
        false);
    // Samples go to a temporary file as they are taken and stream into the report at the end:
    // the run holds its world in memory, not its history.
    options.recording = Simulation::Options::Recording::Spool;
    Simulation simulation(*scenario, context.registry(), options);
    if (!simulation.isValid()) {
        context.err << "rblab simulate: " << path << ": " << simulation.error() << "\n";
        return 1;
    }
    const ScenarioCost cost = ScenarioCost::of(*scenario);
    if (!checkCost(context, path, cost, until)) {
        return 1;
    }
    const auto outOfMemory = [&](const char *while_) {
        context.err << "rblab simulate: " << path << ": out of memory " << while_ << " at "
                    << formatDuration(simulation.now()) << " of " << formatDuration(until)
                    << " of virtual time (estimated ~"
                    << qint64(std::ceil(cost.bytesPerMinute() / (1024.0 * 1024.0)))
                    << " MiB of samples per virtual minute); no report was written\n";
        return 1;
    };
    QElapsedTimer timer;
    timer.start();
    try {
        runWithProgress(simulation, until, !parser.isSet(o.quiet) && isatty(STDERR_FILENO));
    } catch (const std::bad_alloc &) {
        return outOfMemory("while running");
    }
    ReportWriter::Options reportOptions;
    reportOptions.duration = until;
    reportOptions.processedEvents = simulation.processedEventCount();
    if (parser.isSet(o.timing)) {
        reportOptions.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
    }
    const RunRecord record = RunRecord::of(simulation);
    try {
        QString error;
        const bool written
            = ReportWriter::writeJson(record, reportOptions, report.device(), &error);
        if (!report.finish(written, error)) {
            return 2;
        }
    } catch (const std::bad_alloc &) {
        return outOfMemory("while writing the report");
    }
    QString error;
    if (parser.isSet(o.csv) && !ReportWriter::writeCsv(record, parser.value(o.csv), &error)) {
        context.err << "rblab simulate: " << error << "\n";
        return 2;
    }
    return 0;
}
