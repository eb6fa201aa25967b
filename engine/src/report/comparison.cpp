// SPDX-License-Identifier: Apache-2.0
#include "report/comparison.h"

#include "allocation/strategyregistry.h"
#include "json/diagnostic.h"
#include "json/jsonnode.h"
#include "json/jsonparser.h"
#include "run/simulation.h"

#include <QFile>
#include <QMutex>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

namespace Rblab {

namespace {

QString text(const JsonNode &object, QStringView key)
{
    const JsonNode *value = object.value(key);
    return value && value->isString() ? value->text() : QString();
}

quint64 seedOf(const JsonNode &node)
{
    return node.isString() ? node.text().toULongLong() : node.toUInt64().value_or(0);
}

QList<ScorecardPoint> seriesFromJson(const JsonNode &o)
{
    static const JsonNode none = JsonNode::makeArray();
    const auto column = [&](QStringView key) -> const JsonNode & {
        const JsonNode *list = o.value(key);
        return list && list->isArray() ? *list : none;
    };
    const JsonNode &t = column(u"t");
    const JsonNode &lag = column(u"lag");
    const JsonNode &unowned = column(u"unownedQueues");
    const JsonNode &doubleOwned = column(u"doubleOwnedQueues");
    const JsonNode &cached = column(u"cachedMessages");
    const auto at = [](const JsonNode &list, qsizetype i) {
        return i < list.size() ? qint64(list.items()[size_t(i)].toDouble()) : 0;
    };
    QList<ScorecardPoint> points;
    for (qsizetype i = 0; i < t.size(); ++i) {
        points.append({ at(t, i), at(lag, i), qint32(at(unowned, i)), qint32(at(doubleOwned, i)),
            at(cached, i) });
    }
    return points;
}

// A run of a part: its variant by name, its seed, its figures by group and its series.
bool runFromJson(const JsonNode &o, const Comparison &comparison, const QString &path,
    Comparison::Run *run, QString *error)
{
    const QString variant = text(o, u"variant");
    run->variant = -1;
    for (qsizetype v = 0; v < comparison.variants.size(); ++v) {
        if (comparison.variants.at(v).name == variant) {
            run->variant = v;
        }
    }
    const JsonNode *seed = o.value(u"seed");
    run->seed = seed ? seedOf(*seed) : 0;
    if (run->variant < 0) {
        *error = QStringLiteral("%1: run of variant \"%2\", seed %3 is of an unknown variant")
                     .arg(path, variant)
                     .arg(run->seed);
        return false;
    }
    const JsonNode *groups = o.value(u"groups");
    for (qsizetype g = 0; groups && g < groups->size(); ++g) {
        const QString group = groups->keys().at(g).name;
        const JsonNode &figuresOfGroup = groups->items()[size_t(g)];
        QList<double> values;
        for (const ScorecardFigure &f : ScorecardFigure::all()) {
            const JsonNode *figure = figuresOfGroup.value(QString::fromLatin1(f.key));
            // A part written by an older rblab lacks the figures added since (for example
            // orphanedQueueSeconds): reading it as 0 would make that variant look perfect, so
            // the merge refuses it and says which shard to run again.
            if (!figure || !figure->isNumber()) {
                *error = QStringLiteral(
                    "%1: run of variant \"%2\", seed %3, group \"%4\" has no number for the "
                    "figure \"%5\" (the part comes from another version of rblab; run that "
                    "shard again with this one)")
                             .arg(path, variant)
                             .arg(run->seed)
                             .arg(group, QString::fromLatin1(f.key));
                return false;
            }
            values.append(figure->toDouble());
        }
        run->figures.insert(group, values);
    }
    const JsonNode *series = o.value(u"series");
    for (qsizetype g = 0; series && g < series->size(); ++g) {
        run->series.insert(series->keys().at(g).name, seriesFromJson(series->items()[size_t(g)]));
    }
    run->done = true;
    return true;
}

bool readPart(const QString &path, Comparison *part, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    const JsonParser::Result parsed = JsonParser::parse(file.read(256 << 20));
    if (!parsed.ok()) {
        *error = Diagnostic::toText(Diagnostic::fromProblems(path, parsed.problems));
        return false;
    }
    return Comparison::fromJson(*parsed.root, path, part, error);
}

} // namespace

QString Comparison::format()
{
    return QStringLiteral("rebalance-lab/compare@1");
}

void Comparison::planRuns()
{
    runs.clear();
    for (qsizetype v = 0; v < variants.size(); ++v) {
        for (quint64 seed : std::as_const(seeds)) {
            runs.append({ v, seed, {}, {}, false });
        }
    }
}

QList<qsizetype> Comparison::shardRuns(qsizetype index, qsizetype count) const
{
    QList<qsizetype> mine;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        if (i % count == index) {
            mine.append(i);
        }
    }
    return mine;
}

