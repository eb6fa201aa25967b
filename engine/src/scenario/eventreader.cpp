// SPDX-License-Identifier: Apache-2.0
#include "scenario/eventreader.h"

#include "settings/clientconfig.h"
#include "scenario/churnreader.h"
#include "scenario/consumerreader.h"
#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "scenario/objectreader.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

#include <QHash>

#include <vector>

namespace Rblab {

namespace {

using Action = ScenarioEvent::Action;
using Need = ObjectReader::Need;

bool isJoin(const JsonNode &node)
{
    const JsonNode *action = node.isObject() ? node.value(u"action") : nullptr;
    return action && action->isString() && action->text() == QLatin1String("join");
}

QStringList allEventFields()
{
    QStringList fields;
    for (const QString &name : EventReader::actionNames()) {
        for (const QString &field : EventReader::fieldsOf(*ScenarioEvent::actionFromName(name))) {
            if (!fields.contains(field)) {
                fields.append(field);
            }
        }
    }
    return fields;
}

} // namespace

QStringList EventReader::actionNames()
{
    QStringList names;
    for (int a = int(Action::Join); a <= int(Action::SetChurn); ++a) {
        names.append(ScenarioEvent::actionName(Action(a)));
    }
    return names;
}

QStringList EventReader::fieldsOf(Action action)
{
    const QString consumer = QStringLiteral("consumer");
    switch (action) {
    case Action::Join:
        return { QStringLiteral("group"), consumer };
    case Action::Shutdown:
    case Action::Kill:
    case Action::Unfreeze:
    case Action::Pause:
    case Action::Resume:
        return { consumer };
    case Action::Freeze:
        return { consumer, QStringLiteral("for") };
    case Action::Partition:
    case Action::Heal:
        return { consumer, QStringLiteral("brokers") };
    case Action::SetConsumeTime:
        return { consumer, QStringLiteral("consumeTime") };
    case Action::SetFailureRate:
        return { consumer, QStringLiteral("failureRate") };
    case Action::SetProduceRate:
        return { QStringLiteral("topic"), QStringLiteral("rate") };
    case Action::SetQueues:
        return { QStringLiteral("topic"), QStringLiteral("broker"), QStringLiteral("count") };
    case Action::BrokerDown:
    case Action::BrokerUp:
        return { QStringLiteral("broker") };
    case Action::SetStrategy:
        return { QStringLiteral("group"), consumer, QStringLiteral("strategy"),
            QStringLiteral("strategyParams") };
    case Action::SetClient:
        return { QStringLiteral("group"), consumer, QStringLiteral("client") };
    case Action::SetBroker:
        return { QStringLiteral("settings") };
    case Action::SetChurn:
        return { QStringLiteral("churn") };
    }
    return {};
}

QList<ScenarioEvent> EventReader::read(const JsonNode &node, const QString &path)
{
    QList<ScenarioEvent> events;
    if (!node.isArray()) {
        m_context.diagnostics.error(
            node, path, tr("expected an array of events, got %1").arg(node.describe()));
        return events;
    }
    if (node.size() > ScenarioLimits::maxEvents) {
        m_context.diagnostics.error(node, path,
            tr("%1 events; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxEvents));
        return events;
    }
    // Joins first, so that every other event can check the consumer it names; file order kept.
    std::vector<std::optional<ScenarioEvent>> read(size_t(node.size()));
    for (const bool joins : { true, false }) {
        for (qsizetype i = 0; i < node.size(); ++i) {
            const JsonNode &item = node.items()[size_t(i)];
            if (isJoin(item) == joins) {
                read[size_t(i)] = readEvent(item, JsonNode::indexPath(path, i));
            }
        }
    }
    for (const auto &event : read) {
        if (event) {
            events.append(*event);
        }
    }
    return events;
}

std::optional<ScenarioEvent> EventReader::readEvent(const JsonNode &node, const QString &path)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (!node.isObject()) {
        diagnostics.error(node, path,
            tr("expected an event object such as {\"at\": \"60s\", \"action\": \"kill\", "
               "\"consumer\": \"10.0.0.1@1001\"}, got %1")
                .arg(node.describe()));
        return std::nullopt;
    }
    const int errorsBefore = diagnostics.errorCount();
    const QString actionPath = JsonNode::memberPath(path, QStringLiteral("action"));
    const JsonNode *actionNode = node.value(u"action");
    std::optional<Action> action;
    if (!actionNode) {
        diagnostics.error(node, actionPath,
            tr("missing required field \"action\" in an event (expected one of %1)")
                .arg(ValueReader::quotedList(actionNames())));
    } else if (const auto index = m_context.values.choice(*actionNode, actionPath, actionNames())) {
        action = Action(*index);
    }
    if (!action) {
        // Without an action the other fields cannot be judged; only "at" is still checked.
        if (const JsonNode *at = node.value(u"at")) {
            m_context.values.duration(
                *at, JsonNode::memberPath(path, QStringLiteral("at")), 0, ScenarioLimits::maxTime);
        }
        return std::nullopt;
    }

    const QString actionName = ScenarioEvent::actionName(*action);
    const ObjectReader object(m_context.values, node, path, tr("a \"%1\" event").arg(actionName),
        QStringList { QStringLiteral("at"), QStringLiteral("action") } + fieldsOf(*action));
    ScenarioEvent event;
    event.action = *action;
    const std::optional<SimTime> at
        = object.duration(QStringLiteral("at"), 0, ScenarioLimits::maxTime, Need::Required);
    event.at = at.value_or(0);
    readFields(object, event, at.has_value());

    static const QStringList eventFields = allEventFields();
    object.finish([&](const QString &key) {
        return eventFields.contains(key)
            ? tr("field \"%1\" is not used by the action \"%2\" (ignored)").arg(key, actionName)
            : QString();
    });
    if (diagnostics.errorCount() != errorsBefore) {
        return std::nullopt;
    }
    return event;
}

void EventReader::readFields(const ObjectReader &object, ScenarioEvent &event, bool atKnown)
{
    switch (event.action) {
    case Action::Join:
        readGroupName(object, event);
        readJoin(object, event);
        break;
    case Action::Shutdown:
    case Action::Kill:
    case Action::Unfreeze:
    case Action::Pause:
    case Action::Resume:
        readConsumerReference(object, event, true, atKnown);
        break;
    case Action::Freeze:
        readConsumerReference(object, event, true, atKnown);
        if (const auto forDuration
            = object.duration(QStringLiteral("for"), 1, ScenarioLimits::maxTime)) {
            event.forDuration = *forDuration;
        }
        break;
    case Action::Partition:
    case Action::Heal:
        readConsumerReference(object, event, true, atKnown);
        readBrokerList(object, event);
        break;
    case Action::SetConsumeTime:
        readConsumerReference(object, event, true, atKnown);
        if (const JsonNode *time
            = object.field(QStringLiteral("consumeTime"), Need::Required, tr("a duration"))) {
            if (const auto consumeTime = ConsumerReader(m_context).readConsumeTime(
                    *time, object.pathOf(QStringLiteral("consumeTime")))) {
                event.consumeTime = *consumeTime;
            }
        }
        break;
    case Action::SetFailureRate:
        readConsumerReference(object, event, true, atKnown);
        event.failureRate
            = object.number(QStringLiteral("failureRate"), 0.0, 1.0, Need::Required).value_or(0.0);
        break;
    case Action::SetProduceRate:
        readTopicName(object, event);
        event.rate = object
                         .number(QStringLiteral("rate"), 0.0, ScenarioLimits::maxProduceRate,
                             Need::Required)
                         .value_or(0.0);
        break;
    case Action::SetQueues:
        readTopicName(object, event);
        readBrokerName(object, event);
        event.count = int(object
                              .integer(QStringLiteral("count"), 0,
                                  ScenarioLimits::maxQueuesPerBroker, Need::Required)
                              .value_or(0));
        break;
    case Action::BrokerDown:
    case Action::BrokerUp:
        readBrokerName(object, event);
        break;
    case Action::SetStrategy:
        readGroupName(object, event);
        readConsumerReference(object, event, false, atKnown);
        readStrategy(object, event);
        break;
    case Action::SetClient:
        readGroupName(object, event);
        readConsumerReference(object, event, false, atKnown);
        readClientSettings(object, event);
        break;
    case Action::SetBroker:
        readBrokerSettings(object, event);
        break;
    case Action::SetChurn:
        if (const JsonNode *churn = object.field(QStringLiteral("churn"), Need::Required,
                tr("a churn object as at the top level, or null to stop the churn"))) {
            if (!churn->isNull()) {
                event.churn
                    = ChurnReader(m_context).read(*churn, object.pathOf(QStringLiteral("churn")));
            }
        }
        break;
    }
}

void EventReader::readGroupName(const ObjectReader &object, ScenarioEvent &event)
{
    if (const auto group = object.string(QStringLiteral("group"), Need::Required)) {
        // Kept even when unknown, so a consumer of it is not also reported as in no group.
        event.group = *group;
        m_context.checkName(m_context.groups, *group, *object.field(QStringLiteral("group")),
            object.pathOf(QStringLiteral("group")), tr("group"));
    }
}

void EventReader::readTopicName(const ObjectReader &object, ScenarioEvent &event)
{
    if (const auto topic = object.string(QStringLiteral("topic"), Need::Required)) {
        event.topic = *topic;
        m_context.checkName(m_context.topics, *topic, *object.field(QStringLiteral("topic")),
            object.pathOf(QStringLiteral("topic")), tr("topic"));
    }
}

void EventReader::readBrokerName(const ObjectReader &object, ScenarioEvent &event)
{
    if (const auto broker = object.string(QStringLiteral("broker"), Need::Required)) {
        event.broker = *broker;
        m_context.checkName(m_context.brokers, *broker, *object.field(QStringLiteral("broker")),
            object.pathOf(QStringLiteral("broker")), tr("broker"));
    }
}

// The joining consumer, read as its group declares consumers (its strategy, its first topic).
void EventReader::readJoin(const ObjectReader &object, ScenarioEvent &event)
{
    const JsonNode *consumer = object.field(QStringLiteral("consumer"), Need::Required,
        tr("a consumer object such as {\"id\": \"10.0.0.9@1009\"}"));
    if (!consumer) {
        m_context.consumersComplete = false;
        return;
    }
    ConsumerReader::GroupContext group { event.group, std::nullopt, QString(), QStringList() };
    for (const GroupSpec &g : m_groups) {
        if (g.name == event.group && !event.group.isEmpty()) {
            group.strategy = g.strategy;
            group.defaultTopic = g.topics.value(0);
        }
    }
    // A join whose time is unreadable counts as at 0, so later events are not flagged for it.
    if (auto joining = ConsumerReader(m_context).read(
            *consumer, object.pathOf(QStringLiteral("consumer")), group, event.at, object.path())) {
        event.joining = *joining;
    }
}

// partition/heal's "brokers": leave it out for all of them.
void EventReader::readBrokerList(const ObjectReader &object, ScenarioEvent &event)
{
    const JsonNode *brokers = object.field(QStringLiteral("brokers"));
    if (!brokers) {
        return;
    }
    const QString brokersPath = object.pathOf(QStringLiteral("brokers"));
    if (!brokers->isArray() || brokers->size() == 0) {
        m_context.diagnostics.error(*brokers, brokersPath,
            tr("expected a non-empty array of broker names (leave \"brokers\" out for all "
               "brokers), got %1")
                .arg(brokers->describe()));
        return;
    }
    for (qsizetype i = 0; i < brokers->size(); ++i) {
        const JsonNode &item = brokers->items()[size_t(i)];
        const QString itemPath = JsonNode::indexPath(brokersPath, i);
        const auto broker = m_context.values.string(item, itemPath);
        if (!broker) {
            continue;
        }
        if (event.brokers.contains(*broker)) {
            m_context.diagnostics.error(
                item, itemPath, tr("broker \"%1\" is listed twice").arg(*broker));
        } else if (m_context.checkName(m_context.brokers, *broker, item, itemPath, tr("broker"))) {
            event.brokers.append(*broker);
        }
    }
}

void EventReader::readClientSettings(const ObjectReader &object, ScenarioEvent &event)
{
    const JsonNode *client = object.field(
        QStringLiteral("client"), Need::Required, tr("an object of client settings"));
    if (!client) {
        return;
    }
    const QString clientPath = object.pathOf(QStringLiteral("client"));
    const auto settings = m_context.values.settings(
        *client, clientPath, ClientConfig::specs(), tr("client settings"));
    if (settings && client->size() == 0) {
        m_context.diagnostics.error(
            *client, clientPath, tr("expected at least one client setting, got an empty object"));
    }
    event.client = settings.value_or(QVariantMap());
}

void EventReader::readBrokerSettings(const ObjectReader &object, ScenarioEvent &event)
{
    const JsonNode *settings = object.field(
        QStringLiteral("settings"), Need::Required, tr("an object of broker settings"));
    if (!settings) {
        return;
    }
    const QString settingsPath = object.pathOf(QStringLiteral("settings"));
    const auto values = m_context.values.settings(
        *settings, settingsPath, BrokerConfig::specs(), tr("broker settings"));
    if (values && settings->size() == 0) {
        m_context.diagnostics.error(*settings, settingsPath,
            tr("expected at least one broker setting, got an empty object"));
    }
    event.settings = values.value_or(QVariantMap());
}

void EventReader::readConsumerReference(
    const ObjectReader &object, ScenarioEvent &event, bool required, bool atKnown)
{
    const std::optional<QString> consumer
        = object.string(QStringLiteral("consumer"), required ? Need::Required : Need::Optional);
    if (!consumer) {
        return;
    }
    event.consumer = *consumer;
    // An unreadable time cannot come before a join: check only that the consumer exists.
    m_context.checkConsumer(*consumer, atKnown ? event.at : kNever, event.group,
        *object.field(QStringLiteral("consumer")), object.pathOf(QStringLiteral("consumer")));
}

void EventReader::readStrategy(const ObjectReader &object, ScenarioEvent &event)
{
    const std::optional<QString> strategy
        = object.string(QStringLiteral("strategy"), Need::Required);
    const JsonNode *params = object.field(QStringLiteral("strategyParams"));
    const QString paramsPath = object.pathOf(QStringLiteral("strategyParams"));
    bool paramsReadable = true;
    if (params && params->isObject()) {
        event.strategyParams = params->toVariant().toMap();
    } else if (params) {
        m_context.diagnostics.error(*params, paramsPath,
            tr("expected an object of strategy parameters, got %1").arg(params->describe()));
        paramsReadable = false;
    }
    if (!strategy) {
        return;
    }
    event.strategy = *strategy;
    if (paramsReadable) {
        m_context.checkStrategy(*strategy, event.strategyParams,
            m_context.groupFirstTopic.value(event.group), *object.field(QStringLiteral("strategy")),
            object.pathOf(QStringLiteral("strategy")), params, paramsPath);
    }
}

} // namespace Rblab
