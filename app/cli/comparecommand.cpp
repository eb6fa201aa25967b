// SPDX-License-Identifier: Apache-2.0
#include "comparecommand.h"

#include "clicontext.h"

#include <model/clientconfig.h>
#include <report/scorecard.h>
#include <scenario/scenarioduration.h>
#include <scenario/scenarioreader.h>
#include <sim/simulation.h>

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSaveFile>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <cmath>
#include <cstdio>

#include <unistd.h>

using namespace Rblab;

namespace {

const QString kCommand = QStringLiteral("rblab compare");
const QString kPartFormat = QStringLiteral("rebalance-lab/compare@1");

/*!
    One column of the comparison: a strategy with its parameters and client settings for the
    compared group(s), as `--variant 'NAME[:k=v,…][;setting=value…]'` or a JSON file writes it.
*/
struct Variant
{
    QString name;
    QString strategy;
    QVariantMap params;
    QVariantMap client; //!< ClientConfig overrides by RocketMQ name (ms for durations)

    QJsonObject toJson() const
    {
        return { { QStringLiteral("name"), name }, { QStringLiteral("strategy"), strategy },
            { QStringLiteral("params"), QJsonObject::fromVariantMap(params) },
            { QStringLiteral("client"), QJsonObject::fromVariantMap(client) } };
    }
};

struct Run
{
    qsizetype variant = 0;
    quint64 seed = 0;
    QMap<QString, QList<double>> figures; //!< group → values of ScorecardFigure::all()
    bool done = false;
};

std::optional<qint64> settingValue(const SettingSpec &spec, const QString &text)
{
    if (spec.kind == SettingSpec::Kind::Boolean) {
        if (text == QLatin1String("true") || text == QLatin1String("1")) {
            return 1;
        }
        if (text == QLatin1String("false") || text == QLatin1String("0")) {
            return 0;
        }
        return std::nullopt;
    }
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (ok) {
        return n;
    }
    if (spec.kind == SettingSpec::Kind::Duration) {
        const auto d = ScenarioDuration::parse(text);
        if (d && d->wholeMilliseconds) {
            return *d->wholeMilliseconds;
        }
    }
    return std::nullopt;
}

// "CONSISTENT_HASH:virtualNodeCount=100;pullThresholdForQueue=500"
std::optional<Variant> parseVariant(const QString &text, QString *error)
{
    const QStringList parts = text.split(QLatin1Char(';'));
    const QString head = parts.first().trimmed();
    Variant v { text, head.section(QLatin1Char(':'), 0, 0), {}, {} };
    if (v.strategy.isEmpty()) {
        *error = QStringLiteral("--variant \"%1\": name a strategy first").arg(text);
        return std::nullopt;
    }
    const QString params = head.section(QLatin1Char(':'), 1);
    if (!params.isEmpty()) {
        for (const QString &kv : params.split(QLatin1Char(','))) {
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                *error = QStringLiteral("--variant \"%1\": expected NAME:k=v,k=v, got \"%2\"")
                             .arg(text, kv);
                return std::nullopt;
            }
            v.params.insert(kv.left(eq).trimmed(), cliParameterValue(kv.mid(eq + 1).trimmed()));
        }
    }
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QString kv = parts.at(i).trimmed();
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        const QString key = kv.left(eq).trimmed();
        const SettingSpec *spec = eq > 0 ? ClientConfig::spec(key) : nullptr;
        if (!spec) {
            *error = QStringLiteral("--variant \"%1\": \"%2\" is not a client setting (see "
                                    "docs/formats/scenario-format.md, \"client\")")
                         .arg(text, kv);
            return std::nullopt;
        }
        const std::optional<qint64> value = settingValue(*spec, kv.mid(eq + 1).trimmed());
        if (!value || !spec->accepts(*value)) {
            *error = QStringLiteral("--variant \"%1\": %2 must be %3, got \"%4\"")
                         .arg(text, key, spec->rangeText(), kv.mid(eq + 1).trimmed());
            return std::nullopt;
        }
        v.client.insert(key, *value);
    }
    return v;
}

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
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(1 << 20), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: offset %2: %3")
                     .arg(path)
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
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
        std::optional<Variant> v = parseVariant(spec, error);
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

