// SPDX-License-Identifier: Apache-2.0
// A strategy variant to compare, as `rblab compare --variant` and the app's compare mode write it.
#pragma once

#include "scenario/scenario.h"
#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariantMap>

#include <optional>

namespace Rblab {

/*!
    One column of a comparison: a strategy with its parameters and client settings for the
    compared group(s), as `--variant 'NAME[:k=v,…][;setting=value…]'` or a JSON file writes it.
*/
struct RBLAB_ENGINE_EXPORT Variant
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

    /*!
        A variant as `--variant` writes it: "CONSISTENT_HASH:virtualNodeCount=100,…;
        pullThresholdForQueue=500;…" (parameters as JSON values when they read as JSON, client
        settings by RocketMQ name within their ranges). Errors start with the text in quotes.
    */
    static std::optional<Variant> parse(const QString &text, QString *error);

    /*!
        The variants of a JSON file, {"variants": [{"name", "strategy", "params", "client"},
        …]}: client settings pass the checks parse() makes, a variant without "name" is named by
        its spec ("AVG;pullThresholdForQueue=200"). Empty, with `error` saying what and where
        ("file:line:column: error: variants[1].strategy: expected a strategy name"), when the
        file cannot be read or a variant is not valid.
    */
    static QList<Variant> readFile(const QString &path, QString *error);

    /*!
        The scenario as this variant runs it from the start: the compared groups (`group`, or
        every group when empty) use its strategy and client settings throughout: per-consumer
        strategies (a rolling deploy), joiners' strategies and scripted setStrategy events in
        those groups become the variant's.
    */
    Scenario apply(Scenario scenario, const QString &group) const;

    /*!
        The scenario as this variant runs it from virtual time `from` on ("what if this group had
        used X from now?"): up to `from` the run is the scenario's; at `from` each compared group
        gets a group-wide setStrategy (and a setClient with the variant's settings), as a deploy
        command would; joiners and setStrategy events after `from` in those groups become the
        variant's. `from` 0 is apply().
    */
    Scenario applyFrom(Scenario scenario, const QString &group, SimTime from) const;
};

} // namespace Rblab
