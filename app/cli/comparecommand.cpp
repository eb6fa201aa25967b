// SPDX-License-Identifier: Apache-2.0
#include "comparecommand.h"

#include "clicontext.h"
#include "comparison.h"

#include <settings/clientconfig.h>
#include <report/scorecard.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>
#include <json/jsonnode.h>
#include <json/jsonwriter.h>
#include <json/savefile.h>

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSaveFile>
#include <QThread>

#include <atomic>
#include <thread>
#include <vector>
#include <cmath>
#include <cstdio>

#include <unistd.h>

using namespace Rblab;

namespace {

// The comparison as JSON, through the engine's one writer: the format's own keys first.
QByteArray comparisonJson(const Comparison &comparison)
{
    static const QStringList order { QStringLiteral("format"), QStringLiteral("scenario"),
        QStringLiteral("group"), QStringLiteral("until"), QStringLiteral("shard"),
        QStringLiteral("seeds"), QStringLiteral("variants"), QStringLiteral("runs"),
        QStringLiteral("name"), QStringLiteral("variant"), QStringLiteral("seed") };
    return JsonWriter::write(JsonNode::fromJson(comparison.toJson(), order));
}

const QString kCommand = QStringLiteral("rblab compare");

// A JSON file of variants: {"variants": [{"name", "strategy", "params", "client"}, …]}.
bool readVariantFile(
    const QString &path, QList<QString> *specs, QList<Variant> *variants, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QByteArray data = file.read(1 << 20);
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = jsonParseErrorText(path, data, parseError);
        return false;
    }
    const QJsonArray list = doc.object().value(QStringLiteral("variants")).toArray();
    if (list.isEmpty()) {
        *error = QStringLiteral("%1: expected {\"variants\": [{\"strategy\": …}, …]}").arg(path);
        return false;
    }
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list.at(i).toObject();
        const QString strategy = o.value(QStringLiteral("strategy")).toString();
        if (strategy.isEmpty()) {
            *error = QStringLiteral("%1: variants[%2].strategy: expected a strategy name")
                         .arg(path)
                         .arg(i);
            return false;
        }
        // The client settings go through the same checks as on the command line.
        QString spec = strategy;
        const QJsonObject client = o.value(QStringLiteral("client")).toObject();
        for (auto it = client.begin(); it != client.end(); ++it) {
            spec += QLatin1Char(';') + it.key() + QLatin1Char('=')
                + (it->isBool()          ? QString::fromLatin1(it->toBool() ? "true" : "false")
                        : it->isString() ? it->toString()
                                         : QString::number(it->toInteger()));
        }
        std::optional<Variant> v = Variant::parse(spec, error);
        if (!v) {
            *error = QStringLiteral("%1: variants[%2]: %3").arg(path).arg(i).arg(*error);
            return false;
        }
        v->params = o.value(QStringLiteral("params")).toObject().toVariantMap();
        v->name = o.value(QStringLiteral("name")).toString(spec);
        specs->append(v->name);
        variants->append(*v);
    }
    return true;
}

bool writeOutput(CliContext &context, const QString &target, const QByteArray &data)
{
    if (target.isEmpty() || target == QLatin1String("-")
        || target == QLatin1String("/dev/stdout")) {
        return context.writeOut(data);
    }
    // A device or a FIFO is written in place: QSaveFile's rename would replace the node itself
    // with a regular file (/dev/null, as root).
    const QFileInfo info(target);
    if (info.exists() && !info.isFile() && !info.isDir()) {
        QFile file(target);
        if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.flush()) {
            context.err << kCommand << ": cannot write " << target << ": " << file.errorString()
                        << "\n";
            return false;
        }
        return true;
    }
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !commitFully(file)) {
        context.err << kCommand << ": cannot write " << target << ": " << file.errorString()
                    << "\n";
        return false;
    }
    return true;
}

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

} // namespace

int runCompareCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption variantOption(QStringLiteral("variant"),
        QStringLiteral("A strategy to compare: NAME[:k=v,…][;clientSetting=value…], or a JSON "
                       "file of variants (repeatable)."),
        QStringLiteral("spec"));
    const QCommandLineOption groupOption(QStringLiteral("group"),
        QStringLiteral("The group the variants change and the figures describe (default: all)."),
        QStringLiteral("G"));
    const QCommandLineOption seedsOption(QStringLiteral("seeds"),
        QStringLiteral("Run N seeds: the scenario's seed and the N − 1 after it."),
        QStringLiteral("N"));
    const QCommandLineOption seedListOption(QStringLiteral("seed-list"),
        QStringLiteral("Run these seeds (comma-separated)."), QStringLiteral("A,B,…"));
    const QCommandLineOption untilOption(QStringLiteral("until"),
        QStringLiteral("Virtual time to run (default: the scenario's duration)."),
        QStringLiteral("D"));
    const QCommandLineOption jobsOption(QStringLiteral("jobs"),
        QStringLiteral("Runs at once (default: the core count)."), QStringLiteral("J"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
        QStringLiteral("table (default), json, csv or html."), QStringLiteral("F"));
    const QCommandLineOption outputOption(QStringLiteral("output"),
        QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption shardOption(QStringLiteral("shard"),
        QStringLiteral("Run slice I of N of the runs and write its JSON part."),
        QStringLiteral("I/N"));
    const QCommandLineOption mergeOption(
        QStringLiteral("merge"), QStringLiteral("Combine the JSON parts named as arguments."));
    const QCommandLineOption quietOption(QStringLiteral("quiet"), QStringLiteral("No progress."));
    parser.addOptions({ variantOption, groupOption, seedsOption, seedListOption, untilOption,
        jobsOption, formatOption, outputOption, shardOption, mergeOption, quietOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("compare"),
        QStringLiteral("Compare strategies on the same scenario, seeds and churn."),
        QStringLiteral("compare SCENARIO --variant SPEC… | compare --merge PART…"));
    parser.process(QCoreApplication::arguments());
    if (!context.parseCallTimeout()) {
        return 2;
    }

    const QString format
        = parser.isSet(formatOption) ? parser.value(formatOption) : QStringLiteral("table");
    if (format != QLatin1String("table") && format != QLatin1String("json")
        && format != QLatin1String("csv") && format != QLatin1String("html")) {
        context.err << kCommand << ": --format expects table, json, csv or html, got \"" << format
                    << "\"\n";
        return 2;
    }
    const QStringList args = parser.positionalArguments().mid(1);
    if (!outputWritable(context, parser.value(outputOption))) {
        return 2;
    }
    Comparison comparison;

    if (parser.isSet(mergeOption)) {
        if (args.isEmpty()) {
            context.err << kCommand << ": --merge expects the JSON parts to combine\n";
            return 2;
        }
        QString error;
        if (!Comparison::merge(args, &comparison, &error)) {
            context.err << kCommand << ": " << error << "\n";
            return 1;
        }
    } else {
        if (args.size() != 1) {
            context.err << kCommand << ": expected one scenario file (" << kCommand
                        << " SCENARIO --variant SPEC …)\n";
            return 2;
        }
        QStringList specs = parser.values(variantOption);
        if (specs.size() < 1) {
            context.err << kCommand << ": name at least one --variant (a strategy, e.g. "
                        << "--variant AVG --variant BOUNDED_RENDEZVOUS)\n";
            return 2;
        }
        StrategyRegistry &registry = context.registry();
        QStringList origins; //!< where each variant was named, for the duplicate-name error
        for (const QString &spec : specs) {
            QString error;
            if (spec.endsWith(QLatin1String(".json"))) {
                QStringList names;
                const qsizetype before = comparison.variants.size();
                if (!readVariantFile(spec, &names, &comparison.variants, &error)) {
                    context.err << kCommand << ": " << error << "\n";
                    return 2;
                }
                for (qsizetype i = before; i < comparison.variants.size(); ++i) {
                    origins.append(QStringLiteral("%1: variants[%2]").arg(spec).arg(i - before));
                }
                continue;
            }
            const std::optional<Variant> v = Variant::parse(spec, &error);
            if (!v) {
                context.err << kCommand << ": --variant " << error << "\n";
                return 2;
            }
            comparison.variants.append(*v);
            origins.append(QStringLiteral("--variant %1").arg(spec));
        }
        // The figures are keyed by name: two variants of one name lost one's results.
        for (qsizetype i = 0; i < comparison.variants.size(); ++i) {
            for (qsizetype j = 0; j < i; ++j) {
                if (comparison.variants.at(i).name == comparison.variants.at(j).name) {
                    context.err << kCommand << ": two variants are named \""
                                << comparison.variants.at(i).name << "\" (" << origins.at(j)
                                << " and " << origins.at(i)
                                << "): give each its own \"name\" in a variants file, or "
                                   "compare different variants\n";
                    return 2;
                }
            }
        }
        for (const Variant &v : std::as_const(comparison.variants)) {
            const ParameterCheck check = registry.checkParameters(v.strategy, v.params);
            if (!check.ok()) {
                context.err << kCommand << ": --variant \"" << v.name << "\": " << check.error
                            << "\n";
                return 2;
            }
        }
        const QString path = args.first();
        const ScenarioReadResult read = ScenarioReader::readFile(path, &registry);
        if (!read.ok() || !read.scenario) {
            context.err << read.errorText();
            return 1;
        }
        const Scenario &scenario = *read.scenario;
        comparison.scenario = path;
        comparison.group = parser.value(groupOption);
        if (!comparison.group.isEmpty()) {
            bool found = false;
            QStringList names;
            for (const GroupSpec &g : scenario.groups) {
                found = found || g.name == comparison.group;
                names.append(g.name);
            }
            if (!found) {
                context.err << kCommand << ": " << path << " has no group \"" << comparison.group
                            << "\" (its groups: " << names.join(QStringLiteral(", ")) << ")\n";
                return 2;
            }
        }
        comparison.until = scenario.duration;
        if (parser.isSet(untilOption)) {
            const qint64 ms = cliDuration(parser.value(untilOption)).value_or(-1);
            if (ms < 0) {
                context.err << kCommand << ": --until expects a duration such as \"90s\" or "
                            << "\"10m\", got \"" << parser.value(untilOption) << "\"\n";
                return 2;
            }
            comparison.until = ms;
        }
        if (parser.isSet(seedListOption)) {
            for (const QString &s : parser.value(seedListOption).split(QLatin1Char(','))) {
                bool ok = false;
                const quint64 seed = s.trimmed().toULongLong(&ok);
                if (!ok || comparison.seeds.contains(seed)) {
                    context.err << kCommand
                                << ": --seed-list expects distinct whole numbers, got \"" << s
                                << "\"\n";
                    return 2;
                }
                comparison.seeds.append(seed);
            }
        } else {
            int n = 1;
            if (parser.isSet(seedsOption)) {
                bool ok = false;
                n = parser.value(seedsOption).toInt(&ok);
                if (!ok || n < 1 || n > 100000) {
                    context.err << kCommand << ": --seeds expects 1 … 100000, got \""
                                << parser.value(seedsOption) << "\"\n";
                    return 2;
                }
            }
            for (int i = 0; i < n; ++i) {
                comparison.seeds.append(scenario.seed + quint64(i));
            }
        }
        int jobs = QThread::idealThreadCount();
        if (parser.isSet(jobsOption)) {
            bool ok = false;
            jobs = parser.value(jobsOption).toInt(&ok);
            if (!ok || jobs < 1 || jobs > 256) {
                context.err << kCommand << ": --jobs expects 1 … 256, got \""
                            << parser.value(jobsOption) << "\"\n";
                return 2;
            }
        }
        qsizetype shardIndex = 0;
        qsizetype shardCount = 1;
        if (parser.isSet(shardOption)) {
            const QStringList parts = parser.value(shardOption).split(QLatin1Char('/'));
            bool okI = false;
            bool okN = false;
            if (parts.size() == 2) {
                shardIndex = parts.at(0).toLongLong(&okI) - 1;
                shardCount = parts.at(1).toLongLong(&okN);
            }
            if (!okI || !okN || shardCount < 1 || shardIndex < 0 || shardIndex >= shardCount) {
                context.err << kCommand << ": --shard expects I/N with 1 ≤ I ≤ N, got \""
                            << parser.value(shardOption) << "\"\n";
                return 2;
            }
            comparison.shard = parser.value(shardOption);
        }

        // Every (variant, seed) is a run; a shard takes every N-th of them.
        for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
            for (quint64 seed : std::as_const(comparison.seeds)) {
                comparison.runs.append({ v, seed, {}, {}, false });
            }
        }
        QList<qsizetype> mine;
        for (qsizetype i = 0; i < comparison.runs.size(); ++i) {
            if (i % shardCount == shardIndex) {
                mine.append(i);
            }
        }
        QList<Scenario> scenarios;
        for (const Variant &v : std::as_const(comparison.variants)) {
            scenarios.append(v.apply(scenario, comparison.group));
        }
        const bool showProgress = !parser.isSet(quietOption) && isatty(STDERR_FILENO);
        std::atomic<int> finished { 0 };
        QMutex errorLock;
        QString firstError;
        // Plain threads, each taking the next run: the runs share nothing but the read-only
        // scenarios and registry, and each writes only its own Run.
        Run *const runs = comparison.runs.data();
        std::atomic<qsizetype> next { 0 };
        const auto work = [&] {
            for (;;) {
                const qsizetype k = next++;
                if (k >= mine.size()) {
                    return;
                }
                const qsizetype index = mine.at(k);
                Run &run = runs[index];
                Simulation::Options options;
                options.seed = run.seed;
                Simulation sim(scenarios.at(run.variant), registry, options);
                if (!sim.isValid()) {
                    QMutexLocker lock(&errorLock);
                    if (firstError.isEmpty()) {
                        firstError
                            = QStringLiteral("variant \"%1\": %2")
                                  .arg(comparison.variants.at(run.variant).name, sim.error());
                    }
                } else {
                    sim.runUntil(comparison.until);
                    const RunScorecard card = RunScorecard::compute(sim);
                    for (const GroupScorecard &g : card.groups) {
                        if (comparison.group.isEmpty() || g.group == comparison.group) {
                            run.figures.insert(g.group, card.values(g));
                            if (run.seed == comparison.seeds.constFirst()) {
                                run.series.insert(g.group, g.series);
                            }
                        }
                    }
                    run.done = true;
                }
                const int n = ++finished;
                if (showProgress) {
                    std::fprintf(stderr, "\rrblab compare: %d of %d runs", n, int(mine.size()));
                    std::fflush(stderr);
                }
            }
        };
        std::vector<std::thread> workers;
        for (qsizetype j = 0; j < std::min<qsizetype>(jobs, mine.size()); ++j) {
            workers.emplace_back(work);
        }
        for (std::thread &t : workers) {
            t.join();
        }
        if (showProgress) {
            std::fprintf(stderr, "\n");
        }
        if (!firstError.isEmpty()) {
            context.err << kCommand << ": " << firstError << "\n";
            return 1;
        }
        if (!comparison.shard.isEmpty()) {
            // A part is always JSON: it is what --merge reads.
            return writeOutput(context, parser.value(outputOption), comparisonJson(comparison)) ? 0
                                                                                                : 2;
        }
    }

    QByteArray data;
    if (format == QLatin1String("json")) {
        data = comparisonJson(comparison);
    } else if (format == QLatin1String("csv")) {
        data = comparison.csv();
    } else if (format == QLatin1String("html")) {
        data = comparison.html();
    } else {
        data = comparison.table();
    }
    return writeOutput(context, parser.value(outputOption), data) ? 0 : 2;
}