// The scenario as a variant runs it: the compared groups use the variant's strategy and client
// settings from the start and throughout: per-consumer strategies (a rolling deploy), joiners'
// strategies and scripted setStrategy events in those groups become the variant's.
Scenario applyVariant(Scenario scenario, const Variant &v, const QString &group)
{
    const auto compared = [&](const QString &name) { return group.isEmpty() || name == group; };
    QHash<QString, QString> groupOf; // consumer handle → group, joiners included
    for (const GroupSpec &g : scenario.groups) {
        for (const ConsumerSpec &c : g.consumers) {
            groupOf.insert(c.handle(), g.name);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join) {
            groupOf.insert(e.joining.handle(), e.group);
        }
    }
    for (GroupSpec &g : scenario.groups) {
        if (!compared(g.name)) {
            continue;
        }
        g.strategy = v.strategy;
        g.strategyParams = v.params;
        for (auto it = v.client.begin(); it != v.client.end(); ++it) {
            g.client.insert(it.key(), it.value());
        }
        for (ConsumerSpec &c : g.consumers) {
            c.strategy.reset();
            c.strategyParams.reset();
        }
    }
    for (ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join && compared(e.group)) {
            e.joining.strategy.reset();
            e.joining.strategyParams.reset();
        } else if (e.action == ScenarioEvent::Action::SetStrategy
            && compared(e.group.isEmpty() ? groupOf.value(e.consumer) : e.group)) {
            e.strategy = v.strategy;
            e.strategyParams = v.params;
        }
    }
    return scenario;
}

double mean(const QList<double> &values)
{
    double sum = 0;
    for (double x : values) {
        sum += x;
    }
    return values.isEmpty() ? 0 : sum / double(values.size());
}

QString number(double value, int decimals)
{
    if (decimals == 0) {
        return QLocale::c().toString(qint64(std::llround(value)));
    }
    return QString::number(value, 'f', decimals);
}

struct Comparison
{
    QString scenario;
    QString group; //!< empty: every group
    SimTime until = 0;
    QList<quint64> seeds;
    QList<Variant> variants;
    QList<Run> runs; //!< variant-major: runs[v * seeds + s]
    QString shard; //!< "I/N" for a part, empty for a whole comparison

    QStringList groups() const
    {
        QStringList names;
        for (const Run &r : runs) {
            for (auto it = r.figures.begin(); it != r.figures.end(); ++it) {
                if (!names.contains(it.key())) {
                    names.append(it.key());
                }
            }
        }
        return names;
    }

    // The values of one figure over the finished runs of a variant, for one group.
    QList<double> values(qsizetype variant, const QString &group, qsizetype figure) const
    {
        QList<double> list;
        for (const Run &r : runs) {
            if (r.variant == variant && r.done && r.figures.contains(group)) {
                list.append(r.figures.value(group).at(figure));
            }
        }
        return list;
    }

    QJsonObject toJson() const
    {
        QJsonArray seedList;
        for (quint64 s : seeds) {
            seedList.append(QString::number(s));
        }
        QJsonArray variantList;
        for (const Variant &v : variants) {
            variantList.append(v.toJson());
        }
        const QList<ScorecardFigure> &figures = ScorecardFigure::all();
        QJsonArray runList;
        for (const Run &r : runs) {
            if (!r.done) {
                continue;
            }
            QJsonObject groupsObject;
            for (auto it = r.figures.begin(); it != r.figures.end(); ++it) {
                QJsonObject f;
                for (qsizetype i = 0; i < figures.size(); ++i) {
                    f.insert(QString::fromLatin1(figures.at(i).key), it.value().at(i));
                }
                groupsObject.insert(it.key(), f);
            }
            runList.append(QJsonObject { { QStringLiteral("variant"), variants.at(r.variant).name },
                { QStringLiteral("seed"), QString::number(r.seed) },
                { QStringLiteral("groups"), groupsObject } });
        }
        QJsonObject summary;
        for (const QString &g : groups()) {
            QJsonObject perVariant;
            for (qsizetype v = 0; v < variants.size(); ++v) {
                QJsonObject f;
                for (qsizetype i = 0; i < figures.size(); ++i) {
                    const QList<double> xs = values(v, g, i);
                    if (xs.isEmpty()) {
                        continue;
                    }
                    f.insert(QString::fromLatin1(figures.at(i).key),
                        QJsonObject { { QStringLiteral("mean"), mean(xs) },
                            { QStringLiteral("min"), *std::min_element(xs.cbegin(), xs.cend()) },
                            { QStringLiteral("max"), *std::max_element(xs.cbegin(), xs.cend()) } });
                }
                perVariant.insert(variants.at(v).name, f);
            }
            summary.insert(g, perVariant);
        }
        QJsonObject root { { QStringLiteral("format"), kPartFormat },
            { QStringLiteral("scenario"), scenario }, { QStringLiteral("until"), until },
            { QStringLiteral("seeds"), seedList }, { QStringLiteral("variants"), variantList },
            { QStringLiteral("runs"), runList }, { QStringLiteral("summary"), summary } };
        if (!group.isEmpty()) {
            root.insert(QStringLiteral("group"), group);
        }
        if (!shard.isEmpty()) {
            root.insert(QStringLiteral("shard"), shard);
        }
        return root;
    }

