// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <report/scorecard.h>
#include <report/variant.h>
#include <sim/simtime.h>

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

//! The "format" of compare's JSON (whole comparisons and --shard parts alike).
inline const QString kComparisonFormat = QStringLiteral("rebalance-lab/compare@1");

using Rblab::Variant;

class QJsonParseError;

/*!
    "FILE:LINE:COLUMN: what" for a JSON file QJsonDocument could not parse (it gives a byte
    offset, which nobody can find in an editor).
*/
QString jsonParseErrorText(const QString &path, const QByteArray &data, const QJsonParseError &e);

struct Run
{
    qsizetype variant = 0;
    quint64 seed = 0;
    QMap<QString, QList<double>> figures; //!< group → values of ScorecardFigure::all()
    //! group → the chart series; kept for each variant's first seed only (what the HTML draws)
    QMap<QString, QList<Rblab::ScorecardPoint>> series;
    bool done = false;
};

/*!
    A comparison of variants over seeds (docs/formats/scorecard.md): the runs' figures and what
    compare prints of them, as a table, JSON, CSV or a self-contained HTML page. A comparison is
    also what --merge rebuilds from --shard parts.
*/
class Comparison
{
public:
    QString scenario;
    QString group; //!< empty: every group
    Rblab::SimTime until = 0;
    QList<quint64> seeds;
    QList<Variant> variants;
    QList<Run> runs; //!< variant-major: runs[v * seeds + s]
    QString shard; //!< "I/N" for a part, empty for a whole comparison

    QStringList groups() const;
    //! The values of one figure over the finished runs of a variant, for one group.
    QList<double> values(qsizetype variant, const QString &group, qsizetype figure) const;
    //! The best variant of a row has the lowest mean; a row where every variant ties has none.
    bool isBest(qsizetype variant, const QString &group, qsizetype figure) const;
    //! A cell of the table: the mean over the seeds, then min–max when there are several.
    QString cellText(qsizetype variant, const QString &group, qsizetype figure) const;

    QJsonObject toJson() const;
    QByteArray table() const;
    QByteArray csv() const;
    QByteArray html() const;

    //! Rebuilds a whole comparison from its parts (any order); false with `error` when they do
    //! not belong together or a run is missing or doubled.
    static bool merge(const QStringList &paths, Comparison *merged, QString *error);

private:
    QString seedText() const;
};
