// SPDX-License-Identifier: Apache-2.0
#include "scorestrategycommand.h"

#include "clicontext.h"
#include "comparison.h"

#include <allocation/strategyscorer.h>
#include <json/jsonnode.h>
#include <json/jsonwriter.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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

} // namespace

int runScoreStrategyCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
        QStringLiteral("Seed of the generated consumer ids (default 1)."), QStringLiteral("N"));
    const QCommandLineOption samplesOption(QStringLiteral("samples"),
        QStringLiteral("Consumer id sets per size (default 2, 1 … 20)."), QStringLiteral("N"));
    const QCommandLineOption maxPairsOption(QStringLiteral("max-pairs"),
        QStringLiteral("Leave out sizes with more queues × consumers (default 10,000,000)."),
        QStringLiteral("N"));
    parser.addOptions({ jsonOption, seedOption, samplesOption, maxPairsOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("score-strategy"),
        QStringLiteral("Score strategies on generated membership traces."),
        QStringLiteral("score-strategy NAME[:k=v,…]…"));
    parser.process(QCoreApplication::arguments());
    if (!context.parseCallTimeout()) {
        return 2;
    }

    const QString command = QStringLiteral("rblab score-strategy");
    StrategyScorer::Options options;
    if (parser.isSet(seedOption)) {
        bool ok = false;
        options.seed = parser.value(seedOption).toULongLong(&ok);
        if (!ok) {
            context.err << command << ": --seed expects a whole number ≥ 0, got \""
                        << parser.value(seedOption) << "\"\n";
            return 2;
        }
    }
    if (parser.isSet(samplesOption)) {
        bool ok = false;
        options.samplesPerSize = parser.value(samplesOption).toInt(&ok);
        if (!ok || options.samplesPerSize < 1 || options.samplesPerSize > 20) {
            context.err << command << ": --samples expects 1 … 20, got \""
                        << parser.value(samplesOption) << "\"\n";
            return 2;
        }
    }
    if (parser.isSet(maxPairsOption)) {
        bool ok = false;
        options.maxPairs = parser.value(maxPairsOption).toLongLong(&ok);
        if (!ok || options.maxPairs < 4 || options.maxPairs > 10'000'000) {
            context.err << command << ": --max-pairs expects 4 … 10000000, got \""
                        << parser.value(maxPairsOption) << "\"\n";
            return 2;
        }
    }
    const QStringList names = parser.positionalArguments().mid(1);
    if (names.isEmpty()) {
        context.err << command << ": name at least one strategy (rblab strategies lists them)\n";
        return 2;
    }
    QList<Variant> variants;
    for (const QString &name : names) {
        QString error;
        const std::optional<Variant> v = Variant::parse(name, &error);
        if (!v) {
            context.err << command << ": " << error << "\n";
            return 2;
        }
        if (!v->client.isEmpty()) {
            context.err << command << ": \"" << name
                        << "\": client settings do not change an allocation (rblab compare "
                           "takes them)\n";
            return 2;
        }
        variants.append(*v);
    }

    const QList<ScoreTrace> traces = StrategyScorer::defaultTraces(options);
    QList<StrategyScore> scores;
    QList<double> seconds;
    bool allPartition = true;
    for (const Variant &v : variants) {
        StrategyCreation created = context.registry().create(v.strategy, v.params);
        if (!created.ok()) {
            context.err << command << ": " << v.name << ": " << created.error << "\n";
            return 2;
        }
        QElapsedTimer timer;
        timer.start();
        StrategyScore s = StrategyScorer::score(*created.strategy, traces);
        seconds.append(double(timer.nsecsElapsed()) / 1e9);
        s.strategy = v.name;
        allPartition = allPartition && s.partitionViolations == 0 && s.error.isNull();
        scores.append(s);
    }

    if (parser.isSet(jsonOption)) {
        QJsonArray list;
        for (qsizetype i = 0; i < scores.size(); ++i) {
            const StrategyScore &s = scores.at(i);
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
                { QStringLiteral("seconds"), seconds.at(i) } });
        }
        context.out << QString::fromUtf8(JsonWriter::write(JsonNode::fromJson(
            QJsonObject { { QStringLiteral("seed"), QString::number(options.seed) },
                { QStringLiteral("traces"), traces.size() }, { QStringLiteral("scores"), list } },
            { QStringLiteral("seed"), QStringLiteral("traces"), QStringLiteral("strategy") })));
    } else {
        context.out << "Scores over " << traces.size()
                    << " generated traces (queues 4 … 10,000, consumers 1 … 1,000, at most "
                    << options.maxPairs << " queues × consumers, seed " << options.seed
                    << "); moves are counted against the lower bound, the fewest "
                    << "moves that reach a balanced assignment.\n\n";
        const QStringList rows { QStringLiteral("moves / lower bound, all changes"),
            QStringLiteral("  mean of each change's ratio"), QStringLiteral("  joins"),
            QStringLiteral("  leaves"), QStringLiteral("  rolling restarts"),
            QStringLiteral("largest spread (max − min)"), QStringLiteral("busiest / fair share"),
            QStringLiteral("idle consumers (steps × consumers)"),
            QStringLiteral("partition (each queue once)"), QStringLiteral("seconds") };
        int labelWidth = 0;
        for (const QString &r : rows) {
            labelWidth = std::max(labelWidth, int(r.size()));
        }
        context.out << QString(labelWidth, QLatin1Char(' '));
        for (const StrategyScore &s : scores) {
            context.out << "  " << s.strategy.rightJustified(std::max(12, int(s.strategy.size())));
        }
        context.out << "\n";
        for (qsizetype r = 0; r < rows.size(); ++r) {
            context.out << rows.at(r).leftJustified(labelWidth);
            for (qsizetype i = 0; i < scores.size(); ++i) {
                const StrategyScore &s = scores.at(i);
                QString cell;
                switch (r) {
                case 0:
                    cell = fixed(s.movement.ratio()) + QStringLiteral("×");
                    break;
                case 1:
                    cell = fixed(s.movement.meanChangeRatio()) + QStringLiteral("×");
                    break;
                case 2:
                    cell = fixed(s.joins.ratio()) + QStringLiteral("×");
                    break;
                case 3:
                    cell = fixed(s.leaves.ratio()) + QStringLiteral("×");
                    break;
                case 4:
                    cell = fixed(s.restarts.ratio()) + QStringLiteral("×");
                    break;
                case 5:
                    cell = QString::number(s.maxSpread);
                    break;
                case 6:
                    cell = fixed(s.meanMaxOverFair) + QStringLiteral("×");
                    break;
                case 7:
                    cell = QString::number(s.idleConsumers);
                    break;
                case 8:
                    cell = s.partitionViolations == 0 && s.error.isNull()
                        ? QStringLiteral("always")
                        : QStringLiteral("%1 broken").arg(s.partitionViolations);
                    break;
                default:
                    cell = fixed(seconds.at(i));
                }
                context.out << "  " << cell.rightJustified(std::max(12, int(s.strategy.size())));
            }
            context.out << "\n";
        }
        for (const StrategyScore &s : scores) {
            if (!s.firstViolation.isNull()) {
                context.out << "\n"
                            << s.strategy << ": first broken partition: " << s.firstViolation;
            }
            if (!s.error.isNull()) {
                context.out << "\n" << s.strategy << ": first error: " << s.error;
            }
        }
        context.out << "\n";
    }
    if (!context.finishOut()) {
        return 2;
    }
    return allPartition ? 0 : 1;
}