    QByteArray table() const
    {
        const QList<ScorecardFigure> &figures = ScorecardFigure::all();
        QString out;
        const bool spread = seeds.size() > 1;
        out += QStringLiteral("%1, %2 seed%3 (%4), %5 of virtual time. * marks the best of a row "
                              "(lower is better)%6.\n")
                   .arg(scenario)
                   .arg(seeds.size())
                   .arg(seeds.size() == 1 ? QString() : QStringLiteral("s"))
                   .arg(seedText())
                   .arg(formatDuration(until))
                   .arg(spread ? QStringLiteral("; mean, then min–max over the seeds") : QString());
        for (const QString &g : groups()) {
            out += QStringLiteral("\nGroup %1\n").arg(g);
            QStringList labels;
            int labelWidth = 0;
            for (const ScorecardFigure &f : figures) {
                labelWidth = std::max(labelWidth, int(QString::fromUtf8(f.label).size()));
            }
            QList<QStringList> cells(variants.size());
            QList<int> widths;
            for (qsizetype v = 0; v < variants.size(); ++v) {
                int width = int(variants.at(v).name.size());
                for (qsizetype i = 0; i < figures.size(); ++i) {
                    const QList<double> xs = values(v, g, i);
                    QString cell;
                    if (!xs.isEmpty()) {
                        const int d = figures.at(i).decimals;
                        cell = number(mean(xs), d);
                        if (spread) {
                            cell += QStringLiteral(" (%1–%2)")
                                        .arg(number(*std::min_element(xs.cbegin(), xs.cend()), d),
                                            number(*std::max_element(xs.cbegin(), xs.cend()), d));
                        }
                        if (isBest(v, g, i)) {
                            cell += QLatin1Char('*');
                        } else {
                            cell += QLatin1Char(' ');
                        }
                    }
                    width = std::max(width, int(cell.size()));
                    cells[v].append(cell);
                }
                widths.append(width);
            }
            out += QString(labelWidth, QLatin1Char(' '));
            for (qsizetype v = 0; v < variants.size(); ++v) {
                out += QStringLiteral("  ") + variants.at(v).name.rightJustified(widths.at(v));
            }
            out += QLatin1Char('\n');
            for (qsizetype i = 0; i < figures.size(); ++i) {
                out += QString::fromUtf8(figures.at(i).label).leftJustified(labelWidth);
                for (qsizetype v = 0; v < variants.size(); ++v) {
                    out += QStringLiteral("  ") + cells.at(v).at(i).rightJustified(widths.at(v));
                }
                out += QLatin1Char('\n');
            }
        }
        return out.toUtf8();
    }

    QByteArray csv() const
    {
        // One row per run and group; fields quoted as RFC 4180 asks when they need it.
        const auto field = [](const QString &text) {
            if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
                && !text.contains(QLatin1Char('\n'))) {
                return text;
            }
            QString quoted = text;
            quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
            return QLatin1Char('"') + quoted + QLatin1Char('"');
        };
        QString out = QStringLiteral("variant,seed,group");
        for (const ScorecardFigure &f : ScorecardFigure::all()) {
            out += QLatin1Char(',') + QString::fromLatin1(f.key);
        }
        out += QLatin1Char('\n');
        for (const Run &r : runs) {
            for (auto it = r.figures.begin(); r.done && it != r.figures.end(); ++it) {
                out += field(variants.at(r.variant).name) + QLatin1Char(',')
                    + QString::number(r.seed) + QLatin1Char(',') + field(it.key());
                for (double x : it.value()) {
                    out += QLatin1Char(',') + QString::number(x, 'g', 12);
                }
                out += QLatin1Char('\n');
            }
        }
        return out.toUtf8();
    }