QString Comparison::execute(const Scenario &scenario, const StrategyRegistry &registry,
    const QList<qsizetype> &indices, int jobs, const Progress &progress)
{
    QList<Scenario> scenarios;
    for (const Variant &v : std::as_const(variants)) {
        scenarios.append(v.apply(scenario, group));
    }
    std::atomic<int> finished { 0 };
    QMutex errorLock;
    QString firstError;
    Run *const all = runs.data();
    std::atomic<qsizetype> next { 0 };
    // Plain threads, each taking the next run.
    const auto work = [&] {
        for (qsizetype k = next++; k < indices.size(); k = next++) {
            Run &run = all[indices.at(k)];
            Simulation::Options options;
            options.seed = run.seed;
            Simulation sim(scenarios.at(run.variant), registry, options);
            if (!sim.isValid()) {
                QMutexLocker lock(&errorLock);
                if (firstError.isEmpty()) {
                    firstError = QStringLiteral("variant \"%1\": %2")
                                     .arg(variants.at(run.variant).name, sim.error());
                }
            } else {
                sim.runUntil(until);
                const RunScorecard card = RunScorecard::compute(sim);
                for (const GroupScorecard &g : card.groups) {
                    if (group.isEmpty() || g.group == group) {
                        run.figures.insert(g.group, card.values(g));
                        if (run.seed == seeds.constFirst()) {
                            run.series.insert(g.group, g.series);
                        }
                    }
                }
                run.done = true;
            }
            const int n = ++finished;
            if (progress) {
                progress(n, int(indices.size()));
            }
        }
    };
    std::vector<std::thread> workers;
    for (qsizetype j = 0; j < std::min<qsizetype>(jobs, indices.size()); ++j) {
        workers.emplace_back(work);
    }
    for (std::thread &t : workers) {
        t.join();
    }
    return firstError;
}

QStringList Comparison::groups() const
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

QList<double> Comparison::values(qsizetype variant, const QString &g, qsizetype figure) const
{
    QList<double> list;
    for (const Run &r : runs) {
        if (r.variant == variant && r.done && r.figures.contains(g)) {
            list.append(r.figures.value(g).at(figure));
        }
    }
    return list;
}

double Comparison::mean(const QList<double> &values)
{
    double sum = 0;
    for (double x : values) {
        sum += x;
    }
    return values.isEmpty() ? 0 : sum / double(values.size());
}

QList<double> Comparison::means(const QString &g, qsizetype figure) const
{
    QList<double> row;
    for (qsizetype v = 0; v < variants.size(); ++v) {
        const QList<double> xs = values(v, g, figure);
        row.append(xs.isEmpty() ? std::nan("") : mean(xs));
    }
    return row;
}

bool Comparison::isBest(const QList<double> &row, qsizetype index)
{
    if (index < 0 || index >= row.size() || std::isnan(row.at(index))) {
        return false;
    }
    const double mine = row.at(index);
    bool someDiffer = false;
    for (double value : row) {
        if (std::isnan(value)) {
            continue;
        }
        if (value < mine) {
            return false;
        }
        someDiffer = someDiffer || value != mine;
    }
    return someDiffer;
}

bool Comparison::isBest(qsizetype variant, const QString &g, qsizetype figure) const
{
    return isBest(means(g, figure), variant);
}

bool Comparison::bestWithinSpread(qsizetype variant, const QString &g, qsizetype figure) const
{
    if (seeds.size() < 2 || !isBest(variant, g, figure)) {
        return false;
    }
    const QList<double> mine = values(variant, g, figure);
    const double mineMean = mean(mine);
    const double mineMax = *std::max_element(mine.cbegin(), mine.cend());
    for (qsizetype v = 0; v < variants.size(); ++v) {
        const QList<double> other = values(v, g, figure);
        if (v == variant || other.isEmpty() || mean(other) == mineMean) {
            continue;
        }
        if (*std::min_element(other.cbegin(), other.cend()) <= mineMax) {
            return true;
        }
    }
    return false;
}

