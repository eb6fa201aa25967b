// SPDX-License-Identifier: Apache-2.0
#include "scorestrategycommand.h"

#include "clicontext.h"

#include <allocation/strategyscorer.h>
#include <json/jsonnode.h>
#include <json/jsonwriter.h>
#include <report/variant.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

#include <functional>

using namespace Rblab;

namespace {

QJsonObject movementJson(const MovementFigures &m)
{
    return QJsonObject { { QStringLiteral("changes"), m.changes },
        { QStringLiteral("moves"), m.moves }, { QStringLiteral("lowerBound"), m.lowerBound },
        { QStringLiteral("ratio"), m.ratio() },
        { QStringLiteral("meanChangeRatio"), m.meanChangeRatio() } };
}

QString fixed(double value, int decimals = 2)
{
    return QString::number(value, 'f', decimals);
}

const QString kCommand = QStringLiteral("rblab score-strategy");

// The options of rblab score-strategy, added to the parser.
struct ScoreOptions
{
    QCommandLineOption json { QStringLiteral("json"), QStringLiteral("Print JSON.") };
    QCommandLineOption seed { QStringLiteral("seed"),
        QStringLiteral("Seed of the generated consumer ids (default 1)."), QStringLiteral("N") };
    QCommandLineOption samples { QStringLiteral("samples"),
        QStringLiteral("Consumer id sets per size (default 2, 1 … 20)."), QStringLiteral("N") };
    QCommandLineOption maxPairs { QStringLiteral("max-pairs"),
        QStringLiteral("Leave out sizes with more queues × consumers (default 10,000,000)."),
        QStringLiteral("N") };