private:
    QString seedText() const
    {
        QStringList list;
        for (quint64 s : seeds) {
            list.append(QString::number(s));
        }
        return list.size() > 6 ? list.first() + QStringLiteral(" … ") + list.last()
                               : list.join(QStringLiteral(", "));
    }

    bool isBest(qsizetype variant, const QString &g, qsizetype figure) const
    {
        if (variants.size() < 2) {
            return false;
        }
        const double mine = mean(values(variant, g, figure));
        for (qsizetype v = 0; v < variants.size(); ++v) {
            const QList<double> xs = values(v, g, figure);
            if (!xs.isEmpty() && mean(xs) < mine) {
                return false;
            }
        }
        // A row where every variant ties marks nobody.
        for (qsizetype v = 0; v < variants.size(); ++v) {
            const QList<double> xs = values(v, g, figure);
            if (!xs.isEmpty() && mean(xs) != mine) {
                return true;
            }
        }
        return false;
    }
};

bool readPart(const QString &path, QJsonObject *root, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(256 << 20), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: offset %2: %3")
                     .arg(path)
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return false;
    }
    *root = doc.object();
    if (root->value(QStringLiteral("format")).toString() != kPartFormat) {
        *error = QStringLiteral("%1: not the JSON of rblab compare (\"format\": \"%2\")")
                     .arg(path, kPartFormat);
        return false;
    }
    return true;
}

// Combines parts written with --shard (or whole comparisons) of the same comparison.
bool mergeParts(const QStringList &paths, Comparison *merged, QString *error)
{
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QSet<QString> seen;
    for (qsizetype p = 0; p < paths.size(); ++p) {
        QJsonObject root;
        if (!readPart(paths.at(p), &root, error)) {
            return false;
        }
        QList<quint64> seeds;
        for (const QJsonValue &s : root.value(QStringLiteral("seeds")).toArray()) {
            seeds.append(s.toString().toULongLong());
        }
        QList<Variant> variants;
        for (const QJsonValue &v : root.value(QStringLiteral("variants")).toArray()) {
            const QJsonObject o = v.toObject();
            variants.append({ o.value(QStringLiteral("name")).toString(),
                o.value(QStringLiteral("strategy")).toString(),
                o.value(QStringLiteral("params")).toObject().toVariantMap(),
                o.value(QStringLiteral("client")).toObject().toVariantMap() });
        }
        if (p == 0) {
            merged->scenario = root.value(QStringLiteral("scenario")).toString();
            merged->group = root.value(QStringLiteral("group")).toString();
            merged->until = root.value(QStringLiteral("until")).toInteger();
            merged->seeds = seeds;
            merged->variants = variants;
        } else {
            QStringList mine;
            QStringList theirs;
            for (const Variant &v : merged->variants) {
                mine.append(v.name);
            }
            for (const Variant &v : variants) {
                theirs.append(v.name);
            }
            if (root.value(QStringLiteral("scenario")).toString() != merged->scenario
                || root.value(QStringLiteral("until")).toInteger() != merged->until
                || seeds != merged->seeds || mine != theirs
                || root.value(QStringLiteral("group")).toString() != merged->group) {
                *error = QStringLiteral("%1 is a part of another comparison than %2 (scenario, "
                                        "group, seeds, variants and --until must match)")
                             .arg(paths.at(p), paths.first());
                return false;
            }
        }
        for (const QJsonValue &value : root.value(QStringLiteral("runs")).toArray()) {
            const QJsonObject o = value.toObject();
            Run run;
            const QString variant = o.value(QStringLiteral("variant")).toString();
            run.variant = -1;
            for (qsizetype v = 0; v < merged->variants.size(); ++v) {
                if (merged->variants.at(v).name == variant) {
                    run.variant = v;
                }
            }
            run.seed = o.value(QStringLiteral("seed")).toString().toULongLong();
            const QString key = variant + QLatin1Char('\n') + QString::number(run.seed);
            if (run.variant < 0 || seen.contains(key)) {
                *error = QStringLiteral("%1: run of variant \"%2\", seed %3 is %4")
                             .arg(paths.at(p), variant)
                             .arg(run.seed)
                             .arg(run.variant < 0 ? QStringLiteral("of an unknown variant")
                                                  : QStringLiteral("in two parts"));
                return false;
            }
            seen.insert(key);
            const QJsonObject groups = o.value(QStringLiteral("groups")).toObject();
            for (auto it = groups.begin(); it != groups.end(); ++it) {
                QList<double> values;
                for (const ScorecardFigure &f : figures) {
                    values.append(it->toObject().value(QString::fromLatin1(f.key)).toDouble());
                }
                run.figures.insert(it.key(), values);
            }
            run.done = true;
            merged->runs.append(run);
        }
    }
    // Runs in variant-major order, as a single run of compare lists them.
    std::sort(merged->runs.begin(), merged->runs.end(), [&](const Run &a, const Run &b) {
        if (a.variant != b.variant) {
            return a.variant < b.variant;
        }
        return merged->seeds.indexOf(a.seed) < merged->seeds.indexOf(b.seed);
    });
    const qsizetype expected = merged->variants.size() * merged->seeds.size();
    if (merged->runs.size() != expected) {
        *error = QStringLiteral("the parts hold %1 of the comparison's %2 runs: a shard is missing")
                     .arg(merged->runs.size())
                     .arg(expected);
        return false;
    }
    return true;
}

