// SPDX-License-Identifier: Apache-2.0
#include "scenario/churnreader.h"

#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "scenario/objectreader.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

namespace Rblab {

namespace {

using Need = ObjectReader::Need;

} // namespace

const QStringList &ChurnReader::actionNames()
{
    static const QStringList names = { QStringLiteral("join"), QStringLiteral("shutdown"),
        QStringLiteral("kill"), QStringLiteral("freeze"), QStringLiteral("partition"),
        QStringLiteral("pause"), QStringLiteral("slow") };
    return names;
}

std::optional<ChurnSpec> ChurnReader::read(const JsonNode &node, const QString &path)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (!node.isObject()) {
        diagnostics.error(node, path,
            tr("expected a churn object such as {\"group\": …, \"meanInterval\": \"45s\", "
               "\"actions\": {\"join\": 1, \"kill\": 1}}, got %1")
                .arg(node.describe()));
        return std::nullopt;
    }
    const int errorsBefore = diagnostics.errorCount();
    const ObjectReader object(m_context.values, node, path, tr("churn"),
        { QStringLiteral("group"), QStringLiteral("meanInterval"), QStringLiteral("actions"),
            QStringLiteral("minConsumers"), QStringLiteral("maxConsumers"),
            QStringLiteral("recoverAfter"), QStringLiteral("idPattern") });
    ChurnSpec churn;
    if (const auto group = object.string(QStringLiteral("group"), Need::Required)) {
        churn.group = *group;
        m_context.checkName(m_context.groups, *group, *object.field(QStringLiteral("group")),
            object.pathOf(QStringLiteral("group")), tr("group"));
    }
    churn.meanInterval
        = object.duration(QStringLiteral("meanInterval"), 100, ScenarioLimits::maxTime)
              .value_or(churn.meanInterval);

    if (const JsonNode *actions = object.field(QStringLiteral("actions"), Need::Required,
            tr("an object of action weights such as {\"join\": 3, \"kill\": 1}"))) {
        const QString actionsPath = object.pathOf(QStringLiteral("actions"));
        if (!actions->isObject()) {
            diagnostics.error(*actions, actionsPath,
                tr("expected an object of action weights such as "
                   "{\"join\": 3, \"kill\": 1}, got %1")
                    .arg(actions->describe()));
        } else {
            bool allRead = true;
            bool anyPositive = false;
            for (qsizetype i = 0; i < actions->size(); ++i) {
                const JsonKey &key = actions->keys().at(i);
                const QString keyPath = JsonNode::memberPath(actionsPath, key.name);
                if (!actionNames().contains(key.name)) {
                    // Unlike an unknown field, an unknown action would silently change the mix.
                    diagnostics.errorAt(key.line, key.column, keyPath,
                        tr("unknown churn action \"%1\" (expected %2)")
                                .arg(key.name, ValueReader::quotedList(actionNames()))
                            + ValueReader::suggestion(key.name, actionNames()));
                    allRead = false;
                    continue;
                }
                const auto weight
                    = m_context.values.number(actions->items()[size_t(i)], keyPath, 0.0);
                if (!weight) {
                    allRead = false;
                    continue;
                }
                anyPositive = anyPositive || *weight > 0.0;
                churn.actions.append({ key.name, *weight });
            }
            if (allRead && !anyPositive) {
                diagnostics.error(*actions, actionsPath,
                    tr("expected at least one action with a weight above 0"));
            }
        }
    }

    const auto minimum
        = object.integer(QStringLiteral("minConsumers"), 0, ScenarioLimits::maxConsumers);
    const auto maximum
        = object.integer(QStringLiteral("maxConsumers"), 0, ScenarioLimits::maxConsumers);
    churn.minConsumers = int(minimum.value_or(churn.minConsumers));
    churn.maxConsumers = int(maximum.value_or(churn.maxConsumers));
    const bool boundsRead = (minimum || !object.field(QStringLiteral("minConsumers")))
        && (maximum || !object.field(QStringLiteral("maxConsumers")));
    if (boundsRead && churn.minConsumers > churn.maxConsumers) {
        const QString key
            = maximum ? QStringLiteral("maxConsumers") : QStringLiteral("minConsumers");
        diagnostics.error(object.field(key) ? *object.field(key) : node, object.pathOf(key),
            tr("expected minConsumers (%1) to be at most maxConsumers (%2)")
                .arg(churn.minConsumers)
                .arg(churn.maxConsumers));
    }
    churn.recoverAfter = object.duration(QStringLiteral("recoverAfter"), 1, ScenarioLimits::maxTime)
                             .value_or(churn.recoverAfter);
    if (const auto pattern = object.string(QStringLiteral("idPattern"))) {
        churn.idPattern = *pattern;
    }
    object.finish();
    if (diagnostics.errorCount() != errorsBefore) {
        return std::nullopt;
    }
    return churn;
}

} // namespace Rblab