    explicit ScoreOptions(QCommandLineParser &parser)
    {
        parser.addOptions({ json, seed, samples, maxPairs });
        parser.clearPositionalArguments();
        parser.addPositionalArgument(QStringLiteral("score-strategy"),
            QStringLiteral("Score strategies on generated membership traces."),
            QStringLiteral("score-strategy NAME[:k=v,…]…"));
    }
};

// --seed, --samples and --max-pairs; false (after a message) for a value out of range.
bool readScorerOptions(CliContext &context, const ScoreOptions &o, StrategyScorer::Options *out)
{
    const QCommandLineParser &parser = context.parser;
    bool ok = true;
    if (parser.isSet(o.seed)) {
        out->seed = parser.value(o.seed).toULongLong(&ok);
        if (!ok) {
            context.err << kCommand << ": --seed expects a whole number ≥ 0, got \""
                        << parser.value(o.seed) << "\"\n";
            return false;
        }
    }
    if (parser.isSet(o.samples)) {
        out->samplesPerSize = parser.value(o.samples).toInt(&ok);
        if (!ok || out->samplesPerSize < 1 || out->samplesPerSize > 20) {
            context.err << kCommand << ": --samples expects 1 … 20, got \""
                        << parser.value(o.samples) << "\"\n";
            return false;
        }
    }
    if (parser.isSet(o.maxPairs)) {
        out->maxPairs = parser.value(o.maxPairs).toLongLong(&ok);
        if (!ok || out->maxPairs < 4 || out->maxPairs > 10'000'000) {
            context.err << kCommand << ": --max-pairs expects 4 … 10000000, got \""
                        << parser.value(o.maxPairs) << "\"\n";
            return false;
        }
    }
    return true;
}

// The strategies named as arguments; nullopt (after a message) when one is not valid.
std::optional<QList<Variant>> readStrategies(CliContext &context, const QStringList &names)
{
    if (names.isEmpty()) {
        context.err << kCommand << ": name at least one strategy (rblab strategies lists them)\n";
        return std::nullopt;
    }
    QList<Variant> variants;
    for (const QString &name : names) {
        QString error;
        const std::optional<Variant> v = Variant::parse(name, &error);
        if (!v) {
            context.err << kCommand << ": " << error << "\n";
            return std::nullopt;
        }
        if (!v->client.isEmpty()) {
            context.err << kCommand << ": \"" << name
                        << "\": client settings do not change an allocation (rblab compare "
                           "takes them)\n";
            return std::nullopt;
        }
        variants.append(*v);
    }
    return variants;
}

// What the scores print: each strategy's score and the seconds it took.
struct Scores
{
    QList<StrategyScore> scores;
    QList<double> seconds;
};

void printJson(CliContext &context, const StrategyScorer::Options &options, qsizetype traces,
    const Scores &result)
{
    QJsonArray list;
    for (qsizetype i = 0; i < result.scores.size(); ++i) {
        const StrategyScore &s = result.scores.at(i);
        list.append(QJsonObject { { QStringLiteral("strategy"), s.strategy },
            { QStringLiteral("traces"), s.traces }, { QStringLiteral("steps"), s.steps },
            { QStringLiteral("movement"), movementJson(s.movement) },
            { QStringLiteral("joins"), movementJson(s.joins) },
            { QStringLiteral("leaves"), movementJson(s.leaves) },
            { QStringLiteral("rollingRestarts"), movementJson(s.restarts) },
            { QStringLiteral("maxSpread"), s.maxSpread },
            { QStringLiteral("meanMaxOverFair"), s.meanMaxOverFair },
            { QStringLiteral("idleConsumers"), s.idleConsumers },
            { QStringLiteral("partitionViolations"), s.partitionViolations },
            { QStringLiteral("firstViolation"),
                s.firstViolation.isNull() ? QJsonValue() : QJsonValue(s.firstViolation) },
            { QStringLiteral("error"), s.error.isNull() ? QJsonValue() : QJsonValue(s.error) },
            { QStringLiteral("seconds"), result.seconds.at(i) } });
    }
    context.out << QString::fromUtf8(JsonWriter::write(JsonNode::fromJson(
        QJsonObject { { QStringLiteral("seed"), QString::number(options.seed) },
            { QStringLiteral("traces"), traces }, { QStringLiteral("scores"), list } },
        { QStringLiteral("seed"), QStringLiteral("traces"), QStringLiteral("strategy") })));
}

// A row of the table: its label and the cell of each strategy.
struct Row
{
    QString label;
    std::function<QString(const StrategyScore &, double seconds)> cell;
};

const QList<Row> &tableRows()
{
    const auto ratio = [](double value) { return fixed(value) + QStringLiteral("×"); };
    static const QList<Row> rows {
        { QStringLiteral("moves / lower bound, all changes"),
            [=](const StrategyScore &s, double) { return ratio(s.movement.ratio()); } },
        { QStringLiteral("  mean of each change's ratio"),
            [=](const StrategyScore &s, double) { return ratio(s.movement.meanChangeRatio()); } },
        { QStringLiteral("  joins"),
            [=](const StrategyScore &s, double) { return ratio(s.joins.ratio()); } },
        { QStringLiteral("  leaves"),
            [=](const StrategyScore &s, double) { return ratio(s.leaves.ratio()); } },
        { QStringLiteral("  rolling restarts"),
            [=](const StrategyScore &s, double) { return ratio(s.restarts.ratio()); } },
        { QStringLiteral("largest spread (max − min)"),
            [](const StrategyScore &s, double) { return QString::number(s.maxSpread); } },
        { QStringLiteral("busiest / fair share"),
            [=](const StrategyScore &s, double) { return ratio(s.meanMaxOverFair); } },
        { QStringLiteral("idle consumers (steps × consumers)"),
            [](const StrategyScore &s, double) { return QString::number(s.idleConsumers); } },
        { QStringLiteral("partition (each queue once)"),
            [](const StrategyScore &s, double) {
                return s.partitionViolations == 0 && s.error.isNull()
                    ? QStringLiteral("always")
                    : QStringLiteral("%1 broken").arg(s.partitionViolations);
            } },
        { QStringLiteral("seconds"),
            [](const StrategyScore &, double seconds) { return fixed(seconds); } },
    };
    return rows;
}

void printTable(CliContext &context, const StrategyScorer::Options &options, qsizetype traces,
    const Scores &result)
{
    context.out << "Scores over " << traces
                << " generated traces (queues 4 … 10,000, consumers 1 … 1,000, at most "
                << options.maxPairs << " queues × consumers, seed " << options.seed
                << "); moves are counted against the lower bound, the fewest "
                << "moves that reach a balanced assignment.\n\n";
    int labelWidth = 0;
    for (const Row &r : tableRows()) {
        labelWidth = std::max(labelWidth, int(r.label.size()));
    }
    context.out << QString(labelWidth, QLatin1Char(' '));
    for (const StrategyScore &s : result.scores) {
        context.out << "  " << s.strategy.rightJustified(std::max(12, int(s.strategy.size())));
    }
    context.out << "\n";
    for (const Row &row : tableRows()) {
        context.out << row.label.leftJustified(labelWidth);
        for (qsizetype i = 0; i < result.scores.size(); ++i) {
            const StrategyScore &s = result.scores.at(i);
            context.out << "  "
                        << row.cell(s, result.seconds.at(i))
                               .rightJustified(std::max(12, int(s.strategy.size())));
        }
        context.out << "\n";
    }
    for (const StrategyScore &s : result.scores) {
        if (!s.firstViolation.isNull()) {
            context.out << "\n" << s.strategy << ": first broken partition: " << s.firstViolation;
        }
        if (!s.error.isNull()) {
            context.out << "\n" << s.strategy << ": first error: " << s.error;
        }
    }
    context.out << "\n";
}

} // namespace

int runScoreStrategyCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const ScoreOptions o(parser);
    parser.process(QCoreApplication::arguments());
    if (!context.parseCallTimeout()) {
        return 2;
    }
    StrategyScorer::Options options;
    if (!readScorerOptions(context, o, &options)) {
        return 2;
    }
    const std::optional<QList<Variant>> variants
        = readStrategies(context, parser.positionalArguments().mid(1));
    if (!variants) {
        return 2;
    }
    const QList<ScoreTrace> traces = StrategyScorer::defaultTraces(options);
    Scores result;
    bool allPartition = true;
    for (const Variant &v : *variants) {
        StrategyCreation created = context.registry().create(v.strategy, v.params);
        if (!created.ok()) {
            context.err << kCommand << ": " << v.name << ": " << created.error << "\n";
            return 2;
        }
        QElapsedTimer timer;
        timer.start();
        StrategyScore s = StrategyScorer::score(*created.strategy, traces);
        result.seconds.append(double(timer.nsecsElapsed()) / 1e9);
        s.strategy = v.name;
        allPartition = allPartition && s.partitionViolations == 0 && s.error.isNull();
        result.scores.append(s);
    }
    if (parser.isSet(o.json)) {
        printJson(context, options, traces.size(), result);
    } else {
        printTable(context, options, traces.size(), result);
    }
    if (!context.finishOut()) {
        return 2;
    }
    return allPartition ? 0 : 1;
}
