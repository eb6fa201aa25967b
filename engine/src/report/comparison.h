// SPDX-License-Identifier: Apache-2.0
// Variants of a scenario side by side over seeds: what `rblab compare` runs, merges and prints.
#pragma once

#include "report/scorecard.h"
#include "report/variant.h"
#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

namespace Rblab {

class JsonNode;
class StrategyRegistry;

/*!
    A comparison of variants over seeds (docs/formats/scorecard.md): each variant runs the same
    scenario with the same seeds, so on the same churn, and every run's scorecard is kept per
    group. A comparison is also what Comparison::merge rebuilds from the JSON parts of a sharded
    one. ComparisonWriter prints it as a table, JSON, CSV or HTML; the app's compare window marks
    its best figures with the same rule (isBest).
*/
class RBLAB_ENGINE_EXPORT Comparison
{
public:
    //! One variant over one seed.
    struct Run
    {
        qsizetype variant = 0;
        quint64 seed = 0;
        QMap<QString, QList<double>> figures; //!< group → values of ScorecardFigure::all()
        //! group → the chart series; kept for each variant's first seed only (what HTML draws)
        QMap<QString, QList<ScorecardPoint>> series;
        bool done = false;
    };

    //! The "format" of its JSON (whole comparisons and --shard parts alike).
    static QString format();

    QString scenario;
    QString group; //!< empty: every group
    SimTime until = 0;
    QList<quint64> seeds;
    QList<Variant> variants;
    QList<Run> runs; //!< variant-major: runs[v * seeds + s]
    QString shard; //!< "I/N" for a part, empty for a whole comparison

    //! Fills `runs` with every (variant, seed), variant-major, none done yet.
    void planRuns();
    //! The indices into `runs` that shard `index` (0-based) of `count` runs: every count-th.
    QList<qsizetype> shardRuns(qsizetype index, qsizetype count) const;

    using Progress = std::function<void(int finished, int total)>;
    /*!
        Runs the runs at `indices` of `runs` on up to `jobs` threads, each a Simulation of
        `scenario` as its variant changes it, up to `until`, and keeps its figures (of `group`,
        or of every group). The runs share only the read-only scenarios and registry, and each
        writes only its own Run. Empty when every run could start; otherwise the first reason
        one could not ("variant "X": …"). `progress` is called from the worker threads.
    */
    QString execute(const Scenario &scenario, const StrategyRegistry &registry,
        const QList<qsizetype> &indices, int jobs, const Progress &progress = Progress());

    QStringList groups() const;
    //! The values of one figure over the finished runs of a variant, for one group.
    QList<double> values(qsizetype variant, const QString &group, qsizetype figure) const;
    //! The means of one figure over each variant's finished runs (NaN: the variant has none).
    QList<double> means(const QString &group, qsizetype figure) const;
    //! isBest() of the variant's mean among every variant's.
    bool isBest(qsizetype variant, const QString &group, qsizetype figure) const;
    /*!
        The best (isBest()) is within the seeds' spread: its range over the seeds overlaps the
        range of another variant whose mean differs, so another choice of seeds could have
        ranked them the other way (9.3 (8.0–10.0) against 9.8 (8.0–11.0)). False with one seed.
    */
    bool bestWithinSpread(qsizetype variant, const QString &group, qsizetype figure) const;
    //! Every seed gave every variant the same figures: a world that draws nothing at random.
    bool seedsMadeNoDifference() const;
    /*!
        A cell of the table: the mean over the seeds, then min–max when there are several and
        they differ (when every seed gave the same value, the value alone).
    */
    QString cellText(qsizetype variant, const QString &group, qsizetype figure) const;
    //! "1, 2, 3", or "1 … 1000" for more than six seeds.
    QString seedText() const;

    /*!
        Whether `row[index]` is the best of a row of variants' values: every figure is better
        when lower, so the lowest, unless every known value ties (a row where all tie marks
        nobody). NaN stands for a value not known (a variant without the group, an imported
        log's missing figure): left out, and never the best.
    */
    static bool isBest(const QList<double> &row, qsizetype index);
    static double mean(const QList<double> &values);

    /*!
        A comparison from its JSON (ComparisonWriter::json): false with `error` when it is not
        one or lacks a figure.
    */
    static bool fromJson(
        const JsonNode &root, const QString &path, Comparison *out, QString *error);
    /*!
        Rebuilds a whole comparison from its parts (any order); false with `error` when one
        cannot be read, they do not belong together, or a run is missing or doubled.
    */
    static bool merge(const QStringList &paths, Comparison *merged, QString *error);

private:
    bool addPart(
        const Comparison &part, const QString &path, const QString &firstPath, QString *error);
};

} // namespace Rblab
