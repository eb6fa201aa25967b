// SPDX-License-Identifier: Apache-2.0
// Reads scenario files (scenario-format.md, version 1) with precise diagnostics.
#pragma once

#include "scenario/scenario.h"
#include "json/diagnostic.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace Rblab {

class JsonNode;
class ScenarioReadContext;
class StrategyRegistry;

/*!
    The outcome of reading a scenario: the scenario when there was no error, and every error
    and warning found, in file order.
*/
struct RBLAB_ENGINE_EXPORT ScenarioReadResult
{
    std::optional<Scenario> scenario;
    QList<Diagnostic> diagnostics;

    bool ok() const;
    bool hasWarnings() const;
    //! Every diagnostic, one per line, as Diagnostic::toString() writes it.
    QString errorText() const;
};

/*!
    Reads a scenario file: the JSON syntax with positions (JsonParser), then every field the
    format document lists, with its type, default, allowed range and the references between
    brokers, topics, groups and consumers. Each problem is reported with file, line, column and
    JSON path; reading goes on after an error to report the independent ones too, but a name
    that could not be read is not reported again at every use.

    Unknown fields are warnings (with the closest known name when it looks like a typo); a
    scenario with warnings only is still read. With a strategy registry, strategy names and
    parameters are checked against the loaded plugins' schemas.

    Stateless; safe to call from any thread as long as the registry is not being loaded.
*/
class RBLAB_ENGINE_EXPORT ScenarioReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    static ScenarioReadResult readFile(
        const QString &path, const StrategyRegistry *registry = nullptr);
    static ScenarioReadResult read(const QByteArray &data, const QString &fileName,
        const StrategyRegistry *registry = nullptr);

private:
    static bool readFormat(ScenarioReadContext &context, const JsonNode &root);
    static void readTopLevel(
        ScenarioReadContext &context, const JsonNode &root, Scenario &scenario);
    static void readLocalizedName(
        ScenarioReadContext &context, const JsonNode &node, Scenario &scenario);
    static void readDescription(
        ScenarioReadContext &context, const JsonNode &node, Scenario &scenario);
    static void readBrokers(ScenarioReadContext &context, const JsonNode &node, Scenario &scenario);
    static void readTopics(ScenarioReadContext &context, const JsonNode &node, Scenario &scenario);
    static TopicSpec readTopic(
        ScenarioReadContext &context, const JsonNode &node, const QString &path);
    //! The ceilings on totals over the whole file (ScenarioLimits, ScenarioCost).
    static void checkLimits(
        ScenarioReadContext &context, const JsonNode &root, const Scenario &scenario);
};

} // namespace Rblab