bool writeOutput(CliContext &context, const QString &target, const QByteArray &data)
{
    if (target.isEmpty() || target == QLatin1String("-")) {
        const size_t written = std::fwrite(data.constData(), 1, size_t(data.size()), stdout);
        if (written != size_t(data.size()) || std::fflush(stdout) != 0) {
            context.err << kCommand << ": cannot write to standard output\n";
            return false;
        }
        return true;
    }
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        context.err << kCommand << ": cannot write " << target << ": " << file.errorString()
                    << "\n";
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
        QStringLiteral("table (default), json or csv."), QStringLiteral("F"));
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

    const QString format
        = parser.isSet(formatOption) ? parser.value(formatOption) : QStringLiteral("table");
    if (format != QLatin1String("table") && format != QLatin1String("json")
        && format != QLatin1String("csv")) {
        context.err << kCommand << ": --format expects table, json or csv, got \"" << format
                    << "\"\n";
        return 2;
    }
    const QStringList args = parser.positionalArguments().mid(1);
    Comparison comparison;

    if (parser.isSet(mergeOption)) {
        if (args.isEmpty()) {
            context.err << kCommand << ": --merge expects the JSON parts to combine\n";
            return 2;
        }
        QString error;
        if (!mergeParts(args, &comparison, &error)) {
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
        for (const QString &spec : specs) {
            QString error;
            if (spec.endsWith(QLatin1String(".json"))) {
                QStringList names;
                if (!readVariantFile(spec, &names, &comparison.variants, &error)) {
                    context.err << kCommand << ": " << error << "\n";
                    return 2;
                }
                continue;
            }
            const std::optional<Variant> v = parseVariant(spec, &error);
            if (!v) {
                context.err << kCommand << ": " << error << "\n";
                return 2;
            }
            comparison.variants.append(*v);
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
            bool isNumber = false;
            qint64 ms = parser.value(untilOption).toLongLong(&isNumber);
            if (!isNumber) {
                const auto d = ScenarioDuration::parse(parser.value(untilOption));
                ms = d && d->wholeMilliseconds ? *d->wholeMilliseconds : -1;
            }
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
                comparison.runs.append({ v, seed, {}, false });
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
            scenarios.append(applyVariant(scenario, v, comparison.group));
        }
        const bool showProgress = !parser.isSet(quietOption) && isatty(STDERR_FILENO);
        std::atomic<int> finished { 0 };
        QMutex errorLock;
        QString firstError;
        QThreadPool pool;
        pool.setMaxThreadCount(jobs);
        for (qsizetype index : std::as_const(mine)) {
            pool.start([&, index] {
                Run &run = comparison.runs[index];
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
                        }
                    }
                    run.done = true;
                }
                const int n = ++finished;
                if (showProgress) {
                    std::fprintf(stderr, "\rrblab compare: %d of %d runs", n, int(mine.size()));
                    std::fflush(stderr);
                }
            });
        }
        pool.waitForDone();
        if (showProgress) {
            std::fprintf(stderr, "\n");
        }
        if (!firstError.isEmpty()) {
            context.err << kCommand << ": " << firstError << "\n";
            return 1;
        }
        if (!comparison.shard.isEmpty()) {
            // A part is always JSON: it is what --merge reads.
            return writeOutput(context, parser.value(outputOption),
                       QJsonDocument(comparison.toJson()).toJson(QJsonDocument::Indented))
                ? 0
                : 2;
        }
    }

    QByteArray data;
    if (format == QLatin1String("json")) {
        data = QJsonDocument(comparison.toJson()).toJson(QJsonDocument::Indented);
    } else if (format == QLatin1String("csv")) {
        data = comparison.csv();
    } else {
        data = comparison.table();
    }
    return writeOutput(context, parser.value(outputOption), data) ? 0 : 2;
}