bool Comparison::seedsMadeNoDifference() const
{
    if (seeds.size() < 2) {
        return false;
    }
    const qsizetype figureCount = ScorecardFigure::all().size();
    bool anyValue = false;
    for (const QString &g : groups()) {
        for (qsizetype v = 0; v < variants.size(); ++v) {
            for (qsizetype f = 0; f < figureCount; ++f) {
                const QList<double> xs = values(v, g, f);
                if (xs.size() < 2) {
                    continue;
                }
                anyValue = true;
                const auto [lo, hi] = std::minmax_element(xs.cbegin(), xs.cend());
                if (*lo != *hi) {
                    return false;
                }
            }
        }
    }
    return anyValue;
}

QString Comparison::cellText(qsizetype variant, const QString &g, qsizetype figure) const
{
    const QList<double> xs = values(variant, g, figure);
    if (xs.isEmpty()) {
        return QString();
    }
    const ScorecardFigure &f = ScorecardFigure::all().at(figure);
    QString text = f.text(mean(xs));
    const auto [lo, hi] = std::minmax_element(xs.cbegin(), xs.cend());
    if (seeds.size() > 1 && *lo != *hi) {
        text += QStringLiteral(" (%1–%2)")
                    .arg(f.text(*std::min_element(xs.cbegin(), xs.cend())),
                        f.text(*std::max_element(xs.cbegin(), xs.cend())));
    }
    return text;
}

QString Comparison::seedText() const
{
    QStringList list;
    for (quint64 s : seeds) {
        list.append(QString::number(s));
    }
    return list.size() > 6 ? list.first() + QStringLiteral(" … ") + list.last()
                           : list.join(QStringLiteral(", "));
}

bool Comparison::fromJson(
    const JsonNode &root, const QString &path, Comparison *out, QString *error)
{
    if (!root.isObject() || text(root, u"format") != format()) {
        *error = QStringLiteral("%1: not the JSON of rblab compare (\"format\": \"%2\")")
                     .arg(path, format());
        return false;
    }
    out->scenario = text(root, u"scenario");
    out->group = text(root, u"group");
    out->shard = text(root, u"shard");
    const JsonNode *until = root.value(u"until");
    out->until = until ? until->toInt64().value_or(qint64(until->toDouble())) : 0;
    if (const JsonNode *seeds = root.value(u"seeds")) {
        for (const JsonNode &s : seeds->items()) {
            out->seeds.append(seedOf(s));
        }
    }
    if (const JsonNode *variants = root.value(u"variants")) {
        for (const JsonNode &v : variants->items()) {
            const JsonNode *params = v.value(u"params");
            const JsonNode *client = v.value(u"client");
            out->variants.append({ text(v, u"name"), text(v, u"strategy"),
                params ? params->toVariant().toMap() : QVariantMap(),
                client ? client->toVariant().toMap() : QVariantMap() });
        }
    }
    const JsonNode *runs = root.value(u"runs");
    for (qsizetype i = 0; runs && i < runs->size(); ++i) {
        Run run;
        if (!runFromJson(runs->items()[size_t(i)], *out, path, &run, error)) {
            return false;
        }
        out->runs.append(run);
    }
    return true;
}

bool Comparison::addPart(
    const Comparison &part, const QString &path, const QString &firstPath, QString *error)
{
    QStringList mine;
    QStringList theirs;
    for (const Variant &v : std::as_const(variants)) {
        mine.append(v.name);
    }
    for (const Variant &v : part.variants) {
        theirs.append(v.name);
    }
    if (part.scenario != scenario || part.until != until || part.seeds != seeds || mine != theirs
        || part.group != group) {
        *error = QStringLiteral("%1 is a part of another comparison than %2 (scenario, group, "
                                "seeds, variants and --until must match)")
                     .arg(path, firstPath);
        return false;
    }
    for (const Run &run : part.runs) {
        const bool doubled = std::any_of(runs.cbegin(), runs.cend(),
            [&](const Run &r) { return r.variant == run.variant && r.seed == run.seed; });
        if (doubled) {
            *error = QStringLiteral("%1: run of variant \"%2\", seed %3 is in two parts")
                         .arg(path, variants.at(run.variant).name)
                         .arg(run.seed);
            return false;
        }
        runs.append(run);
    }
    return true;
}

bool Comparison::merge(const QStringList &paths, Comparison *merged, QString *error)
{
    for (qsizetype p = 0; p < paths.size(); ++p) {
        Comparison part;
        if (!readPart(paths.at(p), &part, error)) {
            return false;
        }
        if (p == 0) {
            // The first part gives the comparison's own fields; its runs are added as any part's.
            merged->scenario = part.scenario;
            merged->group = part.group;
            merged->until = part.until;
            merged->seeds = part.seeds;
            merged->variants = part.variants;
        }
        if (!merged->addPart(part, paths.at(p), paths.first(), error)) {
            return false;
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

} // namespace Rblab
