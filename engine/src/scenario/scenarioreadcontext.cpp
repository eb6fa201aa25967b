// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenarioreadcontext.h"

#include "allocation/strategyregistry.h"
#include "settings/settingspec.h"
#include "json/diagnosticlist.h"
#include "json/jsonnode.h"

namespace Rblab {

namespace {

QString where(const ScenarioReadContext::Place &place)
{
    return ScenarioReadContext::tr("line %1, column %2").arg(place.line).arg(place.column);
}

} // namespace

ScenarioReadContext::ScenarioReadContext(
    DiagnosticList &diagnosticList, const StrategyRegistry *strategies)
    : diagnostics(diagnosticList), values(diagnosticList), registry(strategies)
{
}

QString ScenarioReadContext::listForMessage(const QStringList &names)
{
    // A long list helps nobody; the first few show the naming scheme.
    constexpr qsizetype shown = 8;
    if (names.size() <= shown) {
        return ValueReader::quotedList(names);
    }
    QStringList first = names.mid(0, shown);
    QStringList quoted;
    for (const QString &name : first) {
        quoted.append(QLatin1Char('"') + name + QLatin1Char('"'));
    }
    return tr("%1 and %n more", nullptr, int(names.size() - shown))
        .arg(quoted.join(QStringLiteral(", ")));
}

bool ScenarioReadContext::addName(NameList &list, const QString &name, const JsonNode &at,
    const QString &path, const QString &what)
{
    const auto previous = list.places.constFind(name);
    if (previous != list.places.cend()) {
        diagnostics.error(at, path,
            tr("duplicate %1 name \"%2\" (first at %3)").arg(what, name, where(*previous)));
        return false;
    }
    list.names.append(name);
    list.places.insert(name, Place { at.line(), at.column() });
    return true;
}

bool ScenarioReadContext::checkQueue(const QString &topic, const QString &broker, int queueId,
    const QString &retryTopic, const JsonNode &at, const QString &path)
{
    // What World::build makes of the topics: a queue per id below the count on each broker,
    // and a group's retry topic with queue 0 on every broker.
    QList<QPair<QString, int>> route;
    if (topic == retryTopic) {
        if (!brokers.complete) {
            return true;
        }
        for (const QString &name : std::as_const(brokers.names)) {
            route.append({ name, 1 });
        }
    } else {
        const auto found = routes.constFind(topic);
        if (found == routes.cend()) {
            return true; // its queues had an error of their own
        }
        route = *found;
    }
    QStringList queues;
    for (const auto &[name, count] : std::as_const(route)) {
        if (name == broker && queueId < count) {
            return true;
        }
        if (count > 0) {
            queues.append(count == 1 ? tr("%1 queue 0").arg(name)
                                     : tr("%1 queues 0..%2").arg(name).arg(count - 1));
        }
    }
    diagnostics.error(at, path,
        tr("%1 has no queue %2 on %3 (its queues: %4)")
            .arg(topic)
            .arg(queueId)
            .arg(broker, queues.isEmpty() ? tr("none") : queues.join(QStringLiteral(", "))));
    return false;
}

bool ScenarioReadContext::checkName(const NameList &list, const QString &name, const JsonNode &at,
    const QString &path, const QString &what)
{
    if (list.contains(name) || !list.complete) {
        return true;
    }
    const QString known = list.names.isEmpty() ? tr("none is declared")
                                               : tr("declared: %1").arg(listForMessage(list.names));
    diagnostics.error(at, path,
        tr("unknown %1 \"%2\" (%3)").arg(what, name, known)
            + ValueReader::suggestion(name, list.names));
    return false;
}

bool ScenarioReadContext::addConsumer(const QString &handle, const JsonNode &at,
    const QString &path, const QString &group, std::optional<SimTime> joinAt,
    const QString &joinPath)
{
    const auto previous = consumers.constFind(handle);
    if (previous != consumers.cend()) {
        diagnostics.error(at, path,
            tr("duplicate consumer name \"%1\" (first at %2); consumers that "
               "share a client id need distinct \"name\"s")
                .arg(handle, where(previous->place)));
        return false;
    }
    consumers.insert(
        handle, ConsumerInfo { Place { at.line(), at.column() }, group, joinAt, joinPath });
    consumerNames.append(handle);
    return true;
}

bool ScenarioReadContext::checkConsumer(const QString &handle, SimTime at, const QString &group,
    const JsonNode &node, const QString &path)
{
    const auto info = consumers.constFind(handle);
    if (info == consumers.cend()) {
        if (!consumersComplete) {
            return true;
        }
        const QString known = consumerNames.isEmpty()
            ? tr("none is declared")
            : tr("declared: %1").arg(listForMessage(consumerNames));
        diagnostics.error(node, path,
            tr("unknown consumer \"%1\" (%2)").arg(handle, known)
                + ValueReader::suggestion(handle, consumerNames));
        return false;
    }
    if (info->joinAt && *info->joinAt > at) {
        diagnostics.error(node, path,
            tr("consumer \"%1\" joins only at %2 (%3), after this event at %4")
                .arg(handle, formatDuration(*info->joinAt), info->joinPath, formatDuration(at)));
        return false;
    }
    // A consumer of a group whose name could not be read belongs to no checkable group.
    if (!group.isEmpty() && !info->group.isEmpty() && info->group != group) {
        diagnostics.error(node, path,
            tr("consumer \"%1\" is in group \"%2\", not in \"%3\"")
                .arg(handle, info->group, group));
        return false;
    }
    return true;
}

void ScenarioReadContext::checkStrategy(const QString &strategy, const QVariantMap &params,
    const QString &defaultTopic, const JsonNode &strategyNode, const QString &strategyPath,
    const JsonNode *paramsNode, const QString &paramsPath)
{
    if (!registry) {
        return;
    }
    const ParameterCheck check = registry->checkParameters(strategy, params, defaultTopic);
    if (check.ok()) {
        return;
    }
    if (!registry->find(strategy)) {
        diagnostics.error(strategyNode, strategyPath,
            check.error + ValueReader::suggestion(strategy, registry->strategyNames()));
        return;
    }
    if (paramsNode && paramsNode->isObject()) {
        const qsizetype index = paramsNode->indexOf(check.parameter);
        if (index < 0) {
            diagnostics.error(*paramsNode, paramsPath, check.error);
            return;
        }
        // A parameter the schema does not know is wrong by its name, a known one by its value.
        const StrategyMetadata &metadata = registry->find(strategy)->metadata;
        const QString memberPath = JsonNode::memberPath(paramsPath, check.parameter);
        if (!metadata.parameter(check.parameter) && !metadata.forwardsParameters) {
            const JsonKey &key = paramsNode->keys().at(index);
            diagnostics.errorAt(key.line, key.column, memberPath, check.error);
        } else {
            diagnostics.error(paramsNode->items()[size_t(index)], memberPath, check.error);
        }
        return;
    }
    diagnostics.error(strategyNode, strategyPath, check.error);
}

} // namespace Rblab
