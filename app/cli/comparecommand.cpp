// SPDX-License-Identifier: Apache-2.0
#include "comparecommand.h"

#include "clicontext.h"
#include "realruncommand.h"

#include <report/comparison.h>
#include <report/comparisonwriter.h>
#include <run/simulation.h>
#include <scenario/scenarioreader.h>

#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <cstdio>

#include <unistd.h>

using namespace Rblab;

namespace {

const QString kCommand = QStringLiteral("rblab compare");

//! --output, or standard output when it is not given.
bool writeOutput(CliContext &context, const QString &output, const QByteArray &data)
{
    return context.writeFile(
        qPrintable(kCommand), output.isEmpty() ? QStringLiteral("-") : output, data);
}

// The options of rblab compare, added to the parser.
struct CompareOptions
{
    QCommandLineOption variant { QStringLiteral("variant"),
        QStringLiteral("A strategy to compare: NAME[:k=v,…][;clientSetting=value…], or a JSON "
                       "file of variants (repeatable)."),
        QStringLiteral("spec") };
    QCommandLineOption group { QStringLiteral("group"),
        QStringLiteral("The group the variants change and the figures describe (default: all)."),
        QStringLiteral("G") };
    QCommandLineOption seeds { QStringLiteral("seeds"),
        QStringLiteral("Run N seeds: the scenario's seed and the N − 1 after it."),
        QStringLiteral("N") };
    QCommandLineOption seedList { QStringLiteral("seed-list"),
        QStringLiteral("Run these seeds (comma-separated)."), QStringLiteral("A,B,…") };
    QCommandLineOption until { QStringLiteral("until"),
        QStringLiteral("Virtual time to run (default: the scenario's duration)."),
        QStringLiteral("D") };
    QCommandLineOption jobs { QStringLiteral("jobs"),
        QStringLiteral("Runs at once (default: the core count)."), QStringLiteral("J") };
    QCommandLineOption format { QStringLiteral("format"),
        QStringLiteral("table (default), json, csv or html."), QStringLiteral("F") };
    QCommandLineOption output { QStringLiteral("output"),
        QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE") };
    QCommandLineOption shard { QStringLiteral("shard"),
        QStringLiteral("Run slice I of N of the runs and write its JSON part."),
        QStringLiteral("I/N") };
    QCommandLineOption merge { QStringLiteral("merge"),
        QStringLiteral("Combine the JSON parts named as arguments.") };
    QCommandLineOption quiet { QStringLiteral("quiet"), QStringLiteral("No progress.") };
    QCommandLineOption real { QStringLiteral("real"),
        QStringLiteral("A real run of the scenario (rblab real-run's folder) beside the engine's "
                       "runs over --seeds N (default 20): a verdict per figure."),
        QStringLiteral("DIR") };

    explicit CompareOptions(QCommandLineParser &parser)
    {
        parser.addOptions({ variant, group, seeds, seedList, until, jobs, format, output, shard,
            merge, quiet, real });
        parser.clearPositionalArguments();
        parser.addPositionalArgument(QStringLiteral("compare"),
            QStringLiteral("Compare strategies on the same scenario, seeds and churn."),
            QStringLiteral("compare SCENARIO --variant SPEC… | compare --merge PART…"));
    }
};

// The shard a run of compare does: index 0 … count − 1 of count.
struct Shard
{
    qsizetype index = 0;
    qsizetype count = 1;
};

// --output is checked before the runs, so a typo does not cost a sweep.
bool outputWritable(CliContext &context, const QString &target)
{
    if (target.isEmpty() || target == QLatin1String("-")) {
        return true;
    }
    const QFileInfo info(target);
    if (info.isDir()) {
        context.err << kCommand << ": --output " << target << " is a folder\n";
        return false;
    }
    const QFileInfo folder(info.absolutePath());
    if (!info.exists() && (!folder.isDir() || !folder.isWritable())) {
        context.err << kCommand << ": --output " << target << ": cannot write in "
                    << info.absolutePath() << "\n";
        return false;
    }
    return true;
}

// --variant specs and variants files; false (after a message) when one is not valid.
bool readVariants(CliContext &context, const QStringList &specs, Comparison &comparison)
{
    QStringList origins; //!< where each variant was named, for the duplicate-name error
    for (const QString &spec : specs) {
        QString error;
        if (spec.endsWith(QLatin1String(".json"))) {
            const QList<Variant> variants = Variant::readFile(spec, &error);
            if (variants.isEmpty()) {
                context.err << kCommand << ": " << error << "\n";
                return false;
            }
            for (qsizetype i = 0; i < variants.size(); ++i) {
                origins.append(QStringLiteral("%1: variants[%2]").arg(spec).arg(i));
            }
            comparison.variants += variants;
            continue;
        }
        const std::optional<Variant> v = Variant::parse(spec, &error);
        if (!v) {
            context.err << kCommand << ": --variant " << error << "\n";
            return false;
        }
        comparison.variants.append(*v);
        origins.append(QStringLiteral("--variant %1").arg(spec));
    }
    // The figures are keyed by name: two variants of one name lost one's results.
    for (qsizetype i = 0; i < comparison.variants.size(); ++i) {
        for (qsizetype j = 0; j < i; ++j) {
            if (comparison.variants.at(i).name == comparison.variants.at(j).name) {
                context.err << kCommand << ": two variants are named \""
                            << comparison.variants.at(i).name << "\" (" << origins.at(j) << " and "
                            << origins.at(i)
                            << "): give each its own \"name\" in a variants file, or compare "
                               "different variants\n";
                return false;
            }
        }
    }
    for (const Variant &v : std::as_const(comparison.variants)) {
        const ParameterCheck check = context.registry().checkParameters(v.strategy, v.params);
        if (!check.ok()) {
            context.err << kCommand << ": --variant \"" << v.name << "\": " << check.error << "\n";
            return false;
        }
    }
    return true;
}

// --group, checked against the scenario's groups.
bool readGroup(
    CliContext &context, const QString &path, const Scenario &scenario, Comparison &comparison)
{
    if (comparison.group.isEmpty() || scenario.group(comparison.group)) {
        return true;
    }
    QStringList names;
    for (const GroupSpec &g : scenario.groups) {
        names.append(g.name);
    }
    context.err << kCommand << ": " << path << " has no group \"" << comparison.group
                << "\" (its groups: " << names.join(QStringLiteral(", ")) << ")\n";
    return false;
}

// --until, --seed-list or --seeds; false (after a message) for a value out of range.
bool readRunLength(CliContext &context, const CompareOptions &options, const Scenario &scenario,
    Comparison &comparison)
{
    const QCommandLineParser &parser = context.parser;
    comparison.until = scenario.duration;
    if (parser.isSet(options.until)) {
        const qint64 ms = cliDuration(parser.value(options.until)).value_or(-1);
        if (ms < 0) {
            context.err << kCommand << ": --until expects a duration such as \"90s\" or "
                        << "\"10m\", got \"" << parser.value(options.until) << "\"\n";
            return false;
        }
        comparison.until = ms;
    }
    if (parser.isSet(options.seedList)) {
        for (const QString &s : parser.value(options.seedList).split(QLatin1Char(','))) {
            bool ok = false;
            const quint64 seed = s.trimmed().toULongLong(&ok);
            if (!ok || comparison.seeds.contains(seed)) {
                context.err << kCommand << ": --seed-list expects distinct whole numbers, got \""
                            << s << "\"\n";
                return false;
            }
            comparison.seeds.append(seed);
        }
        return true;
    }
    int n = 1;
    if (parser.isSet(options.seeds)) {
        bool ok = false;
        n = parser.value(options.seeds).toInt(&ok);
        if (!ok || n < 1 || n > 100000) {
            context.err << kCommand << ": --seeds expects 1 … 100000, got \""
                        << parser.value(options.seeds) << "\"\n";
            return false;
        }
    }
    for (int i = 0; i < n; ++i) {
        comparison.seeds.append(scenario.seed + quint64(i));
    }
    return true;
}

// --jobs and --shard; false (after a message) for a value out of range.
bool readParallelism(CliContext &context, const CompareOptions &options, int *jobs, Shard *shard,
    Comparison &comparison)
{
    const QCommandLineParser &parser = context.parser;
    *jobs = QThread::idealThreadCount();
    if (parser.isSet(options.jobs)) {
        bool ok = false;
        *jobs = parser.value(options.jobs).toInt(&ok);
        if (!ok || *jobs < 1 || *jobs > 256) {
            context.err << kCommand << ": --jobs expects 1 … 256, got \""
                        << parser.value(options.jobs) << "\"\n";
            return false;
        }
    }
    if (!parser.isSet(options.shard)) {
        return true;
    }
    const QStringList parts = parser.value(options.shard).split(QLatin1Char('/'));
    bool okI = false;
    bool okN = false;
    if (parts.size() == 2) {
        shard->index = parts.at(0).toLongLong(&okI) - 1;
        shard->count = parts.at(1).toLongLong(&okN);
    }
    if (!okI || !okN || shard->count < 1 || shard->index < 0 || shard->index >= shard->count) {
        context.err << kCommand << ": --shard expects I/N with 1 ≤ I ≤ N, got \""
                    << parser.value(options.shard) << "\"\n";
        return false;
    }
    comparison.shard = parser.value(options.shard);
    return true;
}

// Runs the shard's runs, with a progress line on a terminal; the exit status on failure.
std::optional<int> runShard(CliContext &context, const CompareOptions &options,
    const Scenario &scenario, int jobs, const Shard &shard, Comparison &comparison)
{
    comparison.planRuns();
    const QList<qsizetype> mine = comparison.shardRuns(shard.index, shard.count);
    const bool showProgress = !context.parser.isSet(options.quiet) && isatty(STDERR_FILENO);
    Comparison::Progress progress;
    if (showProgress) {
        progress = [](int finished, int total) {
            std::fprintf(stderr, "\rrblab compare: %d of %d runs", finished, total);
            std::fflush(stderr);
        };
    }
    const QString error = comparison.execute(scenario, context.registry(), mine, jobs, progress);
    if (showProgress) {
        std::fprintf(stderr, "\n");
    }
    if (!error.isEmpty()) {
        context.err << kCommand << ": " << error << "\n";
        return 1;
    }
    return std::nullopt;
}

// rblab compare SCENARIO --variant …: the comparison, or the exit status of what went wrong.
std::optional<int> compareScenario(CliContext &context, const CompareOptions &options,
    const QStringList &args, Comparison &comparison)
{
    const QCommandLineParser &parser = context.parser;
    if (args.size() != 1) {
        context.err << kCommand << ": expected one scenario file (" << kCommand
                    << " SCENARIO --variant SPEC …)\n";
        return 2;
    }
    const QStringList specs = parser.values(options.variant);
    if (specs.isEmpty()) {
        context.err << kCommand << ": name at least one --variant (a strategy, e.g. "
                    << "--variant AVG --variant BOUNDED_RENDEZVOUS)\n";
        return 2;
    }
    if (!readVariants(context, specs, comparison)) {
        return 2;
    }
    const QString path = args.first();
    const ScenarioReadResult read = ScenarioReader::readFile(path, &context.registry());
    if (!read.ok() || !read.scenario) {
        context.err << read.errorText();
        return 1;
    }
    const Scenario &scenario = *read.scenario;
    comparison.scenario = path;
    comparison.group = parser.value(options.group);
    int jobs = 1;
    Shard shard;
    if (!readGroup(context, path, scenario, comparison)
        || !readRunLength(context, options, scenario, comparison)
        || !readParallelism(context, options, &jobs, &shard, comparison)) {
        return 2;
    }
    return runShard(context, options, scenario, jobs, shard, comparison);
}

QByteArray printed(const QString &format, const Comparison &comparison)
{
    if (format == QLatin1String("json")) {
        return ComparisonWriter::json(comparison);
    }
    if (format == QLatin1String("csv")) {
        return ComparisonWriter::csv(comparison);
    }
    if (format == QLatin1String("html")) {
        return ComparisonWriter::html(comparison);
    }
    return ComparisonWriter::table(comparison);
}

} // namespace

int runCompareCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const CompareOptions options(parser);
    parser.process(QCoreApplication::arguments());
    if (!context.parseCallTimeout()) {
        return 2;
    }
    const QString format
        = parser.isSet(options.format) ? parser.value(options.format) : QStringLiteral("table");
    if (format != QLatin1String("table") && format != QLatin1String("json")
        && format != QLatin1String("csv") && format != QLatin1String("html")) {
        context.err << kCommand << ": --format expects table, json, csv or html, got \"" << format
                    << "\"\n";
        return 2;
    }
    const QStringList args = parser.positionalArguments().mid(1);
    const QString output = parser.value(options.output);
    if (!outputWritable(context, output)) {
        return 2;
    }
    if (parser.isSet(options.real)) {
        if (args.size() != 1 || parser.isSet(options.variant)) {
            context.err << kCommand
                        << ": --real DIR takes the scenario the run played, and no --variant\n";
            return 2;
        }
        if (format != QLatin1String("table") && format != QLatin1String("json")) {
            context.err << kCommand << ": --real prints a table or json\n";
            return 2;
        }
        bool ok = true;
        const int n = parser.isSet(options.seeds) ? parser.value(options.seeds).toInt(&ok) : 20;
        if (!ok || n < 1 || n > 1000) {
            context.err << kCommand << ": --seeds expects 1 to 1000\n";
            return 2;
        }
        return runRealCompare(context, args.first(), parser.value(options.real), n, format, output);
    }
    Comparison comparison;
    if (parser.isSet(options.merge)) {
        if (args.isEmpty()) {
            context.err << kCommand << ": --merge expects the JSON parts to combine\n";
            return 2;
        }
        QString error;
        if (!Comparison::merge(args, &comparison, &error)) {
            context.err << kCommand << ": " << error << "\n";
            return 1;
        }
    } else if (const std::optional<int> failed
        = compareScenario(context, options, args, comparison)) {
        return *failed;
    } else if (!comparison.shard.isEmpty()) {
        // A part is always JSON: it is what --merge reads.
        return writeOutput(context, output, ComparisonWriter::json(comparison)) ? 0 : 2;
    }
    return writeOutput(context, output, printed(format, comparison)) ? 0 : 2;
}
